// Prints generate / validate / metrics / one-edit re-check times for generated clusters.
// Usage: bench_fabric [GPUS...] (default 1024 16384 100000). Not a test: it prints figures.
#include "model/Catalog.h"
#include "model/DesignIndex.h"
#include "model/Metrics.h"
#include "model/fabric/CableRouting.h"
#include "model/fabric/FabricRules.h"
#include "model/fabric/Generator.h"
#include "model/rules/Rule.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace cds;

namespace {

double ms(QElapsedTimer& t) {
    return double(t.nsecsElapsed()) / 1e6;
}

void line(int gpus, const char* what, double value, const char* target) {
    std::printf("bench %6d GPUs  %-26s %9.3f ms   (target %s)\n", gpus, what, value, target);
}

int bench(const Catalog& lib, int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    // 400G NICs on 800G SN5600 cages split 2 ways: 128 ports, enough for 100,000 GPUs.
    p.switchId = gpus > 65536 ? QStringLiteral("nvidia-sn5600") : QStringLiteral("nvidia-qm9700");
    QElapsedTimer t;
    t.start();
    GenerateResult r = generateCluster(p, lib);
    const double gen = ms(t);
    if (!r.ok) {
        std::fprintf(stderr, "bench: %s\n", qPrintable(r.error));
        return 1;
    }
    DesignData& d = r.design;
    line(gpus, "generate", gen, gpus >= 100000 ? "< 1000 ms" : "-");

    t.restart();
    const std::vector<Finding> findings = runChecks(d);
    const double val = ms(t);
    line(gpus, "full validation", val,
         gpus >= 100000  ? "< 100 ms"
         : gpus >= 16384 ? "< 10 ms"
                         : "-");

    t.restart();
    const Metrics m = computeMetrics(d);
    line(gpus, "metrics (with BOM)", ms(t), "-");

    // One edit: move the first rack one tile along its row, then re-derive and re-check
    // only its links.
    const DesignIndex index(d);
    const RackId rack = d.racks.ids().front();
    t.restart();
    d.racks[rack].centre.x += d.hall.tileMm;
    const std::vector<LinkId> touched = linksOfRack(index, rack);
    rerouteLinks(d, index, touched);
    std::vector<Finding> again;
    CableReachRule().checkLinks(d, touched, again);
    line(gpus, "re-check after one edit", ms(t), "< 1 ms");
    std::printf("bench %6d GPUs  %zu devices, %zu links, %zu findings, bisection %.1f Tb/s\n", gpus,
                d.devices.size(), d.links.size(), findings.size(), m.bisectionTbps);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    CatalogLibrary lib = CatalogLibrary::loadDefault();
    QList<int> sizes;
    for (int i = 1; i < argc; ++i)
        sizes << QString::fromLocal8Bit(argv[i]).toInt();
    if (sizes.isEmpty())
        sizes = {1024, 16384, 100000};
    int rc = 0;
    for (int g : sizes)
        rc |= bench(lib.catalog(), g);
    return rc;
}
