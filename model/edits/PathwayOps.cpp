#include "PathwayOps.h"

#include "../SegmentDistance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace cds::edits {

void PathwaysEdit::set(Design& d, PathwayId id, const std::optional<Pathway>& from,
                       const std::optional<Pathway>& to) {
    if (from && to)
        d.updatePathway(id, *to);
    else if (to)
        d.insertPathway(id, *to);
    else if (from)
        d.removePathway(id);
}

void PathwaysEdit::apply(Design& d) {
    for (const Change& c : m_changes)
        set(d, c.id, c.before, c.after);
}

void PathwaysEdit::revert(Design& d) {
    for (auto it = m_changes.rbegin(); it != m_changes.rend(); ++it)
        set(d, it->id, it->after, it->before);
}

bool PathwaysEdit::isNoOp() const {
    return std::all_of(m_changes.begin(), m_changes.end(),
                       [](const Change& c) { return c.before == c.after; });
}

bool PathwaysEdit::mergeWith(const Edit& other) {
    auto* o = dynamic_cast<const PathwaysEdit*>(&other);
    if (!o || o->m_changes.size() != m_changes.size())
        return false;
    for (std::size_t i = 0; i < m_changes.size(); ++i)
        if (o->m_changes[i].id != m_changes[i].id || !m_changes[i].after || !o->m_changes[i].after)
            return false;
    for (std::size_t i = 0; i < m_changes.size(); ++i)
        m_changes[i].after = o->m_changes[i].after;
    return true;
}

namespace {

double lengthOf(const Pathway& p) {
    return std::hypot(p.to.x - p.from.x, p.to.y - p.from.y);
}

QString label(const Pathway& p, PathwayId id) {
    return p.name.isEmpty() ? QStringLiteral("tray %1").arg(id.value()) : p.name;
}

bool nameTaken(const DesignData& d, const QString& name) {
    bool taken = false;
    d.pathways.forEach([&](PathwayId, const Pathway& p) { taken = taken || p.name == name; });
    return taken;
}

QString freeName(const DesignData& d, const QString& base, const char* sep) {
    for (int n = 1;; ++n) {
        const QString name = base + QString::fromLatin1(sep) + QString::number(n + (*sep ? 1 : 0));
        if (!nameTaken(d, name))
            return name;
    }
}

} // namespace

QString pathwayProblem(const DesignData& d, const Pathway& p) {
    const Hall& h = d.hall;
    for (PointMm e : {p.from, p.to})
        if (e.x < 0 || e.y < 0 || e.x > h.widthMm || e.y > h.depthMm)
            return QStringLiteral("A tray must stay inside the hall (%1 x %2 m)")
                .arg(h.widthMm / 1000, 0, 'f', 1)
                .arg(h.depthMm / 1000, 0, 'f', 1);
    if (p.from.x != p.to.x && p.from.y != p.to.y)
        return QStringLiteral("A tray runs along the hall's x or y axis");
    if (lengthOf(p) < kMinPathwayMm)
        return QStringLiteral("A tray is at least %1 mm long").arg(kMinPathwayMm);
    // The ranges the design file reads (model/json/DesignJson.cpp readPathway).
    if (p.elevationMm < 0 || p.elevationMm > 100000)
        return QStringLiteral("Tray elevation must be 0 to 100,000 mm");
    if (p.widthMm < 10 || p.widthMm > 10000 || p.depthMm < 10 || p.depthMm > 10000)
        return QStringLiteral("Tray width and depth must be 10 to 10,000 mm");
    if (p.name.size() > 256)
        return QStringLiteral("A tray name is at most 256 characters");
    return {};
}

Result addPathway(const DesignData& d, Pathway p) {
    if (p.name.trimmed().isEmpty())
        p.name = freeName(d, QStringLiteral("T"), "");
    if (const QString why = pathwayProblem(d, p); !why.isEmpty())
        return Result::refuse(why);
    const PathwayId id = d.pathways.nextId();
    return {std::make_unique<PathwaysEdit>(QStringLiteral("Draw tray %1").arg(p.name),
                                           std::vector<PathwaysEdit::Change>{{id, {}, p}}),
            {}};
}

