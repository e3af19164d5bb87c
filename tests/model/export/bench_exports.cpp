// Prints how long the text exports take on generated clusters (part of `./dev bench`).
// Usage: bench_exports [GPUS...] (default 1024 16384 100000). Not a test: it prints figures.
#include "model/Catalog.h"
#include "model/export/BomXlsx.h"
#include "model/export/CablingSchedule.h"
#include "model/export/NetBoxExport.h"
#include "model/export/SlurmTopology.h"
#include "model/generator/Generator.h"
#include "model/json/CatalogFile.h"
#include "model/metrics/Bom.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>

using namespace cds;

namespace {

void line(int gpus, const char* what, const QElapsedTimer& t, qsizetype bytes) {
    std::printf("bench %6d GPUs  %-26s %9.3f ms   (%lld bytes)\n", gpus, what,
                double(t.nsecsElapsed()) / 1e6, static_cast<long long>(bytes));
}

int bench(const Catalog& lib, int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    p.switchId = gpus > 65536 ? QStringLiteral("nvidia-sn5600") : QStringLiteral("nvidia-qm9700");
    GenerateResult r = generateCluster(p, lib);
    if (!r.ok) {
        std::fprintf(stderr, "bench_exports: %s\n", qPrintable(r.error));
        return 1;
    }
    const DesignData& d = r.design;
    QElapsedTimer t;
    t.start();
    const std::vector<CableRow> rows = cablingRows(d);
    line(gpus, "cabling rows (no CSV)", t, qsizetype(rows.size()));
    t.restart();
    const QByteArray cabling = cablingCsv(d);
    line(gpus, "export cabling-csv", t, cabling.size());
    t.restart();
    const NetBoxExport nb = netboxExport(d, QStringLiteral("site"));
    line(gpus, "export netbox", t, nb.cablesCsv.size() + nb.devicesCsv.size());
    t.restart();
    const SlurmTopology slurm = slurmTopology(d);
    line(gpus, "export slurm", t, slurm.text.size());
    QTemporaryDir tmp;
    t.restart();
    const Bom bom = computeBom(d);
    QString error;
    if (!writeBomXlsx(d, bom, tmp.filePath(QStringLiteral("bom.xlsx")), &error)) {
        std::fprintf(stderr, "bench_exports: %s\n", qPrintable(error));
        return 1;
    }
    line(gpus, "export xlsx (with BOM)", t, 0);
    return slurm.ok ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const CatalogLibrary lib = CatalogLibrary::loadDefault();
    QList<int> sizes;
    for (const QString& a : app.arguments().mid(1))
        sizes << a.toInt();
    if (sizes.isEmpty())
        sizes = {1024, 16384, 100000};
    for (int g : sizes)
        if (bench(lib.catalog(), g) != 0)
            return 1;
    return 0;
}
