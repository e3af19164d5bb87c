// The cabling schedule's part columns (a_end_part, b_end_part, cable_part) against the links
// of a design with optics, DACs and Cat6, and the BOM counting the same fibres.
#include "../TestDesigns.h"
#include "model/cabling/CableParts.h"
#include "model/cabling/CableRouting.h"
#include "model/cabling/TrayGraph.h"
#include "model/export/CablingSchedule.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Bom.h"

#include <QTest>

using namespace cds;

namespace {

/// smallCluster() plus dgx03 in a rack 18 m away (its compute links need optics) and a head
/// node in the network rack (its 100G in-band ports take DACs).
DesignData mixedMedia() {
    DesignData d = test::smallCluster();
    test::Builder b;
    b.d = d;
    const FabricId compute = b.d.findFabric(FabricKind::Compute);
    const RackId far = b.rack(QStringLiteral("R02"), 19800, 2000, CoolingType::DirectLiquid);
    const DeviceId s3 = b.device(QStringLiteral("dgx03"), "nvidia-dgx-h100", far, 2);
    int next = 16; // dgx01 and dgx02 took leaf ports 0-15
    b.cableRole(s3, PortRole::Compute, test::deviceNamed(b.d, QStringLiteral("leaf01")), next,
                compute);
    const DeviceId head = b.device(QStringLiteral("head01"), "generic-head-node-1u",
                                   test::rackNamed(b.d, QStringLiteral("N01")), 20);
    int inband = 8;
    b.cableRole(head, PortRole::Inband, test::deviceNamed(b.d, QStringLiteral("inband01")), inband,
                b.d.findFabric(FabricKind::Inband));
    routeCables(b.d);
    return b.d;
}

const CatalogItem& item(const DesignData& d, const QString& id) {
    const CatalogItem* it = d.catalog.item(id);
    if (!it)
        qFatal("no catalog item %s", qPrintable(id));
    return *it;
}

} // namespace

