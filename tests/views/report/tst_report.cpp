// The customer-facing outputs: PDF report, SVG/PNG drawings, presentation mode.
#include "../../model/export/ExportTestDesigns.h"
#include "model/Design.h"
#include "model/cabling/CableRouting.h"
#include "views/render/DrawingExport.h"
#include "views/report/PdfReport.h"
#include "views/report/PresentationView.h"
#include "views/report/ReportContent.h"
#include "views/report/ReportTable.h"

#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace cds;

namespace {

DesignData routed(DesignData d) {
    routeCables(d);
    return d;
}

QByteArray run(const QString& tool, const QStringList& args) {
    QProcess p;
    p.start(tool, args);
    p.waitForFinished(60000);
    return p.readAllStandardOutput();
}

/// Text elements of an SVG, after checking it is well-formed XML.
QStringList svgTexts(const QString& path, QString* xmlError) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *xmlError = QStringLiteral("cannot open");
        return {};
    }
    QXmlStreamReader r(&f);
    QStringList texts;
    while (!r.atEnd()) {
        r.readNext();
        if (r.isStartElement() && r.name() == QLatin1String("text"))
            texts << r.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
    }
    if (r.hasError())
        *xmlError = r.errorString();
    return texts;
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

private Q_SLOTS:
    /// A content that borrows the caller's design (as an export written at once does, to
    /// spare a copy of it) reads that design and lays out the report an owned copy lays out.
    void borrowedDesignReportsAsACopy() {
        const DesignData d = routed(test::leafSpine(32, 4, 2, false));
        const report::ReportContent owned(d, QDate(2026, 12, 7));
        const report::ReportContent borrowed(d, report::ReportContent::Borrow{},
                                             QDate(2026, 12, 7));
        QCOMPARE(&borrowed.design(), &d);
        QVERIFY(&owned.design() != &d);
        QVERIFY(owned.design() == d);
        const std::vector<report::ReportPage> a = owned.pages(), b = borrowed.pages();
        QCOMPARE(b.size(), a.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(b[i].kind, a[i].kind);
            QCOMPARE(b[i].heading, a[i].heading);
        }
        QCOMPARE(borrowed.openFindings().size(), owned.openFindings().size());
    }

    void pdfPagesAndText() {
        DesignData d = routed(test::leafSpine(32, 4, 2, false));
        d.meta.title = QStringLiteral("Thirty-two DGX");
        const report::ReportContent content(d, QDate(2026, 3, 14));
        const report::PdfReport pdf(content);
        // cover, summary, floorplan (the hall reads whole: no sheets), one page of rack
        // configurations, fabric, failure domains, charts, the BOM and the findings by kind.
        const int pages = int(content.pages().size());
        QCOMPARE(pdf.pageCount(), pages);
        QVERIFY2(pages <= 10, qPrintable(QString::number(pages)));
        const QString path = m_tmp.filePath(QStringLiteral("report.pdf"));
        QString error;
        QVERIFY2(pdf.write(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.startsWith("%PDF-"));
        const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdfinfo.isEmpty() || pdftotext.isEmpty()) {
            // No poppler: count page objects in the file's structure.
            QCOMPARE(bytes.count("/Type /Page\n") + bytes.count("/Type /Page\r"), pages);
            return;
        }
        const QByteArray info = run(pdfinfo, {path});
        const QByteArray want = "Pages:           " + QByteArray::number(pages) + "\n";
        QVERIFY2(info.contains(want), info.constData());
        const QString text = QString::fromUtf8(
            run(pdftotext, {QStringLiteral("-layout"), path, QStringLiteral("-")}));
        for (const QString& s :
             {QStringLiteral("Thirty-two DGX"), QStringLiteral("Test customer"),
              QStringLiteral("14 March 2026"), QStringLiteral("Executive summary"),
              QStringLiteral("Bisection bandwidth"), QStringLiteral("Cost per GPU"),
              QStringLiteral("Rack elevations"), QStringLiteral("Compute fabric"),
              QStringLiteral("Bill of materials"), QStringLiteral("Open findings by kind"),
              QStringLiteral("Page %1 of %1").arg(pages), QStringLiteral("racks like this"),
              QStringLiteral("spine02")})
            QVERIFY2(text.contains(s), qPrintable(s));
        // The summary shows what computeMetrics gives (256 GPUs: 32 x 8).
        QVERIFY(text.contains(QStringLiteral("256")));
    }

    /// Issue 35: power reads in MW above 10,000 kW ("11.2 MW", not "11200.0 kW"), in kW below.
    void powerReadsInMegawattsAtScale() {
        auto itPower = [](const report::ReportContent& c) {
            for (const auto& [label, value] : c.summaryRows())
                if (label.startsWith(QStringLiteral("IT power")))
                    return value;
            return QString();
        };
        const report::ReportContent small(test::nvl72Racks(2));
        QVERIFY2(itPower(small).endsWith(QStringLiteral(" kW")), qPrintable(itPower(small)));
        const report::ReportContent large(test::nvl72Racks(80));
        QVERIFY2(large.summaryRows().size() > 0 && itPower(large).endsWith(QStringLiteral(" MW")),
                 qPrintable(itPower(large)));
        QVERIFY(large.executiveSummary().contains(QStringLiteral(" MW of IT power")));
    }

    /// Issue 35: the BOM's total never stands alone on its page; the last line goes with it.
    void theTotalKeepsALineWithIt() {
        using report::ReportTable;
        const std::vector<double> rows{10, 10, 10, 10};
        using Pages = std::vector<std::pair<int, int>>;
        QCOMPARE(ReportTable::paginate(rows, 35, 5), (Pages{{0, 3}, {3, 1}}));
        QCOMPARE(ReportTable::paginate(rows, 35, 5, true), (Pages{{0, 2}, {2, 2}}));
        QCOMPARE(ReportTable::paginate(rows, 100, 5, true), (Pages{{0, 4}}));
        QCOMPARE(ReportTable::paginate({10, 30}, 35, 5, true), (Pages{{0, 1}, {1, 1}}));
    }

    void pdfFindingsOfOneKindShareARow() {
        test::Builder b;
        const RackId r = b.rack(QStringLiteral("R01"), 600, 600);
        // 30 identical servers overflowing a 42U rack: many findings of a few kinds.
        for (int i = 0; i < 30; ++i)
            b.device(QStringLiteral("s%1").arg(i), "nvidia-dgx-h100", r, 1 + i);
        const report::ReportContent content(routed(b.d));
        QVERIFY(int(content.openFindings().size()) > 24);
        // Dozens of findings, a few kinds: one findings page.
        const auto pages = content.pages();
        QStringList findingPages;
        for (const report::ReportPage& p : pages)
            if (p.kind == report::ReportPage::Kind::Findings)
                findingPages << p.heading;
        QCOMPARE(findingPages, QStringList{QStringLiteral("Open findings by kind")});
        QCOMPARE(report::PdfReport(content).pageCount(), int(pages.size()));
    }

    void pdfToUnwritablePathFails() {
        const report::ReportContent content(routed(test::smallCluster()));
        QString error;
        QVERIFY(
            !report::PdfReport(content).write(QStringLiteral("/nonexistent-dir/r.pdf"), &error));
        QVERIFY2(error.contains(QStringLiteral("/nonexistent-dir/r.pdf")), qPrintable(error));
    }

    void svgIsWellFormedAndNamesEveryRack_data() {
        QTest::addColumn<int>("drawing");
        QTest::newRow("floorplan") << int(render::Drawing::Floorplan);
        QTest::newRow("elevations") << int(render::Drawing::Elevations);
    }
    void svgIsWellFormedAndNamesEveryRack() {
        QFETCH(int, drawing);
        const DesignData d = routed(test::leafSpine(8, 2, 2, false));
        render::DrawingOptions o;
        o.drawing = render::Drawing(drawing);
        const QString path = m_tmp.filePath(QStringLiteral("d%1.svg").arg(drawing));
        QString error;
        QVERIFY2(render::writeDrawing(d, o, path, false, &error), qPrintable(error));
        QString xmlError;
        const QStringList texts = svgTexts(path, &xmlError);
        QVERIFY2(xmlError.isEmpty(), qPrintable(xmlError));
        d.racks.forEach([&](RackId, const Rack& r) {
            const bool found = std::any_of(texts.begin(), texts.end(),
                                           [&](const QString& t) { return t.startsWith(r.name); });
            QVERIFY2(found, qPrintable(r.name));
        });
    }

    void pngFollowsTheScale() {
        const DesignData d = routed(test::smallCluster());
        render::DrawingOptions o;
        QString error;
        const QString a = m_tmp.filePath(QStringLiteral("a.png")),
                      b = m_tmp.filePath(QStringLiteral("b.png"));
        o.pixelsPerMetre = 50;
        QVERIFY2(render::writeDrawing(d, o, a, true, &error), qPrintable(error));
        o.pixelsPerMetre = 100;
        QVERIFY2(render::writeDrawing(d, o, b, true, &error), qPrintable(error));
        const QImage ia(a), ib(b);
        QVERIFY(!ia.isNull() && !ib.isNull());
        // Hall width 20 m by default: 1000 px + margins at 50 px/m; twice that at 100 px/m.
        QCOMPARE(ia.width(), 20 * 50 + 48);
        QCOMPARE(ib.width(), 20 * 100 + 48);
        // Something besides paper was drawn.
        QVERIFY(ia.pixelColor(ia.width() / 2, ia.height() / 2) != QColor(Qt::transparent));
        o.pixelsPerMetre = 5000;
        QVERIFY(!render::writeDrawing(d, o, a, true, &error));
        QVERIFY2(error.contains(QStringLiteral("--scale")), qPrintable(error));
        // Issue 35: by default a small hall fills a full-HD slide; a width sets the scale.
        o.pixelsPerMetre = 0;
        QVERIFY2(render::writeDrawing(d, o, a, true, &error), qPrintable(error));
        QCOMPARE(QImage(a).width(), render::kSlideWidthPx);
        o.widthPx = 2560;
        QVERIFY2(render::writeDrawing(d, o, b, true, &error), qPrintable(error));
        QCOMPARE(QImage(b).width(), 2560);
        o.widthPx = 400;
        QVERIFY(!render::writeDrawing(d, o, a, true, &error));
        QVERIFY2(error.contains(QStringLiteral("--width 400")), qPrintable(error));
    }

    void presentationStepsWithTheKeyboard() {
        Design design(routed(test::leafSpine(8, 2, 2, false)));
        report::PresentationView view(design);
        QVERIFY(view.slideCount() >= 6);
        QCOMPARE(view.slideHeading(1), QStringLiteral("Executive summary"));
        QCOMPARE(view.currentSlide(), 0);
        view.resize(1280, 720);
        QSignalSpy changed(&view, &report::PresentationView::slideChanged);
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Space);
        QCOMPARE(view.currentSlide(), 2);
        QTest::keyClick(&view, Qt::Key_Left);
        QCOMPARE(view.currentSlide(), 1);
        QTest::keyClick(&view, Qt::Key_End);
        QCOMPARE(view.currentSlide(), view.slideCount() - 1);
        QTest::keyClick(&view, Qt::Key_Right); // past the end stays
        QCOMPARE(view.currentSlide(), view.slideCount() - 1);
        QCOMPARE(changed.count(), 4);
        // No table slides: presentation stops at the charts.
        for (int i = 0; i < view.slideCount(); ++i)
            QVERIFY(view.slideHeading(i) != QLatin1String("Bill of materials"));
        // Every slide paints without trouble.
        QImage img(1280, 720, QImage::Format_ARGB32);
        for (int i = 0; i < view.slideCount(); ++i) {
            view.setSlide(i);
            view.render(&img);
        }
        QSignalSpy finished(&view, &report::PresentationView::finished);
        QTest::keyClick(&view, Qt::Key_Escape);
        QCOMPARE(finished.count(), 1);
        QVERIFY(view.isHidden());
    }

    void presentationFollowsTheDocument() {
        Design design(routed(test::leafSpine(8, 2, 2, false)));
        report::PresentationView view(design);
        const QString racks = QStringLiteral("of %1 racks").arg(design.data().racks.size() + 5);
        // Five more racks (empty: a configuration of their own) show on the racks slide.
        for (int i = 0; i < 5; ++i) {
            Rack r = design.data().racks[RackId(0)];
            r.name = QStringLiteral("X%1").arg(i);
            r.centre.x += 600 * (i + 4);
            design.addRack(r);
        }
        auto shown = [&] {
            for (int i = 0; i < view.slideCount(); ++i)
                if (view.slideHeading(i).contains(racks))
                    return true;
            return false;
        };
        QTRY_VERIFY(shown());
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
