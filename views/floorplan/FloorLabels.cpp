#include "FloorLabels.h"

#include "model/RackGeometry.h"
#include "views/render/FloorplanRenderer.h"
#include "views/render/Occupancy.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <optional>

namespace cds::views {

namespace {

constexpr double kKwMaxPx = 11;
constexpr double kRowPx = 12;
constexpr double kAisleMaxPx = 10;
constexpr double kPad = 2; ///< clear pixels around a text

/// Measures texts at one reference size: widths and heights scale with the pixel size.
class Measure {
public:
    explicit Measure(QFont font, bool bold) {
        font.setBold(bold);
        font.setPixelSize(100);
        m_fm.emplace(font);
    }
    double width(const QString& text) const { return m_fm->horizontalAdvance(text) / 100.0; }
    double height() const { return m_fm->height() / 100.0; }

private:
    std::optional<QFontMetricsF> m_fm;
};

/// @p text placed in @p box at the largest size in [minPx, maxPx] that fits, horizontally, or
/// turned when the box is taller than wide and only that fits; the label's box is the text's.
std::optional<FloorLabel> fitIn(const QString& text, const QRectF& box, const Measure& m,
                                double maxPx, double minPx) {
    const double w = m.width(text), h = m.height();
    if (text.isEmpty() || w <= 0 || box.width() <= 2 * kPad || box.height() <= 2 * kPad)
        return std::nullopt;
    const double along = box.width() - 2 * kPad, across = box.height() - 2 * kPad;
    for (const bool turned : {false, true}) {
        if (turned && box.height() <= box.width())
            break;
        const double len = turned ? across : along, thick = turned ? along : across;
        const double px = std::floor(std::min({maxPx, len / w, thick / h}));
        if (px < minPx)
            continue;
        FloorLabel l;
        l.text = text;
        l.px = px;
        l.rotated = turned;
        const QSizeF size = turned ? QSizeF(h * px, w * px) : QSizeF(w * px, h * px);
        l.box = QRectF(QPointF(), size);
        l.box.moveCenter(box.center());
        return l;
    }
    return std::nullopt;
}

/// The part of rack rect @p r toward its back (or front), @p share of its depth.
QRectF rackPart(const QRectF& r, int quarter, bool back, double share) {
    const int side = (quarter + (back ? 2 : 0)) % 4; // 0 bottom, 1 left, 2 top, 3 right
    const double h = r.height() * share, w = r.width() * share;
    switch (side) {
    case 0:
        return {r.left(), r.bottom() - h, r.width(), h};
    case 1:
        return {r.left(), r.top(), w, r.height()};
    case 2:
        return {r.left(), r.top(), r.width(), h};
    default:
        return {r.right() - w, r.top(), w, r.height()};
    }
}

bool hitsAny(const QRectF& r, const std::vector<QRectF>& rects) {
    return std::any_of(rects.begin(), rects.end(),
                       [&](const QRectF& t) { return t.intersects(r); });
}

struct Layout {
    const FloorLabels::Input& in;
    Measure bold, plain;
    std::vector<QRectF> taken; ///< every placed label, padded
    render::Occupancy occupied{taken};
    std::vector<QRectF> racksTaken; ///< visible racks
    render::Occupancy racks{racksTaken};
    std::vector<FloorLabel> out;

    explicit Layout(const FloorLabels::Input& i)
        : in(i)
        , bold(i.font, true)
        , plain(i.font, false) {}

    bool free(const QRectF& r) const { return occupied.free(r.adjusted(-1, -1, 1, 1)); }
    void place(FloorLabel l, FloorLabel::Kind kind) {
        l.kind = kind;
        occupied.take(l.box);
        out.push_back(std::move(l));
    }
    /// The trays near @p r (pixels).
    std::vector<QRectF> traysNear(const QRectF& r) const {
        std::vector<QRectF> near;
        for (const QRectF& t : in.trays)
            if (t.intersects(r))
                near.push_back(t);
        return near;
    }

