#include "CliCommon.h"

#include "model/analysis/Analysis.h"

#include "model/export/Reports.h"
#include "model/metrics/Metrics.h"

namespace cds::cli {

int runStats(const QStringList& args) {
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Design file (*.cds.json)."));
    p.addOption(
        {QStringLiteral("json"), QStringLiteral("Print the figures as JSON (the stable keys).")});
    if (auto code = parse(p, args,
                          QStringLiteral("Print a design's GPUs, power, cost and fabric figures.")))
        return *code;
    if (p.positionalArguments().size() != 1) {
        err() << "cluster-studio-cli stats: expected one FILE\n";
        return BadInput;
    }
    auto d = openDesign(p.positionalArguments().first());
    if (!d)
        return BadInput;
    const Analysis analysis = analyze(*d);
    const Metrics& m = analysis.metrics;
    if (p.isSet(QStringLiteral("json"))) {
        writeOutput({}, statsJson(*d, m, &analysis.power));
        return Ok;
    }
    auto& o = out();
    o << "Design:        " << d->meta.title << "\n"
      << "GPUs:          " << m.gpus << " in " << m.servers << " servers, " << m.racks << " racks\n"
      << "GPU memory:    " << QString::number(m.gpuMemoryGb / 1000.0, 'f', 2) << " TB\n"
      << "BF16 dense:    " << QString::number(m.bf16Pflops, 'f', 1) << " PFLOPS\n"
      << "IT power:      " << QString::number(m.itMaxW / 1000.0, 'f', 1) << " kW max ("
      << QString::number(m.itTypicalW / 1000.0, 'f', 1) << " kW typical)\n"
      << "Facility:      " << QString::number(m.facilityW / 1000.0, 'f', 1) << " kW\n"
      << "Densest rack:  " << QString::number(m.maxRackKw, 'f', 1) << " kW\n"
      << "Room air:      " << QString::number(m.airHeatKw, 'f', 1) << " kW, "
      << QString::number(m.airflowCfm, 'f', 0) << " CFM at a "
      << QString::number(d->settings.airDeltaTF, 'f', 0) << " F rise, inlet class "
      << inletClassKey(d->settings.inletClass)
      << (d->settings.roomAirCoolingKw > 0
              ? QStringLiteral(" (air cooling %1 kW)").arg(d->settings.roomAirCoolingKw, 0, 'f', 0)
              : QString())
      << "\n"
      << "Cost:          $" << QString::number(m.totalCostUsd, 'f', 0) << " ($"
      << QString::number(m.costPerGpu(), 'f', 0) << " per GPU)\n"
      << "Bisection:     " << QString::number(m.bisectionTbps, 'f', 1) << " Tb/s per direction\n"
      << "Transceivers:  " << m.transceivers << ", cables: " << m.cables << "\n";
    for (const PlaneMetrics& pm : m.computePlanes)
        if (m.computePlanes.size() > 1) // parallel planes: each on its own line
            o << "Plane:         " << pm.name << ": " << pm.switches.leaf << " leaves, "
              << pm.switches.spine << " spines, " << pm.switches.core << " cores; "
              << pm.links.nodeLeaf << " node-leaf, " << pm.links.leafSpine << " leaf-spine links; "
              << QString::number(pm.injectionGbpsPerGpu, 'f', 0) << " Gb/s per GPU\n";
    if (m.powerMissing || m.weightMissing)
        o << "Missing data:  " << m.powerMissing << " device(s) without power, " << m.weightMissing
          << " item(s) without weight\n";
    o.flush();
    return Ok;
}

} // namespace cds::cli
