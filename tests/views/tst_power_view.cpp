// The power view (issue #29): the one-line diagram drawn from the model, its loads against
// PowerFlow, its links with the floorplan (an element lights its racks, a rack its way up),
// the dashboard's power chain chart and the report's diagram pages.
#include "DesignEditor.h"
#include "StudioFixture.h"

#include "model/analysis/Analysis.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/generator/Generator.h"
#include "model/power/PowerTopology.h"
#include "views/SelectionModel.h"
#include "views/dashboard/ChartExport.h"
#include "views/dashboard/DashboardWidget.h"
#include "views/dashboard/PowerChainChart.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/PowerRackItem.h"
#include "views/floorplan/RackItem.h"
#include "views/panels/PropertiesPanel.h"
#include "views/power/PowerDiagramPainter.h"
#include "views/power/PowerItems.h"
#include "views/power/PowerScene.h"
#include "views/power/PowerView.h"
#include "views/render/DrawingExport.h"
#include "views/render/RenderStyle.h"
#include "views/report/ReportContent.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsView>
#include <QImage>
#include <QPainter>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

using namespace cds;
using namespace cds::test;

namespace {

DesignData generated(int gpus, PowerScheme scheme, const QString& server = {}, bool dc = false) {
    GenerateParams p;
    p.gpus = gpus;
    if (!server.isEmpty())
        p.serverId = server;
    p.power->scheme = scheme;
    p.power->dc800 = dc;
    GenerateResult r = generateCluster(p, bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

const DesignData& generated16k() {
    static const DesignData d = generated(16384, PowerScheme::TwoN);
    return d;
}

QString saved(const DesignData& d, const QString& path) {
    QString error;
    if (!DesignFile::save(d, path, &error))
        qFatal("cannot save %s: %s", qPrintable(path), qPrintable(error));
    return path;
}

std::vector<RackId> selectedRacks(const views::FloorplanScene& s, const DesignData& d) {
    std::vector<RackId> out;
    d.racks.forEach([&](RackId id, const Rack&) {
        if (s.rackItem(id)->isSelected())
            out.push_back(id);
    });
    return out;
}

PowerElementId firstOfKind(const DesignData& d, PowerKind k) {
    PowerElementId found;
    d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        if (!found && e.kind == k)
            found = id;
    });
    return found;
}

} // namespace

