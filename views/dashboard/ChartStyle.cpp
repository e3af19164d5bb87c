#include "ChartStyle.h"

#include "QCustomPlotInclude.h"

#include <QChart>
#include <QChartView>
#include <QPainter>
#include <QVBoxLayout>

namespace cds::views {

void styleDashboardPlot(QCustomPlot* plot) {
    plot->setNoAntialiasingOnDrag(true);
    plot->setPlottingHint(QCP::phFastPolylines);
    const QFont f = plot->font();
    for (QCPAxisRect* r : plot->axisRects())
        for (QCPAxis* a : r->axes()) {
            a->setLabelFont(f);
            a->setTickLabelFont(smallPlotFont(plot));
        }
    if (plot->legend)
        plot->legend->setFont(smallPlotFont(plot));
}

QFont smallPlotFont(const QCustomPlot* plot) {
    QFont f = plot->font();
    if (f.pointSizeF() > 0)
        f.setPointSizeF(std::max(7.5, f.pointSizeF() * 0.9));
    return f;
}

QCPTextElement* addPlotTitle(QCustomPlot* plot, int row, int column, const QString& text) {
    QFont f = plot->font();
    f.setBold(true);
    auto* t = new QCPTextElement(plot, text, f);
    plot->plotLayout()->addElement(row, column, t);
    return t;
}

QChartView* addChartView(QWidget* host) {
    auto* view = new QChartView(new QChart);
    view->setRenderHint(QPainter::Antialiasing);
    view->chart()->legend()->setAlignment(Qt::AlignBottom);
    auto* layout = new QVBoxLayout(host);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    return view;
}

void renderChartView(QChartView* view, QPainter* painter, const QSize& size) {
    QChart* chart = view->chart();
    const QRectF before = chart->geometry();
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    view->scene()->render(painter, QRectF(QPointF(0, 0), QSizeF(size)), chart->geometry());
    chart->setGeometry(before);
}

} // namespace cds::views
