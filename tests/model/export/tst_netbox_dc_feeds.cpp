// Issue 29: racks fed at 800 V DC from power racks, without rack PDUs (`generate --dc-800v`),
// get their power feeds in the NetBox folder, with values from NetBox's own choice lists; AC
// designs' power files stay as they were.
#include "ExportTestDesigns.h"
#include "NetBoxReference.h"
#include "model/cabling/CableRouting.h"
#include "model/export/NetBoxChoices.h"
#include "model/export/NetBoxExport.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Metrics.h"

#include <QCryptographicHash>
#include <QTest>

#include <array>
#include <cmath>
#include <map>

using namespace cds;

class TestNetBoxDcFeeds : public QObject {
    Q_OBJECT
    QMap<QString, QSet<QString>> m_choices = test::netboxChoices();

private Q_SLOTS:
    void powerFeedChoicesAreNetBoxs() {
        QCOMPARE(netboxPowerFeedChoices().size(), std::size_t(3));
        for (const auto& [list, values] : netboxPowerFeedChoices())
            QVERIFY2(QSet<QString>(values.begin(), values.end()) == m_choices.value(list),
                     qPrintable(list));
        QCOMPARE(netboxFeedType(0), QStringLiteral("primary"));
        QCOMPARE(netboxFeedType(1), QStringLiteral("redundant"));
        QCOMPARE(netboxFeedSupply(true), QStringLiteral("dc"));
        QCOMPARE(netboxFeedSupply(false), QStringLiteral("ac"));
        QCOMPARE(netboxFeedPhase(false), QStringLiteral("single-phase"));
        QCOMPARE(netboxFeedPhase(true), QStringLiteral("three-phase"));
    }

    /// Each rack fed at 800 V DC from power racks without PDUs has an A and a B feed on the
    /// panels of the power racks it names: dc, single-phase, 800 V, and I = P / V of its IT
    /// maximum (each feed carries the whole rack when the other is down), rounded up to a whole
    /// amp. The feeds have no cable, and the rack's warning and the README say why.
    void dcRacksGetDcFeeds() {
        const DesignData d = test::gb300Dc800();
        const NetBoxExport e = netboxExport(d, QStringLiteral("lab"));
        QMap<QString, QList<QMap<QString, QString>>> feedsOf; // rack -> its feed rows
        for (const auto& r : test::records(e.powerFeedsCsv))
            feedsOf[r.value(QStringLiteral("rack"))] << r;
        QSet<QString> panels, cabled;
        for (const auto& r : test::records(e.powerPanelsCsv))
            panels.insert(r.value(QStringLiteral("name")));
        for (const auto& r : test::records(e.powerCablesCsv))
            cabled.insert(r.value(QStringLiteral("side_a_name")));
        const Metrics m = computeMetrics(d);
        int dcRacks = 0;
        for (const RackMetrics& rm : m.perRack) {
            const Rack& rack = d.racks[rm.rack];
            const PowerElement* on[2] = {d.power.elements.find(rack.feeds.a),
                                         d.power.elements.find(rack.feeds.b)};
            if (!on[0] || on[0]->kind != PowerKind::PowerRack)
                continue;
            ++dcRacks;
            QVERIFY(on[1] && on[1]->outputVdc == 800 && rm.itMaxW > 0);
            const QList<QMap<QString, QString>> rows = feedsOf.value(rack.name);
            QCOMPARE(rows.size(), qsizetype(2));
            const QString amps = QString::number(int(std::ceil(rm.itMaxW / 800 - 1e-9)));
            for (int side : {0, 1}) {
                const QMap<QString, QString>& row = rows[side];
                QCOMPARE(row.value(QStringLiteral("name")),
                         rack.name + (side == 0 ? QStringLiteral("-A1") : QStringLiteral("-B1")));
                QCOMPARE(row.value(QStringLiteral("power_panel")), on[side]->name);
                QVERIFY(panels.contains(on[side]->name));
                QVERIFY(!cabled.contains(row.value(QStringLiteral("name"))));
                QCOMPARE(row.value(QStringLiteral("type")),
                         side == 0 ? QStringLiteral("primary") : QStringLiteral("redundant"));
                QCOMPARE(row.value(QStringLiteral("supply")), QStringLiteral("dc"));
                QCOMPARE(row.value(QStringLiteral("phase")), QStringLiteral("single-phase"));
                QCOMPARE(row.value(QStringLiteral("voltage")), QStringLiteral("800"));
                QCOMPARE(row.value(QStringLiteral("amperage")), amps);
                QCOMPARE(row.value(QStringLiteral("max_utilization")), QStringLiteral("100"));
                for (const auto& [col, list] : {std::pair{"status", "PowerFeedStatusChoices"},
                                                {"type", "PowerFeedTypeChoices"},
                                                {"supply", "PowerFeedSupplyChoices"},
                                                {"phase", "PowerFeedPhaseChoices"}})
                    QVERIFY2(m_choices.value(QLatin1String(list))
                                 .contains(row.value(QLatin1String(col))),
                             list);
            }
            QVERIFY2(!e.warnings.filter(rack.name + QStringLiteral(" is fed at 800 V DC"))
                          .filter(QStringLiteral("written without cables"))
                          .isEmpty(),
                     qPrintable(rack.name));
        }
        QCOMPARE(dcRacks, 8);
        QVERIFY(e.readme.contains("I = P / V"));
    }

