#include "BuildPlanExport.h"

#include "../advisor/PhaseCapability.h"
#include "../advisor/Workload.h"
#include "../phases/BuildPlan.h"
#include "BomXlsx.h"
#include "CablingSchedule.h"
#include "Csv.h"
#include "Reports.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace cds {

namespace {

QString folderOf(int index) {
    return QStringLiteral("phase-%1").arg(index + 1, 2, 10, QLatin1Char('0'));
}

QString number(double v, int decimals) {
    return QString::number(v, 'f', decimals);
}

/// 4096 -> "4,096": for the README a person reads (the CSVs keep plain numbers).
QString grouped(double v) {
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(qint64(std::llround(v)));
}

QByteArray summaryCsv(const BuildPlan& plan, const std::vector<PhaseCapability>& can) {
    QStringList header{QStringLiteral("phase"),
                       QStringLiteral("name"),
                       QStringLiteral("date"),
                       QStringLiteral("racks"),
                       QStringLiteral("gpus"),
                       QStringLiteral("gpus_ready"),
                       QStringLiteral("bf16_pflops_ready"),
                       QStringLiteral("it_kw_ready"),
                       QStringLiteral("facility_kw_ready"),
                       QStringLiteral("cables"),
                       QStringLiteral("labour_hours"),
                       QStringLiteral("cost_usd"),
                       QStringLiteral("unpriced_lines"),
                       QStringLiteral("first_order_by"),
                       QStringLiteral("train_params_max"),
                       QStringLiteral("serve_params_max")};
    for (const ReferenceRun& run : kReferenceRuns)
        header << QLatin1String(run.key) + QStringLiteral("_days");
    QString out = csv::row(header);
    for (const PhaseSummary& s : plan.phases) {
        const QDate first = s.firstOrderBy();
        const PhaseCapability& c = can[std::size_t(s.index)];
        QStringList row{QString::number(s.index + 1),
                        s.phase.name,
                        s.phase.date,
                        QString::number(s.racks),
                        QString::number(s.gpus),
                        QString::number(s.gpusReady),
                        number(s.bf16Pflops, 1),
                        number(s.itKwReady, 1),
                        number(s.facilityKwReady, 1),
                        QString::number(s.cables),
                        number(s.labourHours, 1),
                        csv::money(s.bom.totalUsd),
                        QString::number(s.bom.unpricedLines),
                        first.isValid() ? first.toString(Qt::ISODate) : QString(),
                        number(c.trainParamsMax, 0),
                        number(c.serveParamsMax, 0)};
        for (double days : c.days)
            row << (days > 0 ? number(days, 1) : QString());
        out += csv::row(row);
    }
    return out.toUtf8();
}

/// "late" when the order date has passed on @p today, "due" within four weeks of it.
QString orderStatus(const QDate& orderBy, const QDate& today) {
    if (!orderBy.isValid())
        return {};
    if (orderBy < today)
        return QStringLiteral("late");
    return orderBy <= today.addDays(28) ? QStringLiteral("due") : QString();
}

QByteArray ordersCsv(const DesignData& d, const BuildPlan& plan, const QDate& today) {
    QString out = csv::row(
        {QStringLiteral("phase"), QStringLiteral("phase_date"), QStringLiteral("kind"),
         QStringLiteral("catalog_id"), QStringLiteral("vendor"), QStringLiteral("model"),
         QStringLiteral("quantity"), QStringLiteral("lead_weeks"), QStringLiteral("order_by"),
         QStringLiteral("status"), QStringLiteral("lead_time_source")});
    for (const PhaseSummary& s : plan.phases)
        for (const PhaseOrder& o : s.orders) {
            const CatalogItem& it = d.catalog[o.type];
            out += csv::row({QString::number(s.index + 1), s.phase.date, installKindKey(o.kind),
                             it.id, it.vendor, it.model, QString::number(o.quantity),
                             QString::number(o.lead.weeks),
                             o.orderBy.isValid() ? o.orderBy.toString(Qt::ISODate) : QString(),
                             orderStatus(o.orderBy, today), o.lead.source});
        }
    return out.toUtf8();
}

QByteArray readme(const DesignData& d, const BuildPlan& plan,
                  const std::vector<PhaseCapability>& can) {
    QString r =
        QStringLiteral(
            "# Build plan: %1\n\n"
            "Written by Cluster Design Studio. The design is built in %2 phases; a rack "
            "and its devices\nare installed in the rack's phase, a cable in the later of "
            "its two ends' phases, and a\npower-chain element in the first phase whose "
            "racks it feeds.\n\n"
            "- `build-plan.csv`: one row per phase: racks and GPUs it installs, GPUs, "
            "BF16 PFLOPS,\n  IT and facility kW ready at its end, cables pulled, install "
            "labour (hours), cost, the\n  earliest order date its items ask, and what the GPUs "
            "ready can do: the largest model\n  they train (mixed-precision Adam state "
            "in 90 % of GPU memory) and serve (bf16), and the\n  days two published "
            "runs take on the design as it stands (empty when it cannot run).\n"
            "- `orders.csv`: what each phase must order by when: the phase's date less "
            "the item's lead\n  time; `late` when that date has passed (on the design's "
            "date, else today), `due`\n  within four weeks. Lead times are estimates, "
            "each with its source; replace them\n  with your quotes.\n"
            "- `phase-NN/bom.xlsx` and `bom.csv`: what the phase adds. The phases' BOMs "
            "sum to the whole\n  design's BOM, line by line.\n"
            "- `phase-NN/cabling.csv`: the cables pulled in the phase, with routes and "
            "labels (the\n  cabling schedule's columns).\n\n"
            "| Phase | Date | Racks | GPUs ready | IT kW ready | Labour h | Cost USD |\n"
            "|---|---|---:|---:|---:|---:|---:|\n")
            .arg(d.meta.title)
            .arg(plan.phases.size());
    for (const PhaseSummary& s : plan.phases)
        r += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n")
                 .arg(s.phase.name, s.phase.date.isEmpty() ? QStringLiteral("-") : s.phase.date)
                 .arg(grouped(s.racks), grouped(s.gpusReady), grouped(s.itKwReady),
                      grouped(s.labourHours), grouped(s.bom.totalUsd));
    r += QStringLiteral("\nLabour hours per unit are the design's `settings.labourHours` "
                        "(defaults are planning\nestimates).\n\n## What each phase can do\n\n");
    for (const PhaseSummary& s : plan.phases)
        r += QStringLiteral("- %1 (%2 GPUs ready): %3.\n")
                 .arg(s.phase.name, grouped(s.gpusReady))
                 .arg(can[std::size_t(s.index)].summary());
    r += QStringLiteral("\nTimes are the advisor's estimate at %1 % MFU on the design's fabric "
                        "as it stands at the\nphase's end. The runs:\n")
             .arg(kDefaultMfu * 100, 0, 'f', 0);
    for (const ReferenceRun& run : kReferenceRuns)
        r += QStringLiteral("- %1: %2.\n").arg(QLatin1String(run.name), QLatin1String(run.source));
    return r.toUtf8();
}

} // namespace

