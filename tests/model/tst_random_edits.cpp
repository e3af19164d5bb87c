#include "TestDesigns.h"

#include "RandomEdits.h"
#include "model/json/DesignFile.h"

using namespace cds;

/// @brief Random edit sequences: undoing all gives the original bytes, redoing all the final.
/// Seeds are fixed, so a failure names a reproducible sequence.
class TestRandomEdits : public QObject {
    Q_OBJECT

    static void runSequences(const DesignData& start, int sequences, int editsPerSequence) {
        for (int seed = 1; seed <= sequences; ++seed) {
            QRandomGenerator rng{quint32(seed)};
            Design design(start);
            const QByteArray original = DesignFile::toBytes(design.data());
            auto done = test::applyRandomEdits(design, rng, editsPerSequence);
            const QByteArray final = DesignFile::toBytes(design.data());
            for (auto it = done.rbegin(); it != done.rend(); ++it)
                (*it)->revert(design);
            if (DesignFile::toBytes(design.data()) != original)
                QFAIL(qPrintable(
                    QStringLiteral("seed %1: undo all did not restore the original").arg(seed)));
            for (auto& e : done)
                e->apply(design);
            if (DesignFile::toBytes(design.data()) != final)
                QFAIL(qPrintable(
                    QStringLiteral("seed %1: redo all did not restore the final state").arg(seed)));
            // The final state must also survive a save/load round trip.
            LoadResult r = DesignFile::loadFromBytes(final, QStringLiteral("seed"));
            if (!r.ok)
                QFAIL(qPrintable(r.errors.front().toString()));
            QCOMPARE(DesignFile::toBytes(r.data), final);
        }
    }

private Q_SLOTS:
    void thousandsOfEditsUndoAndRedoExactly() { runSequences(test::smallCluster(), 150, 40); }
};

QTEST_APPLESS_MAIN(TestRandomEdits)
#include "tst_random_edits.moc"
