#pragma once

#include <QStringList>

#include <memory>

class QThreadPool;

namespace cds::studio {

/// @brief The recently used design files, most recent first, kept in memory and written to
/// the settings on a thread of their own: QSettings syncs its file to disk, and right after a
/// save has written 60 MB that sync held the UI thread ~10 ms. Writes happen in call order.
class RecentFiles {
public:
    static constexpr int kMax = 8;
    /// Reads the list from the settings.
    RecentFiles();
    ~RecentFiles(); ///< waits for pending writes
    QStringList list() const { return m_list; }
    /// Puts @p path first. An unchanged list is not written again.
    void add(const QString& path);
    /// Waits until every write so far has reached the settings (tests; the destructor).
    void waitForWritten();

private:
    QStringList m_list;
    std::unique_ptr<QThreadPool> m_writer;
};

} // namespace cds::studio
