#pragma once

#include "Operations.h"

#include <optional>

namespace cds::edits {

/// @brief Adds, changes and removes tray segments, keeping their ids: one class for drawing,
/// moving, splitting, resizing and deleting trays, so each is one undo step.
class PathwaysEdit final : public Edit {
public:
    /// id, state before (none: added), state after (none: removed)
    struct Change {
        PathwayId id;
        std::optional<Pathway> before, after;
    };
    PathwaysEdit(QString text, std::vector<Change> changes, int mergeId = -1)
        : m_text(std::move(text))
        , m_changes(std::move(changes))
        , m_mergeId(mergeId) {}
    QString text() const override { return m_text; }
    void apply(Design& d) override;
    void revert(Design& d) override;
    bool isNoOp() const override;
    int mergeId() const override { return m_mergeId; }
    /// Successive moves of the same trays (one drag) become one step.
    bool mergeWith(const Edit& other) override;
    const std::vector<Change>& changes() const { return m_changes; }

private:
    static void set(Design& d, PathwayId id, const std::optional<Pathway>& from,
                    const std::optional<Pathway>& to);
    QString m_text;
    std::vector<Change> m_changes;
    int m_mergeId;
};

inline constexpr int kMergeMovePathways = 3; ///< after MergeIds in Edit.h
inline constexpr double kMinPathwayMm = 300; ///< shortest tray segment an operation makes

/// Why @p p cannot be a tray of @p d (empty when it can): ends inside the hall, along x or y,
/// at least kMinPathwayMm long, sizes within what the file format reads.
QString pathwayProblem(const DesignData& d, const Pathway& p);
/// Draws a new tray; an empty name becomes the next free "T<n>".
Result addPathway(const DesignData& d, Pathway p);
/// Moves trays by @p delta (mm); successive moves of one drag merge into one step.
Result movePathways(const DesignData& d, const std::vector<PathwayId>& ids, PointMm delta);
/// Splits a tray at the point of it nearest @p at: the tray keeps its first part, a new tray
/// (same kind and size, name "<name>-2"...) takes the rest. Refused within kMinPathwayMm of an
/// end. @p newId receives the new tray's id.
Result splitPathway(const DesignData& d, PathwayId id, PointMm at, PathwayId* newId = nullptr);
Result deletePathways(const DesignData& d, const std::vector<PathwayId>& ids);
/// Changes a tray's name, kind, ends, elevation, width or depth.
Result editPathway(const DesignData& d, PathwayId id, const Pathway& after);

/// The tray whose centre line passes within @p toleranceMm of @p p (nearest first), or invalid.
PathwayId pathwayAt(const DesignData& d, PointMm p, double toleranceMm);
/// Distance from @p p to the segment's centre line, and the nearest point on it.
double distanceToPathway(const Pathway& w, PointMm p, PointMm* nearest = nullptr);

} // namespace cds::edits
