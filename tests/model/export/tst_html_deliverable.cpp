// The HTML deliverable's page and payload (model/export/HtmlDeliverable): what the page draws
// is the design's, names stay data inside the page, and the figures are the analysis' own.
// tests/app/html-deliverable-chromium.py opens the page in a real browser.
#include "../TestDesigns.h"

#include "model/DesignIndex.h"
#include "model/analysis/Analysis.h"
#include "model/cabling/CableRouting.h"
#include "model/export/HtmlDeliverable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace cds;

namespace {

struct Page {
    QByteArray html;
    QJsonObject payload;
};

Page pageOf(const DesignData& d) {
    const DesignIndex index(d);
    const Analysis a = analyze(d, index);
    Page p{htmlDeliverable(d, index, a), {}};
    const QByteArray open("<script type=\"application/json\" id=\"cds-design\">");
    const qsizetype from = p.html.indexOf(open) + open.size();
    const qsizetype to = p.html.indexOf("</script>", from);
    p.payload = QJsonDocument::fromJson(p.html.mid(from, to - from)).object();
    return p;
}

} // namespace

class TestHtmlDeliverable : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void thePayloadIsTheDesign() {
        DesignData d = test::smallCluster();
        routeCables(d);
        const Page p = pageOf(d);
        QVERIFY(p.html.startsWith("<!doctype html>"));
        QVERIFY(!p.payload.isEmpty());
        const QJsonArray racks = p.payload[QLatin1String("racks")].toArray();
        QCOMPARE(racks.size(), qsizetype(d.racks.size()));
        const QJsonObject r01 = racks[0].toObject();
        QCOMPARE(r01[QLatin1String("name")].toString(), QStringLiteral("R01"));
        QCOMPARE(r01[QLatin1String("role")].toString(), QStringLiteral("compute"));
        QCOMPARE(r01[QLatin1String("gpus")].toInt(), 16);
        QCOMPARE(r01[QLatin1String("devices")].toArray().size(), 2);
        // Every cable of the two servers ends in R01; each is counted once.
        long long cables = 0;
        d.links.forEach([&](LinkId, const Link& l) {
            cables += d.devices[l.a.device].rack == test::rackNamed(d, QStringLiteral("R01")) ||
                      d.devices[l.b.device].rack == test::rackNamed(d, QStringLiteral("R01"));
        });
        QCOMPARE(r01[QLatin1String("cables")].toInteger(), cables);
        // The BOM and the findings are the analysis' own, as `bom` and `validate` print them.
        const Analysis a = analyze(d);
        QCOMPARE(p.payload[QLatin1String("bom")][QLatin1String("total_usd")].toDouble(),
                 std::round(a.bom.totalUsd * 100) / 100);
        QCOMPARE(p.payload[QLatin1String("findings")][QLatin1String("findings")].toArray().size(),
                 qsizetype(a.findings.size()));
        QCOMPARE(p.payload[QLatin1String("hall")][QLatin1String("width_mm")].toDouble(),
                 d.hall.widthMm);
        QVERIFY(p.payload[QLatin1String("power")].isNull()); // no chain, no power tab
        QVERIFY(p.payload[QLatin1String("build")].isNull()); // no phases, no phase tab
    }

    // A name that reads as markup or as the page's own placeholders stays text.
    void namesAreDataNotMarkup() {
        DesignData d = test::smallCluster();
        routeCables(d);
        const QString title =
            QStringLiteral("</script><script>alert(1)</script><!-- @@CDS_DESIGN_JSON@@ & \"q\"");
        d.meta.title = title;
        d.racks[test::rackNamed(d, QStringLiteral("R01"))].name = QStringLiteral("R<01>&");
        const Page p = pageOf(d);
        QCOMPARE(p.html.count("</script>"), 2); // the payload's and the page script's own
        QCOMPARE(p.html.count("<script"), 2);
        QVERIFY(!p.html.contains("@@CDS_TITLE@@"));
        // The placeholder in the name is left as written (the payload parses to the title).
        QVERIFY(p.html.contains("<title>&lt;/script&gt;&lt;script&gt;alert(1)"));
        QCOMPARE(p.payload[QLatin1String("meta")][QLatin1String("title")].toString(), title);
        QCOMPARE(p.payload[QLatin1String("racks")][0][QLatin1String("name")].toString(),
                 QStringLiteral("R<01>&"));
    }
};

QTEST_APPLESS_MAIN(TestHtmlDeliverable)
#include "tst_html_deliverable.moc"
