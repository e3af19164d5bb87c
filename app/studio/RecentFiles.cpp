#include "RecentFiles.h"

#include <QSettings>
#include <QThreadPool>

namespace cds::studio {

namespace {
const QString kKey = QStringLiteral("recentFiles");
} // namespace

RecentFiles::RecentFiles()
    : m_list(QSettings().value(kKey).toStringList())
    , m_writer(std::make_unique<QThreadPool>()) {
    m_writer->setMaxThreadCount(1); // one writer: the settings see the lists in order
    while (m_list.size() > kMax)
        m_list.removeLast();
}

RecentFiles::~RecentFiles() {
    waitForWritten();
}

void RecentFiles::add(const QString& path) {
    QStringList next = m_list;
    next.removeAll(path);
    next.prepend(path);
    while (next.size() > kMax)
        next.removeLast();
    if (next == m_list)
        return;
    m_list = next;
    m_writer->start([next] { QSettings().setValue(kKey, next); });
}

void RecentFiles::waitForWritten() {
    m_writer->waitForDone();
}

} // namespace cds::studio