class TestCablingParts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void partsMatchEachLink() {
        const DesignData d = mixedMedia();
        const std::vector<CableRow> rows = cablingRows(d);
        int optical = 0, dac = 0, cat6 = 0;
        QStringList kinds;
        QMap<QString, long long> fibres; // cable_part -> rows, for the BOM check
        for (const CableRow& r : rows) {
            const QString where = r.id + QLatin1Char(' ') + r.mediumId;
            QVERIFY2(!r.aEndPart.isEmpty() && !r.bEndPart.isEmpty() && !r.cablePart.isEmpty(),
                     qPrintable(where));
            QVERIFY2(r.label.startsWith(r.id + QLatin1Char(' ') + r.a.location() +
                                        QLatin1Char(':') + r.b.location()),
                     qPrintable(r.label));
            const Link& l = d.links[r.links.front()];
            kinds << r.mediumId;
            const CatalogItem& medium = item(d, r.mediumId);
            if (medium.category == Category::Transceiver) {
                ++optical;
                // Both ends are the transceivers the link uses; the fibre between them has a
                // connector the transceivers take, and the same media type.
                QCOMPARE(r.aEndPart, d.catalog[l.medium].id);
                QCOMPARE(r.bEndPart, l.mediumB ? d.catalog[l.mediumB].id : r.aEndPart);
                const CatalogItem& fibre = item(d, r.cablePart);
                QCOMPARE(fibre.category, Category::Cable);
                QCOMPARE(fibre.media->type, medium.media->type);
                for (const QString& end : {r.aEndPart, r.bEndPart})
                    QCOMPARE(fibre.media->formFactor, opticalConnector(item(d, end)));
                QCOMPARE(r.cableConnector, fibre.media->formFactor);
                QCOMPARE(r.cableClass, QStringLiteral("optical"));
                ++fibres[r.cablePart];
            } else {
                // A DAC, ACC, AOC or Cat6 cord is its own connectors and its own cable.
                QCOMPARE(r.aEndPart, medium.id);
                QCOMPARE(r.bEndPart, medium.id);
                QCOMPARE(r.cablePart, medium.id);
                if (r.cableType == QLatin1String("cat6")) {
                    ++cat6;
                    QCOMPARE(r.cableConnector, QStringLiteral("RJ45"));
                    QCOMPARE(r.cableClass, QStringLiteral("copper"));
                } else if (r.cableType == QLatin1String("dac")) {
                    ++dac;
                    QCOMPARE(r.cableClass, QStringLiteral("copper"));
                }
            }
        }
        QVERIFY2(optical >= 8, qPrintable(QString::number(optical)));
        QVERIFY2(dac > 0, qPrintable(kinds.join(QLatin1Char(' '))));
        QVERIFY2(cat6 > 0, "no Cat6 in the test design");
        // dgx03's twin-port SR8 / DR8 cages use MPO-12 optics: never LC-duplex fibre.
        for (const QString& f : fibres.keys())
            QVERIFY2(!item(d, f).media->formFactor.contains(QLatin1String("LC")), qPrintable(f));
        // The BOM bills the same fibres, as many as the schedule pulls.
        const Bom bom = computeBom(d);
        for (auto it = fibres.cbegin(); it != fibres.cend(); ++it) {
            long long billed = 0;
            for (const BomLine& line : bom.lines)
                if (d.catalog[line.type].id == it.key())
                    billed = line.quantity;
            QCOMPARE(billed, it.value());
        }
    }

    void csvKeepsItsColumnsAndAddsTheParts() {
        const DesignData d = mixedMedia();
        const QList<QByteArray> lines = cablingCsv(d).replace("\r\n", "\n").split('\n');
        QCOMPARE(lines.first(),
                 QByteArray("cable_id,fabric,a_rack,a_u,a_device,a_port,b_rack,b_u,b_device,"
                            "b_port,medium,medium_type,length_m,label_a,label_b,a_end_part,"
                            "b_end_part,cable_part,cable_connector,cable_type,cable_class,label,"
                            "route"));
        // Cat6 is typed as copper and as Cat6, never as a DAC, in the new columns.
        bool sawCat6 = false;
        for (const QByteArray& line : lines)
            if (line.contains("cat6-patch-1g")) {
                QVERIFY2(line.contains(",RJ45,cat6,copper,"), line.constData());
                sawCat6 = true;
            }
        QVERIFY(sawCat6);
    }

    /// Every cable between racks names the trays it is pulled along, as the tray graph routes
    /// its two racks; a cable within a rack says so; without trays the column is empty.
    void routeNamesTheTrays() {
        LoadResult file = DesignFile::load(
            QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json"));
        QVERIFY(file.ok);
        DesignData& d = file.data;
        QVERIFY(!d.pathways.empty());
        routeCables(d);
        const TrayGraph trays(d.pathways);
        int across = 0, within = 0;
        for (const CableRow& r : cablingRows(d)) {
            const Link& l = d.links[r.links.front()];
            const Rack& a = d.racks[d.devices[l.a.device].rack];
            const Rack& b = d.racks[d.devices[l.b.device].rack];
            if (&a == &b) {
                QCOMPARE(r.route, QStringLiteral("in rack"));
                ++within;
                continue;
            }
            // The tray pieces the graph routes the two racks over, as segment names in order.
            QStringList expected;
            for (std::int32_t piece : trays.route(trays.drop(a.centre), trays.drop(b.centre))) {
                const QString name = d.pathways[trays.segmentOf(std::size_t(piece))].name;
                if (!expected.contains(name))
                    expected << name;
            }
            QVERIFY2(!expected.isEmpty(), qPrintable(r.id));
            QCOMPARE(r.route, expected.join(QStringLiteral(" > ")));
            ++across;
        }
        QVERIFY(across > 100);
        QVERIFY(within > 0);
        // The same design without trays: its cables run along the floor, no route named.
        d.pathways = {};
        routeCables(d);
        for (const CableRow& r : cablingRows(d))
            QVERIFY(r.route.isEmpty() || r.route == QStringLiteral("in rack"));
    }

    void lcOpticsTakeLcFibre() {
        // An FR4 module has a duplex LC connector: its fibre is LC duplex, not MPO-12.
        const Catalog& c = test::bundled().catalog();
        const FibreMatch m(c);
        const TypeId fr4 = c.find(QStringLiteral("generic-400g-qsfp112-fr4"));
        const TypeId sr4 = c.find(QStringLiteral("nvidia-mma1z00-ns400"));
        QVERIFY(fr4 && sr4);
        QCOMPARE(c[m.fibreFor(fr4)].media->formFactor, QStringLiteral("LC duplex"));
        QCOMPARE(c[m.fibreFor(sr4)].media->formFactor, QStringLiteral("MPO-12/APC"));
        QCOMPARE(c[m.fibreFor(sr4)].media->fiber, QStringLiteral("OM4"));
    }
};

QTEST_APPLESS_MAIN(TestCablingParts)
#include "tst_cabling_parts.moc"
