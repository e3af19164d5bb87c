// The floorplan drawn along the trays: orthogonal routes (CableRouteMap), re-routing on a
// rack move equal to a full build, the no-pathway warning, the rack label rule, the SVG
// contract (`<path class="cable NETWORK">` of horizontal and vertical steps and quarter arcs,
// `<path class="pathway">`, the title block), layer toggles, the rack tooltip, and
// screenshots of the example and a generated 16,384-GPU design at 1920x1080 and 1366x768
// written to build/<dir>/screenshots for review.

#include "StudioFixture.h"
#include "SvgExport.h"
#include "model/json/CatalogFile.h"

#include "model/cabling/CableRouteMap.h"
#include "model/cabling/CableRouting.h"
#include "model/generator/Generator.h"
#include "views/floorplan/CableBundleItem.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/render/CableStyle.h"
#include "views/render/DrawingExport.h"
#include "views/render/RackLabel.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <cmath>

using namespace cds;

namespace {

DesignData generated(int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    GenerateResult r = generateCluster(p, CatalogLibrary::loadDefault().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

bool orthogonal(const std::vector<PointMm>& pts) {
    for (std::size_t i = 1; i < pts.size(); ++i)
        if (std::abs(pts[i].x - pts[i - 1].x) > 1e-6 && std::abs(pts[i].y - pts[i - 1].y) > 1e-6)
            return false;
    return true;
}

/// Checks SVG path data of M, L and A commands: every L is horizontal or vertical, every A is
/// a quarter arc (equal x and y travel of its radius). Returns an error, empty when it holds.
QString checkPathData(const QString& d) {
    static const QRegularExpression token(QStringLiteral("([MLA])([^MLA]*)"));
    double x = 0, y = 0;
    bool started = false;
    for (auto it = token.globalMatch(d); it.hasNext();) {
        const auto m = it.next();
        const QChar cmd = m.captured(1).at(0);
        const QStringList n =
            m.captured(2).split(QRegularExpression(QStringLiteral("[ ,]+")), Qt::SkipEmptyParts);
        if (cmd == u'M' && n.size() == 2) {
            x = n[0].toDouble(), y = n[1].toDouble(), started = true;
        } else if (cmd == u'L' && n.size() == 2 && started) {
            const double nx = n[0].toDouble(), ny = n[1].toDouble();
            if (std::abs(nx - x) > 0.011 && std::abs(ny - y) > 0.011)
                return QStringLiteral("diagonal step %1,%2 -> %3,%4").arg(x).arg(y).arg(nx).arg(ny);
            x = nx, y = ny;
        } else if (cmd == u'A' && n.size() == 7 && started) {
            const double r = n[0].toDouble(), nx = n[5].toDouble(), ny = n[6].toDouble();
            if (std::abs(std::abs(nx - x) - r) > 0.02 || std::abs(std::abs(ny - y) - r) > 0.02)
                return QStringLiteral("arc %1,%2 -> %3,%4 is no quarter arc of %5")
                    .arg(x)
                    .arg(y)
                    .arg(nx)
                    .arg(ny)
                    .arg(r);
            x = nx, y = ny;
        } else {
            return QStringLiteral("unexpected command %1 %2").arg(cmd).arg(m.captured(2));
        }
    }
    return started ? QString() : QStringLiteral("empty path");
}

struct SvgSummary {
    int cables = 0, pathways = 0, noPathway = 0;
    QStringList errors;
    QStringList texts;
    QSet<QString> networks;
};

SvgSummary readSvg(const QByteArray& svg) {
    SvgSummary s;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == u"text") {
            s.texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).simplified();
            continue;
        }
        if (xml.name() != u"path")
            continue;
        const QStringList cls = xml.attributes()
                                    .value(QStringLiteral("class"))
                                    .toString()
                                    .split(u' ', Qt::SkipEmptyParts);
        const QString d = xml.attributes().value(QStringLiteral("d")).toString();
        if (cls.value(0) == u"pathway") {
            ++s.pathways;
        } else if (cls.value(0) == u"cable") {
            ++s.cables;
            s.networks.insert(cls.value(1));
            if (cls.contains(QStringLiteral("no-pathway")))
                ++s.noPathway;
            if (const QString e = checkPathData(d); !e.isEmpty())
                s.errors << cls.join(u' ') + QStringLiteral(": ") + e;
        }
    }
    if (xml.hasError())
        s.errors << QStringLiteral("XML: ") + xml.errorString();
    return s;
}

