#include "CliCommon.h"

#include "export/Exports.h"
#include "model/export/Reports.h"
#include "model/metrics/Bom.h"

namespace cds::cli {

int runBom(const QStringList& args) {
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Design file (*.cds.json)."));
    p.addOption({QStringLiteral("format"),
                 QStringLiteral("csv (default), json or xlsx (needs -o)."),
                 QStringLiteral("FORMAT"), QStringLiteral("csv")});
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Write to OUT instead of standard output."),
                 QStringLiteral("OUT")});
    if (auto code = parse(
            p, args, QStringLiteral("Print the bill of materials: one line per catalog item.")))
        return *code;
    if (p.positionalArguments().size() != 1) {
        err() << "cluster-studio-cli bom: expected one FILE\n";
        return BadInput;
    }
    const QString format = p.value(QStringLiteral("format"));
    const bool xlsx = format == QLatin1String("xlsx");
    if (format != QLatin1String("csv") && format != QLatin1String("json") && !xlsx) {
        err() << "cluster-studio-cli bom: unknown --format '" << format
              << "' (csv, json or xlsx)\n";
        return BadInput;
    }
    const QString output = p.value(QStringLiteral("output"));
    if (xlsx && (output.isEmpty() || output == QLatin1String("-"))) {
        err() << "cluster-studio-cli bom: --format xlsx needs -o FILE (a workbook is not text)\n";
        return BadInput;
    }
    auto d = openDesign(p.positionalArguments().first());
    if (!d)
        return BadInput;
    // The workbook and the CSV are what File > Export writes (export/Exports.h).
    if (xlsx) {
        QString error;
        if (exports::writeExport(*d, exports::ExportKind::BomXlsx, output, {}, {}, &error))
            return Ok;
        err() << "cluster-studio-cli bom: " << error << "\n";
        return BadInput;
    }
    const QByteArray bytes = format == QLatin1String("json")
                                 ? bomJson(*d, computeBom(*d))
                                 : *exports::exportText(*d, exports::ExportKind::BomCsv, nullptr);
    return writeOutput(output, bytes) ? Ok : BadInput;
}

} // namespace cds::cli
