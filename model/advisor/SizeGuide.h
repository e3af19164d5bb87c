#pragma once

#include "ClusterFacts.h"

#include <vector>

namespace cds {

/// @brief One cluster size of the seed's guide on one server type, computed from its figures.
struct SizeGuideRow {
    QString size; ///< "single server", "small", "medium", "large"
    int gpusMin = 0, gpusMax = 0;
    double memoryGbMin = 0, memoryGbMax = 0; ///< total GPU memory
    QString memoryText; ///< as the seed writes it: "640 GB", "2.5-5 TB" (1 TB = 1,024 GB)
    double trainParamsMin = 0, trainParamsMax = 0; ///< full training: 16 B/param in 90 % of memory
    double serveParamsMin = 0, serveParamsMax = 0; ///< bf16 weights in half the memory
    QString suits; ///< e.g. "train up to 36B params; serve up to 160B (bf16)"
};

/// @brief The guide for one catalog GPU server.
struct SizeGuideServer {
    ServerFigures server;
    std::vector<SizeGuideRow> rows;
};

/// The seed's size guide (one 8-GPU server; 32-64, 128-256 and 512-1,024 GPUs) for every GPU
/// server of @p library, in catalog order: each size's GPU count in whole servers (an NVL72
/// rack is one server), its total memory and the largest models it trains and serves.
std::vector<SizeGuideServer> sizeGuide(const Catalog& library);
SizeGuideServer sizeGuide(const ServerFigures& server);

/// The largest model whose mixed-precision Adam training state (16 B/param) fits in the usable
/// 90 % of @p memoryGb of GPU memory.
double trainableParams(double memoryGb);
/// The largest model whose bf16 weights (2 B/param) fill half of @p memoryGb, the rest left to
/// the KV cache.
double servableParams(double memoryGb);
/// "36B", "1.2T": parameters as the guide writes them.
QString paramsText(double params);

/// "640 GB", "2.5 TB", "80 TB": GB below 1,024, else the seed's TB of 1,024 GB.
QString seedMemoryText(double gb);

} // namespace cds
