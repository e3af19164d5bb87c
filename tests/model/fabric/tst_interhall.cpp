// Issue #31: a link between two halls of a campus takes single-mode optics only (MediaChooser,
// LinkEnds::betweenHalls), whatever its length; the rule link.inter-hall-multimode warns of a
// pinned medium that is not single-mode, and link.no-medium names the halls and the length of
// a link no single-mode optic reaches. A design of one hall chooses as it always did.
#include "FabricTestUtil.h"

#include "model/DesignIndex.h"
#include "model/SiteHalls.h"
#include "model/cabling/CableRouting.h"
#include "model/cabling/MediaChooser.h"

#include <algorithm>

using namespace cds;
using namespace cds::test;

namespace {

/// Two halls 10 m apart on one site: Hall 1 is 20 m wide, Hall 2 3 km wide (so one rack can
/// stand far off). Rack A stands in Hall 1; rack B is placed by the test.
struct Campus {
    Builder b;
    FabricId f;
    RackId ra, rb;
    DeviceId sa, sb;
    LinkId l0, l1;
    Campus(const char* sw = "nvidia-qm9700", FabricKind kind = FabricKind::Compute,
           Technology tech = Technology::InfiniBand) {
        b.d.halls = {{QStringLiteral("Hall 1"), {0, 0, 20000, 10000}},
                     {QStringLiteral("Hall 2"), {30000, 0, 3000000, 10000}}};
        f = b.fabric(kind, tech);
        ra = b.rack(QStringLiteral("A"), 1000, 1000);
        rb = b.rack(QStringLiteral("B"), 39000, 1000);
        sa = b.device(QStringLiteral("sw1"), sw, ra, 40, Tier::Spine, f);
        sb = b.device(QStringLiteral("sw2"), sw, rb, 40, Tier::Core, f);
        // Both lanes of one twin-port cage to one cage (a QM9700's twin OSFP): paired.
        l0 = b.link(sa, 0, sb, 0, f);
        l1 = b.link(sa, 1, sb, 1, f);
    }
    /// Routes the design with rack B at @p x mm; the catalog id of l0's medium ("" for none).
    QString mediumAt(double x) {
        b.d.racks[rb].centre.x = x;
        routeCables(b.d);
        const TypeId m = b.d.links[l0].medium;
        return m ? b.d.catalog[m].id : QString();
    }
    double lengthM() const { return b.d.links[l0].lengthM; }
};

std::vector<Finding> withCode(const DesignData& d, const char* code) {
    std::vector<Finding> out;
    for (const Finding& f : runChecks(d))
        if (f.code == QLatin1String(code))
            out.push_back(f);
    return out;
}

} // namespace

