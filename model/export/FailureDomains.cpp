#include "FailureDomains.h"

#include "../json/Json.h"

#include <cmath>

namespace cds {

using OJson = nlohmann::ordered_json;

namespace {

QByteArray bytes(const OJson& j) {
    const std::string s = json::dumpStable(j);
    return QByteArray(s.data(), qsizetype(s.size()));
}

double round3(double v) {
    return std::round(v * 1000.0) / 1000.0;
}

template <typename Id> OJson names(const DesignData& d, const std::vector<Id>& ids) {
    OJson a = OJson::array();
    for (Id id : ids) {
        if constexpr (std::is_same_v<Id, RackId>)
            a.push_back(d.racks[id].name.toStdString());
        else
            a.push_back(d.devices[id].name.toStdString());
    }
    return a;
}

OJson entryJson(const FailureModel& m, const N1SweepEntry& e) {
    const ImpactResult& r = e.impact;
    return {{"id", m.nameOf(e.element).toStdString()},
            {"kind", e.kind.toStdString()},
            {"gpus_lost", r.gpusLost},
            {"gpus_degraded", r.gpusDegraded},
            {"racks_down", r.racksDown},
            {"nvlink_domains_broken", r.nvlinkDomainsBroken},
            {"bisection_tbps_after", round3(r.bisectionAfterTbps)},
            {"largest_job_gpus", r.largestJobGpus}};
}

QString entryText(const FailureModel& m, const N1SweepEntry& e) {
    const ImpactResult& r = e.impact;
    return QStringLiteral("%1 %2: %3 GPUs lost, %4 degraded, %5 racks down, bisection %6 Tb/s, "
                          "largest job %7 GPUs")
        .arg(e.kind, m.nameOf(e.element))
        .arg(r.gpusLost)
        .arg(r.gpusDegraded)
        .arg(r.racksDown)
        .arg(r.bisectionAfterTbps, 0, 'f', 1)
        .arg(r.largestJobGpus);
}

} // namespace

QByteArray impactJson(const FailureModel& m, const ImpactResult& r) {
    const DesignData& d = m.design();
    OJson failed = OJson::array();
    for (const FailureElement& e : r.failed)
        failed.push_back({{"id", m.nameOf(e).toStdString()}, {"kind", m.kindOf(e).toStdString()}});
    OJson j = {
        {"failed", failed},
        {"gpus_total", r.gpusTotal},
        {"gpus_lost", r.gpusLost},
        {"gpus_degraded", r.gpusDegraded},
        {"gpus_isolated", r.gpusIsolated},
        {"racks_down", r.racksDown},
        {"nvlink_domains_broken", r.nvlinkDomainsBroken},
        {"bisection_tbps",
         {{"before", round3(r.bisectionBeforeTbps)}, {"after", round3(r.bisectionAfterTbps)}}},
        {"largest_job_gpus", r.largestJobGpus},
        {"largest_job_gpus_before", r.largestJobGpusBefore},
        {"links_cut", r.linksCut},
        {"affected",
         {{"racks_down", names(d, r.racksDownList)},
          {"servers_lost", names(d, r.serversLost)},
          {"servers_degraded", names(d, r.serversDegraded)},
          {"switches_down", names(d, r.switchesDown)}}},
    };
    return bytes(j);
}

QString impactText(const FailureModel& m, const ImpactResult& r) {
    QStringList failed;
    for (const FailureElement& e : r.failed)
        failed << m.kindOf(e) + QLatin1Char(' ') + m.nameOf(e);
    QString s = QStringLiteral("Failed:        %1\n").arg(failed.join(QStringLiteral(", ")));
    s += QStringLiteral("GPUs lost:     %1 of %2\n").arg(r.gpusLost).arg(r.gpusTotal);
    s += QStringLiteral("GPUs degraded: %1 (%2 cut off from the fabric)\n")
             .arg(r.gpusDegraded)
             .arg(r.gpusIsolated);
    s += QStringLiteral("Racks down:    %1\n").arg(r.racksDown);
    s += QStringLiteral("NVLink domains broken: %1\n").arg(r.nvlinkDomainsBroken);
    s += QStringLiteral("Bisection:     %1 -> %2 Tb/s per direction\n")
             .arg(r.bisectionBeforeTbps, 0, 'f', 1)
             .arg(r.bisectionAfterTbps, 0, 'f', 1);
    s += QStringLiteral("Largest job:   %1 -> %2 GPUs\n")
             .arg(r.largestJobGpusBefore)
             .arg(r.largestJobGpus);
    auto list = [&](const char* what, QStringList items) {
        if (!items.isEmpty())
            s += QStringLiteral("%1 (%2): %3\n")
                     .arg(QLatin1String(what))
                     .arg(items.size())
                     .arg(items.join(QStringLiteral(", ")));
    };
    const DesignData& d = m.design();
    QStringList racks, lost, degraded, switches;
    for (RackId id : r.racksDownList)
        racks << d.racks[id].name;
    for (DeviceId id : r.serversLost)
        lost << d.devices[id].name;
    for (DeviceId id : r.serversDegraded)
        degraded << d.devices[id].name;
    for (DeviceId id : r.switchesDown)
        switches << d.devices[id].name;
    list("Racks down", racks);
    list("Servers lost", lost);
    list("Servers degraded", degraded);
    list("Switches down", switches);
    return s;
}

QByteArray sweepJson(const FailureModel& m, const N1SweepResult& s) {
    OJson kinds = OJson::array();
    for (qsizetype i = 0; i < s.kinds.size(); ++i)
        kinds.push_back({{"kind", s.kinds[i].toStdString()},
                         {"elements", s.elementsOfKind(s.kinds[i])},
                         {"worst", entryJson(m, s.entries[s.worstOfKind[std::size_t(i)]])}});
    OJson entries = OJson::array();
    for (const N1SweepEntry& e : s.entries)
        entries.push_back(entryJson(m, e));
    const ImpactResult healthy = s.entries.empty() ? ImpactResult{} : s.entries.front().impact;
    OJson j = {{"gpus_total", healthy.gpusTotal},
               {"bisection_tbps", round3(healthy.bisectionBeforeTbps)},
               {"largest_job_gpus", healthy.largestJobGpusBefore},
               {"elements", s.entries.size()},
               {"worst_per_kind", kinds},
               {"entries", entries}};
    return bytes(j);
}

QString sweepText(const FailureModel& m, const N1SweepResult& s, int top) {
    QString out =
        QStringLiteral("N-1: %1 single failures\n\nWorst per kind:\n").arg(s.entries.size());
    for (qsizetype i = 0; i < s.kinds.size(); ++i)
        out += QStringLiteral("  %1 (%2): %3\n")
                   .arg(s.kinds[i])
                   .arg(s.elementsOfKind(s.kinds[i]))
                   .arg(entryText(m, s.entries[s.worstOfKind[std::size_t(i)]]));
    out += QStringLiteral("\nWorst first:\n");
    for (int i = 0; i < std::min<int>(top, int(s.entries.size())); ++i)
        out += QStringLiteral("  %1\n").arg(entryText(m, s.entries[std::size_t(i)]));
    if (int(s.entries.size()) > top)
        out += QStringLiteral("  ... %1 more (--json lists them all)\n")
                   .arg(int(s.entries.size()) - top);
    return out;
}

} // namespace cds
