// Fuzz target: the catalog loader. Any input loads or is refused with file, place and problem.
#include "model/Catalog.h"
#include "model/json/CatalogFile.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    cds::CatalogLibrary lib;
    if (!lib.loadBytes(bytes, QStringLiteral("fuzz.json"))) {
        if (lib.errors().empty() || lib.errors().front().message.isEmpty()) {
            std::fprintf(stderr, "refused without a message\n");
            std::abort();
        }
        return 0;
    }
    for (const cds::CatalogItem& it : lib.catalog().items()) {
        const int n = it.logicalPortCount(2);
        for (int p = 0; p < n; ++p)
            if (!it.logicalPort(2, p)) {
                std::fprintf(stderr, "logical port %d of %d missing\n", p, n);
                std::abort();
            }
    }
    return 0;
}
