#pragma once

#include "model/fabric/Generator.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace cds::studio {

/// @brief "Generate cluster": the parameters of cds::generateCluster (GPU count, server,
/// switch, topology, tiers, oversubscription). The result replaces the design as one step.
class GenerateDialog : public QDialog {
    Q_OBJECT
public:
    GenerateDialog(const Catalog& library, QWidget* parent = nullptr);
    GenerateParams params() const;
    void setParams(const GenerateParams& p);

private:
    QSpinBox* m_gpus;
    QComboBox* m_server;
    QComboBox* m_switch;
    QComboBox* m_topology;
    QComboBox* m_tiers;
    QDoubleSpinBox* m_oversub;
};

} // namespace cds::studio