BuildPlanExport buildPlanExport(const DesignData& d) {
    BuildPlanExport e;
    const BuildPlan plan = buildPlan(d);
    if (!plan.error.isEmpty()) {
        e.error = plan.error;
        return e;
    }
    const std::vector<PhaseCapability> can = phaseCapabilities(d, plan);
    e.files.emplace_back(QStringLiteral("README.md"), readme(d, plan, can));
    e.files.emplace_back(QStringLiteral("build-plan.csv"), summaryCsv(plan, can));
    // Orders are judged on the design's date (its issue date), else today.
    const QDate designDate = QDate::fromString(d.meta.date, Qt::ISODate);
    e.files.emplace_back(
        QStringLiteral("orders.csv"),
        ordersCsv(d, plan, designDate.isValid() ? designDate : QDate::currentDate()));
    // A cable row goes in the phase of its last link (a twin-port cable's links can reach
    // racks of two phases; it is pulled when the later is built).
    std::vector<std::vector<CableRow>> cables(plan.phases.size());
    for (CableRow& r : cablingRows(d)) {
        int phase = 0;
        for (LinkId id : r.links)
            phase = std::max(phase, phaseOfLink(d, id));
        cables[std::size_t(phase)].push_back(std::move(r));
    }
    for (const PhaseSummary& s : plan.phases) {
        const QString dir = folderOf(s.index);
        QString why;
        const std::optional<QByteArray> xlsx = bomXlsxBytes(d, s.bom, &why);
        if (!xlsx) {
            e.error = QStringLiteral("%1/bom.xlsx: %2").arg(dir, why);
            e.files.clear();
            return e;
        }
        e.files.emplace_back(dir + QStringLiteral("/bom.xlsx"), *xlsx);
        e.files.emplace_back(dir + QStringLiteral("/bom.csv"), bomCsv(d, s.bom));
        e.files.emplace_back(dir + QStringLiteral("/cabling.csv"),
                             cablingCsv(cables[std::size_t(s.index)]));
    }
    e.ok = true;
    return e;
}

} // namespace cds
