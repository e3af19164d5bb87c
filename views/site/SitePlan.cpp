#include "SitePlan.h"

#include "views/render/RenderStyle.h"

#include <QFontMetricsF>
#include <QLocale>

#include <algorithm>
#include <array>
#include <cmath>

namespace cds::views {

namespace {

QLocale figures() {
    return QLocale(QLocale::English, QLocale::UnitedStates); // "16,384", as the status bar
}

QRectF rectOf(const RectMm& a) {
    return QRectF(a.x, a.y, a.w, a.h);
}

/// Whether the segment @p a - @p b passes through @p r (Liang-Barsky).
bool crosses(const QRectF& r, QPointF a, QPointF b) {
    double t0 = 0, t1 = 1;
    const QPointF d = b - a;
    const std::array<double, 4> p{-d.x(), d.x(), -d.y(), d.y()};
    const std::array<double, 4> q{a.x() - r.left(), r.right() - a.x(), a.y() - r.top(),
                                  r.bottom() - a.y()};
    for (std::size_t i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    return true;
}

/// Where the ray from @p from (inside @p r) towards @p toward leaves @p r.
QPointF exitPoint(const QRectF& r, QPointF from, QPointF toward) {
    const QPointF d = toward - from;
    double t = 1;
    if (d.x() != 0)
        t = std::min(t, ((d.x() > 0 ? r.right() : r.left()) - from.x()) / d.x());
    if (d.y() != 0)
        t = std::min(t, ((d.y() > 0 ? r.bottom() : r.top()) - from.y()) / d.y());
    return from + d * std::max(0.0, t);
}

double dot(QPointF a, QPointF b) {
    return a.x() * b.x() + a.y() * b.y();
}

/// A hall's lines at @p px: the name bold, the figures plain.
QFont lineFont(double px, qsizetype line) {
    return render::RenderStyle::font(px, line == 0);
}

/// How many of @p lines (from the first) hold in @p room at @p px.
qsizetype linesThatFit(const QStringList& lines, double px, QSizeF room) {
    double h = 0;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QFontMetricsF fm(lineFont(px, i));
        if (h + fm.height() > room.height() || fm.horizontalAdvance(lines[i]) > room.width())
            return i;
        h += fm.height();
    }
    return lines.size();
}

QSizeF linesSize(const QStringList& lines, double px) {
    QSizeF s;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QFontMetricsF fm(lineFont(px, i));
        s = QSizeF(std::max(s.width(), fm.horizontalAdvance(lines[i])), s.height() + fm.height());
    }
    return s;
}

} // namespace

QString sitePower(double kw) {
    const QLocale c = figures();
    return kw >= 1000 ? QStringLiteral("%1 MW").arg(c.toString(kw / 1000.0, 'f', 2))
                      : QStringLiteral("%1 kW").arg(c.toString(kw, 'f', 0));
}

SitePlan SitePlan::of(const DesignData& d, const Metrics& m) {
    SitePlan p;
    p.campus = !d.halls.empty();
    p.halls = siteHalls(d);
    p.rackHall = rackHalls(d, p.halls);
    p.loads = hallLoads(m, p.halls, p.rackHall);
    if (p.campus) { // only a campus has links between halls; a walk over every link
        p.bundles = interHallBundles(d, p.rackHall);
        d.pathways.forEach([&](PathwayId, const Pathway& w) {
            if (w.kind == PathwayKind::DuctBank)
                p.ducts.push_back({w.name, w.from, w.to,
                                   std::hypot(w.to.x - w.from.x, w.to.y - w.from.y) / 1000});
        });
    }
    p.gpus = m.gpus;
    p.itKw = m.itMaxW / 1000.0;
    return p;
}

QStringList SitePlan::hallLines(int i) const {
    if (i < 0 || i >= int(halls.size()))
        return {};
    const QLocale c = figures();
    const HallLoad& l = loads[std::size_t(i)];
    return {halls[std::size_t(i)].name,
            QStringLiteral("%1 GPUs · %2 racks").arg(c.toString(l.gpus), c.toString(l.racks)),
            QStringLiteral("%1 IT").arg(sitePower(l.itKw))};
}

QString SitePlan::bundleText(const HallBundle& b) {
    return QStringLiteral("%1 links · up to %2 m")
        .arg(figures().toString(b.links))
        .arg(std::lround(b.maxLengthM));
}