    void rackLabels(RackId id, const Rack& rack) {
        const DesignData& d = *in.design;
        const RectMm f = footprint(d, rack);
        const QRectF r = in.mm2px.mapRect(QRectF(f.x, f.y, f.w, f.h));
        if (!r.intersects(in.viewPx))
            return;
        const int q = ((rack.rotationDeg / 90) % 4 + 4) % 4;
        const std::vector<QRectF> trays = traysNear(r);
        // The name: in the back strip (clear of the tray over the middle), else the back half,
        // else anywhere in the rack; off the trays where one of them is.
        std::optional<FloorLabel> name, fallback;
        for (const QRectF& box :
             {rackPart(r, q, true, render::kRackStripShare), rackPart(r, q, true, 0.5), r}) {
            std::optional<FloorLabel> l =
                fitIn(rack.name, box, bold, FloorLabels::kNameMaxPx, FloorLabels::kMinPx);
            if (!l || !free(l->box))
                continue;
            if (!hitsAny(l->box, trays)) {
                name = l;
                break;
            }
            if (!fallback)
                fallback = l;
        }
        if (!name)
            name = fallback;
        if (!name)
            return; // the tooltip names it; the row name says where it is
        name->rack = id;
        place(*name, FloorLabel::Kind::RackName);
        const double kw = in.kwOf ? in.kwOf(id) : -1;
        if (kw < 0)
            return;
        // The kW: in the front strip, the front half, else beside the name; never on a tray
        // line or the name.
        const QString text = QStringLiteral("%1 kW").arg(kw, 0, 'f', 1);
        const QRectF n = name->box.adjusted(-kPad, -kPad, kPad, kPad);
        const QRectF beside[] = {
            rackPart(r, q, false, render::kRackStripShare),
            rackPart(r, q, false, 0.5),
            QRectF(QPointF(r.left(), n.bottom()), r.bottomRight()),
            QRectF(r.topLeft(), QPointF(r.right(), n.top())),
            QRectF(QPointF(n.right(), r.top()), r.bottomRight()),
            QRectF(r.topLeft(), QPointF(n.left(), r.bottom())),
        };
        for (const QRectF& box : beside) {
            if (box.width() <= 0 || box.height() <= 0)
                continue;
            std::optional<FloorLabel> l =
                fitIn(text, box, plain, std::min(kKwMaxPx, name->px), FloorLabels::kMinPx);
            if (!l)
                continue;
            // Centred, else slid to either end of its box, clear of a tray crossing it.
            const QRectF centred = l->box;
            const QRectF inner = box.adjusted(kPad, kPad, -kPad, -kPad);
            QRectF first = centred, last = centred;
            if (l->rotated)
                first.moveTop(inner.top()), last.moveBottom(inner.bottom());
            else
                first.moveLeft(inner.left()), last.moveRight(inner.right());
            for (const QRectF& at : {centred, first, last}) {
                if (at.intersects(n) || hitsAny(at, trays) || !free(at))
                    continue;
                l->box = at;
                l->rack = id;
                place(*l, FloorLabel::Kind::RackKw);
                return;
            }
        }
    }

    /// A selected rack's name: inside it as any rack's, else on a plate beside it (above,
    /// below, right, left), over other racks if need be but never over another label.
    void selectedLabel(RackId id, const Rack& rack) {
        const std::size_t before = out.size();
        rackLabels(id, rack);
        if (out.size() > before)
            return;
        const RectMm f = footprint(*in.design, rack);
        const QRectF r = in.mm2px.mapRect(QRectF(f.x, f.y, f.w, f.h));
        if (!r.intersects(in.viewPx))
            return;
        const double px = FloorLabels::kNameMaxPx;
        const QSizeF size(bold.width(rack.name) * px + 4 * kPad, bold.height() * px + kPad);
        const double cx = r.center().x() - size.width() / 2,
                     cy = r.center().y() - size.height() / 2;
        for (const QPointF at :
             {QPointF(cx, r.top() - size.height() - 3), QPointF(cx, r.bottom() + 3),
              QPointF(r.right() + 3, cy), QPointF(r.left() - size.width() - 3, cy)}) {
            const QRectF box(at, size);
            if (!in.viewPx.contains(box) || !free(box))
                continue;
            FloorLabel l;
            l.text = rack.name;
            l.px = px;
            l.box = box;
            l.rack = id;
            place(l, FloorLabel::Kind::Callout);
            return;
        }
    }

