// The streamed design reader (DesignFile::loadStreamed over json::StreamReader) against the
// tree reader it stands in front of (DesignFile::loadTree, the reader before it): for every
// design below both read the same DesignData, and a file the streamed reader does not take (an
// older formatVersion, keys out of order, any refusal) is read by the tree reader, so a refusal
// deep in a big array names the file, line, column and JSON pointer it always did.
#include "HostileDesign.h"
#include "TestDesigns.h"

#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/json/JsonStream.h"
#include "model/scenarios/ScenarioEdit.h"

#include <QDir>
#include <QFile>

#include <algorithm>
#include <optional>
#include <random>
#include <vector>

using namespace cds;

namespace {

const QString kName = QStringLiteral("r.cds.json");

DesignData generated(int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    return test::generatedOrDie(p);
}

DesignData withScenarios(const DesignData& base) {
    Design design(base);
    ScenariosEdit::addCurrent(design.data(), QStringLiteral("as built"))->apply(design);
    DesignData variant = design.data();
    variant.racks.forEach([](RackId, Rack& r) { r.cooling = CoolingType::Air; });
    design.reset(variant);
    ScenariosEdit::addCurrent(design.data(), QStringLiteral("air"))->apply(design);
    return design.data();
}

/// Reads {"rows": [...]} element by element, taking rows of three cells as the reader scans
/// them (as the design reader takes link rows of seven) and the rest built.
class RowSink : public json::StreamSink {
public:
    std::vector<json::Json> elements; ///< in index order, scanned rows as arrays
    int scanned = 0;                  ///< elements taken through row()
    int scannedAfterBuilt = 0;        ///< of them, after an element that was built

