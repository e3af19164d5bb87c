#include "TestDesigns.h"
#include "model/json/CatalogFile.h"

#include <QTemporaryDir>

#include <array>

using namespace cds;

namespace {

/// A good failure-rate file, which each bad-data case changes in one place.
constexpr char kRates[] = R"({"formatVersion": 1, "family": "failure-rates",
 "reference": {"gpus": 16384, "servers": 2048, "days": 54, "computeLinks": 49152, "source": "S"},
 "causes": [
  {"cause": "Faulty GPU", "category": "GPU", "interruptions": 148, "basis": "gpu", "source": "S"},
  {"cause": "NIC", "category": "Host", "interruptions": 7, "basis": "server", "source": "S"}
 ]})";

} // namespace

/// @brief Bundled catalog content, port expansion, breakouts, and malformed-file reporting.
class TestCatalog : public QObject {
    Q_OBJECT
    static void write(const QString& path, const QByteArray& text) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
private Q_SLOTS:
    void bundledLoadsWithoutErrors() {
        CatalogLibrary lib;
        QVERIFY(lib.loadFolder(QStringLiteral(CDS_SOURCE_DIR "/catalogs")) > 30);
        for (const FileError& e : lib.errors())
            qWarning("%s", qPrintable(e.toString()));
        QVERIFY(lib.errors().empty());
        // power-chain.json since the power chain (#29), failure-rates.json since #30
        QCOMPARE(lib.loadedFiles().size(), 11);
    }
    void requiredIdsExist_data() {
        QTest::addColumn<QString>("id");
        for (const char* id :
             {"nvidia-dgx-h100", "nvidia-dgx-h200", "nvidia-dgx-b200", "generic-hgx-h100-8gpu",
              "generic-h100-pcie-8gpu", "amd-mi300x-8gpu", "nvidia-gb200-nvl72", "nvidia-qm9700",
              "nvidia-sn5600", "nvidia-q3400", "nvidia-dgx-b300", "nvidia-hgx-b300-8gpu",
              "nvidia-gb300-nvl72", "amd-mi325x-8gpu", "amd-mi355x-8gpu", "nvidia-sn5610",
              "nvidia-bluefield-3-b3240", "nvidia-xdr-osfp-2xdr4"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void requiredIdsExist() {
        QFETCH(QString, id);
        const CatalogItem* it = test::bundled().catalog().item(id);
        QVERIFY2(it, qPrintable(id));
        QVERIFY2(!it->source.isEmpty(), "every entry cites its source");
        if (it->category != Category::Transceiver)
            QVERIFY(it->powerMaxW.has_value());
    }
    void sourcesCiteVendorDocumentsNotThisProject() {
        // A catalog figure comes from a vendor's public document; the project's own notes
        // (DOMAIN.md, README, the seed) are never a source.
        for (const CatalogItem& it : test::bundled().catalog().items()) {
            QVERIFY2(!it.source.isEmpty(), qPrintable(it.id));
            for (const QString& own : {QStringLiteral("DOMAIN.md"), QStringLiteral("README"),
                                       QStringLiteral("seed document")}) {
                QVERIFY2(!it.source.contains(own, Qt::CaseInsensitive), qPrintable(it.id));
                if (it.price)
                    QVERIFY2(!it.price->source.contains(own, Qt::CaseInsensitive),
                             qPrintable(it.id));
            }
        }
    }
    void currentSystemsAsPublished() {
        const Catalog& c = test::bundled().catalog();
        // NVIDIA DGX B300 datasheet: 8 x ConnectX-8 at 800G, 2.3 TB HBM3e, 10U.
        const CatalogItem* b300 = c.item(QStringLiteral("nvidia-dgx-b300"));
        QCOMPARE(b300->uHeight, 10);
        QCOMPARE(b300->portCount(PortRole::Compute), 8);
        QCOMPARE(b300->ports[std::size_t(b300->firstPort(PortRole::Compute))].speedGbps, 800.0);
        QCOMPARE(b300->gpu->count * b300->gpu->memoryGb, 2304.0);
        // GB300 NVL72 datasheet: 72 GPUs in one NVLink domain, an 800G ConnectX-8 per GPU.
        const CatalogItem* gb300 = c.item(QStringLiteral("nvidia-gb300-nvl72"));
        QVERIFY(gb300->rackScale);
        QVERIFY(gb300->liquidCooled);
        QCOMPARE(gb300->nvlinkDomainGpus(), 72);
        QCOMPARE(gb300->portCount(PortRole::Compute), 72);
        QVERIFY(c.item(QStringLiteral("nvidia-gb200-nvl72"))->liquidCooled);
        QVERIFY(!c.item(QStringLiteral("nvidia-dgx-h100"))->liquidCooled);
        // AMD datasheets: MI325X 256 GB at 1,000 W; MI355X 288 GB at 1,400 W, liquid-cooled.
        QCOMPARE(c.item(QStringLiteral("amd-mi325x-8gpu"))->gpu->memoryGb, 256.0);
        QCOMPARE(c.item(QStringLiteral("amd-mi355x-8gpu"))->gpu->tdpW, 1400.0);
        QVERIFY(c.item(QStringLiteral("amd-mi355x-8gpu"))->liquidCooled);
        // Quantum-X800 Q3400: 144 x 800G; ConnectX-8: 800G OSFP.
        QCOMPARE(c.item(QStringLiteral("nvidia-q3400"))->portCount(PortRole::Fabric), 144);
        const CatalogItem* cx8 = c.item(QStringLiteral("nvidia-connectx-8"));
        QCOMPARE(cx8->category, Category::Nic);
        QCOMPARE(cx8->ports.front().speedGbps, 800.0);
        // DDN AI400X2 datasheet: 90 GB/s read per appliance.
        QCOMPARE(*c.item(QStringLiteral("ddn-ai400x2"))->readGbps, 720.0);
    }
    /// Switch power is the vendor's typical figure with passive cables and its maximum with
    /// active cables or optics, as NVIDIA's user manuals (Specifications) publish them.
    void switchPowerAsPublished_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("typicalW");
        QTest::addColumn<double>("maxW"); // 0: no maximum published
        // NVIDIA QM97X0 1U NDR Switch Systems User Manual, Specifications.
        QTest::newRow("qm9700") << QStringLiteral("nvidia-qm9700") << 747.0 << 1720.0;
        // NVIDIA Spectrum-4 SN5000 2U Switch Systems Hardware User Manual, Specifications.
        QTest::newRow("sn5600") << QStringLiteral("nvidia-sn5600") << 940.0 << 0.0;
        QTest::newRow("sn5610") << QStringLiteral("nvidia-sn5610") << 900.0 << 2080.0;
        // NVIDIA Spectrum-3 SN4000 Switch Systems Hardware User Manual, Specifications.
        QTest::newRow("sn4600c") << QStringLiteral("nvidia-sn4600c") << 466.0 << 0.0;
        // NVIDIA SN2201 1G Management Switch Systems User Manual, Specifications.
        QTest::newRow("sn2201") << QStringLiteral("nvidia-sn2201") << 98.0 << 0.0;
    }
    void switchPowerAsPublished() {
        QFETCH(QString, id);
        QFETCH(double, typicalW);
        QFETCH(double, maxW);
        const CatalogItem* it = test::bundled().catalog().item(id);
        QVERIFY(it);
        QCOMPARE(*it->powerTypicalW, typicalW);
        QVERIFY(it->source.contains(QStringLiteral("typical")));
        if (maxW > 0)
            QCOMPARE(*it->powerMaxW, maxW);
        else // an unpublished maximum is there, above typical, and said to be an estimate
            QVERIFY(*it->powerMaxW > typicalW && it->source.contains(QStringLiteral("estimate")));
    }
    /// Transceiver power per end is the LinkX module's published maximum.
    void transceiverPowerAsPublished() {
        const Catalog& c = test::bundled().catalog();
        // LinkX MMA1Z00-NS400 / MMA4Z00-NS400: "9 Watts maximum" at 400 Gb/s.
        QCOMPARE(*c.item(QStringLiteral("nvidia-mma1z00-ns400"))->media->powerPerEndW, 9.0);
        QCOMPARE(*c.item(QStringLiteral("nvidia-mma4z00-ns400"))->media->powerPerEndW, 9.0);
        // LinkX MMS4X00-NS: "17 Watts for all configurations"; MMA4Z00-NS-T: 15 W.
        QCOMPARE(*c.item(QStringLiteral("nvidia-mms4x00-ns"))->media->powerPerEndW, 17.0);
        QCOMPARE(*c.item(QStringLiteral("nvidia-800gbe-osfp-sr8"))->media->powerPerEndW, 15.0);
    }
    /// The 2026 entries (issue #33): each has a source, a dated and sourced price, and every
    /// device among them a maximum power.
    void entries2026AreSourced_data() {
        QTest::addColumn<QString>("id");
        for (const char* id :
             {"nvidia-vera-rubin-nvl144", "generic-h100-nvl-8gpu", "nvidia-connectx-9",
              "nvidia-q3450-ld", "nvidia-sn6810", "nvidia-sn6800", "nvidia-cpo-port-800g",
              "nvidia-mms4x00-nm-flt", "generic-400g-osfp-fr4-flt", "nvidia-800gbe-osfp-2xdr4",
              "nvidia-800gbe-osfp-2xfr4", "generic-1p6t-osfp-dr8", "generic-1p6t-osfp-2xdr4",
              "generic-1p6t-osfp-2xfr4", "generic-800g-osfp-sr8-mpo16",
              "generic-fiber-mpo16-2x-mpo12-om4-splitter"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void entries2026AreSourced() {
        QFETCH(QString, id);
        const CatalogItem* it = test::bundled().catalog().item(id);
        QVERIFY2(it, qPrintable(id));
        QVERIFY(it->source.size() > 80); // a document named, not a word
        QVERIFY(it->price && !it->price->date.isEmpty() && !it->price->source.isEmpty());
        QVERIFY(it->price->date >= QLatin1String("2026-01"));
        if (it->category == Category::Server || it->category == Category::Switch)
            QVERIFY(it->powerMaxW && it->weightKg && it->uHeight > 0);
        if (it->media) // an optic's power per end is there, 0 only for the built-in CPO port
            QVERIFY(it->media->powerPerEndW.has_value());
    }
    /// Issue #33's corrections: NVIDIA publishes 288 GB per GB300 GPU, and 14.5 kW and 168 kg
    /// for the DGX B300 (DGX B300 User Guide).
    void correctedFiguresAsPublished() {
        const Catalog& c = test::bundled().catalog();
        const CatalogItem* gb300 = c.item(QStringLiteral("nvidia-gb300-nvl72"));
        QCOMPARE(gb300->gpu->memoryGb, 288.0);
        QVERIFY(!gb300->source.contains(QLatin1String("279")));
        const CatalogItem* b300 = c.item(QStringLiteral("nvidia-dgx-b300"));
        QCOMPARE(*b300->powerMaxW, 14500.0);
        QCOMPARE(*b300->weightKg, 168.0);
        QVERIFY(b300->source.contains(QLatin1String("168 kg")));
        QVERIFY(b300->source.contains(QLatin1String("14.5 kW")));
    }
    /// GTC 2025 / NVIDIA Rubin platform blog: 72 Rubin packages (144 dies) and 36 Vera CPUs in
    /// one NVLink domain, 288 GB HBM4 each, ConnectX-9 at 1.6 Tb/s per GPU; the rack as GB300.
    void veraRubinNvl144AsPublished() {
        const Catalog& c = test::bundled().catalog();
        const CatalogItem* vr = c.item(QStringLiteral("nvidia-vera-rubin-nvl144"));
        QVERIFY(vr->rackScale && vr->liquidCooled);
        QCOMPARE(vr->uHeight, 48);
        QCOMPARE(vr->gpu->count, 72);
        QCOMPARE(vr->nvlinkDomainGpus(), 72);
        QCOMPARE(vr->gpu->memoryGb * vr->gpu->count, 20736.0); // 20.7 TB HBM4
        double scaleOutGbps = 0;
        for (const PortDef& p : vr->ports)
            scaleOutGbps += p.role == PortRole::Compute ? p.speedGbps : 0;
        QCOMPARE(scaleOutGbps / vr->gpu->count, 1600.0);
        // No switch port runs at 1.6T: the port meets 800G switches as two planes.
        QCOMPARE(vr->portGroups.front().planes, std::vector<int>{2});
        // Unpublished figures are labelled: the port layout, the rack power, BF16.
        QVERIFY(vr->source.contains(QLatin1String("estimate")));
        QVERIFY(*vr->powerMaxW > *c.item(QStringLiteral("nvidia-gb300-nvl72"))->powerMaxW);
        const CatalogItem* cx9 = c.item(QStringLiteral("nvidia-connectx-9"));
        QCOMPARE(cx9->category, Category::Nic);
        QCOMPARE(cx9->ports.size() * cx9->ports.front().speedGbps, 1600.0);
        // H100 NVL datasheet: 94 GB, up to 400 W, NVLink bridges join pairs of cards.
        const CatalogItem* nvl = c.item(QStringLiteral("generic-h100-nvl-8gpu"));
        QCOMPARE(nvl->gpu->memoryGb, 94.0);
        QCOMPARE(nvl->gpu->tdpW, 400.0);
        QCOMPARE(nvl->nvlinkDomainGpus(), 2);
    }
    /// Quantum-X / Spectrum-X Photonics (GTC 2025): 144, 128 and 512 ports of 800G, optics
    /// co-packaged, liquid-cooled. Their ports take a fibre: the built-in CPO port entry.
    void coPackagedOpticsSwitches_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("ports");
        QTest::newRow("q3450-ld") << QStringLiteral("nvidia-q3450-ld") << 144;
        QTest::newRow("sn6810") << QStringLiteral("nvidia-sn6810") << 128;
        QTest::newRow("sn6800") << QStringLiteral("nvidia-sn6800") << 512;
    }
    void coPackagedOpticsSwitches() {
        QFETCH(QString, id);
        QFETCH(int, ports);
        const Catalog& c = test::bundled().catalog();
        const CatalogItem* sw = c.item(id);
        QCOMPARE(sw->portCount(PortRole::Fabric), ports);
        const PortGroup& g = sw->portGroups.front();
        QCOMPARE(g.speedGbps, 800.0);
        QCOMPARE(g.cage, QStringLiteral("CPO"));
        QVERIFY(sw->source.contains(QLatin1String("liquid-cooled")));
        QVERIFY(sw->source.contains(QLatin1String("estimate")));
        const CatalogItem* port = c.item(QStringLiteral("nvidia-cpo-port-800g"));
        QCOMPARE(port->media->formFactor, g.cage);
        QCOMPARE(*port->media->powerPerEndW, 0.0); // counted in the switch's own power
        QCOMPARE(port->price->usd, 0.0);
    }
    /// Long links between halls: a 500 m DR class and a 2 km FR class at 400G, 800G and 1.6T,
    /// each with reach, power and price.
    void singleModeDrAndFrClasses_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("speedGbps");
        QTest::addColumn<double>("reachM");
        QTest::newRow("400 DR twin") << QStringLiteral("nvidia-mms4x00-nm") << 400.0 << 500.0;
        QTest::newRow("400 DR flat") << QStringLiteral("nvidia-mms4x00-nm-flt") << 400.0 << 500.0;
        QTest::newRow("400 FR twin") << QStringLiteral("nvidia-mms4x50-nm") << 400.0 << 2000.0;
        QTest::newRow("400 FR flat")
            << QStringLiteral("generic-400g-osfp-fr4-flt") << 400.0 << 2000.0;
        QTest::newRow("800 DR eth") << QStringLiteral("nvidia-800gbe-osfp-2xdr4") << 800.0 << 500.0;
        QTest::newRow("800 FR eth")
            << QStringLiteral("nvidia-800gbe-osfp-2xfr4") << 800.0 << 2000.0;
        QTest::newRow("800 DR xdr") << QStringLiteral("nvidia-xdr-osfp-2xdr4") << 800.0 << 500.0;
        QTest::newRow("800 FR xdr") << QStringLiteral("nvidia-xdr-osfp-2xfr4") << 800.0 << 2000.0;
        QTest::newRow("1.6T DR") << QStringLiteral("generic-1p6t-osfp-dr8") << 1600.0 << 500.0;
        // 1.6T twin-port modules: two 800G links each.
        QTest::newRow("1.6T DR twin")
            << QStringLiteral("generic-1p6t-osfp-2xdr4") << 800.0 << 500.0;
        QTest::newRow("1.6T FR twin")
            << QStringLiteral("generic-1p6t-osfp-2xfr4") << 800.0 << 2000.0;
    }
    void singleModeDrAndFrClasses() {
        QFETCH(QString, id);
        QFETCH(double, speedGbps);
        QFETCH(double, reachM);
        const CatalogItem* it = test::bundled().catalog().item(id);
        QVERIFY2(it, qPrintable(id));
        QCOMPARE(it->category, Category::Transceiver);
        QCOMPARE(it->media->type, MediaType::Smf);
        QCOMPARE(it->media->speedGbps, speedGbps);
        QCOMPARE(it->media->maxReachM, reachM);
        QVERIFY(*it->media->powerPerEndW > 0);
        QVERIFY(it->price->usd > 0);
        // A 2 km FR optic is duplex LC; a 500 m DR optic is parallel MPO.
        QCOMPARE(it->media->connector,
                 reachM > 500 ? QStringLiteral("LC duplex") : QStringLiteral("MPO-12/APC"));
    }
    /// "Typical = 80 % of max" is never passed off as a published figure.
    void eightyPercentTypicalIsLabelledAnEstimate() {
        for (const CatalogItem& it : test::bundled().catalog().items())
            if (it.powerTypicalW && it.powerMaxW &&
                std::abs(*it.powerTypicalW - 0.8 * *it.powerMaxW) < 0.51)
                QVERIFY2(it.source.contains(QStringLiteral("estimate"), Qt::CaseInsensitive),
                         qPrintable(it.id));
    }
    void dgxH100Figures() {
        const CatalogItem* it = test::bundled().catalog().item(QStringLiteral("nvidia-dgx-h100"));
        QVERIFY(it);
        QCOMPARE(it->uHeight, 8);
        QCOMPARE(*it->powerMaxW, 10200.0);
        QCOMPARE(*it->weightKg, 130.45);
        QCOMPARE(it->gpu->count, 8);
        QCOMPARE(it->gpu->memoryGb, 80.0);
        QCOMPARE(it->portCount(PortRole::Compute), 8);
        // 8 x 400G in four twin-port OSFP cages: ports 0/1 share cage 0, ports 6/7 cage 3.
        const int first = it->firstPort(PortRole::Compute);
        QCOMPARE(it->ports[std::size_t(first)].cage, it->ports[std::size_t(first + 1)].cage);
        QCOMPARE(it->ports[std::size_t(first + 7)].cage - it->ports[std::size_t(first)].cage, 3);
    }
    void nvlinkDomainDefaultsToTheServersGpus() {
        const Catalog& c = test::bundled().catalog();
        QCOMPARE(c.item(QStringLiteral("nvidia-dgx-h100"))->nvlinkDomainGpus(), 8);
        QCOMPARE(c.item(QStringLiteral("nvidia-gb200-nvl72"))->nvlinkDomainGpus(), 72);
        QCOMPARE(c.item(QStringLiteral("nvidia-qm9700"))->nvlinkDomainGpus(), 0);
    }
    void breakoutDoublesSwitchPorts() {
        const CatalogItem* sn = test::bundled().catalog().item(QStringLiteral("nvidia-sn5600"));
        QVERIFY(sn);
        const int fabric = sn->portCount(PortRole::Fabric);
        QCOMPARE(fabric, 64);
        QCOMPARE(sn->logicalPortCount(1), int(sn->ports.size()));
        QCOMPARE(sn->logicalPortCount(2), int(sn->ports.size()) + fabric);
        auto lane1 = sn->logicalPort(2, 1);
        QVERIFY(lane1);
        QCOMPARE(lane1->speedGbps, 400.0); // 800G cage split in two
        QCOMPARE(lane1->catalogPort, 0);
        QCOMPARE(lane1->lane, 1);
        auto mgmt = sn->logicalPort(2, 128); // the management port follows the 128 lanes
        QVERIFY(mgmt);
        QCOMPARE(mgmt->role, PortRole::Oob);
        QVERIFY(!sn->logicalPort(2, sn->logicalPortCount(2)));
    }
    void malformedFileNamesFileLineAndField() {
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("a-good.json")),
              R"({"formatVersion": 1, "family": "racks", "items": [
  {"id": "r1", "category": "rack", "vendor": "V", "model": "M", "rack": {"uCapacity": 42, "widthMm": 600, "depthMm": 1200}}
]})");
        write(dir.filePath(QStringLiteral("b-bad.json")),
              R"({"formatVersion": 1, "family": "servers", "items": [
  {"id": "s1", "category": "server", "vendor": "V", "model": "M",
   "powerMaxW": "lots"}
]})");
        write(dir.filePath(QStringLiteral("c-syntax.json")),
              "{\"formatVersion\": 1,\n  \"items\": [ }");
        CatalogLibrary lib;
        lib.loadFolder(dir.path());
        QVERIFY(lib.catalog().item(QStringLiteral("r1"))); // the good file still loads
        QVERIFY(!lib.catalog().item(QStringLiteral("s1")));
        QCOMPARE(lib.errors().size(), std::size_t(2));
        const FileError& bad = lib.errors()[0];
        QVERIFY(bad.file.endsWith(QLatin1String("b-bad.json")));
        QCOMPARE(bad.field, QStringLiteral("/items/0/powerMaxW"));
        QCOMPARE(bad.line, 3);
        QVERIFY(bad.column > 1);
        QVERIFY2(bad.message.contains(QLatin1String("expected a number")), qPrintable(bad.message));
        const FileError& syntax = lib.errors()[1];
        QVERIFY(syntax.file.endsWith(QLatin1String("c-syntax.json")));
        QCOMPARE(syntax.line, 2);
        QVERIFY(syntax.toString().contains(QLatin1String("c-syntax.json:2:")));
    }
    void unknownEnumListsChoices() {
        QTemporaryDir dir;
        write(
            dir.filePath(QStringLiteral("x.json")),
            R"({"formatVersion": 1, "items": [{"id": "x", "category": "gizmo", "vendor": "V", "model": "M"}]})");
        CatalogLibrary lib;
        QVERIFY(!lib.loadFile(dir.filePath(QStringLiteral("x.json"))));
        QCOMPARE(lib.errors().front().field, QStringLiteral("/items/0/category"));
        QVERIFY(lib.errors().front().message.contains(QLatin1String("server")));
    }
    void userFolderOverridesBundled() {
        QTemporaryDir dir;
        write(
            dir.filePath(QStringLiteral("mine.json")),
            R"x({"formatVersion": 1, "items": [{"id": "nvidia-qm9700", "category": "switch", "vendor": "NVIDIA",
                 "model": "QM9700 (our price)", "uHeight": 1, "powerMaxW": 1720, "price": {"usd": 30000}}]})x");
        CatalogLibrary lib;
        lib.loadFolder(QStringLiteral(CDS_SOURCE_DIR "/catalogs"));
        const TypeId before = lib.catalog().find(QStringLiteral("nvidia-qm9700"));
        lib.loadFolder(dir.path());
        QCOMPARE(lib.catalog().find(QStringLiteral("nvidia-qm9700")), before); // same slot
        QCOMPARE(lib.catalog()[before].model, QStringLiteral("QM9700 (our price)"));
        QCOMPARE(lib.catalog()[before].price->usd, 30000.0);
    }
    /// The bundled rates are Llama 3's table 5 as published: 18 causes, 419 interruptions in
    /// 54 days on 16,384 GPUs in 2,048 servers, each citing the paper, estimates labelled.
    void bundledFailureRatesAreLlama3Table5() {
        const std::shared_ptr<const FailureRateTable>& rates =
            test::bundled().catalog().failureRates();
        QVERIFY(rates);
        QVERIFY(rates->file.endsWith(QLatin1String("/failure-rates.json")));
        QCOMPARE(rates->causes.size(), std::size_t(18));
        QCOMPARE(rates->totalInterruptions(), 419);
        QCOMPARE(rates->reference.gpus, 16384);
        QCOMPARE(rates->reference.servers, 2048);
        QCOMPARE(rates->reference.days, 54.0);
        QCOMPARE(rates->reference.computeLinks, 3.0 * 16384); // one link per GPU per tier
        QVERIFY(rates->reference.source.contains(QLatin1String("arXiv:2407.21783")));
        QVERIFY(rates->reference.source.contains(QLatin1String("estimate")));
        std::array<int, kRateBasisCount> byBasis{};
        for (const FailureRate& f : rates->causes) {
            QVERIFY2(f.interruptions > 0, qPrintable(f.cause));
            QVERIFY2(f.source.contains(QLatin1String("arXiv:2407.21783")) &&
                         f.source.contains(QLatin1String("table 5")),
                     qPrintable(f.cause));
            if (f.basis == RateBasis::PerComputeLink) // the paper does not count links
                QVERIFY2(f.source.contains(QLatin1String("estimate")), qPrintable(f.cause));
            byBasis[std::size_t(f.basis)] += f.interruptions;
        }
        QCOMPARE(byBasis[std::size_t(RateBasis::PerGpu)], 331);
        QCOMPARE(byBasis[std::size_t(RateBasis::PerServer)], 53);
        QCOMPARE(byBasis[std::size_t(RateBasis::PerComputeLink)], 35); // network switch/cable
        const FailureRate& gpu = rates->causes.front();
        QCOMPARE(gpu.cause, QStringLiteral("Faulty GPU"));
        QCOMPARE(gpu.interruptions, 148);
        QCOMPARE(rates->perUnitDay(gpu), 148.0 / (16384 * 54.0));
    }
    void badFailureRatesNameFileAndEntry_data() {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("cause"); ///< the entry the message names, if any
        const auto row = [](const char* name, const char* from, const char* to, const char* field,
                            const char* message, const char* cause) {
            QTest::newRow(name) << QByteArray(from) << QByteArray(to) << QString::fromUtf8(field)
                                << QString::fromUtf8(message) << QString::fromUtf8(cause);
        };
        row("negative count", R"("interruptions": 7)", R"("interruptions": -7)",
            "/causes/1/interruptions", "cannot be negative", "NIC");
        row("unknown basis", R"("basis": "server")", R"("basis": "rack")", "/causes/1/basis",
            "expected one of gpu, server, compute-link", "NIC");
        row("missing source", R"("basis": "server", "source": "S")", R"("basis": "server")",
            "/causes/1", "missing required field \"source\"", "NIC");
        row("empty source", R"("basis": "server", "source": "S")",
            R"("basis": "server", "source": " ")", "/causes/1/source", "must not be empty", "NIC");
        row("duplicate cause", R"("cause": "NIC")", R"("cause": "Faulty GPU")", "/causes/1/cause",
            "duplicate cause", "");
        row("no reference GPUs", R"("gpus": 16384)", R"("gpus": 0)", "/reference/gpus",
            "must be more than 0", "");
        row("negative reference GPUs", R"("gpus": 16384)", R"("gpus": -16384)", "/reference/gpus",
            "must be more than 0", "");
        row("reference without source", R"("computeLinks": 49152, "source": "S")",
            R"("computeLinks": 49152)", "/reference", "missing required field \"source\"", "");
    }
    /// Bad data in a failure-rate file is refused whole, with the file, the line and the
    /// entry: a rate that loaded half-read would skew every figure without a word.
    void badFailureRatesNameFileAndEntry() {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, field);
        QFETCH(QString, message);
        QFETCH(QString, cause);
        QByteArray text(kRates);
        QVERIFY(text.contains(from));
        text.replace(from, to);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("failure-rates.json"));
        write(path, text);
        CatalogLibrary lib;
        QVERIFY(!lib.loadFile(path));
        QVERIFY(!lib.catalog().failureRates());
        QVERIFY(lib.loadedFiles().isEmpty());
        QCOMPARE(lib.errors().size(), std::size_t(1));
        const FileError& e = lib.errors().front();
        QCOMPARE(e.file, path);
        QCOMPARE(e.field, field);
        QVERIFY(e.line > 0);
        QVERIFY2(e.message.contains(message), qPrintable(e.message));
        if (!cause.isEmpty())
            QVERIFY2(e.message.contains(QStringLiteral("cause \"%1\"").arg(cause)),
                     qPrintable(e.message));
        QVERIFY2(e.toString().startsWith(path + QLatin1Char(':')), qPrintable(e.toString()));
    }
    void emptyFailureRateTableRefused() {
        QByteArray text(kRates);
        const qsizetype from = text.indexOf("\"causes\"");
        QVERIFY(from > 0);
        text = text.left(from) + R"("causes": []})";
        CatalogLibrary lib;
        QVERIFY(!lib.loadBytes(text, QStringLiteral("rates.json")));
        QCOMPARE(lib.errors().front().field, QStringLiteral("/causes"));
        QVERIFY(lib.errors().front().message.contains(QLatin1String("no causes")));
    }
    /// A user folder's failure-rate file replaces the bundled table as a whole.
    void userFailureRatesReplaceBundled() {
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("our-rates.json")), kRates);
        CatalogLibrary lib;
        lib.loadFolder(QStringLiteral(CDS_SOURCE_DIR "/catalogs"));
        const std::size_t items = lib.catalog().size();
        lib.loadFolder(dir.path());
        QVERIFY(lib.errors().empty());
        QCOMPARE(lib.catalog().size(), items); // the rates are no items
        QVERIFY(lib.catalog().failureRates()->file.endsWith(QLatin1String("our-rates.json")));
        QCOMPARE(lib.catalog().failureRates()->totalInterruptions(), 148 + 7);
    }
    void newerCatalogVersionRefused() {
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("v9.json")), R"({"formatVersion": 9, "items": []})");
        CatalogLibrary lib;
        QVERIFY(!lib.loadFile(dir.filePath(QStringLiteral("v9.json"))));
        QCOMPARE(lib.errors().front().field, QStringLiteral("/formatVersion"));
    }
};

QTEST_APPLESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
