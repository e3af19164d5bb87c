#pragma once

#include "model/Design.h"
#include "model/Metrics.h"
#include "model/rules/Finding.h"
#include "model/rules/Rule.h"

#include <QObject>
#include <QTimer>

#include <vector>

namespace cds::views {

/// @brief Metrics and findings of the open design, recomputed on a coalesced timer (not once
/// per model signal) and shared by the canvas colours, the problems panel and the status bar.
/// After edits that only moved racks (a drag), only the moved racks' cables are re-derived and
/// only the rules that read placement run again; any other edit runs every rule.
class DesignAnalysis : public QObject {
    Q_OBJECT
public:
    explicit DesignAnalysis(Design* design, QObject* parent = nullptr);
    const Metrics& metrics() const { return m_metrics; }
    const std::vector<Finding>& findings() const { return m_findings; }
    /// Recomputes at once (tests, benchmarks, and the timer).
    void runNow();
    /// Delay between the last change and the recomputation.
    void setDelayMs(int ms) { m_timer.setInterval(ms); }
    bool isPending() const { return m_timer.isActive(); }
    /// Whether the last runNow() re-ran only the placement rules (tests, benchmarks).
    bool lastRunWasPlacementOnly() const { return m_lastPlacementOnly; }

Q_SIGNALS:
    void updated();

private:
    void rerouteCables(const DesignIndex& index);
    static void mark(std::vector<char>& v, std::uint32_t i);
    /// Since the last run, did anything change but rack positions and rotations?
    bool onlyPlacementChanged() const;
    void rememberRacks();
    Design* m_design;
    bool m_allDirty = true;
    bool m_structural = true; ///< a change other than a rack's place since the last run
    bool m_lastPlacementOnly = false;
    std::vector<Rack> m_racksAtLastRun; ///< by rack id: to tell a move from another rack edit
    RuleResults m_rules;
    std::vector<char> m_dirtyRacks, m_dirtyDevices, m_dirtyLinks;
    QTimer m_timer;
    Metrics m_metrics;
    std::vector<Finding> m_findings;
};

} // namespace cds::views
