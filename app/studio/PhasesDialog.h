#pragma once

#include "model/DesignData.h"

#include <QDialog>

class QDoubleSpinBox;
class QLabel;
class QTableWidget;

namespace cds::studio {

/// @brief Edit > Build phases…: the design's build phases in order, each with a name and a
/// target date (YYYY-MM-DD, or empty), and on a second page the install labour, hours per
/// unit of each kind (settings.labourHours), with the defaults one click away. Rows are added
/// and removed; a name missing or given twice, or a date in another form, is named as it is
/// typed and stops OK. The window applies the result as one undoable edit
/// (DesignEditor::setPhases); racks of a removed phase move to the last one left.
class PhasesDialog : public QDialog {
    Q_OBJECT
public:
    PhasesDialog(const std::vector<BuildPhase>& phases, const LabourHours& labour,
                 QWidget* parent = nullptr);
    /// The phases as entered.
    std::vector<BuildPhase> phases() const;
    /// The install labour as entered.
    LabourHours labourHours() const;
    /// Every kind's hours back to the built-in planning estimates.
    void resetLabourHours();
    /// What stops OK now, or empty.
    QString problem() const;
    /// Appends a phase named after the last ("Phase 3"), dated 8 weeks after it when dated.
    void addPhase();
    void removeSelected();
    void accept() override;

private:
    void check();
    QTableWidget* m_table;
    QLabel* m_status;
    std::array<QDoubleSpinBox*, kInstallKindCount> m_hours{};
};

} // namespace cds::studio
