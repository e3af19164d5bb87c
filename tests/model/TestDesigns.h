#pragma once
// Builds small designs from the bundled catalog for model tests.

#include "model/Catalog.h"
#include "model/Design.h"
#include "model/PortTable.h"
#include "model/json/CatalogFile.h"

#include <QTest>

namespace cds::test {

inline const CatalogLibrary& bundled() {
    static const CatalogLibrary lib = [] {
        CatalogLibrary l;
        l.loadFolder(QStringLiteral(CDS_SOURCE_DIR "/catalogs"));
        return l;
    }();
    return lib;
}

/// The rack called @p name (test designs name every object uniquely), or invalid.
inline RackId rackNamed(const DesignData& d, const QString& name) {
    RackId found;
    d.racks.forEach([&](RackId id, const Rack& r) {
        if (r.name == name)
            found = id;
    });
    return found;
}

/// The device called @p name, or invalid.
inline DeviceId deviceNamed(const DesignData& d, const QString& name) {
    DeviceId found;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.name == name)
            found = id;
    });
    return found;
}

/// @brief A design under construction: place racks and devices by catalog id.
struct Builder {
    DesignData d = [] {
        DesignData x;
        embedSupportItems(x, bundled().catalog());
        return x;
    }();

    TypeId type(const char* id) {
        const CatalogItem* it = bundled().catalog().item(QString::fromLatin1(id));
        if (!it)
            qFatal("catalog id %s missing from the bundled catalog", id);
        TypeId t = d.catalog.find(it->id);
        return t ? t : d.catalog.add(*it);
    }
    FabricId fabric(FabricKind kind, Technology tech = Technology::InfiniBand) {
        FabricId f = d.findFabric(kind);
        if (f)
            return f;
        d.fabrics.push_back({fabricKindKey(kind), kind, tech, 1.0, false, 32});
        return FabricId(static_cast<FabricId::Rep>(d.fabrics.size() - 1));
    }
    RackId rack(const QString& name, double x, double y, CoolingType c = CoolingType::Air,
                const char* rackType = "rack-42u-600x1200") {
        Rack r;
        r.name = name;
        r.type = type(rackType);
        r.centre = {x, y};
        r.cooling = c;
        return d.racks.add(r);
    }
    DeviceId device(const QString& name, const char* typeId, RackId rack, int u,
                    Tier tier = Tier::None, FabricId fab = {}) {
        Device v;
        v.name = name;
        v.type = type(typeId);
        v.rack = rack;
        v.uPosition = u;
        v.tier = tier;
        v.fabric = fab;
        return d.devices.add(v);
    }
    LinkId link(DeviceId a, int pa, DeviceId b, int pb, FabricId f) {
        Link l;
        l.a = {a, std::uint16_t(pa)};
        l.b = {b, std::uint16_t(pb)};
        l.fabric = f;
        return d.links.add(l);
    }
    /// Connects every port of @p role on @p dev to fresh ports of @p sw starting at @p next.
    /// Ports are logical: a switch split 2 ways has its management port after its lanes.
    void cableRole(DeviceId dev, PortRole role, DeviceId sw, int& next, FabricId f) {
        PortTable ports(d.catalog);
        const Device& v = d.devices[dev];
        for (int p = 0; p < ports.portCount(v); ++p)
            if (ports.info(v, p).role == role)
                link(dev, p, sw, next++, f);
    }
};

/// Two DGX H100 on one QM9700 leaf, fully cabled (compute, storage, in-band, OOB), DLC rack.
inline DesignData smallCluster() {
    Builder b;
    b.d.meta.title = QStringLiteral("Two DGX H100");
    const FabricId compute = b.fabric(FabricKind::Compute);
    const FabricId storage = b.fabric(FabricKind::Storage, Technology::Ethernet);
    const FabricId inband = b.fabric(FabricKind::Inband, Technology::Ethernet);
    const FabricId oob = b.fabric(FabricKind::Oob, Technology::Ethernet);
    const RackId r1 = b.rack(QStringLiteral("R01"), 1200, 2000, CoolingType::DirectLiquid);
    const RackId net = b.rack(QStringLiteral("N01"), 1800, 2000, CoolingType::Air);
    const DeviceId s1 = b.device(QStringLiteral("dgx01"), "nvidia-dgx-h100", r1, 2);
    const DeviceId s2 = b.device(QStringLiteral("dgx02"), "nvidia-dgx-h100", r1, 12);
    const DeviceId leaf =
        b.device(QStringLiteral("leaf01"), "nvidia-qm9700", net, 40, Tier::Leaf, compute);
    const DeviceId stor =
        b.device(QStringLiteral("stor01"), "nvidia-sn5600", net, 36, Tier::Leaf, storage);
    // Split 2 ways, as the generator and the bundled example do: each 800G cage takes a
    // twin-port 2 x 400G module (a single-port 400G OSFP is a flat-top host module).
    b.d.devices[stor].breakout = 2;
    const DeviceId inb =
        b.device(QStringLiteral("inband01"), "nvidia-sn4600c", net, 34, Tier::Leaf, inband);
    const DeviceId mgmt =
        b.device(QStringLiteral("oob01"), "nvidia-sn2201", net, 33, Tier::Leaf, oob);
    int c = 0, s = 0, i = 0, o = 0;
    for (DeviceId srv : {s1, s2}) {
        b.cableRole(srv, PortRole::Compute, leaf, c, compute);
        b.cableRole(srv, PortRole::Storage, stor, s, storage);
        b.cableRole(srv, PortRole::Inband, inb, i, inband);
        b.cableRole(srv, PortRole::Oob, mgmt, o, oob);
    }
    // The switches' own BMC/management ports go to the OOB switch too.
    for (DeviceId sw : {leaf, stor, inb})
        b.cableRole(sw, PortRole::Oob, mgmt, o, oob);
    return b.d;
}

} // namespace cds::test
