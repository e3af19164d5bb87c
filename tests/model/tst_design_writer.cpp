// The streamed design writer (model/json/JsonWriter, json::writeDocument) against the tree
// writer it replaced: for every design below, the file's bytes equal those of dumpStable (the
// tree writer save used before) over the same document, and the compact style's bytes those
// of nlohmann's dump() (what the edit journal wrote). Files saved by the tree writer (the
// bundled examples, a campus with an 800 V DC power chain) load and save to the same bytes.
#include "HostileDesign.h"
#include "TestDesigns.h"

#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/json/DesignJson.h"
#include "model/scenarios/ScenarioEdit.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <stdexcept>

using namespace cds;
using json::JsonWriter;
using OJson = nlohmann::ordered_json;

namespace {

QByteArray bytes(const std::string& s) {
    return QByteArray(s.data(), qsizetype(s.size()));
}

/// The document in the journal's compact style.
std::string compact(const DesignData& d) {
    std::string out;
    JsonWriter w(out, JsonWriter::Style::Compact);
    json::writeDocument(w, d);
    return out;
}

/// Some links on a pinned cable, a few objects deleted (ids with gaps), build phases.
void editSome(DesignData& d) {
    TypeId cable;
    for (std::size_t i = 0; i < d.catalog.size() && !cable; ++i)
        if (d.catalog.items()[i].category == Category::Cable)
            cable = TypeId(static_cast<TypeId::Rep>(i));
    QVERIFY(cable);
    int k = 0;
    std::vector<LinkId> drop;
    d.links.forEach([&](LinkId id, Link& l) {
        if (k % 7 == 0)
            l.pinnedMedium = cable;
        if (k % 11 == 5)
            drop.push_back(id);
        ++k;
    });
    for (LinkId id : drop)
        d.links.take(id);
    d.phases = {{QStringLiteral("Phase 1"), QStringLiteral("2027-03-01")},
                {QStringLiteral("Phase \"2\""), {}}};
    d.racks.forEach([&](RackId id, Rack& r) { r.phase = std::int16_t(id.value() % 2); });
}

DesignData withScenarios(const DesignData& base) {
    Design design(base);
    ScenariosEdit::addCurrent(design.data(), QStringLiteral("as \"built\""))->apply(design);
    DesignData variant = design.data();
    variant.racks.forEach([](RackId, Rack& r) { r.cooling = CoolingType::Air; });
    test::makeHostile(variant);
    design.reset(variant);
    ScenariosEdit::addCurrent(design.data(), QString::fromUtf8("air \xF0\x9F\x8C\xAC"))
        ->apply(design);
    return design.data();
}

GenerateParams params(int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    return p;
}

} // namespace

/// @brief The streamed save writes the tree writer's bytes, and its compact style dump()'s.
class TestDesignWriter : public QObject {
    Q_OBJECT

