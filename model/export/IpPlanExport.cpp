#include "IpPlanExport.h"

#include "../addressing/AddressPlan.h"
#include "../json/DesignJson.h"
#include "../json/Json.h"
#include "CablingSchedule.h"
#include "Csv.h"

namespace cds {

namespace {

using OJson = nlohmann::ordered_json;

QString rackName(const DesignData& d, const Device& v) {
    return v.rack.isValid() ? d.racks[v.rack].name : QString();
}

QString fabricName(const DesignData& d, FabricId f) {
    const Fabric* fab = d.fabric(f);
    return fab ? fab->name : QString();
}

/// @brief Names and interfaces of the plan's objects, resolved once for both writers.
struct Named {
    const DesignData& d;
    PortNames ports{d};

    QString device(DeviceId id) const { return d.devices[id].name; }
    QString port(PortRef p) { return ports.name(d.devices[p.device], p.port); }
    /// The device's first port of @p role, or "bmc" / "inband" when its type has none.
    QString mgmtPort(DeviceId id, PortRole role) {
        const Device& v = d.devices[id];
        const int port = firstPortOfRole(d, v, role);
        if (port >= 0)
            return ports.name(v, port);
        return role == PortRole::Oob ? QStringLiteral("bmc") : QStringLiteral("inband");
    }
};

constexpr const char* kLoopback = "loopback0";

void csvLinks(const AddressPlan& plan, Named& n, QString& out) {
    for (const P2pSubnet& s : plan.links) {
        const Link& l = n.d.links[s.link];
        out += csv::row({QStringLiteral("p2p"), n.device(s.upper.device), n.port(s.upper),
                         addressWithLength(s.prefix.network, 31), s.prefix.toString(),
                         n.device(s.lower.device), n.port(s.lower),
                         addressWithLength(s.prefix.network + 1, 31), QString(),
                         rackName(n.d, n.d.devices[s.upper.device]), fabricName(n.d, l.fabric)});
    }
}

void csvSwitches(const AddressPlan& plan, Named& n, QString& out) {
    for (const SwitchAddress& s : plan.switches) {
        const Device& v = n.d.devices[s.device];
        out += csv::row({QStringLiteral("loopback"), v.name, QLatin1String(kLoopback),
                         addressWithLength(s.loopback, 32), Ipv4Prefix{s.loopback, 32}.toString(),
                         QString(), QString(), QString(), QString::number(s.asn), rackName(n.d, v),
                         fabricName(n.d, v.fabric)});
    }
}

void csvRacks(const std::vector<RackSubnet>& subnets, const QString& kind, PortRole role, Named& n,
              QString& out) {
    for (const RackSubnet& s : subnets) {
        const QString rack = n.d.racks[s.rack].name;
        out += csv::row({kind + QStringLiteral("-gateway"), QString(), QString(),
                         addressWithLength(s.gateway, s.prefix.length), s.prefix.toString(),
                         QString(), QString(), QString(), QString(), rack, QString()});
        for (const auto& [device, address] : s.devices)
            out += csv::row({kind, n.device(device), n.mgmtPort(device, role),
                             addressWithLength(address, s.prefix.length), s.prefix.toString(),
                             QString(), QString(), QString(), QString(), rack, QString()});
    }
}

OJson end(Named& n, PortRef p, std::uint32_t address) {
    return {{"device", n.device(p.device).toStdString()},
            {"interface", n.port(p).toStdString()},
            {"address", addressWithLength(address, 31).toStdString()}};
}

OJson jsonRacks(const std::vector<RackSubnet>& subnets, PortRole role, Named& n) {
    OJson list = OJson::array();
    for (const RackSubnet& s : subnets) {
        OJson devices = OJson::array();
        for (const auto& [device, address] : s.devices)
            devices.push_back(
                {{"device", n.device(device).toStdString()},
                 {"interface", n.mgmtPort(device, role).toStdString()},
                 {"address", addressWithLength(address, s.prefix.length).toStdString()}});
        list.push_back({{"rack", n.d.racks[s.rack].name.toStdString()},
                        {"prefix", s.prefix.toString().toStdString()},
                        {"gateway", ipv4ToString(s.gateway).toStdString()},
                        {"devices", devices}});
    }
    return list;
}

OJson jsonPlan(const AddressPlan& plan, Named& n) {
    OJson links = OJson::array();
    for (const P2pSubnet& s : plan.links)
        links.push_back({{"prefix", s.prefix.toString().toStdString()},
                         {"fabric", fabricName(n.d, n.d.links[s.link].fabric).toStdString()},
                         {"upper", end(n, s.upper, s.prefix.network)},
                         {"lower", end(n, s.lower, s.prefix.network + 1)}});
    OJson switches = OJson::array();
    for (const SwitchAddress& s : plan.switches) {
        const Device& v = n.d.devices[s.device];
        switches.push_back({{"device", v.name.toStdString()},
                            {"fabric", fabricName(n.d, v.fabric).toStdString()},
                            {"tier", tierKey(v.tier).toStdString()},
                            {"loopback", addressWithLength(s.loopback, 32).toStdString()},
                            {"asn", s.asn}});
    }
    return {{"formatVersion", 1},
            {"pools", json::writeAddressing(plan.pools)},
            {"links", links},
            {"switches", switches},
            {"management", jsonRacks(plan.management, PortRole::Inband, n)},
            {"bmc", jsonRacks(plan.bmc, PortRole::Oob, n)}};
}

} // namespace

std::optional<QByteArray> ipPlanCsv(const DesignData& d, QString* error) {
    const AddressPlan plan = addressPlan(d);
    if (!plan.error.isEmpty()) {
        if (error)
            *error = plan.error;
        return std::nullopt;
    }
    Named n{d};
    QString out = csv::row(
        {QStringLiteral("kind"), QStringLiteral("device"), QStringLiteral("interface"),
         QStringLiteral("address"), QStringLiteral("prefix"), QStringLiteral("peer_device"),
         QStringLiteral("peer_interface"), QStringLiteral("peer_address"), QStringLiteral("asn"),
         QStringLiteral("rack"), QStringLiteral("fabric")});
    csvLinks(plan, n, out);
    csvSwitches(plan, n, out);
    csvRacks(plan.management, QStringLiteral("management"), PortRole::Inband, n, out);
    csvRacks(plan.bmc, QStringLiteral("bmc"), PortRole::Oob, n, out);
    return out.toUtf8();
}

std::optional<QByteArray> ipPlanJson(const DesignData& d, QString* error) {
    const AddressPlan plan = addressPlan(d);
    if (!plan.error.isEmpty()) {
        if (error)
            *error = plan.error;
        return std::nullopt;
    }
    Named n{d};
    const std::string s = json::dumpStable(jsonPlan(plan, n));
    return QByteArray(s.data(), qsizetype(s.size()));
}

} // namespace cds
