// Long operations: open, save, generate and export run through the TaskRunner, off the UI
// thread where they can be, and a cancel at any point changes nothing: not the design, not
// the undo history, not the file on disk.
#include "StudioFixture.h"

#include "DesignEditor.h"
#include "RecoveryManager.h"
#include "TaskRunner.h"
#include "export/Exports.h"

#include "model/generator/Generator.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QThread>
#include <QUndoStack>

using namespace cds;
using namespace cds::test;

namespace {
/// Cancels the next operation the studio starts, before its work has begun.
void cancelNextTask(studio::StudioDocument& w) {
    studio::TaskRunner* tasks = w.tasks();
    auto* once = new QObject(tasks);
    QObject::connect(tasks, &studio::TaskRunner::started, once, [tasks, once] {
        tasks->cancel();
        once->deleteLater();
    });
}
QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestLongTasks : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    /// The worker really is another thread, and the UI thread keeps running its event loop
    /// meanwhile: the progress the UI polls reaches the test, which cancels from there.
    void workerRunsWhileTheUiThreadServesEvents() {
        QWidget parent;
        studio::TaskRunner runner(&parent, false);
        QThread* workerThread = nullptr;
        int lastSeen = -1;
        connect(&runner, &studio::TaskRunner::progressed, &runner, [&](int p) {
            lastSeen = p;
            runner.cancel();
        });
        bool sawCancel = false;
        const bool finished = runner.run(QStringLiteral("spin"), [&](const Progress& progress) {
            workerThread = QThread::currentThread();
            for (int i = 0; i < 100000; ++i) { // bounded: 100 s at most
                if (!progress(std::min(99, i / 10))) {
                    sawCancel = true;
                    return;
                }
                QThread::msleep(1);
            }
        });
        QVERIFY(!finished);
        QVERIFY(sawCancel);
        QVERIFY(lastSeen >= 0);
        QVERIFY(workerThread != nullptr);
        QVERIFY(workerThread != QThread::currentThread());
        QVERIFY(!runner.busy());
        // The next run starts afresh: the cancel does not stick.
        bool ran = false;
        QVERIFY(runner.run(QStringLiteral("again"), [&](const Progress& p) { ran = p(100); }));
        QVERIFY(ran);
    }

    void uiThreadWorkRunsHere() {
        QWidget parent;
        studio::TaskRunner runner(&parent, false);
        QThread* where = nullptr;
        QVERIFY(runner.run(
            QStringLiteral("here"), [&](const Progress&) { where = QThread::currentThread(); },
            studio::TaskRunner::Thread::Ui));
        QCOMPARE(where, QThread::currentThread());
    }

