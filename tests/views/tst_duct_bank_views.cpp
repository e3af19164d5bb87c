// Duct banks in the views (issue #31): the Properties tray form offers the kind and commits it,
// the site plan lists and draws a campus's duct banks with their length, and the floorplan SVG
// marks a duct bank's pieces dashed while keeping the `<path class="pathway">` contract.

#include "../model/DuctBankDesigns.h"
#include "StudioFixture.h"
#include "SvgExport.h"

#include "model/analysis/Analysis.h"
#include "model/generator/Generator.h"
#include "model/json/CatalogFile.h"
#include "views/panels/PathwayForm.h"
#include "views/render/DrawingExport.h"
#include "views/site/SitePlan.h"

#include <QComboBox>
#include <QFile>
#include <QFormLayout>
#include <QTemporaryDir>
#include <QWidget>
#include <QXmlStreamReader>

#include <cmath>

using namespace cds;
using cds::test::initStudioTests;

class TestDuctBankViews : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    /// The kind combo offers the three kinds, shows a duct bank's, and choosing "Duct bank"
    /// for a ladder commits the tray with that kind.
    void trayFormOffersDuctBank() {
        const DesignData d = test::twoHallsWithDuctBank();
        for (const PathwayId id : {PathwayId(0), PathwayId(1)}) {
            QWidget body;
            auto* form = new QFormLayout(&body);
            std::vector<std::pair<Pathway, QString>> commits;
            views::addPathwayForm(form, &body, d, id, [&](const Pathway& p, const QString& what) {
                commits.emplace_back(p, what);
            });
            auto* kind = body.findChild<QComboBox*>(QStringLiteral("trayKind"));
            QVERIFY(kind);
            QCOMPARE(kind->count(), kPathwayKindCount);
            const int duct = kind->findData(int(PathwayKind::DuctBank));
            QVERIFY(duct >= 0);
            QVERIFY2(kind->itemText(duct).startsWith(QLatin1String("Duct bank")),
                     qPrintable(kind->itemText(duct)));
            QCOMPARE(kind->currentData().toInt(), int(d.pathways[id].kind));
            if (d.pathways[id].kind == PathwayKind::DuctBank)
                continue;
            Q_EMIT kind->activated(duct);
            QCOMPARE(commits.size(), std::size_t(1));
            QCOMPARE(commits[0].first.kind, PathwayKind::DuctBank);
            QCOMPARE(commits[0].first.name, d.pathways[id].name);
        }
    }

    /// The site plan lists the duct bank with its length, draws it to scale between the halls
    /// and sums the duct banks in its summary.
    void sitePlanDrawsDuctBanks() {
        const DesignData d = test::twoHallsWithDuctBank();
        const views::SitePlan plan = views::SitePlan::of(d, analyze(d).metrics);
        QCOMPARE(plan.ducts.size(), std::size_t(1));
        QCOMPARE(plan.ducts[0].name, QStringLiteral("Duct bank H1-H3"));
        QCOMPARE(plan.ducts[0].lengthM, 26.0);
        QVERIFY2(plan.summary().contains(QString::fromUtf8(" · 1 duct bank, 26 m.")),
                 qPrintable(plan.summary()));
        const views::SitePlanGeometry g =
            views::SitePlanGeometry::fit(plan, QRectF(0, 0, 640, 200));
        QCOMPARE(g.ducts.size(), std::size_t(1));
        const QLineF line = g.ducts[0];
        QVERIFY(line.x1() < g.halls[0].right() && g.halls[1].left() < line.x2());
        QVERIFY(std::abs(line.length() - 26000 * g.pxPerMm) < 0.5);
        // A design of one hall has no duct banks on its plan.
        DesignData one = d;
        one.halls.clear();
        QVERIFY(views::SitePlan::of(one, analyze(one).metrics).ducts.empty());
    }

    /// A generated campus's duct bank is drawn dashed: its pieces carry the class
    /// "pathway duct-bank" and a dash array, every other tray piece stays "pathway" alone.
    void svgMarksDuctBanksDashed() {
        GenerateParams p;
        p.gpus = 1024;
        p.halls = 2;
        GenerateResult r = generateCluster(p, CatalogLibrary::loadDefault().catalog());
        QVERIFY2(r.ok, qPrintable(r.error));
        QXmlStreamReader xml(test::exportSvg(r.design));
        int ducts = 0, trays = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement || xml.name() != u"path")
                continue;
            const QString cls = xml.attributes().value(QStringLiteral("class")).toString();
            const bool dashed = xml.attributes().hasAttribute(QStringLiteral("stroke-dasharray"));
            if (cls == u"pathway duct-bank") {
                ++ducts;
                QVERIFY(dashed);
            } else if (cls == u"pathway") {
                ++trays;
                QVERIFY(!dashed);
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(ducts > 0);
        QVERIFY(trays > ducts);
    }
};

QTEST_MAIN(TestDuctBankViews)
#include "tst_duct_bank_views.moc"