    Shape shape(const std::string& p) override {
        return p.empty() ? Shape::Members : p == "/rows" ? Shape::Elements : Shape::Whole;
    }
    void value(const std::string&, json::Json&&) override {}
    void element(const std::string&, std::size_t i, json::Json& v) override {
        QCOMPARE(i, elements.size());
        elements.push_back(v);
        m_built = true;
    }
    bool row(const std::string& p, std::size_t i, const std::int64_t* cells,
             std::size_t n) override {
        if (p != "/rows" || n != 3)
            return false;
        if (i != elements.size())
            throw std::logic_error("row index out of order");
        json::Json r = json::Json::array();
        for (std::size_t c = 0; c < n; ++c)
            r.push_back(cells[c] == json::kNullCell ? json::Json()
                                                    : json::Json(std::uint64_t(cells[c])));
        elements.push_back(std::move(r));
        ++scanned;
        if (m_built && elements.size() > 2)
            ++scannedAfterBuilt;
        return true;
    }
    void end(const std::string&) override {}

private:
    bool m_built = false;
};

/// @p text read by json::StreamReader into a RowSink agrees with nlohmann's parse of it: the
/// same refusal, or the same elements (a scanned cell as the parser types it). Returns the
/// sink for the caller's further checks.
RowSink requireRowsAsParsed(const std::string& text) {
    RowSink sink;
    json::StreamReader reader(text);
    bool read = false;
    try {
        read = reader.read(sink);
    } catch (const json::NotStreamed&) {
        read = false;
    }
    const json::Json doc = json::Json::parse(text, nullptr, false);
    const bool parsed = !doc.is_discarded() && text.find('\0') == std::string::npos;
    if (read != parsed)
        qWarning("read %d, parsed %d: %s", int(read), int(parsed), text.c_str());
    [&] { QCOMPARE(read, parsed); }();
    if (read && parsed && doc.is_object() && doc.contains("rows") && doc["rows"].is_array()) {
        const json::Json& rows = doc["rows"];
        [&] {
            QCOMPARE(sink.elements.size(), rows.size());
            for (std::size_t i = 0; i < rows.size(); ++i) {
                QVERIFY2(sink.elements[i] == rows[i], text.c_str());
                // the parser's types too: 5 is unsigned, -5 integer, 5.0 a double
                QVERIFY2(sink.elements[i].dump() == rows[i].dump(), text.c_str());
            }
        }();
    }
    return sink;
}

/// Takes the root whole.
class WholeSink : public json::StreamSink {
public:
    json::Json got;
    Shape shape(const std::string&) override { return Shape::Whole; }
    void value(const std::string&, json::Json&& v) override { got = std::move(v); }
    void element(const std::string&, std::size_t, json::Json&) override {}
    void end(const std::string&) override {}
};

/// json::StreamReader takes @p text whole exactly when json::parse (the tree reader's
/// parser, which words refusals) takes it, and reads the value it reads, typed as it types
/// it (5 unsigned, -5 signed, 5.0 and 1e400's neighbours doubles, -0.0 apart from 0.0).
void requireReadAsParsed(const std::string& text) {
    WholeSink sink;
    json::StreamReader reader(text);
    const bool read = reader.read(sink);
    json::Json doc;
    FileError error;
    const bool parsed = json::parse(text, QStringLiteral("t"), doc, error);
    const QByteArray shown = QByteArray::fromStdString(text).toPercentEncoding(" {}[]:,\"");
    if (read != parsed)
        qWarning("read %d, parsed %d: %s", int(read), int(parsed), shown.constData());
    [&] { QCOMPARE(read, parsed); }();
    if (read && parsed)
        [&] {
            QVERIFY2(sink.got == doc, shown.constData());
            QVERIFY2(sink.got.dump() == doc.dump(), shown.constData());
        }();
}

/// @p base with one to three characters changed, cut (up to three) or put in from @p chars
/// (sizeof - 1 of them), each at least @p from into the text and @p margin before its end.
template <std::size_t N>
std::string damaged(std::string b, std::size_t from, std::size_t margin, const char (&chars)[N],
                    std::mt19937& rng) {
    for (int m = 0, n = 1 + int(rng() % 3); m < n; ++m) {
        const std::size_t at = from + rng() % std::uint32_t(b.size() - from - margin);
        switch (rng() % 3) {
        case 0:
            b[at] = chars[rng() % (N - 1)];
            break;
        case 1:
            b.erase(at, 1 + rng() % 3);
            break;
        default:
            b.insert(at, 1, chars[rng() % (N - 1)]);
            break;
        }
    }
    return b;
}

/// Line and column (1-based) of byte @p offset in @p text.
std::pair<int, int> lineColumn(const QByteArray& text, qsizetype offset) {
    const qsizetype lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    return {int(text.left(offset).count('\n')) + 1, int(offset - lineStart) + 1};
}

} // namespace

/// @brief The streamed read gives the tree read's design; refusals are the tree read's.
class TestDesignReader : public QObject {
    Q_OBJECT

    /// Streamed and tree reads of @p bytes agree, and loadFromBytes takes the streamed one.
    static void requireSameRead(const QByteArray& bytes) {
        const std::optional<LoadResult> s = DesignFile::loadStreamed(bytes, kName);
        QVERIFY2(s.has_value(), "the streamed reader gave the file to the tree reader");
        QVERIFY2(s->ok, qPrintable(s->errors.empty() ? QString() : s->errors[0].toString()));
        const LoadResult t = DesignFile::loadTree(bytes, kName);
        QVERIFY2(t.ok, qPrintable(t.errors.empty() ? QString() : t.errors[0].toString()));
        QVERIFY(s->data == t.data);
        QCOMPARE(s->notes, t.notes);
        QCOMPARE(s->fileFormatVersion, t.fileFormatVersion);
        QCOMPARE(DesignFile::toBytes(s->data), bytes);
    }

