#include "PowerChainRules.h"

#include "../power/PowerFlow.h"
#include "FindingCodes.h"

#include <algorithm>
#include <cmath>

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

/// The swing of the GPUs below each UPS, battery and generator against what is left of its
/// capacity in the worst case, or its step-load acceptance (power.transient-headroom).
void checkSwing(const CheckContext& ctx, const QString& rule, std::vector<Finding>& out) {
    const PowerChain& c = ctx.design.power;
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
                           rule,
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
                               rule,
                               setting + QStringLiteral("; step-load acceptance %1 % of rating")
                                             .arg(spec->stepLoadPct)});
        }
    }
}

// Ride-through: when the utility fails, a UPS's battery carries its load until the standby
// generators have started and taken it.

/// NFPA 110 (Standard for Emergency and Standby Power Systems), Table 4.1(b): a Type 10 system
/// leaves the load terminals of its transfer switch without acceptable power for at most 10 s.
constexpr double kGeneratorAcceptS = 10;
/// The time a generator set takes between two load steps, to recover its voltage and frequency
/// from one before it takes the next: an estimate (ISO 8528-5 bounds the recovery time by the
/// set's performance class; this figure leaves a margin over it).
constexpr double kLoadStepIntervalS = 10;
/// The shortest ride-through accepted, whatever the generators: a design assumption, leaving
/// room for a second start attempt and a controlled transfer.
constexpr double kMinRideThroughS = 60;

/// @brief What an element falls back on when the utility fails: the standby generator above it
/// that needs the most load steps, and the ride-through that asks for.
struct GeneratorStart {
    PowerElementId generator; ///< invalid: no generator above the element
    int steps = 0;            ///< load steps it takes its whole rating in: 100 / stepLoadPct
    double stepPct = 0;       ///< its step-load acceptance, % of rating (0: not in the catalog)
    double startS = 0;        ///< time to start and take the load in those steps, s
    double requiredS = 0;     ///< startS, at least kMinRideThroughS
};

/// A figure of @p e's catalog entry (PowerElementSpec::stepLoadPct...), 0 when it has none.
double catalogFigure(const DesignData& d, const PowerElement& e, double PowerElementSpec::*figure) {
    if (!e.type || !d.catalog.contains(e.type) || !d.catalog[e.type].powerElement)
        return 0;
    const PowerElementSpec& spec = *d.catalog[e.type].powerElement;
    return spec.*figure;
}

/// The generators above @p id's normal supplies (not through its batteries), and the slowest
/// of them to take the load.
GeneratorStart generatorStart(const DesignData& d, PowerElementId id) {
    const PowerChain& c = d.power;
    GeneratorStart g;
    std::vector<char> seen(c.elements.capacity(), 0);
    std::vector<PowerElementId> todo = c.elements[id].upstream;
    while (!todo.empty()) {
        const PowerElementId u = todo.back();
        todo.pop_back();
        if (!c.elements.contains(u) || seen[u.value()])
            continue;
        seen[u.value()] = 1;
        const PowerElement& e = c.elements[u];
        if (e.kind == PowerKind::Generator) {
            const double pct = catalogFigure(d, e, &PowerElementSpec::stepLoadPct);
            // No step-load figure: the whole load in one step, after the 10 s start.
            const int steps = pct > 0 ? std::max(1, int(std::ceil(100.0 / pct - 1e-9))) : 1;
            if (!g.generator || steps > g.steps) {
                g.generator = u;
                g.steps = steps;
                g.stepPct = pct;
            }
        } else if (e.kind != PowerKind::Battery) {
            todo.insert(todo.end(), e.upstream.begin(), e.upstream.end());
        }
    }
    if (g.generator) {
        g.startS = kGeneratorAcceptS + (g.steps - 1) * kLoadStepIntervalS;
        g.requiredS = std::max(kMinRideThroughS, g.startS);
    }
    return g;
}

QString seconds(double s) {
    return QStringLiteral("%1 s").arg(s, 0, 'f', 0);
}

/// "60 s required (GEN-A1 takes 20 s to start and take the load in 2 steps of 50 %; at least
/// 60 s)".
QString requirementText(const DesignData& d, const GeneratorStart& g) {
    const QString steps = g.stepPct <= 0 ? QStringLiteral("one step, its catalog entry giving "
                                                          "no step-load figure")
                          : g.steps == 1
                              ? QStringLiteral("one step of %1 %").arg(g.stepPct)
                              : QStringLiteral("%1 steps of %2 %").arg(g.steps).arg(g.stepPct);
    return QStringLiteral("%1 required (%2 takes %3 to start and take the load in %4; at least "
                          "%5)")
        .arg(seconds(g.requiredS), d.power.elements[g.generator].name, seconds(g.startS), steps,
             seconds(kMinRideThroughS));
}

