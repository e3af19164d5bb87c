// "What if this fails?" in the studio (#30): the failure's racks and devices lit on the
// floorplan and the elevation, the Failures panel's figures, the N-1 table (sort, click,
// stale after an edit), the failure following edits, the context menus and key, and that
// none of it is an edit (no undo step, the design not modified).
#include "DesignEditor.h"
#include "FailureAnalysis.h"
#include "ResilienceActions.h"
#include "StudioFixture.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/resilience/FailureModel.h"
#include "views/SelectionModel.h"
#include "views/elevation/ElevationView.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/resilience/ImpactPanel.h"

#include <QAbstractItemModel>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QUndoStack>

using namespace cds;
using State = views::FailureHighlight::State;

namespace {

QString suExample() {
    return QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json");
}

/// The first element of @p kind in the design, by the name `impact --fail` takes.
QString firstOf(studio::FailureAnalysis& fa, const QString& kind) {
    const auto all = fa.model().elementsOfKind(kind);
    return all.empty() ? QString() : studio::FailureAnalysis::idFor(fa.model(), all.front());
}

DeviceId deviceNamed(const DesignData& d, const QString& name) {
    DeviceId found;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.name == name)
            found = id;
    });
    return found;
}

/// The first rack with GPUs and two feeds.
RackId dualFedGpuRack(studio::FailureAnalysis& fa) {
    const auto& racks = fa.model().racks();
    for (std::uint32_t i = 0; i < racks.size(); ++i)
        if (racks[i].live && racks[i].gpus > 0 && racks[i].feeds == 2)
            return RackId(i);
    return {};
}

} // namespace

class TestFailureAnalysis : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<studio::MainWindow> m_w;

    studio::FailureAnalysis& failures() { return *m_w->workbench().failures(); }
    studio::ResilienceActions& actions() { return *m_w->resilience(); }
    void settle() {
        m_w->workbench().analysis()->runNow();
        QCoreApplication::processEvents();
    }

