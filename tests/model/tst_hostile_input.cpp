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
