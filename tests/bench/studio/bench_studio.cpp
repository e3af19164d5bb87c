// Studio benchmarks on a 16,384-GPU hall: open, full-hall offscreen repaint, and one rack
// drag step (model edit, checks, status bar). Prints figures; targets are < 16 ms.

#include "DesignEditor.h"
#include "MainWindow.h"

#include "views/DesignAnalysis.h"
#include "views/floorplan/FloorplanView.h"

#include "model/Bom.h"
#include "model/DesignFile.h"
#include "model/DesignIndex.h"
#include "model/Metrics.h"
#include "model/fabric/Generator.h"
#include "model/rules/Rule.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
void report(const char* what, double ms, double target) {
    std::printf(
        "%-48s %9.2f ms%s\n", what, ms,
        target > 0 ? (ms < target ? "  (target < 16 ms: met)" : "  (target < 16 ms: MISSED)") : "");
}
} // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    using namespace cds;
    CatalogLibrary lib = CatalogLibrary::loadDefault();
    // The generator's 16,384-GPU rail-optimized design.
    GenerateParams params;
    params.gpus = 16384;
    GenerateResult gen = generateCluster(params, lib.catalog());
    if (!gen.ok) {
        std::fprintf(stderr, "bench_studio: generator: %s\n", qPrintable(gen.error));
        return 1;
    }
    DesignData d = std::move(gen.design);
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("hall-16k.cds.json"));
    QString error;
    if (!DesignFile::save(d, path, &error)) {
        std::fprintf(stderr, "bench_studio: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("design: %zu racks, %zu devices, %zu links\n", d.racks.size(), d.devices.size(),
                d.links.size());

    studio::MainWindow::Options o;
    o.interactive = false;
    o.recoveryFolder = tmp.filePath(QStringLiteral("recovery"));
    studio::MainWindow w(std::move(lib), o);
    w.resize(1600, 1000);
    QElapsedTimer t;
    t.start();
    if (!w.openFile(path)) {
        std::fprintf(stderr, "bench_studio: %s\n", qPrintable(w.lastError()));
        return 1;
    }
    report("open (load, route, index, first analysis)", double(t.nsecsElapsed()) / 1e6, 0);

    // Full-hall repaint, as the view paints it: hall, racks, bundles, legend.
    w.show();
    views::FloorplanView* view = w.canvas();
    view->fitHall();
    QImage img(view->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    std::vector<double> paint;
    for (int i = 0; i < 15; ++i) {
        img.fill(Qt::white);
        QPainter p(&img);
        p.setRenderHint(QPainter::Antialiasing, true);
        t.restart();
        // The whole hall into the viewport-sized image: every rack and bundle is drawn.
        view->scene()->render(&p, QRectF(img.rect()),
                              view->mapToScene(view->viewport()->rect()).boundingRect());
        p.end();
        paint.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    img.save(tmp.filePath(QStringLiteral("hall.png")));
    if (qEnvironmentVariableIsSet("CDS_BENCH_PNG"))
        img.save(qEnvironmentVariable("CDS_BENCH_PNG"));
    report("full-hall offscreen repaint (median of 15)", median(paint), 16);

    // One drag step: the model edit with the scene following it, then the coalesced
    // analysis (cable rerouting, metrics, checks) and the status bar it feeds.
    const RackId rack(0);
    const PointMm start = w.design()->data().racks[rack].centre;
    std::vector<double> edit, analysis;
    view->beginDrag(); // as the select tool does: the journal waits for the release
    for (int i = 1; i <= 15; ++i) {
        const double dy = (i % 2) ? -600.0 : 0.0; // up into the aisle and back
        t.restart();
        w.editor()->moveRacks({{rack, {start.x, start.y + dy}, 0}}, 1);
        edit.push_back(double(t.nsecsElapsed()) / 1e6);
        t.restart();
        w.analysis()->runNow();
        (void)w.totalsText();
        analysis.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    t.restart();
    view->endDrag();
    report("rack drag release (journal checkpoint)", double(t.nsecsElapsed()) / 1e6, 0);
    report("rack drag step: model edit + scene (median)", median(edit), 16);
    report("rack drag: reroute + metrics + checks + status", median(analysis), 16);
    report("rack drag step total", median(edit) + median(analysis), 16);
    // Where the analysis time goes.
    const DesignData& dd = w.design()->data();
    t.restart();
    const DesignIndex index(dd);
    report("  of which: index", double(t.nsecsElapsed()) / 1e6, 0);
    t.restart();
    const Bom bom = computeBom(dd);
    report("  of which: bill of materials", double(t.nsecsElapsed()) / 1e6, 0);
    t.restart();
    const Metrics m = computeMetrics(dd, index, bom);
    report("  of which: metrics", double(t.nsecsElapsed()) / 1e6, 0);
    t.restart();
    const auto findings = runChecks(CheckContext{dd, index, m});
    report("  of which: checks", double(t.nsecsElapsed()) / 1e6, 0);
    std::printf("findings: %zu\n", findings.size());
    return 0;
}
