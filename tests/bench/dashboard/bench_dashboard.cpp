// Chart update time after a rack move at 16,384 GPUs (target: under 16 ms, one frame).
// Measures the coalesced update the dashboard does once per interval: Metrics + rack power
// (ChartModel::refreshNow) and then every chart's refresh, with the widgets shown offscreen.

#include "../../model/scenarios/FakeCluster.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/cabling/CableRouting.h"
#include "model/edits/Edit.h"
#include "model/generator/Generator.h"
#include "model/json/CatalogFile.h"
#include "model/scenarios/ChartModel.h"
#include "views/dashboard/DashboardWidget.h"
#include "views/dashboard/PowerBarsChart.h"
#include "views/dashboard/QCustomPlotInclude.h"

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>

using namespace cds;

namespace {
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const int gpus = 16384;
    QElapsedTimer t;
    t.start();
    // The real generator (all four networks, routed cables); the test fake if it refuses.
    GenerateParams params;
    params.gpus = gpus;
    GenerateResult generated = generateCluster(params, CatalogLibrary::loadDefault().catalog());
    DesignData data;
    if (generated.ok) {
        data = std::move(generated.design);
    } else {
        std::printf("bench_dashboard: generator refused (%s); using the test fake\n",
                    qPrintable(generated.error));
        data = test::fakeCluster(gpus);
        routeCables(data);
    }
    std::printf("bench_dashboard: %d GPUs, %zu racks, %zu devices, %zu links (built in %lld ms)\n",
                gpus, data.racks.size(), data.devices.size(), data.links.size(),
                static_cast<long long>(t.elapsed()));
    Design design(std::move(data));
    LiveAnalysis analysis(&design);
    views::DashboardWidget dash(&analysis);
    dash.resize(1400, 900);
    dash.show();
    QCoreApplication::processEvents();

    const int runs = 21;
    std::vector<double> model, total, replot;
    for (int i = 0; i < runs; ++i) {
        const RackId r(RackId::Rep(i % 8));
        Rack moved = design.data().racks[r];
        moved.centre.x += (i % 2 ? -600 : 600);
        ChangeRacksEdit(QStringLiteral("move"), {{r, design.data().racks[r], moved}}).apply(design);
        t.restart();
        dash.chartModel()->refreshNow();   // what the 100 ms timer does; charts refresh in it
        QCoreApplication::processEvents(); // the queued replots and the repaint
        total.push_back(double(t.nsecsElapsed()) / 1e6);
        model.push_back(dash.chartModel()->lastComputeMs());
        t.restart();
        dash.powerChart()->plot()->replot(QCustomPlot::rpImmediateRefresh);
        replot.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::printf("chart update after a rack move (median of %d):\n", runs);
    std::printf("  metrics + rack power (ChartModel):   %7.2f ms\n", median(model));
    std::printf("  model + chart refresh + repaint:    %7.2f ms  (target < 16 ms)\n",
                median(total));
    std::printf("  power-per-rack replot alone (%zu bars): %5.2f ms\n",
                dash.chartModel()->rackPower().size(), median(replot));
    return 0;
}
