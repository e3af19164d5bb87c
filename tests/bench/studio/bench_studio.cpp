// The studio's figures on one design: open, save (off the UI thread), full-hall offscreen
// repaint, one rack drag step, and the process's peak memory with the design open, one line
// each. Usage: bench_studio_run [FILE] (default: the generator's 16,384-GPU design).
// `./dev bench` runs it once per size, in its own process, so the peak memory is per size.

#include "../BenchCommon.h"

#include "DesignEditor.h"
#include "HugePageHeap.h"
#include "MainWindow.h"
#include "TaskRunner.h"
#include "Workbench.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/edits/PathwayOps.h"
#include "views/floorplan/CableBundleItem.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"

#include "model/DesignIndex.h"
#include "model/generator/Generator.h"
#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Bom.h"
#include "model/metrics/Metrics.h"
#include "model/rules/Rule.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsItem>
#include <QImage>
#include <QPainter>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using cds::bench::line;

namespace {
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
double ms(const QElapsedTimer& t) {
    return double(t.nsecsElapsed()) / 1e6;
}
} // namespace

int main(int argc, char** argv) {
    cds::useHugePageHeap(argv); // as the studio runs
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    using namespace cds;
    CatalogLibrary lib = CatalogLibrary::loadDefault();
    QTemporaryDir tmp;
    QString path = app.arguments().value(1);
    if (path.isEmpty()) { // the generator's 16,384-GPU rail-optimized design
        GenerateParams params;
        params.gpus = 16384;
        GenerateResult gen = generateCluster(params, lib.catalog());
        QString error;
        path = tmp.filePath(QStringLiteral("hall-16384.cds.json"));
        if (!gen.ok || !DesignFile::save(gen.design, path, &error)) {
            std::fprintf(stderr, "bench_studio: %s\n", qPrintable(gen.ok ? error : gen.error));
            return 1;
        }
    }

    studio::MainWindow::Options o;
    o.interactive = false;
    o.recoveryFolder = tmp.filePath(QStringLiteral("recovery"));
    studio::MainWindow w(std::move(lib), o);
    w.resize(1600, 1000);
    QElapsedTimer t;
    t.start();
    if (!w.workbench().document()->openFile(path)) {
        std::fprintf(stderr, "bench_studio: %s\n",
                     qPrintable(w.workbench().document()->lastError()));
        return 1;
    }
    const double open = ms(t);
    const Metrics first = computeMetrics(w.workbench().design()->data());
    const int gpus = first.gpus;
    // Issue #32's targets at 500,000 GPUs: open in 3 s, 1.5 GiB, every interaction in 50 ms.
    // At 100,000 GPUs the open is held to a fifth of Python's json.load of the same file,
    // which run-bench.sh measures in the same run (CDS_BENCH_JSON_LOAD_MS; 1.5 s without it).
    const bool campus = gpus >= 400000;
    const double frameMs = campus ? 50 : 16;
    const double jsonLoadMs = qEnvironmentVariable("CDS_BENCH_JSON_LOAD_MS").toDouble();
    line(gpus, "open (studio: load, route, index, views)", open, "ms",
         campus                             ? 3000
         : gpus >= 100000 && jsonLoadMs > 0 ? jsonLoadMs / 5
         : gpus >= 100000                   ? 1500
         : gpus >= 16384                    ? 250
                                            : 0);
    if (qEnvironmentVariableIsSet("CDS_BENCH_OPEN_ONLY"))
        return 0; // stop after the open, to profile it

    // Save: the worker serializes and writes; the UI thread only copies the design and
    // keeps serving events meanwhile. "UI blocked" is the longest gap between event-loop
    // turns during the save, measured by a 0 ms timer.
    {
        QElapsedTimer gap;
        double longest = 0;
        QTimer ticker;
        ticker.setInterval(0);
        QObject::connect(&ticker, &QTimer::timeout, [&] {
            longest = std::max(longest, ms(gap));
            gap.restart();
        });
        QObject::connect(w.workbench().document()->tasks(), &studio::TaskRunner::started, [&] {
            longest = std::max(longest, ms(gap)); // the copy before the worker starts
            gap.restart();
            ticker.start();
        });
        t.restart();
        gap.start();
        if (!w.workbench().document()->saveTo(tmp.filePath(QStringLiteral("saved.cds.json")))) {
            std::fprintf(stderr, "bench_studio: %s\n",
                         qPrintable(w.workbench().document()->lastError()));
            return 1;
        }
        ticker.stop();
        longest = std::max(longest, ms(gap));
        line(gpus, "save (studio, on a worker thread)", ms(t), "ms");
        line(gpus, "  UI thread blocked at most", longest, "ms", frameMs);
    }

    // Full-hall repaint, as the view paints it: hall, racks, bundles, legend.
    w.show();
    views::FloorplanView* view = w.canvas();
    view->fitHall();
    QImage img(view->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    // The whole hall into the viewport-sized image, every rack and bundle drawn: its time.
    auto renderHall = [&] {
        img.fill(Qt::white);
        QPainter p(&img);
        p.setRenderHint(QPainter::Antialiasing, true);
        QElapsedTimer r;
        r.start();
        view->scene()->render(&p, QRectF(img.rect()),
                              view->mapToScene(view->viewport()->rect()).boundingRect());
        p.end();
        return ms(r);
    };
    auto medianOf15 = [&] {
        std::vector<double> v;
        for (int i = 0; i < 15; ++i)
            v.push_back(renderHall());
        return median(v);
    };
    const double repaint = medianOf15();
    if (qEnvironmentVariableIsSet("CDS_BENCH_PNG"))
        img.save(qEnvironmentVariable("CDS_BENCH_PNG"));
    line(gpus, "full-hall offscreen repaint (median of 15)", repaint, "ms", frameMs);
    if (qEnvironmentVariableIsSet("CDS_BENCH_DETAIL")) { // bundles alone, the rest alone
        auto paintOnly = [&](bool bundles) {
            for (QGraphicsItem* it : view->scene()->items())
                if (it->parentItem() == nullptr)
                    it->setVisible((it == w.scene()->cables()) == bundles);
            const double m = medianOf15();
            for (QGraphicsItem* it : view->scene()->items())
                it->setVisible(true);
            return m;
        };
        line(gpus, "  of which: cable bundles", paintOnly(true), "ms");
        line(gpus, "  of which: hall and racks", paintOnly(false), "ms");
    }

    // One drag step: the model edit with the scene following it, then the coalesced
    // analysis (cable rerouting, metrics, checks) and the status bar it feeds.
    const RackId rack = w.workbench().design()->data().racks.ids().front();
    const PointMm start = w.workbench().design()->data().racks[rack].centre;
    std::vector<double> edit, analysis;
    view->beginDrag(); // as the select tool does: the journal waits for the release
    for (int i = 1; i <= 15; ++i) {
        const double dy = (i % 2) ? -600.0 : 0.0; // up into the aisle and back
        t.restart();
        w.workbench().editor()->moveRacks({{rack, {start.x, start.y + dy}, 0}}, 1);
        edit.push_back(ms(t));
        t.restart();
        w.workbench().analysis()->runNow();
        (void)w.workbench().totalsText();
        analysis.push_back(ms(t));
    }
    t.restart();
    view->endDrag();
    line(gpus, "rack drag release (journal checkpoint)", ms(t), "ms");
    // The first full-hall repaint after the move: the overview's trunks are rebuilt.
    line(gpus, "full-hall repaint right after a rack move", renderHall(), "ms", frameMs);
    line(gpus, "rack drag step: model edit + scene (median)", median(edit), "ms");
    line(gpus, "rack drag: reroute + metrics + checks + status", median(analysis), "ms");
    // Every interaction within a frame (50 ms for a campus: issue #32).
    line(gpus, "rack drag step total", median(edit) + median(analysis), "ms", frameMs);
    // One tray drag step: a tray moved by half a tile (the tray graph is rebuilt, the cables
    // whose way can change re-routed), then the same analysis.
    if (!w.workbench().design()->data().pathways.empty()) {
        const PathwayId tray = w.workbench().design()->data().pathways.ids().front();
        std::vector<double> trayEdit, trayAnalysis;
        view->beginDrag();
        // CDS_BENCH_TRAY_STEPS: more steps, to profile them (9 by default).
        const int steps = std::max(9, qEnvironmentVariableIntValue("CDS_BENCH_TRAY_STEPS"));
        for (int i = 1; i <= steps; ++i) {
            const PointMm step{0, (i % 2) ? -300.0 : 300.0};
            t.restart();
            w.workbench().editor()->apply(
                edits::movePathways(w.workbench().design()->data(), {tray}, step), 2);
            trayEdit.push_back(ms(t));
            t.restart();
            w.workbench().analysis()->runNow();
            trayAnalysis.push_back(ms(t));
        }
        view->endDrag();
        line(gpus, "tray drag step: model edit + scene (median)", median(trayEdit), "ms");
        line(gpus, "tray drag: re-route + metrics + checks", median(trayAnalysis), "ms");
        line(gpus, "tray drag step total", median(trayEdit) + median(trayAnalysis), "ms", frameMs);
        // The floorplan's first paint after it: the bundles' route map follows the new trays.
        line(gpus, "full-hall repaint right after a tray move", renderHall(), "ms", frameMs);
    }
    if (qEnvironmentVariableIsSet("CDS_BENCH_DETAIL")) { // where the analysis time goes
        const DesignData& dd = w.workbench().design()->data();
        t.restart();
        const DesignIndex index(dd);
        line(gpus, "  of which: index", ms(t), "ms");
        t.restart();
        const Bom bom = computeBom(dd);
        line(gpus, "  of which: bill of materials", ms(t), "ms");
        t.restart();
        const Metrics m = computeMetrics(dd, index, bom);
        line(gpus, "  of which: metrics", ms(t), "ms");
        t.restart();
        const auto findings = runChecks(CheckContext{dd, index, m});
        line(gpus, "  of which: checks", ms(t), "ms");
    }
    line(gpus, "peak memory (studio process, design open)", bench::peakMemoryMiB(), "MiB",
         campus           ? 1536
         : gpus >= 100000 ? 1024
                          : 0);
    return 0;
}