class TestPowerView : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

    std::unique_ptr<studio::MainWindow> open(const DesignData& d, const QString& name) {
        auto w = openStudio(m_tmp.path(), saved(d, m_tmp.filePath(name)));
        w->workbench().analysis()->runNow();
        return w;
    }

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    /// One box per element, each inside the scene, none overlapping another, each showing the
    /// loads PowerFlow computed for it.
    void oneItemPerElementWithItsLoads() {
        auto w = open(generated(1024, PowerScheme::TwoN), QStringLiteral("small.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        views::PowerScene* s = w->powerView()->scene();
        int items = 0;
        std::vector<QRectF> rects;
        for (QGraphicsItem* it : s->items())
            if (it->type() == views::PowerNodeItem::Type) {
                ++items;
                rects.push_back(it->boundingRect());
            }
        QCOMPARE(items, int(d.power.elements.size()));
        for (std::size_t i = 0; i < rects.size(); ++i) {
            QVERIFY(s->sceneRect().contains(rects[i]));
            for (std::size_t j = i + 1; j < rects.size(); ++j)
                QVERIFY(!rects[i].adjusted(3, 3, -3, -3).intersects(rects[j]));
        }
        const PowerAnalysis& a = w->workbench().analysis()->result().power;
        QCOMPARE(int(a.elements.size()), items);
        for (const ElementFlow& f : a.elements) {
            QVERIFY(s->nodeItem(f.id));
            const QString tip = s->nodeItem(f.id)->toolTip();
            QVERIFY2(tip.contains(QString::number(f.normalPct(), 'f', 0) + QStringLiteral(" %")),
                     qPrintable(tip));
            QVERIFY2(tip.contains(QString::number(f.worstPct(), 'f', 0) + QStringLiteral(" %")),
                     qPrintable(tip));
            if (const PowerElement* failed = d.power.elements.find(f.worstFailure))
                QVERIFY2(tip.contains(failed->name + QStringLiteral(" out of service")),
                         qPrintable(tip));
        }
        // 2N: two bands, side A and side B, each element in its side's band.
        const views::PowerDiagramLayout& l = s->layout();
        QCOMPARE(int(l.bands.size()), 2);
        QCOMPARE(l.bands[0].title, QStringLiteral("Side A"));
        for (const views::PowerNode& n : l.nodes)
            QCOMPARE(l.bands[std::size_t(n.band)].title,
                     QStringLiteral("Side ") + d.power.elements[n.id].group);
        // Sources in the first column, the elements feeding racks in the last one.
        const views::PowerNode* util = l.find(d.power.findByName(QStringLiteral("UTIL-A")));
        QVERIFY(util);
        QCOMPARE(util->column, 0);
        const views::PowerNode* bus = l.find(firstOfKind(d, PowerKind::Busway));
        QCOMPARE(bus->column, int(l.columnTitles.size()) - 2); // before the racks column
        QVERIFY(!bus->racks.empty());
        QVERIFY(w->powerView()->summary().contains(QStringLiteral("Power chain 2N")));
    }

    /// A busway selected in the diagram selects exactly the racks it feeds on the floorplan;
    /// a UPS every rack below it; the selection model holds the element.
    void elementSelectsItsRacksOnTheFloor() {
        auto w = open(generated(1024, PowerScheme::TwoN), QStringLiteral("links.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        views::PowerScene* s = w->powerView()->scene();
        const PowerElementId bus = firstOfKind(d, PowerKind::Busway);
        std::vector<RackId> fed;
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (r.feeds.a == bus || r.feeds.b == bus)
                fed.push_back(id);
        });
        QVERIFY(!fed.empty());
        QVERIFY(fed.size() < d.racks.size());
        s->clearSelection();
        s->nodeItem(bus)->setSelected(true);
        QCOMPARE(w->workbench().selection()->objects(),
                 std::vector<ObjectRef>{ObjectRef::powerElement(bus)});
        QCOMPARE(selectedRacks(*w->scene(), d), fed);
        // The floorplan's own selection sync keeps the element selected.
        QCOMPARE(w->workbench().selection()->objects(),
                 std::vector<ObjectRef>{ObjectRef::powerElement(bus)});
        const PowerElementId ups = d.power.findByName(QStringLiteral("UPS-A1"));
        w->workbench().selection()->set({ObjectRef::powerElement(ups)});
        QVERIFY(s->nodeItem(ups)->isSelected());
        QVERIFY(!s->nodeItem(bus)->isSelected());
        QCOMPARE(selectedRacks(*w->scene(), d), PowerTopology(d).racksServedBy(ups));
        // Its supplies light up as its path; nothing of side B does.
        QVERIFY(s->onPath(d.power.findByName(QStringLiteral("TX-A1"))));
        QVERIFY(!s->onPath(d.power.findByName(QStringLiteral("UPS-B1"))));
    }

    /// A rack selected on the floor lights its way up on both feeds, to both utilities, and
    /// nothing else; clearing the selection clears the path.
    void rackLightsItsPathUp() {
        auto w = open(generated(1024, PowerScheme::TwoN), QStringLiteral("path.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        views::PowerScene* s = w->powerView()->scene();
        const RackId rack = d.racks.ids().front();
        w->scene()->clearSelection();
        w->scene()->rackItem(rack)->setSelected(true);
        const auto up = rackUpstream(d, rack);
        QVERIFY(!up[0].empty() && !up[1].empty());
        int lit = 0;
        d.power.elements.forEach([&](PowerElementId id, const PowerElement&) {
            const bool expected = std::count(up[0].begin(), up[0].end(), id) +
                                      std::count(up[1].begin(), up[1].end(), id) >
                                  0;
            QCOMPARE(s->onPath(id), expected);
            lit += s->onPath(id);
        });
        QVERIFY(s->onPath(d.power.findByName(QStringLiteral("UTIL-A"))));
        QVERIFY(s->onPath(d.power.findByName(QStringLiteral("UTIL-B"))));
        QVERIFY(lit < int(d.power.elements.size()));
        // Nothing in the diagram is selected: a rack is not an element.
        QVERIFY(s->selectedItems().isEmpty());
        w->workbench().selection()->clear();
        QVERIFY(std::none_of(s->path().begin(), s->path().end(), [](char c) { return c; }));
    }

    /// A power finding activated in the Problems panel brings the diagram forward with its
    /// element selected.
    void powerFindingRevealsItsElement() {
        DesignData d = generated(256, PowerScheme::TwoN);
        const PowerElementId ups = d.power.findByName(QStringLiteral("UPS-A1"));
        d.power.elements[ups].capacity = 50; // far below its racks' half: element-overload
        auto w = open(d, QStringLiteral("overload.cds.json"));
        w->revealObjects({ObjectRef::powerElement(ups)});
        QVERIFY(w->powerView()->scene()->nodeItem(ups)->isSelected());
        QVERIFY(w->powerView()->isVisible() || !w->isVisible());
        const ElementFlow* f = w->workbench().analysis()->result().power.find(ups);
        QVERIFY(f && f->normalPct() > 100);
        QCOMPARE(views::utilisationColour(f->normalPct()), render::RenderStyle::error());
    }

    /// An element selected in the diagram shows its values in the Properties panel; a capacity
    /// typed there is one undo step that the analysis checks (below its load: overloaded), undone
    /// and redone; a value out of range is refused and changes nothing.
    void capacityEditedInThePropertiesAndUndone() {
        auto w = open(generated(256, PowerScheme::TwoN), QStringLiteral("edit.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        QUndoStack* undo = w->workbench().undoStack();
        const PowerElementId ups = d.power.findByName(QStringLiteral("UPS-A1"));
        const double before = d.power.elements[ups].capacity;
        w->powerView()->scene()->clearSelection();
        w->powerView()->scene()->nodeItem(ups)->setSelected(true);
        QCoreApplication::processEvents();
        QCOMPARE(w->properties()->heading(), QStringLiteral("UPS UPS-A1"));
        auto* capacity =
            w->properties()->findChild<QDoubleSpinBox*>(QStringLiteral("powerCapacity"));
        QVERIFY(capacity);
        QCOMPARE(capacity->value(), before);
        QVERIFY(capacity->suffix().endsWith(QLatin1String("kW")));
        capacity->setValue(50);
        Q_EMIT capacity->editingFinished();
        QCOMPARE(d.power.elements[ups].capacity, 50.0);
        QCOMPARE(undo->undoText(), QStringLiteral("Set UPS-A1 capacity to 50 kW"));
        auto overloaded = [&] {
            w->workbench().analysis()->runNow();
            const ElementFlow* f = w->workbench().analysis()->result().power.find(ups);
            return f && f->normalPct() > 100;
        };
        QVERIFY(overloaded());
        undo->undo();
        QCOMPARE(d.power.elements[ups].capacity, before);
        QVERIFY(!overloaded());
        undo->redo();
        QCOMPARE(d.power.elements[ups].capacity, 50.0);
        undo->undo();
        // The panel follows the model, and a refused value leaves it as it was.
        QCoreApplication::processEvents();
        capacity = w->properties()->findChild<QDoubleSpinBox*>(QStringLiteral("powerCapacity"));
        QVERIFY(capacity);
        QCOMPARE(capacity->value(), before);
        const int steps = undo->count();
        capacity->setValue(0);
        Q_EMIT capacity->editingFinished();
        QCOMPARE(d.power.elements[ups].capacity, before);
        QCOMPARE(undo->count(), steps);
        QVERIFY2(w->workbench().editor()->lastProblem().startsWith(
                     QStringLiteral("UPS-A1 cannot be rated 0 kW")),
                 qPrintable(w->workbench().editor()->lastProblem()));
    }

    /// A rack's feeds are chosen among the elements that feed racks, as undoable steps.
    void rackFeedChosenInTheProperties() {
        auto w = open(generated(256, PowerScheme::TwoN), QStringLiteral("feeds.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        const RackId rack = d.racks.ids().front();
        const Rack before = d.racks[rack];
        w->workbench().selection()->set({ObjectRef::rack(rack)});
        QCoreApplication::processEvents();
        auto* feedB = w->properties()->findChild<QComboBox*>(QStringLiteral("rackFeedB"));
        QVERIFY(feedB);
        QCOMPARE(feedB->currentText(), d.power.elements[before.feeds.b].name);
        QCOMPARE(feedB->findText(QStringLiteral("UPS-A1")), -1); // a UPS does not feed racks
        const int a = feedB->findText(d.power.elements[before.feeds.a].name);
        QVERIFY(a > 0);
        Q_EMIT feedB->activated(a);
        QCOMPARE(d.racks[rack].feeds.b, before.feeds.a);
        w->workbench().undoStack()->undo();
        QCOMPARE(d.racks[rack].feeds.b, before.feeds.b);
    }

    /// The example has no chain: the view says so and draws nothing.
    void noChainNoDiagram() {
        auto w = openStudio(m_tmp.path());
        QVERIFY(w->powerView()->scene()->layout().isEmpty());
        QVERIFY(w->powerView()->summary().contains(QStringLiteral("no power chain")));
        QVERIFY(w->powerView()->scene()->items().size() <= 1);
    }

    /// At 16,384 GPUs every element still has its box, none overlapping, within about a
    /// screen's width (it scrolls down, not across).
    void largeDesignLaysOutInBands() {
        const DesignData& d = generated16k();
        const views::PowerDiagramLayout l = views::layoutPowerDiagram(d);
        QCOMPARE(l.nodes.size(), d.power.elements.size());
        QVERIFY2(l.size.width() < 1366 / 0.8, qPrintable(QString::number(l.size.width())));
        for (std::size_t i = 0; i < l.nodes.size(); ++i)
            for (std::size_t j = i + 1; j < l.nodes.size(); ++j)
                QVERIFY(!l.nodes[i].rect.intersects(l.nodes[j].rect));
    }

    /// A campus: each hall's chain from its own utility services, in bands of its own in hall
    /// order ("Hall 2 · Side A"), every utility in the first column, no two boxes overlapping.
    void campusChainsLayOutHallByHall() {
        GenerateParams p;
        p.gpus = 1024;
        p.halls = 3;
        const GenerateResult r = generateCluster(p, bundled().catalog());
        QVERIFY2(r.ok, qPrintable(r.error));
        const DesignData& d = r.design;
        const views::PowerDiagramLayout l = views::layoutPowerDiagram(d);
        QCOMPARE(l.nodes.size(), d.power.elements.size());
        QStringList titles, expected;
        for (const views::PowerBand& b : l.bands)
            titles << b.title;
        for (int h = 1; h <= 3; ++h)
            for (const char* side : {"A", "B"})
                expected << QStringLiteral("Hall %1 · Side %2")
                                .arg(QString::number(h), QLatin1String(side));
        QCOMPARE(titles, expected);
        int utilities = 0;
        for (const views::PowerNode& n : l.nodes) {
            const PowerElement& e = d.power.elements[n.id];
            // "H2-UPS-A1" in group "H2 A" stands in the band "Hall 2 · Side A".
            const QString hall = e.name.section(QLatin1Char('-'), 0, 0).mid(1);
            QCOMPARE(l.bands[std::size_t(n.band)].title,
                     QStringLiteral("Hall %1 · Side %2")
                         .arg(hall, e.group.section(QLatin1Char(' '), 1)));
            QVERIFY(l.bands[std::size_t(n.band)].rect.contains(n.rect));
            if (e.kind == PowerKind::Utility) {
                QCOMPARE(n.column, 0);
                ++utilities;
            }
        }
        QCOMPARE(utilities, 6);
        for (std::size_t i = 0; i < l.nodes.size(); ++i)
            for (std::size_t j = i + 1; j < l.nodes.size(); ++j)
                QVERIFY(!l.nodes[i].rect.intersects(l.nodes[j].rect));
    }

    /// The report's summary form: elements feeding racks from the same supplies become one
    /// box when there are more than three (N+1: every busway of a system draws from all its
    /// UPS modules), and the racks they feed are all still counted.
    void likeLeavesGroupIntoOneBox() {
        const DesignData d = generated(1024, PowerScheme::NPlusOne);
        const views::PowerDiagramLayout full = views::layoutPowerDiagram(d);
        const views::PowerDiagramLayout g = views::layoutPowerDiagram(d, 3);
        int leaves = 0, fullLeaves = 0;
        std::size_t racks = 0, fullRacks = 0;
        for (const views::PowerNode& n : g.nodes)
            if (!n.racks.empty()) {
                ++leaves;
                racks += n.racks.size();
                QVERIFY(n.members.size() > 3);
            }
        for (const views::PowerNode& n : full.nodes)
            if (!n.racks.empty()) {
                ++fullLeaves;
                fullRacks += n.racks.size();
            }
        QCOMPARE(leaves, int(g.bands.size())); // one box of busways per N+1 system
        QVERIFY(fullLeaves > 2 * leaves);
        std::size_t fed = 0;
        d.racks.forEach([&](RackId, const Rack& r) { fed += r.feeds.a.isValid() ? 1 : 0; });
        QCOMPARE(racks, fed); // each rack once: its A and B busways are in one box
        QVERIFY(fullRacks >= racks);
    }

    /// The dashboard's power chain chart: one row per kind present, its bars the highest
    /// normal and worst N-1 utilisation PowerFlow gives that kind.
    void chartMatchesPowerFlow() {
        auto w = open(generated(1024, PowerScheme::NPlusOne), QStringLiteral("chart.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        auto* dash = w->findChild<views::DashboardWidget*>();
        QVERIFY(dash);
        views::PowerChainChart* c = dash->powerChainChart();
        c->refresh();
        QVERIFY(c->title().startsWith(QStringLiteral("Power chain N+1")));
        const PowerAnalysis& a = w->workbench().analysis()->result().power;
        QVERIFY(!c->categories().isEmpty());
        for (int row = 0; row < c->categories().size(); ++row) {
            double normal = 0, worst = 0;
            int count = 0;
            for (const ElementFlow& f : a.elements)
                if (d.power.elements[f.id].kind == c->kindAt(row)) {
                    normal = std::max(normal, f.normalPct());
                    worst = std::max(worst, f.worstPct());
                    ++count;
                }
            QVERIFY(count > 0);
            QCOMPARE(c->utilisation(0, row), normal);
            QCOMPARE(c->utilisation(1, row), worst);
            QVERIFY(c->categories()[row].endsWith(QStringLiteral("(%1)").arg(count)));
        }
        const auto charts = dash->charts();
        QVERIFY(std::find(charts.begin(), charts.end(), c) != charts.end());
        // For review: the chart as it exports (build/<dir>/tests/views/power-review).
        const QString dir =
            QCoreApplication::applicationDirPath() + QStringLiteral("/power-review");
        QDir().mkpath(dir);
        QVERIFY(
            views::chartImage(*c, QSize(900, 320)).save(dir + QStringLiteral("/power-chain.png")));
    }

    /// The report gains the one-line diagram: a page for a small chain, a few for a large
    /// one (busways summed up per UPS), none without a chain.
    void reportHasDiagramPages() {
        auto count = [](const DesignData& d) {
            const report::ReportContent content(d);
            report::PageOptions o;
            o.tables = false; // the diagram's pages do not depend on them; no 16k N-1 sweep
            const auto pages = content.pages(o);
            return int(std::count_if(pages.begin(), pages.end(), [](const report::ReportPage& p) {
                return p.kind == report::ReportPage::Kind::PowerChain;
            }));
        };
        QCOMPARE(count(generated(1024, PowerScheme::TwoN)), 1);
        const int large = count(generated16k());
        QVERIFY2(large >= 2 && large <= 10, qPrintable(QString::number(large)));
        LoadResult r = DesignFile::load(examplePath());
        QVERIFY(r.ok);
        QCOMPARE(count(r.data), 0);
    }

    /// A report page draws only its slice of the diagram (paintRange), so a chain of many
    /// pages costs its length once: each slice, clipped as the page clips it, is pixel for
    /// pixel the whole diagram under the same clip.
    void diagramSliceDrawsAsTheWholeDiagram() {
        const DesignData& d = generated16k();
        const Analysis a = analyze(d);
        const views::PowerDiagramLayout l = views::layoutPowerDiagram(d);
        QVERIFY(!l.isEmpty() && l.size.height() > 1000);
        const views::PowerDiagramPainter painter(d, a.power, l);
        const double step = l.size.height() / 7;
        int drawn = 0;
        for (double from = 0; from < l.size.height(); from += step) {
            const double to = std::min(l.size.height(), from + step);
            auto slice = [&](double top, double bottom) {
                QImage img(int(std::ceil(l.size.width())), int(std::ceil(to - from)) + 1,
                           QImage::Format_ARGB32_Premultiplied);
                img.fill(Qt::white);
                QPainter p(&img);
                p.setRenderHint(QPainter::Antialiasing, true);
                p.translate(0, -from);
                p.setClipRect(QRectF(0, from, l.size.width(), to - from));
                painter.paintRange(p, top, bottom);
                return img;
            };
            const QImage part = slice(from, to);
            QVERIFY2(part == slice(-views::PowerDiagramPainter::kEverywhere,
                                   views::PowerDiagramPainter::kEverywhere),
                     qPrintable(QStringLiteral("slice %1-%2").arg(from).arg(to)));
            drawn += part != slice(0, 0); // the slice is not empty paper
        }
        QVERIFY(drawn >= 5);
    }

    /// 800 V DC: one floorplan item per power rack placed on the floor, to scale where the
    /// model puts it; clicking one selects its element (and the racks it feeds light up),
    /// selecting the element elsewhere selects it; the floorplan drawing names it.
    void powerRacksOnTheFloorplan() {
        const DesignData dc =
            generated(576, PowerScheme::TwoN, QStringLiteral("nvidia-gb300-nvl72"), true);
        auto w = open(dc, QStringLiteral("dc.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        views::FloorplanScene* fs = w->scene();
        int placed = 0;
        d.power.elements.forEach(
            [&](PowerElementId, const PowerElement& e) { placed += e.area ? 1 : 0; });
        QVERIFY(placed > 0);
        int items = 0;
        for (QGraphicsItem* it : fs->items())
            if (it->type() == views::PowerRackItem::Type) {
                ++items;
                const PowerElement& e =
                    d.power.elements[static_cast<views::PowerRackItem*>(it)->elementId()];
                QVERIFY(e.area);
                QCOMPARE(it->sceneBoundingRect(),
                         QRectF(e.area->x, e.area->y, e.area->w, e.area->h));
                QVERIFY(it->toolTip().contains(e.name));
                QVERIFY(it->flags().testFlag(QGraphicsItem::ItemIsSelectable));
            }
        QCOMPARE(items, placed);
        QCOMPARE(int(fs->powerRackItems().size()), placed);

        views::PowerRackItem* first = fs->powerRackItems().front();
        const PowerElementId id = first->elementId();
        fs->clearSelection();
        first->setSelected(true);
        QCOMPARE(w->workbench().selection()->objects(),
                 std::vector<ObjectRef>{ObjectRef::powerElement(id)});
        QVERIFY(first->isSelected());
        QCOMPARE(selectedRacks(*fs, d), PowerTopology(d).racksServedBy(id));
        QVERIFY(w->powerView()->scene()->nodeItem(id)->isSelected());
        w->workbench().selection()->clear();
        QVERIFY(!first->isSelected());
        w->workbench().selection()->set({ObjectRef::powerElement(id)});
        QVERIFY(first->isSelected());

        // An AC design has none.
        auto ac = open(generated(256, PowerScheme::TwoN), QStringLiteral("ac.cds.json"));
        QVERIFY(ac->scene()->powerRackItems().empty());

        // The floorplan drawing (SVG) draws and names them.
        render::DrawingOptions o;
        o.pixelsPerMetre = 200;
        const QString svg = m_tmp.filePath(QStringLiteral("dc-floorplan.svg"));
        QString error;
        QVERIFY2(render::writeDrawing(d, o, svg, false, &error), qPrintable(error));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY(text.contains(d.power.elements[id].name));
    }
};

QTEST_MAIN(TestPowerView)
#include "tst_power_view.moc"
