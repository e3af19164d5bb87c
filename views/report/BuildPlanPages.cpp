#include "BuildPlanPages.h"

#include "ReportTable.h"
#include "model/advisor/PhaseCapability.h"
#include "model/advisor/SizeGuide.h"
#include "model/advisor/Workload.h"
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

// What the GPUs ready at each phase's end can do: a second table under the plan.
const ReportTable& canTable() {
    static const ReportTable t{{0.16, 0.12, 0.14, 0.14, 0.22, 0.22},
                               {false, true, true, true, true, true}};
    return t;
}

QStringList canHeader() {
    QStringList h{QStringLiteral("What it can do"), QStringLiteral("GPUs ready"),
                  QStringLiteral("Trains up to"), QStringLiteral("Serves up to (bf16)")};
    for (const ReferenceRun& run : kReferenceRuns)
        h << QLatin1String(run.name);
    return h;
}

QStringList canCells(const PhaseSummary& s, const PhaseCapability& c) {
    QStringList out{s.phase.name, QLocale::c().toString(c.gpusReady)};
    if (!c.why.isEmpty()) {
        out << c.why << QString();
        for (std::size_t i = 0; i < kReferenceRuns.size(); ++i)
            out << QString();
        return out;
    }
    out << paramsText(c.trainParamsMax) << paramsText(c.serveParamsMax);
    for (std::size_t i = 0; i < kReferenceRuns.size(); ++i)
        out << c.runText(i);
    return out;
}

// A gap between the tables, and the lines under them that say where figures come from.
constexpr double kGap = 24, kNote = 72;

struct PlanData {
    BuildPlan plan;
    std::vector<PhaseCapability> can;
};

} // namespace

std::vector<ReportPage> buildPlanPages(const DesignData& d, QSizeF body) {
    if (d.phases.empty())
        return {};
    BuildPlan built = buildPlan(d);
    if (!built.error.isEmpty())
        return {};
    auto data = std::make_shared<PlanData>();
    data->can = phaseCapabilities(d, built);
    data->plan = std::move(built);
    const ReportTable& t = planTable();
    const ReportTable& ct = canTable();
    // Each phase is a row of both tables, so a page holds the same phases in each.
    std::vector<double> heights;
    for (const PhaseSummary& s : data->plan.phases)
        heights.push_back(t.rowHeight(cells(s), body.width()) +
                          ct.rowHeight(canCells(s, data->can[std::size_t(s.index)]), body.width()));
    const auto pages = ReportTable::paginate(heights, body.height() - kNote - kGap,
                                             t.rowHeight(header(), body.width(), true) +
                                                 ct.rowHeight(canHeader(), body.width(), true));
    std::vector<ReportPage> out;
    for (std::size_t k = 0; k < pages.size(); ++k) {
        const auto [first, n] = pages[k];
        out.push_back(
            {ReportPage::Kind::BuildPlan,
             pages.size() > 1
                 ? QStringLiteral("Build plan (%1 of %2)").arg(k + 1).arg(pages.size())
                 : QStringLiteral("Build plan: %1 phases").arg(data->plan.phases.size()),
             [data, first, n](QPainter& p, const QRectF& r) {
                 p.save();
                 const std::vector<PhaseSummary>& phases = data->plan.phases;
                 const ReportTable& table = planTable();
                 double y = r.top() + table.row(p, r, r.top(), header(), true, false);
                 for (int i = first; i < first + n; ++i)
                     y += table.row(p, r, y, cells(phases[std::size_t(i)]), false, i % 2 == 1);
                 y += kGap;
                 const ReportTable& can = canTable();
                 y += can.row(p, r, y, canHeader(), true, false);
                 for (int i = first; i < first + n; ++i)
                     y += can.row(p, r, y,
                                  canCells(phases[std::size_t(i)], data->can[std::size_t(i)]),
                                  false, i % 2 == 1);
                 p.setPen(RenderStyle::muted());
                 p.setFont(RenderStyle::font(10));
                 QStringList runs;
                 for (const ReferenceRun& run : kReferenceRuns)
                     runs << QLatin1String(run.source);
                 p.drawText(
                     QRectF(r.left(), y + 8, r.width(), kNote - 8),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                     QStringLiteral("Order dates: each phase's date less its items' lead "
                                    "times, which are estimates (transformers 128 weeks, "
                                    "switchgear 44, GPU servers 16); the build-plan "
                                    "export lists every item with its source. What it can do: "
                                    "the advisor on the design as it stands at the phase's end "
                                    "(training state of 16 bytes a parameter in 90 % of GPU "
                                    "memory; bf16 weights in half of it; days at %1 % MFU). "
                                    "Runs: %2.")
                         .arg(kDefaultMfu * 100, 0, 'f', 0)
                         .arg(runs.join(QStringLiteral("; "))));
                 p.restore();
             },
             {}});
    }
    return out;
}

} // namespace cds::report