QString SitePlan::summary() const {
    const QLocale c = figures();
    if (!campus || halls.size() == 1) {
        const QString name = halls.empty() ? QString() : halls.front().name;
        return QStringLiteral("The site has one hall, %1: %2 GPUs, %3 IT. Add halls in Hall > "
                              "Hall settings…, or generate a campus with --halls N. Click the "
                              "hall to fit it in the floorplan.")
            .arg(name, c.toString(gpus), sitePower(itKw));
    }
    long long links = 0;
    double longest = 0;
    for (const HallBundle& b : bundles) {
        links += b.links;
        longest = std::max(longest, b.maxLengthM);
    }
    QString s = QStringLiteral("Site: %1 halls · %2 GPUs · %3 IT · ")
                    .arg(halls.size())
                    .arg(c.toString(gpus), sitePower(itKw));
    s += links > 0 ? QStringLiteral("%1 links between halls, up to %2 m")
                         .arg(c.toString(links))
                         .arg(std::lround(longest))
                   : QStringLiteral("no links between halls");
    if (!ducts.empty()) {
        double metres = 0;
        for (const Duct& k : ducts)
            metres += k.lengthM;
        s += QStringLiteral(" · %1 duct bank%2, %3 m")
                 .arg(ducts.size())
                 .arg(ducts.size() == 1 ? QString() : QStringLiteral("s"))
                 .arg(c.toString(std::lround(metres)));
    }
    return s + QStringLiteral(". Click a hall to open it in the floorplan.");
}

QFont SitePlanGeometry::labelFont() {
    return render::RenderStyle::font(11);
}

SitePlanGeometry SitePlanGeometry::fit(const SitePlan& plan, const QRectF& box) {
    SitePlanGeometry g;
    if (plan.halls.empty() || box.width() < 10 || box.height() < 10)
        return g;
    QRectF site = rectOf(plan.halls.front().area);
    for (const SiteHall& h : plan.halls)
        site |= rectOf(h.area);
    if (site.width() <= 0 || site.height() <= 0)
        return g;
    // The halls fill the box first; a bundle bent around a hall, or its label, may then reach
    // beyond them: the halls shrink by that much and are fitted again.
    QRectF target = box;
    for (int pass = 0; pass < 4; ++pass) {
        g.layout(plan, site, target, box);
        const QRectF drawn = g.bounds();
        if (box.adjusted(-0.5, -0.5, 0.5, 0.5).contains(drawn))
            break;
        const QRectF next = target.adjusted(std::max(0.0, box.left() - drawn.left()),
                                            std::max(0.0, box.top() - drawn.top()),
                                            -std::max(0.0, drawn.right() - box.right()),
                                            -std::max(0.0, drawn.bottom() - box.bottom()));
        if (next.width() < 10 || next.height() < 10)
            break;
        target = next;
    }
    return g;
}

void SitePlanGeometry::layout(const SitePlan& plan, const QRectF& site, const QRectF& target,
                              const QRectF& box) {
    pxPerMm = std::min(target.width() / site.width(), target.height() / site.height());
    const QPointF origin = target.center() - QPointF(site.width(), site.height()) * pxPerMm / 2.0 -
                           site.topLeft() * pxPerMm;
    halls.clear();
    for (const SiteHall& h : plan.halls) {
        const QRectF a = rectOf(h.area);
        halls.emplace_back(origin + a.topLeft() * pxPerMm, a.size() * pxPerMm);
    }
    ducts.clear();
    for (const SitePlan::Duct& k : plan.ducts)
        ducts.emplace_back(origin + QPointF(k.from.x, k.from.y) * pxPerMm,
                           origin + QPointF(k.to.x, k.to.y) * pxPerMm);
    route(plan);
    // The lines last: beside a block they keep off the bundles' labels.
    texts.clear();
    for (std::size_t i = 0; i < halls.size(); ++i)
        texts.push_back(placeText(plan.hallLines(int(i)), i, box));
}

void SitePlanGeometry::route(const SitePlan& plan) {
    paths.clear();
    labels.clear();
    const QFontMetricsF fm(labelFont());
    std::array<int, 2> bends{}; // bundles bent to each side so far: each goes wider
    for (const HallBundle& b : plan.bundles) {
        const int n = int(halls.size());
        if (b.a < 0 || b.b < 0 || b.a >= n || b.b >= n) {
            paths.emplace_back();
            labels.emplace_back();
            continue;
        }
        const QRectF& ra = halls[std::size_t(b.a)];
        const QRectF& rb = halls[std::size_t(b.b)];
        std::vector<std::size_t> inWay;
        for (std::size_t i = 0; i < halls.size(); ++i)
            if (int(i) != b.a && int(i) != b.b && crosses(halls[i], ra.center(), rb.center()))
                inWay.push_back(i);
        QPainterPath path;
        if (inWay.empty()) {
            path.moveTo(exitPoint(ra, ra.center(), rb.center()));
            path.lineTo(exitPoint(rb, rb.center(), ra.center()));
        } else {
            path = bentPath(ra, rb, inWay, bends);
        }
        paths.push_back(path);
        const QString text = SitePlan::bundleText(b);
        labels.push_back(
            placeLabel(path, QSizeF(fm.horizontalAdvance(text) + 10, fm.height() + 4)));
    }
}

