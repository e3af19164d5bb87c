#pragma once

#include "model/advisor/Advice.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace cds {
class Catalog;
class LiveAnalysis;
} // namespace cds

namespace cds::views {

class RefreshWhenShown;

/// @brief The workload advisor: the user types a training or serving workload and sees the
/// recommended cluster with its reasoning (memory per GPU, parallelism, time, energy, cost);
/// "Generate" asks for that cluster (generateRequested, which the window applies as one undo
/// step). Below, what the open design can train or serve, updated with the live analysis.
class AdvisorPanel : public QWidget {
    Q_OBJECT
public:
    AdvisorPanel(LiveAnalysis* analysis, const Catalog* library, QWidget* parent = nullptr);

    /// Workload inputs, as the user types them ("70B", "2T").
    void setTraining(const QString& params, const QString& tokens, double days = 0, int gpus = 0);
    void setServing(const QString& params, int context, int concurrency, double tokensPerS = 0);
    void setServer(const QString& serverId);
    /// Computes the recommendation for the current inputs (the Advise button).
    void advise();

    QString recommendationText() const; ///< the reasoning shown, plain text
    /// What the open design can do, plain text (worked out now if the design changed while
    /// the panel was hidden).
    QString designText();
    double memoryBarShare() const; ///< per-GPU memory used / usable, 0-1
    /// The generator parameters of the last training recommendation, if any.
    std::optional<GenerateParams> recommended() const { return m_recommended; }
    QPushButton* generateButton() const { return m_generate; }

Q_SIGNALS:
    void generateRequested(const cds::GenerateParams& params);

private:
    void buildUi();
    void updateMode();
    void showDesign(); ///< "This design" from the analysis and the workload (m_designFacts)
    std::optional<TrainingWorkload> trainingWorkload(QString* why) const;
    std::optional<InferenceWorkload> servingWorkload(QString* why) const;
    void showMemory(double usedGb, double capacityGb);

    LiveAnalysis* m_analysis;
    const Catalog* m_library;
    /// "This design" when the panel is seen, else when it is next shown: a page of the
    /// dashboard is hidden most of the time, and ClusterFacts walks the whole design (each step
    /// of a drag at 500,000 GPUs, every open).
    RefreshWhenShown* m_designFacts;
    QComboBox* m_mode = nullptr;
    QLineEdit* m_params = nullptr;
    QLineEdit* m_tokens = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_server = nullptr;
    QComboBox* m_target = nullptr;
    QDoubleSpinBox* m_targetValue = nullptr;
    QDoubleSpinBox* m_mfu = nullptr;
    QSpinBox* m_context = nullptr;
    QSpinBox* m_concurrency = nullptr;
    QDoubleSpinBox* m_tokensPerS = nullptr;
    QList<QWidget*> m_trainOnly, m_serveOnly;
    QLabel* m_result = nullptr;
    QProgressBar* m_memory = nullptr;
    QLabel* m_design = nullptr;
    QPushButton* m_generate = nullptr;
    std::optional<GenerateParams> m_recommended;
    double m_memoryShare = 0;
};

} // namespace cds::views
