#pragma once

#include "SweepTableModel.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace cds {
class FailureModel;
struct ImpactResult;
} // namespace cds

namespace cds::views {

/// @brief The Failures panel: what the failure shown takes down (GPUs lost and degraded,
/// racks down, NVLink domains, bisection and the largest job before and after, cables cut,
/// the objects affected), and the N-1 table, which sorts by any column and shows a row's
/// failure when it is chosen. Emits requests; the app runs the analysis.
class ImpactPanel : public QWidget {
    Q_OBJECT
public:
    explicit ImpactPanel(QWidget* parent = nullptr);

    /// Shows what failing @p names does.
    void showImpact(const FailureModel& m, const ImpactResult& r, const QStringList& names);
    /// No failure shown: the figures say how to ask for one.
    void showNothing();
    /// The kinds the design has, for the N-1 box ("every kind" first).
    void setKinds(const QStringList& kinds);
    /// An N-1 sweep's rows, worst first, over @p kinds.
    void showSweep(std::vector<SweepRow> rows, const QStringList& kinds);
    /// The design changed since the table was made: it says so (and stays usable).
    void markSweepStale();
    void showSweepProblem(const QString& text);
    /// A refusal of the names asked for (shown under the field).
    void showFailProblem(const QString& text);

    QLineEdit* failField() const { return m_fail; }
    QComboBox* kindBox() const { return m_kinds; }
    QTableView* table() const { return m_table; }
    const SweepTableModel* sweepModel() const { return m_model; }
    QString figuresText() const;
    QString sweepSummaryText() const;

Q_SIGNALS:
    void failRequested(const QStringList& names);
    void clearRequested();
    /// @p kinds empty: every kind the design has.
    void sweepRequested(const QStringList& kinds);
    /// A row of the N-1 table was chosen: show that element's failure.
    void elementActivated(const QString& name);

private:
    void requestFail();
    QLineEdit* m_fail;
    QLabel* m_failProblem;
    QLabel* m_figures;
    QComboBox* m_kinds;
    QPushButton* m_run;
    QLabel* m_summary;
    QTableView* m_table;
    SweepTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QStringList m_sweptKinds;
};

} // namespace cds::views
