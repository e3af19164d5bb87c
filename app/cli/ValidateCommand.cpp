#include "CliCommon.h"

#include "model/analysis/Analysis.h"

#include "model/export/Reports.h"
#include "model/rules/Rule.h"

namespace cds::cli {

int runValidate(const QStringList& args) {
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Design file (*.cds.json)."));
    p.addOption({QStringLiteral("json"), QStringLiteral("Print findings as JSON.")});
    if (auto code = parse(p, args,
                          QStringLiteral("Check a design and list its findings.\n"
                                         "Exit status: 0 no errors, 1 the design has errors, "
                                         "2 the file cannot be read or is invalid.")))
        return *code;
    if (p.positionalArguments().size() != 1) {
        err() << "cluster-studio-cli validate: expected one FILE\n";
        return BadInput;
    }
    const QString file = p.positionalArguments().first();
    auto d = openDesign(file);
    if (!d)
        return BadInput;
    const std::vector<Finding> findings = analyze(*d).findings;
    if (p.isSet(QStringLiteral("json"))) {
        writeOutput({}, findingsJson(*d, findings, file));
    } else {
        out() << findingsText(*d, findings);
        out().flush();
    }
    return countFindings(findings).errors > 0 ? DesignHasErrors : Ok;
}

} // namespace cds::cli