QPainterPath SitePlanGeometry::bentPath(const QRectF& ra, const QRectF& rb,
                                        const std::vector<std::size_t>& inWay,
                                        std::array<int, 2>& bends) const {
    constexpr double kClear = 10; // px between a bent bundle and a hall it goes round
    // Round the halls in the way, on the side that needs the smaller bend.
    const QPointF p = ra.center(), q = rb.center();
    const QPointF d = q - p;
    const double len = std::max(1e-9, std::hypot(d.x(), d.y()));
    const QPointF normal(-d.y() / len, d.x() / len);
    std::array<double, 2> need{};
    for (std::size_t i : inWay)
        for (QPointF c : {halls[i].topLeft(), halls[i].topRight(), halls[i].bottomLeft(),
                          halls[i].bottomRight()}) {
            need[0] = std::max(need[0], dot(c - p, normal));
            need[1] = std::max(need[1], -dot(c - p, normal));
        }
    const std::size_t side = need[0] <= need[1] ? 0 : 1;
    const QPointF dir = side == 0 ? normal : -normal;
    double reach = need[side] + kClear + 14.0 * bends[side]++;
    QPainterPath path;
    for (int tries = 0; tries < 8; ++tries) {
        // A quadratic curve passes its control point's offset halfway: the peak sits at
        // reach from the line between the halls' centres.
        const QPointF peak = (p + q) / 2.0 + dir * reach;
        const QPointF ctrl0 = 2.0 * peak - (p + q) / 2.0;
        const QPointF from = exitPoint(ra, p, ctrl0), to = exitPoint(rb, q, ctrl0);
        path.clear();
        path.moveTo(from);
        path.quadTo(2.0 * peak - (from + to) / 2.0, to);
        bool clear = true;
        for (int k = 1; k < 32 && clear; ++k)
            for (std::size_t i : inWay)
                clear = clear && !halls[i].contains(path.pointAtPercent(k / 32.0));
        if (clear)
            break;
        reach *= 1.3;
    }
    return path;
}

QRectF SitePlanGeometry::placeLabel(const QPainterPath& path, QSizeF size) const {
    // On the path, where it covers no hall and no label placed before it; else the nearest
    // such place off the path's middle (two halls close together leave no room between them
    // for the label, which then stands beside the short bundle); else halfway.
    auto clear = [this](const QRectF& r) {
        auto covers = [&r](const QRectF& o) { return o.intersects(r); };
        return std::none_of(halls.begin(), halls.end(), covers) &&
               std::none_of(labels.begin(), labels.end(), covers);
    };
    QRectF r(QPointF(), size);
    for (double at : {0.5, 0.35, 0.65, 0.25, 0.75}) {
        r.moveCenter(path.pointAtPercent(at));
        if (clear(r))
            return r;
    }
    const QPointF mid = path.pointAtPercent(0.5);
    const double dy = size.height() / 2 + 2, dx = size.width() / 4;
    for (int k = 1; k <= 16; ++k)
        for (const QPointF step :
             {QPointF(0, k * dy), QPointF(0, -k * dy), QPointF(k * dx, 0), QPointF(-k * dx, 0)}) {
            r.moveCenter(mid + step);
            if (clear(r))
                return r;
        }
    r.moveCenter(mid);
    return r;
}

