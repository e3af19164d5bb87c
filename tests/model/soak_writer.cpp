// Test helper for tst_model_soak: a session of random edits, undo, redo, scenarios and saves
// over a design file, journaled as the studio journals, printing "STEP RSS_KB" once each step
// is on disk. The test kills it (SIGKILL) at random moments and recovers the journal.
// Usage: soak_writer START.cds.json JOURNAL SAVED.cds.json SEED STEPS
#include "SoakSteps.h"

#include "model/json/DesignFile.h"
#include "model/json/EditJournal.h"

#include <QFile>

#include <cstdio>

namespace {

long residentKb() {
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> f = statm.readAll().split(' ');
    return f.size() > 1 ? f[1].toLong() * 4 : 0; // pages of 4 KiB
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 6)
        return 2;
    const QString start = QString::fromLocal8Bit(argv[1]),
                  journalPath = QString::fromLocal8Bit(argv[2]),
                  saved = QString::fromLocal8Bit(argv[3]);
    cds::LoadResult loaded = cds::DesignFile::load(start);
    if (!loaded.ok)
        return 1;
    cds::test::SoakSession session(std::move(loaded.data), quint32(std::atoi(argv[4])));
    cds::EditJournal journal(&session.design());
    QString error;
    if (!journal.start(journalPath, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const int steps = std::atoi(argv[5]);
    for (int i = 1; i <= steps; ++i) {
        const auto [action, text] = session.step(i);
        if (action == cds::test::SoakSession::Action::Save) {
            // As the studio saves: the file, then a new journal based on the saved bytes.
            const QByteArray bytes = cds::DesignFile::toBytes(session.design().data());
            const QString prepared = journalPath + QStringLiteral(".next");
            if (!cds::DesignFile::save(session.design().data(), saved, &error) ||
                !cds::EditJournal::writeBase(prepared, bytes, &error) ||
                !journal.adopt(prepared, journalPath, &error)) {
                std::fprintf(stderr, "%s\n", qPrintable(error));
                return 1;
            }
        } else if (!journal.checkpoint(text)) {
            return 1;
        }
        std::printf("%d %ld\n", i, residentKb());
        std::fflush(stdout);
    }
    return 0;
}
