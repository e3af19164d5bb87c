// Fuzz target: the design loader. Any input must load or be refused with a message; what the
// streamed reader takes must read as the tree reader reads it; what loads must round-trip to
// identical bytes and survive checks, metrics and cable routing.
#include "model/cabling/CableRouting.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Metrics.h"
#include "model/rules/Rule.h"

#include <cstdio>
#include <cstdlib>
#include <optional>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QString name = QStringLiteral("fuzz.cds.json");
    // What the streamed reader (its own lexer) takes, the tree reader (nlohmann's parser)
    // takes and reads the same; the rest it gives back to the tree reader.
    if (const std::optional<cds::LoadResult> s = cds::DesignFile::loadStreamed(bytes, name)) {
        const cds::LoadResult t = cds::DesignFile::loadTree(bytes, name);
        if (!s->ok || !t.ok || !(s->data == t.data)) {
            std::fprintf(stderr, "the streamed reader read what the tree reader %s\n",
                         t.ok ? "reads otherwise" : "refuses");
            std::abort();
        }
    }
    cds::LoadResult r = cds::DesignFile::loadFromBytes(bytes, name);
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
