#include "FabricTestUtil.h"
#include "model/fabric/FatTreePlan.h"

using namespace cds;

/// @brief Fat-tree arithmetic: capacities k^2/2 and k^3/4, balanced rounding, limits.
class TestFatTree : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capacities() {
        QCOMPARE(fatTreeCapacity(64, 2), 2048LL);
        QCOMPARE(fatTreeCapacity(64, 3), 65536LL);
        QCOMPARE(fatTreeCapacity(128, 3), 524288LL);
        QCOMPARE(leafDownlinks(64, 1.0), 32);
        QCOMPARE(leafDownlinks(64, 3.0), 48);
    }
    void twoTierLimitIsKSquaredOverTwo() {
        // 64 leaves of 32 endpoints = 2048 = k^2/2 fit in 2 tiers; one leaf more does not.
        FatTreePlan p = planFatTree({64, 64, 32, 1.0, 0, 1});
        QVERIFY(p.ok);
        QCOMPARE(p.tiers, 2);
        QCOMPARE(p.spines, 32);
        QCOMPARE(p.linksPerLeafSpine, 1);
        p = planFatTree({64, 65, 32, 1.0, 0, 1});
        QVERIFY(p.ok);
        QCOMPARE(p.tiers, 3);
        QVERIFY(!planFatTree({64, 65, 32, 1.0, 2, 1}).ok);
    }
    void threeTierLimitIsKCubedOverFour() {
        // 2048 leaves x 32 = 65536 = k^3/4 endpoints: 64 pods of 32 leaves, 32 spines each.
        FatTreePlan p = planFatTree({64, 2048, 32, 1.0, 0, 8});
        QVERIFY(p.ok);
        QCOMPARE(p.tiers, 3);
        QCOMPARE(p.pods, 64);
        QCOMPARE(p.spines, 64 * 32);
        QCOMPARE(p.cores, 32 * 32);
        QCOMPARE(p.linksPerSpineCore, 1);
        QVERIFY(!planFatTree({64, 2056, 32, 1.0, 0, 8}).ok);
    }
    void balancedRounding() {
        // 7 leaves x 30 uplinks need ceil(210/64) = 4 spines, but 4 does not divide 30.
        FatTreePlan p = planFatTree({64, 7, 30, 1.0, 0, 1});
        QVERIFY(p.ok);
        QCOMPARE(p.spines, 5);
        QCOMPARE(p.linksPerLeafSpine, 6);
        QCOMPARE(p.notes.size(), 1);
        QVERIFY(p.notes.first().contains(QLatin1String("from 4 to 5")));
        // Cores: 3 pods x 32 spine uplinks need 2 cores per plane (32 % 2 == 0, no rounding).
        p = planFatTree({64, 96, 32, 1.0, 3, 8});
        QVERIFY(p.ok);
        QCOMPARE(p.pods, 3);
        QCOMPARE(p.coresPerPlane, 2);
        QCOMPARE(p.linksPerSpineCore, 16);
    }
    void oversubscription() {
        FatTreePlan p = planFatTree({64, 4, 42, 2.0, 0, 1});
        QVERIFY(p.ok);
        QCOMPARE(p.leafUp, 21);
        QVERIFY(!planFatTree({64, 4, 40, 1.0, 0, 1}).ok); // 40 down + 40 up > 64
    }
    void atLeastTwoSpines() {
        const FatTreePlan p = planFatTree({64, 2, 16, 1.0, 0, 1});
        QVERIFY(p.ok);
        QCOMPARE(p.spines, 2);
    }
};

QTEST_APPLESS_MAIN(TestFatTree)
#include "tst_fattree.moc"
