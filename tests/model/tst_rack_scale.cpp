// Rack-scale systems as what stands in the rack (model/RackScale.h): the catalog's trays add
// up to the system, a generated GB300 NVL72 design holds 18 compute trays per rack as hosts
// and every export names them, and a formatVersion 4 design migrates to the same trays.
#include "TestDesigns.h"
#include "export/ExportTestDesigns.h"

#include "model/NvlinkDomains.h"
#include "model/RackScale.h"
#include "model/analysis/Analysis.h"
#include "model/export/CablingSchedule.h"
#include "model/export/KubernetesExport.h"
#include "model/export/NetBoxExport.h"
#include "model/export/SlurmTopologyYaml.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Metrics.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <map>
#include <set>

using namespace cds;
using test::bundled;

namespace {

const CatalogLookup kBundled = [](const QString& id) { return bundled().catalog().item(id); };

DesignData generatedGb300(int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    p.serverId = QStringLiteral("nvidia-gb300-nvl72");
    p.switchId = QStringLiteral("nvidia-q3400");
    const GenerateResult r = generateCluster(p, bundled().catalog());
    if (!r.ok)
        qFatal("generate failed: %s", qPrintable(r.error));
    return r.design;
}

/// rack name -> names of the GPU hosts in it.
std::map<QString, QStringList> hostsByRack(const DesignData& d) {
    std::map<QString, QStringList> out;
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (d.typeOf(v).gpuCount() > 0)
            out[d.racks[v.rack].name] << v.name;
    });
    return out;
}

/// rack -> the max power of the rack-scale trays in it (PDUs left out).
std::map<RackId, double> traysMaxW(const DesignData& d) {
    std::map<RackId, double> w;
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (d.typeOf(v).tray != TrayKind::None)
            w[v.rack] += d.typeOf(v).powerMaxW.value_or(0);
    });
    return w;
}

} // namespace

