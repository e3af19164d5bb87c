#pragma once

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace cds::views {

/// @brief One element's failure in the N-1 table, named as `impact --fail` takes it.
struct SweepRow {
    QString element; ///< resolvable name (prefixed `rack:`, `device:`... only where names clash)
    QString kind;
    int gpusLost = 0, gpusDegraded = 0, racksDown = 0, domainsBroken = 0;
    double bisectionAfterTbps = 0;
    int largestJobGpus = 0;
};

/// @brief The N-1 sweep as a table, worst first (its rank); each column sorts by its value,
/// not its text (Qt::UserRole holds the number).
class SweepTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column : std::uint8_t {
        Rank,
        Element,
        Kind,
        GpusLost,
        GpusDegraded,
        RacksDown,
        Domains,
        Bisection,
        LargestJob,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;
    /// @p rows worst first.
    void setRows(std::vector<SweepRow> rows);
    const std::vector<SweepRow>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

private:
    std::vector<SweepRow> m_rows;
};

} // namespace cds::views
