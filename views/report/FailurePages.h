#pragma once

#include "ReportContent.h"

#include "model/resilience/Reliability.h"

#include <memory>

namespace cds {
class CableRouteMap;
}

namespace cds::report {

/// A kind with more elements than this is left out of the report's N-1 sweep (and the page
/// says so): a 100,000-GPU design's leaves and feeds would take minutes to fail one by one.
inline constexpr int kReportSweepLimit = 2000;
/// The report's sweep, in element failures times the design's links and devices (each failure
/// is worked out over the whole design): kinds that would take it past this are left out too,
/// so the report's time grows with the design, not with its square. A 16,384-GPU design is
/// swept whole (~4e8); at 100,000 GPUs the power chain, cooling and core tiers stay in.
inline constexpr double kReportSweepWork = 6e8;
/// The worst single failures listed overall, beside the worst of each kind.
inline constexpr int kReportWorstElements = 5;

/// @brief What the report's failure-domain page shows (issue #30): the expected interruptions
/// and an N-1 sweep of every kind of at most kReportSweepLimit elements (servers aside: a
/// server's loss is its own GPUs). Plain names and figures, so it outlives the failure model
/// it came from; computed once per report (ReportContent::failureSummary()).
struct FailureSummary {
    /// One element failed alone (the worst of its kind, or one of the worst overall).
    struct Row {
        QString kind;     ///< as `impact --n-1 --kind` names it
        QString name;     ///< the element, as `impact --fail` takes it
        int elements = 0; ///< worst of a kind: the elements of the kind swept
        int gpusLost = 0, gpusDegraded = 0, racksDown = 0, largestJobGpus = 0;
        bool harmless = false; ///< loses, degrades and cuts nothing (nor any of its kind)
    };
    Reliability reliability;
    int gpus = 0;
    int largestJobGpusBefore = 0;
    bool computeFabric = false;
    int swept = 0;                 ///< elements failed, in all kinds
    std::vector<Row> worstPerKind; ///< in FailureModel::sweepKinds() order
    std::vector<Row> worst;        ///< the worst harmful elements overall, worst first
    std::vector<std::pair<QString, int>> notSwept; ///< kinds above the limit and their counts
    /// Kinds under the limit left out because the sweep would pass kReportSweepWork.
    std::vector<std::pair<QString, int>> overBudget;
    QString problem; ///< why the sweep was refused (not expected), else empty
};

/// Sweeps @p d (whose index is @p index and metrics @p m) for the failure-domain page; the
/// trays' cables from @p routes when given (FailureModel).
FailureSummary summarizeFailures(const DesignData& d, const DesignIndex& index, const Metrics& m,
                                 const CableRouteMap* routes = nullptr);

/// The expected interruptions as label/value pairs, as the page prints them.
std::vector<std::pair<QString, QString>> interruptionFigures(const Reliability& r);
/// What the sweep covered and left out, one sentence each: the elements failed, no compute
/// fabric, each kind above the limit ("3,125 leaves not swept: above 2,000"), nothing swept.
QString sweepNote(const FailureSummary& s);
/// "leaves", "PDUs", "cable trays": a sweep kind as a reader counts it.
QString kindPlural(const QString& kind);

/// The "Failure domains" page: the expected interruptions, then the worst single failure of
/// each kind and the worst few overall. @p s is shared with the page's painter.
ReportPage failureDomainsPage(std::shared_ptr<const FailureSummary> s);

} // namespace cds::report
