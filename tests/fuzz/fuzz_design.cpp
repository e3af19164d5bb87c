// Fuzz target: the design loader. Any input must load or be refused with a message; what
// loads must round-trip to identical bytes and survive checks, metrics and cable routing.
#include "model/cabling/CableRouting.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Metrics.h"
#include "model/rules/Rule.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    cds::LoadResult r = cds::DesignFile::loadFromBytes(bytes, QStringLiteral("fuzz.cds.json"));
    if (!r.ok) {
        if (r.errors.empty() || r.errors.front().message.isEmpty()) {
            std::fprintf(stderr, "refused without a message\n");
            std::abort();
        }
        return 0;
    }
    const QByteArray saved = cds::DesignFile::toBytes(r.data);
    cds::LoadResult again = cds::DesignFile::loadFromBytes(saved, QStringLiteral("resaved"));
    if (!again.ok || cds::DesignFile::toBytes(again.data) != saved) {
        std::fprintf(stderr, "a loaded design did not round-trip: %s\n",
                     again.ok ? "bytes differ" : qPrintable(again.errors.front().toString()));
        std::abort();
    }
    if (r.data.links.size() + r.data.devices.size() < 5000) { // keep executions fast
        cds::routeCables(r.data);
        (void)cds::runChecks(r.data);
        (void)cds::computeMetrics(r.data);
    }
    return 0;
}