QString rideThroughRule() {
    return QStringLiteral("ride-through at least the time the standby generators need to take "
                          "the load: %1 s to accept load (NFPA 110 Level 1, Type 10) plus %2 s "
                          "for each further load step, 100 / stepLoadPct steps (estimate), and "
                          "never under %3 s (design assumption); battery runtime = rideThroughMin "
                          "x its rated kW / its load (a linear approximation: a battery gives "
                          "less at a high discharge rate)")
        .arg(kGeneratorAcceptS)
        .arg(kLoadStepIntervalS)
        .arg(kMinRideThroughS);
}

/// Battery @p f, backing the elements @p backs (its UPS), against the generators' start: its
/// runtime at its worst load plus the GPUs' swing, from its catalog minutes at its rated kW.
void checkBattery(const CheckContext& ctx, const ElementFlow& f,
                  const std::vector<PowerElementId>& backs, const QString& rule,
                  std::vector<Finding>& out) {
    const DesignData& d = ctx.design;
    const PowerElement& e = d.power.elements[f.id];
    const double minutes = catalogFigure(d, e, &PowerElementSpec::rideThroughMin);
    const double swing = f.gpuKwWorst * std::max(0.0, d.power.transientPct) / 100.0;
    const double load = f.worstKw + swing;
    if (minutes <= 0 || load <= 0 || f.capacityKw <= 0)
        return;
    GeneratorStart start;
    PowerElementId backed;
    for (PowerElementId b : backs)
        if (const GeneratorStart g = generatorStart(d, b);
            g.generator && g.requiredS > start.requiredS) {
            start = g;
            backed = b;
        }
    const double runtimeS = minutes * 60.0 * f.capacityKw / load;
    if (!start.generator || runtimeS >= start.requiredS)
        return; // no generator to bridge to, or enough time
    const QString carries =
        swing > 0 ? QStringLiteral("%1 (its worst load %2 plus the GPUs' swing of %3)")
                        .arg(kw(load), kw(f.worstKw), kw(swing))
                  : kw(load);
    out.push_back({codes::kPowerTransientHeadroom,
                   Severity::Warning,
                   QStringLiteral("%1 must carry %2 when the utility fails: rated %3 min at %4, it "
                                  "runs about %5, less than the %6; add battery capacity or "
                                  "runtime")
                       .arg(described(d, e), carries, QString::number(minutes), kw(f.capacityKw),
                            seconds(runtimeS), requirementText(d, start)),
                   {ObjectRef::powerElement(f.id), ObjectRef::powerElement(backed)},
                   rule,
                   rideThroughRule()});
}

/// A UPS that draws from no battery: nothing carries its load while the generators start.
void checkUpsWithoutBattery(const CheckContext& ctx, const ElementFlow& f, const QString& rule,
                            std::vector<Finding>& out) {
    const DesignData& d = ctx.design;
    const PowerElement& e = d.power.elements[f.id];
    const bool battery = std::any_of(e.upstream.begin(), e.upstream.end(), [&](PowerElementId u) {
        return d.power.elements.contains(u) && d.power.elements[u].kind == PowerKind::Battery;
    });
    if (battery || f.worstKw <= 0)
        return;
    const GeneratorStart start = generatorStart(d, f.id);
    if (!start.generator)
        return;
    out.push_back({codes::kPowerTransientHeadroom,
                   Severity::Warning,
                   QStringLiteral("%1 carries %2 at worst and draws from no battery: when the "
                                  "utility fails nothing carries its load for the %3; give it a "
                                  "battery")
                       .arg(described(d, e), kw(f.worstKw), requirementText(d, start)),
                   {ObjectRef::powerElement(f.id), ObjectRef::powerElement(start.generator)},
                   rule,
                   rideThroughRule()});
}

/// Every battery and every UPS without one against the generators' start.
void checkRideThrough(const CheckContext& ctx, const QString& rule, std::vector<Finding>& out) {
    const PowerChain& c = ctx.design.power;
    std::vector<std::vector<PowerElementId>> backs(c.elements.capacity()); // by battery
    c.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        for (PowerElementId u : e.upstream)
            if (c.elements.contains(u) && c.elements[u].kind == PowerKind::Battery)
                backs[u.value()].push_back(id);
    });
    for (const ElementFlow& f : ctx.power->elements) {
        const PowerKind kind = c.elements[f.id].kind;
        if (kind == PowerKind::Battery)
            checkBattery(ctx, f, backs[f.id.value()], rule, out);
        else if (kind == PowerKind::Ups)
            checkUpsWithoutBattery(ctx, f, rule, out);
    }
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
    if (!ctx.power)
        return;
    if (ctx.design.power.transientPct > 0)
        checkSwing(ctx, name(), out);
    checkRideThrough(ctx, name(), out);
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
