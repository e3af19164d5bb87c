// Issue 32: the NetBox bundle streams to its staged files as its rows are produced, never
// holding a whole file. The files are the bytes the in-memory writer wrote before (SHA-256 of
// each example's folder, data/netbox-bundle-sha256.txt) and the bytes of netboxExport(); the
// cables follow the cabling schedule without its rows; a full disk part way leaves the
// previous folder whole, with the file and the system's reason in the message.
#include "../FullDisk.h"
#include "ExportTestDesigns.h"
#include "model/AtomicFile.h"
#include "model/cabling/CableRouting.h"
#include "model/export/CablingSchedule.h"
#include "model/export/NetBoxExport.h"
#include "model/json/DesignFile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cerrno>
#include <map>
#include <unistd.h>

using namespace cds;

namespace {

using Files = std::map<QString, QByteArray>; // relative path -> bytes

/// Every file under @p dir, hidden ones included (a staged file left behind would show).
Files folderFiles(const QString& dir) {
    Files out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        out[QDir(dir).relativeFilePath(path)] =
            f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
    }
    return out;
}

Files inMemory(const DesignData& d, const QString& site) {
    Files out;
    for (const auto& [path, bytes] : netboxFiles(netboxExport(d, site)))
        out[path] = bytes;
    return out;
}

/// Streams the bundle of @p d for @p site into @p dir through a staged folder, as File >
/// Export and the CLI do.
bool stream(const DesignData& d, const QString& site, const QString& dir, QString* error) {
    StagedFolder folder(dir);
    QString problem;
    if (!writeNetBox(d, site, folder, &problem)) {
        *error = problem.isEmpty() ? folder.error() : problem;
        return false;
    }
    if (folder.commit())
        return true;
    *error = folder.error();
    return false;
}

DesignData example(const QString& name) {
    LoadResult lr = DesignFile::load(QStringLiteral(CDS_SOURCE_DIR "/resources/examples/") + name +
                                     QStringLiteral(".cds.json"));
    if (!lr.ok)
        qFatal("cannot open the example %s", qPrintable(name));
    routeCables(lr.data); // as the CLI does after an open
    return std::move(lr.data);
}

/// A cluster as `generate --gpus @p gpus` builds it (DGX H100, rail-optimized).
DesignData generated(int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate --gpus %d: %s", gpus, qPrintable(r.error));
    return std::move(r.design);
}

/// data/netbox-bundle-sha256.txt: example -> (relative path -> SHA-256 in hex).
std::map<QString, std::map<QString, QByteArray>> pinnedSums() {
    std::map<QString, std::map<QString, QByteArray>> out;
    QFile f(QStringLiteral(CDS_SOURCE_DIR "/tests/model/export/data/netbox-bundle-sha256.txt"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read netbox-bundle-sha256.txt");
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const qsizetype gap = line.indexOf("  ");
        const QString path = QString::fromUtf8(line.mid(gap + 2));
        const qsizetype slash = path.indexOf(QLatin1Char('/'));
        out[path.left(slash)][path.mid(slash + 1)] = line.left(gap);
    }
    return out;
}

} // namespace

