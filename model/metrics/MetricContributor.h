#pragma once

#include "Metrics.h"

#include <memory>
#include <string_view>
#include <vector>

namespace cds {

/// What a contributor reads: the design, its index and its counted bill of materials.
struct MetricInputs {
    const DesignData& design;
    const DesignIndex& index;
    const Bom& bom;
};

/// @brief One part of a design's Metrics, filled from the design like a rule judges it: a new
/// figure is a contributor (or a line in one), registered once in metricContributors(), never
/// another block in one long function.
class MetricContributor {
public:
    virtual ~MetricContributor() = default;
    /// "inventory", "power-cooling", "fabric", "cabling-cost": for messages and tests.
    virtual std::string_view name() const = 0;
    /// Fills its part of @p m. Contributors run in registry order; one may read what an
    /// earlier one filled (power needs the GPU count, cost the racks).
    virtual void contribute(const MetricInputs& in, Metrics& m) const = 0;
};

/// The contributors computeMetrics() runs, in order.
const std::vector<std::unique_ptr<const MetricContributor>>& metricContributors();

/// @brief Devices by kind: GPU servers, GPUs, memory and compute, storage, management, PDUs,
/// CDUs, the largest NVLink domain.
class InventoryMetrics final : public MetricContributor {
public:
    std::string_view name() const override { return "inventory"; }
    void contribute(const MetricInputs& in, Metrics& m) const override;
};

/// @brief Per rack and in total: IT power (max and typical), facility power through each
/// cooling type's PUE, weight, space, the rack's envelope, heat to liquid and to the room's air
/// and its airflow; power per row.
class PowerCoolingMetrics final : public MetricContributor {
public:
    std::string_view name() const override { return "power-cooling"; }
    void contribute(const MetricInputs& in, Metrics& m) const override;
};

/// @brief Switches and links by network and tier, per compute plane; the bandwidth of each tier
/// level, bisection, injection per GPU and oversubscription, from the actual links.
class FabricMetrics final : public MetricContributor {
public:
    std::string_view name() const override { return "fabric"; }
    void contribute(const MetricInputs& in, Metrics& m) const override;
};

/// @brief What the bill of materials gives: cables, transceivers and their power, cost by
/// category, total and unpriced lines (applyBom()).
class CablingCostMetrics final : public MetricContributor {
public:
    std::string_view name() const override { return "cabling-cost"; }
    void contribute(const MetricInputs& in, Metrics& m) const override { applyBom(m, in.bom); }
};

} // namespace cds
