#include "SitePages.h"

#include "FloorplanSheets.h"
#include "ReportTable.h"
#include "model/site/HallLoads.h"
#include "views/render/FloorplanRenderer.h"
#include "views/render/RenderStyle.h"

#include <QPainter>

#include <memory>

namespace cds::report {

using render::RenderStyle;

namespace {

/// What every site page shares, derived once per report.
struct SiteData {
    std::vector<SiteHall> halls;
    std::vector<HallLoad> loads;
    std::vector<HallBundle> bundles;
    double itKw = 0;
};

const ReportTable& hallTable() {
    static const ReportTable t{{0.18, 0.34, 0.12, 0.10, 0.14, 0.12},
                               {false, false, true, true, true, true}};
    return t;
}

const ReportTable& bundleTable() {
    static const ReportTable t{{0.40, 0.20, 0.20, 0.20}, {false, true, true, true}};
    return t;
}

QStringList hallRow(const SiteData& s, std::size_t i) {
    const RectMm& a = s.halls[i].area;
    const HallLoad& l = s.loads[i];
    return {s.halls[i].name,
            QStringLiteral("%1 x %2 m at (%3, %4) m")
                .arg(thousands(a.w / 1000.0, 1), thousands(a.h / 1000.0, 1),
                     thousands(a.x / 1000.0, 1), thousands(a.y / 1000.0, 1)),
            thousands(l.gpus),
            thousands(l.racks),
            thousands(l.itKw),
            s.itKw > 0 ? thousands(100.0 * l.itKw / s.itKw, 1) + QStringLiteral(" %") : QString()};
}

QStringList bundleRow(const SiteData& s, const HallBundle& b) {
    return {QStringLiteral("%1 - %2").arg(s.halls[std::size_t(b.a)].name,
                                          s.halls[std::size_t(b.b)].name),
            thousands(double(b.links)), thousands(double(b.optics)), thousands(b.maxLengthM, 1)};
}

/// Table pages: @p rows under @p head, cut to the body's height.
void addTablePages(std::vector<ReportPage>& out, const QString& title, const ReportTable& t,
                   const QStringList& head, std::vector<QStringList> rows, QSizeF body,
                   const QString& note) {
    std::vector<double> heights;
    for (const QStringList& r : rows)
        heights.push_back(t.rowHeight(r, body.width()));
    constexpr double kNote = 48;
    const auto pages = ReportTable::paginate(heights, body.height() - kNote,
                                             t.rowHeight(head, body.width(), true));
    auto shared = std::make_shared<std::vector<QStringList>>(std::move(rows));
    for (std::size_t k = 0; k < pages.size(); ++k) {
        // Plain names, not a structured binding: lambdas may capture those only from C++20
        // compilers clang 16 on accepts.
        const int first = pages[k].first, count = pages[k].second;
        out.push_back({ReportPage::Kind::Site,
                       pages.size() > 1
                           ? QStringLiteral("%1 (%2 of %3)").arg(title).arg(k + 1).arg(pages.size())
                           : title,
                       [&t, head, shared, first, count, note](QPainter& p, const QRectF& r) {
                           p.save();
                           double y = r.top() + t.row(p, r, r.top(), head, true, false);
                           for (int i = first; i < first + count; ++i)
                               y += t.row(p, r, y, (*shared)[std::size_t(i)], false, i % 2 == 1);
                           p.setPen(RenderStyle::muted());
                           p.setFont(RenderStyle::font(10));
                           p.drawText(QRectF(r.left(), y + 8, r.width(), kNote - 8),
                                      Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, note);
                           p.restore();
                       },
                       {}});
    }
}

} // namespace

std::vector<ReportPage> sitePages(const ReportContent& content, QSizeF body) {
    const DesignData& d = content.design();
    const Analysis& a = content.analysis();
    std::vector<ReportPage> out;
    if (d.halls.empty())
        return out;
    auto s = std::make_shared<SiteData>();
    s->halls = siteHalls(d);
    const std::vector<int> rackHall = rackHalls(d, s->halls);
    s->loads = hallLoads(a.metrics, s->halls, rackHall);
    s->bundles = interHallBundles(d, rackHall);
    for (const HallLoad& l : s->loads)
        s->itKw += l.itKw;
    std::vector<QStringList> halls;
    for (std::size_t i = 0; i < s->halls.size(); ++i)
        halls.push_back(hallRow(*s, i));
    addTablePages(
        out, QStringLiteral("Site: %1 halls").arg(s->halls.size()), hallTable(),
        {QStringLiteral("Hall"), QStringLiteral("Area on the site"), QStringLiteral("GPUs"),
         QStringLiteral("Racks"), QStringLiteral("IT kW"), QStringLiteral("Share of IT")},
        std::move(halls), body,
        QStringLiteral("IT load: every device at its maximum. Positions are the "
                       "hall's top-left corner on the site plan (%1 x %2 m).")
            .arg(thousands(d.hall.widthMm / 1000.0, 1), thousands(d.hall.depthMm / 1000.0, 1)));
    std::vector<QStringList> bundles;
    long long links = 0;
    for (const HallBundle& b : s->bundles) {
        bundles.push_back(bundleRow(*s, b));
        links += b.links;
    }
    if (!bundles.empty())
        addTablePages(out, QStringLiteral("Between halls: %1 links").arg(thousands(double(links))),
                      bundleTable(),
                      {QStringLiteral("Halls"), QStringLiteral("Links"),
                       QStringLiteral("Transceivers"), QStringLiteral("Longest run (m)")},
                      std::move(bundles), body,
                      QStringLiteral("Each link is routed along the trays between the halls; "
                                     "its medium is chosen for that length."));
    // One floorplan page a hall, sharing the report's renderer (built when first drawn).
    for (std::size_t i = 0; i < s->halls.size(); ++i) {
        const HallLoad& l = s->loads[i];
        out.push_back({ReportPage::Kind::Site,
                       QStringLiteral("Floorplan: %1 · %2 GPUs · %3 racks · %4 kW IT")
                           .arg(l.name, thousands(l.gpus), thousands(l.racks), thousands(l.itKw)),
                       [&content, s, i](QPainter& p, const QRectF& r) {
                           const RectMm& area = s->halls[i].area;
                           paintFloorplanWindow(p, content.floorplanRenderer(),
                                                QRectF(area.x, area.y, area.w, area.h), r);
                       },
                       {}});
    }
    return out;
}

} // namespace cds::report
