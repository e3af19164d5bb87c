#pragma once

#include "model/generator/Generator.h"

#include <QDialog>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace cds::studio {

/// @brief "Generate cluster": the parameters of cds::generateCluster (GPU count, server,
/// switch, topology, tiers, oversubscription). The result replaces the design as one step.
/// With a generator set, OK runs it and a refusal shows inline, the inputs kept, until it
/// succeeds or the user cancels.
class GenerateDialog : public QDialog {
    Q_OBJECT
public:
    GenerateDialog(const Catalog& library, QWidget* parent = nullptr);
    GenerateParams params() const;
    void setParams(const GenerateParams& p);
    /// Runs on OK: returns an empty string when the design was generated, else the error.
    void setGenerator(std::function<QString(const GenerateParams&)> generate);
    QString errorText() const; ///< the inline error shown, empty when none
    /// A generator error in the dialog's words: its fields instead of the CLI's flags.
    static QString inStudioWords(const QString& generatorError);

private:
    QSpinBox* m_gpus;
    QComboBox* m_server;
    QComboBox* m_switch;
    QComboBox* m_topology;
    QComboBox* m_tiers;
    QDoubleSpinBox* m_oversub;
    QComboBox* m_planes;
    QSpinBox* m_serversPerRack;
    QLabel* m_error;
    std::function<QString(const GenerateParams&)> m_generate;
};

} // namespace cds::studio
