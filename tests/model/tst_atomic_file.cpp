// The one atomic-output helper under fault injection (issue 19): a write(2) that fails like a
// full disk part way must leave the previous file, or the previous folder export, whole.
#include "FullDisk.h"
#include "model/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

using namespace cds;

namespace {

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString path(const char* name) const { return m_tmp.filePath(QString::fromLatin1(name)); }
    /// Files in @p dir other than @p expected: staged temporaries left behind.
    static QStringList leftovers(const QString& dir, const QStringList& expected) {
        QStringList out;
        for (const QString& n : QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System))
            if (!expected.contains(n))
                out << n;
        return out;
    }
private Q_SLOTS:
    void cleanup() { AtomicFileTesting::setWriteFunction(nullptr); }

    void writesAndReplaces() {
        const QString p = path("out.csv");
        QString error;
        QVERIFY(writeFileAtomically(p, "first", &error));
        QVERIFY(writeFileAtomically(p, "second", &error));
        QCOMPARE(contents(p), QByteArray("second"));
        QVERIFY(leftovers(m_tmp.path(), {QStringLiteral("out.csv")}).isEmpty());
    }
    void aFullDiskKeepsTheOldFile_data() {
        QTest::addColumn<qint64>("room");
        QTest::newRow("nothing written") << qint64(0);
        QTest::newRow("part written") << qint64(10);
    }
    void aFullDiskKeepsTheOldFile() {
        QFETCH(qint64, room);
        QTemporaryDir dir;
        const QString p = dir.filePath(QStringLiteral("bom.csv"));
        QString error;
        QVERIFY(writeFileAtomically(p, "the previous bill of materials", &error));
        test::fullDiskRoom() = room;
        AtomicFileTesting::setWriteFunction(&test::fullDisk);
        QVERIFY(!writeFileAtomically(p, QByteArray(4096, 'x'), &error));
        QCOMPARE(error, p + QStringLiteral(": cannot write: No space left on device"));
        QCOMPARE(contents(p), QByteArray("the previous bill of materials"));
        QVERIFY(leftovers(dir.path(), {QStringLiteral("bom.csv")}).isEmpty());
    }
    void aFolderExportIsAllOrNothing() {
        const QString dir = path("netbox");
        const std::vector<FolderFile> v1 = {{QStringLiteral("01-a.csv"), "old a"},
                                            {QStringLiteral("types/b.yaml"), "old b"},
                                            {QStringLiteral("09-c.csv"), "old c"}};
        QString error;
        QVERIFY(writeFilesAtomically(dir, v1, &error));
        const std::vector<FolderFile> v2 = {{QStringLiteral("01-a.csv"), "new a"},
                                            {QStringLiteral("types/b.yaml"), "new b"},
                                            {QStringLiteral("09-c.csv"), QByteArray(4096, 'c')}};
        test::fullDiskRoom() = 10; // the first two files fit, the third does not
        AtomicFileTesting::setWriteFunction(&test::fullDisk);
        QVERIFY(!writeFilesAtomically(dir, v2, &error));
        QVERIFY2(error.contains(QLatin1String("No space left on device")), qPrintable(error));
        for (const auto& [rel, bytes] : v1)
            QCOMPARE(contents(QDir(dir).filePath(rel)), bytes);
        QVERIFY(leftovers(dir, {QStringLiteral("01-a.csv"), QStringLiteral("09-c.csv")}).isEmpty());
        QVERIFY(leftovers(dir + QStringLiteral("/types"), {QStringLiteral("b.yaml")}).isEmpty());
        AtomicFileTesting::setWriteFunction(nullptr);
        QVERIFY(writeFilesAtomically(dir, v2, &error));
        for (const auto& [rel, bytes] : v2)
            QCOMPARE(contents(QDir(dir).filePath(rel)), bytes);
    }
    void aStreamedFolderIsAllOrNothing() {
        // Issue 32: a folder written file by file as it is produced, through the buffer (small
        // writes gathered, a write larger than the buffer passed straight on).
        const QString dir = path("streamed");
        QString error;
        QVERIFY(writeFilesAtomically(
            dir, {{QStringLiteral("a.csv"), "old a"}, {QStringLiteral("sub/b.csv"), "old b"}},
            &error));
        const QByteArray line(100, 'l'), block(1 << 19, 'b');
        auto produce = [&](StagedFolder& folder) {
            ByteSink* a = folder.open(QStringLiteral("a.csv"));
            ByteSink* b = a ? folder.open(QStringLiteral("sub/b.csv")) : nullptr;
            if (!b)
                return false;
            for (int i = 0; i < 5000; ++i) { // two files open side by side
                a->write(line);
                b->writeText(QStringLiteral("ü\n"));
            }
            a->write(block);
            return folder.close(a) && folder.close(b);
        };
        {
            // Dropped without commit (a cancel): nothing changes, nothing is left.
            StagedFolder folder(dir);
            QVERIFY(produce(folder));
        }
        QCOMPARE(contents(dir + QStringLiteral("/a.csv")), QByteArray("old a"));
        QVERIFY(leftovers(dir, {QStringLiteral("a.csv")}).isEmpty());
        QVERIFY(leftovers(dir + QStringLiteral("/sub"), {QStringLiteral("b.csv")}).isEmpty());
        // A full disk in the middle of a.csv: its path and the reason, the old files whole.
        test::fullDiskRoom() = 300000;
        AtomicFileTesting::setWriteFunction(&test::fullDisk);
        {
            StagedFolder folder(dir);
            QVERIFY(!produce(folder) || !folder.commit());
            QCOMPARE(folder.error(), QDir(dir).filePath(QStringLiteral("a.csv")) +
                                         QStringLiteral(": cannot write: No space left on device"));
        }
        AtomicFileTesting::setWriteFunction(nullptr);
        QCOMPARE(contents(dir + QStringLiteral("/a.csv")), QByteArray("old a"));
        QCOMPARE(contents(dir + QStringLiteral("/sub/b.csv")), QByteArray("old b"));
        QVERIFY(leftovers(dir, {QStringLiteral("a.csv")}).isEmpty());
        QVERIFY(leftovers(dir + QStringLiteral("/sub"), {QStringLiteral("b.csv")}).isEmpty());
        // Written whole: every byte in order.
        StagedFolder folder(dir);
        QVERIFY(produce(folder) && folder.commit());
        QCOMPARE(contents(dir + QStringLiteral("/a.csv")), line.repeated(5000) + block);
        QCOMPARE(contents(dir + QStringLiteral("/sub/b.csv")),
                 QStringLiteral("ü\n").repeated(5000).toUtf8());
        QVERIFY(leftovers(dir, {QStringLiteral("a.csv")}).isEmpty());
    }
    void aDeviceIsWrittenInPlaceNeverReplaced() {
        QString error;
        QVERIFY(!writeFileAtomically(QStringLiteral("/dev/full"), "x", &error));
        QCOMPARE(error, QStringLiteral("/dev/full: cannot write: No space left on device"));
        struct stat st {};
        QVERIFY(::stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode));
        QVERIFY(writeFileAtomically(QStringLiteral("/dev/null"), "x", &error));
        QVERIFY(::stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
    }
    void aFifoIsWrittenInPlaceOrRefused() {
        const QString p = path("pipe");
        QVERIFY(::mkfifo(QFile::encodeName(p).constData(), 0600) == 0);
        QString error;
        QVERIFY(!writeFileAtomically(p, "x", &error)); // nobody reads it: refused, not blocked
        QVERIFY2(error.contains(QLatin1String("no program reads the pipe")), qPrintable(error));
        struct stat st {};
        QVERIFY(::stat(QFile::encodeName(p).constData(), &st) == 0 && S_ISFIFO(st.st_mode));
    }
    void aFolderOrAMissingFolderIsRefused() {
        QString error;
        QVERIFY(!writeFileAtomically(m_tmp.path(), "x", &error));
        QVERIFY(error.endsWith(QLatin1String("it is a folder")));
        QVERIFY(!writeFileAtomically(path("no/such/file"), "x", &error));
        QVERIFY(error.endsWith(QLatin1String("the folder does not exist")));
    }
    void aSymlinkKeepsPointingAtItsFile() {
        const QString target = path("real.json");
        QString error;
        QVERIFY(writeFileAtomically(target, "old", &error));
        QVERIFY(QFile::link(target, path("link.json")));
        QVERIFY(writeFileAtomically(path("link.json"), "new", &error));
        QVERIFY(QFileInfo(path("link.json")).isSymLink());
        QCOMPARE(contents(target), QByteArray("new"));
    }
};

QTEST_APPLESS_MAIN(TestAtomicFile)
#include "tst_atomic_file.moc"