private Q_SLOTS:
    void initTestCase() {
        test::initStudioTests();
        QVERIFY(m_dir.isValid());
    }
    void init() {
        m_w = test::openStudio(m_dir.path(), suExample());
        m_w->resize(1366, 768);
        settle();
    }
    void cleanup() { m_w.reset(); }

    void leafLossDegradesItsRail() {
        const QString leaf = firstOf(failures(), QStringLiteral("leaf"));
        QVERIFY(!leaf.isEmpty());
        const int undoSteps = m_w->workbench().undoStack()->count();
        QCOMPARE(actions().failNames({leaf}), QString());
        const ImpactResult& r = failures().impact();
        QCOMPARE(r.gpusLost, 0);
        QVERIFY2(r.gpusDegraded > 0, "a leaf's servers run on without that rail");
        QCOMPARE(r.racksDown, 0);
        QVERIFY(r.bisectionAfterTbps < r.bisectionBeforeTbps);
        QVERIFY(!r.serversDegraded.empty());

        const DesignData& d = m_w->workbench().design()->data();
        const views::FailureHighlight& h = *failures().highlight();
        QVERIFY(h.active());
        QVERIFY2(h.title().startsWith(QStringLiteral("If %1 fails: 0 GPUs lost, ").arg(leaf)),
                 qPrintable(h.title()));
        const DeviceId leafId = deviceNamed(d, leaf);
        QCOMPARE(h.device(leafId), State::Failed);
        QCOMPARE(h.rack(d.devices[leafId].rack), State::Failed);
        const DeviceId server = r.serversDegraded.front();
        QCOMPARE(h.device(server), State::Degraded);
        const RackId serverRack = d.devices[server].rack;
        QVERIFY(h.rack(serverRack) == State::Degraded || h.rack(serverRack) == State::Failed);

        // The floorplan colours by the failure, the legend names it with its counts.
        const views::RackColoring& c = m_w->scene()->coloring();
        QVERIFY(c.showingFailure());
        QCOMPARE(c.title(), h.title());
        QCOMPARE(c.colourOf(d.devices[leafId].rack),
                 views::FailureHighlight::colour(State::Failed));
        const auto legend = c.legend();
        QVERIFY(std::any_of(legend.begin(), legend.end(), [](const auto& e) {
            return e.label.startsWith(QLatin1String("degraded ("));
        }));

        // The elevation paints the degraded server amber.
        // (A view of its own at a known size: the window's sits in a dock of the screen's size.)
        views::ElevationView ev(m_w->workbench().design(), m_w->workbench().selection());
        ev.setFailureHighlight(&h);
        ev.setRack(serverRack);
        ev.resize(360, 1400);
        const Device& sv = d.devices[server];
        const QRect slot = ev.slotRect(sv.uPosition, std::max(1, d.typeOf(sv).uHeight), sv.face);
        const QImage img = ev.grab().toImage();
        QVERIFY(img.rect().contains(slot));
        // Most of the slot (inside the 0U channels, around the text) is the degraded colour.
        const QRgb amber = views::FailureHighlight::colour(State::Degraded).rgb();
        int lit = 0;
        for (int y = slot.top(); y <= slot.bottom(); ++y)
            for (int x = slot.left(); x <= slot.right(); ++x)
                lit += img.pixel(x, y) == amber ? 1 : 0;
        QVERIFY2(lit * 3 > slot.width() * slot.height(),
                 qPrintable(QStringLiteral("%1 of %2 pixels amber")
                                .arg(lit)
                                .arg(slot.width() * slot.height())));

        // The panel's figures.
        const QString figures = actions().panel()->figuresText();
        QVERIFY2(figures.contains(QStringLiteral("GPUs degraded")), qPrintable(figures));
        QVERIFY(figures.contains(QStringLiteral("Servers degraded (")));
        QVERIFY(!actions().dock()->isHidden()); // shown (the window itself is not)

        // Analysis, not an edit.
        QCOMPARE(m_w->workbench().undoStack()->count(), undoSteps);
        QVERIFY(!m_w->workbench().document()->isModified());

        actions().clearAction()->trigger();
        QVERIFY(!h.active());
        QVERIFY(!c.showingFailure());
        QVERIFY(actions().panel()->figuresText().contains(QStringLiteral("No failure shown")));
    }

    void bothFeedsLoseTheRack() {
        const RackId rack = dualFedGpuRack(failures());
        QVERIFY(rack);
        const QString name = m_w->workbench().design()->data().racks[rack].name;
        const int gpus = failures().model().racks()[rack.value()].gpus;
        // One feed: its twin carries the rack.
        QCOMPARE(actions().failNames({name + QStringLiteral("/A")}), QString());
        QCOMPARE(failures().impact().gpusLost, 0);
        QCOMPARE(failures().highlight()->rack(rack), State::Failed);
        // Both: the rack is down with its GPUs.
        QCOMPARE(actions().failNames({name + QStringLiteral("/A"), name + QStringLiteral("/B")}),
                 QString());
        QCOMPARE(failures().impact().racksDown, 1);
        QVERIFY(failures().impact().gpusLost >= gpus);
        QCOMPARE(failures().highlight()->rack(rack), State::Failed);
        QCOMPARE(m_w->scene()->coloring().colourOf(rack),
                 views::FailureHighlight::colour(State::Failed));
        QCOMPARE(failures().highlight()->racksIn(State::Failed), 1);
    }

    void badNamesAreRefused() {
        const QString why = actions().failNames({QStringLiteral("no-such-thing")});
        QVERIFY2(why.contains(QStringLiteral("no-such-thing")), qPrintable(why));
        QVERIFY(!failures().active());
        QVERIFY(m_w->statusBar()->currentMessage().contains(QStringLiteral("no-such-thing")));
        // A rack has no feed C.
        const RackId rack = dualFedGpuRack(failures());
        const QString name = m_w->workbench().design()->data().racks[rack].name;
        QVERIFY(
            actions().failNames({name + QStringLiteral("/C")}).contains(QStringLiteral("feed")));
        // An empty field asks for a name rather than failing nothing.
        views::ImpactPanel* panel = actions().panel();
        panel->failField()->clear();
        QSignalSpy asked(panel, &views::ImpactPanel::failRequested);
        QMetaObject::invokeMethod(panel->failField(), "returnPressed");
        QCOMPARE(asked.count(), 0);
        QVERIFY(!failures().active());
        // Typed names go through the field like the CLI's list.
        panel->failField()->setText(name + QStringLiteral("/A , ") + name + QStringLiteral("/B"));
        Q_EMIT panel->failField()->returnPressed();
        QVERIFY(failures().active());
        QCOMPARE(failures().impact().racksDown, 1);
    }

    void followsEdits() {
        const QString leaf = firstOf(failures(), QStringLiteral("leaf"));
        QCOMPARE(actions().failNames({leaf}), QString());
        const int degraded = failures().impact().gpusDegraded;
        const DesignData& d = m_w->workbench().design()->data();
        const DeviceId leafId = deviceNamed(d, leaf);
        // Renamed: still the same leaf failing, under its new name.
        Device renamed = d.devices[leafId];
        renamed.name = QStringLiteral("leaf-renamed");
        QVERIFY(m_w->workbench().editor()->editDevice(leafId, renamed, QStringLiteral("Rename")));
        settle();
        QVERIFY(failures().active());
        QCOMPARE(failures().failedNames(), QStringList{QStringLiteral("leaf-renamed")});
        QCOMPARE(failures().impact().gpusDegraded, degraded);
        QVERIFY(actions().panel()->figuresText().contains(QStringLiteral("leaf-renamed")));
        // Deleted: the failure ends and the status bar says why.
        QVERIFY(m_w->workbench().editor()->deleteObjects({}, {leafId}, {}));
        settle();
        QVERIFY(!failures().active());
        QVERIFY(!failures().highlight()->active());
        QVERIFY2(m_w->statusBar()->currentMessage().contains(
                     QStringLiteral("Failure analysis ended: leaf-renamed")),
                 qPrintable(m_w->statusBar()->currentMessage()));
    }

    void n1TableSortsAndShows() {
        const auto leaves = failures().model().elementsOfKind(QStringLiteral("leaf"));
        QVERIFY(!leaves.empty());
        QVERIFY(failures().kinds().contains(QStringLiteral("leaf")));
        QVERIFY(actions().runSweep({QStringLiteral("leaf")}));
        views::ImpactPanel* panel = actions().panel();
        QTableView* table = panel->table();
        QAbstractItemModel* m = table->model();
        QCOMPARE(m->rowCount(), int(leaves.size()));
        QVERIFY(panel->sweepSummaryText().contains(QStringLiteral("leaf (%1)").arg(leaves.size())));
        // Worst first by rank; sorted by a column, by its value.
        table->sortByColumn(views::SweepTableModel::Bisection, Qt::AscendingOrder);
        for (int r = 1; r < m->rowCount(); ++r)
            QVERIFY(
                m->index(r - 1, views::SweepTableModel::Bisection).data(Qt::UserRole).toDouble() <=
                m->index(r, views::SweepTableModel::Bisection).data(Qt::UserRole).toDouble());
        table->sortByColumn(views::SweepTableModel::GpusDegraded, Qt::DescendingOrder);
        for (int r = 1; r < m->rowCount(); ++r)
            QVERIFY(
                m->index(r - 1, views::SweepTableModel::GpusDegraded).data(Qt::UserRole).toInt() >=
                m->index(r, views::SweepTableModel::GpusDegraded).data(Qt::UserRole).toInt());
        // A click on a row shows that element's failure.
        const QString last =
            m->index(m->rowCount() - 1, views::SweepTableModel::Element).data().toString();
        table->setCurrentIndex(m->index(m->rowCount() - 1, 0));
        QVERIFY(failures().active());
        QCOMPARE(failures().failedNames(), QStringList{last});
        // Nothing entered undo; an edit marks the table stale.
        QVERIFY(!m_w->workbench().document()->isModified());
        const DesignData& d = m_w->workbench().design()->data();
        const RackId rack = d.racks.ids().front();
        Rack r = d.racks[rack];
        r.name = QStringLiteral("renamed-rack");
        QVERIFY(m_w->workbench().editor()->editRacks({{rack, r}}, QStringLiteral("Rename")));
        settle();
        QVERIFY(panel->sweepSummaryText().contains(QStringLiteral("has changed")));
        // A kind the design does not have is refused, the table kept.
        QVERIFY(!actions().runSweep({QStringLiteral("core")}));
        QVERIFY(panel->sweepSummaryText().contains(QStringLiteral("core")));
        QCOMPARE(m->rowCount(), int(leaves.size()));
        // The kinds box offers the kinds the design has.
        QVERIFY(panel->kindBox()->findText(QStringLiteral("leaf")) >= 0);
        QCOMPARE(panel->kindBox()->findText(QStringLiteral("core")), -1);
    }

    void contextMenusAndKey() {
        QAction* fail = actions().failAction();
        QCOMPARE(fail->shortcut(), QKeySequence(Qt::Key_F));
        QVERIFY(m_w->canvas()->actions().contains(fail));
        QVERIFY(m_w->elevation()->actions().contains(fail));
        QVERIFY(m_w->canvas()->actions().contains(actions().clearAction()));
        // Nothing selected: the status bar says what to select.
        m_w->workbench().selection()->clear();
        fail->trigger();
        QVERIFY(!failures().active());
        QVERIFY(m_w->statusBar()->currentMessage().contains(QStringLiteral("Select")));
        // A rack selected: its failure.
        const RackId rack = dualFedGpuRack(failures());
        m_w->workbench().selection()->set({ObjectRef::rack(rack)});
        fail->trigger();
        QVERIFY(failures().active());
        QCOMPARE(failures().impact().racksDown, 1);
        QCOMPARE(failures().highlight()->rack(rack), State::Failed);
        // A cable alone is refused with the reason.
        const DesignData& d = m_w->workbench().design()->data();
        actions().clearAction()->trigger();
        m_w->workbench().selection()->set({ObjectRef::link(d.links.ids().front())});
        fail->trigger();
        QVERIFY(!failures().active());
        QVERIFY(m_w->statusBar()->currentMessage().contains(QStringLiteral("cable")));
        // The Analyse menu lists the entries.
        auto* menu = m_w->findChild<QMenu*>(QStringLiteral("analyseMenu"));
        QVERIFY(menu);
        QVERIFY(menu->actions().contains(fail));
    }

    // The toolbar's "Colour racks by" says when a failure colours the racks, and picking a
    // metric there ends the failure shown.
    void colourByFollowsTheFailure() {
        auto* colourBy = m_w->findChild<QComboBox*>(QStringLiteral("colourBy"));
        QVERIFY(colourBy);
        const int metrics = colourBy->count();
        Q_EMIT colourBy->activated(1); // a metric of the user's
        colourBy->setCurrentIndex(1);
        QVERIFY(actions().failNames({firstOf(failures(), QStringLiteral("leaf"))}).isEmpty());
        QCOMPARE(colourBy->count(), metrics + 1);
        QCOMPARE(colourBy->currentText(), QStringLiteral("What if it fails"));
        // Cleared: the metric it showed before.
        actions().clearAction()->trigger();
        QCOMPARE(colourBy->count(), metrics);
        QCOMPARE(colourBy->currentIndex(), 1);
        // Failed again, then a metric picked: the failure ends, the racks take that metric.
        QVERIFY(actions().failNames({firstOf(failures(), QStringLiteral("leaf"))}).isEmpty());
        colourBy->setCurrentIndex(0);
        Q_EMIT colourBy->activated(0);
        QVERIFY(!failures().active());
        QVERIFY(!m_w->scene()->coloring().showingFailure());
        QCOMPARE(colourBy->count(), metrics);
        QCOMPARE(colourBy->currentIndex(), 0);
    }
};

QTEST_MAIN(TestFailureAnalysis)
#include "tst_failure_analysis.moc"
