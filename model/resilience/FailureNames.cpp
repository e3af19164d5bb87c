// How failure elements are named on the command line and in reports, and which belong to a
// kind of the N-1 sweep.
#include "FailureModel.h"

#include "../RackCooling.h"

#include <unordered_map>

namespace cds {

namespace {

const QLatin1String kCoolingSuffix("cooling");

bool isInRackCdu(const DesignData& d, const Rack& r) {
    return r.coolingProduct && d.catalog.contains(r.coolingProduct) &&
           coolingTypeServed(d.catalog[r.coolingProduct]) == CoolingType::DirectLiquid;
}

} // namespace

QStringList FailureModel::sweepKinds() {
    // The kinds first, then the rest of the power chain, rack cooling products other
    // than CDUs (rear doors, in-row coolers), NVLink switch trays and GPU servers.
    return {
        QStringLiteral("feed"),          QStringLiteral("pdu"),        QStringLiteral("ups"),
        QStringLiteral("transformer"),   QStringLiteral("busway"),     QStringLiteral("cdu"),
        QStringLiteral("leaf"),          QStringLiteral("spine"),      QStringLiteral("core"),
        QStringLiteral("tray"),          QStringLiteral("rack"),       QStringLiteral("utility"),
        QStringLiteral("switchgear"),    QStringLiteral("generator"),  QStringLiteral("battery"),
        QStringLiteral("rpp"),           QStringLiteral("power-rack"), QStringLiteral("cooling"),
        QStringLiteral("nvlink-switch"), QStringLiteral("server")};
}

std::optional<FailureElement> FailureModel::resolve(const QString& raw, QString* why) const {
    if (!m_names) {
        m_names = std::make_unique<NameIndex>();
        m_d.racks.forEach(
            [&](RackId id, const Rack& r) { m_names->racks.emplace(r.name, id.value()); });
        m_d.devices.forEach(
            [&](DeviceId id, const Device& v) { m_names->devices.emplace(v.name, id.value()); });
        m_d.pathways.forEach(
            [&](PathwayId id, const Pathway& p) { m_names->pathways.emplace(p.name, id.value()); });
        for (std::uint32_t i = 0; i < m_power.elements().size(); ++i)
            if (!m_power.elements()[i].name.isEmpty())
                m_names->power.emplace(m_power.elements()[i].name, i);
    }
    using T = FailureElement::Type;
    QString name = raw.trimmed();
    QString only; // a prefix restricting the lookup
    for (const char* p : {"rack:", "device:", "tray:", "power:"})
        if (name.startsWith(QLatin1String(p))) {
            only = QString::fromLatin1(p).chopped(1);
            name = name.mid(qsizetype(qstrlen(p)));
        }
    auto want = [&](const char* k) { return only.isEmpty() || only == QLatin1String(k); };
    auto find = [](const std::unordered_map<QString, std::uint32_t>& m, const QString& n) {
        auto it = m.find(n);
        return it == m.end() ? std::optional<std::uint32_t>() : std::optional(it->second);
    };
    if (want("rack"))
        if (auto r = find(m_names->racks, name))
            return FailureElement{T::Rack, *r, 0};
    if (want("device"))
        if (auto v = find(m_names->devices, name))
            return FailureElement{T::Device, *v, 0};
    if (want("tray"))
        if (auto p = find(m_names->pathways, name))
            return FailureElement{T::Pathway, *p, 0};
    if (want("power"))
        if (auto e = find(m_names->power, name))
            return FailureElement{T::Power, *e, 0};
    const qsizetype slash = name.lastIndexOf(u'/');
    if (slash > 0 && (only.isEmpty() || only == QLatin1String("rack"))) {
        const QString part = name.mid(slash + 1);
        if (auto r = find(m_names->racks, name.left(slash))) {
            const RackInfo& ri = m_racks[*r];
            if (part.compare(QLatin1String("A"), Qt::CaseInsensitive) == 0 ||
                (part.compare(QLatin1String("B"), Qt::CaseInsensitive) == 0 && ri.feeds == 2))
                return FailureElement{
                    T::Feed, *r,
                    std::uint8_t(part.compare(QLatin1String("B"), Qt::CaseInsensitive) == 0)};
            if (part == kCoolingSuffix && ri.cooling != CoolingNeed::None &&
                ri.cooling != CoolingNeed::Plant)
                return FailureElement{T::Cooling, *r, 0};
            if (why)
                *why = part == kCoolingSuffix
                           ? QStringLiteral("rack %1 has no cooling product of its own")
                                 .arg(name.left(slash))
                           : QStringLiteral("rack %1 has no feed '%2' (its feeds: %3)")
                                 .arg(name.left(slash), part,
                                      ri.feeds == 2 ? QStringLiteral("A, B") : QStringLiteral("A"));
            return std::nullopt;
        }
    }
    if (why)
        *why = QStringLiteral("no rack, device, tray or power element is named '%1'").arg(raw);
    return std::nullopt;
}

QString FailureModel::nameOf(const FailureElement& e) const {
    using T = FailureElement::Type;
    switch (e.type) {
    case T::Rack:
        return m_d.racks[RackId(e.id)].name;
    case T::Device:
        return m_d.devices[DeviceId(e.id)].name;
    case T::Feed:
        return m_d.racks[RackId(e.id)].name +
               (e.side ? QStringLiteral("/B") : QStringLiteral("/A"));
    case T::Cooling:
        return m_d.racks[RackId(e.id)].name + QStringLiteral("/cooling");
    case T::Pathway:
        return m_d.pathways[PathwayId(e.id)].name;
    case T::Power:
        return m_power.elements()[e.id].name;
    }
    return {};
}

QString FailureModel::kindOf(const FailureElement& e) const {
    using T = FailureElement::Type;
    switch (e.type) {
    case T::Rack:
        return QStringLiteral("rack");
    case T::Feed:
        return QStringLiteral("feed");
    case T::Cooling:
        return isInRackCdu(m_d, m_d.racks[RackId(e.id)]) ? QStringLiteral("cdu")
                                                         : QStringLiteral("cooling");
    case T::Pathway:
        return QStringLiteral("tray");
    case T::Power:
        return m_power.elements()[e.id].kind;
    case T::Device:
        break;
    }
    const Device& v = m_d.devices[DeviceId(e.id)];
    const CatalogItem& t = m_d.typeOf(v);
    if (t.gpuCount() > 0)
        return QStringLiteral("server");
    if (tierOf(e.id) != Tier::None)
        return tierKey(tierOf(e.id));
    if (t.tray == TrayKind::NvlinkSwitch)
        return QStringLiteral("nvlink-switch");
    if (t.category == Category::Power && t.tray == TrayKind::None)
        return QStringLiteral("pdu");
    if (t.category == Category::Cooling && t.coolingType == QLatin1String("cdu"))
        return QStringLiteral("cdu");
    return categoryKey(t.category);
}

std::vector<FailureElement> FailureModel::elementsOfKind(const QString& kind) const {
    using T = FailureElement::Type;
    std::vector<FailureElement> out;
    if (kind == QLatin1String("rack") || kind == QLatin1String("feed")) {
        m_d.racks.forEach([&](RackId id, const Rack&) {
            if (kind == QLatin1String("rack"))
                out.push_back({T::Rack, id.value(), 0});
            else
                for (int s = 0; s < m_racks[id.value()].feeds; ++s)
                    if (m_racks[id.value()].carries[s])
                        out.push_back({T::Feed, id.value(), std::uint8_t(s)});
        });
    } else if (kind == QLatin1String("tray")) {
        m_d.pathways.forEach([&](PathwayId id, const Pathway&) {
            out.push_back({T::Pathway, id.value(), 0});
        });
    } else if (kind == QLatin1String("cdu")) {
        for (std::uint32_t dev : m_plantCdus)
            out.push_back({T::Device, dev, 0});
        m_d.racks.forEach([&](RackId id, const Rack& r) {
            if (isInRackCdu(m_d, r))
                out.push_back({T::Cooling, id.value(), 0});
        });
    } else if (kind == QLatin1String("cooling")) {
        m_d.racks.forEach([&](RackId id, const Rack& r) {
            if (m_racks[id.value()].cooling == CoolingNeed::AirFallback ||
                (m_racks[id.value()].cooling == CoolingNeed::Product && !isInRackCdu(m_d, r)))
                out.push_back({T::Cooling, id.value(), 0});
        });
    } else if (kind == QLatin1String("pdu") || kind == QLatin1String("nvlink-switch")) {
        m_d.devices.forEach([&](DeviceId id, const Device&) {
            if (kindOf({T::Device, id.value(), 0}) == kind)
                out.push_back({T::Device, id.value(), 0});
        });
    } else if (kind == QLatin1String("server")) {
        for (const Server& s : m_servers)
            out.push_back({T::Device, s.device.value(), 0});
    } else if (const auto tier = tierFromKey(kind); tier && *tier != Tier::None) {
        for (std::uint32_t i = 0; i < m_tier.size(); ++i)
            if (m_tier[i] == *tier)
                out.push_back({T::Device, i, 0});
    } else {
        for (std::uint32_t i = 0; i < m_power.elements().size(); ++i)
            if (!m_power.elements()[i].name.isEmpty() && m_power.elements()[i].kind == kind)
                out.push_back({T::Power, i, 0});
    }
    return out;
}

} // namespace cds