    /// @p bytes is refused at @p line:@p column, @p field, by loadFromBytes exactly as by the
    /// tree reader, and the streamed reader does not take it.
    static void requireRefusal(const QByteArray& bytes, int line, int column, const QString& field,
                               const char* words) {
        QVERIFY(!DesignFile::loadStreamed(bytes, kName).has_value());
        std::vector<int> seen;
        const LoadResult r = DesignFile::loadFromBytes(bytes, kName, [&](int p) {
            seen.push_back(p);
            return true;
        });
        const LoadResult t = DesignFile::loadTree(bytes, kName);
        QVERIFY(!r.ok && !t.ok);
        QVERIFY(!r.errors.empty());
        QCOMPARE(r.errors.size(), t.errors.size());
        const FileError& e = r.errors.front();
        QCOMPARE(e.toString(), t.errors.front().toString());
        QCOMPARE(e.file, kName);
        QCOMPARE(e.field, field);
        QCOMPARE(e.line, line);
        QCOMPARE(e.column, column);
        QVERIFY2(e.message.contains(QLatin1String(words)), qPrintable(e.toString()));
        QVERIFY(r.data.racks.empty() && r.data.devices.empty() && r.data.links.empty());
        // The tree read after the streamed one never reports less than the streamed one did.
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    }

    enum class Read { Streamed, ByTheTree, Refused };
    /// Whatever the streamed reader takes of @p b, the tree reader takes too and reads the
    /// same design; whatever it gives back, loadFromBytes refuses or reads exactly as the tree
    /// reader does. @p i names the case in a failure.
    static Read readAsTheTreeReads(const QByteArray& b, int i) {
        const std::optional<LoadResult> s = DesignFile::loadStreamed(b, kName);
        const LoadResult t = DesignFile::loadTree(b, kName);
        const QByteArray what = QByteArray::number(i);
        if (s) {
            [&] {
                QVERIFY2(s->ok && t.ok, what);
                QVERIFY2(s->data == t.data, what);
            }();
            return Read::Streamed;
        }
        const LoadResult r = DesignFile::loadFromBytes(b, kName);
        [&] {
            QCOMPARE(r.ok, t.ok);
            QVERIFY2(r.ok ? r.data == t.data
                          : r.errors.front().toString() == t.errors.front().toString(),
                     what);
        }();
        return r.ok ? Read::ByTheTree : Read::Refused;
    }

    static QByteArray design1024() {
        static const QByteArray bytes = DesignFile::toBytes(generated(1024));
        return bytes;
    }

private Q_SLOTS:
    void bundledExamplesReadTheSame_data() {
        QTest::addColumn<QString>("path");
        const QDir examples(QStringLiteral(CDS_SOURCE_DIR "/resources/examples"));
        const QStringList files = examples.entryList({QStringLiteral("*.cds.json")}, QDir::Files);
        QVERIFY(files.size() >= 3);
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << examples.filePath(f);
        QTest::newRow("nvl72-campus-dc800-v7")
            << QStringLiteral(CDS_SOURCE_DIR "/tests/model/data/nvl72-campus-dc800-v7.cds.json");
    }
    void bundledExamplesReadTheSame() {
        QFETCH(QString, path);
        requireSameRead(test::fileBytes(path));
    }

