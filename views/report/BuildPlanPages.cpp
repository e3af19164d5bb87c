#include "BuildPlanPages.h"

#include "ReportTable.h"
#include "model/phases/BuildPlan.h"
#include "views/render/RenderStyle.h"

#include <QLocale>
#include <QPainter>

#include <cmath>
#include <memory>

namespace cds::report {

using render::RenderStyle;

namespace {

const ReportTable& planTable() {
    static const ReportTable t{{0.16, 0.10, 0.06, 0.08, 0.09, 0.09, 0.08, 0.08, 0.13, 0.13},
                               {false, false, true, true, true, true, true, true, true, false}};
    return t;
}

QStringList header() {
    return {QStringLiteral("Phase"),      QStringLiteral("Date"),
            QStringLiteral("Racks"),      QStringLiteral("GPUs added"),
            QStringLiteral("GPUs ready"), QStringLiteral("IT kW ready"),
            QStringLiteral("Cables"),     QStringLiteral("Labour h"),
            QStringLiteral("Cost"),       QStringLiteral("First order due")};
}

QStringList cells(const PhaseSummary& s) {
    const QLocale c = QLocale::c();
    const QDate first = s.firstOrderBy();
    return {s.phase.name,
            s.phase.date.isEmpty() ? QStringLiteral("-") : s.phase.date,
            c.toString(s.racks),
            c.toString(s.gpus),
            c.toString(s.gpusReady),
            c.toString(qlonglong(std::llround(s.itKwReady))),
            c.toString(qlonglong(s.cables)),
            c.toString(qlonglong(std::llround(s.labourHours))),
            usdExact(s.bom.totalUsd),
            first.isValid() ? first.toString(Qt::ISODate) : QStringLiteral("-")};
}

} // namespace

std::vector<ReportPage> buildPlanPages(const DesignData& d, QSizeF body) {
    if (d.phases.empty())
        return {};
    auto plan = std::make_shared<const BuildPlan>(buildPlan(d));
    if (!plan->error.isEmpty())
        return {};
    const ReportTable& t = planTable();
    std::vector<double> heights;
    for (const PhaseSummary& s : plan->phases)
        heights.push_back(t.rowHeight(cells(s), body.width()));
    // A line under the table says where the lead times come from.
    const double note = 40;
    const auto pages = ReportTable::paginate(heights, body.height() - note,
                                             t.rowHeight(header(), body.width(), true));
    std::vector<ReportPage> out;
    for (std::size_t k = 0; k < pages.size(); ++k) {
        const auto [first, n] = pages[k];
        out.push_back(
            {ReportPage::Kind::BuildPlan,
             pages.size() > 1 ? QStringLiteral("Build plan (%1 of %2)").arg(k + 1).arg(pages.size())
                              : QStringLiteral("Build plan: %1 phases").arg(plan->phases.size()),
             [plan, first, n](QPainter& p, const QRectF& r) {
                 p.save();
                 const ReportTable& table = planTable();
                 double y = r.top() + table.row(p, r, r.top(), header(), true, false);
                 for (int i = first; i < first + n; ++i)
                     y +=
                         table.row(p, r, y, cells(plan->phases[std::size_t(i)]), false, i % 2 == 1);
                 p.setPen(RenderStyle::muted());
                 p.setFont(RenderStyle::font(10));
                 p.drawText(QRectF(r.left(), y + 8, r.width(), 32),
                            Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                            QStringLiteral("Order dates: each phase's date less its items' lead "
                                           "times, which are estimates (transformers 128 weeks, "
                                           "switchgear 44, GPU servers 16); the build-plan "
                                           "export lists every item with its source."));
                 p.restore();
             },
             {}});
    }
    return out;
}

} // namespace cds::report
