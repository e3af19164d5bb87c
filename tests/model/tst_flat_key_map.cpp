// FlatKeyMap (issue #32): the open-addressing map the tray tally groups cables into rack pairs
// with and the BOM keeps its rare cage keys in answers as std::unordered_map does, through
// many regrowths, for keys that differ only in their high half (rack pairs: a << 32 | b) as
// for random ones.
#include "model/FlatKeyMap.h"

#include <QRandomGenerator>
#include <QTest>

#include <unordered_map>
#include <variant>

using namespace cds;

class TestFlatKeyMap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void answersAsAnUnorderedMap_data() {
        QTest::addColumn<bool>("rackPairs");
        QTest::newRow("rack pairs") << true;
        QTest::newRow("random keys") << false;
    }
    void answersAsAnUnorderedMap() {
        QFETCH(bool, rackPairs);
        QRandomGenerator g(32);
        FlatKeyMap<std::uint32_t> flat; // from its smallest size: it regrows ~13 times
        std::unordered_map<std::uint64_t, std::uint32_t> want;
        std::vector<std::uint64_t> keys;
        for (std::uint32_t i = 0; i < 60000; ++i) {
            const std::uint64_t key =
                rackPairs ? (std::uint64_t(g.bounded(3000u)) << 32) | (3000u + g.bounded(3000u))
                          : (g.bounded(40000u) + 1) * 0x9e3779b97f4a7c15ULL; // scattered
            keys.push_back(key);
            const auto [value, added] = flat.tryEmplace(key, i);
            const auto [it, inserted] = want.try_emplace(key, i);
            QCOMPARE(added, inserted);
            QCOMPARE(*value, it->second); // the first value stays
            QCOMPARE(flat.size(), want.size());
        }
        QVERIFY(flat.size() < keys.size()); // some keys came twice
        for (std::uint64_t key : keys) {
            const std::uint32_t* value = flat.find(key);
            QVERIFY(value);
            QCOMPARE(*value, want.at(key));
        }
        for (int i = 0; i < 10000; ++i) {
            const std::uint64_t key = g.generate64() | 1;
            QCOMPARE(flat.find(key) != nullptr, want.contains(key));
        }
        QVERIFY(!flat.find(0)); // the empty slots' mark is no key
    }

    void aSetOfKeysTellsNewFromSeen() {
        FlatKeyMap<std::monostate> seen(4);
        QVERIFY(seen.tryEmplace(42, {}).second);
        QVERIFY(!seen.tryEmplace(42, {}).second);
        for (std::uint64_t k = 1; k <= 100; ++k)
            QCOMPARE(seen.tryEmplace(k << 40, {}).second, true);
        QCOMPARE(seen.size(), std::size_t(101));
        QVERIFY(seen.find(42) && seen.find(std::uint64_t(100) << 40) && !seen.find(43));
    }
};

QTEST_APPLESS_MAIN(TestFlatKeyMap)
#include "tst_flat_key_map.moc"
