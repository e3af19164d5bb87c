#pragma once

#include "../DesignData.h"
#include "../metrics/Bom.h"

#include <QDate>

#include <vector>

/// @file The build plan: a design's phases (DesignData::phases, Rack::phase) as what each one
/// installs, costs, draws and hands over, and what must be ordered by when. Derived, never
/// stored.
namespace cds {

/// The phase of each object. A device is installed with its rack (an unracked one in the
/// first phase); a cable with the later of its two ends; a power-chain element with the first
/// phase whose racks it feeds (an element feeding none, in the first).
int phaseOfRack(const DesignData& d, RackId id);
int phaseOfDevice(const DesignData& d, DeviceId id);
int phaseOfLink(const DesignData& d, LinkId id);
std::vector<int> powerElementPhases(const DesignData& d); ///< by PowerElementId value

/// The design as it stands at the end of phase @p last (0-based): the racks of phases up to
/// it, their devices, the cables between them and the power chain they need. Cable lengths
/// and media stay as routed in the whole design. Scenarios are dropped.
DesignData designUpTo(const DesignData& d, int last);

/// @p later minus @p earlier, line by line (both of the same design's catalog): what a phase
/// adds. Lines whose quantity does not change are left out.
Bom bomDelta(const DesignData& d, const Bom& later, const Bom& earlier);

/// @brief Something to order for a phase, by the date its lead time asks.
struct PhaseOrder {
    TypeId type;
    InstallKind kind = InstallKind::Rack;
    long long quantity = 0;
    LeadTime lead;
    QDate orderBy; ///< the phase's date less the lead time; invalid when the phase has no date
};

/// @brief What one phase adds and where the build stands at its end.
struct PhaseSummary {
    int index = 0;
    BuildPhase phase;
    Bom bom; ///< new in this phase: the phases' BOMs sum to the whole design's
    int racks = 0;
    int gpus = 0;          ///< GPUs installed in this phase
    int gpusReady = 0;     ///< at its end, all phases so far
    double bf16Pflops = 0; ///< dense BF16 at its end
    double itKwReady = 0;  ///< IT load (nameplate maximum) at its end
    double facilityKwReady = 0;
    long long cables = 0;           ///< links pulled in this phase
    double labourHours = 0;         ///< install labour for what it adds (settings.labourHours)
    std::vector<PhaseOrder> orders; ///< one per BOM line, longest lead first
    /// The earliest order date of its items; invalid when the phase has no date.
    QDate firstOrderBy() const;
};

/// @brief The whole plan, or why there is none.
struct BuildPlan {
    std::vector<PhaseSummary> phases;
    /// Why the plan cannot be made: the design has no phases, or a phase holds no racks
    /// (named). Empty when the plan is complete.
    QString error;
};

/// What @p t is for labour and lead times in @p d: its catalog category, GPU servers apart,
/// power-chain equipment by the kind of the element that uses it.
InstallKind installKindOf(const DesignData& d, TypeId t);

/// The plan for @p d's phases.
BuildPlan buildPlan(const DesignData& d);

/// Splits @p d's racks into @p count phases by scalable unit (the group of the GPU servers and
/// leaf switches a rack holds, in order); racks holding neither (spines, core, storage,
/// management) go in the first phase. Phase i is named "Phase i+1" and, when @p first is
/// valid, dated @p first plus i * @p everyWeeks weeks. Returns why it cannot (fewer scalable
/// units than phases), or empty.
QString splitByScalableUnit(DesignData& d, int count, const QDate& first = {}, int everyWeeks = 0);

} // namespace cds
