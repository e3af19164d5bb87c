// The Advisor panel: a workload in, the recommendation and the open design's figures out, and
// "Generate this design" as one undo step through the window's generate path.
#include "StudioFixture.h"

#include "model/analysis/LiveAnalysis.h"
#include "views/panels/AdvisorPanel.h"

#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTabWidget>
#include <QUndoStack>

using namespace cds;

class TestAdvisorPanel : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    views::AdvisorPanel* panelOf(studio::MainWindow& w) {
        // A page of the dashboard.
        auto* page = w.findChild<QScrollArea*>(QStringLiteral("AdvisorPage"));
        return page ? qobject_cast<views::AdvisorPanel*>(page->widget()) : nullptr;
    }
private Q_SLOTS:
    void initTestCase() { test::initStudioTests(); }

    void showsWhatTheOpenDesignCanDo() {
        auto w = test::openStudio(m_tmp.path());
        views::AdvisorPanel* p = panelOf(*w);
        QVERIFY(p);
        w->workbench().analysis()->runNow();
        // The example: two DGX H100, 16 GPUs of 80 GB = 1,280 GB.
        QVERIFY2(p->designText().contains(QLatin1String("16 GPUs of H100 SXM5 (1.3 TB)")),
                 qPrintable(p->designText()));
        QVERIFY(p->designText().contains(QLatin1String("trains up to 72B")));
        p->setTraining(QStringLiteral("8B"), QStringLiteral("100B"));
        QVERIFY2(p->designText().contains(QLatin1String("takes")), qPrintable(p->designText()));
        // The days include the interruptions the design's GPUs expect.
        QVERIFY2(p->designText().contains(QLatin1String("% goodput; tp")),
                 qPrintable(p->designText()));
        p->setTraining(QStringLiteral("405B"), QStringLiteral("1T"));
        QVERIFY2(p->designText().contains(QLatin1String("does not run on it")),
                 qPrintable(p->designText()));
        // 70B bf16 with 16 sequences of 8,192 tokens: 140 + 42.9 GB, 4 H100s per replica.
        p->setServing(QStringLiteral("70B"), 8192, 16);
        QVERIFY2(p->designText().contains(QLatin1String("4 replica(s) of 4 GPUs")),
                 qPrintable(p->designText()));
        // Large counts read as the status bar writes them: in the user's locale, grouped.
        GenerateParams big;
        big.gpus = 1024;
        w->workbench().document()->generate(big);
        w->workbench().analysis()->runNow();
        const QString count = QLocale().toString(1024) + QStringLiteral(" GPUs of");
        QVERIFY2(p->designText().contains(count), qPrintable(p->designText()));
    }

    void recommendsAndGeneratesInOneUndoStep() {
        auto w = test::openStudio(m_tmp.path());
        views::AdvisorPanel* p = panelOf(*w);
        QVERIFY(p);
        p->setTraining(QStringLiteral("8B"), QStringLiteral("1T"), 20);
        p->advise();
        QVERIFY2(p->recommended().has_value(), qPrintable(p->recommendationText()));
        QVERIFY(p->generateButton()->isEnabled());
        QVERIFY(p->recommendationText().contains(QLatin1String("Plan: tensor")));
        QVERIFY2(p->recommendationText().contains(QLatin1String("Interruptions: job MTBF")),
                 qPrintable(p->recommendationText()));
        QVERIFY(p->memoryBarShare() > 0 && p->memoryBarShare() <= 1);
        const int gpus = p->recommended()->gpus;
        const QByteArray before = test::bytesOf(*w);
        const int steps = w->workbench().undoStack()->count();
        p->generateButton()->click();
        QCOMPARE(w->workbench().undoStack()->count(), steps + 1);
        w->workbench().analysis()->runNow();
        QCOMPARE(w->workbench().analysis()->metrics().gpus, gpus);
        QVERIFY(p->designText().contains(QLocale().toString(gpus) + QStringLiteral(" GPUs")));
        w->workbench().undoStack()->undo();
        QCOMPARE(test::bytesOf(*w), before);
        w->workbench().undoStack()->redo();
        w->workbench().analysis()->runNow();
        QCOMPARE(w->workbench().analysis()->metrics().gpus, gpus);
        const QString out = qEnvironmentVariable("CDS_ADVISOR_PNG");
        if (!out.isEmpty()) {
            p->resize(1100, 420);
            p->grab().save(out);
        }
    }

    /// Hidden behind the dashboard's other pages, the panel leaves "this design" as it was
    /// while the design changes, and catches up when its page is shown.
    void hiddenPageCatchesUpWhenShown() {
        auto w = test::openStudio(m_tmp.path());
        w->show();
        views::AdvisorPanel* p = panelOf(*w);
        QVERIFY(p);
        auto* page = w->findChild<QScrollArea*>(QStringLiteral("AdvisorPage"));
        auto* tabs = qobject_cast<QTabWidget*>(page->parentWidget()->parentWidget());
        QVERIFY(tabs);
        auto* label = p->findChild<QLabel*>(QStringLiteral("AdvisorDesign"));
        QVERIFY(label);
        tabs->setCurrentWidget(page);
        QVERIFY(p->isVisible());
        w->workbench().analysis()->runNow();
        QVERIFY2(label->text().contains(QLatin1String("16 GPUs")), qPrintable(label->text()));
        tabs->setCurrentIndex(0);
        QVERIFY(!p->isVisible());
        p->setTraining(QStringLiteral("8B"), QStringLiteral("1T"), 20);
        p->advise();
        QVERIFY(p->recommended());
        const int gpus = p->recommended()->gpus;
        QVERIFY(gpus != 16);
        p->generateButton()->click();
        w->workbench().analysis()->runNow();
        QCOMPARE(w->workbench().analysis()->metrics().gpus, gpus);
        const QString now = QLocale().toString(gpus) + QStringLiteral(" GPUs");
        QVERIFY2(!label->text().contains(now), "worked out while hidden");
        tabs->setCurrentWidget(page);
        QVERIFY2(label->text().contains(now), qPrintable(label->text()));
    }

    void impossibleWorkloadSaysWhy() {
        auto w = test::openStudio(m_tmp.path());
        views::AdvisorPanel* p = panelOf(*w);
        p->setTraining(QStringLiteral("8B"), QStringLiteral("0"), 20);
        p->advise();
        QVERIFY(!p->recommended());
        QVERIFY(!p->generateButton()->isEnabled());
        QVERIFY2(p->recommendationText().contains(QLatin1String("token")),
                 qPrintable(p->recommendationText()));
    }
};

QTEST_MAIN(TestAdvisorPanel)
#include "tst_advisor_panel.moc"
