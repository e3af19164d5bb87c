#pragma once

#include "../generator/Generator.h"

#include <functional>
#include <vector>

namespace cds {

/// The generator the sweep calls per point: cds::generateCluster in the studio, a fake in
/// tests. Must be pure and thread-safe (the sweep runs off the UI thread).
using GeneratorFn =
    std::function<GenerateResult(const GenerateParams&, const Catalog&, const Progress&)>;

/// @brief One GPU count of a what-if sweep: the figures of the design generated for it.
struct SweepPoint {
    int gpus = 0;
    bool ok = false;
    QString error; ///< the generator's reason when !ok
    double costUsd = 0;
    double costPerGpuUsd = 0;
    double itKw = 0;
    double facilityKw = 0;
    double bisectionTbps = 0;
    int tiers = 0; ///< compute fabric tiers (1 leaf only, 2 leaf-spine, 3 with core)
    int racks = 0;
    int rows = 0;         ///< hall rows holding racks
    bool newTier = false; ///< more tiers than the previous successful point
    bool newRow = false;  ///< more rows than the previous successful point
};

struct SweepResult {
    std::vector<SweepPoint> points;
    bool cancelled = false;
};

/// GPU counts from @p from doubling up to @p to (both included): 256, 512, ... 16,384.
std::vector<int> doublingCounts(int from, int to);

/// The generator parameters that reproduce the design's current choices: its most common GPU
/// server, its compute leaf switch, rail-optimized or fat tree, oversubscription, SU size and
/// a fixed cooling type if every GPU rack shares one.
GenerateParams sweepBase(const DesignData& d);

/// The catalog a sweep generates from: @p bundled with the design's embedded entries layered
/// over it (same id replaces), so a design's own servers and switches are found, and so are
/// the racks, optics and management switches the generator needs.
Catalog sweepLibrary(const DesignData& d, const Catalog& bundled);

/// Generates and measures a design per count, in order. @p progress gets 0-100 over the whole
/// sweep; returning false cancels (the result then holds the points done, cancelled = true).
SweepResult runSweep(const GenerateParams& base, const std::vector<int>& gpuCounts,
                     const Catalog& library, const GeneratorFn& generate,
                     const Progress& progress = {});

} // namespace cds
