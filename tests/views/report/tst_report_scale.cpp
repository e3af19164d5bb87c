// The report and the slides at scale: length bound by distinct things, grouped rack
// elevations, natural order, floorplan sheets, findings by kind, text of the key figures,
// pages rendered to PNG in the build tree for review; slides' jump list and floorplan zoom.
#include "../../model/TestDesigns.h"
#include "model/Design.h"
#include "model/cabling/CableRouting.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "views/dashboard/ReportCharts.h"
#include "views/render/DrawingExport.h"
#include "views/render/NaturalOrder.h"
#include "views/render/RacksDrawing.h"
#include "views/report/PdfReport.h"
#include "views/report/PresentationView.h"

#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QListWidget>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTest>
#include <QXmlStreamReader>

using namespace cds;

namespace {

QByteArray run(const QString& tool, const QStringList& args) {
    QProcess p;
    p.start(tool, args);
    p.waitForFinished(120000);
    return p.readAllStandardOutput();
}

/// The report review folder in the build tree: tests/views/report/report-review/NAME.
QString reviewDir(const QString& name) {
    const QString dir =
        QCoreApplication::applicationDirPath() + QStringLiteral("/report-review/") + name;
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    return dir;
}

const DesignData& generated16k() {
    static const DesignData d = [] {
        GenerateParams p;
        p.gpus = 16384;
        GenerateResult r = generateCluster(p, test::bundled().catalog());
        if (!r.ok)
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(r.design);
    }();
    return d;
}

int countKind(const std::vector<report::ReportPage>& pages, report::ReportPage::Kind k) {
    return int(std::count_if(pages.begin(), pages.end(),
                             [k](const report::ReportPage& p) { return p.kind == k; }));
}

QString en(double v, int decimals = 0) {
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(v, 'f', decimals);
}

/// Writes the customer report of @p d (the dashboard's charts, as File > Export does),
/// checks it with poppler when installed and renders every page to PNG under @p name.
void checkReport(const DesignData& d, const QString& name, int maxPages) {
    const QString dir = reviewDir(name);
    const QString pdf = dir + QStringLiteral("/report.pdf");
    QString error;
    QVERIFY2(views::writeCustomerReport(d, pdf, &error), qPrintable(error));
    const report::ReportContent content(d);
    const report::PdfReport report(content);
    QVERIFY2(report.pageCount() <= maxPages, qPrintable(QString::number(report.pageCount())));
    const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
    if (pdfinfo.isEmpty() || pdftotext.isEmpty() || pdftoppm.isEmpty())
        QSKIP(
            "poppler-utils (pdfinfo, pdftotext, pdftoppm) are not installed: ./dev installs them");
    const QByteArray info = run(pdfinfo, {pdf});
    const QByteArray pagesLine =
        QByteArray("Pages:           ").append(QByteArray::number(report.pageCount())).append('\n');
    QVERIFY2(info.contains(pagesLine), info.constData());
    const QString text =
        QString::fromUtf8(run(pdftotext, {QStringLiteral("-layout"), pdf, QStringLiteral("-")}));
    const Metrics& m = content.metrics();
    // The key figures, whole: exact money, no "$M", no clipped "PFLOP".
    const QStringList want{QStringLiteral("Executive summary"),
                           en(m.gpus),
                           QStringLiteral("%1 PFLOPS").arg(en(m.bf16Pflops, 1)),
                           QStringLiteral("$") + en(m.totalCostUsd),
                           QStringLiteral("$") + en(content.bom().totalUsd, 2),
                           QStringLiteral("racks like this"),
                           QStringLiteral("Compute fabric"),
                           QStringLiteral("Bill of materials"),
                           QStringLiteral("Open findings by kind"),
                           QStringLiteral("Page %1 of %1").arg(report.pageCount())};
    for (const QString& s : want)
        QVERIFY2(text.contains(s), qPrintable(s));
    // Every vendor of the BOM prints whole (on one line or wrapped at its spaces).
    QString flat = text;
    flat.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
    for (const BomLine& l : content.bom().lines) {
        const QStringList words = d.catalog[l.type].vendor.split(QLatin1Char(' '));
        for (const QString& w : words)
            QVERIFY2(flat.contains(w), qPrintable(w));
    }
    // Pages to PNG for review: one image per page.
    run(pdftoppm, {QStringLiteral("-r"), QStringLiteral("60"), QStringLiteral("-png"), pdf,
                   dir + QStringLiteral("/page")});
    const QStringList pngs = QDir(dir).entryList({QStringLiteral("page-*.png")});
    QCOMPARE(int(pngs.size()), report.pageCount());
    QVERIFY(!QImage(dir + QLatin1Char('/') + pngs.front()).isNull());
}

} // namespace

