// Flat-top host optics: a DGX H100's OSFP cages have a riding heat sink and take flat-top
// modules, the switch's air-cooled cages finned ones (NVIDIA LinkX MCP4Y10 and MMA4Z00-NS
// documents). The cabling schedule names each at its end and the BOM lists both kinds, counted
// per occupied cage, for a generated design.
#include "fabric/FabricTestUtil.h"
#include "model/PortTable.h"
#include "model/cabling/CableRouting.h"
#include "model/export/CablingSchedule.h"
#include "model/export/Reports.h"
#include "model/metrics/Bom.h"
#include "model/rules/Rule.h"

#include <QSet>
#include <QTest>

using namespace cds;

namespace {

DesignData dgxH100() {
    GenerateParams p;
    p.gpus = 256;
    p.serverId = QStringLiteral("nvidia-dgx-h100");
    p.switchId = QStringLiteral("nvidia-qm9700");
    return test::generated(p);
}

long long bomQuantity(const DesignData& d, const Bom& bom, const QString& id) {
    for (const BomLine& l : bom.lines)
        if (d.catalog[l.type].id == id)
            return l.quantity;
    return 0;
}

} // namespace

class TestHostOptics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void catalogMarksDgxCagesFlatAndSwitchCagesFinned() {
        const Catalog& c = test::bundled().catalog();
        const CatalogItem* dgx = c.item(QStringLiteral("nvidia-dgx-h100"));
        const CatalogItem* leaf = c.item(QStringLiteral("nvidia-qm9700"));
        QVERIFY(dgx && leaf);
        QCOMPARE(dgx->portGroups.front().moduleTop, QStringLiteral("flat"));
        QCOMPARE(leaf->portGroups.front().moduleTop, QStringLiteral("finned"));
        QVERIFY(c.item(QStringLiteral("nvidia-mma4z00-ns-flt"))->media->isFlatTop());
        QVERIFY(!c.item(QStringLiteral("nvidia-mma4z00-ns"))->media->isFlatTop());
    }

    void serverEndIsFlatTopSwitchEndFinned() {
        const DesignData d = dgxH100();
        PortTable ports(d.catalog);
        const Bom bom = computeBom(d);
        QSet<QString> flatParts, finnedParts;
        // Occupied cages per end kind, to count the modules the BOM must bill.
        QSet<QPair<DeviceId::Rep, int>> serverCages, switchCages;
        int opticalServerLinks = 0;
        for (const CableRow& r : cablingRows(d)) {
            const Link& l = d.links[r.links.front()];
            const Device& a = d.devices[l.a.device];
            const Device& b = d.devices[l.b.device];
            const bool aServer = d.catalog[a.type].gpuCount() > 0;
            const bool bServer = d.catalog[b.type].gpuCount() > 0;
            if (aServer == bServer || d.catalog[l.medium].category != Category::Transceiver)
                continue; // not an optical server-switch cable
            const PortRef& host = aServer ? l.a : l.b;
            if (!ports.info(d.devices[host.device], host.port).flatTop)
                continue; // e.g. the QSFP112 storage ports
            const QString hostPart = aServer ? r.aEndPart : r.bEndPart;
            const QString switchPart = aServer ? r.bEndPart : r.aEndPart;
            QVERIFY2(d.catalog.item(hostPart)->media->isFlatTop(), qPrintable(r.id + hostPart));
            QCOMPARE(d.catalog.item(switchPart)->media->top, QStringLiteral("finned"));
            flatParts << hostPart;
            finnedParts << switchPart;
            for (LinkId id : r.links) {
                const Link& k = d.links[id];
                const PortRef& h = aServer ? k.a : k.b;
                const PortRef& s = aServer ? k.b : k.a;
                serverCages.insert(
                    {h.device.value(), int(ports.info(d.devices[h.device], h.port).cage)});
                switchCages.insert(
                    {s.device.value(), int(ports.info(d.devices[s.device], s.port).cage)});
                ++opticalServerLinks;
            }
        }
        QVERIFY(opticalServerLinks > 0);
        // At these lengths (the racks of one SU) the DGX-to-leaf optics are multimode SR8.
        QCOMPARE(flatParts, QSet<QString>({QStringLiteral("nvidia-mma4z00-ns-flt")}));
        QCOMPARE(finnedParts, QSet<QString>({QStringLiteral("nvidia-mma4z00-ns")}));
        // Twin-port modules: one per occupied cage, two link ends in each.
        QCOMPARE(qsizetype(opticalServerLinks), 2 * serverCages.size());
        QCOMPARE(qsizetype(opticalServerLinks), 2 * switchCages.size());
        QCOMPARE(bomQuantity(d, bom, QStringLiteral("nvidia-mma4z00-ns-flt")),
                 (long long)serverCages.size());
        // The finned part is also the leaf-spine optic: the BOM has at least the leaf ends.
        QVERIFY(bomQuantity(d, bom, QStringLiteral("nvidia-mma4z00-ns")) >=
                (long long)switchCages.size());
        // Both kinds are lines of the BOM export.
        const QByteArray csv = bomCsv(d, bom);
        const QByteArray flatLine =
            ",nvidia-mma4z00-ns-flt," + QByteArray::number(serverCages.size()) + ",";
        QVERIFY(csv.contains(flatLine));
        QVERIFY(csv.contains(",nvidia-mma4z00-ns,"));
    }

    void finnedCountIsEveryFinnedCageOfTheDesign() {
        // Every cage holding the finned module, leaf-spine included, is one module in the BOM.
        const DesignData d = dgxH100();
        PortTable ports(d.catalog);
        const TypeId finned = d.catalog.find(QStringLiteral("nvidia-mma4z00-ns"));
        QSet<QPair<DeviceId::Rep, int>> cages;
        d.links.forEach([&](LinkId, const Link& l) {
            const TypeId endB = l.mediumB ? l.mediumB : l.medium;
            for (auto [p, t] : {std::pair{l.a, l.medium}, std::pair{l.b, endB}})
                if (t == finned)
                    cages.insert(
                        {p.device.value(), int(ports.info(d.devices[p.device], p.port).cage)});
        });
        QVERIFY(!cages.isEmpty());
        QCOMPARE(bomQuantity(d, computeBom(d), QStringLiteral("nvidia-mma4z00-ns")),
                 (long long)cages.size());
    }

    void catalogCopiesWithoutTopStillRouteFlatCages() {
        // A design saved before transceivers had `top` embeds copies that say nothing; a
        // flat-cage server taken from today's catalog into it must still get optics.
        DesignData d = dgxH100();
        for (const CatalogItem& it : std::vector<CatalogItem>(d.catalog.items()))
            if (it.category == Category::Transceiver && it.media) {
                CatalogItem old = it;
                old.media->top.clear();
                d.catalog.add(old);
            }
        routeCables(d);
        QCOMPARE(test::countCode(runChecks(d), "link.no-medium"), 0);
        // With the copies saying their tops, the same design has the flat-top host parts.
        const DesignData now = dgxH100();
        QVERIFY(now.catalog.find(QStringLiteral("nvidia-mma4z00-ns-flt")));
        QCOMPARE(test::countCode(runChecks(now), "link.no-medium"), 0);
    }
};

QTEST_APPLESS_MAIN(TestHostOptics)
#include "tst_host_optics.moc"
