#include "HallOps.h"

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
template <typename T> int areaAt(const std::vector<T>& v, PointMm p) {
    for (std::size_t i = v.size(); i-- > 0;) {
        const RectMm& a = v[i].area;
        if (p.x >= a.x && p.x <= a.x + a.w && p.y >= a.y && p.y <= a.y + a.h)
            return int(i);
    }
    return -1;
}
} // namespace

int rowAt(const Hall& hall, PointMm p) {
    return areaAt(hall.rows, p);
}
int obstacleAt(const Hall& hall, PointMm p) {
    return areaAt(hall.obstacles, p);
}

} // namespace cds::edits
