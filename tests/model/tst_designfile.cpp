#include "TestDesigns.h"

#include "model/json/DesignFile.h"
#include "model/json/DesignJson.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>

using namespace cds;

/// @brief Design files: canonical bytes, lossless round trip, atomic save, hostile input.
class TestDesignFile : public QObject {
    Q_OBJECT
    static LoadResult loadText(const QByteArray& text) {
        return DesignFile::loadFromBytes(text, QStringLiteral("t.cds.json"));
    }
    static QByteArray sample() { return DesignFile::toBytes(test::smallCluster()); }
    /// The formatVersion line this build writes.
    static QByteArray current() {
        return QByteArray("\"formatVersion\": " + QByteArray::number(kDesignFormatVersion));
    }
    /// Replaces the first occurrence of @p from in the sample design's text.
    static QByteArray patched(const QByteArray& from, const QByteArray& to) {
        QByteArray s = sample();
        const auto at = s.indexOf(from);
        if (at < 0)
            qFatal("pattern not in sample: %s", from.constData());
        return s.replace(at, from.size(), to);
    }
    static void expectError(const LoadResult& r, const QString& field, const char* words) {
        QVERIFY(!r.ok);
        QVERIFY(!r.errors.empty());
        const FileError& e = r.errors.front();
        QVERIFY2(e.field.startsWith(field), qPrintable(e.toString()));
        QVERIFY2(e.message.contains(QLatin1String(words)), qPrintable(e.toString()));
        QVERIFY2(e.line > 0, qPrintable(e.toString()));
    }
private Q_SLOTS:
    /// The bundled examples are at this version and canonical: they open without a migration
    /// note, and saving one unchanged writes the same bytes.
    void examplesAreCurrentAndCanonical() {
        const QDir dir(QStringLiteral(CDS_SOURCE_DIR "/resources/examples"));
        const QStringList files = dir.entryList({QStringLiteral("*.cds.json")});
        QVERIFY(files.size() >= 3);
        for (const QString& name : files) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            const LoadResult r = DesignFile::loadFromBytes(bytes, name);
            QVERIFY2(r.ok, qPrintable(name));
            QCOMPARE(r.fileFormatVersion, kDesignFormatVersion);
            QVERIFY2(r.notes.isEmpty(), qPrintable(name + QLatin1Char(' ') + r.notes.join(u'|')));
            QVERIFY2(DesignFile::toBytes(r.data) == bytes, qPrintable(name));
        }
    }
    void saveTwiceGivesIdenticalBytes() {
        const DesignData d = test::smallCluster();
        QCOMPARE(DesignFile::toBytes(d), DesignFile::toBytes(d));
    }
    void roundTripIsLossless() {
        const DesignData d = test::smallCluster();
        const QByteArray bytes = DesignFile::toBytes(d);
        LoadResult r = loadText(bytes);
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(DesignFile::toBytes(r.data), bytes);
        QCOMPARE(r.data.devices.size(), d.devices.size());
        QCOMPARE(r.data.links.size(), d.links.size());
        QCOMPARE(r.data.racks[RackId(0)].name, QStringLiteral("R01"));
        QCOMPARE(r.data.racks[RackId(0)].cooling, CoolingType::DirectLiquid);
    }
    void parallelTraysAsOneWideSegmentReload() {
        // At 100,000 GPUs the generator sizes a crowded trunk as parallel trays 12.3 m wide in
        // all: the file it saves must open again.
        DesignData d = test::smallCluster();
        Pathway trunk;
        trunk.name = QStringLiteral("Trunk 1");
        trunk.kind = PathwayKind::FibreRunner;
        trunk.from = {0, 0};
        trunk.to = {0, 9000};
        trunk.widthMm = 12300;
        trunk.depthMm = 150;
        d.pathways.add(trunk);
        LoadResult r = loadText(DesignFile::toBytes(d));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.pathways.size(), std::size_t(1));
        QCOMPARE(r.data.pathways.ids().size(), std::size_t(1));
        QCOMPARE(r.data.pathways[r.data.pathways.ids().front()].widthMm, 12300.0);
    }
    void holesInIdsSurviveRoundTrip() {
        DesignData d = test::smallCluster();
        d.links.take(LinkId(3));
        d.devices.take(DeviceId(5)); // the OOB switch, with its links
        std::vector<LinkId> drop;
        d.links.forEach([&](LinkId id, const Link& l) {
            if (l.a.device == DeviceId(5) || l.b.device == DeviceId(5))
                drop.push_back(id);
        });
        for (LinkId id : drop)
            d.links.take(id);
        LoadResult r = loadText(DesignFile::toBytes(d));
        QVERIFY(r.ok);
        QVERIFY(!r.data.links.contains(LinkId(3)));
        QVERIFY(r.data.links.contains(LinkId(4)));
        QCOMPARE(DesignFile::toBytes(r.data),
                 DesignFile::toBytes(d)); // TypeIds may be renumbered; content may not
    }
    void keysAreStableAndReadable() {
        const QByteArray s = sample();
        QVERIFY(s.startsWith(QByteArray("{\n  " + current() + ",")));
        // One link per line: diffs of cabling changes stay line-sized.
        QVERIFY(s.contains("\n      [0, 0, 0, 2, 0, 0, null],\n"));
    }
    void embedsOnlyUsedCatalogEntries() {
        test::Builder b = {test::smallCluster()};
        b.type("nvidia-dgx-b200"); // embedded but unused: not saved
        LoadResult r = loadText(DesignFile::toBytes(b.d));
        QVERIFY(r.ok);
        QVERIFY(!r.data.catalog.find(QStringLiteral("nvidia-dgx-b200")));
        QVERIFY(r.data.catalog.find(QStringLiteral("nvidia-dgx-h100")));
    }
    void atomicSaveKeepsPreviousFileOnFailure() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("d.cds.json"));
        QString error;
        QVERIFY(DesignFile::save(test::smallCluster(), path, &error));
        const QByteArray before = QFile(path).exists() ? [&] { QFile f(path); f.open(QIODevice::ReadOnly); return f.readAll(); }() : QByteArray();
        QVERIFY(!before.isEmpty());
        // A save that cannot complete (target directory made read-only) must not touch it.
        QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        DesignData changed = test::smallCluster();
        changed.meta.title = QStringLiteral("changed");
        const bool ok = DesignFile::save(changed, path, &error);
        QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                              QFileDevice::ExeOwner);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        if (ok) // running as root: permissions do not bind; the save then completed atomically
            QVERIFY(f.readAll().contains("\"changed\""));
        else {
            QCOMPARE(f.readAll(), before);
            QVERIFY(error.contains(path));
        }
        const auto leftovers = QDir(dir.path()).entryList(QDir::Files);
        QCOMPARE(leftovers, QStringList{QStringLiteral("d.cds.json")}); // no temp file left
    }
    void saveIntoMissingFolderFailsCleanly() {
        QString error;
        QVERIFY(!DesignFile::save(test::smallCluster(),
                                  QStringLiteral("/nonexistent-dir/x.cds.json"), &error));
        QVERIFY(error.contains(QLatin1String("/nonexistent-dir/x.cds.json")));
    }
    void refusesNewerFormat() {
        LoadResult r = loadText(patched(
            current(), "\"formatVersion\": " + QByteArray::number(kDesignFormatVersion + 1)));
        expectError(r, QStringLiteral("/formatVersion"), "newer version");
    }
    void migratesVersion1Links() {
        // Version 1 stored links as objects.
        QByteArray v1 =
            QByteArray(R"({"formatVersion": 1,
 "hall": {"widthMm": 10000, "depthMm": 8000},
 "fabrics": [{"name": "compute", "kind": "compute"}],
 "catalog": [)") +
            test::bundled()
                .catalog()
                .item(QStringLiteral("rack-42u-600x1200"))
                ->canonicalJson.c_str() +
            QByteArray(",") +
            test::bundled().catalog().item(QStringLiteral("nvidia-qm9700"))->canonicalJson.c_str() +
            R"(],
 "racks": [{"id": 0, "name": "R1", "type": "rack-42u-600x1200", "x": 1000, "y": 1000}],
 "devices": [{"id": 0, "name": "a", "type": "nvidia-qm9700", "rack": 0, "u": 1},
             {"id": 1, "name": "b", "type": "nvidia-qm9700", "rack": 0, "u": 2}],
 "links": [{"id": 7, "a": {"device": 0, "port": 1}, "b": {"device": 1, "port": 2}, "fabric": 0}]
})";
        LoadResult r = loadText(v1);
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.fileFormatVersion, 1);
        // The chain, one note a step: v1 -> v2 (links), v2 -> v3 (pathways), v3 -> v4
        // (cooling products), v4 -> v5 (rack-scale trays), and on to this version.
        QCOMPARE(r.notes.size(), kDesignFormatVersion - 1);
        QVERIFY(r.notes[0].contains(QLatin1String("column rows")));
        QVERIFY(r.notes[1].contains(QLatin1String("pathways")));
        QVERIFY(r.notes[2].contains(QLatin1String("cooling product")));
        QVERIFY(r.notes[3].contains(QLatin1String("rack-scale")));
        QVERIFY(r.notes[4].contains(QLatin1String("power chain")));
        QVERIFY(r.notes[5].contains(QLatin1String("campus")));
        QVERIFY(r.data.pathways.empty());
        QVERIFY(r.data.links.contains(LinkId(7)));
        QCOMPARE(r.data.links[LinkId(7)].b.port, std::uint16_t(2));
    }
    void hostileInput_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("words");
        QTest::newRow("empty") << QByteArray("") << QString() << QStringLiteral("empty");
        QTest::newRow("truncated") << sample().left(sample().size() / 2) << QString() << QString();
        QTest::newRow("not an object")
            << QByteArray("[1,2]") << QString() << QStringLiteral("expected an object");
        QTest::newRow("deep nesting")
            << QByteArray(100000, '[') << QString() << QStringLiteral("nesting deeper");
        QTest::newRow("huge number")
            << patched("\"widthMm\": ", "\"widthMm\": 99999999999999")
            << QStringLiteral("/hall/widthMm") << QStringLiteral("outside the allowed range");
        QTest::newRow("overflowing integer")
            << patched("\"u\": 2", "\"u\": 99999999999999999999999")
            << QStringLiteral("/devices/0/u") << QString();
        QTest::newRow("wrong type")
            << patched("\"name\": \"R01\"", "\"name\": 17") << QStringLiteral("/racks/0/name")
            << QStringLiteral("expected a string");
        QTest::newRow("dangling rack")
            << patched("\"rack\": 0,", "\"rack\": 42,") << QStringLiteral("/devices/0/rack")
            << QStringLiteral("does not exist");
        QTest::newRow("dangling device in link")
            << patched("[0, 0, 0, 2, 0, 0, null]", "[0, 99, 0, 2, 0, 0, null]")
            << QStringLiteral("/links/rows/0/1") << QStringLiteral("does not exist");
        QTest::newRow("port out of range")
            << patched("[0, 0, 0, 2, 0, 0, null]", "[0, 0, 0, 2, 5000, 0, null]")
            << QStringLiteral("/links/rows/0/4") << QStringLiteral("does not exist");
        QTest::newRow("duplicate id")
            << patched("\"id\": 1,", "\"id\": 0,") << QStringLiteral("/racks/1/id")
            << QStringLiteral("duplicate id");
        QTest::newRow("unknown cooling")
            << patched("\"cooling\": \"air\"", "\"cooling\": \"fans\"")
            << QStringLiteral("/racks/1/cooling") << QStringLiteral("direct-liquid");
        QTest::newRow("unknown type")
            << patched("\"type\": \"nvidia-dgx-h100\"", "\"type\": \"nvidia-dgx-h999\"")
            << QStringLiteral("/devices/0/type") << QStringLiteral("embedded catalog");
        QTest::newRow("bad rotation")
            << patched("\"rotation\": 0", "\"rotation\": 45") << QStringLiteral("/racks/0/rotation")
            << QStringLiteral("0, 90, 180 or 270");
        QTest::newRow("not a cooling product")
            << patched("\"cooling\": \"air\"",
                       "\"cooling\": \"air\", \"coolingProduct\": \"nvidia-dgx-h100\"")
            << QStringLiteral("/racks/1/coolingProduct") << QStringLiteral("not a cooling product");
        QTest::newRow("unknown inlet class")
            << patched("\"inletClass\": \"A2\"", "\"inletClass\": \"B9\"")
            << QStringLiteral("/settings/inletClass") << QStringLiteral("A1, A2, A3 or A4");
        QTest::newRow("negative version") << patched(current(), "\"formatVersion\": -1")
                                          << QStringLiteral("/formatVersion") << QString();
    }
    void hostileInput() {
        QFETCH(QByteArray, text);
        QFETCH(QString, field);
        QFETCH(QString, words);
        LoadResult r = loadText(text);
        QVERIFY(!r.ok);
        QVERIFY(!r.errors.empty());
        const FileError& e = r.errors.front();
        QVERIFY2(e.file == QLatin1String("t.cds.json"), qPrintable(e.toString()));
        if (!field.isEmpty())
            QVERIFY2(e.field == field, qPrintable(e.toString()));
        if (!words.isEmpty())
            QVERIFY2(e.message.contains(words), qPrintable(e.toString()));
        QVERIFY2(e.line > 0 || text.isEmpty(), qPrintable(e.toString()));
        QVERIFY(r.data.racks.empty()); // nothing half-loaded
    }
    void progressRisesToHundred() {
        const QByteArray bytes = sample();
        std::vector<int> seen;
        const LoadResult r =
            DesignFile::loadFromBytes(bytes, QStringLiteral("t.cds.json"), [&](int p) {
                seen.push_back(p);
                return true;
            });
        QVERIFY(r.ok);
        QVERIFY(seen.size() >= 3);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.back(), 100);
        QTemporaryDir dir;
        seen.clear();
        QString error;
        QVERIFY(DesignFile::save(r.data, dir.filePath(QStringLiteral("p.cds.json")), &error,
                                 [&](int p) {
                                     seen.push_back(p);
                                     return true;
                                 }));
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.back(), 100);
    }
    /// Cancelling at each point a load reports progress gives a clean "cancelled", never a
    /// half-read design.
    void cancelledLoadAtEveryPoint() {
        const QByteArray bytes = sample();
        int calls = 0;
        QVERIFY(DesignFile::loadFromBytes(bytes, QStringLiteral("t.cds.json"), [&](int) {
                    ++calls;
                    return true;
                }).ok);
        for (int k = 0; k < calls; ++k) {
            int n = 0;
            const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("t.cds.json"),
                                                           [&](int) { return n++ < k; });
            QVERIFY(!r.ok);
            QVERIFY(r.cancelled);
            QVERIFY(r.data.racks.empty() && r.data.devices.empty());
            QVERIFY(r.errors.front().message.contains(QLatin1String("cancelled")));
        }
    }
    /// Cancelling a save at any point leaves the previous file byte for byte, and no
    /// temporary file behind; the final report (100) comes after the commit and cannot cancel.
    void cancelledSaveKeepsTheFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("keep.cds.json"));
        DesignData before = test::smallCluster();
        QString error;
        QVERIFY(DesignFile::save(before, path, &error));
        const QByteArray original = DesignFile::toBytes(before);
        DesignData changed = before;
        changed.meta.title = QStringLiteral("changed");
        int calls = 0;
        const QString other = dir.filePath(QStringLiteral("count.cds.json"));
        QVERIFY(DesignFile::save(changed, other, &error, [&](int) {
            ++calls;
            return true;
        }));
        QFile::remove(other);
        QVERIFY(calls >= 3);
        for (int k = 0; k < calls - 1; ++k) {
            int n = 0;
            QVERIFY(!DesignFile::save(changed, path, &error, [&](int) { return n++ < k; }));
            QVERIFY2(error.contains(QLatin1String("cancelled")), qPrintable(error));
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), original);
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"keep.cds.json"});
        }
    }
    /// The fast link reader takes a row only when the checked one would read it the same;
    /// everything unusual goes to the checked reader, which words the error.
    void fastLinkRowsAgreeWithTheCheckedReader() {
        const DesignData d = test::smallCluster();
        const LinkId first = d.links.ids().front();
        const Link& l = d.links[first];
        const auto row = [&](json::Json a, json::Json b, json::Json medium = nullptr) {
            return json::Json::array({first.value(), l.a.device.value(), a, l.b.device.value(), b,
                                      l.fabric.value(), medium});
        };
        LinkId id;
        Link out;
        QVERIFY(json::tryReadLinkRow(d, row(l.a.port, l.b.port), id, out));
        LinkId checkedId;
        const Link checked = json::readLinkRow(d, row(l.a.port, l.b.port), "/r", checkedId);
        QCOMPARE(id, checkedId);
        QVERIFY(out == checked);
        const json::Json unusual[] = {
            row(l.a.port, l.b.port, "some-cable"), // pinned medium: looked up by the checked reader
            row(65536, l.b.port),                  // port out of range
            row(-1, l.b.port),
            row(1.5, l.b.port),
            row("1", l.b.port),
            row(l.a.port, 60000), // no such port on the device
            json::Json::array({first.value(), 999999, 0, l.b.device.value(), 0, 0, nullptr}),
            json::Json::array({first.value(), l.a.device.value(), l.a.port, l.a.device.value(),
                               l.a.port, l.fabric.value(), nullptr}), // a port to itself
            json::Json::array({first.value(), l.a.device.value(), l.a.port, l.b.device.value(),
                               l.b.port, 99, nullptr}), // no such fabric
            json::Json::array({first.value(), l.a.device.value()}),
        };
        for (const json::Json& r : unusual)
            QVERIFY2(!json::tryReadLinkRow(d, r, id, out), r.dump().c_str());
    }
    void missingFileReported() {
        LoadResult r = DesignFile::load(QStringLiteral("/no/such/file.cds.json"));
        QVERIFY(!r.ok);
        QVERIFY(r.errors.front().toString().contains(QLatin1String("/no/such/file.cds.json")));
    }
};

QTEST_APPLESS_MAIN(TestDesignFile)
#include "tst_designfile.moc"
