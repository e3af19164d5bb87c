// cluster-studio-cli: the headless face of the studio, on the same model.
#include "CliCommon.h"
#include "HugePageHeap.h"
#include "export/Exports.h"

#include <QCoreApplication>

#include <array>
#include <csignal>
#include <cstring>

using namespace cds::cli;

namespace {

struct Command {
    const char* name;
    const char* summary;
    int (*run)(const QStringList&);
};

// Every subcommand, in the order --help lists them.
const std::array kCommands = {
    Command{"validate", "check a design; exit 1 if it has errors", &runValidate},
    Command{"stats", "GPUs, power, cost, fabric figures (--json)", &runStats},
    Command{"bom", "bill of materials (--format csv|json, -o OUT)", &runBom},
    Command{"generate", "generate a complete cluster design (--gpus N ... -o FILE)", &runGenerate},
    Command{"catalog", "list the vendor catalog (catalog list [--json])", &runCatalog},
    Command{"export",
            "%FORMATS (--format, -o PATH)", // the formats exportFormats() lists
            &runExport},
    Command{"advise", "size training or serving, the size guide (advise train|infer|guide)",
            &runAdvise},
    Command{"power", "build or rebuild a design's power chain (--power-redundancy S, -o OUT)",
            &runPower},
    Command{"impact", "what breaks if this fails (--fail ID[,ID...] | --n-1 [--kind KIND])",
            &runImpact},
};

void usage(QTextStream& s) {
    s << "Usage: cluster-studio-cli COMMAND [options]\n\nCommands:\n";
    for (const Command& c : kCommands)
        s << "  " << QString::fromLatin1(c.name).leftJustified(10) << " "
          << QString::fromUtf8(c.summary).replace(
                 QLatin1String("%FORMATS"), cds::exports::exportFormats().join(QLatin1Char('|')))
          << "\n";
    s << "\nRun 'cluster-studio-cli COMMAND --help' for a command's options.\n"
      << "Exit status: 0 ok, 1 the design has errors (validate), 2 unreadable or invalid input.\n";
    s.flush();
}

} // namespace

int main(int argc, char** argv) {
    // A closed pipe (`| head`) is a write error the commands report (exit 2 and a message),
    // not a silent death by SIGPIPE (exit 141).
    std::signal(SIGPIPE, SIG_IGN);
    // Huge pages speed reading and analysing a large design (fewer page faults), but round
    // each malloc arena up to 2 MiB pages: an export is held to its memory (1.5 times the
    // model's, issue #32) and its peak is 11-20 MiB lower on ordinary pages (16,384-100,000
    // GPUs) for ~5 % more time.
    if (argc < 2 || std::strcmp(argv[1], "export") != 0)
        cds::useHugePageHeap(argv);
    const auto app = makeApplication(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("cluster-studio-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CDS_VERSION));
    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty() || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h")) {
        usage(args.isEmpty() ? err() : out());
        return args.isEmpty() || !standardOutputWritten() ? BadInput : Ok;
    }
    if (args.first() == QLatin1String("--version")) {
        out() << "cluster-studio-cli " << CDS_VERSION << "\n";
        return standardOutputWritten() ? Ok : BadInput;
    }
    for (const Command& c : kCommands)
        if (args.first() == QLatin1String(c.name)) {
            const int code = c.run(args);
            // Output lost on the way (a full disk behind `>`) is a failure, never exit 0.
            return standardOutputWritten() ? code : BadInput;
        }
    err() << "cluster-studio-cli: unknown command '" << args.first() << "'\n";
    usage(err());
    return BadInput;
}
