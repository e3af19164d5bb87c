#pragma once

#include "model/rules/Finding.h"

#include <QAbstractTableModel>

#include <vector>

namespace cds {
class Design;
}

namespace cds::views {

/// @brief The findings as a table for the problems panel: severity, code, message and the
/// objects' names. A row's texts are made when a view asks for them, so only the rows on
/// screen are ever worded: a drag that turns 5,000 findings on and off at every step costs
/// a sort and a reset, not 5,000 rows of widgets. Names are read from the design when asked,
/// so a rename shows without the findings changing.
class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, CodeColumn, MessageColumn, ObjectsColumn, ColumnCount };
    explicit FindingsModel(const Design* design, QObject* parent = nullptr);
    /// Shows @p findings (sorted errors first, then warnings, infos; waived last). The rows
    /// the list begins and ends with, the same findings as before, stay rows (a selection
    /// among them stays); only those between are removed and inserted.
    void setFindings(std::vector<Finding> findings);
    const Finding* findingAt(int row) const; ///< or null

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    QString text(const Finding& f, int column) const;
    void replaceMiddle(std::vector<Finding>& next, std::size_t head, std::size_t tail);
    const Design* m_design;
    std::vector<Finding> m_findings;
};

} // namespace cds::views
