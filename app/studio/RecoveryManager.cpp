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
        m_folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                   QStringLiteral("/recovery");
}

QString RecoveryManager::autosavePath() const {
    return m_folder + QStringLiteral("/autosave.") + DesignFile::extension();
}
QString RecoveryManager::lockPath() const {
    return m_folder + QStringLiteral("/session.lock");
}
QString RecoveryManager::metaPath() const {
    return m_folder + QStringLiteral("/autosave.origin");
}

bool RecoveryManager::hasPendingRecovery() const {
    return QFile::exists(lockPath()) && QFile::exists(autosavePath());
}

QString RecoveryManager::pendingOriginalPath() const {
    QFile f(metaPath());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).trimmed();
}

void RecoveryManager::startSession() {
    QDir().mkpath(m_folder);
    QFile lock(lockPath());
    if (lock.open(QIODevice::WriteOnly | QIODevice::Truncate))
        lock.write(QByteArray::number(QCoreApplication::applicationPid()));
}

bool RecoveryManager::autosave(const DesignData& d, const QString& originalPath, QString* error) {
    QDir().mkpath(m_folder);
    if (!DesignFile::save(d, autosavePath(), error))
        return false;
    QSaveFile meta(metaPath());
    if (meta.open(QIODevice::WriteOnly)) {
        meta.write(originalPath.toUtf8());
        meta.commit();
    }
    return true;
}

void RecoveryManager::discard() {
    QFile::remove(autosavePath());
    QFile::remove(metaPath());
}

void RecoveryManager::endSession() {
    discard();
    QFile::remove(lockPath());
}

} // namespace cds::studio