    void cancelledOpenKeepsTheDesign() {
        auto w = openDocument(m_tmp.filePath(QStringLiteral("rec-open")));
        QVERIFY(w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
        const QByteArray before = bytesOf(*w);
        const int undoCount = w->undoStack()->count();
        QSignalSpy started(w->tasks(), &studio::TaskRunner::started);
        cancelNextTask(*w);
        QVERIFY(!w->openFile(
            QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json")));
        QCOMPARE(started.size(), 1);
        QVERIFY(started.front().front().toString().startsWith(QLatin1String("Opening")));
        QVERIFY2(w->lastError().contains(QLatin1String("cancelled")), qPrintable(w->lastError()));
        QCOMPARE(bytesOf(*w), before);
        QCOMPARE(w->undoStack()->count(), undoCount);
        QVERIFY(w->isModified());
        QCOMPARE(w->path(), QFileInfo(examplePath()).absoluteFilePath());
    }

    void cancelledSaveKeepsTheFileAndTheDesignUnsaved() {
        auto w = openDocument(m_tmp.filePath(QStringLiteral("rec-save")));
        const QString path = m_tmp.filePath(QStringLiteral("kept.cds.json"));
        QVERIFY(w->saveTo(path));
        const QByteArray onDisk = fileBytes(path);
        QVERIFY(w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
        cancelNextTask(*w);
        QVERIFY(!w->saveTo(path));
        QVERIFY2(w->lastError().contains(QLatin1String("cancelled")), qPrintable(w->lastError()));
        QCOMPARE(fileBytes(path), onDisk);
        QVERIFY(w->isModified());
        // And the save after it works.
        QVERIFY(w->saveTo(path));
        QCOMPARE(fileBytes(path), bytesOf(*w));
        QVERIFY(!w->isModified());
    }

    void cancelledGenerateChangesNothing() {
        auto w = openDocument(m_tmp.filePath(QStringLiteral("rec-gen")));
        const QByteArray before = bytesOf(*w);
        GenerateParams p;
        p.gpus = 256;
        cancelNextTask(*w);
        QVERIFY(!w->generate(p));
        QVERIFY(w->lastError().contains(QLatin1String("cancelled")));
        QCOMPARE(bytesOf(*w), before);
        QCOMPARE(w->undoStack()->count(), 0);
        // Uncancelled, the same parameters give one undo step.
        QVERIFY2(w->generate(p), qPrintable(w->lastError()));
        QCOMPARE(w->undoStack()->count(), 1);
        QCOMPARE(w->design()->data().devices.size() > 32, true);
    }

    /// A generated design is a new untitled document: Save cannot overwrite the file that
    /// was open, and undo still brings the old design back.
    void generatedDesignIsUntitled() {
        auto w = openDocument(m_tmp.filePath(QStringLiteral("rec-gen-new")));
        const QByteArray before = bytesOf(*w);
        QVERIFY(!w->path().isEmpty());
        GenerateParams p;
        p.gpus = 64;
        QVERIFY2(w->generate(p), qPrintable(w->lastError()));
        QVERIFY(w->path().isEmpty());
        QVERIFY(w->isModified());
        w->undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
    }

    void everyExportWritesItsFile_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QByteArray>("starts");
        QTest::newRow("pdf") << int(studio::ExportKind::PdfReport) << QByteArray("%PDF");
        QTest::newRow("floorplan svg")
            << int(studio::ExportKind::FloorplanSvg) << QByteArray("<?xml");
        QTest::newRow("floorplan png")
            << int(studio::ExportKind::FloorplanPng) << QByteArray("\x89PNG");
        QTest::newRow("elevations svg")
            << int(studio::ExportKind::ElevationsSvg) << QByteArray("<?xml");
        QTest::newRow("elevations png")
            << int(studio::ExportKind::ElevationsPng) << QByteArray("\x89PNG");
        QTest::newRow("xlsx") << int(studio::ExportKind::BomXlsx) << QByteArray("PK");
        QTest::newRow("bom csv") << int(studio::ExportKind::BomCsv) << QByteArray("category,");
        QTest::newRow("cabling csv") << int(studio::ExportKind::CablingCsv) << QByteArray();
        QTest::newRow("slurm") << int(studio::ExportKind::Slurm) << QByteArray("#");
        QTest::newRow("slurm yaml") << int(studio::ExportKind::SlurmYaml) << QByteArray("#");
    }
    void everyExportWritesItsFile() {
        QFETCH(int, kind);
        QFETCH(QByteArray, starts);
        auto w = openDocument(m_tmp.filePath(QStringLiteral("rec-export")));
        const auto k = studio::ExportKind(kind);
        const QString path = m_tmp.filePath(
            QStringLiteral("export-%1%2").arg(kind).arg(exports::exportInfo(k).suffix));
        QVERIFY2(w->exportTo(k, path), qPrintable(w->lastError()));
        const QByteArray bytes = fileBytes(path);
        QVERIFY(bytes.size() > 40);
        QVERIFY2(bytes.startsWith(starts), bytes.left(40).constData());
        // Cancelled, a second export leaves the first file exactly as it was.
        QVERIFY(w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
        cancelNextTask(*w);
        QVERIFY(!w->exportTo(k, path));
        QVERIFY2(w->lastError().contains(QLatin1String("cancelled")), qPrintable(w->lastError()));
        QCOMPARE(fileBytes(path), bytes);
    }

    void netboxExportWritesAFolder() {
        auto w = openDocument(m_tmp.filePath(QStringLiteral("rec-netbox")));
        const QString dir = m_tmp.filePath(QStringLiteral("netbox"));
        QVERIFY2(w->exportTo(studio::ExportKind::NetBox, dir), qPrintable(w->lastError()));
        QVERIFY(QFile::exists(dir + QStringLiteral("/07-devices.csv")));
        QVERIFY(QFile::exists(dir + QStringLiteral("/09-cables.csv")));
        QVERIFY(QFile::exists(dir + QStringLiteral("/README.md")));
    }

    void kubernetesExportWritesAFolder() {
        auto w = openDocument(m_tmp.filePath(QStringLiteral("rec-k8s")));
        const QString dir = m_tmp.filePath(QStringLiteral("k8s"));
        QVERIFY2(w->exportTo(studio::ExportKind::Kubernetes, dir), qPrintable(w->lastError()));
        QVERIFY(fileBytes(dir + QStringLiteral("/node-labels.yaml")).contains("kind: Node"));
        QVERIFY(fileBytes(dir + QStringLiteral("/kueue-topology.yaml")).contains("kind: Topology"));
    }

    /// The autosave is written from a copy on a worker thread: autosaveNow returns at once,
    /// and the file appears once the worker is done.
    void autosaveIsWrittenInTheBackground() {
        auto w = openDocument(m_tmp.filePath(QStringLiteral("rec-auto")));
        QVERIFY(w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
        const QByteArray edited = bytesOf(*w);
        w->autosaveNow();
        // Editing goes on while it is written; the autosave holds the design as it was.
        QVERIFY(w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {5100, 3900}));
        w->waitForAutosave();
        QCOMPARE(fileBytes(w->recovery()->autosavePath()), edited);
    }
};

QTEST_MAIN(TestLongTasks)
#include "tst_long_tasks.moc"