class TestInterHall : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// A 40 m run between halls takes a single-mode DR optic (100 m class), not the multimode
    /// SR8 that reaches 50 m; longer runs the 500 m DR and 2 km FR classes; past 2 km nothing.
    void betweenHallsTakesSingleMode() {
        Campus c;
        QCOMPARE(c.mediumAt(39000), QStringLiteral("nvidia-mms4x00-ns")); // ~40 m
        QVERIFY2(c.lengthM() > 39 && c.lengthM() < 41, qPrintable(QString::number(c.lengthM())));
        QCOMPARE(c.b.d.catalog[c.b.d.links[c.l0].medium].media->type, MediaType::Smf);
        QVERIFY(!c.b.d.links[c.l0].mediumB); // the same module at both ends
        QCOMPARE(c.mediumAt(400000), QStringLiteral("nvidia-mms4x00-nm"));  // 2xDR4, 500 m
        QCOMPARE(c.mediumAt(1500000), QStringLiteral("nvidia-mms4x50-nm")); // 2xFR4, 2 km
        QCOMPARE(c.mediumAt(3000000), QString());                           // past 2 km
    }

    /// The same link within one hall chooses as before: multimode at 40 m, copper when short.
    void withinOneHallChoosesAsBefore() {
        Campus c;
        c.b.d.halls.clear(); // one hall, the floor
        QCOMPARE(c.mediumAt(39000), QStringLiteral("nvidia-mma4z00-ns"));
        QCOMPARE(c.mediumAt(1600), QStringLiteral("nvidia-dac-400g-osfp-twin"));
        // Both racks in Hall 2 of a campus, 40 m apart: multimode, as on one floor.
        Campus both;
        both.b.d.racks[both.ra].centre.x = 31000;
        QCOMPARE(both.mediumAt(69000), QStringLiteral("nvidia-mma4z00-ns"));
    }

    /// A 100G in-band run between halls takes the single-mode QSFP28 optic (CWDM4, 2 km) where
    /// within a hall it takes an AOC; a server's flat-top cage gets a flat-top single-mode optic.
    void aocAndFlatTopRunsBetweenHalls() {
        Campus inband("nvidia-sn4600c", FabricKind::Inband, Technology::Ethernet);
        QCOMPARE(inband.mediumAt(39000), QStringLiteral("nvidia-mms1c10-cm"));
        inband.b.d.halls.clear();
        QCOMPARE(inband.mediumAt(39000), QStringLiteral("nvidia-aoc-100g-qsfp28"));

        Campus host;
        const DeviceId srv = host.b.device(QStringLiteral("dgx"), "nvidia-dgx-h100", host.ra, 1);
        const LinkId l = host.b.link(srv, 0, host.sb, 2, host.f);
        host.mediumAt(39000);
        const Link& k = host.b.d.links[l];
        QCOMPARE(host.b.d.catalog[k.medium].id, QStringLiteral("nvidia-mms4x00-ns-flt"));
        QCOMPARE(host.b.d.catalog[k.mediumB].id, QStringLiteral("nvidia-mms4x00-ns"));
    }

    /// The chooser without the flag gives what it gave before the flag existed (a design of one
    /// hall never sets it); with it, single-mode only. One chooser asked both ways keeps two
    /// option lists: the flag is part of the cache key.
    void chooserFlagOffIsUnchanged() {
        Campus c;
        c.b.d.halls.clear();
        PortTable ports(c.b.d.catalog);
        MediaChooser chooser(c.b.d, ports);
        const DesignIndex index(c.b.d);
        const LinkEnds off = chooser.ends(index, c.b.d.links[c.l0]);
        QVERIFY(off.valid && !off.betweenHalls && off.paired);
        LinkEnds on = off;
        on.betweenHalls = true;
        auto id = [&](const LinkEnds& e, double m) {
            const MediumChoice ch = chooser.choose(e, m);
            return ch.a ? c.b.d.catalog[ch.a].id : QString();
        };
        // Asked with the flag first, so a key without it would hand these to the flag-off asks.
        QCOMPARE(id(on, 2.7), QStringLiteral("nvidia-mms4x00-ns"));
        QCOMPARE(id(on, 20), QStringLiteral("nvidia-mms4x00-ns"));
        QCOMPARE(id(on, 400), QStringLiteral("nvidia-mms4x00-nm"));
        QCOMPARE(id(on, 1500), QStringLiteral("nvidia-mms4x50-nm"));
        QCOMPARE(id(on, 3000), QString());
        // As tst_routing's mediumByReach pins them.
        QCOMPARE(id(off, 2.7), QStringLiteral("nvidia-dac-400g-osfp-twin"));
        QCOMPARE(id(off, 4.1), QStringLiteral("nvidia-acc-400g-osfp-twin"));
        QCOMPARE(id(off, 20), QStringLiteral("nvidia-mma4z00-ns"));
        QCOMPARE(id(off, 80), QStringLiteral("nvidia-mms4x00-ns"));
        QCOMPARE(id(off, 400), QStringLiteral("nvidia-mms4x00-nm"));
        QCOMPARE(id(off, 3000), QString());
        // fits() follows the flag too: a multimode module fits the ends, not between halls.
        const TypeId mmf = c.b.type("nvidia-mma4z00-ns");
        QVERIFY(chooser.fits(mmf, off));
        QVERIFY(!chooser.fits(mmf, on));
        QVERIFY(chooser.fits(c.b.type("nvidia-mms4x00-ns"), on));
    }

    /// A multimode module pinned on a link between halls is a warning naming the link's ends,
    /// the two halls, its length and the module; a single-mode one, or the same pin within one
    /// hall, is not.
    void pinnedMultimodeBetweenHallsWarns() {
        Campus c;
        c.b.d.links[c.l0].pinnedMedium = c.b.type("nvidia-mma4z00-ns");
        c.mediumAt(39000);
        const std::vector<Finding> fs = withCode(c.b.d, "link.inter-hall-multimode");
        QCOMPARE(int(fs.size()), 1);
        const Finding& f = fs.front();
        QCOMPARE(f.severity, Severity::Warning);
        QCOMPARE(f.rule, QStringLiteral("InterHallMediaRule"));
        QVERIFY(std::find(f.objects.begin(), f.objects.end(), ObjectRef::link(c.l0)) !=
                f.objects.end());
        const QString length = QString::number(c.lengthM(), 'f', 1) + QStringLiteral(" m");
        for (const QString& part :
             {QStringLiteral("sw1 to sw2"), QStringLiteral("between Hall 1 and Hall 2"), length,
              QStringLiteral("nvidia-mma4z00-ns"), QStringLiteral("multimode")})
            QVERIFY2(f.message.contains(part), qPrintable(f.message));
        QVERIFY(f.threshold.contains(QLatin1String("single-mode")));
        // The unpinned twin, l1, got single-mode optics: no finding of its own.
        QCOMPARE(c.b.d.catalog[c.b.d.links[c.l1].medium].media->type, MediaType::Smf);

        c.b.d.links[c.l0].pinnedMedium = c.b.type("nvidia-mms4x00-ns");
        c.mediumAt(39000);
        QVERIFY(withCode(c.b.d, "link.inter-hall-multimode").empty());

        c.b.d.links[c.l0].pinnedMedium = c.b.type("nvidia-mma4z00-ns");
        c.b.d.halls.clear(); // one hall: multimode is fine
        c.mediumAt(39000);
        QVERIFY(withCode(c.b.d, "link.inter-hall-multimode").empty());
    }

    /// Beyond every single-mode reach, a link between halls has no medium: link.no-medium names
    /// its ends, the halls and its length.
    void beyondSingleModeReachHasNoMedium() {
        Campus c;
        QCOMPARE(c.mediumAt(3000000), QString());
        const std::vector<Finding> fs = withCode(c.b.d, "link.no-medium");
        QCOMPARE(int(fs.size()), 2); // both lanes
        const QString length = QString::number(c.lengthM(), 'f', 1) + QStringLiteral(" m");
        QVERIFY(c.lengthM() > 2000);
        for (const QString& part :
             {QStringLiteral("sw1 to sw2"), QStringLiteral("between Hall 1 and Hall 2"), length})
            QVERIFY2(fs.front().message.contains(part), qPrintable(fs.front().message));
        QCOMPARE(fs.front().severity, Severity::Error);
    }

    /// A generated campus of two halls: today's CLI puts its 512 compute leaf-to-spine links
    /// and 128 storage uplinks between halls (43-48 m) on multimode SR8 and its 128 in-band
    /// uplinks on 100G AOCs; now every link between halls has single-mode optics at both ends
    /// that reach, and the rule is quiet.
    void generatedCampusRunsSingleModeBetweenHalls() {
        GenerateParams p;
        p.gpus = 1024;
        p.halls = 2;
        const DesignData d = generated(p);
        const std::vector<int> rackHall = rackHalls(d, d.halls);
        const FabricId inband = d.findFabric(FabricKind::Inband);
        int crossing = 0;
        QStringList wrong;
        d.links.forEach([&](LinkId, const Link& l) {
            const Device& a = d.devices[l.a.device];
            const Device& b = d.devices[l.b.device];
            if (hallOfRack(rackHall, a.rack) == hallOfRack(rackHall, b.rack))
                return;
            ++crossing;
            const QString what = a.name + QStringLiteral(" - ") + b.name;
            for (TypeId t : {l.medium, l.mediumB ? l.mediumB : l.medium}) {
                const CatalogItem* it = t ? &d.catalog[t] : nullptr;
                if (!it || it->category != Category::Transceiver || !it->media ||
                    it->media->type != MediaType::Smf || it->media->maxReachM < l.lengthM)
                    wrong << what + QStringLiteral(": %1 m on %2")
                                        .arg(l.lengthM)
                                        .arg(it ? it->id : QStringLiteral("nothing"));
            }
            if (l.fabric == inband && d.catalog[l.medium].id != QLatin1String("nvidia-mms1c10-cm"))
                wrong << what + QStringLiteral(": in-band on ") + d.catalog[l.medium].id;
        });
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.mid(0, 5).join(QLatin1Char('\n'))));
        QCOMPARE(crossing, 512 + 128 + 128);
        const std::vector<Finding> fs = runChecks(d);
        QCOMPARE(countCode(fs, "link.inter-hall-multimode"), 0);
        QCOMPARE(countCode(fs, "link.no-medium"), 0);
    }
};

QTEST_APPLESS_MAIN(TestInterHall)
#include "tst_interhall.moc"
