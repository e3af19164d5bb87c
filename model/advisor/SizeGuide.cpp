#include "SizeGuide.h"

#include "TrainingAdvisor.h"

#include <cmath>

namespace cds {

namespace {

struct SeedSize {
    const char* name;
    int gpusMin, gpusMax; ///< for 8-GPU servers, as the seed gives them
};
// The seed's cluster sizes (H100 SXM5, 8-GPU servers).
constexpr SeedSize kSeedSizes[] = {
    {"single server", 8, 8}, {"small", 32, 64}, {"medium", 128, 256}, {"large", 512, 1024}};

int wholeServers(int gpus, int perServer) {
    return (gpus + perServer - 1) / perServer * perServer;
}

QString range(const QString& a, const QString& b) {
    return a == b ? a : a + QStringLiteral("-") + b;
}

} // namespace

double trainableParams(double memoryGb) {
    return memoryGb * kUsableMemoryShare * 1e9 / kModelStateBytesPerParam;
}

double servableParams(double memoryGb) {
    return memoryGb / 2 * 1e9 / 2;
}

QString paramsText(double p) {
    if (p >= 1e12)
        return QString::number(p / 1e12, 'f', 1) + QStringLiteral("T");
    return QString::number(std::floor(p / 1e9)) + QStringLiteral("B");
}

QString seedMemoryText(double gb) {
    if (gb < 1024)
        return QString::number(std::round(gb)) + QStringLiteral(" GB");
    return QString::number(std::round(gb / 1024 * 10) / 10) + QStringLiteral(" TB");
}

SizeGuideServer sizeGuide(const ServerFigures& s) {
    SizeGuideServer out;
    out.server = s;
    for (const SeedSize& seed : kSeedSizes) {
        SizeGuideRow r;
        r.size = QString::fromLatin1(seed.name);
        const int single = s.gpusPerServer;
        r.gpusMin = seed.gpusMax == 8 ? single : wholeServers(seed.gpusMin, single);
        r.gpusMax = seed.gpusMax == 8 ? single : wholeServers(seed.gpusMax, single);
        r.memoryGbMin = r.gpusMin * s.memoryGb;
        r.memoryGbMax = r.gpusMax * s.memoryGb;
        const QString lo = seedMemoryText(r.memoryGbMin), hi = seedMemoryText(r.memoryGbMax);
        const bool sameUnit = lo.right(2) == hi.right(2);
        r.memoryText =
            sameUnit && lo != hi ? lo.chopped(3) + QStringLiteral("-") + hi : range(lo, hi);
        r.trainParamsMin = trainableParams(r.memoryGbMin);
        r.trainParamsMax = trainableParams(r.memoryGbMax);
        r.serveParamsMin = servableParams(r.memoryGbMin);
        r.serveParamsMax = servableParams(r.memoryGbMax);
        r.suits = QStringLiteral("train up to %1 params (mixed-precision Adam); serve up to %2 "
                                 "(bf16)")
                      .arg(range(paramsText(r.trainParamsMin), paramsText(r.trainParamsMax)),
                           range(paramsText(r.serveParamsMin), paramsText(r.serveParamsMax)));
        out.rows.push_back(r);
    }
    return out;
}

std::vector<SizeGuideServer> sizeGuide(const Catalog& library) {
    std::vector<SizeGuideServer> out;
    for (const CatalogItem& item : library.items())
        if (item.category == Category::Server)
            if (auto s = ServerFigures::of(item))
                out.push_back(sizeGuide(*s));
    return out;
}

} // namespace cds
