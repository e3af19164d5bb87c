// The report's failure-domain page (issue #30): the expected interruptions and the N-1
// summary per kind, on a generated rail-optimized 1,024-GPU H100 design; kinds above the
// report's limit and designs with nothing to fail say so. Expected figures come from the
// model's own sweep and reliability, never written in.
#include "../../model/TestDesigns.h"
#include "model/generator/Generator.h"
#include "model/resilience/Sweep.h"
#include "views/report/FailurePages.h"
#include "views/report/PdfReport.h"
#include "views/report/ReportContent.h"
#include "views/report/ReportTable.h"

#include <QColor>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace cds;
using report::ReportPage;

namespace {

/// The 1,024-GPU rail-optimized H100 design, generated once.
const DesignData& h100k() {
    static const DesignData d = [] {
        GenerateParams p;
        p.gpus = 1024;
        GenerateResult r = generateCluster(p, test::bundled().catalog());
        if (!r.ok)
            qFatal("generate: %s", qPrintable(r.error));
        return std::move(r.design);
    }();
    return d;
}

int indexOf(const std::vector<ReportPage>& pages, ReportPage::Kind k, bool last = false) {
    int at = -1;
    for (int i = 0; i < int(pages.size()); ++i)
        if (pages[std::size_t(i)].kind == k && (at < 0 || last))
            at = i;
    return at;
}

const report::FailureSummary::Row* rowOfKind(const report::FailureSummary& s, const char* kind) {
    for (const report::FailureSummary::Row& r : s.worstPerKind)
        if (r.kind == QLatin1String(kind))
            return &r;
    return nullptr;
}

/// Paints @p page as the PDF's body rectangle takes it: something is drawn (a heading, a
/// sentence or a table), nothing crashes.
bool paints(const ReportPage& page) {
    QImage img(1123, 794, QImage::Format_RGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    page.draw(p, QRectF(48, 76, 1027, 668));
    p.end();
    int inked = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            inked += img.pixel(x, y) != QColor(Qt::white).rgb();
    return inked > 500;
}

} // namespace

class TestReportFailures : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void pageOnlyWithTables() {
        const report::ReportContent content(h100k());
        const auto pages = content.pages();
        const int at = indexOf(pages, ReportPage::Kind::FailureDomains);
        QVERIFY(at > 0);
        QCOMPARE(pages[std::size_t(at)].heading, QStringLiteral("Failure domains"));
        QCOMPARE(indexOf(pages, ReportPage::Kind::FailureDomains, true), at); // one page
        // After the fabric and the power chain, before the charts.
        QVERIFY(at > indexOf(pages, ReportPage::Kind::Fabric));
        QVERIFY(at > indexOf(pages, ReportPage::Kind::PowerChain, true));
        QVERIFY(at < indexOf(pages, ReportPage::Kind::Charts));
        QVERIFY(paints(pages[std::size_t(at)]));
        report::PageOptions slides;
        slides.tables = false;
        QCOMPARE(indexOf(content.pages(slides), ReportPage::Kind::FailureDomains), -1);
    }

    /// The sweep runs once per report, not once per pages() call.
    void sweepRunsOncePerReport() {
        const report::ReportContent content(h100k());
        const auto first = content.pages();
        const report::FailureSummary* s = &content.failureSummary();
        const auto again = content.pages();
        QCOMPARE(&content.failureSummary(), s);
        QCOMPARE(again.size(), first.size());
    }

    void worstLeafMatchesTheSweep() {
        const DesignData& d = h100k();
        const report::ReportContent content(d);
        const report::FailureSummary& s = content.failureSummary();
        QVERIFY(s.problem.isEmpty());
        QVERIFY(s.computeFabric);
        const report::FailureSummary::Row* leaf = rowOfKind(s, "leaf");
        QVERIFY(leaf);
        // A real leaf, by the name `impact --fail` takes.
        const FailureModel m(d);
        QString why;
        const std::optional<FailureElement> e = m.resolve(leaf->name, &why);
        QVERIFY2(e, qPrintable(why));
        QCOMPARE(m.kindOf(*e), QStringLiteral("leaf"));
        // Its figures are the direct sweep's worst leaf.
        ImpactCalculator calc(m);
        const auto direct = sweepN1(calc, {QStringLiteral("leaf")}, &why);
        QVERIFY2(direct, qPrintable(why));
        const N1SweepEntry& worst = direct->entries[direct->worstOfKind.front()];
        QCOMPARE(leaf->name, m.nameOf(worst.element));
        QCOMPARE(leaf->elements, direct->elementsOfKind(QStringLiteral("leaf")));
        QCOMPARE(leaf->gpusLost, worst.impact.gpusLost);
        QCOMPARE(leaf->gpusDegraded, worst.impact.gpusDegraded);
        QCOMPARE(leaf->racksDown, worst.impact.racksDown);
        QCOMPARE(leaf->largestJobGpus, worst.impact.largestJobGpus);
        // Rail-optimized: a leaf degrades its rail and loses nothing.
        QCOMPARE(leaf->gpusLost, 0);
        QVERIFY(leaf->gpusDegraded > 0);
        QVERIFY(!leaf->harmless);
        // Servers are never swept; every kind swept is within the limit and named once.
        QStringList kinds;
        for (const report::FailureSummary::Row& r : s.worstPerKind) {
            QVERIFY(r.elements > 0 && r.elements <= report::kReportSweepLimit);
            kinds << r.kind;
        }
        QVERIFY(!kinds.contains(QStringLiteral("server")));
        QCOMPARE(kinds.removeDuplicates(), qsizetype(0));
        QVERIFY(s.notSwept.empty());
        // The worst overall: worst first, at most the few the page lists, the first as bad as
        // any kind's worst.
        QVERIFY(!s.worst.empty() && int(s.worst.size()) <= report::kReportWorstElements);
        for (const report::FailureSummary::Row& r : s.worstPerKind)
            QVERIFY(s.worst.front().gpusLost >= r.gpusLost);
    }

