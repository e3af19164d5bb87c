#include "CliCommon.h"

#include "model/Catalog.h"
#include "model/export/Reports.h"
#include "model/json/CatalogFile.h"

namespace cds::cli {

int runCatalog(const QStringList& args) {
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("list"), QStringLiteral("List the catalog items."));
    p.addOption({QStringLiteral("json"), QStringLiteral("Print as JSON.")});
    if (auto code =
            parse(p, args,
                  QStringLiteral("Inspect the vendor catalog (bundled, plus the user folder %1).")
                      .arg(CatalogLibrary::userFolder())))
        return *code;
    if (p.positionalArguments() != QStringList{QStringLiteral("list")}) {
        err() << "cluster-studio-cli catalog: expected 'list'\n";
        return BadInput;
    }
    const CatalogLibrary lib = CatalogLibrary::loadDefault();
    for (const FileError& e : lib.errors())
        err() << "cluster-studio-cli: " << e.toString() << "\n";
    err().flush();
    if (p.isSet(QStringLiteral("json"))) {
        writeOutput({}, catalogJson(lib.catalog()));
    } else {
        for (const CatalogItem& it : lib.catalog().items())
            out() << it.id.leftJustified(28) << ' ' << categoryKey(it.category).leftJustified(12)
                  << ' ' << it.vendor << ' ' << it.model << "\n";
        out().flush();
    }
    return lib.errors().empty() ? Ok : BadInput;
}

} // namespace cds::cli
