#pragma once

#include "model/generator/Generator.h"

#include <QDialog>
#include <QTimer>

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace cds::studio {

/// @brief "Generate cluster": every choice of `cluster-studio-cli generate` (the compute
/// fabric, the hall, cooling, storage, the power chain, co-packaged optics, the title), with a
/// live preview of what it builds (racks, switches, cables, power, cost) computed in the
/// background as the choices change. The result replaces the design as one step. With a
/// generator set, OK runs it and a refusal shows inline, the inputs kept, until it succeeds or
/// the user cancels.
class GenerateDialog : public QDialog {
    Q_OBJECT
public:
    GenerateDialog(const Catalog& library, QWidget* parent = nullptr);
    ~GenerateDialog() override;
    GenerateParams params() const;
    void setParams(const GenerateParams& p);
    /// Runs on OK: returns an empty string when the design was generated, else the error.
    void setGenerator(std::function<QString(const GenerateParams&)> generate);
    QString errorText() const; ///< the inline error shown, empty when none
    /// The preview's text as shown ("12 racks · 8 switches · ..."), or why it cannot build.
    QString previewText() const;
    /// Waits for the preview of the current choices (tests).
    void waitForPreview();
    /// A generator error in the dialog's words: its fields instead of the CLI's flags.
    static QString inStudioWords(const QString& generatorError);

private:
    struct Preview;
    void schedulePreview();
    void startPreview();
    void showPreview(const GenerateResult& r);

    const Catalog& m_library;
    QSpinBox* m_gpus;
    QComboBox* m_server;
    QComboBox* m_switch;
    QComboBox* m_topology;
    QComboBox* m_tiers;
    QDoubleSpinBox* m_oversub;
    QComboBox* m_planes;
    QSpinBox* m_suNodes;
    QSpinBox* m_podGpus;
    QSpinBox* m_serversPerRack;
    QCheckBox* m_cpo;
    QDoubleSpinBox* m_hallW;
    QDoubleSpinBox* m_hallD;
    QSpinBox* m_halls;
    QComboBox* m_cooling;
    QDoubleSpinBox* m_storageTb;
    QDoubleSpinBox* m_storageGbps;
    QDoubleSpinBox* m_checkpointMin;
    QComboBox* m_power;
    QCheckBox* m_dc800;
    QSpinBox* m_phases;
    QLineEdit* m_phaseStart;
    QLineEdit* m_title;
    QLabel* m_preview;
    QLabel* m_error;
    QTimer m_debounce;
    bool m_running = false; ///< a preview is being computed
    bool m_stale = false;   ///< the choices changed while it ran
    std::function<QString(const GenerateParams&)> m_generate;
};

} // namespace cds::studio
