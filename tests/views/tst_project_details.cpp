// Project details: the dialog's fields, one undoable DocumentEdit, the window title, and the
// details through save and load.
#include "StudioFixture.h"

#include "AddressingDialog.h"
#include "DesignEditor.h"
#include "PhasesDialog.h"
#include "ProjectDialog.h"
#include "QuoteDialog.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QUndoStack>

using namespace cds;
using namespace cds::test;

class TestProjectDetails : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        initStudioTests();
        QVERIFY(m_tmp.isValid());
    }

    void dialogReturnsTheEditedFields() {
        DesignMeta m;
        m.title = QStringLiteral("Pod");
        m.author = QStringLiteral("A. Author");
        studio::ProjectDialog dlg(m);
        dlg.findChild<QLineEdit*>(QStringLiteral("customer"))->setText(QStringLiteral(" ACME "));
        dlg.findChild<QLineEdit*>(QStringLiteral("revision"))->setText(QStringLiteral("B"));
        dlg.findChild<QLineEdit*>(QStringLiteral("date"))->setText(QStringLiteral("2026-12-01"));
        dlg.findChild<QPlainTextEdit*>(QStringLiteral("notes"))
            ->setPlainText(QStringLiteral("two lines\nof notes"));
        const DesignMeta out = dlg.meta();
        QCOMPARE(out.title, QStringLiteral("Pod"));
        QCOMPARE(out.customer, QStringLiteral("ACME"));
        QCOMPARE(out.author, QStringLiteral("A. Author"));
        QCOMPARE(out.revision, QStringLiteral("B"));
        QCOMPARE(out.date, QStringLiteral("2026-12-01"));
        QCOMPARE(out.notes, QStringLiteral("two lines\nof notes"));
    }

    void oneUndoableEditShownInTheTitle() {
        auto w = openStudio(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        const int steps = w->workbench().undoStack()->count();
        DesignMeta m = w->workbench().design()->data().meta;
        m.customer = QStringLiteral("Example Labs");
        m.project = QStringLiteral("Pod 7");
        m.revision = QStringLiteral("C");
        QVERIFY(w->workbench().editor()->setProjectDetails(m));
        QCOMPARE(w->workbench().undoStack()->count(), steps + 1);
        QVERIFY(w->windowTitle().contains(QStringLiteral("Example Labs · Pod 7 · rev C")));
        QVERIFY(!w->workbench().editor()->setProjectDetails(m)); // unchanged: nothing pushed
        QCOMPARE(w->workbench().undoStack()->count(), steps + 1);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        QVERIFY(!w->windowTitle().contains(QStringLiteral("Example Labs")));
        w->workbench().undoStack()->redo();
        QCOMPARE(w->workbench().design()->data().meta, m);
        // Saved and read back.
        const QString path = m_tmp.filePath(QStringLiteral("project.cds.json"));
        QVERIFY(w->workbench().document()->saveTo(path));
        auto again = openStudio(m_tmp.filePath(QStringLiteral("r2")), path);
        QCOMPARE(again->workbench().design()->data().meta, m);
        QVERIFY(again->windowTitle().contains(QStringLiteral("rev C")));
    }

    /// Issue 35: the quote's margin and discount are set in the studio, as one undoable
    /// edit, saved in the design; out of range is refused.
    void quoteTermsInTheStudio() {
        studio::QuoteDialog dlg(0, 0);
        dlg.findChild<QDoubleSpinBox*>(QStringLiteral("margin"))->setValue(12.5);
        dlg.findChild<QDoubleSpinBox*>(QStringLiteral("discount"))->setValue(150); // clamped
        QCOMPARE(dlg.marginPercent(), 12.5);
        QCOMPARE(dlg.discountPercent(), 100.0);
        auto w = openStudio(m_tmp.filePath(QStringLiteral("quote")));
        const QByteArray before = bytesOf(*w);
        QVERIFY(w->workbench().editor()->setQuoteTerms(12.5, 5));
        QCOMPARE(w->workbench().undoStack()->undoText(),
                 QStringLiteral("Quote terms: margin 12.5 %, discount 5 %"));
        QVERIFY(!w->workbench().editor()->setQuoteTerms(-1, 5));
        QVERIFY(!w->workbench().editor()->setQuoteTerms(10, 101));
        const QString path = m_tmp.filePath(QStringLiteral("quote.cds.json"));
        QVERIFY(w->workbench().document()->saveTo(path));
        auto again = openStudio(m_tmp.filePath(QStringLiteral("quote2")), path);
        QCOMPARE(again->workbench().design()->data().settings.quoteMarginPercent, 12.5);
        QCOMPARE(again->workbench().design()->data().settings.quoteDiscountPercent, 5.0);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
    }

    /// File > Address pools…: a typo or an overlap is named as it is typed and stops OK; a
    /// pool too small for the design keeps the dialog open naming the size that would do; the
    /// result is one undoable edit saved under settings.addressing.
    void addressingDialogChecksAndUndoes() {
        auto w = openStudio(m_tmp.filePath(QStringLiteral("pools")));
        const DesignData& d = w->workbench().design()->data();
        QVERIFY(!d.racks.empty());
        studio::AddressingDialog dlg(d);
        QVERIFY(dlg.problem().isEmpty());
        auto* mgmt = dlg.findChild<QLineEdit*>(QStringLiteral("management"));
        QVERIFY(mgmt);
        mgmt->setText(QStringLiteral("10.32.0.1/13"));
        QVERIFY2(dlg.problem().contains(QLatin1String("10.32.0.0/13")), qPrintable(dlg.problem()));
        mgmt->setText(QStringLiteral("10.0.0.0/16")); // inside the fabric link pool
        QVERIFY2(dlg.problem().contains(QLatin1String("overlap")), qPrintable(dlg.problem()));
        mgmt->setText(QStringLiteral("10.32.0.0/30")); // valid, but holds no rack subnet
        QVERIFY(dlg.problem().isEmpty());
        dlg.accept();
        QCOMPARE(dlg.result(), int(QDialog::Rejected)); // still open
        QVERIFY2(dlg.problem().contains(QLatin1String("or larger")), qPrintable(dlg.problem()));
        mgmt->setText(QStringLiteral("172.16.0.0/16"));
        dlg.findChild<QComboBox*>(QStringLiteral("asnScheme"))->setCurrentIndex(1);
        dlg.accept();
        QCOMPARE(dlg.result(), int(QDialog::Accepted));
        const AddressPools pools = dlg.pools();
        QCOMPARE(pools.pool(AddressPool::Management).toString(), QStringLiteral("172.16.0.0/16"));
        QCOMPARE(pools.asnScheme, AsnScheme::PerSwitch);

        const QByteArray before = bytesOf(*w);
        QVERIFY(w->workbench().editor()->setAddressing(pools));
        QCOMPARE(w->workbench().undoStack()->undoText(), QStringLiteral("Address pools"));
        const QString path = m_tmp.filePath(QStringLiteral("pools.cds.json"));
        QVERIFY(w->workbench().document()->saveTo(path));
        auto again = openStudio(m_tmp.filePath(QStringLiteral("pools2")), path);
        QCOMPARE(again->workbench().design()->data().settings.addressing, pools);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
    }

    /// Edit > Build phases…: rows added dated after the last, a duplicate name or a bad date
    /// named as typed and refused at OK; the result one undoable edit.
    void phasesDialogChecksAndUndoes() {
        studio::PhasesDialog dlg({{QStringLiteral("Phase 1"), QStringLiteral("2027-03-01")}},
                                 LabourHours{});
        QVERIFY(dlg.problem().isEmpty());
        dlg.addPhase();
        std::vector<BuildPhase> p = dlg.phases();
        QCOMPARE(int(p.size()), 2);
        QCOMPARE(p[1].name, QStringLiteral("Phase 2"));
        QCOMPARE(p[1].date, QStringLiteral("2027-04-26"));
        auto* table = dlg.findChild<QTableWidget*>(QStringLiteral("phases"));
        table->item(1, 0)->setText(QStringLiteral("Phase 1"));
        QVERIFY(dlg.problem().contains(QLatin1String("Two phases are named")));
        dlg.accept();
        QCOMPARE(dlg.result(), int(QDialog::Rejected));
        table->item(1, 0)->setText(QStringLiteral("Expansion"));
        table->item(1, 1)->setText(QStringLiteral("26/04/2027"));
        QVERIFY(dlg.problem().contains(QLatin1String("not a date YYYY-MM-DD")));
        table->item(1, 1)->setText(QString());
        QVERIFY(dlg.problem().isEmpty());
        dlg.accept();
        QCOMPARE(dlg.result(), int(QDialog::Accepted));

        auto w = openStudio(m_tmp.filePath(QStringLiteral("phases")));
        const QByteArray before = bytesOf(*w);
        QVERIFY(w->workbench().editor()->setPhases(dlg.phases()));
        QCOMPARE(w->workbench().undoStack()->undoText(), QStringLiteral("Build phases: 2"));
        QCOMPARE(w->workbench().design()->data().phases[1].name, QStringLiteral("Expansion"));
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
    }

    /// The dialog's Install labour page: a box a kind, the design's hours, the defaults one
    /// click away; a changed hour is one undoable edit, saved in settings.labourHours.
    void labourHoursAreEditedInTheDialog() {
        LabourHours mine;
        mine.hours[std::size_t(InstallKind::GpuServer)] = 6.5;
        studio::PhasesDialog dlg({{QStringLiteral("Phase 1"), {}}}, mine);
        auto* gpu = dlg.findChild<QDoubleSpinBox*>(QStringLiteral("gpu-server"));
        auto* cable = dlg.findChild<QDoubleSpinBox*>(QStringLiteral("cable"));
        QVERIFY(gpu && cable);
        QCOMPARE(gpu->value(), 6.5);
        QCOMPARE(dlg.findChildren<QDoubleSpinBox*>().size(), kInstallKindCount);
        cable->setValue(0.75);
        QCOMPARE(dlg.labourHours().of(InstallKind::Cable), 0.75);
        QCOMPARE(dlg.labourHours().of(InstallKind::GpuServer), 6.5);
        dlg.findChild<QPushButton*>(QStringLiteral("defaults"))->click();
        QVERIFY(dlg.labourHours() == LabourHours{});
        gpu->setValue(7);
        // For review (build/<dir>/tests/views/phases-review): the page as the user sees it.
        if (auto* tabs = dlg.findChild<QTabWidget*>())
            tabs->setCurrentIndex(1);
        dlg.show();
        QTest::qWait(100);
        const QString review =
            QCoreApplication::applicationDirPath() + QStringLiteral("/phases-review");
        QDir().mkpath(review);
        QVERIFY(dlg.grab().save(review + QStringLiteral("/labour-dialog.png")));
        dlg.hide();

        auto w = openStudio(m_tmp.filePath(QStringLiteral("labour")));
        const QByteArray before = bytesOf(*w);
        QVERIFY(w->workbench().editor()->setPhases(dlg.phases(), dlg.labourHours()));
        QCOMPARE(w->workbench().design()->data().settings.labourHours.of(InstallKind::GpuServer),
                 7.0);
        QVERIFY(bytesOf(*w).contains("\"labourHours\""));
        // The same phases with other hours only: named for what it changes.
        LabourHours more = dlg.labourHours();
        more.hours[std::size_t(InstallKind::Switch)] = 3;
        QVERIFY(w->workbench().editor()->setPhases(dlg.phases(), more));
        QCOMPARE(w->workbench().undoStack()->undoText(), QStringLiteral("Install labour hours"));
        w->workbench().undoStack()->undo();
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
    }

private:
    QTemporaryDir m_tmp;
};

QTEST_MAIN(TestProjectDetails)
#include "tst_project_details.moc"
