#pragma once
// Leaf/spine designs for the export tests, built with test::Builder.

#include "../TestDesigns.h"

#include "model/RackScale.h"
#include "model/generator/Generator.h"

#include <QRegularExpression>

namespace cds::test {

/// Expands a Slurm host list ("gpu[001-003,007],login") into names.
inline QStringList expandHostList(const QString& list) {
    QStringList out;
    static const QRegularExpression group(QStringLiteral("([^,\\[]+)(\\[([^\\]]*)\\])?"));
    auto g = group.globalMatch(list);
    while (g.hasNext()) {
        const auto m = g.next();
        if (m.captured(2).isEmpty()) {
            out << m.captured(1);
            continue;
        }
        for (const QString& r : m.captured(3).split(QLatin1Char(','))) {
            const QStringList ab = r.split(QLatin1Char('-'));
            const int w = int(ab.first().size());
            for (int n = ab.first().toInt(); n <= ab.last().toInt(); ++n)
                out << m.captured(1) + QStringLiteral("%1").arg(n, w, 10, QLatin1Char('0'));
        }
    }
    return out;
}

/// @p servers DGX H100 named gpu001..., four per rack; @p leaves QM9700 leaves and
/// @p spines spines, every leaf wired to every spine. Rail-optimized: NIC i of every server
/// goes to leaf i % leaves; otherwise each server's 8 NICs go to leaf (server / perLeaf).
inline DesignData leafSpine(int servers, int leaves, int spines, bool rails) {
    Builder b;
    b.d.meta.title = QStringLiteral("Leaf/spine test");
    b.d.meta.customer = QStringLiteral("Test customer");
    const FabricId f = b.fabric(FabricKind::Compute);
    b.d.fabrics[f.value()].railOptimized = rails;
    const RackId net = b.rack(QStringLiteral("N01"), 600, 3000, CoolingType::Air);
    std::vector<DeviceId> lf, sp;
    for (int i = 0; i < leaves; ++i)
        lf.push_back(b.device(QStringLiteral("leaf%1").arg(i + 1, 2, 10, QLatin1Char('0')),
                              "nvidia-qm9700", net, 40 - i, Tier::Leaf, f));
    for (int i = 0; i < spines; ++i)
        sp.push_back(b.device(QStringLiteral("spine%1").arg(i + 1, 2, 10, QLatin1Char('0')),
                              "nvidia-qm9700", net, 30 - i, Tier::Spine, f));
    std::vector<int> next(std::size_t(leaves + spines), 0);
    RackId rack;
    const int perLeaf = std::max(1, servers / leaves);
    for (int s = 0; s < servers; ++s) {
        if (s % 4 == 0)
            rack = b.rack(QStringLiteral("R%1").arg(s / 4 + 1, 2, 10, QLatin1Char('0')),
                          1200 + 600 * (s / 4), 3000, CoolingType::DirectLiquid);
        const DeviceId srv = b.device(QStringLiteral("gpu%1").arg(s + 1, 3, 10, QLatin1Char('0')),
                                      "nvidia-dgx-h100", rack, 2 + 10 * (s % 4));
        const CatalogItem& t = b.d.catalog[b.d.devices[srv].type];
        int nic = 0;
        for (int p = 0; p < int(t.ports.size()); ++p) {
            if (t.ports[std::size_t(p)].role != PortRole::Compute)
                continue;
            const int l = rails ? nic % leaves : std::min(leaves - 1, s / perLeaf);
            b.link(srv, p, lf[std::size_t(l)], next[std::size_t(l)]++, f);
            ++nic;
        }
    }
    for (int l = 0; l < leaves; ++l)
        for (int s = 0; s < spines; ++s) {
            const std::size_t si = std::size_t(leaves + s);
            b.link(lf[std::size_t(l)], 32 + s, sp[std::size_t(s)], next[si]++, f);
        }
    return b.d;
}

/// @p racks GB200 NVL72 racks (nvl01...), each a rack-scale system in its own 48U rack
/// (R01...) with 32 compute ports to its own leaf; the leaves go to one spine.
inline DesignData nvl72Racks(int racks) {
    Builder b;
    b.d.meta.title = QStringLiteral("NVL72 test");
    const FabricId f = b.fabric(FabricKind::Compute);
    const RackId net = b.rack(QStringLiteral("N01"), 600, 3000, CoolingType::Air);
    const DeviceId spine =
        b.device(QStringLiteral("spine01"), "nvidia-qm9700", net, 30, Tier::Spine, f);
    for (int r = 0; r < racks; ++r) {
        const DeviceId leaf = b.device(QStringLiteral("leaf%1").arg(r + 1, 2, 10, QLatin1Char('0')),
                                       "nvidia-qm9700", net, 40 - r, Tier::Leaf, f);
        const RackId rack =
            b.rack(QStringLiteral("R%1").arg(r + 1, 2, 10, QLatin1Char('0')), 1800 + 600 * r, 3000,
                   CoolingType::DirectLiquid, "rack-48u-600x1200");
        const DeviceId nvl = b.device(QStringLiteral("nvl%1").arg(r + 1, 2, 10, QLatin1Char('0')),
                                      "nvidia-gb200-nvl72", rack, 1);
        const CatalogItem& t = b.d.catalog[b.d.devices[nvl].type];
        int next = 0;
        for (int p = 0; p < int(t.ports.size()) && next < 32; ++p)
            if (t.ports[std::size_t(p)].role == PortRole::Compute)
                b.link(nvl, p, leaf, next++, f);
        b.link(leaf, 40, spine, r, f);
    }
    // As designs hold them: each rack its 18 compute trays (nvl01-c01...), the first 8 cabled.
    splitRackScaleSystems(b.d, [](const QString& id) { return bundled().catalog().item(id); });
    return b.d;
}

/// @p count servers of catalog type @p typeId (srv01...) in rack R01, every compute port to
/// one leaf: a design that exports every port kind of that server.
inline DesignData serversOf(const char* typeId, int count) {
    Builder b;
    b.d.meta.title = QStringLiteral("Servers test");
    const FabricId f = b.fabric(FabricKind::Compute);
    const RackId net = b.rack(QStringLiteral("N01"), 600, 3000, CoolingType::Air);
    const DeviceId leaf =
        b.device(QStringLiteral("leaf01"), "nvidia-qm9700", net, 40, Tier::Leaf, f);
    const RackId rack = b.rack(QStringLiteral("R01"), 1200, 3000, CoolingType::DirectLiquid);
    int next = 0;
    for (int s = 0; s < count; ++s) {
        const DeviceId srv = b.device(QStringLiteral("srv%1").arg(s + 1, 2, 10, QLatin1Char('0')),
                                      typeId, rack, 2 + 10 * s);
        const CatalogItem& t = b.d.catalog[b.d.devices[srv].type];
        for (int p = 0; p < int(t.ports.size()); ++p)
            if (t.ports[std::size_t(p)].role == PortRole::Compute)
                b.link(srv, p, leaf, next++, f);
    }
    return b.d;
}

/// 576 GB300 GPUs as `generate --dc-800v` builds them: 8 NVL72 racks fed at 800 V DC from
/// power racks, without rack PDUs; the other racks on AC busways and PDUs.
inline DesignData gb300Dc800() {
    GenerateParams p;
    p.gpus = 576;
    p.serverId = QStringLiteral("nvidia-gb300-nvl72");
    p.switchId = QStringLiteral("nvidia-q3400");
    p.power->dc800 = true;
    GenerateResult r = generateCluster(p, bundled().catalog());
    if (!r.ok)
        qFatal("generate --dc-800v: %s", qPrintable(r.error));
    return std::move(r.design);
}

} // namespace cds::test