class TestReportScale : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void naturalOrder() {
        QStringList names{QStringLiteral("spine-10"), QStringLiteral("spine-2"),
                          QStringLiteral("Spine-1"),  QStringLiteral("spine-100"),
                          QStringLiteral("R9"),       QStringLiteral("R10"),
                          QStringLiteral("R09b")};
        std::sort(names.begin(), names.end(), render::naturalLess);
        QCOMPARE(names,
                 (QStringList{QStringLiteral("R9"), QStringLiteral("R09b"), QStringLiteral("R10"),
                              QStringLiteral("Spine-1"), QStringLiteral("spine-2"),
                              QStringLiteral("spine-10"), QStringLiteral("spine-100")}));
        QVERIFY(!render::naturalLess(QStringLiteral("a"), QStringLiteral("a")));
    }

    void namesAbbreviateToRanges() {
        QStringList n;
        for (int i = 1; i <= 12; ++i)
            n << QStringLiteral("spine-%1").arg(i);
        n << QStringLiteral("su01-c01") << QStringLiteral("su01-c02") << QStringLiteral("su01-c03")
          << QStringLiteral("x");
        QCOMPARE(render::abbreviateNames(n),
                 QString::fromUtf8("spine-1–spine-12, su01-c01–su01-c03, x"));
        // Two in a row stay two names; padded runs do not run into a wider number.
        QCOMPARE(render::abbreviateNames({QStringLiteral("a1"), QStringLiteral("a2")}),
                 QStringLiteral("a1, a2"));
        QCOMPARE(render::abbreviateNames({QStringLiteral("r08"), QStringLiteral("r09"),
                                          QStringLiteral("r10"), QStringLiteral("r100")}),
                 QString::fromUtf8("r08–r10, r100"));
        // Too long: cut at a whole item, counting the names left out.
        QStringList many;
        for (int i = 0; i < 50; ++i)
            many << QStringLiteral("rack%1x").arg(i * 2);
        const QString s = render::abbreviateNames(many, 40);
        QVERIFY2(s.size() < 60 && s.endsWith(QStringLiteral("more")), qPrintable(s));
        QVERIFY2(s.contains(QStringLiteral("and 4")), qPrintable(s)); // 40 chars hold 5 or 6
    }

    void exampleReport() {
        LoadResult r = DesignFile::load(
            QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json"));
        QVERIFY(r.ok);
        routeCables(r.data);
        const report::ReportContent content(r.data);
        const auto pages = content.pages();
        // The example's hall reads whole on one page: an overview and no sheets.
        QCOMPARE(countKind(pages, report::ReportPage::Kind::FloorplanSheet), 0);
        checkReport(r.data, QStringLiteral("example"), 15);
    }

    /// A campus (issue #31): a site page with each hall's place and load, the bundles between
    /// halls, and a floorplan page per hall; a design of one hall has none of them.
    void campusReportHasTheSiteAndEachHall() {
        GenerateParams p;
        p.gpus = 1024;
        p.halls = 2;
        GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY2(g.ok, qPrintable(g.error));
        const DesignData& d = g.design;
        const report::ReportContent content(d);
        const auto pages = content.pages();
        std::vector<QString> headings;
        for (const report::ReportPage& pg : pages)
            if (pg.kind == report::ReportPage::Kind::Site)
                headings.push_back(pg.heading);
        QCOMPARE(headings.size(), std::size_t(4));
        QCOMPARE(headings[0], QStringLiteral("Site: 2 halls"));
        QVERIFY2(headings[1].startsWith(QStringLiteral("Between halls: ")),
                 qPrintable(headings[1]));
        QVERIFY2(headings[2].startsWith(QStringLiteral("Floorplan: Hall 1 · ")),
                 qPrintable(headings[2]));
        QVERIFY2(headings[3].startsWith(QStringLiteral("Floorplan: Hall 2 · ")),
                 qPrintable(headings[3]));
        // The hall pages' GPUs add up to the design's.
        int gpus = 0;
        for (std::size_t i = 2; i < 4; ++i) {
            static const QRegularExpression re(QStringLiteral("· ([0-9,]+) GPUs"));
            gpus += re.match(headings[i]).captured(1).remove(u',').toInt();
        }
        QCOMPARE(gpus, 1024);
        checkReport(d, QStringLiteral("campus-1024"), 31);
        // One hall: no site pages.
        p.halls = 1;
        const GenerateResult one = generateCluster(p, test::bundled().catalog());
        QCOMPARE(
            countKind(report::ReportContent(one.design).pages(), report::ReportPage::Kind::Site),
            0);
    }

    void report16kIsBoundedAndReadable() {
        const DesignData& d = generated16k();
        const report::ReportContent content(d);
        QVERIFY(d.racks.size() >
                700); // 512 compute racks and the network, storage, management rows
        // Grouped: far fewer configurations than racks, each drawn once.
        const auto& groups = content.rackGroups();
        QVERIFY2(groups.size() < 20, qPrintable(QString::number(groups.size())));
        std::size_t racks = 0;
        for (const report::RackGroup& g : groups)
            racks += g.racks.size();
        QCOMPARE(racks, d.racks.size());
        const auto pages = content.pages(
            {report::PdfReport::kGroupsPerPage, report::PdfReport::bodySize(), true, true});
        QCOMPARE(countKind(pages, report::ReportPage::Kind::Racks), int((groups.size() + 5) / 6));
        // Row sheets at 1:50 cover every rack once.
        QVERIFY(countKind(pages, report::ReportPage::Kind::FloorplanSheet) >= 2);
        // 45: the central switches' out-of-band leaves stand among the switches they serve
        // (within copper reach on a campus), which makes a few more rack configurations; one
        // page of failure domains.
        checkReport(d, QStringLiteral("generated-16384"), 45);
    }

    void findingsAreGroupedByCode() {
        test::Builder b;
        const RackId r = b.rack(QStringLiteral("R01"), 600, 600);
        // 30 servers overflowing a 42U rack: dozens of findings of a few kinds.
        for (int i = 0; i < 30; ++i)
            b.device(QStringLiteral("s%1").arg(i), "nvidia-dgx-h100", r, 1 + i);
        DesignData d = b.d;
        routeCables(d);
        const report::ReportContent content(d);
        QVERIFY(content.openFindings().size() > 24);
        QVERIFY(content.findingGroups().size() < 8);
        int total = 0;
        for (const report::FindingGroup& g : content.findingGroups())
            total += g.count;
        QCOMPARE(total, int(content.openFindings().size()));
        // Errors first, and one page holds them all.
        QCOMPARE(content.findingGroups().front().severity, Severity::Error);
        QCOMPARE(countKind(content.pages(), report::ReportPage::Kind::Findings), 1);
        const QStringList cells = content.findingCells(0);
        QCOMPARE(cells[1], content.findingGroups().front().code);
        QCOMPARE(cells[2], QString::number(content.findingGroups().front().count));
    }

    /// At the default 400 px/m the 16,384-GPU design's racks are one 229,000 px strip: the
    /// drawing pages itself instead of failing, every page within the limit, every rack on
    /// one of them, at the scale asked for.
    void racksDrawingPagesAt16k() {
        const DesignData& d = generated16k();
        const QString dir = reviewDir(QStringLiteral("racks-16384"));
        const QString path = dir + QStringLiteral("/racks.svg");
        QStringList written;
        QString error;
        QVERIFY2(render::writeRacksDrawing(d, {render::Drawing::Elevations, 0}, path, false, &error,
                                           &written),
                 qPrintable(error));
        const render::RacksLayout l = render::layoutRacks(d, 400);
        QVERIFY(l.pages > 1);
        QCOMPARE(int(written.size()), l.pages);
        QCOMPARE(written.front(), path);
        QCOMPARE(written[1], dir + QStringLiteral("/racks-2.svg"));
        QSet<QString> names;
        for (const QString& page : written) {
            QFile f(page);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QXmlStreamReader r(&f);
            while (!r.atEnd()) {
                r.readNext();
                if (r.isStartElement() && r.name() == QLatin1String("svg")) {
                    QVERIFY(r.attributes().value(QLatin1String("width")).toDouble() <=
                            render::kRacksPageMaxPx);
                    QVERIFY(r.attributes().value(QLatin1String("height")).toDouble() <=
                            render::kRacksPageMaxPx);
                }
                if (r.isStartElement() && r.name() == QLatin1String("text"))
                    names.insert(
                        r.readElementText(QXmlStreamReader::IncludeChildElements).trimmed());
            }
            QVERIFY2(!r.hasError(), qPrintable(r.errorString()));
        }
        d.racks.forEach(
            [&](RackId, const Rack& r) { QVERIFY2(names.contains(r.name), qPrintable(r.name)); });
        // The rack is drawn at the scale asked for: 42U + header at 400 px/m.
        QVERIFY(std::abs(l.rackPx.height() - (42 * kMillimetresPerU + 200) / 1000 * 400) < 1e-6);
        // The same through writeDrawing, as the CLI and File > Export call it.
        QVERIFY2(render::writeDrawing(d, {render::Drawing::Elevations, 0},
                                      dir + QStringLiteral("/again.svg"), false, &error),
                 qPrintable(error));
        // One rack larger than a page: refused, naming the scale.
        QVERIFY(!render::writeDrawing(d, {render::Drawing::Elevations, 5000},
                                      dir + QStringLiteral("/huge.svg"), false, &error));
        QVERIFY2(error.contains(QStringLiteral("--scale 5000")), qPrintable(error));
    }

    void slidesGroupInNaturalOrderAndJump() {
        test::Builder b;
        // Three spine racks of three configurations (1, 2 and 3 switches), named so a plain
        // sort puts spine-10 before spine-2.
        const char* names[] = {"spine-10", "spine-2", "spine-1"};
        for (int i = 0; i < 3; ++i) {
            const RackId r = b.rack(QString::fromLatin1(names[i]), 600 + 1200 * i, 600);
            for (int k = 0; k <= i; ++k)
                b.device(QStringLiteral("sw%1-%2").arg(i).arg(k), "nvidia-qm9700", r, 1 + k);
        }
        Design design(b.d);
        report::PresentationView view(design);
        view.resize(1280, 720);
        QStringList order;
        for (int i = 0; i < view.slideCount(); ++i)
            order += view.slideRacks(i);
        QCOMPARE(order, (QStringList{QStringLiteral("spine-1"), QStringLiteral("spine-2"),
                                     QStringLiteral("spine-10")}));
        // The jump list names every slide; Enter goes there.
        QTest::keyClick(&view, Qt::Key_J, Qt::ControlModifier);
        QVERIFY(!view.jumpList()->isHidden());
        QCOMPARE(view.jumpList()->count(), view.slideCount());
        view.jumpList()->setCurrentRow(view.slideCount() - 1);
        QTest::keyClick(view.jumpList(), Qt::Key_Return);
        QVERIFY(view.jumpList()->isHidden());
        QCOMPARE(view.currentSlide(), view.slideCount() - 1);
    }

    void slidesAt16kAreFewAndTheFloorplanZooms() {
        Design design(generated16k());
        report::PresentationView view(design);
        view.resize(1280, 720);
        QVERIFY2(view.slideCount() <= 12, qPrintable(QString::number(view.slideCount())));
        int floor = -1;
        for (int i = 0; i < view.slideCount(); ++i)
            if (view.slideKind(i) == report::ReportPage::Kind::Floorplan)
                floor = i;
        QVERIFY(floor > 0);
        view.setSlide(floor);
        QTest::keyClick(&view, Qt::Key_Plus);
        QTest::keyClick(&view, Qt::Key_Plus);
        QVERIFY(view.zoom() > 2);
        const QPointF before = view.pan();
        QTest::keyClick(&view, Qt::Key_Right, Qt::ShiftModifier); // pans, stays on the slide
        QCOMPARE(view.currentSlide(), floor);
        QVERIFY(view.pan() != before);
        QImage img(1280, 720, QImage::Format_ARGB32);
        view.render(&img);
        QTest::keyClick(&view, Qt::Key_0);
        QCOMPARE(view.zoom(), 1.0);
        QTest::keyClick(&view, Qt::Key_Plus);
        QTest::keyClick(&view, Qt::Key_Right); // no Shift: next slide, zoom reset
        QCOMPARE(view.currentSlide(), floor + 1);
        QCOMPARE(view.zoom(), 1.0);
    }
};

QTEST_MAIN(TestReportScale)
#include "tst_report_scale.moc"
