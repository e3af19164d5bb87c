#include "FloorplanSheets.h"

#include "views/render/FloorplanRenderer.h"
#include "views/render/NaturalOrder.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cds::report {

namespace {

constexpr double kMarginMm = 300;    // above and below a band, so its aisles show
constexpr double kEdgeMarginMm = 60; // at the cuts along a band (rack frames show whole)
constexpr double kCaptionPx = 22;    // the caption line above a sheet's drawing
constexpr double kSnapMm = 1500;     // how far a cut may move to land on a rack edge
constexpr double kLegendCap = 40;    // FloorplanRenderer: legend band height, at most 40 px
constexpr double kLegendShare = .08; // ... and at most 8 % of the target

struct Interval {
    double lo, hi;
    QStringList rows;
};

/// The y-extents of the occupied floor, merged where they touch: a pair of rows facing one
/// cold aisle is one interval.
std::vector<Interval> occupiedBands(const DesignData& d, const render::FloorplanRenderer& fr) {
    std::vector<Interval> v;
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    for (const Row& row : d.hall.rows) {
        const double aisle = 2 * tile;
        const double lo = row.coldAisleNorth ? row.area.y - aisle : row.area.y;
        const double hi =
            row.coldAisleNorth ? row.area.y + row.area.h : row.area.y + row.area.h + aisle;
        v.push_back({lo, hi, {row.name}});
    }
    d.racks.forEach([&](RackId, const Rack& r) {
        const QRectF mm = fr.rackRectMm(r);
        v.push_back({mm.top(), mm.bottom(), {}});
    });
    std::sort(v.begin(), v.end(), [](const Interval& a, const Interval& b) { return a.lo < b.lo; });
    std::vector<Interval> merged;
    for (Interval& i : v) {
        if (!merged.empty() && i.lo < merged.back().hi - 1) {
            merged.back().hi = std::max(merged.back().hi, i.hi);
            merged.back().rows += i.rows;
        } else {
            merged.push_back(std::move(i));
        }
    }
    // Bands with no rack (an empty row) are left out: a sheet of bare floor says nothing.
    std::vector<Interval> out;
    for (Interval& i : merged) {
        bool any = false;
        d.racks.forEach([&](RackId, const Rack& r) {
            any = any || (r.centre.y >= i.lo && r.centre.y <= i.hi);
        });
        if (any)
            out.push_back(std::move(i));
    }
    return out;
}

QString metres(double mm) {
    return QString::number(mm / 1000.0, 'f', 1);
}

} // namespace

HallMapping overviewMapping(const render::FloorplanRenderer& fr, const QRectF& target) {
    const QRectF hall = fr.hallMm();
    const double legendH = std::min(target.height() * kLegendShare, kLegendCap);
    const QRectF area = target.adjusted(0, 0, 0, -legendH);
    HallMapping m;
    if (hall.isEmpty())
        return m;
    m.scale = std::min(area.width() / hall.width(), area.height() / hall.height());
    m.origin = QPointF(area.center().x() - hall.width() * m.scale / 2 - hall.left() * m.scale,
                       area.center().y() - hall.height() * m.scale / 2 - hall.top() * m.scale);
    return m;
}

