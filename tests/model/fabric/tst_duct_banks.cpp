// Duct banks (issue #31): the underground pathway kind between a campus's buildings, its file
// key and fill limit, routing (no rack drops into one), the generated campus's duct banks
// between its halls, and `site.pathway-dead-end` for a pathway that leads to a missing hall.
#include "DuctBankDesigns.h"
#include "EditChecks.h"
#include "FabricTestUtil.h"

#include "model/DesignIndex.h"
#include "model/analysis/Analysis.h"
#include "model/cabling/TrayFill.h"
#include "model/cabling/TrayGraph.h"
#include "model/edits/PathwayOps.h"
#include "model/json/DesignFile.h"
#include "model/site/Site.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <array>
#include <utility>

using namespace cds;
using test::countCode;
using test::errorCodes;

namespace {

std::vector<Finding> deadEnds(const DesignData& d) {
    std::vector<Finding> out;
    for (const Finding& f : runChecks(d))
        if (f.code == QLatin1String("site.pathway-dead-end"))
            out.push_back(f);
    return out;
}

GenerateParams campus(int gpus, int halls) {
    GenerateParams p;
    p.gpus = gpus;
    p.halls = halls;
    return p;
}

std::vector<PathwayId> ductBanksOf(const DesignData& d) {
    std::vector<PathwayId> out;
    d.pathways.forEach([&](PathwayId id, const Pathway& p) {
        if (p.kind == PathwayKind::DuctBank)
            out.push_back(id);
    });
    return out;
}

/// A generated campus: its halls are joined by duct banks only (no site road is a tray any
/// more), which stand between the halls, carry the links between them, and leave no error,
/// no dead end and no link without a tray path.
/// @p crossedOnly: the halls stand side by side, so each row's trays meet across the road and
/// its cables cross the duct bank where they meet, without running along it.
void checkGeneratedCampus(const DesignData& d, std::size_t banks, bool crossedOnly = false) {
    const std::vector<PathwayId> ids = ductBanksOf(d);
    QCOMPARE(ids.size(), banks);
    d.pathways.forEach([&](PathwayId, const Pathway& p) {
        QVERIFY2(!p.name.startsWith(QLatin1String("Site road")), qPrintable(p.name));
    });
    const TrayLoad load = computeTrayLoad(d, DesignIndex(d));
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const Pathway& p = d.pathways[ids[i]];
        QCOMPARE(p.name, QStringLiteral("Duct bank %1").arg(i + 1));
        QVERIFY2(hallAt(d.halls, p.from) < 0 && hallAt(d.halls, p.to) < 0, qPrintable(p.name));
        for (const TrayLoad::Segment& s : load.segments)
            if (s.id == ids[i]) {
                QVERIFY2(s.cables > 0 || crossedOnly,
                         qPrintable(p.name + QStringLiteral(" carries no cable")));
                QCOMPARE(s.limitPct, 40.0);
            }
    }
    QVERIFY(interHallLinks(d, rackHalls(d, d.halls)).links > 0);
    const Analysis an = analyze(d);
    QVERIFY2(errorCodes(an.findings).isEmpty(),
             qPrintable(errorCodes(an.findings).mid(0, 5).join(QLatin1Char('\n'))));
    QCOMPARE(countCode(an.findings, "site.pathway-dead-end"), 0);
    QCOMPARE(countCode(an.findings, "link.no-pathway"), 0);
}

} // namespace