QString screenshotDir() {
    const QString dir = QStringLiteral(CDS_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    return dir;
}

} // namespace

class TestFloorplanDrawing : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase() {
        test::initStudioTests();
        QLocale::setDefault(QLocale::c());
    }

    /// Over the trays and along the floor, every route is made of horizontal and vertical
    /// steps, and starts and ends at its racks.
    void routesAreOrthogonal() {
        DesignData d = generated(256);
        QVERIFY(!d.pathways.empty());
        CableRouteMap routes;
        routes.build(d);
        QVERIFY(routes.hasPathways());
        QVERIFY(routes.bundles().size() > 10);
        std::size_t cables = 0;
        for (const BundleRoute& b : routes.bundles()) {
            cables += b.links.size();
            QCOMPARE(int(b.links.size()), b.cables);
            QVERIFY(!b.noPathway);
            QVERIFY(orthogonal(b.points));
            QVERIFY(!b.pieces.empty());
            QCOMPARE(b.points.front(), d.racks[b.a].centre);
            QCOMPARE(b.points.back(), d.racks[b.b].centre);
        }
        std::size_t rackToRack = 0;
        d.links.forEach([&](LinkId, const Link& l) {
            rackToRack += d.devices[l.a.device].rack != d.devices[l.b.device].rack;
        });
        QCOMPARE(cables, rackToRack); // every cable between racks is in exactly one bundle
        d.pathways = {};              // no trays: the floor route, still orthogonal
        routes.build(d);
        QVERIFY(!routes.hasPathways());
        for (const BundleRoute& b : routes.bundles()) {
            QVERIFY(orthogonal(b.points));
            QVERIFY(!b.noPathway);
        }
        QCOMPARE(orthogonalize({{0, 0}, {10, 5}}),
                 (std::vector<PointMm>{{0, 0}, {10, 0}, {10, 5}}));
    }

    /// Moving a rack re-routes only its bundles; the result equals a full build.
    void rackMoveEqualsFullBuild() {
        DesignData d = generated(256);
        CableRouteMap live;
        live.build(d);
        const RackId rack = d.racks.ids().front();
        d.racks[rack].centre.x += 1200;
        live.rackMoved(d, rack);
        CableRouteMap full;
        full.build(d);
        QCOMPARE(live.bundles().size(), full.bundles().size());
        for (std::size_t i = 0; i < full.bundles().size(); ++i)
            QCOMPARE(live.bundles()[i].points, full.bundles()[i].points);
        for (std::size_t i = 0; i < full.pieces().size(); ++i) {
            QCOMPARE(live.pieces()[i].cables, full.pieces()[i].cables);
            QVERIFY(std::abs(live.pieces()[i].fillPct - full.pieces()[i].fillPct) < 1e-6);
        }
    }

    /// Without the trunks the rows are not joined: those bundles are no-pathway warnings,
    /// drawn dashed in the SVG with the extra class.
    void noPathwayIsAWarning() {
        DesignData d = generated(256);
        for (PathwayId id : d.pathways.ids())
            if (d.pathways[id].kind == PathwayKind::FibreRunner)
                (void)d.pathways.take(id);
        CableRouteMap routes;
        routes.build(d);
        int warnings = 0;
        for (const BundleRoute& b : routes.bundles()) {
            warnings += b.noPathway;
            QVERIFY(orthogonal(b.points));
        }
        QVERIFY(warnings > 0);
        const SvgSummary s = readSvg(test::exportSvg(d));
        QCOMPARE(s.noPathway, warnings);
        QVERIFY2(s.errors.isEmpty(), qPrintable(s.errors.join(u'\n')));
    }

    /// The SVG contract: one `<path class="cable NETWORK">` per bundle of axis-parallel steps
    /// and quarter arcs, one `<path class="pathway">` per tray piece, and a title block with
    /// the design's meta.
    void svgContract() {
        DesignData d = generated(256);
        d.meta.customer = QStringLiteral("ACME Compute");
        d.meta.project = QStringLiteral("Hall 3 build-out");
        d.meta.revision = QStringLiteral("C");
        d.meta.date = QStringLiteral("2026-11-30");
        CableRouteMap routes;
        routes.build(d);
        const SvgSummary s = readSvg(test::exportSvg(d));
        QVERIFY2(s.errors.isEmpty(), qPrintable(s.errors.join(u'\n')));
        QCOMPARE(s.cables, int(routes.bundles().size()));
        QCOMPARE(s.pathways, int(routes.pieces().size()));
        QVERIFY(s.networks.contains(QStringLiteral("compute")));
        QVERIFY(s.networks.contains(QStringLiteral("storage")));
        for (const QString& n : s.networks)
            QVERIFY2(fabricKindFromKey(n).has_value(), qPrintable(n));
        const QString all = s.texts.join(u'\n');
        for (const char* want : {"Customer: ACME Compute", "Project: Hall 3 build-out",
                                 "Rev. C · 2026-11-30", "N", "Tray fill", "Compute"})
            QVERIFY2(all.contains(QString::fromUtf8(want)), want);
        // Every rack's name (or its stated abbreviation) is on the drawing.
        d.racks.forEach([&](RackId, const Rack& r) {
            QVERIFY2(s.texts.contains(r.name) ||
                         s.texts.contains(render::RackLabel::abbreviation(r.name)),
                     qPrintable(r.name));
        });
    }

    /// The PNG draws the routes too: the compute colour is on it, and gone with no links.
    void pngDrawsTheCables() {
        DesignData d = generated(256);
        auto computePixels = [](const DesignData& design) {
            QTemporaryDir dir;
            const QString path = dir.filePath(QStringLiteral("plan.png"));
            QString error;
            if (!render::writeDrawing(design, render::DrawingOptions{}, path, true, &error))
                qFatal("png: %s", qPrintable(error));
            const QImage img(path);
            const QRgb c = render::CableStyle::layerColour(0).rgb();
            int n = 0;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x)
                    n += img.pixel(x, y) == c;
            return n;
        };
        const int with = computePixels(d);
        QVERIFY2(with > 200, qPrintable(QString::number(with)));
        d.links = {};
        QVERIFY(computePixels(d) < with / 10); // the legend's swatch is all that is left
    }

    /// The rule: fit, else turn, else the part after the last '-', else nothing; never wider
    /// than the box.
    void rackLabelNeverClips() {
        QFont font;
        font.setBold(true);
        const QString name = QStringLiteral("su01-c01");
        const render::RackLabel wide = render::RackLabel::fit(name, {200, 40}, font, 14, 6);
        QCOMPARE(wide.text, name);
        QVERIFY(!wide.rotated);
        const render::RackLabel tall = render::RackLabel::fit(name, {14, 120}, font, 14, 6);
        QCOMPARE(tall.text, name);
        QVERIFY(tall.rotated);
        const render::RackLabel small = render::RackLabel::fit(name, {26, 16}, font, 14, 6);
        QCOMPARE(small.text, QStringLiteral("c01"));
        QVERIFY(small.abbreviated);
        QCOMPARE(render::RackLabel::fit(name, {4, 4}, font, 14, 6).text, QString());
        for (const auto& l : {wide, small}) {
            QFont f = font;
            f.setPixelSize(int(l.px));
            QVERIFY(QFontMetricsF(f).horizontalAdvance(l.text) <= (l.text == name ? 200 : 26));
        }
    }

    /// The tooltip names the rack, its type, kW against its envelope, U used and weight.
    void rackTooltip() {
        auto w = test::openStudio(m_tmp.filePath(QStringLiteral("rec-tip")));
        const RackId r = w->workbench().design()->data().racks.ids().front();
        const QString tip = w->scene()->rackToolTip(r);
        QVERIFY(tip.contains(w->workbench().design()->data().racks[r].name));
        QVERIFY(tip.contains(QStringLiteral(" kW IT of ")));
        QVERIFY(tip.contains(QStringLiteral(" U used of ")));
        QVERIFY(tip.contains(QStringLiteral(" kg")));
    }

    /// Hiding the compute layer removes its colour from the canvas; showing it brings it back.
    void layersToggle() {
        auto w = test::openStudio(
            m_tmp.filePath(QStringLiteral("rec-layers")),
            QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json"));
        views::CableBundleItem* cables = w->scene()->cables();
        const Hall& hall = w->workbench().design()->data().hall;
        auto computePixels = [&] {
            QImage img(QSize(int(hall.widthMm * 0.1), int(hall.depthMm * 0.1)),
                       QImage::Format_ARGB32_Premultiplied);
            img.fill(Qt::white);
            QPainter p(&img);
            w->scene()->render(&p, QRectF(img.rect()), QRectF(0, 0, hall.widthMm, hall.depthMm));
            p.end();
            const QRgb c = render::CableStyle::layerColour(0).rgb();
            int n = 0;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x)
                    n += img.pixel(x, y) == c;
            return n;
        };
        QVERIFY(computePixels() > 50);
        // View > Floorplan layers > Compute cables.
        auto* action = w->findChild<QAction*>(QStringLiteral("layer-compute"));
        QVERIFY(action);
        QVERIFY(action->isChecked());
        action->setChecked(false);
        QVERIFY(!cables->layerVisible(0));
        QCOMPARE(computePixels(), 0);
        action->setChecked(true);
        QVERIFY(computePixels() > 50);
        auto* trays = w->findChild<QAction*>(QStringLiteral("layer-trays"));
        QVERIFY(trays);
        trays->setChecked(false);
        QVERIFY(!cables->traysVisible());
    }

    /// The studio's window on the example and on a generated 16,384-GPU design at two screen
    /// sizes (fitted, and zoomed to where racks read), and the exported floorplan PNGs.
    void screenshots_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("example") << QStringLiteral("example");
        QTest::newRow("16384") << QStringLiteral("16384");
    }
    void screenshots() {
        QFETCH(QString, name);
        QString file = test::examplePath();
        if (name != u"example") {
            file = m_tmp.filePath(QStringLiteral("hall-16384.cds.json"));
            QString error;
            QVERIFY2(DesignFile::save(generated(16384), file, &error), qPrintable(error));
        }
        auto w = test::openStudio(m_tmp.filePath(QStringLiteral("rec-shot-") + name), file);
        for (const QSize size : {QSize(1920, 1080), QSize(1366, 768)}) {
            w->resize(size);
            w->show();
            QVERIFY(QTest::qWaitForWindowExposed(w.get()));
            w->canvas()->fitHall();
            QCoreApplication::processEvents();
            const QString tag = QStringLiteral("%1/floorplan-%2-%3x%4")
                                    .arg(screenshotDir(), name)
                                    .arg(size.width())
                                    .arg(size.height());
            QVERIFY(w->grab().save(tag + QStringLiteral(".png")));
            // Zoomed in to where a rack is ~60 px wide: names, kW, trays and counts read.
            w->canvas()->resetTransform();
            w->canvas()->scale(0.1, 0.1);
            const DesignData& d = w->workbench().design()->data();
            const Rack& first = d.racks[d.racks.ids().front()];
            w->canvas()->centerOn(first.centre.x + 3000, first.centre.y + 1500);
            QCoreApplication::processEvents();
            QVERIFY(w->grab().save(tag + QStringLiteral("-zoomed.png")));
        }
        QString error;
        QVERIFY(render::writeDrawing(w->workbench().design()->data(), render::DrawingOptions{},
                                     screenshotDir() + QStringLiteral("/export-") + name +
                                         QStringLiteral(".png"),
                                     true, &error));
    }
};

QTEST_MAIN(TestFloorplanDrawing)
#include "tst_floorplan_drawing.moc"
