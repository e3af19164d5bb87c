#include "RecoveryManager.h"

#include "model/DesignFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace cds::studio {

RecoveryManager::RecoveryManager(QString folder)
    : m_folder(std::move(folder)) {
    if (m_folder.isEmpty())
        // Beside the user catalogs (CatalogLibrary::userFolder), in one place per user.
        m_folder = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
                   QStringLiteral("/cluster-design-studio/recovery");
}

QString RecoveryManager::autosavePath() const {
    return m_folder + QStringLiteral("/autosave.") + DesignFile::extension();
}
QString RecoveryManager::journalPath() const {
    return m_folder + QStringLiteral("/edits.journal");
}
QString RecoveryManager::lockPath() const {
    return m_folder + QStringLiteral("/session.lock");
}
QString RecoveryManager::metaPath() const {
    return m_folder + QStringLiteral("/autosave.origin");
}

bool RecoveryManager::hasPendingRecovery() const {
    return m_started ? m_pending : leftBehind();
}

bool RecoveryManager::leftBehind() const {
    return QFile::exists(lockPath()) &&
           (QFile::exists(autosavePath()) || QFile::exists(journalPath()));
}

QString RecoveryManager::pendingOriginalPath() const {
    QFile f(metaPath());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).trimmed();
}

void RecoveryManager::startSession() {
    m_pending = leftBehind();
    m_started = true;
    QDir().mkpath(m_folder);
    QFile lock(lockPath());
    if (lock.open(QIODevice::WriteOnly | QIODevice::Truncate))
        lock.write(QByteArray::number(QCoreApplication::applicationPid()));
}

bool RecoveryManager::autosave(const DesignData& d, const QString& originalPath, QString* error) {
    QDir().mkpath(m_folder);
    if (!DesignFile::save(d, autosavePath(), error))
        return false;
    setOrigin(originalPath);
    return true;
}

void RecoveryManager::setOrigin(const QString& originalPath) {
    QDir().mkpath(m_folder);
    QSaveFile meta(metaPath());
    if (meta.open(QIODevice::WriteOnly)) {
        meta.write(originalPath.toUtf8());
        meta.commit();
    }
}

void RecoveryManager::discard() {
    QFile::remove(autosavePath());
}

void RecoveryManager::endSession() {
    discard();
    QFile::remove(journalPath());
    QFile::remove(metaPath());
    QFile::remove(lockPath());
}

} // namespace cds::studio
