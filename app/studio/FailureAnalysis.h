#pragma once

#include "model/Design.h"
#include "model/resilience/Sweep.h"
#include "model/rules/Finding.h"
#include "views/FailureHighlight.h"
#include "views/resilience/SweepTableModel.h"

#include <QObject>
#include <QStringList>

#include <memory>
#include <optional>

namespace cds {
class LiveAnalysis;
}

namespace cds::studio {

class TaskRunner;

/// @brief "What if this fails?" in the studio, without a window: fails named elements of the
/// open design (as `cluster-studio-cli impact --fail` names them), keeps the impact and the
/// FailureHighlight the floorplan and elevation colour by, follows the design as it is edited
/// (the same elements, renamed or moved, are failed again; one whose element is gone ends
/// with a message), and runs N-1
/// sweeps on a worker thread with progress. Analysis, never an edit: nothing enters undo.
class FailureAnalysis : public QObject {
    Q_OBJECT
public:
    FailureAnalysis(Design* design, LiveAnalysis* analysis, TaskRunner* tasks,
                    QObject* parent = nullptr);
    ~FailureAnalysis() override;

    views::FailureHighlight* highlight() const { return m_highlight; }
    /// Fails @p names together and shows the impact; the refusal, or empty when shown.
    QString failNames(const QStringList& names);
    /// Fails the selected objects (racks, devices, trays, power elements) together.
    QString failObjects(const std::vector<ObjectRef>& objects);
    /// Stops showing the failure.
    void clear();
    bool active() const { return !m_names.isEmpty(); }
    const QStringList& failedNames() const { return m_names; }
    /// The impact shown (valid while active()).
    const ImpactResult& impact() const { return m_impact; }
    /// The failure model of the design as it is now (built on first use after an edit).
    const FailureModel& model();
    /// The sweep kinds this design has elements of.
    QStringList kinds();

    /// Runs the N-1 sweep over @p kinds (all the design has when empty) with progress; false
    /// when refused or cancelled, with @p why.
    bool sweep(const QStringList& kinds, QString* why);
    const std::vector<views::SweepRow>& sweepRows() const { return m_rows; }
    const QStringList& sweptKinds() const { return m_sweptKinds; }
    /// The name `impact --fail` takes back for @p e: its name, prefixed where names clash.
    static QString idFor(const FailureModel& m, const FailureElement& e);

Q_SIGNALS:
    /// A failure was shown, recomputed after an edit, or cleared.
    void impactChanged();
    void sweepFinished();
    /// The design changed after the last sweep.
    void sweepStale();
    void message(const QString& text, int timeoutMs);

private:
    void designChanged();
    void recompute();
    /// Fails @p failed (elements of model()) and shows what they take down.
    void run(std::vector<FailureElement> failed);
    /// Whether @p e still names something in the design as it is now.
    bool stillThere(const FailureElement& e);
    void showCurrent();
    Design* m_design;
    TaskRunner* m_tasks;
    views::FailureHighlight* m_highlight;
    std::unique_ptr<FailureModel> m_model;
    std::vector<FailureElement> m_failed; ///< ids: the failure follows renames and moves
    QStringList m_names;
    ImpactResult m_impact;
    bool m_dirty = false;
    std::vector<views::SweepRow> m_rows;
    QStringList m_sweptKinds;
    std::optional<QStringList> m_kinds; ///< cached with the model
};

} // namespace cds::studio
