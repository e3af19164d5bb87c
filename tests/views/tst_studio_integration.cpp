// The studio's docks and modes that join other areas: the dashboard, scenarios through the
// undo stack, presentation mode.
#include "StudioFixture.h"

#include "DesignEditor.h"
#include "ViewActions.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/cabling/CableRouting.h"
#include "views/SelectionModel.h"
#include "views/dashboard/DashboardWidget.h"
#include "views/dashboard/ScenarioPanel.h"
#include "views/report/PresentationView.h"

#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QUndoStack>

using namespace cds;

class TestStudioIntegration : public QObject {
    Q_OBJECT
    QTemporaryDir m_recovery;
private Q_SLOTS:
    void initTestCase() { test::initStudioTests(); }
    void dashboardIsDockedAndSelectsRacks() {
        auto w = test::openStudio(m_recovery.path());
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("DashboardDock"));
        QVERIFY(dock);
        auto* dash = w->findChild<views::DashboardWidget*>();
        QVERIFY(dash);
        const RackId r01 = test::rackNamed(w->workbench().design()->data(), QStringLiteral("R01"));
        Q_EMIT dash->rackActivated(r01); // a click on R01's power bar
        QCOMPARE(w->workbench().selection()->racks(), std::vector<RackId>{r01});
    }
    void keepingAScenarioIsOneUndoStep() {
        auto w = test::openStudio(m_recovery.path());
        auto* panel = w->findChild<views::ScenarioPanel*>();
        QVERIFY(panel);
        const QByteArray before = test::bytesOf(*w);
        const int steps = w->workbench().undoStack()->count();
        panel->findChild<QLineEdit*>()->setText(QStringLiteral("air + rear door"));
        QPushButton* keep = nullptr;
        for (QPushButton* b : panel->findChildren<QPushButton*>())
            if (b->text() == QLatin1String("Keep as scenario"))
                keep = b;
        QVERIFY(keep);
        keep->click();
        QCOMPARE(w->workbench().undoStack()->count(), steps + 1);
        QCOMPARE(w->workbench().design()->data().scenarios.size(), std::size_t(1));
        QCOMPARE(w->workbench().design()->data().scenarios.front().name,
                 QStringLiteral("air + rear door"));
        w->workbench().undoStack()->undo();
        QCOMPARE(test::bytesOf(*w), before);
    }
    void studioCablesMatchTheCli() {
        // Regression: the studio re-derived cables with a simpler media choice than
        // routeCables (no cages, twin ports or B-end optics), so its BOM and cost differed
        // from the CLI's for the same file.
        auto w = test::openWorkbench(
            m_recovery.path(),
            QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json"));
        auto sameAsCli = [&] {
            DesignData expected = w->design()->data();
            routeCables(expected);
            const DesignData& got = w->design()->data();
            int compared = 0;
            got.links.forEach([&](LinkId id, const Link& l) {
                const Link& e = expected.links[id];
                QCOMPARE(l.medium, e.medium);
                QCOMPARE(l.mediumB, e.mediumB);
                QCOMPARE(l.lengthM, e.lengthM);
                ++compared;
            });
            QVERIFY(compared > 500);
        };
        w->analysis()->runNow();
        sameAsCli();
        const RackId r = test::rackNamed(w->design()->data(), QStringLiteral("su01-c01"));
        QVERIFY(r);
        Rack moved = w->design()->data().racks[r];
        QVERIFY(w->editor()->moveRacks({{r, {6900, 1800}, moved.rotationDeg}}));
        w->analysis()->runNow();
        sameAsCli();
    }
    void presentationModeOpensAndCloses() {
        auto w = test::openStudio(m_recovery.path());
        w->viewActions()->startPresentation();
        auto* view = w->findChild<report::PresentationView*>();
        QVERIFY(view);
        QVERIFY(view->isWindow());
        QTest::keyClick(view, Qt::Key_Right);
        QTest::keyClick(view, Qt::Key_Escape);
        QTRY_VERIFY(!w->findChild<report::PresentationView*>()); // closed and deleted
    }
};

QTEST_MAIN(TestStudioIntegration)
#include "tst_studio_integration.moc"
