// The quote-ready BOM workbook: quote header, part numbers, numeric cells, print setup and
// the per-design margin/discount columns, read back from the sheet XML; plus the project
// details and quote settings through save and load.
#include "../TestDesigns.h"
#include "XlsxPart.h"
#include "model/cabling/CableRouting.h"
#include "model/export/BomXlsx.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Bom.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace cds;

namespace {

DesignData quoted() {
    DesignData d = test::smallCluster();
    d.meta.customer = QStringLiteral("Example Labs");
    d.meta.project = QStringLiteral("Training pod 1");
    d.meta.site = QStringLiteral("Hall A");
    d.meta.author = QStringLiteral("J. Engineer");
    d.meta.revision = QStringLiteral("C");
    d.meta.date = QStringLiteral("2026-03-14");
    d.settings.quoteMarginPercent = 12.5;
    d.settings.quoteDiscountPercent = 5;
    routeCables(d);
    return d;
}

/// The <c> element of cell @p ref ("F11") in sheet XML, or empty.
QString cellXml(const QByteArray& sheet, const QString& ref) {
    const QRegularExpression re(QStringLiteral("<c r=\"%1\"[^>]*(/>|>.*?</c>)").arg(ref));
    return re.match(QString::fromUtf8(sheet)).captured(0);
}

} // namespace

