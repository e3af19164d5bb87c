#include "CliCommon.h"

#include "model/AtomicFile.h"
#include "model/cabling/CableRouting.h"
#include "model/json/DesignFile.h"

#include <QIODevice>

namespace cds::cli {

namespace {

/// Why standard output failed (the first failure), empty while it works.
QString& stdoutError() {
    static QString e;
    return e;
}

/// Standard output for the QTextStream: every write checked by writeStandardOutput, whose
/// reason ("No space left on device") is kept for standardOutputWritten.
class StdoutDevice final : public QIODevice {
public:
    StdoutDevice() { open(QIODevice::WriteOnly | QIODevice::Unbuffered); }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* data, qint64 size) override {
        QString error;
        if (!stdoutError().isEmpty() ||
            !writeStandardOutput(QByteArray::fromRawData(data, qsizetype(size)), &error)) {
            if (stdoutError().isEmpty())
                stdoutError() = error;
            return -1;
        }
        return size;
    }
};

} // namespace

QTextStream& out() {
    static StdoutDevice device;
    static QTextStream s(&device);
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
    // An option given twice is refused: QCommandLineParser would silently use the last one.
    QStringList seen;
    for (const QString& name : p.optionNames()) {
        if (p.values(name).size() > 1) {
            err() << "cluster-studio-cli " << args.value(0) << ": option '" << name
                  << "' is given more than once\n"
                  << "Try 'cluster-studio-cli " << args.value(0) << " --help'.\n";
            err().flush();
            return BadInput;
        }
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
    if (path.isEmpty() || path == QLatin1String("-")) {
        out().flush(); // what was printed before goes first
        if (stdoutError().isEmpty() && !writeStandardOutput(bytes, &error))
            stdoutError() = error;
        return stdoutError().isEmpty(); // standardOutputWritten reports it, once
    }
    if (!writeFileAtomically(path, bytes, &error)) {
        err() << "cluster-studio-cli: " << error << "\n";
        err().flush();
        return false;
    }
    return true;
}

bool standardOutputWritten() {
    out().flush();
    if (stdoutError().isEmpty())
        return true;
    err() << "cluster-studio-cli: " << stdoutError() << "\n";
    err().flush();
    return false;
}

} // namespace cds::cli
