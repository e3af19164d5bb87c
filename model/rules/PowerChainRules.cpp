#include "PowerChainRules.h"

#include "../power/PowerFlow.h"
#include "FindingCodes.h"

namespace cds {

namespace {

QString kw(double v) {
    return QStringLiteral("%1 kW").arg(v, 0, 'f', 0);
}

/// "UPS-A1 (Vertiv Liebert EXL S1 UPS 1,200 kW)": the element and what it is.
QString described(const DesignData& d, const PowerElement& e) {
    return e.type ? QStringLiteral("%1 (%2 %3)")
                        .arg(e.name, d.catalog[e.type].vendor, d.catalog[e.type].model)
                  : QStringLiteral("%1 (%2)").arg(e.name, powerKindLabel(e.kind).toLower());
}

QString capacityText(const PowerChain& c, const PowerElement& e) {
    return ratedInKva(e.kind) ? QStringLiteral("%1 kVA x power factor %2 = %3")
                                    .arg(e.capacity, 0, 'f', 0)
                                    .arg(c.powerFactor)
                                    .arg(kw(c.capacityKw(e)))
                              : kw(e.capacity);
}

} // namespace

void registerPowerRules(RuleRegistry& r) {
    r.add(std::make_unique<PowerCapacityRule>());
    r.add(std::make_unique<PowerFeedRule>());
    r.add(std::make_unique<PowerTransientRule>());
    r.add(std::make_unique<PowerStrandedRule>());
    r.add(std::make_unique<PowerFloorRule>());
}

QStringList PowerCapacityRule::codes() const {
    return {codes::kPowerElementOverload, codes::kPowerN1Overload};
}

void PowerCapacityRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    if (!ctx.power)
        return;
    const PowerChain& c = ctx.design.power;
    for (const ElementFlow& f : ctx.power->elements) {
        const PowerElement& e = c.elements[f.id];
        const QString threshold =
            QStringLiteral("capacity %1; loads are each rack's IT maximum, half on each live "
                           "feed, through each stage's efficiency")
                .arg(capacityText(c, e));
        if (f.normalKw > f.capacityKw * (1 + 1e-9)) {
            out.push_back({codes::kPowerElementOverload,
                           Severity::Error,
                           QStringLiteral("%1 carries %2 in normal operation, above its capacity "
                                          "of %3 (%4 %); add capacity or move racks to another "
                                          "feed")
                               .arg(described(ctx.design, e), kw(f.normalKw), kw(f.capacityKw))
                               .arg(f.normalPct(), 0, 'f', 0),
                           {ObjectRef::powerElement(f.id)},
                           name(),
                           threshold});
            continue;
        }
        if (!f.worstFailure || f.worstKw <= f.capacityKw * (1 + 1e-9))
            continue;
        const PowerElement& failed = c.elements[f.worstFailure];
        out.push_back(
            {codes::kPowerN1Overload,
             Severity::Error,
             QStringLiteral("with %1 out, %2 carries %3, above its capacity of %4 (%5 "
                            "%); the %6 reserve cannot take the failed element's load")
                 .arg(failed.name, described(ctx.design, e), kw(f.worstKw), kw(f.capacityKw))
                 .arg(f.worstPct(), 0, 'f', 0)
                 .arg(c.schemeLabel()),
             {ObjectRef::powerElement(f.id), ObjectRef::powerElement(f.worstFailure)},
             name(),
             threshold + QStringLiteral("; N-1: any one element out of service")});
    }
}

QStringList PowerFeedRule::codes() const {
    return {codes::kPowerSingleCorded, codes::kPowerUnfed};
}

void PowerFeedRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    if (!ctx.power || !ctx.power->hasChain())
        return;
    const DesignData& d = ctx.design;
    const PowerChain& c = d.power;
    if (c.scheme != PowerScheme::Single)
        for (const auto& [rack, element] : ctx.power->darkRacks)
            out.push_back({codes::kPowerSingleCorded,
                           Severity::Warning,
                           QStringLiteral("%1 loses power when %2 fails: both its feeds run "
                                          "through it (or it has only one) on a %3 design; "
                                          "connect its B feed to the other side")
                               .arg(d.racks[rack].name, c.elements[element].name, c.schemeLabel()),
                           {ObjectRef::rack(rack), ObjectRef::powerElement(element)},
                           name(),
                           QStringLiteral("%1: every rack keeps a live feed with any one element "
                                          "out of service")
                               .arg(c.schemeLabel())});
    for (const RackMetrics& rm : ctx.metrics.perRack) {
        const Rack& r = d.racks[rm.rack];
        if (rm.itMaxW <= 0 || c.elements.contains(r.feeds.a) || c.elements.contains(r.feeds.b))
            continue;
        out.push_back({codes::kPowerUnfed,
                       Severity::Warning,
                       QStringLiteral("%1 draws %2 but neither feed names an element of the "
                                      "power chain")
                           .arg(r.name, kw(rm.itMaxW / 1000.0)),
                       {ObjectRef::rack(rm.rack)},
                       name(),
                       QStringLiteral("every rack drawing power is fed from the chain")});
    }
}

QStringList PowerTransientRule::codes() const {
    return {codes::kPowerTransientHeadroom};
}

void PowerTransientRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const PowerChain& c = ctx.design.power;
    if (!ctx.power || c.transientPct <= 0)
        return;
    const QString setting =
        QStringLiteral("GPU power swing %1 % of GPU power (design setting)").arg(c.transientPct);
    for (const ElementFlow& f : ctx.power->elements) {
        const PowerElement& e = c.elements[f.id];
        const double swing = f.gpuKwWorst * c.transientPct / 100.0;
        if (swing <= 0)
            continue;
        if ((e.kind == PowerKind::Ups || e.kind == PowerKind::Battery) &&
            f.worstKw + swing > f.capacityKw) {
            out.push_back({codes::kPowerTransientHeadroom,
                           Severity::Warning,
                           QStringLiteral("%1 carries %2 at worst and the GPUs below it swing by "
                                          "%3: %4 is above its capacity of %5")
                               .arg(described(ctx.design, e), kw(f.worstKw), kw(swing),
                                    kw(f.worstKw + swing), kw(f.capacityKw)),
                           {ObjectRef::powerElement(f.id)},
                           name(),
                           setting});
        } else if (e.kind == PowerKind::Generator && e.type) {
            const auto& spec = ctx.design.catalog[e.type].powerElement;
            const double step = spec ? spec->stepLoadPct / 100.0 * f.capacityKw : 0;
            if (step > 0 && swing > step)
                out.push_back({codes::kPowerTransientHeadroom,
                               Severity::Warning,
                               QStringLiteral("%1 accepts a load step of %2 and the GPUs it "
                                              "carries swing by %3")
                                   .arg(described(ctx.design, e), kw(step), kw(swing)),
                               {ObjectRef::powerElement(f.id)},
                               name(),
                               setting + QStringLiteral("; step-load acceptance %1 % of rating")
                                             .arg(spec->stepLoadPct)});
        }
    }
}

QStringList PowerStrandedRule::codes() const {
    return {codes::kPowerStranded};
}

void PowerStrandedRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const PowerAnalysis* a = ctx.power;
    const PowerChain& c = ctx.design.power;
    if (!a || a->strandedTierKw <= 0)
        return;
    const double pct = 100.0 * a->strandedKw / a->strandedTierKw;
    if (pct <= c.strandedPct)
        return;
    out.push_back({codes::kPowerStranded,
                   Severity::Info,
                   QStringLiteral("%1 of the UPS tier's %2 (%3 %) stays unused even with the "
                                  "worst single failure: capacity provisioned and stranded")
                       .arg(kw(a->strandedKw), kw(a->strandedTierKw))
                       .arg(pct, 0, 'f', 0),
                   {},
                   name(),
                   QStringLiteral("stranded above %1 % of the tier's capacity (design setting)")
                       .arg(c.strandedPct)});
}

} // namespace cds