class TestRackScale : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// Each bundled rack-scale system splits, and its trays sum to the system's figures: GPUs
    /// and ports exactly, power within the rounding of 18 trays to the watt.
    void catalogTraysAddUpToTheSystem() {
        int systems = 0;
        for (const CatalogItem& sys : bundled().catalog().items()) {
            if (!sys.rackScale)
                continue;
            ++systems;
            QVERIFY2(trayProblem(sys, kBundled).isEmpty(),
                     qPrintable(sys.id + QStringLiteral(": ") + trayProblem(sys, kBundled)));
            double maxW = 0, typW = 0, kg = 0, usd = 0;
            int gpus = 0, hosts = 0;
            for (const TraySlot& s : sys.trays) {
                const CatalogItem* t = bundled().catalog().item(s.id);
                QVERIFY(t && t->tray != TrayKind::None);
                maxW += s.count * t->powerMaxW.value_or(0);
                typW += s.count * t->powerTypicalW.value_or(0);
                kg += s.count * t->weightKg.value_or(0);
                usd += s.count * (t->price ? t->price->usd : 0);
                gpus += s.count * t->gpuCount();
                hosts += t->tray == TrayKind::Compute ? s.count : 0;
                if (t->tray == TrayKind::Compute)
                    QCOMPARE(t->nvlinkDomainGpus(), sys.nvlinkDomainGpus());
            }
            QCOMPARE(gpus, sys.gpuCount());
            QCOMPARE(hosts, 18);
            QVERIFY2(std::abs(maxW - *sys.powerMaxW) <= 9, qPrintable(sys.id));
            QVERIFY2(std::abs(typW - *sys.powerTypicalW) <= 9, qPrintable(sys.id));
            QVERIFY2(std::abs(kg - *sys.weightKg) <= 1, qPrintable(sys.id));
            QVERIFY2(std::abs(usd - sys.price->usd) <= 18, qPrintable(sys.id));
        }
        QCOMPARE(systems, 3); // GB200 NVL72, GB300 NVL72, Vera Rubin NVL144
        // A tray list that does not carry the system's ports is refused, naming the ports.
        CatalogItem broken = *bundled().catalog().item(QStringLiteral("nvidia-gb300-nvl72"));
        broken.trays.pop_back(); // the management switches with the OOB hand-off
        QVERIFY(trayProblem(broken, kBundled).contains(QLatin1String("0 of its 2 oob ports")));
    }

    /// A generated GB300 NVL72 SU: 8 racks of 18 compute trays (hosts), 9 NVLink switch trays,
    /// 8 power shelves and 2 management switches; no device is a whole rack any more; GPU,
    /// power and link figures are the system's.
    void generatedNvl72IsEighteenHostsPerRack() {
        const DesignData d = generatedGb300(576);
        const std::map<QString, QStringList> hosts = hostsByRack(d);
        QCOMPARE(hosts.size(), std::size_t(8));
        for (const auto& [rack, names] : hosts)
            QCOMPARE(names.size(), 18);
        std::map<TrayKind, int> kinds;
        d.devices.forEach([&](DeviceId, const Device& v) {
            QVERIFY(!d.typeOf(v).rackScale);
            ++kinds[d.typeOf(v).tray];
        });
        QCOMPARE(kinds[TrayKind::Compute], 144);
        QCOMPARE(kinds[TrayKind::NvlinkSwitch], 72);
        QCOMPARE(kinds[TrayKind::PowerShelf], 64);
        QCOMPARE(kinds[TrayKind::Management], 16);
        const Analysis a = analyze(d);
        const Metrics& m = a.metrics;
        QCOMPARE(m.gpus, 576);
        QCOMPARE(m.servers, 144);
        QCOMPARE(m.nvlinkDomainGpus, 72);
        QCOMPARE(m.nvlinkDomains, 8);
        QCOMPARE(m.nvlinkDomainNodes, 18);
        for (const RackMetrics& rm : m.perRack) {
            if (rm.gpus == 0)
                continue;
            QCOMPARE(rm.gpus, 72);
            const double w = traysMaxW(d)[rm.rack]; // the system's 140 kW, to rounding
            QVERIFY2(std::abs(w - 140000) <= 9, qPrintable(QString::number(w)));
            QVERIFY(std::abs(rm.systemRatedKw - 140) < 0.01); // the rack keeps its own envelope
            QCOMPARE(rm.usedU, 37);
        }
        QCOMPARE(m.links[std::size_t(FabricKind::Compute)].nodeLeaf, 576LL);
        QCOMPARE(m.pdus, 2 * 8 * 4 + 2 * 11 * 2); // power shelves are not PDUs
        QCOMPARE(a.findings.size(), std::size_t(0));
    }

    /// Slurm (topology.conf and topology.yaml), Kubernetes, NetBox and the cabling schedule name
    /// the same 144 hosts, 18 per rack; the block topology has blocks of 18.
    void everyExportNamesTheTrays() {
        const DesignData d = generatedGb300(576);
        const std::map<QString, QStringList> byRack = hostsByRack(d);
        std::set<QString> hosts;
        for (const auto& [rack, names] : byRack)
            hosts.insert(names.begin(), names.end());
        QCOMPARE(hosts.size(), std::size_t(144));

        const SlurmTopology conf = slurmTopology(d);
        QVERIFY2(conf.ok, qPrintable(conf.error));
        std::set<QString> inConf;
        static const QRegularExpression nodes(QStringLiteral("Nodes=(\\S+)"));
        for (auto it = nodes.globalMatch(QString::fromUtf8(conf.text)); it.hasNext();)
            for (const QString& h : test::expandHostList(it.next().captured(1)))
                QVERIFY2(inConf.insert(h).second, qPrintable(h)); // each host exactly once
        QCOMPARE(inConf, hosts);

        const SlurmTopology yaml = slurmTopologyYaml(d);
        QVERIFY2(yaml.ok, qPrintable(yaml.error));
        const QString y = QString::fromUtf8(yaml.text);
        QVERIFY2(y.contains(QLatin1String("    block_sizes:\n      - 18\n    blocks:\n")),
                 qPrintable(y.right(600)));
        static const QRegularExpression block(
            QStringLiteral("      - block: (\\S+)\\n        nodes: (\\S+)\\n"));
        std::set<QString> inBlocks;
        int blocks = 0;
        for (auto it = block.globalMatch(y); it.hasNext(); ++blocks) {
            const auto mt = it.next();
            const QStringList names = test::expandHostList(mt.captured(2));
            QCOMPARE(names.size(), 18);
            QStringList want = byRack.at(mt.captured(1)); // the block is the rack
            want.sort();
            QStringList got = names;
            got.sort();
            QCOMPARE(got, want);
            inBlocks.insert(names.begin(), names.end());
        }
        QCOMPARE(blocks, 8);
        QCOMPARE(inBlocks, hosts);

        const KubernetesExport k = kubernetesExport(d);
        QVERIFY2(k.ok, qPrintable(k.error));
        const QString labels = QString::fromUtf8(k.nodeLabelsYaml);
        QCOMPARE(labels.count(QStringLiteral("kind: Node\n")), 144);
        for (const auto& [rack, names] : byRack)
            QCOMPARE(
                labels.count(
                    QStringLiteral("network.topology.nvidia.com/accelerator: \"%1\"\n").arg(rack)),
                18);
        for (const QString& h : hosts)
            QVERIFY2(labels.contains(QStringLiteral("  name: \"%1\"\n").arg(h)), qPrintable(h));

        const NetBoxExport nb = netboxExport(d, QStringLiteral("Site"));
        QVERIFY2(nb.error.isEmpty(), qPrintable(nb.error));
        const QByteArray devices = nb.devicesCsv;
        std::map<QString, int> gpuServersPerRack;
        for (const QByteArray& line : devices.split('\n')) {
            const QStringList cells = QString::fromUtf8(line).split(QLatin1Char(','));
            if (cells.size() > 7 && cells[1] == QLatin1String("GPU server")) {
                QVERIFY2(hosts.count(cells[0]), qPrintable(cells[0]));
                ++gpuServersPerRack[cells[7]];
            }
        }
        QCOMPARE(gpuServersPerRack.size(), std::size_t(8));
        for (const auto& [rack, n] : gpuServersPerRack)
            QCOMPARE(n, 18);

        const QString schedule = QString::fromUtf8(cablingCsv(d));
        for (const QString& h : hosts) // each tray's 4 compute, 2 storage and 2 in-band cables
            QCOMPARE(schedule.count(QLatin1Char(',') + h + QLatin1Char(',')), 8);
    }

    /// A formatVersion 4 file (written by the previous release: one device per NVL72 rack)
    /// opens as its trays, with a note; its links keep their ids and land on the trays; saving
    /// it gives what generate writes now.
    void v4Nvl72RackMigratesToTrays() {
        const QString v4 =
            QStringLiteral(CDS_SOURCE_DIR "/tests/model/data/gb300-nvl72-2racks-v4.cds.json");
        QFile f(v4);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.contains("\"formatVersion\": 4"));
        QCOMPARE(bytes.count("\"type\": \"nvidia-gb300-nvl72\""), 2);
        const LoadResult lr = DesignFile::loadFromBytes(bytes, v4);
        QVERIFY2(lr.ok, qPrintable(lr.errors.empty() ? QString() : lr.errors[0].toString()));
        QCOMPARE(lr.fileFormatVersion, 4);
        QVERIFY2(lr.notes.join(u'\n').contains(
                     QLatin1String("migrated from formatVersion 4 to 5: rack-scale systems")),
                 qPrintable(lr.notes.join(u'\n')));
        QVERIFY(lr.notes.join(u'\n').contains(
            QLatin1String("2 x GB300 NVL72 as trays: 18 compute trays (hosts) per rack")));
        const DesignData& d = lr.data;
        const std::map<QString, QStringList> hosts = hostsByRack(d);
        QCOMPARE(hosts.size(), std::size_t(2));
        for (const auto& [rack, names] : hosts)
            QCOMPARE(names.size(), 18);
        const Analysis a = analyze(d);
        QCOMPARE(a.metrics.gpus, 144);
        const std::map<RackId, double> w = traysMaxW(d);
        QCOMPARE(w.size(), std::size_t(2));
        for (const auto& [rack, watts] : w) // each rack the system's 140 kW, to rounding
            QVERIFY2(std::abs(watts - 140000) <= 9, qPrintable(QString::number(watts)));
        QCOMPARE(a.findings.size(), std::size_t(0)); // every port the rack had cabled still is
        // Every link end that was on a rack now sits on one of its trays.
        d.links.forEach([&](LinkId, const Link& l) {
            for (const PortRef& e : {l.a, l.b})
                QVERIFY(d.devices.contains(e.device) && !d.typeOf(d.devices[e.device]).rackScale);
        });
        // The same design generated today: the migrated file saves to the same bytes, but for
        // the embedded catalog, which the bundled catalog has grown since the file was written
        // (a design keeps the entries it was saved with): each entry it has, generate has too.
        GenerateParams p;
        p.gpus = 144;
        p.serverId = QStringLiteral("nvidia-gb300-nvl72");
        p.switchId = QStringLiteral("nvidia-q3400");
        p.title = d.meta.title;
        p.power = std::nullopt; // a v4 file has no power chain, and migrating adds none
        const GenerateResult g = generateCluster(p, bundled().catalog());
        QVERIFY(g.ok);
        QJsonObject migrated = QJsonDocument::fromJson(DesignFile::toBytes(d)).object();
        QJsonObject generated = QJsonDocument::fromJson(DesignFile::toBytes(g.design)).object();
        const QJsonArray had = migrated.take(QStringLiteral("catalog")).toArray();
        const QJsonArray now = generated.take(QStringLiteral("catalog")).toArray();
        QVERIFY(had.size() > 0);
        for (const QJsonValue& entry : had)
            QVERIFY2(now.contains(entry), qPrintable(entry[QLatin1String("id")].toString()));
        QCOMPARE(migrated, generated);
    }

    /// A system whose catalog lists no trays (a user's own rack-scale entry) stays one
    /// device, and the split says why.
    void aSystemWithoutTraysIsKept() {
        test::Builder b;
        const RackId r = b.rack(QStringLiteral("R01"), 1200, 3000, CoolingType::DirectLiquid,
                                "rack-48u-600x1200");
        b.device(QStringLiteral("nvl01"), "nvidia-gb300-nvl72", r, 1);
        CatalogItem own = b.d.catalog[b.type("nvidia-gb300-nvl72")];
        own.trays.clear();
        b.d.catalog.add(own);
        const TraySplit s = splitRackScaleSystems(b.d, {});
        QCOMPARE(s.systems, 0);
        QCOMPARE(s.kept.size(), 1);
        QVERIFY(s.kept.front().contains(QLatin1String("lists no trays")));
        QCOMPARE(b.d.devices.size(), std::size_t(1));
        QCOMPARE(nvlinkDomains(b.d).front().nodes.size(), std::size_t(1));
    }
};

QTEST_APPLESS_MAIN(TestRackScale)
#include "tst_rack_scale.moc"