class TestDuctBanks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void kindHasItsKeyAndLabel() {
        QCOMPARE(pathwayKindKey(PathwayKind::DuctBank), QStringLiteral("duct-bank"));
        QVERIFY(pathwayKindFromKey(QStringLiteral("duct-bank")) == PathwayKind::DuctBank);
        QCOMPARE(pathwayKindLabel(PathwayKind::DuctBank), QStringLiteral("Duct bank"));
        // The keys the files already hold stay as they were.
        QVERIFY(pathwayKindFromKey(QStringLiteral("ladder")) == PathwayKind::Ladder);
        QVERIFY(pathwayKindFromKey(QStringLiteral("fibre-runner")) == PathwayKind::FibreRunner);
        QVERIFY(!pathwayKindFromKey(QStringLiteral("conduit")));
    }

    /// NEC Chapter 9, Table 1: 40 % of a conduit for over two cables.
    void fillLimitIsTheConduitFill() {
        const DesignSettings s;
        QCOMPARE(s.trayFillLimitPct[std::size_t(PathwayKind::DuctBank)], 40.0);
        QCOMPARE(s.trayFillLimitPct[std::size_t(PathwayKind::Ladder)], 50.0);
        QCOMPARE(s.trayFillLimitPct[std::size_t(PathwayKind::FibreRunner)], 40.0);
    }

    /// A design with a duct bank saves its kind and its limit, loads the same and saves the
    /// same bytes again.
    void ductBankRoundTripsByteForByte() {
        DesignData d = test::smallCluster();
        d.pathways.add(
            test::pathway("Duct bank A-B", PathwayKind::DuctBank, {0, 500}, {4000, 500}));
        const QByteArray bytes = DesignFile::toBytes(d);
        QVERIFY(bytes.contains("\"kind\": \"duct-bank\""));
        QVERIFY(bytes.contains("\"duct-bank\": 40.0"));
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("d.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.pathways, d.pathways);
        QCOMPARE(DesignFile::toBytes(r.data), bytes);
    }

    /// A duct bank's limit set away from the default is kept, with or without a duct bank.
    void changedLimitRoundTrips() {
        DesignData d = test::smallCluster();
        d.settings.trayFillLimitPct[std::size_t(PathwayKind::DuctBank)] = 30;
        const QByteArray bytes = DesignFile::toBytes(d);
        QVERIFY(bytes.contains("\"duct-bank\": 30.0"));
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("d.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.settings.trayFillLimitPct[std::size_t(PathwayKind::DuctBank)], 30.0);
        QCOMPARE(DesignFile::toBytes(r.data), bytes);
    }

    /// Files written before duct banks existed (their trayFillLimitPct has the two tray
    /// kinds) load with the duct bank's default limit and save the bytes they had: a design
    /// without a duct bank does not gain the key.
    void fileWithoutDuctBanksKeepsItsBytes() {
        const QDir dir(QStringLiteral(CDS_SOURCE_DIR "/resources/examples"));
        const QStringList files = dir.entryList({QStringLiteral("*.cds.json")});
        QVERIFY(!files.isEmpty());
        for (const QString& name : files) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            QVERIFY2(bytes.contains("\"fibre-runner\": 40.0"), qPrintable(name));
            QVERIFY2(!bytes.contains("duct-bank"), qPrintable(name));
            const LoadResult r = DesignFile::loadFromBytes(bytes, name);
            QVERIFY2(r.ok, qPrintable(name));
            QCOMPARE(r.data.settings.trayFillLimitPct[std::size_t(PathwayKind::DuctBank)], 40.0);
            QVERIFY2(DesignFile::toBytes(r.data) == bytes, qPrintable(name));
        }
    }

    /// The limits of an older file with only some kinds load; an unknown kind is refused
    /// with its place.
    void fillLimitsByKindLoad() {
        QByteArray bytes = DesignFile::toBytes(test::smallCluster());
        const QByteArray two = "\"trayFillLimitPct\": {\n      \"ladder\": 50.0,\n      "
                               "\"fibre-runner\": 40.0\n    }";
        QVERIFY2(bytes.contains(two), bytes.mid(bytes.indexOf("trayFill"), 120).constData());
        QByteArray older = bytes;
        older.replace(two, "\"trayFillLimitPct\": {\"ladder\": 45.0}");
        LoadResult r = DesignFile::loadFromBytes(older, QStringLiteral("d.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.settings.trayFillLimitPct[std::size_t(PathwayKind::Ladder)], 45.0);
        QCOMPARE(r.data.settings.trayFillLimitPct[std::size_t(PathwayKind::FibreRunner)], 40.0);
        QCOMPARE(r.data.settings.trayFillLimitPct[std::size_t(PathwayKind::DuctBank)], 40.0);
        QByteArray unknown = bytes;
        unknown.replace(two, "\"trayFillLimitPct\": {\"conduit\": 45.0}");
        r = DesignFile::loadFromBytes(unknown, QStringLiteral("d.cds.json"));
        QVERIFY(!r.ok);
        QCOMPARE(r.errors.front().field, QStringLiteral("/settings/trayFillLimitPct/conduit"));
    }

    /// A tray set to a duct bank in Properties is one edit: applied, the file gains the kind
    /// and the duct bank's limit; undone, it has the bytes it had, the limit's key gone too.
    void kindEditAppliesUndoesAndSaves() {
        DesignData d = test::twoHallsWithDuctBank();
        d.pathways[PathwayId(1)].kind = PathwayKind::Ladder;
        Design design(d);
        QVERIFY(!DesignFile::toBytes(design.data()).contains("duct-bank"));
        Pathway after = design.data().pathways[PathwayId(1)];
        after.kind = PathwayKind::DuctBank;
        auto edit = edits::editPathway(design.data(), PathwayId(1), after);
        test::applyUndoRedo(design, edit);
        const QByteArray bytes = DesignFile::toBytes(design.data());
        QVERIFY(bytes.contains("\"kind\": \"duct-bank\""));
        QVERIFY(bytes.contains("\"duct-bank\": 40.0"));
        edit.edit->revert(design);
        QVERIFY(!DesignFile::toBytes(design.data()).contains("duct-bank"));
    }

    /// Cables reach a duct bank along the trays, never straight down from a rack: a rack
    /// beside one drops to the nearest tray, or has no drop.
    void noRackDropsIntoADuctBank() {
        const DesignData d = test::twoHallsWithDuctBank();
        const TrayGraph g(d.pathways);
        QVERIFY(!g.drop({30000, 5000}).valid());     // on the duct bank, 14 m from the ladders
        const TrayDrop near = g.drop({19500, 5500}); // 0.7 m from both, 0.5 m off the bank
        QVERIFY(near.valid());
        QCOMPARE(g.segmentOf(std::size_t(near.piece)), PathwayId(0));
        QCOMPARE(near.elevationMm, 2700.0);
        // The duct bank still joins the two halls' trays.
        QCOMPARE(g.distanceMm(g.drop({10000, 5000}), g.drop({50000, 5000})), 40000.0);
    }

    /// Two halls side by side: one duct bank under the road between them, from the first
    /// tray that reaches the road to the last, each hall's trays ending on it.
    void generatedCampusOfTwoHallsHasADuctBank() {
        const DesignData d = test::generated(campus(1024, 2));
        checkGeneratedCampus(d, 1, true);
        const Pathway& bank = d.pathways[ductBanksOf(d).front()];
        std::array<int, 2> ends{};
        d.pathways.forEach([&](PathwayId, const Pathway& p) {
            if (p.kind == PathwayKind::DuctBank)
                return;
            for (const auto& [e, other] : {std::pair{p.from, p.to}, std::pair{p.to, p.from}})
                if (std::abs(e.x - bank.from.x) < 1 && e.y >= bank.from.y && e.y <= bank.to.y)
                    ++ends[std::size_t(other.x < bank.from.x ? 0 : 1)];
        });
        QVERIFY2(ends[0] > 0 && ends[1] > 0,
                 qPrintable(QStringLiteral("trays ending on the duct bank from the west %1, "
                                           "from the east %2")
                                .arg(ends[0])
                                .arg(ends[1])));
    }

    /// Four halls in 2 x 2: a duct bank between the columns and one between the rows, which
    /// cross.
    void generatedCampusOfFourHallsHasCrossingDuctBanks() {
        const DesignData d = test::generated(campus(1024, 4));
        checkGeneratedCampus(d, 2);
        const std::vector<PathwayId> ids = ductBanksOf(d);
        const Pathway& columns = d.pathways[ids[0]];
        const Pathway& rows = d.pathways[ids[1]];
        QCOMPARE(columns.from.x, columns.to.x);
        QCOMPARE(rows.from.y, rows.to.y);
        QVERIFY(rows.from.x < columns.from.x && columns.from.x < rows.to.x);
        QVERIFY(columns.from.y < rows.from.y && rows.from.y < columns.to.y);
    }

    /// The duct bank to a hall that was removed (with its trays) ends in the open: a warning
    /// that names the pathway and the place.
    void ductBankToARemovedHallIsADeadEnd() {
        DesignData d = test::twoHallsWithDuctBank();
        QVERIFY(deadEnds(d).empty());
        d.halls.pop_back();
        d.pathways.take(PathwayId(2));
        const std::vector<Finding> fs = deadEnds(d);
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Warning);
        QCOMPARE(fs[0].rule, QStringLiteral("SiteRule"));
        QCOMPARE(fs[0].message,
                 QStringLiteral("Duct bank H1-H3 ends at (45.0, 5.0) m, in no hall and on no other "
                                "pathway: the hall it leads to is missing"));
        QCOMPARE(fs[0].objects.size(), std::size_t(1));
        QCOMPARE(fs[0].objects[0], ObjectRef::pathway(PathwayId(1)));
        QVERIFY(fs[0].threshold.contains(QLatin1String("50 mm")));
    }

    /// An end within the tray graph's join tolerance of another pathway is on it; farther,
    /// it is not. Both ends in the open are named in one finding.
    void endOnAnotherPathwayIsNoDeadEnd() {
        DesignData d = test::twoHallsWithDuctBank();
        d.halls.pop_back();
        d.pathways[PathwayId(2)].from.x = 45000 + TrayGraph::kJoinToleranceMm - 10; // 40 mm on
        QVERIFY(deadEnds(d).size() == 1); // H3 tray's far end, now in no hall
        QCOMPARE(deadEnds(d)[0].objects[0], ObjectRef::pathway(PathwayId(2)));
        d.pathways[PathwayId(2)].from.x = 45000 + TrayGraph::kJoinToleranceMm + 10; // 60 mm off
        const std::vector<Finding> fs = deadEnds(d);
        QCOMPARE(fs.size(), std::size_t(2));
        QVERIFY2(
            fs[1].message.contains(QLatin1String("ends at (45.1, 5.0) m and at (63.0, 5.0) m")),
            qPrintable(fs[1].message));
        QVERIFY2(fs[1].message.contains(QLatin1String("the halls it leads to are missing")),
                 qPrintable(fs[1].message));
    }

    /// Not a campus: one hall, the floor; a tray may end anywhere on it.
    void oneHallHasNoDeadEnds() {
        DesignData d = test::twoHallsWithDuctBank();
        d.halls.clear();
        d.pathways.take(PathwayId(2));
        QVERIFY(deadEnds(d).empty());
    }
};

QTEST_GUILESS_MAIN(TestDuctBanks)
#include "tst_duct_banks.moc"