class TestNetBoxStream : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void cleanup() { AtomicFileTesting::setWriteFunction(nullptr); }

    /// Each example's streamed folder holds exactly the files it held before, byte for byte.
    void streamedBundleIsAsBefore() {
        const auto pins = pinnedSums();
        QCOMPARE(pins.size(), std::size_t(3));
        for (const auto& [name, sums] : pins) {
            const DesignData d = example(name);
            const QString dir = m_tmp.filePath(QStringLiteral("pinned-") + name);
            QString error;
            QVERIFY2(stream(d, d.hall.name, dir, &error), qPrintable(error));
            const Files files = folderFiles(dir);
            QCOMPARE(files.size(), sums.size());
            for (const auto& [path, bytes] : files) {
                const auto it = sums.find(path);
                QVERIFY2(it != sums.end(), qPrintable(name + QStringLiteral(": new file ") + path));
                QVERIFY2(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex() ==
                             it->second,
                         qPrintable(name + QStringLiteral(": ") + path));
            }
        }
    }

    /// On a generated design whose files pass the staging buffer several times over, the
    /// folder is netboxExport()'s bytes, file for file, with and without IPAM.
    void streamedBundleIsTheInMemoryOne() {
        DesignData d = generated(4096);
        const QString site = QStringLiteral("Lab, hall 1");
        QString error;
        QVERIFY2(stream(d, site, m_tmp.filePath(QStringLiteral("generated")), &error),
                 qPrintable(error));
        const Files files = folderFiles(m_tmp.filePath(QStringLiteral("generated")));
        const Files memory = inMemory(d, site);
        qsizetype largest = 0;
        for (const auto& [path, bytes] : files)
            largest = std::max(largest, bytes.size());
        QVERIFY(largest > (qsizetype(1) << 19)); // twice the staging buffer
        QVERIFY(files.count(QStringLiteral("17-ip-addresses.csv")));
        QCOMPARE(files.size(), memory.size());
        for (const auto& [path, bytes] : memory) {
            QVERIFY2(files.count(path), qPrintable(path));
            QVERIFY2(files.at(path) == bytes, qPrintable(path));
        }
        // A pool too small: files 13 to 17 are left out of both, and the README says why.
        d.settings.addressing.pools[std::size_t(AddressPool::Bmc)] =
            *Ipv4Prefix::parse(QStringLiteral("10.40.0.0/30"));
        const QString without = m_tmp.filePath(QStringLiteral("no-ipam"));
        QVERIFY2(stream(d, site, without, &error), qPrintable(error));
        const Files noIpam = folderFiles(without);
        QVERIFY(noIpam == inMemory(d, site));
        QVERIFY(!noIpam.count(QStringLiteral("13-loopbacks.csv")));
        QVERIFY(noIpam.at(QStringLiteral("README.md")).contains("No IPAM files (13 to 17)"));
    }

    /// The cables are walked as the schedule has them: each row's links, rows by first link,
    /// twin-port cables (one row of several links) included.
    void cablesFollowTheSchedule() {
        for (const char* name : {"dgx-h100-256gpu-su", "gb300-nvl72-576gpu-su"}) {
            const DesignData d = example(QLatin1String(name));
            std::vector<LinkId> fromRows, walked;
            QStringList rowIds, walkedIds;
            for (const CableRow& r : cablingRows(d)) {
                fromRows.insert(fromRows.end(), r.links.begin(), r.links.end());
                rowIds << r.id;
            }
            int shared = 0;
            forEachCable(d, [&](const std::vector<LinkId>& links) {
                walked.insert(walked.end(), links.begin(), links.end());
                walkedIds << cableId(links.front());
                shared += links.size() > 1 ? 1 : 0;
            });
            QVERIFY2(shared > 0, name);
            QCOMPARE(walkedIds, rowIds);
            QCOMPARE(walked.size(), fromRows.size());
            QVERIFY2(walked == fromRows, name);
        }
    }

    /// A full disk part way through a large file: the export fails naming the file and the
    /// system's reason, and the previous folder is as it was, with no staged file left.
    void aFullDiskKeepsThePreviousBundle() {
        const DesignData d = generated(1024);
        const QString dir = m_tmp.filePath(QStringLiteral("full-disk"));
        QString error;
        QVERIFY2(stream(d, QStringLiteral("before"), dir, &error), qPrintable(error));
        const Files before = folderFiles(dir);
        test::fullDiskRoom() = 200 * 1024; // a few files and part of a larger one
        AtomicFileTesting::setWriteFunction(&test::fullDisk);
        QVERIFY(!stream(d, QStringLiteral("after"), dir, &error));
        QVERIFY2(error.startsWith(dir + QLatin1Char('/')) &&
                     error.endsWith(QLatin1String(": cannot write: No space left on device")),
                 qPrintable(error));
        AtomicFileTesting::setWriteFunction(nullptr);
        QVERIFY(folderFiles(dir) == before);
        QVERIFY(stream(d, QStringLiteral("after"), dir, &error));
        QVERIFY(folderFiles(dir) == inMemory(d, QStringLiteral("after")));
    }

    /// A name NetBox cannot take: refused before any file or folder is made.
    void aRefusedBundleWritesNothing() {
        const QString dir = m_tmp.filePath(QStringLiteral("refused"));
        QString error;
        QVERIFY(!stream(test::leafSpine(8, 2, 1, true), QString(65, u's'), dir, &error));
        QVERIFY2(error.contains(QLatin1String("site name")), qPrintable(error));
        QVERIFY(!QFileInfo::exists(dir));
    }
};

QTEST_APPLESS_MAIN(TestNetBoxStream)
#include "tst_netbox_stream.moc"