std::vector<FloorplanSheet> floorplanSheets(const DesignData& d,
                                            const render::FloorplanRenderer& fr, QSizeF bodyPx) {
    const QRectF hall = fr.hallMm();
    if (hall.isEmpty() || bodyPx.isEmpty() || d.racks.size() == 0)
        return {};
    // The overview already reads at the sheet scale: no sheets.
    if (overviewMapping(fr, QRectF(QPointF(0, 0), bodyPx)).scale >= kSheetPxPerMm * 0.9)
        return {};
    const double maxW = bodyPx.width() / kSheetPxPerMm - 2 * kEdgeMarginMm;
    const double maxH = (bodyPx.height() - kCaptionPx) / kSheetPxPerMm - 2 * kMarginMm;
    // Whole intervals packed into bands; an interval deeper than a sheet is cut in pieces.
    std::vector<Interval> bands;
    for (Interval& i : occupiedBands(d, fr)) {
        if (!bands.empty() && i.hi - bands.back().lo <= maxH) {
            bands.back().hi = i.hi;
            bands.back().rows += i.rows;
            continue;
        }
        for (double lo = i.lo; lo < i.hi; lo += maxH)
            bands.push_back({lo, std::min(i.hi, lo + maxH), i.rows});
    }
    std::vector<FloorplanSheet> out;
    for (const Interval& b : bands) {
        double left = 1e300, right = -1e300;
        std::vector<double> edges;
        d.racks.forEach([&](RackId, const Rack& r) {
            const QRectF mm = fr.rackRectMm(r);
            if (mm.bottom() <= b.lo || mm.top() >= b.hi)
                return;
            left = std::min(left, mm.left());
            right = std::max(right, mm.right());
            edges.push_back(mm.left());
            edges.push_back(mm.right());
        });
        if (left > right)
            continue;
        const int pieces = std::max(1, int(std::ceil((right - left) / maxW - 1e-9)));
        std::vector<double> cuts{left};
        for (int k = 1; k < pieces; ++k) {
            const double ideal = left + (right - left) * k / pieces;
            double best = ideal;
            for (double e : edges)
                if (std::abs(e - ideal) < std::abs(best - ideal) && std::abs(e - ideal) < kSnapMm &&
                    e > cuts.back() && e - cuts.back() <= maxW)
                    best = e;
            cuts.push_back(best);
        }
        cuts.push_back(right);
        QStringList rows = b.rows;
        std::sort(rows.begin(), rows.end(), render::naturalLess);
        rows.removeDuplicates();
        const QString rowText =
            rows.isEmpty() ? QString() : render::abbreviateNames(rows, 80) + QStringLiteral(" · ");
        for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
            // Cuts sit on rack edges: a small margin there, so no rack shows half on two sheets.
            const QRectF win(QPointF(cuts[k] - kEdgeMarginMm, b.lo - kMarginMm),
                             QPointF(cuts[k + 1] + kEdgeMarginMm, b.hi + kMarginMm));
            out.push_back({win, QStringLiteral("%1x %2–%3 m, y %4–%5 m")
                                    .arg(rowText, metres(cuts[k]), metres(cuts[k + 1]),
                                         metres(b.lo), metres(b.hi))});
        }
    }
    return out;
}

void paintFloorplanWindow(QPainter& p, const render::FloorplanRenderer& fr, const QRectF& windowMm,
                          const QRectF& target) {
    const QRectF hall = fr.hallMm();
    if (hall.isEmpty() || windowMm.isEmpty() || target.isEmpty())
        return;
    const double s =
        std::min(target.width() / windowMm.width(), target.height() / windowMm.height());
    // FloorplanRenderer fits the hall into its target minus a legend band at the bottom (8 %
    // of the height, at most 40 px): size that target so the fit gives scale s, and place it
    // so the window lands on ours.
    const double a = hall.height() * s;
    const double th =
        a >= kLegendCap / kLegendShare - kLegendCap ? a + kLegendCap : a / (1 - kLegendShare);
    const double dx = (target.width() - windowMm.width() * s) / 2;
    const double dy = (target.height() - windowMm.height() * s) / 2;
    const QRectF whole(target.left() + dx - (windowMm.left() - hall.left()) * s,
                       target.top() + dy - (windowMm.top() - hall.top()) * s, hall.width() * s, th);
    p.save();
    // Only the window: the neighbouring sheets' racks would otherwise show at the edges.
    const QRectF shown(target.left() + dx, target.top() + dy, windowMm.width() * s,
                       windowMm.height() * s);
    p.setClipRect(shown.intersected(target));
    fr.paint(p, whole);
    p.restore();
}

} // namespace cds::report
