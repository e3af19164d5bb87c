#pragma once

#include "model/DesignData.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include <memory>
#include <optional>

namespace cds {
struct PowerBuildOptions;
}

namespace cds::cli {

/// Exit codes are a contract (README): 0 ok, 1 the design has errors (validate), 2 the
/// input cannot be read, is invalid, or the command line is wrong.
enum Exit : int { Ok = 0, DesignHasErrors = 1, BadInput = 2 };

QTextStream& out();
QTextStream& err();

/// Parses @p args (args[0] is the subcommand) with --help handled: returns nullopt to go on,
/// or the exit code to return (0 after printing help, 2 after a usage error).
std::optional<int> parse(QCommandLineParser& p, const QStringList& args, const QString& summary);

/// Loads a design, prints its errors to stderr, derives cable lengths and media.
std::optional<DesignData> openDesign(const QString& path);

/// Writes @p bytes to @p path (writeFileAtomically), or stdout when empty or "-"; every
/// write checked, a failure told on stderr.
bool writeOutput(const QString& path, const QByteArray& bytes);

/// Flushes what the commands printed; false, with a message on stderr, when the standard
/// output could not take it (`> /dev/full`, a closed pipe): the command then exits 2.
bool standardOutputWritten();

/// Budget flag @p name (`it-mw`, `site-mw`, `hall-mw`) in MW: a positive finite number up to
/// 10 GW; nullopt and @p error naming the flag and the value otherwise.
std::optional<double> megawatts(const QCommandLineParser& p, const char* name, QString& error);

/// --power-redundancy (2N, N+1, block, xN/(x-1), single) and --dc-800v into @p o, for
/// generate and power; an error message naming the flag, empty when fine.
QString readPowerRedundancy(const QCommandLineParser& p, PowerBuildOptions& o);

// Subcommands (one file each).
int runValidate(const QStringList& args);
int runStats(const QStringList& args);
int runBom(const QStringList& args);
int runCatalog(const QStringList& args);
int runGenerate(const QStringList& args);
int runExport(const QStringList& args);
int runAdvise(const QStringList& args);
int runImpact(const QStringList& args);
int runPower(const QStringList& args);

/// The application object for this command line: a QGuiApplication (offscreen when there
/// is no display) only for exports that draw (pdf, svg, png), so the other commands never
/// need a display.
std::unique_ptr<QCoreApplication> makeApplication(int& argc, char** argv);

} // namespace cds::cli
