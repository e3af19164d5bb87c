#include "CliCommon.h"

#include "model/DesignFile.h"
#include "model/fabric/CableRouting.h"

#include <QSaveFile>

#include <cstdio>

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
    if (path.isEmpty() || path == QLatin1String("-")) {
        std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout);
        std::fflush(stdout);
        return true;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        err() << "cluster-studio-cli: " << path << ": cannot write: " << f.errorString() << "\n";
        err().flush();
        return false;
    }
    return true;
}

} // namespace cds::cli