    /// The streamed file equals dumpStable of the same document (read back from the compact
    /// style), which equals nlohmann's dump(); and the file loads and saves to itself.
    static void requireTreeBytes(const DesignData& d) {
        const std::string small = compact(d);
        const OJson tree = OJson::parse(small);
        QCOMPARE(bytes(tree.dump()), bytes(small));
        const QByteArray streamed = DesignFile::toBytes(d);
        QCOMPARE(streamed, bytes(json::dumpStable(tree)));
        const LoadResult r = DesignFile::loadFromBytes(streamed, QStringLiteral("w.cds.json"));
        QVERIFY2(r.ok, qPrintable(r.errors.empty() ? QString() : r.errors[0].toString()));
        QCOMPARE(DesignFile::toBytes(r.data), streamed);
    }

private Q_SLOTS:
    void streamedBytesAreTheTreeWritersBytes_data() {
        QTest::addColumn<QString>("name");
        for (const char* n : {"two dgx", "1,024 GPUs", "1,024 GPUs, hostile names",
                              "1,024 GPUs, pinned cables, gaps, phases", "campus of 2 halls",
                              "800 V DC NVL72 (power racks on the floor)", "scenarios"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void streamedBytesAreTheTreeWritersBytes() {
        QFETCH(QString, name);
        DesignData d;
        if (name == QLatin1String("two dgx")) {
            d = test::smallCluster();
        } else if (name.startsWith(QLatin1String("1,024 GPUs"))) {
            d = test::generatedOrDie(params(1024));
            QVERIFY(!d.power.isEmpty());
            if (name.contains(QLatin1String("hostile")))
                test::makeHostile(d);
            if (name.contains(QLatin1String("pinned")))
                editSome(d);
        } else if (name.startsWith(QLatin1String("campus"))) {
            GenerateParams p = params(1024);
            p.halls = 2;
            d = test::generatedOrDie(p);
            QCOMPARE(d.halls.size(), std::size_t(2));
        } else if (name.startsWith(QLatin1String("800 V"))) {
            GenerateParams p = params(576);
            p.serverId = QStringLiteral("nvidia-gb300-nvl72");
            p.switchId = QStringLiteral("nvidia-q3400");
            p.power->dc800 = true;
            d = test::generatedOrDie(p);
        } else {
            d = withScenarios(test::smallCluster());
            QCOMPARE(d.scenarios.size(), std::size_t(2));
        }
        requireTreeBytes(d);
    }

    /// Files the tree writer saved: the bundled examples and a campus with halls, an 800 V DC
    /// chain (power racks with their floor areas) and rack feeds.
    void filesSavedByTheTreeWriterKeepTheirBytes_data() {
        QTest::addColumn<QString>("path");
        const QDir examples(QStringLiteral(CDS_SOURCE_DIR "/resources/examples"));
        for (const QString& f : examples.entryList({QStringLiteral("*.cds.json")}, QDir::Files))
            QTest::newRow(qPrintable(f)) << examples.filePath(f);
        QTest::newRow("nvl72-campus-dc800-v7")
            << QStringLiteral(CDS_SOURCE_DIR "/tests/model/data/nvl72-campus-dc800-v7.cds.json");
    }
    void filesSavedByTheTreeWriterKeepTheirBytes() {
        QFETCH(QString, path);
        const QByteArray saved = test::fileBytes(path);
        const LoadResult r = DesignFile::loadFromBytes(saved, path);
        QVERIFY2(r.ok, qPrintable(r.errors.empty() ? QString() : r.errors[0].toString()));
        QVERIFY(r.notes.isEmpty()); // the current format: nothing migrated
        QCOMPARE(DesignFile::toBytes(r.data), saved);
        requireTreeBytes(r.data);
    }

    void emptyContainersAndNestingAreLaidOutAsTheTreeWriterDoes() {
        // (No raw string literal here: Qt 6.4's moc misreads one holding \" and finds no class.)
        const OJson doc = OJson::parse("{\"a\": [], \"b\": {}, \"c\": [1, 2.5, \"x\", null, true], "
                                       "\"d\": [[], {}, [1, [2]], {\"e\": [{\"f\": []}]}], \"g\": "
                                       "[{}, 3], \"h\": \"\\u00e9\\\"\\\\\\n\"}");
        for (const auto style : {JsonWriter::Style::Stable, JsonWriter::Style::Compact}) {
            std::string out;
            JsonWriter w(out, style);
            w.beginObject();
            w.key("a");
            w.beginArray();
            w.endArray();
            w.key("b");
            w.beginObject();
            w.endObject();
            w.key("c");
            w.beginArray();
            w.value(1);
            w.value(2.5);
            w.value("x");
            w.value(nullptr);
            w.value(true);
            w.endArray();
            w.key("d");
            w.beginArray();
            w.beginArray();
            w.endArray();
            w.value(OJson::object());
            w.value(OJson::parse("[1, [2]]"));
            w.beginObject();
            w.member("e", OJson::parse(R"([{"f": []}])"));
            w.endObject();
            w.endArray();
            w.key("g");
            w.beginArray();
            w.beginObject();
            w.endObject();
            w.value(3); // a scalar after an object: the array is laid out on lines
            w.endArray();
            w.member("h", std::string("\xC3\xA9\"\\\n"));
            w.endObject();
            if (style == JsonWriter::Style::Stable)
                QCOMPARE(bytes(out + "\n"), bytes(json::dumpStable(doc)));
            else
                QCOMPARE(bytes(out), bytes(doc.dump()));
        }
    }

    // A scalar then an object in one array: the tree writer would lay it out on lines, which
    // the streamed array (already on one line) cannot; refused rather than written unlike it.
    void anObjectAfterAScalarInAnArrayIsRefused() {
        std::string out;
        JsonWriter w(out);
        w.beginArray();
        w.value(1);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, w.beginObject());
    }

    void saveReportsProgressAndCancelsWithoutWriting() {
        const DesignData d = test::generatedOrDie(params(1024));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.cds.json"));
        int last = -1;
        bool rising = true;
        QString error;
        QVERIFY(DesignFile::save(d, path, &error, [&](int p) {
            rising = rising && p >= last;
            last = p;
            return true;
        }));
        QVERIFY(rising);
        QCOMPARE(last, 100);
        QCOMPARE(test::fileBytes(path), DesignFile::toBytes(d));
        const QString other = dir.filePath(QStringLiteral("q.cds.json"));
        QVERIFY(!DesignFile::save(d, other, &error, [](int p) { return p < 30; }));
        QVERIFY(error.contains(QLatin1String("cancelled")));
        QVERIFY(!QFile::exists(other));
    }
};

QTEST_APPLESS_MAIN(TestDesignWriter)
#include "tst_design_writer.moc"
