#pragma once

#include "InferenceAdvisor.h"
#include "TrainingAdvisor.h"

#include "../generator/Generator.h"

namespace cds {

/// @brief Where the advice's figures come from: an existing design, or a design generated for
/// the answer on @p serverId.
struct AdviceOptions {
    QString serverId = QStringLiteral("nvidia-dgx-h100");
    const DesignData* design = nullptr;   ///< use its GPUs, fabric, power and cost
    std::optional<double> priceUsdPerKwh; ///< overrides the design's energy price
};

/// @brief A training answer: the estimate, the cluster it was timed on, and (without a design)
/// the generator parameters that build that cluster, so the studio can generate it.
struct TrainingAdvice {
    bool ok = false;
    QString error;
    TrainingEstimate estimate;
    ClusterFacts facts;
    std::optional<GenerateParams> generate;
};

/// Sizes @p w: on the design of @p o when given (its GPUs, or fewer with w.gpus, or the fewest
/// of them within w.days), else by sizing on a nominal fabric, generating that cluster from
/// @p library and timing the run on the generated design (growing it if its real fabric is
/// slower than the target allows).
TrainingAdvice adviseTraining(const TrainingWorkload& w, const Catalog& library,
                              const AdviceOptions& o);

/// The server figures of catalog entry @p id, or nullopt (with @p why).
std::optional<ServerFigures> serverFigures(const Catalog& library, const QString& id, QString* why);

} // namespace cds
