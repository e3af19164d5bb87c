#include "CliCommon.h"

#include "model/DesignFile.h"
#include "model/fabric/CableRouting.h"

#include "model/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace cds::cli {

QTextStream& out() {
    static QTextStream s(stdout);
    return s;
}

QTextStream& err() {
    static QTextStream s(stderr);
    return s;
}

std::optional<int> parse(QCommandLineParser& p, const QStringList& args, const QString& summary) {
    p.setApplicationDescription(summary);
    p.addHelpOption();
    if (!p.parse(args)) {
        err() << "cluster-studio-cli " << args.value(0) << ": " << p.errorText() << "\n"
              << "Try 'cluster-studio-cli " << args.value(0) << " --help'.\n";
        err().flush();
        return BadInput;
    }
    if (p.isSet(QStringLiteral("help"))) {
        QString help = p.helpText();
        // Qt names argv[0]; users type "cluster-studio-cli COMMAND".
        const qsizetype eol = help.indexOf(QLatin1Char('\n'));
        const qsizetype opts = help.indexOf(QLatin1String(" [options]"));
        if (opts > 0 && opts < eol)
            help.replace(0, opts, QStringLiteral("Usage: cluster-studio-cli ") + args.value(0));
        out() << help;
        out().flush();
        return Ok;
    }
    return std::nullopt;
}

std::optional<DesignData> openDesign(const QString& path) {
    LoadResult r = DesignFile::load(path);
    if (!r.ok) {
        for (const FileError& e : r.errors)
            err() << "cluster-studio-cli: " << e.toString() << "\n";
        err().flush();
        return std::nullopt;
    }
    routeCables(r.data);
    return std::move(r.data);
}

bool writeOutput(const QString& path, const QByteArray& bytes) {
    QString error;
    const bool ok = path.isEmpty() || path == QLatin1String("-")
                        ? writeStandardOutput(bytes, &error)
                        : writeFileAtomically(path, bytes, &error);
    if (!ok) {
        err() << "cluster-studio-cli: " << error << "\n";
        err().flush();
    }
    return ok;
}

bool standardOutputWritten() {
    out().flush();
    errno = 0;
    const bool failed =
        out().status() != QTextStream::Ok || std::fflush(stdout) != 0 || std::ferror(stdout);
    if (!failed)
        return true;
    err() << "cluster-studio-cli: cannot write to standard output: "
          << QString::fromLocal8Bit(std::strerror(errno ? errno : EIO)) << "\n";
    err().flush();
    return false;
}

} // namespace cds::cli