    /// A label of @p text at the first of @p spots (its top-left corner) that lies in the
    /// view, off every rack and every label.
    bool placeAt(const QString& text, const Measure& m, double px,
                 const std::vector<QPointF>& spots, FloorLabel::Kind kind) {
        const QSizeF size(m.width(text) * px + 2 * kPad, m.height() * px);
        for (const QPointF& at : spots) {
            const QRectF box(at, size);
            if (!in.viewPx.contains(box) || !free(box) || !racks.free(box))
                continue;
            FloorLabel l;
            l.text = text;
            l.px = px;
            l.box = box;
            place(l, kind);
            return true;
        }
        return false;
    }

    void rowLabel(const Row& row) {
        const QRectF a = in.mm2px.mapRect(QRectF(row.area.x, row.area.y, row.area.w, row.area.h));
        if (!a.intersects(in.viewPx))
            return;
        const double h = bold.height() * kRowPx;
        const double w = bold.width(row.name) * kRowPx + 2 * kPad;
        // At the row's start, or at the view's left edge when the start is scrolled away.
        const double x = std::max(a.left(), in.viewPx.left() + 4);
        const double hot = row.coldAisleNorth ? a.bottom() + 2 : a.top() - h - 2;
        const double cold = row.coldAisleNorth ? a.top() - h - 2 : a.bottom() + 2;
        placeAt(row.name, bold, kRowPx,
                {QPointF(a.left() - w - 6, a.center().y() - h / 2), QPointF(x, hot),
                 QPointF(x, cold), QPointF(a.right() + 6, a.center().y() - h / 2)},
                FloorLabel::Kind::Row);
    }

    /// A campus hall's name, above its top-left corner (in the gap between halls), else just
    /// inside it: at every zoom, before the rows' names.
    void hallLabel(const SiteHall& hall) {
        const QRectF a =
            in.mm2px.mapRect(QRectF(hall.area.x, hall.area.y, hall.area.w, hall.area.h));
        if (!a.intersects(in.viewPx))
            return;
        const double h = bold.height() * kRowPx;
        const double w = bold.width(hall.name) * kRowPx + 2 * kPad;
        const double x = std::max(a.left(), in.viewPx.left()) + 4;
        placeAt(hall.name, bold, kRowPx,
                {QPointF(x, a.top() - h - 4), QPointF(a.left() - w - 6, a.top()),
                 QPointF(a.right() + 6, a.top()), QPointF(x, a.top() + 4)},
                FloorLabel::Kind::Row);
    }

