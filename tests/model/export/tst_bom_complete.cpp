// BOM completeness: every rack and device of a generated design (compute, switches, storage,
// UFM, head nodes, PDUs, CDUs) is a line of the model BOM, of the BOM CSV and of the quote
// workbook, with the quantity the design holds, and the cooling plant is billed once.
#include "XlsxPart.h"
#include "fabric/FabricTestUtil.h"
#include "model/export/BomXlsx.h"
#include "model/export/Reports.h"
#include "model/metrics/Bom.h"
#include "model/metrics/Metrics.h"

#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace cds;

namespace {

/// Catalog id (column E) -> quantity (column F) of the workbook's BOM sheet.
QMap<QString, long long> workbookQuantities(const QString& xlsx) {
    QStringList strings;
    const QRegularExpression si(QStringLiteral("<si>(.*?)</si>"),
                                QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpression t(QStringLiteral("<t[^>]*>([^<]*)</t>"));
    for (auto it = si.globalMatch(QString::fromUtf8(test::xlsxPart(xlsx, "xl/sharedStrings.xml")));
         it.hasNext();) {
        QString text;
        for (auto m = t.globalMatch(it.next().captured(1)); m.hasNext();)
            text += m.next().captured(1);
        strings << text;
    }
    const QString sheet = QString::fromUtf8(test::xlsxPart(xlsx, "xl/worksheets/sheet1.xml"));
    const QRegularExpression id(QStringLiteral("<c r=\"E(\\d+)\"[^>]*t=\"s\"[^>]*><v>(\\d+)</v>"));
    QMap<QString, long long> out;
    for (auto it = id.globalMatch(sheet); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QRegularExpression q(
            QStringLiteral("<c r=\"F%1\"[^>]*><v>([0-9.]+)</v>").arg(m.captured(1)));
        const QRegularExpressionMatch qm = q.match(sheet);
        if (qm.hasMatch())
            out[strings.value(m.captured(2).toInt())] = qm.captured(1).toLongLong();
    }
    return out;
}

} // namespace

class TestBomComplete : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyRackAndDeviceIsBilled_data() {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("suNodes");
        QTest::addColumn<bool>("ufm"); // a full Q3400 SU leaves no port for the UFM pair
        // 31-node SUs leave each leaf a port for the UFM pair (NVIDIA DGX SuperPOD RAs).
        QTest::newRow("DGX H100, 2 SUs of 31") << 496 << "nvidia-dgx-h100"
                                               << "nvidia-qm9700" << 31 << true;
        QTest::newRow("GB200 NVL72 SU") << 576 << "nvidia-gb200-nvl72"
                                        << "nvidia-q3400" << 0 << false;
    }
    void everyRackAndDeviceIsBilled() {
        QFETCH(int, gpus);
        QFETCH(QString, server);
        QFETCH(QString, sw);
        QFETCH(int, suNodes);
        QFETCH(bool, ufm);
        GenerateParams p;
        p.gpus = gpus;
        p.serverId = server;
        p.switchId = sw;
        p.suNodes = suNodes;
        const DesignData d = test::generated(p);

        // What the design holds, walked object by object.
        QMap<QString, long long> expected;
        QMap<Category, long long> byCategory;
        int rearDoorRacks = 0;
        d.racks.forEach([&](RackId, const Rack& r) {
            ++expected[d.catalog[r.type].id];
            ++byCategory[Category::Rack];
            rearDoorRacks += r.cooling == CoolingType::RearDoorHx;
        });
        long long powerShelves = 0; // a rack-scale system's trays, of category power
        d.devices.forEach([&](DeviceId, const Device& v) {
            ++expected[d.catalog[v.type].id];
            ++byCategory[d.catalog[v.type].category];
            powerShelves += d.catalog[v.type].tray == TrayKind::PowerShelf;
        });
        // The power chain's equipment, each element as many times as its units (#29).
        QVERIFY(!d.power.elements.empty());
        d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
            if (e.type)
                expected[d.catalog[e.type].id] += e.units;
        });
        // The design is complete: without these kinds the test would check nothing.
        for (Category c : {Category::Rack, Category::Server, Category::Switch, Category::Power,
                           Category::Storage, Category::Management})
            QVERIFY2(byCategory.value(c) > 0, qPrintable(categoryLabel(c)));
        // Cooling is there as CDUs on the floor (liquid) or rear doors on the racks (air).
        QVERIFY(byCategory.value(Category::Cooling) > 0 || rearDoorRacks > 0);
        const Metrics m = computeMetrics(d);
        QCOMPARE(m.ufm > 0, ufm);
        QVERIFY(m.headNodes > 0);
        QCOMPARE(byCategory.value(Category::Management), (long long)(m.ufm + m.headNodes));
        QCOMPARE(byCategory.value(Category::Power), (long long)m.pdus + powerShelves);
        QCOMPARE(byCategory.value(Category::Cooling), (long long)m.cdus);

        // The model BOM: each of them, no more (cooling placed as devices is not implied
        // again), plus one rear-door HX per rear-door rack. Cables and optics have their own
        // tests (tst_cabling_parts, tst_host_optics).
        const Bom bom = computeBom(d);
        QMap<QString, long long> billed;
        long long rdhx = 0;
        for (const BomLine& l : bom.lines) {
            const CatalogItem& it = d.catalog[l.type];
            if (l.category == CostCategory::CablesAndOptics)
                continue;
            if (it.category == Category::Cooling && it.coolingType == QLatin1String("rear-door-hx"))
                rdhx += l.quantity;
            else
                billed[it.id] = l.quantity;
        }
        QCOMPARE(billed, expected);
        QCOMPARE(rdhx, (long long)rearDoorRacks);

        // The CSV export and the quote workbook list the same lines.
        const QString csv = QString::fromUtf8(bomCsv(d, bom));
        for (auto it = expected.cbegin(); it != expected.cend(); ++it)
            QVERIFY2(csv.contains(QStringLiteral(",%1,%2,").arg(it.key()).arg(it.value())),
                     qPrintable(it.key()));
        if (QStandardPaths::findExecutable(QStringLiteral("unzip")).isEmpty())
            QSKIP("unzip is not installed: the workbook is not read back");
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("quote.xlsx"));
        QString error;
        QVERIFY2(writeBomXlsx(d, bom, path, &error), qPrintable(error));
        const QMap<QString, long long> sheet = workbookQuantities(path);
        for (auto it = expected.cbegin(); it != expected.cend(); ++it)
            QVERIFY2(sheet.value(it.key()) == it.value(),
                     qPrintable(QStringLiteral("%1: %2 in the workbook, %3 in the design")
                                    .arg(it.key())
                                    .arg(sheet.value(it.key()))
                                    .arg(it.value())));
    }
};

QTEST_APPLESS_MAIN(TestBomComplete)
#include "tst_bom_complete.moc"
