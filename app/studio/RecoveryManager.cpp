#include "RecoveryManager.h"

#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"
#include "model/json/EditJournal.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace cds::studio {

namespace {
const QString kLock = QStringLiteral("session.lock");
const QString kJournal = QStringLiteral("edits.journal");
const QString kOrigin = QStringLiteral("autosave.origin");
QString autosaveName() {
    return QStringLiteral("autosave.") + DesignFile::extension();
}
/// An autosave, or a journal with an edit after its base: a session that only opened or
/// saved a design, or made none, left nothing its files do not already hold.
bool holdsWork(const QDir& dir) {
    return dir.exists(autosaveName()) ||
           (dir.exists(kJournal) && EditJournal::holdsEdits(dir.filePath(kJournal)));
}
} // namespace

RecoveryManager::RecoveryManager(QString root)
    : m_root(std::move(root)) {
    if (m_root.isEmpty())
        // Beside the user catalogs (CatalogLibrary::userFolder), in one place per user.
        m_root = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
                 QStringLiteral("/cluster-design-studio/recovery");
}

RecoveryManager::~RecoveryManager() = default; // the lock is released, the files stay

QString RecoveryManager::autosavePath() const {
    return m_folder + QLatin1Char('/') + autosaveName();
}
QString RecoveryManager::journalPath() const {
    return m_folder + QLatin1Char('/') + kJournal;
}

QString RecoveryManager::findAbandoned() const {
    // Called before this session's folder exists or with it excluded below.
    const QDir root(m_root);
    QString best;
    QDateTime newest;
    for (const QFileInfo& sub :
         root.entryInfoList({QStringLiteral("session-*")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString path = sub.absoluteFilePath();
        if (path == QFileInfo(m_folder).absoluteFilePath())
            continue;
        QDir dir(path);
        // A live instance holds its lock: trying it fails, and its folder is not ours to touch.
        // A crashed one's lock is stale (its process is gone) or was released.
        QLockFile probe(dir.filePath(kLock));
        probe.setStaleLockTime(0);
        if (!probe.tryLock(0))
            continue;
        probe.unlock();
        if (!holdsWork(dir)) {
            dir.removeRecursively(); // a session that left nothing to restore
            continue;
        }
        const QDateTime when = sub.lastModified();
        if (best.isEmpty() || when > newest) {
            best = path;
            newest = when;
        }
    }
    return best;
}

bool RecoveryManager::hasPendingRecovery() const {
    return m_lock ? !m_pending.isEmpty() : !findAbandoned().isEmpty();
}

QString RecoveryManager::pendingAutosavePath() const {
    return m_pending.isEmpty() ? QString() : m_pending + QLatin1Char('/') + autosaveName();
}
QString RecoveryManager::pendingJournalPath() const {
    return m_pending.isEmpty() ? QString() : m_pending + QLatin1Char('/') + kJournal;
}

QString RecoveryManager::pendingOriginalPath() const {
    if (m_pending.isEmpty())
        return {};
    QFile f(m_pending + QLatin1Char('/') + kOrigin);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.read(64 * 1024)).trimmed();
}

void RecoveryManager::discardPending() {
    if (m_pending.isEmpty())
        return;
    // Take the crashed session's lock first, so two new instances never remove it together.
    QLockFile lock(m_pending + QLatin1Char('/') + kLock);
    lock.setStaleLockTime(0);
    if (lock.tryLock(0)) {
        lock.unlock();
        QDir(m_pending).removeRecursively();
    }
    m_pending.clear();
}

bool RecoveryManager::startSession(QString* error) {
    if (m_lock)
        return true;
    const QString name =
        QStringLiteral("session-%1-%2")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")))
            .arg(QCoreApplication::applicationPid());
    m_folder = QDir(m_root).filePath(name);
    if (!QDir().mkpath(m_folder)) {
        if (error)
            *error = QStringLiteral("%1: cannot create the recovery folder").arg(m_folder);
        return false;
    }
    // The autosave and journal hold a customer's design: readable by the user only.
    const auto ownerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner;
    QFile::setPermissions(m_root, ownerOnly);
    QFile::setPermissions(m_folder, ownerOnly);
    m_lock = std::make_unique<QLockFile>(QDir(m_folder).filePath(kLock));
    m_lock->setStaleLockTime(0); // held for as long as this instance runs
    if (!m_lock->tryLock(0)) {
        if (error)
            *error = QStringLiteral("%1: cannot take the recovery lock").arg(m_folder);
        m_lock.reset();
        return false;
    }
    m_pending = findAbandoned();
    return true;
}

bool RecoveryManager::autosave(const DesignData& d, const QString& originalPath, QString* error) {
    if (m_folder.isEmpty()) {
        if (error)
            *error = QStringLiteral("recovery is off for this session");
        return false;
    }
    if (!DesignFile::save(d, autosavePath(), error))
        return false;
    setOrigin(originalPath);
    return true;
}

void RecoveryManager::setOrigin(const QString& originalPath) {
    if (m_folder.isEmpty())
        return;
    QMutexLocker lock(&m_originMutex);
    if (m_origin == originalPath)
        return;
    QSaveFile meta(QDir(m_folder).filePath(kOrigin));
    if (meta.open(QIODevice::WriteOnly)) {
        meta.write(originalPath.toUtf8());
        if (meta.commit())
            m_origin = originalPath;
    }
}

void RecoveryManager::discard() {
    if (!m_folder.isEmpty())
        QFile::remove(autosavePath());
}

void RecoveryManager::endSession() {
    if (m_folder.isEmpty())
        return;
    m_lock.reset(); // unlocks and removes the lock file
    QDir(m_folder).removeRecursively();
    m_folder.clear();
    const QMutexLocker lock(&m_originMutex);
    m_origin.reset();
}

} // namespace cds::studio
