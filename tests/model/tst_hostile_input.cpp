// Hostile numbers, duplicate keys, mislabelled versions: refused with file:line:column in our
// words, never a crash, never a silent change (issue 19). The files are in tests/fixtures/hostile.
#include "model/Catalog.h"
#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cds;

class TestHostileInput : public QObject {
    Q_OBJECT
    static QString fixture(const QString& name) {
        return QStringLiteral(CDS_TEST_DATA "/hostile/") + name;
    }
    static FileError refused(const QString& name) {
        const LoadResult r = DesignFile::load(fixture(name));
        if (r.ok || r.errors.empty())
            qFatal("%s loaded", qPrintable(name));
        return r.errors.front();
    }
    static void noLibraryText(const QString& message) {
        QVERIFY2(!message.contains(QLatin1String("json.exception")) &&
                     !message.contains(QLatin1String("value()")) &&
                     !message.contains(QLatin1String("type must be")),
                 qPrintable(message));
    }
private Q_SLOTS:
    void baseLoads() {
        const LoadResult r = DesignFile::load(fixture(QStringLiteral("base.cds.json")));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.links.size(), std::size_t(4));
    }
    void outOfRangeNumbersAreRefusedWithTheirPlace_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("1e309") << QStringLiteral("number-1e309.cds.json");
        QTest::newRow("-1e309") << QStringLiteral("number-minus-1e309.cds.json");
        QTest::newRow("400 digits") << QStringLiteral("number-400-digits.cds.json");
    }
    void outOfRangeNumbersAreRefusedWithTheirPlace() {
        QFETCH(QString, file);
        const FileError e = refused(file);
        QVERIFY2(e.message.contains(QLatin1String("out of range")), qPrintable(e.toString()));
        QVERIFY(e.line > 1 && e.column > 1);
        QVERIFY(e.toString().startsWith(fixture(file) + QStringLiteral(":%1:").arg(e.line)));
        noLibraryText(e.message);
    }
    // Issue 36: numbers are read whole. A 1,107-character number that is 1.0 loads as 1.0 (a
    // prefix of it would overflow); a 2,001-character one too large is refused at its place.
    void longNumbersAreReadWhole() {
        QFile base(fixture(QStringLiteral("base.cds.json")));
        QVERIFY(base.open(QIODevice::ReadOnly));
        const QByteArray text = base.readAll();
        QVERIFY(text.contains("\"kwPerFeed\": 0.0"));
        QTemporaryDir dir;
        const QByteArray one = "1" + QByteArray(1100, '0') + "e-1100";
        QCOMPARE(one.size(), 1107);
        QByteArray valid = text;
        valid.replace("\"kwPerFeed\": 0.0", QByteArray("\"kwPerFeed\": " + one));
        const LoadResult r =
            DesignFile::loadFromBytes(valid, dir.filePath(QStringLiteral("v.json")));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        bool seen = false;
        r.data.racks.forEach(
            [&](RackId, const Rack& rack) { seen |= qFuzzyCompare(rack.feeds.kwPerFeed, 1.0); });
        QVERIFY(seen);
        QByteArray huge = text;
        huge.replace("\"kwPerFeed\": 0.0", QByteArray("\"kwPerFeed\": 1" + QByteArray(2000, '0')));
        const LoadResult h = DesignFile::loadFromBytes(huge, QStringLiteral("h.json"));
        QVERIFY(!h.ok && !h.errors.empty());
        const FileError& e = h.errors.front();
        QVERIFY2(e.message.contains(QLatin1String("out of range")), qPrintable(e.toString()));
        QVERIFY2(e.line > 1 && e.column > 1, qPrintable(e.toString()));
    }
    // Issue 36: a key the studio does not know is refused at its place, with the key it was
    // probably meant to be, never loaded as a default and dropped on save.
    void unknownKeysAreRefusedAtTheirPlace_data() {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("hint");
        QTest::newRow("settings typo")
            << QByteArray("\"cableSlackM\"") << QByteArray("\"cableSlackm\"")
            << QStringLiteral("/settings/cableSlackm")
            << QStringLiteral("did you mean \"cableSlackM\"");
        QTest::newRow("device face")
            << QByteArray("\"face\"") << QByteArray("\"fane\"") << QStringLiteral("/devices/0/fane")
            << QStringLiteral("did you mean \"face\"");
        QTest::newRow("top level")
            << QByteArray("\"hall\"") << QByteArray("\"hal\"") << QStringLiteral("/hal")
            << QStringLiteral("did you mean \"hall\"");
        QTest::newRow("rack feeds") << QByteArray("\"kwPerFeed\"") << QByteArray("\"kWPerFeed\"")
                                    << QStringLiteral("/racks/0/feeds/kWPerFeed")
                                    << QStringLiteral("did you mean \"kwPerFeed\"");
    }
    void unknownKeysAreRefusedAtTheirPlace() {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, pointer);
        QFETCH(QString, hint);
        QFile base(fixture(QStringLiteral("base.cds.json")));
        QVERIFY(base.open(QIODevice::ReadOnly));
        QByteArray text = base.readAll();
        const qsizetype at = text.indexOf(from);
        QVERIFY(at > 0);
        text.replace(at, from.size(), to);
        const LoadResult r = DesignFile::loadFromBytes(text, QStringLiteral("typo.cds.json"));
        QVERIFY(!r.ok && !r.errors.empty());
        const FileError& e = r.errors.front();
        QVERIFY2(e.message.contains(QLatin1String("unknown key")), qPrintable(e.toString()));
        QVERIFY2(e.message.contains(hint), qPrintable(e.toString()));
        QVERIFY2(e.toString().contains(pointer), qPrintable(e.toString()));
        QVERIFY2(e.line > 1, qPrintable(e.toString()));
    }
    // The link rows are read by position: columns in another order are refused, not misread.
    void linkColumnsInAnotherOrderAreRefused() {
        QFile base(fixture(QStringLiteral("base.cds.json")));
        QVERIFY(base.open(QIODevice::ReadOnly));
        QByteArray text = base.readAll();
        const qsizetype at = text.indexOf("\"aPort\"");
        QVERIFY2(at > text.indexOf("\"columns\""), "the fixture's column list changed");
        text.replace(at, 7, "\"bPort\"");
        const LoadResult r = DesignFile::loadFromBytes(text, QStringLiteral("cols.cds.json"));
        QVERIFY(!r.ok && !r.errors.empty());
        QVERIFY2(r.errors.front().message.contains(QLatin1String("expected column \"aPort\"")),
                 qPrintable(r.errors.front().toString()));
    }
    // A leading U+FEFF in a name is part of the name: kept on load, written back on save.
    void aByteOrderMarkInAStringIsKept() {
        QFile base(fixture(QStringLiteral("base.cds.json")));
        QVERIFY(base.open(QIODevice::ReadOnly));
        QByteArray text = base.readAll();
        QVERIFY(text.contains("\"name\": \"dgx01\""));
        text.replace("\"name\": \"dgx01\"", "\"name\": \"\xEF\xBB\xBF"
                                            "dgx01\"");
        const LoadResult r = DesignFile::loadFromBytes(text, QStringLiteral("bom.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        bool kept = false;
        r.data.devices.forEach([&](DeviceId, const Device& v) {
            kept |= v.name == QString(QChar(0xFEFF)) + QStringLiteral("dgx01");
        });
        QVERIFY(kept);
        QVERIFY(DesignFile::toBytes(r.data).contains("\xEF\xBB\xBF"
                                                     "dgx01"));
    }
    void fractionsAreRefusedWhereWholeNumbersAreExpected_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("field");
        QTest::newRow("rotation") << QStringLiteral("fraction-rotation.cds.json")
                                  << QStringLiteral("/racks/0/rotation");
        QTest::newRow("feeds") << QStringLiteral("fraction-feeds.cds.json")
                               << QStringLiteral("/racks/0/feeds/count");
        QTest::newRow("suNodes") << QStringLiteral("fraction-suNodes.cds.json")
                                 << QStringLiteral("/fabrics/0/suNodes");
        QTest::newRow("rail") << QStringLiteral("fraction-rail.cds.json")
                              << QStringLiteral("/devices/0/rail");
        QTest::newRow("group") << QStringLiteral("fraction-group.cds.json")
                               << QStringLiteral("/devices/0/group");
    }
    void fractionsAreRefusedWhereWholeNumbersAreExpected() {
        QFETCH(QString, file);
        QFETCH(QString, field);
        const FileError e = refused(file);
        QCOMPARE(e.field, field);
        QVERIFY2(e.message.contains(QLatin1String("whole number")), qPrintable(e.toString()));
        QVERIFY(e.line > 0);
    }
    void duplicateKeysAreRefused_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("links") << QStringLiteral("duplicate-key-links.cds.json");
        QTest::newRow("escaped name") << QStringLiteral("duplicate-key-escaped.cds.json");
    }
    void duplicateKeysAreRefused() {
        QFETCH(QString, file);
        const FileError e = refused(file);
        QVERIFY2(e.message.contains(QLatin1String("duplicate key")), qPrintable(e.toString()));
        QVERIFY(e.message.contains(QLatin1String("first at line")));
        QVERIFY(e.line > 1);
    }
    void aVersion2FileLabelledVersion1KeepsItsLinksOrIsRefused() {
        const LoadResult r = DesignFile::load(fixture(QStringLiteral("v2-labelled-v1.cds.json")));
        if (r.ok) {
            QCOMPARE(r.data.links.size(), std::size_t(4));
            return;
        }
        QCOMPARE(r.errors.front().field, QStringLiteral("/formatVersion"));
        QVERIFY(r.errors.front().line == 2);
    }
    void aVersion1BadLinkIsToldInOurWordsAtAPlaceInTheFile_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("field");
        QTest::newRow("a is a string")
            << QStringLiteral("v1-bad-link.cds.json") << QStringLiteral("/links/0/a");
        QTest::newRow("no id") << QStringLiteral("v1-link-without-id.cds.json")
                               << QStringLiteral("/links/0");
    }
    void aVersion1BadLinkIsToldInOurWordsAtAPlaceInTheFile() {
        QFETCH(QString, file);
        QFETCH(QString, field);
        const FileError e = refused(file);
        QCOMPARE(e.field, field);
        QVERIFY(e.line > 0);
        noLibraryText(e.message);
    }
    // Regression (issue 19): a million links between the same two ports loaded, then took
    // ~55 s and GBs to analyse; they are refused while the file is read.
    void aMillionDuplicateLinksAreRefusedAsTheFileIsRead() {
        QFile f(fixture(QStringLiteral("base.cds.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        const qsizetype rows = text.indexOf("\"rows\": [", text.indexOf("\"links\": {"));
        QVERIFY(rows > 0);
        QByteArray copies;
        copies.reserve(30'000'000);
        for (int i = 0; i < 1'000'000; ++i)
            copies += "[" + QByteArray::number(100 + i) + ", 0, 0, 2, 0, 0, null], ";
        text.insert(rows + qsizetype(qstrlen("\"rows\": [")), copies);
        const LoadResult r = DesignFile::loadFromBytes(text, QStringLiteral("copies.cds.json"));
        QVERIFY(!r.ok);
        QCOMPARE(r.errors.front().field, QStringLiteral("/links/rows/1"));
        QVERIFY2(r.errors.front().message.contains(QLatin1String("joins the same two ports")),
                 qPrintable(r.errors.front().toString()));
    }
    void nulBytesAreToldAsBinaryData() {
        const FileError e = refused(QStringLiteral("nul-bytes.cds.json"));
        QVERIFY2(e.message.contains(QLatin1String("NUL byte")), qPrintable(e.message));
        QCOMPARE(e.line, 1);
    }
    void aHostileUserCatalogIsSkippedWithAMessage() {
        QTemporaryDir user;
        QVERIFY(QFile::copy(fixture(QStringLiteral("catalog-1e999.json")),
                            user.filePath(QStringLiteral("bad.json"))));
        QVERIFY(QFile::copy(QStringLiteral(CDS_SOURCE_DIR "/catalogs/racks.json"),
                            user.filePath(QStringLiteral("racks.json"))));
        CatalogLibrary lib;
        QVERIFY(lib.loadFolder(user.path()) > 0); // the good catalog is still read
        QCOMPARE(lib.errors().size(), std::size_t(1));
        QVERIFY(lib.errors().front().file.endsWith(QLatin1String("bad.json")));
        QVERIFY(lib.errors().front().message.contains(QLatin1String("out of range")));
    }
};

QTEST_APPLESS_MAIN(TestHostileInput)
#include "tst_hostile_input.moc"
