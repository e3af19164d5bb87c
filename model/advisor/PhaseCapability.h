#pragma once

#include "../phases/BuildPlan.h"

#include <array>

/// @file What the GPUs ready at the end of each build phase can do, as the advisor answers it:
/// the build plan's phases (model/phases) timed on the design as it stands at each phase's end.
namespace cds {

/// @brief A published training run the build plan times each phase on.
struct ReferenceRun {
    const char* name; ///< "Llama 3 70B, 15T tokens"
    const char* key;  ///< "llama3_70b": the build-plan CSV column is key + "_days"
    double params;
    double tokens;
    const char* source;
};

/// Llama 3 70B and 405B as Meta trained them: 405B on 15.6T tokens (Dubey et al. 2024, "The
/// Llama 3 Herd of Models", arXiv:2407.21783, section 1), 70B on over 15T tokens (Meta,
/// "Introducing Meta Llama 3", 18 April 2024).
inline constexpr std::array<ReferenceRun, 2> kReferenceRuns{{
    {"Llama 3 70B, 15T tokens", "llama3_70b", 70.6e9, 15e12,
     "Meta, \"Introducing Meta Llama 3\" (2024): over 15T tokens"},
    {"Llama 3 405B, 15.6T tokens", "llama3_405b", 405e9, 15.6e12,
     "Dubey et al. 2024, \"The Llama 3 Herd of Models\", section 1: 15.6T tokens"},
}};

/// @brief One phase's answer.
struct PhaseCapability {
    int gpusReady = 0;
    double trainParamsMax = 0; ///< the largest model whose training state fits the GPUs ready
    double serveParamsMax = 0; ///< the largest served in bf16 (weights in half the memory)
    /// Days of compute each reference run takes on the design at the phase's end
    /// (kReferenceRuns order), at the advisor's default MFU, interruptions not included; 0 when
    /// it cannot run (see @c why).
    std::array<double, kReferenceRuns.size()> days{};
    std::array<QString, kReferenceRuns.size()> runWhy; ///< the advisor's reason, when days is 0
    QString why; ///< why the advisor cannot answer (no GPU server yet, ...), or empty
    /// Reference run @p i: "21 days", "9.5 days", or the advisor's reason it cannot run.
    QString runText(std::size_t i) const;
    /// "train up to 36B; serve up to 160B (bf16); Llama 3 70B, 15T tokens: 21 days"
    QString summary() const;
};

/// The answer for each phase of @p plan (built from @p d), in order. Each phase is timed on
/// designUpTo(d, phase): its own GPUs, fabric, power and cost.
std::vector<PhaseCapability> phaseCapabilities(const DesignData& d, const BuildPlan& plan);

} // namespace cds