    void interruptionsMatchReliability() {
        const DesignData& d = h100k();
        const report::ReportContent content(d);
        const Reliability want = reliabilityOf(d, content.metrics());
        const Reliability& got = content.failureSummary().reliability;
        QVERIFY(want.interruptionsPerDay > 0);
        QCOMPARE(got.interruptionsPerDay, want.interruptionsPerDay);
        QCOMPARE(got.jobGpus, want.jobGpus);
        QCOMPARE(got.goodputPct, want.goodputPct);
        const auto figures = report::interruptionFigures(got);
        QCOMPARE(figures.front().first, QStringLiteral("Interruptions per day"));
        QCOMPARE(figures.front().second, report::thousands(want.interruptionsPerDay, 2));
        QCOMPARE(figures[2].first,
                 QStringLiteral("Job MTBF (%1 GPUs)").arg(report::thousands(want.jobGpus)));
        QCOMPARE(figures[2].second,
                 QStringLiteral("%1 h").arg(report::thousands(want.jobMtbfHours, 1)));
    }

    /// A kind above the limit is left out and named; a design of nothing but such racks has
    /// no compute fabric and nothing swept, and says both.
    void kindsAboveTheLimitAreNamed() {
        test::Builder b;
        for (int i = 0; i <= report::kReportSweepLimit; ++i)
            b.rack(QStringLiteral("R%1").arg(i), 600 + 600 * (i % 40), 1200 + 1500 * (i / 40));
        const DesignIndex index(b.d);
        const report::FailureSummary s = report::summarizeFailures(b.d, index, Metrics{});
        QVERIFY(s.worstPerKind.empty());
        QCOMPARE(s.swept, 0);
        QVERIFY(!s.computeFabric);
        const std::pair<QString, int> racks{QStringLiteral("rack"), report::kReportSweepLimit + 1};
        QVERIFY(std::find(s.notSwept.begin(), s.notSwept.end(), racks) != s.notSwept.end());
        const QString note = report::sweepNote(s);
        QVERIFY2(note.contains(QStringLiteral("2,001 racks not swept: above 2,000")),
                 qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("no compute fabric")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("Nothing was swept")), qPrintable(note));
        QVERIFY(paints(report::failureDomainsPage(std::make_shared<report::FailureSummary>(s))));
    }

    void emptyDesignSaysSo() {
        const DesignData empty = test::Builder().d;
        const DesignIndex index(empty);
        const report::FailureSummary s = report::summarizeFailures(empty, index, Metrics{});
        QCOMPARE(s.gpus, 0);
        QCOMPARE(s.reliability.interruptionsPerDay, 0.0);
        QVERIFY(s.worstPerKind.empty() && s.notSwept.empty() && s.problem.isEmpty());
        QVERIFY2(report::sweepNote(s).contains(QStringLiteral("nothing to fail")),
                 qPrintable(report::sweepNote(s)));
        QVERIFY(paints(report::failureDomainsPage(std::make_shared<report::FailureSummary>(s))));
    }

    /// In the PDF: the heading, the interruptions and the worst leaf by name.
    void pdfShowsThePage() {
        const report::ReportContent content(h100k());
        const QString path = m_tmp.filePath(QStringLiteral("failures.pdf"));
        QString error;
        QVERIFY2(report::PdfReport(content).write(path, &error), qPrintable(error));
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdftotext.isEmpty())
            QSKIP("poppler-utils (pdftotext) is not installed: ./dev installs it");
        QProcess p;
        p.start(pdftotext, {QStringLiteral("-layout"), path, QStringLiteral("-")});
        p.waitForFinished(60000);
        const QString text = QString::fromUtf8(p.readAllStandardOutput());
        const report::FailureSummary& s = content.failureSummary();
        const report::FailureSummary::Row* leaf = rowOfKind(s, "leaf");
        QVERIFY(leaf);
        for (const QString& want :
             {QStringLiteral("Failure domains"), QStringLiteral("Interruptions per day"),
              report::thousands(s.reliability.interruptionsPerDay, 2),
              QStringLiteral("Llama 3 table 5"), leaf->name})
            QVERIFY2(text.contains(want), qPrintable(want));
    }
};

QTEST_MAIN(TestReportFailures)
#include "tst_report_failures.moc"
