#pragma once

#include "model/edits/PowerOps.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace cds::studio {

/// @brief Power > Build power chain…: the redundancy scheme (2N, N+1, block-redundant with its
/// block count, single-corded), 800 V DC for rack-scale systems and an optional IT budget,
/// filled in from the design's chain when it has one. On a design with a chain it says, before
/// anything is done, that building replaces all of it, the elements the user added or edited
/// too. The caller applies the answer as one undoable edit (edits::buildPowerChain).
class PowerChainDialog : public QDialog {
    Q_OBJECT
public:
    explicit PowerChainDialog(const DesignData& design, QWidget* parent = nullptr);
    edits::PowerChainOptions options() const;
    void setOptions(const edits::PowerChainOptions& o);
    /// What it says before a rebuild; empty on a design without a chain.
    QString warningText() const;

private:
    void updateBlocks();
    QComboBox* m_scheme;
    QSpinBox* m_blocks;
    QCheckBox* m_dc800;
    QDoubleSpinBox* m_budget; ///< MW
    QLabel* m_warning;
    double m_budgetKw = 0;      ///< the budget given, exactly
    double m_shownBudgetMw = 0; ///< as the field showed it: untouched, the budget stays exact
};

} // namespace cds::studio