namespace {
/// Where lines of @p size may stand beside hall block @p r, in order of preference: to the
/// right (level with its middle, its top, its bottom), to the left, below, above (centred,
/// flush with its left, its right); each moved into @p box where it would stand out of it.
std::vector<QRectF> besideSpots(const QRectF& r, QSizeF size, const QRectF& box) {
    std::vector<QRectF> out;
    for (const bool right : {true, false})
        for (const int level : {0, -1, 1}) {
            QRectF t(QPointF(), size);
            t.moveCenter(r.center());
            if (level < 0)
                t.moveTop(r.top());
            else if (level > 0)
                t.moveBottom(r.bottom());
            if (right)
                t.moveLeft(r.right() + 6);
            else
                t.moveRight(r.left() - 6);
            if (t.top() < box.top())
                t.moveTop(box.top());
            else if (t.bottom() > box.bottom())
                t.moveBottom(box.bottom());
            out.push_back(t);
        }
    for (const bool below : {true, false})
        for (const int side : {0, -1, 1}) {
            QRectF t(QPointF(), size);
            t.moveCenter(r.center());
            if (side < 0)
                t.moveLeft(r.left());
            else if (side > 0)
                t.moveRight(r.right());
            if (below)
                t.moveTop(r.bottom() + 4);
            else
                t.moveBottom(r.top() - 4);
            if (t.left() < box.left())
                t.moveLeft(box.left());
            else if (t.right() > box.right())
                t.moveRight(box.right());
            out.push_back(t);
        }
    return out;
}
} // namespace

SitePlanGeometry::HallText SitePlanGeometry::placeText(const QStringList& lines, std::size_t hall,
                                                       const QRectF& box) const {
    const QRectF& r = halls[hall];
    const QRectF room = r.adjusted(4, 3, -4, -3);
    if (lines.size() < 3)
        return {room, 8, lines, Qt::AlignHCenter};
    const QString sep = QStringLiteral(" · ");
    // Three lines; the figures on a line each (a narrow block); fewer, longer lines.
    const std::array<QStringList, 4> variants{
        lines, QStringList{lines[0]} + lines[1].split(sep) + QStringList{lines[2]},
        QStringList{lines[0], lines[1] + sep + lines[2]}, QStringList{lines.join(sep)}};
    // In the block, at the largest size from 12 px down to 9 px that holds every figure.
    for (double px = 12; px >= 9; px -= 1)
        for (const QStringList& v : variants)
            if (linesThatFit(v, px, room.size()) == v.size())
                return {room, px, v, Qt::AlignHCenter};
    // Beside it at 10 px, else 9 px (a small hall): right, left, below or above, clear of the
    // other halls, the labels and the lines placed so far, and first of the bundles too; in
    // three lines, else a figure on each line where the site leaves a narrow margin.
    for (const double px : {10.0, 9.0})
        for (const bool avoidPaths : {true, false})
            for (const QStringList& v : {variants[0], variants[1]})
                for (const QRectF& t : besideSpots(r, linesSize(v, px), box)) {
                    auto covers = [&t](const QRectF& o) { return o.intersects(t); };
                    const bool clear =
                        box.contains(t) && std::none_of(halls.begin(), halls.end(), covers) &&
                        std::none_of(labels.begin(), labels.end(), covers) &&
                        std::none_of(texts.begin(), texts.end(),
                                     [&t](const HallText& o) { return o.box.intersects(t); }) &&
                        (!avoidPaths ||
                         std::none_of(paths.begin(), paths.end(),
                                      [&t](const QPainterPath& p) { return p.intersects(t); }));
                    if (clear)
                        return {t, px, v,
                                t.left() > r.right()   ? Qt::AlignLeft
                                : t.right() < r.left() ? Qt::AlignRight
                                                       : Qt::AlignHCenter};
                }
    for (const QStringList& v : variants)
        if (linesThatFit(v, 8, room.size()) == v.size())
            return {room, 8, v, Qt::AlignHCenter};
    // The name alone, elided; the tooltip has the rest.
    const QFontMetricsF fm(lineFont(8, 0));
    if (fm.height() > room.height() || room.width() < 8)
        return {room, 8, {}, Qt::AlignHCenter};
    return {room, 8, {fm.elidedText(lines[0], Qt::ElideRight, room.width())}, Qt::AlignHCenter};
}

int SitePlanGeometry::hallAt(QPointF p) const {
    for (std::size_t i = 0; i < halls.size(); ++i)
        if (halls[i].contains(p))
            return int(i);
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (!halls[i].contains(texts[i].box) && texts[i].box.contains(p)) // beside its block
            return int(i);
    return -1;
}

int SitePlanGeometry::labelAt(QPointF p) const {
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (labels[i].contains(p))
            return int(i);
    return -1;
}

QRectF SitePlanGeometry::bounds() const {
    QRectF r;
    for (const QRectF& h : halls)
        r |= h;
    for (const QPainterPath& p : paths)
        if (!p.isEmpty())
            r |= p.boundingRect();
    for (const QRectF& l : labels)
        if (!l.isNull())
            r |= l;
    for (const QLineF& k : ducts)
        r |= QRectF(k.p1(), k.p2()).normalized();
    return r;
}

} // namespace cds::views
