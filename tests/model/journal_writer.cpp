// Test helper for tst_model_journal: applies random edits to the small cluster with a journal,
// printing each checkpoint's number once it is on disk. The test kills it at random moments.
// Usage: journal_writer JOURNAL SEED EDITS
#include "RandomEdits.h"
#include "TestDesigns.h"

#include "model/json/EditJournal.h"

#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 4)
        return 2;
    cds::Design design(cds::test::smallCluster());
    cds::EditJournal journal(&design);
    QString error;
    if (!journal.start(QString::fromLocal8Bit(argv[1]), &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    QRandomGenerator rng{quint32(std::atoi(argv[2]))};
    const int edits = std::atoi(argv[3]);
    for (int i = 1; i <= edits; ++i) {
        auto done = cds::test::applyRandomEdits(design, rng, 1);
        if (!journal.checkpoint(done.front()->text()))
            return 1;
        std::printf("%d\n", i);
        std::fflush(stdout);
    }
    return 0;
}