class TestBomXlsx : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (QStandardPaths::findExecutable(QStringLiteral("unzip")).isEmpty())
            QSKIP("unzip is not installed");
        QVERIFY(m_tmp.isValid());
        m_path = m_tmp.filePath(QStringLiteral("quote.xlsx"));
        QString error;
        QVERIFY2(writeBomXlsx(m_d, computeBom(m_d), m_path, &error), qPrintable(error));
    }

    void printSetupIsLandscapeFitToWidthWithRepeatedHeader() {
        for (const char* sheet : {"xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"}) {
            const QByteArray xml = test::xlsxPart(m_path, sheet);
            QVERIFY2(xml.contains("<pageSetUpPr fitToPage=\"1\"/>"), sheet);
            QVERIFY2(xml.contains("orientation=\"landscape\""), sheet);
            QVERIFY2(xml.contains("fitToHeight=\"0\""), sheet); // one page wide, any height
            QVERIFY2(!xml.contains("fitToWidth=\"") || xml.contains("fitToWidth=\"1\""), sheet);
            QVERIFY2(xml.contains("paperSize=\"9\""), sheet);
            QVERIFY2(xml.contains("Page &amp;P of &amp;N"), sheet);
        }
        // The header row repeats: row 10 on the BOM sheet, row 1 on the media sheet.
        const QByteArray wb = test::xlsxPart(m_path, "xl/workbook.xml");
        QVERIFY2(wb.contains("_xlnm.Print_Titles\" localSheetId=\"0\">BOM!$10:$10<"),
                 wb.constData());
        QVERIFY2(wb.contains("localSheetId=\"1\">'Cables and optics'!$1:$1<"), wb.constData());
    }

    void quoteHeaderComesFromTheDesign() {
        const QByteArray strings = test::xlsxPart(m_path, "xl/sharedStrings.xml");
        for (const char* s : {"Customer", "Example Labs", "Project", "Training pod 1", "Revision",
                              "Date", "2026-03-14", "Currency", "USD", "Price date", "2025-06"})
            QVERIFY2(strings.contains(s), s);
        // Vendor part numbers where the catalog has them.
        QVERIFY(strings.contains("MQM9700-NS2F"));
        QVERIFY(strings.contains("Part number"));
        // Price sources name no file of this project.
        QVERIFY(!strings.contains("DOMAIN.md"));
        QVERIFY(!strings.contains(".json"));
    }

    void bundledPriceSourcesNameNoProjectFile() {
        for (const CatalogItem& it : test::bundled().catalog().items())
            if (it.price)
                for (const char* file : {".md", ".json", "README", "DOMAIN"})
                    QVERIFY2(!it.price->source.contains(QLatin1String(file)),
                             qPrintable(it.id + QStringLiteral(": ") + it.price->source));
    }

    void quantitiesPricesAndLengthsAreNumbers() {
        const QByteArray bom = test::xlsxPart(m_path, "xl/worksheets/sheet1.xml");
        // First item line: row 12 (header row 10, group row 11). F = quantity, G = unit price.
        for (const char* ref : {"F12", "G12"}) {
            const QString c = cellXml(bom, QLatin1String(ref));
            QVERIFY2(!c.isEmpty() && !c.contains(QLatin1String("t=\"s\"")) &&
                         c.contains(QLatin1String("<v>")),
                     qPrintable(QLatin1String(ref) + QStringLiteral(": ") + c));
        }
        // Margin and discount columns, as formulas on the unit price.
        QVERIFY(bom.contains("<f>G12*(1+J12)</f>"));
        QVERIFY(bom.contains("<f>F12*K12*(1-L12)</f>"));
        const QByteArray media = test::xlsxPart(m_path, "xl/worksheets/sheet2.xml");
        int numericLengths = 0;
        const QRegularExpression len(QStringLiteral("<c r=\"F(\\d+)\"[^>]*><v>([0-9.]+)</v></c>"));
        for (auto it = len.globalMatch(QString::fromUtf8(media)); it.hasNext(); it.next())
            ++numericLengths;
        QVERIFY2(numericLengths > 0, "no numeric length cell in column F");
        QVERIFY2(!media.contains("t=\"s\"><v>") || numericLengths > 0, "lengths stored as text");
        // Cat6 is typed as copper, not as a DAC.
        const QByteArray strings = test::xlsxPart(m_path, "xl/sharedStrings.xml");
        QVERIFY(strings.contains("<t>CAT6</t>"));
        QVERIFY(strings.contains("copper cable"));
    }

    void printsThroughLibreOffice() {
        const QString soffice = QStandardPaths::findExecutable(QStringLiteral("soffice"));
        if (soffice.isEmpty())
            QSKIP("LibreOffice is not installed: the printed page count is not checked");
        QProcess p;
        p.start(soffice, {QStringLiteral("--headless"), QStringLiteral("--convert-to"),
                          QStringLiteral("pdf"), QStringLiteral("--outdir"), m_tmp.path(), m_path});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY(QFile::exists(m_tmp.filePath(QStringLiteral("quote.pdf"))));
    }

    void projectAndQuoteSettingsRoundTrip() {
        const QByteArray bytes = DesignFile::toBytes(m_d);
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("quote.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.meta, m_d.meta);
        QCOMPARE(r.data.settings.quoteMarginPercent, 12.5);
        QCOMPARE(r.data.settings.quoteDiscountPercent, 5.0);
        QCOMPARE(DesignFile::toBytes(r.data), bytes);
        // A file without them (written before they existed) still loads, with them empty.
        const DesignData plain = test::smallCluster();
        const QByteArray old = DesignFile::toBytes(plain);
        QVERIFY(!old.contains("\"revision\""));
        QVERIFY(!old.contains("quoteMarginPercent"));
        const LoadResult o = DesignFile::loadFromBytes(old, QStringLiteral("old.cds.json"));
        QVERIFY(o.ok);
        QVERIFY(o.data.meta.revision.isEmpty());
        QCOMPARE(o.data.settings.quoteMarginPercent, 0.0);
        // A date that is not YYYY-MM-DD is refused with the place named.
        QByteArray bad = bytes;
        bad.replace("\"2026-03-14\"", "\"14/03/2026\"");
        const LoadResult b = DesignFile::loadFromBytes(bad, QStringLiteral("bad.cds.json"));
        QVERIFY(!b.ok);
        QVERIFY2(b.errors.front().toString().contains(QStringLiteral("/meta/date")),
                 qPrintable(b.errors.front().toString()));
    }

private:
    DesignData m_d = quoted();
    QTemporaryDir m_tmp;
    QString m_path;
};

QTEST_APPLESS_MAIN(TestBomXlsx)
#include "tst_bom_xlsx.moc"