Result movePathways(const DesignData& d, const std::vector<PathwayId>& ids, PointMm delta) {
    std::vector<PathwaysEdit::Change> changes;
    for (PathwayId id : std::set<PathwayId>(ids.begin(), ids.end())) {
        const Pathway* w = d.pathways.find(id);
        if (!w)
            continue;
        Pathway after = *w;
        after.from = {w->from.x + delta.x, w->from.y + delta.y};
        after.to = {w->to.x + delta.x, w->to.y + delta.y};
        if (const QString why = pathwayProblem(d, after); !why.isEmpty())
            return Result::refuse(QStringLiteral("%1: %2").arg(label(*w, id), why));
        changes.push_back({id, *w, after});
    }
    if (changes.empty())
        return Result::refuse(QStringLiteral("No tray selected"));
    const QString text =
        changes.size() == 1
            ? QStringLiteral("Move tray %1").arg(label(*changes[0].before, changes[0].id))
            : QStringLiteral("Move %1 trays").arg(changes.size());
    return {std::make_unique<PathwaysEdit>(text, std::move(changes), kMergeMovePathways), {}};
}

Result splitPathway(const DesignData& d, PathwayId id, PointMm at, PathwayId* newId) {
    const Pathway* w = d.pathways.find(id);
    if (!w)
        return Result::refuse(QStringLiteral("No such tray"));
    PointMm cut;
    distanceToPathway(*w, at, &cut);
    // Trays run along x or y; keep the cut on whole millimetres so the file stays tidy.
    cut = {std::round(cut.x), std::round(cut.y)};
    Pathway first = *w, second = *w;
    first.to = cut;
    second.from = cut;
    if (lengthOf(first) < kMinPathwayMm || lengthOf(second) < kMinPathwayMm)
        return Result::refuse(QStringLiteral("Split %1 at least %2 mm from its ends")
                                  .arg(label(*w, id))
                                  .arg(kMinPathwayMm));
    second.name = freeName(d, w->name.isEmpty() ? QStringLiteral("T") : w->name, "-");
    const PathwayId added = d.pathways.nextId();
    if (newId)
        *newId = added;
    return {std::make_unique<PathwaysEdit>(
                QStringLiteral("Split tray %1").arg(label(*w, id)),
                std::vector<PathwaysEdit::Change>{{id, *w, first}, {added, {}, second}}),
            {}};
}

Result deletePathways(const DesignData& d, const std::vector<PathwayId>& ids) {
    std::vector<PathwaysEdit::Change> changes;
    for (PathwayId id : std::set<PathwayId>(ids.begin(), ids.end()))
        if (const Pathway* w = d.pathways.find(id))
            changes.push_back({id, *w, {}});
    if (changes.empty())
        return Result::refuse(QStringLiteral("No tray selected"));
    const QString text =
        changes.size() == 1
            ? QStringLiteral("Delete tray %1").arg(label(*changes[0].before, changes[0].id))
            : QStringLiteral("Delete %1 trays").arg(changes.size());
    return {std::make_unique<PathwaysEdit>(text, std::move(changes)), {}};
}

Result editPathway(const DesignData& d, PathwayId id, const Pathway& after) {
    const Pathway* w = d.pathways.find(id);
    if (!w)
        return Result::refuse(QStringLiteral("No such tray"));
    if (const QString why = pathwayProblem(d, after); !why.isEmpty())
        return Result::refuse(QStringLiteral("%1: %2").arg(label(*w, id), why));
    return {std::make_unique<PathwaysEdit>(QStringLiteral("Edit tray %1").arg(label(*w, id)),
                                           std::vector<PathwaysEdit::Change>{{id, *w, after}}),
            {}};
}

double distanceToPathway(const Pathway& w, PointMm p, PointMm* nearest) {
    return distanceToSegment(w.from, w.to, p, nearest);
}

PathwayId pathwayAt(const DesignData& d, PointMm p, double toleranceMm) {
    PathwayId best;
    double bestDist = std::numeric_limits<double>::infinity();
    d.pathways.forEach([&](PathwayId id, const Pathway& w) {
        const double dist = distanceToPathway(w, p) - w.widthMm / 2;
        if (dist <= toleranceMm && dist < bestDist) {
            bestDist = dist;
            best = id;
        }
    });
    return best;
}

} // namespace cds::edits
