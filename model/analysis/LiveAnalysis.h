#pragma once

#include "../Design.h"
#include "../cabling/CableRouting.h"
#include "../cabling/TrayChange.h"
#include "../cabling/TrayFill.h"
#include "../metrics/Bom.h"
#include "../rules/Rule.h"
#include "Analysis.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace cds {

/// @brief The one live analysis of the open design: the only writer of derived cable data
/// (lengths and media) and the owner of the live rule run. It recomputes on a coalesced timer
/// (at most every delayMs, however many signals a drag fires) and publishes one Analysis that
/// the canvas colours, the problems panel, the status bar and the dashboard all read.
/// After edits that only moved racks (a drag), only the moved racks' cables are re-derived and
/// only the rules that read placement run again; any other edit runs every rule.
class LiveAnalysis : public QObject {
    Q_OBJECT
public:
    explicit LiveAnalysis(Design* design, QObject* parent = nullptr);
    Design* design() const { return m_design; }
    const Analysis& result() const { return m_result; }
    const Metrics& metrics() const { return m_result.metrics; }
    const std::vector<Finding>& findings() const { return m_result.findings; }
    /// How full the trays are, as of the last run (empty without pathways).
    const TrayLoad& trayLoad() const { return m_trayLoad; }
    /// Recomputes at once (tests, benchmarks, and the timer).
    void runNow();
    /// Longest wait between a change and the recomputation. The timer is started, not
    /// restarted, so a continuous drag still updates every delayMs instead of at its end.
    void setDelayMs(int ms) { m_timer.setInterval(ms); }
    int delayMs() const { return m_timer.interval(); }
    bool isPending() const { return m_timer.isActive(); }
    int runCount() const { return m_runs; }       ///< recomputes so far
    double lastRunMs() const { return m_lastMs; } ///< duration of the last recompute
    /// Whether the last runNow() re-ran only the placement rules (tests, benchmarks).
    bool lastRunWasPlacementOnly() const { return m_lastPlacementOnly; }

Q_SIGNALS:
    void updated();

private:
    void schedule();
    /// Re-derives the dirty cables; with @p changed, lists each link whose length or media
    /// changed together with what it was.
    void rerouteCables(const DesignIndex& index,
                       std::vector<std::pair<LinkId, Link>>* changed = nullptr);
    /// The racks marked as moved since the last run, in id order.
    std::vector<RackId> dirtyRackIds() const;
    void runFull();
    void runPlacement(bool traysChanged);
    static void mark(std::vector<char>& v, std::uint32_t i);
    /// Since the last run, did anything change but rack positions and rotations?
    bool onlyPlacementChanged() const;
    void rememberRacks();
    Design* m_design;
    bool m_allDirty = true;
    /// Trays changed since the last run: every cable between racks is measured again, and
    /// only one whose length changed has its medium chosen again.
    bool m_traysDirty = false;
    bool m_structural = true; ///< a change other than a rack's place since the last run
    bool m_lastPlacementOnly = false;
    std::vector<Rack> m_racksAtLastRun; ///< by rack id: to tell a move from another rack edit
    RuleResults m_rules;
    // Kept between runs so that a drag re-derives only what it touched (valid while only
    // placement changed; a full run rebuilds them).
    std::optional<DesignIndex> m_index;
    std::optional<BomTally> m_bom;
    std::optional<TrayTally> m_trays;
    TrayLoad m_trayLoad;
    SlotVector<Pathway, PathwayId> m_pathwaysAtLastRun;
    std::vector<char> m_dirtyRacks, m_dirtyDevices, m_dirtyLinks;
    /// @brief The cables from one rack to another (A end in a), and what the trays gave them
    /// when last routed: a tray edit re-derives only the pairs whose part changed.
    struct RackPairLinks {
        RackId a, b;
        std::vector<LinkId> links;
        LinkRouter::TrayPart part;
        bool known = false; ///< part is what the links were routed with
    };
    /// Built at the first tray edit after a full run (links and racks as counted then).
    std::vector<RackPairLinks> m_rackPairs;
    std::vector<std::vector<std::uint32_t>> m_rackPairsOfRack; ///< by rack id
    bool m_rackPairsBuilt = false;
    /// The tray change a drag step measured (rerouteTrayPairs) and the racks' reaches of it,
    /// for the tally's retray() to use rather than work them out again; reset once used.
    std::optional<TrayChange> m_trayChange;
    std::optional<RackReaches> m_trayReaches;
    void rerouteTrayPairs(LinkRouter& router,
                          const std::function<void(LinkId, const Link&)>& reroute);
    void buildRackPairs(LinkRouter& router);
    void forgetRackPairs(RackId rack);
    QTimer m_timer;
    Analysis m_result;
    int m_runs = 0;
    double m_lastMs = 0;
};

} // namespace cds
