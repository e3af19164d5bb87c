// The one bounded input reader (issue 19): devices, FIFOs and links to them are refused
// without blocking, files past the limit without being read; every loader goes through it.
#include "model/Catalog.h"
#include "model/InputFile.h"
#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"
#include "model/json/EditJournal.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace cds;

class TestInputFile : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString fifo() {
        const QString p = m_tmp.filePath(QStringLiteral("pipe.cds.json"));
        if (!QFile::exists(p))
            ::mkfifo(QFile::encodeName(p).constData(), 0600);
        return p;
    }
    QString linkTo(const char* name, const QString& target) {
        const QString p = m_tmp.filePath(QString::fromLatin1(name));
        QFile::remove(p);
        QFile::link(target, p);
        return p;
    }
private Q_SLOTS:
    void readsARegularFile() {
        const QString p = m_tmp.filePath(QStringLiteral("a.json"));
        QFile f(p);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"x\": 1}");
        f.close();
        QByteArray bytes;
        QString error;
        QVERIFY(readInputFile(p, 100, bytes, error));
        QCOMPARE(bytes, QByteArray("{\"x\": 1}"));
        QVERIFY(!readInputFile(p, 7, bytes, error)); // one byte past the limit
        QVERIFY2(error.contains(QLatin1String("larger than the limit of 7 bytes")),
                 qPrintable(error));
        QVERIFY(bytes.isEmpty());
    }
    void refusesWhatIsNotARegularFile_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("why");
        QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("a device");
        QTest::newRow("/dev/urandom")
            << QStringLiteral("/dev/urandom") << QStringLiteral("a device");
        QTest::newRow("fifo") << fifo() << QStringLiteral("a pipe (FIFO)");
        QTest::newRow("link to /dev/zero")
            << linkTo("zero.cds.json", QStringLiteral("/dev/zero")) << QStringLiteral("a device");
        QTest::newRow("folder") << m_tmp.path() << QStringLiteral("a folder");
    }
    void refusesWhatIsNotARegularFile() {
        QFETCH(QString, path);
        QFETCH(QString, why);
        QByteArray bytes;
        QString error;
        QVERIFY(!readInputFile(path, kMaxDesignFileBytes, bytes, error));
        QVERIFY2(error.contains(why), qPrintable(error));
        // The loaders say the same, with the file's name: a design, a journal.
        const LoadResult r = DesignFile::load(path);
        QVERIFY(!r.ok);
        QVERIFY2(r.errors.front().message.contains(why), qPrintable(r.errors.front().message));
        const EditJournal::Recovery j = EditJournal::recover(path);
        QVERIFY2(j.error.contains(why), qPrintable(j.error));
    }
    void aUserCatalogFolderWithADeviceLinkIsReadWithAMessage() {
        QTemporaryDir user;
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), user.filePath(QStringLiteral("z.json"))));
        ::mkfifo(QFile::encodeName(user.filePath(QStringLiteral("p.json"))).constData(), 0600);
        QVERIFY(QFile::copy(QStringLiteral(CDS_SOURCE_DIR "/catalogs/racks.json"),
                            user.filePath(QStringLiteral("racks.json"))));
        CatalogLibrary lib;
        QVERIFY(lib.loadFolder(user.path()) > 0);
        QCOMPARE(lib.errors().size(), std::size_t(2));
        for (const FileError& e : lib.errors())
            QVERIFY2(e.message.contains(QLatin1String("not a regular file")),
                     qPrintable(e.toString()));
    }
    void limitsAreStatedInTheReadme() {
        QFile readme(QStringLiteral(CDS_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        for (qint64 limit : {kMaxDesignFileBytes, kMaxCatalogFileBytes, kMaxJournalFileBytes})
            QVERIFY2(text.contains(byteLimitText(limit)), qPrintable(byteLimitText(limit)));
    }
};

QTEST_APPLESS_MAIN(TestInputFile)
#include "tst_input_file.moc"