    /// The DC racks' feeds leave AC designs' power files as they were: SHA-256 of files 10 to
    /// 12 of each example (site: its hall) as written before. A deliberate change to the AC
    /// power files updates these sums.
    void acPowerFilesAreUnchanged() {
        const std::map<QString, std::array<QByteArray, 3>> before = {
            {QStringLiteral("dgx-h100-256gpu-su"),
             {"f2f0fbecd2e7f394d167f41cebb7289e040850cf46f3a5c5c935f4f11de6c3de",
              "587525795f163c6c93ab3e3247ef3d6dc42ccd672f456f8469b49b8eac029352",
              "e21227b9d415fe968a8e68099128abc34991625e52d6c25b78fbbda7ae4bea08"}},
            {QStringLiteral("gb300-nvl72-576gpu-su"),
             {"f2f0fbecd2e7f394d167f41cebb7289e040850cf46f3a5c5c935f4f11de6c3de",
              "6bf1ef43c489e487b4f9373037c71c311a93608dfdea83481e1817b916244330",
              "386061c45a487e4b98d6b37599b2d5f4ad116b4b25dee9edb0f364c2a2624cf9"}},
            {QStringLiteral("two-dgx-h100"),
             {"a8e4705b646ddca07e96186ffa9a146e669c8be4f0a7aed8439a79cbc1c6dbb3",
              "03845a95c678a06f6844368d24991658d8fdccf22f0a67720a797cbcb34b48be",
              "a441f01e90d96d652c35c0d628798679f682389c88778b0f24ecf64924891752"}},
        };
        for (const auto& [name, sums] : before) {
            LoadResult lr = DesignFile::load(QStringLiteral(CDS_SOURCE_DIR "/resources/examples/") +
                                             name + QStringLiteral(".cds.json"));
            QVERIFY2(lr.ok, qPrintable(name));
            routeCables(lr.data);
            const NetBoxExport e = netboxExport(lr.data, lr.data.hall.name);
            const std::array<QByteArray, 3> files = {e.powerPanelsCsv, e.powerFeedsCsv,
                                                     e.powerCablesCsv};
            for (std::size_t i = 0; i < files.size(); ++i)
                QVERIFY2(QCryptographicHash::hash(files[i], QCryptographicHash::Sha256).toHex() ==
                             sums[i],
                         qPrintable(QStringLiteral("%1: file %2").arg(name).arg(int(10 + i))));
            QVERIFY(!e.readme.contains("I = P / V"));
            QVERIFY(!e.powerFeedsCsv.contains(",dc,"));
        }
    }
};

QTEST_APPLESS_MAIN(TestNetBoxDcFeeds)
#include "tst_netbox_dc_feeds.moc"