    void aisleLabels(const Row& row, double tile) {
        const QRectF a(row.area.x, row.area.y, row.area.w, row.area.h);
        const double aisle = 2 * tile;
        const QRectF north(a.left(), a.top() - aisle, a.width(), aisle);
        const QRectF south(a.left(), a.bottom(), a.width(), aisle);
        for (const bool cold : {true, false}) {
            const QRectF mm = cold == row.coldAisleNorth ? north : south;
            const QRectF px = in.mm2px.mapRect(mm).intersected(in.viewPx);
            const QString text = cold ? QStringLiteral("cold aisle") : QStringLiteral("hot aisle");
            std::optional<FloorLabel> l = fitIn(text, px, plain, kAisleMaxPx, FloorLabels::kMinPx);
            if (!l || l->rotated)
                continue;
            placeAt(text, plain, l->px, {l->box.topLeft() - QPointF(kPad, 0)},
                    FloorLabel::Kind::Aisle);
        }
    }
};

} // namespace

std::vector<FloorLabel> FloorLabels::layout(const Input& in) {
    Layout l(in);
    if (!in.design)
        return {};
    for (const QRectF& r : in.reserved)
        l.occupied.take(r);
    const DesignData& d = *in.design;
    // Every visible rack first: the row and aisle texts keep off them.
    d.racks.forEach([&](RackId, const Rack& rack) {
        const RectMm f = footprint(d, rack);
        const QRectF r = in.mm2px.mapRect(QRectF(f.x, f.y, f.w, f.h));
        if (r.intersects(in.viewPx))
            l.racks.take(r);
    });
    std::vector<RackId> named;
    if (in.selected.size() <= kMaxCallouts)
        for (RackId id : in.selected)
            if (const Rack* rack = d.racks.find(id)) {
                l.selectedLabel(id, *rack);
                named.push_back(id);
            }
    std::sort(named.begin(), named.end());
    std::vector<std::pair<RackId, const Rack*>> racks;
    d.racks.forEach([&](RackId id, const Rack& rack) {
        if (!std::binary_search(named.begin(), named.end(), id))
            racks.emplace_back(id, &rack);
    });
    for (const auto& [id, rack] : racks)
        l.rackLabels(id, *rack);
    for (const SiteHall& hall : d.halls)
        l.hallLabel(hall);
    for (const Row& row : d.hall.rows)
        l.rowLabel(row);
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    for (const Row& row : d.hall.rows)
        l.aisleLabels(row, tile);
    for (const Obstacle& o : d.hall.obstacles) {
        const QRectF px = in.mm2px.mapRect(QRectF(o.area.x, o.area.y, o.area.w, o.area.h));
        if (std::optional<FloorLabel> t = fitIn(o.name, px, l.plain, kKwMaxPx, kMinPx);
            t && l.free(t->box))
            l.place(*t, FloorLabel::Kind::Obstacle);
    }
    return std::move(l.out);
}

void FloorLabels::paint(QPainter& p, const std::vector<FloorLabel>& labels, const QFont& base) {
    p.save();
    p.setRenderHint(QPainter::TextAntialiasing, true);
    for (const FloorLabel& l : labels) {
        // Rack names and rows bold; the callout is a rack name on its plate.
        QFont f = base;
        f.setPixelSize(std::max(1, int(l.px)));
        f.setBold(l.kind == FloorLabel::Kind::RackName || l.kind == FloorLabel::Kind::Row ||
                  l.kind == FloorLabel::Kind::Callout);
        p.setFont(f);
        switch (l.kind) {
        case FloorLabel::Kind::Row:
            p.fillRect(l.box, QColor(255, 255, 255, 215));
            p.setPen(QColor(0x30, 0x38, 0x48));
            break;
        case FloorLabel::Kind::Aisle:
            p.setPen(QColor(0x50, 0x58, 0x68));
            break;
        case FloorLabel::Kind::RackKw:
            p.setPen(QColor(0x30, 0x34, 0x3a));
            break;
        case FloorLabel::Kind::Callout:
            p.setPen(QPen(QColor(0x1e, 0x5a, 0xc8), 1.5));
            p.setBrush(QColor(255, 255, 255, 235));
            p.drawRoundedRect(l.box, 3, 3);
            p.setPen(Qt::black);
            break;
        default:
            p.setPen(Qt::black);
        }
        if (!l.rotated) {
            p.drawText(l.box, Qt::AlignCenter, l.text);
            continue;
        }
        p.save();
        p.translate(l.box.center());
        p.rotate(-90);
        p.drawText(QRectF(-l.box.height() / 2, -l.box.width() / 2, l.box.height(), l.box.width()),
                   Qt::AlignCenter, l.text);
        p.restore();
    }
    p.restore();
}

} // namespace cds::views
