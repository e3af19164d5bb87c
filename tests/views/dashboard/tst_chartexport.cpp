#include "../../model/TestDesigns.h"
#include "model/analysis/LiveAnalysis.h"
#include "views/dashboard/ChartExport.h"
#include "views/dashboard/DashboardWidget.h"

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>

using namespace cds;
using namespace cds::views;

class TestChartExport : public QObject {
    Q_OBJECT

    static int inkedPixels(const QImage& img) {
        int n = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2)
                if (img.pixel(x, y) != qRgb(255, 255, 255))
                    ++n;
        return n;
    }

private Q_SLOTS:
    void pngAndSvgForEveryChart() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        DashboardWidget w(&analysis);
        QTemporaryDir dir;
        QStringList written;
        QString error;
        QVERIFY2(
            w.exportCharts(dir.path(), QStringLiteral("png"), QSize(800, 500), &written, &error),
            qPrintable(error));
        QVERIFY2(
            w.exportCharts(dir.path(), QStringLiteral("svg"), QSize(800, 500), &written, &error),
            qPrintable(error));
        // cost, power, bandwidth, optics, power chain, halls, build phases, sweep: PNG and SVG
        QCOMPARE(written.size(), 16);
        for (const QString& f : written) {
            if (f.endsWith(QLatin1String(".png"))) {
                QImage img(f);
                QCOMPARE(img.size(), QSize(800, 500));
                QVERIFY2(inkedPixels(img) > 500, qPrintable(f)); // something was drawn
            } else {
                QFile svg(f);
                QVERIFY(svg.open(QIODevice::ReadOnly));
                const QByteArray text = svg.readAll();
                QVERIFY(text.contains("<svg"));
                QVERIFY2(text.size() > 2000, qPrintable(f));
            }
        }
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("power-per-rack.svg"))));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("halls.png"))));
    }

    void renderAtAnySize() {
        // What the PDF report does: draw each chart at a page size of its choosing.
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        DashboardWidget w(&analysis);
        for (ExportableChart* c : w.charts()) {
            QImage a = chartImage(*c, QSize(300, 200));
            QImage b = chartImage(*c, QSize(1200, 900));
            QCOMPARE(b.size(), QSize(1200, 900));
            QVERIFY2(inkedPixels(a) > 50, qPrintable(c->chartName()));
            QVERIFY2(inkedPixels(b) > inkedPixels(a), qPrintable(c->chartName()));
        }
    }

    void hiddenDonutExportsAtFullSize() {
        // Regression: a hidden dock exported the donut at its unlaid-out size, in one corner.
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        DashboardWidget w(&analysis);
        const QImage img = chartImage(*w.charts()[0], QSize(800, 500));
        QVERIFY(inkedPixels(img.copy(400, 0, 400, 500)) > 300); // legend and labels on the right
        QVERIFY(inkedPixels(img.copy(0, 250, 400, 250)) > 300); // the lower half of the donut
    }

    void badPathsAreReported() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        DashboardWidget w(&analysis);
        QString error;
        QVERIFY(!exportChart(*w.charts()[0], QStringLiteral("/tmp/chart.bmpx"), QSize(100, 100),
                             &error));
        QVERIFY(error.contains(QStringLiteral("/tmp/chart.bmpx")));
        QVERIFY(error.contains(QStringLiteral("png")));
        QVERIFY(!exportChart(*w.charts()[0], QStringLiteral("/no/such/folder/c.png"),
                             QSize(100, 100), &error));
        QVERIFY(error.startsWith(QStringLiteral("/no/such/folder/c.png")));
    }
};

QTEST_MAIN(TestChartExport)
#include "tst_chartexport.moc"
