#include "HallOps.h"

#include "../site/HallMove.h"
#include "PathwayOps.h"

#include <cmath>
#include <optional>
#include <utility>

namespace cds::edits {

namespace {

/// RoomAir::of() the other way: the room's air side into the settings.
void applyRoomAir(DesignSettings& s, const RoomAir& air) {
    s.inletClass = air.inletClass;
    s.airDeltaTF = air.deltaTF;
    s.liquidAirSharePct = air.liquidAirSharePct;
    s.roomAirCoolingKw = air.capacityKw;
}

bool inside(const Hall& h, const RectMm& r) {
    return r.x >= 0 && r.y >= 0 && r.x + r.w <= h.widthMm && r.y + r.h <= h.depthMm;
}

QString metres(double mm) {
    return QString::number(mm / 1000, 'f', 1);
}

Result hallEdit(const DesignData& d, const Hall& after, const QString& text,
                const RoomAir* air = nullptr) {
    if (const QString why = hallProblem(d, after); !why.isEmpty())
        return Result::refuse(why);
    if (air)
        if (const QString why = roomAirProblem(*air); !why.isEmpty())
            return Result::refuse(why);
    const DocumentProps before = DocumentProps::of(d);
    DocumentProps props = before;
    props.hall = after;
    if (air)
        applyRoomAir(props.settings, *air);
    auto e = std::make_unique<DocumentEdit>(text, before, props);
    if (e->isNoOp())
        return Result::refuse(QStringLiteral("The hall is already like that"));
    return {std::move(e), {}};
}

bool obstacleNamed(const Hall& h, const QString& name) {
    for (const Obstacle& o : h.obstacles)
        if (o.name == name)
            return true;
    return false;
}

} // namespace

QString hallProblem(const DesignData& d, const Hall& h) {
    for (double side : {h.widthMm, h.depthMm})
        if (!(side >= kMinHallSideMm && side <= kMaxHallSideMm))
            return QStringLiteral("A hall side is %1 m to %2 km")
                .arg(kMinHallSideMm / 1000)
                .arg(kMaxHallSideMm / 1e6);
    if (!(h.tileMm >= 100 && h.tileMm <= 5000))
        return QStringLiteral("Floor tiles are 100 to 5,000 mm");
    if (h.name.size() > 256)
        return QStringLiteral("A hall name is at most 256 characters");
    for (const Row& r : h.rows) {
        const QString name = r.name.isEmpty() ? QStringLiteral("A row") : r.name;
        if (r.area.w <= 0 || r.area.h <= 0)
            return QStringLiteral("%1 has no area").arg(name);
        if (!inside(h, r.area))
            return QStringLiteral("%1 reaches outside the hall").arg(name);
        if (r.name.size() > 256)
            return QStringLiteral("A row name is at most 256 characters");
    }
    for (const Obstacle& o : h.obstacles) {
        const QString name = o.name.isEmpty() ? QStringLiteral("An obstacle") : o.name;
        if (o.area.w <= 0 || o.area.h <= 0)
            return QStringLiteral("%1 has no area").arg(name);
        if (!inside(h, o.area))
            return QStringLiteral("%1 reaches outside the hall").arg(name);
        if (o.name.size() > 256)
            return QStringLiteral("An obstacle name is at most 256 characters");
    }
    QString rackOut;
    d.racks.forEach([&](RackId, const Rack& r) {
        if (rackOut.isEmpty() && !inside(h, footprint(d, r)))
            rackOut = r.name;
    });
    if (!rackOut.isEmpty())
        return QStringLiteral("Rack %1 would be outside a %2 x %3 m hall: move it first")
            .arg(rackOut, metres(h.widthMm), metres(h.depthMm));
    QString trayOut;
    d.pathways.forEach([&](PathwayId, const Pathway& p) {
        for (PointMm e : {p.from, p.to})
            if (trayOut.isEmpty() && (e.x < 0 || e.y < 0 || e.x > h.widthMm || e.y > h.depthMm))
                trayOut = p.name;
    });
    if (!trayOut.isEmpty())
        return QStringLiteral("Tray %1 would be outside a %2 x %3 m hall: move it first")
            .arg(trayOut, metres(h.widthMm), metres(h.depthMm));
    return {};
}

Result setHall(const DesignData& d, const Hall& after) {
    return hallEdit(d, after, QStringLiteral("Edit hall"));
}

Result setHall(const DesignData& d, const Hall& after, const RoomAir& air) {
    return hallEdit(d, after, QStringLiteral("Edit hall"), &air);
}

QString hallsProblem(const Hall& floor, const std::vector<SiteHall>& halls) {
    if (halls.size() > std::size_t(kMaxSiteHalls))
        return QStringLiteral("A site has at most %1 halls").arg(kMaxSiteHalls);
    for (std::size_t i = 0; i < halls.size(); ++i) {
        const SiteHall& h = halls[i];
        if (h.name.trimmed().isEmpty())
            return QStringLiteral("Hall %1 needs a name").arg(i + 1);
        if (h.name.size() > 256)
            return QStringLiteral("A hall name is at most 256 characters");
        if (h.area.w < kMinHallSideMm || h.area.h < kMinHallSideMm)
            return QStringLiteral("%1 is at least %2 m a side")
                .arg(h.name)
                .arg(kMinHallSideMm / 1000);
        if (!inside(floor, h.area))
            return QStringLiteral("%1 reaches outside the %2 x %3 m site")
                .arg(h.name, metres(floor.widthMm), metres(floor.depthMm));
        for (std::size_t k = 0; k < i; ++k) {
            if (halls[k].name == h.name)
                return QStringLiteral("Two halls are named %1").arg(h.name);
            if (halls[k].area.intersects(h.area))
                return QStringLiteral("%1 overlaps %2").arg(h.name, halls[k].name);
        }
    }
    return {};
}

Result setSite(const DesignData& d, const Hall& after, const RoomAir& air,
               const std::vector<SiteHall>& halls) {
    if (halls == d.halls)
        return setHall(d, after, air);
    if (const QString why = hallProblem(d, after); !why.isEmpty())
        return Result::refuse(why);
    if (const QString why = roomAirProblem(air); !why.isEmpty())
        return Result::refuse(why);
    if (const QString why = hallsProblem(after, halls); !why.isEmpty())
        return Result::refuse(why);
    DesignData next = d;
    next.hall = after;
    applyRoomAir(next.settings, air);
    next.halls = halls;
    const QString text = halls.empty()       ? QStringLiteral("Make the floor one hall")
                         : halls.size() == 1 ? QStringLiteral("Edit hall and its site")
                         : d.halls.size() == halls.size()
                             ? QStringLiteral("Edit %1 halls").arg(halls.size())
                             : QStringLiteral("Site of %1 halls").arg(halls.size());
    return {std::make_unique<ReplaceDesignEdit>(text, d, std::move(next)), {}};
}

Result resizeHall(const DesignData& d, double widthMm, double depthMm, double tileMm) {
    Hall h = d.hall;
    h.widthMm = widthMm;
    h.depthMm = depthMm;
    h.tileMm = tileMm;
    return hallEdit(
        d, h, QStringLiteral("Resize hall to %1 x %2 m").arg(metres(widthMm), metres(depthMm)));
}

Result addRow(const DesignData& d, Row row) {
    Hall h = d.hall;
    if (row.name.trimmed().isEmpty()) {
        for (int n = 0; row.name.isEmpty(); ++n) {
            // Row A ... Row Z, then Row AA, Row AB...
            QString letters;
            for (int k = n; k >= 0; k = k / 26 - 1)
                letters.prepend(QChar(u'A' + k % 26));
            const QString name = QStringLiteral("Row ") + letters;
            if (std::none_of(h.rows.begin(), h.rows.end(),
                             [&](const Row& r) { return r.name == name; }))
                row.name = name;
        }
    }
    const QString text = QStringLiteral("Add %1").arg(row.name);
    h.rows.push_back(std::move(row));
    return hallEdit(d, h, text);
}

namespace {

/// Replaces (@p after set) or deletes element @p index of the hall's list @p member (rows or
/// obstacles), as one hall edit named after the element.
template <class T>
Result editListed(const DesignData& d, std::vector<T> Hall::*member, std::size_t index,
                  const T* after, const QString& what) {
    const std::vector<T>& list = d.hall.*member;
    if (index >= list.size())
        return Result::refuse(QStringLiteral("No such %1").arg(what));
    Hall h = d.hall;
    std::vector<T>& out = h.*member;
    if (after)
        out[index] = *after;
    else
        out.erase(out.begin() + std::ptrdiff_t(index));
    return hallEdit(
        d, h,
        (after ? QStringLiteral("Edit %1") : QStringLiteral("Delete %1")).arg(list[index].name));
}

} // namespace

Result editRow(const DesignData& d, std::size_t index, const Row& after) {
    return editListed(d, &Hall::rows, index, &after, QStringLiteral("row"));
}

Result removeRow(const DesignData& d, std::size_t index) {
    return editListed<Row>(d, &Hall::rows, index, nullptr, QStringLiteral("row"));
}

QString nextObstacleName(const Hall& hall, ObstacleKind kind) {
    const QString base = kind == ObstacleKind::Column ? QStringLiteral("Column")
                         : kind == ObstacleKind::Crac ? QStringLiteral("CRAC")
                                                      : QStringLiteral("Obstacle");
    for (int n = 1;; ++n) {
        const QString name = QStringLiteral("%1 %2").arg(base).arg(n);
        if (!obstacleNamed(hall, name))
            return name;
    }
}

RectMm defaultObstacleSize(ObstacleKind kind) {
    switch (kind) {
    case ObstacleKind::Column:
        return {0, 0, 600, 600};
    case ObstacleKind::Crac:
        return {0, 0, 2400, 900};
    case ObstacleKind::Other:
        break;
    }
    return {0, 0, 1200, 1200};
}

Result addObstacle(const DesignData& d, Obstacle o) {
    if (o.name.trimmed().isEmpty())
        o.name = nextObstacleName(d.hall, ObstacleKind::Other);
    Hall h = d.hall;
    const QString text = QStringLiteral("Add %1").arg(o.name);
    h.obstacles.push_back(std::move(o));
    return hallEdit(d, h, text);
}

Result editObstacle(const DesignData& d, std::size_t index, const Obstacle& after) {
    return editListed(d, &Hall::obstacles, index, &after, QStringLiteral("obstacle"));
}

Result removeObstacle(const DesignData& d, std::size_t index) {
    return editListed<Obstacle>(d, &Hall::obstacles, index, nullptr, QStringLiteral("obstacle"));
}

namespace {
/// @p p is on area @p a, its edges included.
bool holds(const RectMm& a, PointMm p) {
    return p.x >= a.x && p.x <= a.x + a.w && p.y >= a.y && p.y <= a.y + a.h;
}

template <typename T> int areaAt(const std::vector<T>& v, PointMm p) {
    for (std::size_t i = v.size(); i-- > 0;)
        if (holds(v[i].area, p))
            return int(i);
    return -1;
}
} // namespace

int rowAt(const Hall& hall, PointMm p) {
    return areaAt(hall.rows, p);
}
int obstacleAt(const Hall& hall, PointMm p) {
    return areaAt(hall.obstacles, p);
}

// A campus hall moved, resized or renamed (setSiteHall), with what stands in it.
namespace {

/// "at (12.0, 0.0) m, 40.0 x 30.0 m"
QString placeText(const RectMm& a) {
    return QStringLiteral("at (%1, %2) m, %3 x %4 m")
        .arg(metres(a.x), metres(a.y), metres(a.w), metres(a.h));
}

/// Why hall @p index cannot stand where @p halls puts it (empty when it can), naming it and
/// its place.
QString sitePlaceProblem(const Hall& site, const std::vector<SiteHall>& halls, std::size_t index) {
    const SiteHall& h = halls[index];
    if (h.area.w < kMinHallSideMm || h.area.h < kMinHallSideMm)
        return QStringLiteral("%1 is at least %2 m a side, not %3 x %4 m")
            .arg(h.name)
            .arg(kMinHallSideMm / 1000)
            .arg(metres(h.area.w), metres(h.area.h));
    if (!inside(site, h.area))
        return QStringLiteral("%1 %2 would reach outside the %3 x %4 m site")
            .arg(h.name, placeText(h.area), metres(site.widthMm), metres(site.depthMm));
    for (std::size_t k = 0; k < halls.size(); ++k)
        if (k != index && halls[k].area.intersects(h.area))
            return QStringLiteral("%1 %2 would overlap %3 %4")
                .arg(h.name, placeText(h.area), halls[k].name, placeText(halls[k].area));
    return {};
}

/// @brief Where what a hall move touches stands: the campus's halls, the floor (its rows and
/// obstacles), the racks' centres, the floor-standing power elements' areas and the trays the
/// move changes (none: not there).
struct SitePlace {
    std::vector<SiteHall> halls;
    Hall hall;
    std::vector<std::pair<RackId, PointMm>> racks;
    std::vector<std::pair<PowerElementId, std::optional<RectMm>>> power;
    std::vector<std::pair<PathwayId, std::optional<Pathway>>> trays;
    bool operator==(const SitePlace&) const = default;
};

/// @brief A campus hall moved, resized or renamed with what stands in it: one undo step. The
/// design is replaced (its halls have no setter of their own) by the one it is applied to with
/// the step's places, so the step holds only what the move changes, not two designs.
class SiteHallEdit final : public Edit {
public:
    SiteHallEdit(QString text, SitePlace before, SitePlace after)
        : m_text(std::move(text))
        , m_before(std::move(before))
        , m_after(std::move(after)) {}
    QString text() const override { return m_text; }
    void apply(Design& d) override { put(d, m_after); }
    void revert(Design& d) override { put(d, m_before); }
    bool isNoOp() const override { return m_before == m_after; }

private:
    static void put(Design& d, const SitePlace& p) {
        DesignData next = d.data();
        next.halls = p.halls;
        next.hall = p.hall;
        for (const auto& [id, centre] : p.racks)
            next.racks[id].centre = centre;
        for (const auto& [id, area] : p.power)
            next.power.elements[id].area = area;
        for (const auto& [id, tray] : p.trays) {
            if (next.pathways.contains(id))
                next.pathways.take(id);
            if (tray)
                next.pathways.insert(id, *tray);
        }
        d.reset(std::move(next));
    }
    QString m_text;
    SitePlace m_before, m_after;
};

/// Whether @p a, inside @p was before, stays inside @p now once moved by @p delta (a thing
/// already reaching out of its hall may go on doing so).
bool staysIn(const RectMm& a, const RectMm& was, const RectMm& now, PointMm delta) {
    return !was.contains(a) || now.contains(shifted(a, delta));
}

QString leftOut(const QString& what, const SiteHall& now) {
    return QStringLiteral("%1 would be outside %2 %3: make the hall larger, or move it first")
        .arg(what, now.name, placeText(now.area));
}

/// The racks, rows, obstacles and power racks of hall @p was moved by @p delta into @p now.
QString moveFloor(const DesignData& d, const HallContents& c, const SiteHall& was,
                  const SiteHall& now, PointMm delta, SitePlace& before, SitePlace& after) {
    for (RackId id : c.racks) {
        const Rack& r = d.racks[id];
        if (!staysIn(footprint(d, r), was.area, now.area, delta))
            return leftOut(QStringLiteral("Rack ") + r.name, now);
        before.racks.emplace_back(id, r.centre);
        after.racks.emplace_back(id, shifted(r.centre, delta));
    }
    for (std::size_t i : c.rows) {
        Row& row = after.hall.rows[i];
        if (!staysIn(row.area, was.area, now.area, delta))
            return leftOut(row.name.isEmpty() ? QStringLiteral("A row") : row.name, now);
        row.area = shifted(row.area, delta);
    }
    for (std::size_t i : c.obstacles) {
        Obstacle& o = after.hall.obstacles[i];
        if (!staysIn(o.area, was.area, now.area, delta))
            return leftOut(o.name.isEmpty() ? QStringLiteral("An obstacle") : o.name, now);
        o.area = shifted(o.area, delta);
    }
    for (PowerElementId id : c.power) {
        const PowerElement& e = d.power.elements[id];
        if (!staysIn(*e.area, was.area, now.area, delta))
            return leftOut(e.name, now);
        before.power.emplace_back(id, e.area);
        after.power.emplace_back(id, shifted(*e.area, delta));
    }
    return {};
}

/// "<tray> jog", "<tray> jog 2"...: a name no tray of @p d nor of @p taken has.
QString jogName(const DesignData& d, const QString& tray, QStringList& taken) {
    for (int n = 1;; ++n) {
        const QString base = tray.left(240) + QStringLiteral(" jog");
        const QString name = n == 1 ? base : QStringLiteral("%1 %2").arg(base).arg(n);
        bool used = taken.contains(name);
        d.pathways.forEach([&](PathwayId, const Pathway& p) { used = used || p.name == name; });
        if (!used) {
            taken << name;
            return name;
        }
    }
}

/// A tray from hall @p now to elsewhere (@p toInside: its `to` end is the one in the hall):
/// that end follows the hall along the tray's line, and a jog joins it to where the hall's own
/// trays now are when the hall moved across the line.
QString moveLeavingTray(const DesignData& d, PathwayId id, bool toInside, const SiteHall& now,
                        PointMm delta, SitePlace& before, SitePlace& after, QStringList& jogs) {
    const Pathway& p = d.pathways[id];
    const bool alongX = p.from.y == p.to.y, alongY = p.from.x == p.to.x;
    if (alongX == alongY)
        return {}; // not along an axis (or no length): left as it is
    const PointMm out = toInside ? p.from : p.to;
    const PointMm was = toInside ? p.to : p.from;
    if (!holds(now.area, shifted(was, delta)))
        return leftOut(QStringLiteral("Tray ") + p.name, now);
    const PointMm in = shifted(was, alongX ? PointMm{delta.x, 0} : PointMm{0, delta.y});
    const double lengthWas = alongX ? was.x - out.x : was.y - out.y;
    const double length = alongX ? in.x - out.x : in.y - out.y;
    if (std::abs(length) < kMinPathwayMm || (length > 0) != (lengthWas > 0))
        return QStringLiteral("Tray %1 to %2 would be shorter than %3 m: move the hall less far "
                              "that way")
            .arg(p.name, now.name)
            .arg(kMinPathwayMm / 1000);
    Pathway moved = p;
    (toInside ? moved.to : moved.from) = in;
    before.trays.emplace_back(id, p);
    after.trays.emplace_back(id, moved);
    if ((alongX ? delta.y : delta.x) != 0) {
        Pathway jog = p; // its kind, elevation and size: it carries the same cables
        jog.name = jogName(d, p.name, jogs);
        jog.from = in;
        jog.to = shifted(was, delta);
        const PathwayId added(d.pathways.nextId().value() + PathwayId::Rep(jogs.size()) - 1);
        before.trays.emplace_back(added, std::nullopt);
        after.trays.emplace_back(added, jog);
    }
    return {};
}

/// The trays of hall @p now moved by @p delta, and those leaving it stretched and jogged.
QString moveTrays(const DesignData& d, const HallContents& c, const SiteHall& now, PointMm delta,
                  SitePlace& before, SitePlace& after) {
    for (PathwayId id : c.trays) {
        const Pathway& p = d.pathways[id];
        Pathway moved = p;
        moved.from = shifted(p.from, delta);
        moved.to = shifted(p.to, delta);
        if (!holds(now.area, moved.from) || !holds(now.area, moved.to))
            return leftOut(QStringLiteral("Tray ") + p.name, now);
        before.trays.emplace_back(id, p);
        after.trays.emplace_back(id, moved);
    }
    QStringList jogs;
    for (const auto& [id, toInside] : c.leaving)
        if (const QString why = moveLeavingTray(d, id, toInside, now, delta, before, after, jogs);
            !why.isEmpty())
            return why;
    return {};
}

QString siteHallText(const SiteHall& was, const SiteHall& now) {
    const bool moved = now.area.x != was.area.x || now.area.y != was.area.y;
    const bool sized = now.area.w != was.area.w || now.area.h != was.area.h;
    const bool renamed = now.name != was.name;
    if (renamed && !moved && !sized)
        return QStringLiteral("Rename hall %1 to %2").arg(was.name, now.name);
    if (moved && !sized && !renamed)
        return QStringLiteral("Move %1 to (%2, %3) m")
            .arg(now.name, metres(now.area.x), metres(now.area.y));
    if (sized && !moved && !renamed)
        return QStringLiteral("Resize %1 to %2 x %3 m")
            .arg(now.name, metres(now.area.w), metres(now.area.h));
    return QStringLiteral("Edit hall %1").arg(now.name);
}

} // namespace

Result setSiteHall(const DesignData& d, std::size_t index, const SiteHall& after) {
    if (index >= d.halls.size())
        return Result::refuse(QStringLiteral("No such hall"));
    const SiteHall& was = d.halls[index];
    std::vector<SiteHall> halls = d.halls;
    SiteHall& now = halls[index];
    now = after;
    now.name = after.name.trimmed();
    if (now == was)
        return Result::refuse(QStringLiteral("%1 is already like that").arg(was.name));
    if (now.name.isEmpty())
        return Result::refuse(QStringLiteral("Hall %1 needs a name").arg(index + 1));
    if (const QString why = sitePlaceProblem(d.hall, halls, index); !why.isEmpty())
        return Result::refuse(why);
    if (const QString why = hallsProblem(d.hall, halls); !why.isEmpty())
        return Result::refuse(why);
    const PointMm delta{now.area.x - was.area.x, now.area.y - was.area.y};
    const HallContents c = hallContents(d, d.halls, int(index));
    SitePlace before, next;
    before.halls = d.halls;
    next.halls = halls;
    before.hall = next.hall = d.hall;
    if (const QString why = moveFloor(d, c, was, now, delta, before, next); !why.isEmpty())
        return Result::refuse(why);
    if (const QString why = moveTrays(d, c, now, delta, before, next); !why.isEmpty())
        return Result::refuse(why);
    return {
        std::make_unique<SiteHallEdit>(siteHallText(was, now), std::move(before), std::move(next)),
        {}};
}

} // namespace cds::edits