    void generatedDesignsReadTheSame_data() {
        QTest::addColumn<QString>("name");
        for (const char* n :
             {"two dgx", "1,024 GPUs", "1,024 GPUs, hostile names", "1,024 GPUs, phases",
              "campus of 2 halls", "800 V DC GB300 NVL72", "scenarios"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void generatedDesignsReadTheSame() {
        QFETCH(QString, name);
        DesignData d;
        if (name == QLatin1String("two dgx")) {
            d = test::smallCluster();
        } else if (name.startsWith(QLatin1String("1,024 GPUs"))) {
            d = generated(1024);
            if (name.contains(QLatin1String("hostile")))
                test::makeHostile(d);
            if (name.contains(QLatin1String("phases"))) {
                d.phases = {{QStringLiteral("Phase 1"), QStringLiteral("2027-03-01")},
                            {QStringLiteral("Phase 2"), {}}};
                d.racks.forEach(
                    [&](RackId id, Rack& r) { r.phase = std::int16_t(id.value() % 2); });
            }
        } else if (name.startsWith(QLatin1String("campus"))) {
            GenerateParams p;
            p.gpus = 1024;
            p.halls = 2;
            d = test::generatedOrDie(p);
            QCOMPARE(d.halls.size(), std::size_t(2));
        } else if (name.startsWith(QLatin1String("800 V"))) {
            GenerateParams p;
            p.gpus = 576;
            p.serverId = QStringLiteral("nvidia-gb300-nvl72");
            p.switchId = QStringLiteral("nvidia-q3400");
            p.power->dc800 = true;
            d = test::generatedOrDie(p);
            QVERIFY(!d.power.isEmpty());
        } else {
            d = withScenarios(test::smallCluster());
            QCOMPARE(d.scenarios.size(), std::size_t(2));
        }
        QVERIFY(!d.racks.empty() && !d.links.empty());
        requireSameRead(DesignFile::toBytes(d));
    }

    /// A port at the end of two links (a finding for the checks, not a refusal) reads; a
    /// link joining the same two ports as another, either way round, is refused naming its
    /// row and the link it repeats, by both readers.
    void portsOfTwoLinksReadUnlessTheyJoinTheSamePorts() {
        DesignData d = test::smallCluster();
        const LinkId firstId = d.links.ids().front();
        const Link first = d.links[firstId];
        const Device& far = d.devices[first.b.device];
        QVERIFY(first.b.port + 1 < d.catalog[far.type].logicalPortCount(far.breakout));
        Link other = first; // the same A end, the next port at the far device
        other.b.port = std::uint16_t(first.b.port + 1);
        DesignData shared = d;
        shared.links.insert(shared.links.nextId(), other);
        requireSameRead(DesignFile::toBytes(shared));

        Link reversed = first;
        std::swap(reversed.a, reversed.b);
        DesignData repeated = shared;
        const LinkId repeatId = repeated.links.nextId();
        repeated.links.insert(repeatId, reversed);
        const QByteArray bytes = DesignFile::toBytes(repeated);
        QVERIFY(!DesignFile::loadStreamed(bytes, kName).has_value());
        const LoadResult r = DesignFile::loadFromBytes(bytes, kName);
        QVERIFY(!r.ok);
        QCOMPARE(r.errors.front().field,
                 QStringLiteral("/links/rows/%1").arg(repeated.links.size() - 1));
        QVERIFY2(r.errors.front().message.contains(
                     QStringLiteral("link %1 joins the same two ports as link %2")
                         .arg(repeatId.value())
                         .arg(firstId.value())),
                 qPrintable(r.errors.front().toString()));
    }

    /// The last link row names a device that does not exist: the refusal names that row's
    /// column, on its line, as the tree reader always did.
    void badLinkRowDeepInTheFileIsLocated() {
        QByteArray text = design1024();
        const LoadResult good = DesignFile::loadFromBytes(text, kName);
        QVERIFY(good.ok);
        const qsizetype row = text.lastIndexOf("\n      [") + 7; // the last row's '['
        QVERIFY(row > 7);
        const qsizetype a = text.indexOf(", ", row) + 2; // its second column, device a
        const qsizetype aEnd = text.indexOf(',', a);
        text.replace(a, aEnd - a, "999999");
        const auto [line, column] = lineColumn(text, a);
        requireRefusal(text, line, column,
                       QStringLiteral("/links/rows/%1/1").arg(good.data.links.size() - 1),
                       "device 999999 does not exist");
    }

    /// The last device's "u" holds a string: the refusal names that field on its line.
    void badDeviceFieldDeepInTheFileIsLocated() {
        QByteArray text = design1024();
        const LoadResult good = DesignFile::loadFromBytes(text, kName);
        QVERIFY(good.ok);
        const qsizetype u = text.lastIndexOf("\"u\": ") + 5;
        QVERIFY(u > 5);
        QVERIFY(u < text.indexOf("\"links\""));
        text.replace(u, text.indexOf(',', u) - u, "\"seven\"");
        const auto [line, column] = lineColumn(text, u);
        requireRefusal(text, line, column,
                       QStringLiteral("/devices/%1/u").arg(good.data.devices.size() - 1),
                       "expected a whole number");
    }

    /// A key named twice in the last device: refused with the tree reader's words and place.
    void duplicateKeyDeepInTheFileIsRefused() {
        QByteArray text = design1024();
        const qsizetype u = text.lastIndexOf("\"u\": ");
        const qsizetype comma = text.indexOf(',', u);
        const QByteArray member = text.mid(u, comma - u);
        text.insert(comma + 1, QByteArray(" " + member + ","));
        const auto [line, column] = lineColumn(text, comma + 2);
        requireRefusal(text, line, column, QString(), "duplicate key \"u\"");
    }

    /// Nesting deeper than the limit inside a streamed element is refused as before.
    void deepNestingInAnElementIsRefused() {
        QByteArray text = design1024();
        const qsizetype u = text.lastIndexOf("\"u\": ") + 5;
        const qsizetype end = text.indexOf(',', u);
        text.replace(u, end - u, QByteArray(QByteArray(100, '[') + QByteArray(100, ']')));
        // The scan stops at the 65th bracket: the root, devices, the device and 61 more.
        const auto [line, column] = lineColumn(text, u + 61);
        requireRefusal(text, line, column, QString(), "nesting deeper than");
    }

    /// An older formatVersion is migrated on the tree, as before.
    void olderVersionIsReadByTheTreeReader() {
        const QByteArray current = DesignFile::toBytes(test::smallCluster());
        QByteArray old = current;
        const QByteArray from =
            QByteArray("\"formatVersion\": " + QByteArray::number(kDesignFormatVersion));
        QVERIFY(old.contains(from));
        old.replace(
            from, QByteArray("\"formatVersion\": " + QByteArray::number(kDesignFormatVersion - 1)));
        QVERIFY(!DesignFile::loadStreamed(old, kName).has_value());
        const LoadResult r = DesignFile::loadFromBytes(old, kName);
        QVERIFY(r.ok);
        QCOMPARE(r.fileFormatVersion, kDesignFormatVersion - 1);
        QCOMPARE(r.notes.size(), qsizetype(1));
        QVERIFY(r.data == DesignFile::loadTree(current, kName).data);
    }

    /// Keys out of the order this version writes (formatVersion last, the power chain after
    /// the racks): the tree reader reads the file, and reads what it always read.
    void keysOutOfOrderAreReadByTheTreeReader() {
        GenerateParams p;
        p.gpus = 576;
        p.serverId = QStringLiteral("nvidia-gb300-nvl72");
        p.switchId = QStringLiteral("nvidia-q3400");
        p.power->dc800 = true;
        const QByteArray current = DesignFile::toBytes(test::generatedOrDie(p));
        const LoadResult expected = DesignFile::loadTree(current, kName);
        QVERIFY(expected.ok);

        QByteArray versionLast = current;
        const QByteArray version =
            QByteArray("\n  \"formatVersion\": " + QByteArray::number(kDesignFormatVersion) + ",");
        QVERIFY(versionLast.contains(version));
        versionLast.replace(version, "");
        versionLast.insert(
            versionLast.lastIndexOf('}'),
            QByteArray(",\"formatVersion\": " + QByteArray::number(kDesignFormatVersion)));

        QByteArray powerLast = current;
        const qsizetype power = powerLast.indexOf("\n  \"power\": ");
        const qsizetype racks = powerLast.indexOf("\n  \"racks\": ");
        QVERIFY(power > 0 && racks > power);
        const QByteArray section = powerLast.mid(power + 1, racks - power - 1); // ends in ","
        powerLast.remove(power + 1, racks - power - 1);
        powerLast.insert(powerLast.lastIndexOf('}'), QByteArray("," + section.chopped(1)));

        for (const QByteArray& text : {versionLast, powerLast}) {
            QVERIFY(!DesignFile::loadStreamed(text, kName).has_value());
            const LoadResult r = DesignFile::loadFromBytes(text, kName);
            QVERIFY2(r.ok, qPrintable(r.errors.empty() ? QString() : r.errors[0].toString()));
            QVERIFY(r.data == expected.data);
        }
    }

    /// Randomly damaged files (characters changed, cut, lines doubled or dropped) read as the
    /// tree reader reads them (readAsTheTreeReads).
    void damagedFilesReadAsTheTreeReadsThem() {
        const QByteArray base = DesignFile::toBytes(test::smallCluster());
        const char kChars[] = "{}[],:\"09-e.n\\ tx";
        std::mt19937 rng(32); // fixed: a failure replays
        int streamed = 0;
        for (int i = 0; i < 400; ++i) {
            QByteArray b = base;
            for (int m = 0, n = 1 + int(rng() % 3); m < n; ++m) {
                const qsizetype at = qsizetype(rng() % std::uint32_t(b.size()));
                const qsizetype start = b.lastIndexOf('\n', at);
                const qsizetype end = b.indexOf('\n', at);
                switch (rng() % 4) {
                case 0:
                    b[at] = kChars[rng() % (sizeof(kChars) - 1)];
                    break;
                case 1:
                    b.remove(at, 1 + qsizetype(rng() % 8));
                    break;
                case 2:
                    if (start >= 0 && end > start)
                        b.insert(end, b.mid(start, end - start));
                    break;
                default:
                    if (start >= 0 && end > start)
                        b.remove(start, end - start);
                    break;
                }
            }
            streamed += readAsTheTreeReads(b, i) == Read::Streamed;
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(streamed > 50); // the test reaches the streamed reader, not only the tree
    }

    /// The reader scans rows of integers itself, past nlohmann's lexer: what it scans and
    /// what it leaves to the parser read as the parser reads them, and what is not JSON
    /// (a trailing comma, a leading zero, a word run on, a control character) is refused.
    void scannedRowsReadAsTheParserReadsThem() {
        const std::vector<std::string> rows = {
            R"([[1, 2, 3], [4, 5, 6], [7, 8, 9]])",
            "[[1,2,3],\n\t[ 4 ,\r\n 5 , null ] ,[0,0,0]]",
            R"([[1, 2, 3], [1, "x", 3], [4, 5, 6], [7, 8], [9, 9, 9], [1, 2, 3, 4]])",
            R"([[1, 2, 3], {"a": 1}, [4, 5, 6]])",
            R"([[1, 2, 3], [999999999999999999, 0, 1], [1000000000000000000, 0, 1]])",
            R"([[1, 2, 3], [18446744073709551616, 0, 1], [99999999999999999999999, 1, 1]])",
            R"([[1, 2, 3], [1.5, 2, 3], [1e2, 2, 3], [-1, 2, 3], [-0, 2, 3], [1E2, 0, 0]])",
            R"([[1, 2, 3], [], [ ], [null, null, null]])",
            R"([[1, 2, 3], [1, 2, ]])",
            R"([[1, 2, 3], [01, 2, 3]])",
            R"([[1, 2, 3], [1, 2, 3], ])",
            R"([[1, 2, 3], [1 2, 3]])",
            R"([[1, 2, 3], [nul, 2, 3]])",
            R"([[1, 2, 3], [nullx, 2, 3]])",
            R"([[1, 2, 3], [null1, 2, 3]])",
            R"([[1, 2, 3], [1, 2, 3])",
            R"([[1, 2, 3], [1, 2, 3]]])",
            R"([[1, 2, 3],, [1, 2, 3]])",
            "[[1, 2, 3], [1, 2, 3]\v]",
            "[[1, 2, 3], [1, 2, 3],\f[1, 2, 3]]",
            std::string("[[1, 2, 3], [1, 2\0, 3]]", 24),
            R"([[1, 2, 3], [1, 2, 3]] trailing)",
            R"([[1, 2, 3], [1, 2, 3)",
            R"([[1, 2, 3], [1, 2, 3], [1, 2, 3)",
            R"([[1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3]])",
        };
        int scanned = 0;
        for (const std::string& r : rows) {
            const RowSink s = requireRowsAsParsed("{\"rows\": " + r + "}");
            if (QTest::currentTestFailed())
                return;
            scanned += s.scanned;
        }
        QVERIFY(scanned > 10); // the rows were scanned, not all left to the parser
        // After an element the sink declines or the parser builds, scanning goes on.
        const RowSink mixed = requireRowsAsParsed(
            R"({"rows": [[1, 2, 3], [1, "x", 3], [4, 5, 6], [7, 8], [9, 9, 9], [1, 1, 1]]})");
        QCOMPARE(mixed.scannedAfterBuilt, 3);

        // Random damage to a run of rows: the reader and the parser agree on every text.
        std::string base = "{\"rows\": [";
        for (int i = 0; i < 40; ++i)
            base += (i ? ",\n  [" : "[") + std::to_string(i * 37) + ", " +
                    (i % 5 ? std::to_string(i) : std::string("null")) + ", 0]";
        base += "]}";
        const char kChars[] = "[],0123456789 nul\t\r\n-.eE\"x{}";
        std::mt19937 rng(7); // fixed: a failure replays
        for (int i = 0; i < 3000; ++i) {
            requireRowsAsParsed(damaged(base, 10, 2, kChars, rng));
            if (QTest::currentTestFailed())
                return;
        }
    }

    /// The reader's own lexer against nlohmann's parser: strings (escapes, surrogate pairs,
    /// UTF-8 as RFC 3629 has it), numbers at and past the edges of the integer types and of
    /// a double, literals, whitespace, a byte order mark and broken structure, then random
    /// damage to a document of all of them. Each text read whole, as the parser reads it.
    void lexerReadsAsTheParserReads() {
        const std::vector<std::string> texts = {
            "\"plain\"",
            "\"a\\/b\\b\\f\\n\\r\\t\\\"\\\\\"",
            "\"\\u00e9\\u4E2D\\ud83d\\ude00\"",
            "\"\\u0000\"",
            "\"\\ud83d\"",
            "\"\\ude00\"",
            "\"\\ud83d\\u0041\"",
            "\"\\ud83dx\"",
            "\"\\ud83d\\\"",
            "\"\\u12\"",
            "\"\\uZZZZ\"",
            "\"\\x\"",
            "\"\\",
            "\"a\tb\"",
            "\"a\x7f b\"",
            "\"\xc3\xa9\"",
            "\"\xc0\x80\"",
            "\"\xc1\xbf\"",
            "\"\xed\xa0\x80\"",
            "\"\xed\x9f\xbf\"",
            "\"\xf4\x90\x80\x80\"",
            "\"\xf4\x8f\xbf\xbf\"",
            "\"\xe2\x82\"",
            "\"\xf5\x80\x80\x80\"",
            "\"\x80\"",
            "\"\xfe\"",
            "\"\xe0\x9f\xbf\"",
            "\"\xf0\x8f\xbf\xbf\"",
            "\"unterminated",
            "\"\xe2\x82\xac\"",
            "0",
            "-0",
            "0.0",
            "-0.0",
            "1e400",
            "-1e400",
            "1e-400",
            "-1e-400",
            "4.9e-324",
            "2.2250738585072011e-308",
            "18446744073709551615",
            "18446744073709551616",
            "9223372036854775807",
            "-9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234567890",
            "1.5E+3",
            "1e-3",
            "1E2",
            "1e",
            "1e+",
            "01",
            "-",
            "-a",
            ".5",
            "5.",
            "1.2.3",
            "0x10",
            "+1",
            "1_0",
            "-01",
            "00",
            "0e0",
            "0.e1",
            "true",
            "false",
            "null",
            "tru",
            "nulll",
            "True",
            "NaN",
            "Infinity",
            "-Infinity",
            "{}",
            "[]",
            "{\"a\":1,\"b\":[1,2,{\"c\":null,\"d\":[]}],\"e\":{}}",
            "{\"a\":1,}",
            "[1,]",
            "{,}",
            "{\"a\"}",
            "{\"a\":}",
            "{1:2}",
            "[1 2]",
            "{\"a\":1 \"b\":2}",
            "{\"a\":1,\"a\":2}",
            "{\"a\":{\"b\":1,\"b\":1}}",
            "[{\"a\":1},{\"a\":1}]",
            "\xEF\xBB\xBF{}",
            "\xEF\xBB{}",
            " \xEF\xBB\xBF{}",
            " \t\r\n{} \n",
            "{}\v",
            "{}\f",
            std::string("{}\0", 3),
            std::string("\0{}", 3),
            "",
            "   ",
            "{} {}",
            "[",
            "]",
            "{\"a\":[1,2,3]",
            std::string(63, '[') + std::string(63, ']'),
            std::string(64, '[') + std::string(64, ']'),
            std::string(65, '[') + std::string(65, ']'),
        };
        for (const std::string& t : texts) {
            requireReadAsParsed(t);
            if (QTest::currentTestFailed())
                return;
        }
        const std::string base =
            "{\"s\": [\"x\\u00e9\\ud83d\\ude00\\n\\\"\", \"\\u0041b\", \"é€😀\", \"\"], \"n\": [0, "
            "-0, 7, -7, "
            R"(1.5, -2.25e-3, 1E+2, 18446744073709551615, -9223372036854775808, 0.1], )"
            "\"w\": [true, false, null], \"o\": {\"k\": {\"l\": [[], {}]}}}";
        const char kChars[] = "{}[],:\"\\u0123456789aAdDeE+-. tfnlrx\xc3\xa9\xed\xa0\x80\xf4";
        std::mt19937 rng(41); // fixed: a failure replays
        for (int i = 0; i < 20000; ++i) {
            requireReadAsParsed(damaged(base, 0, 0, kChars, rng));
            if (QTest::currentTestFailed())
                return;
        }
    }

    /// Link rows damaged deep in a generated design (the rows the reader scans): the
    /// streamed read takes what the tree reader takes and reads it the same; what it gives
    /// back is refused with the tree reader's words and place.
    void damagedLinkRowsReadAsTheTreeReadsThem() {
        const QByteArray base = design1024();
        const qsizetype rowsAt = base.indexOf("\"rows\": [") + 10;
        const qsizetype rowsEnd = base.indexOf("\n    ]", rowsAt);
        QVERIFY(rowsAt > 10 && rowsEnd > rowsAt);
        const char kChars[] = "[],0123456789 n\"-.e";
        std::mt19937 rng(33); // fixed: a failure replays
        int streamed = 0, refused = 0;
        for (int i = 0; i < 150; ++i) {
            QByteArray b = base;
            for (int m = 0, n = 1 + int(rng() % 2); m < n; ++m) {
                const qsizetype at = rowsAt + qsizetype(rng() % std::uint32_t(rowsEnd - rowsAt));
                if (rng() % 2)
                    b[at] = kChars[rng() % (sizeof(kChars) - 1)];
                else
                    b.remove(at, 1 + qsizetype(rng() % 4));
            }
            const Read read = readAsTheTreeReads(b, i);
            if (QTest::currentTestFailed())
                return;
            streamed += read == Read::Streamed;
            refused += read == Read::Refused;
        }
        QVERIFY(streamed > 10 && refused > 10);
    }

    /// Cancelling a streamed read at each point it reports gives a clean "cancelled".
    void cancellingTheStreamedReadLeavesNothing() {
        const QByteArray bytes = design1024();
        int calls = 0;
        QVERIFY(DesignFile::loadStreamed(bytes, kName, [&](int) {
                    ++calls;
                    return true;
                })->ok);
        QVERIFY(calls >= 3);
        for (int k = 0; k < calls; ++k) {
            int n = 0;
            const std::optional<LoadResult> r =
                DesignFile::loadStreamed(bytes, kName, [&](int) { return n++ < k; });
            QVERIFY(r.has_value());
            QVERIFY(!r->ok && r->cancelled);
            QVERIFY(r->data.racks.empty() && r->data.devices.empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestDesignReader)
#include "tst_design_reader.moc"
