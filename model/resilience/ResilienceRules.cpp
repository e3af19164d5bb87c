// The failure-domain rules: one upstream element under both feeds of a rack, a CDU loop
// without a spare, and a single element that loses more GPUs than the design allows.
#include "BlastRadius.h"

#include "../RackCooling.h"
#include "../rules/FindingCodes.h"
#include "../rules/Rule.h"

#include <map>

namespace cds {

namespace {

/// Up to @p n names and "and N more".
QString someNames(const QStringList& names, int n = 5) {
    QString s = names.mid(0, n).join(QStringLiteral(", "));
    if (names.size() > n)
        s += QStringLiteral(" and %1 more").arg(names.size() - n);
    return s;
}

/// A rack whose A and B feeds meet in one element of the power chain, whose failure alone
/// leaves both dead (a battery's minutes of ride-through do not count as a supply).
/// A CDU on the floor, or a rack cooled through its own in-rack CDU.
bool hasCdus(const DesignData& d) {
    bool found = false;
    d.racks.forEach([&](RackId, const Rack& r) {
        found =
            found || (r.coolingProduct && d.catalog.contains(r.coolingProduct) &&
                      coolingTypeServed(d.catalog[r.coolingProduct]) == CoolingType::DirectLiquid);
    });
    d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& t = d.typeOf(v);
        found = found || (t.category == Category::Cooling && t.coolingType == QLatin1String("cdu"));
    });
    return found;
}

class SharedUpstreamRule {
public:
    static QString name() { return QStringLiteral("SharedUpstreamRule"); } ///< on its findings
    /// The chain's elements (@p d has a power chain) under both feeds of a rack.
    static void check(const DesignData& d, const FailureModel& m, std::vector<Finding>& out) {
        for (const PowerElementLoss& l : powerElementLosses(m)) {
            if (l.shared.empty())
                continue;
            Finding f{codes::kResilienceSharedUpstream,
                      Severity::Warning,
                      {},
                      {},
                      name(),
                      QStringLiteral("no single element of the power chain under both feeds of "
                                     "a rack (sustained supplies; batteries ride through only)")};
            f.objects.push_back(ObjectRef::powerElement(PowerElementId(l.element)));
            QStringList names;
            int gpus = 0;
            for (RackId r : l.shared) {
                f.objects.push_back(ObjectRef::rack(r));
                names << d.racks[r].name;
                gpus += m.racks()[r.value()].gpus;
            }
            const auto& el = m.power().elements()[l.element];
            f.message = QStringLiteral("%1 %2 is under both the A and B feeds of %3 rack(s) (%4): "
                                       "its failure alone stops them, %5 GPUs; feed B through "
                                       "another %1 or give it a second supply")
                            .arg(el.kind, el.name)
                            .arg(l.shared.size())
                            .arg(someNames(names))
                            .arg(gpus);
            out.push_back(std::move(f));
        }
    }
};

class CduNoSpareRule {
public:
    static QString name() { return QStringLiteral("CduNoSpareRule"); } ///< on its findings
    /// CDU loops (@p ctx's design has CDUs) whose one failure stops racks.
    static void check(const CheckContext& ctx, LossCalculator& calc, std::vector<Finding>& out) {
        const FailureModel& m = calc.model();
        Finding plant{codes::kResilienceCduNoSpare,
                      Severity::Warning,
                      {},
                      {},
                      name(),
                      QStringLiteral("the CDU plant runs its racks with any one CDU out of "
                                     "service (N+1)")};
        int worst = 0, worstRacks = 0;
        QStringList names;
        for (std::uint32_t cdu : m.plantCdus()) {
            const LossCalculator::Loss r = calc.run({{FailureElement::Type::Device, cdu, 0}});
            if (r.gpusLost <= 0)
                continue;
            plant.objects.push_back(ObjectRef::device(DeviceId(cdu)));
            names << m.nameOf({FailureElement::Type::Device, cdu, 0});
            if (r.gpusLost > worst)
                worst = r.gpusLost, worstRacks = r.racksDown;
        }
        if (!plant.objects.empty()) {
            plant.message = QStringLiteral("the CDU loop has no spare: losing one of its %1 CDUs "
                                           "(%2) stops %3 rack(s), %4 GPUs; add a CDU")
                                .arg(m.plantCdus().size())
                                .arg(someNames(names))
                                .arg(worstRacks)
                                .arg(worst);
            out.push_back(std::move(plant));
        }
        inRack(ctx, m, out);
    }

private:
    /// Racks cooled by their own in-rack CDU: one loop each, no spare.
    static void inRack(const CheckContext& ctx, const FailureModel& m, std::vector<Finding>& out) {
        Finding f{codes::kResilienceCduNoSpare,
                  Severity::Info,
                  {},
                  {},
                  name(),
                  QStringLiteral("a rack's own in-rack CDU has no spare")};
        QStringList names;
        int gpus = 0;
        for (std::uint32_t i = 0; i < m.racks().size(); ++i) {
            const FailureElement e{FailureElement::Type::Cooling, i, 0};
            if (!m.racks()[i].live || m.racks()[i].gpus == 0 ||
                m.racks()[i].cooling != CoolingNeed::Product || m.kindOf(e) != QLatin1String("cdu"))
                continue;
            f.objects.push_back(ObjectRef::rack(RackId(i)));
            names << ctx.design.racks[RackId(i)].name;
            gpus = std::max(gpus, m.racks()[i].gpus);
        }
        if (f.objects.empty())
            return;
        f.message = QStringLiteral("%1 rack(s) cool through their own in-rack CDU (%2): one CDU "
                                   "failure stops its rack, up to %3 GPUs")
                        .arg(f.objects.size())
                        .arg(someNames(names))
                        .arg(gpus);
        out.push_back(std::move(f));
    }
};

class BlastRadiusRule {
public:
    static QString name() { return QStringLiteral("BlastRadiusRule"); } ///< on its findings
    /// Single elements that lose more GPUs than the design allows.
    static void check(const DesignData& d, LossCalculator& calc, std::vector<Finding>& out) {
        const FailureModel& m = calc.model();
        const bool set = d.settings.blastRadiusGpus > 0;
        const int limit = set ? d.settings.blastRadiusGpus : scalableUnitGpus(d);
        const QString threshold =
            set ? QStringLiteral("GPUs lost by one element's failure <= %1 (design setting "
                                 "blastRadiusGpus)")
                      .arg(limit)
                : QStringLiteral("GPUs lost by one element's failure <= %1 (one scalable unit; "
                                 "design setting blastRadiusGpus)")
                      .arg(limit);
        for (const ElementLoss& l : singleElementLosses(calc)) {
            if (l.gpusLost <= limit)
                continue;
            Finding f{codes::kResilienceBlastRadius,
                      Severity::Warning,
                      QStringLiteral("%1 %2: its failure alone loses %3 GPUs in %4 rack(s), more "
                                     "than %5; split what it feeds or add a redundant path")
                          .arg(m.kindOf(l.element), m.nameOf(l.element))
                          .arg(l.gpusLost)
                          .arg(l.racksDown)
                          .arg(limit),
                      {},
                      name(),
                      threshold};
            using T = FailureElement::Type;
            if (l.element.type == T::Device)
                f.objects.push_back(ObjectRef::device(DeviceId(l.element.id)));
            else if (l.element.type == T::Power)
                f.objects.push_back(ObjectRef::powerElement(PowerElementId(l.element.id)));
            else if (l.element.type == T::Pathway)
                f.objects.push_back(ObjectRef::pathway(PathwayId(l.element.id)));
            else
                f.objects.push_back(ObjectRef::rack(RackId(l.element.id)));
            out.push_back(std::move(f));
        }
    }
};

/// The three checks on one failure model: building it is most of their time (9 ms each at
/// 100,000 GPUs when each built its own). Each finding names the check it comes from.
class FailureDomainRules final : public Rule {
public:
    QString name() const override { return QStringLiteral("FailureDomainRules"); }
    QStringList codes() const override {
        return {codes::kResilienceSharedUpstream, codes::kResilienceCduNoSpare,
                codes::kResilienceBlastRadius};
    }
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override {
        const DesignData& d = ctx.design;
        const FailureModel m(d, false, &ctx.index);
        LossCalculator calc(m);
        if (!d.power.isEmpty()) // else no chain above the PDUs: the feeds meet nowhere
            SharedUpstreamRule::check(d, m, out);
        if (hasCdus(d)) // else no CDU on the floor nor in a rack: nothing to spare
            CduNoSpareRule::check(ctx, calc, out);
        BlastRadiusRule::check(d, calc, out);
    }
};

} // namespace

void registerResilienceRules(RuleRegistry& r) {
    r.add(std::make_unique<FailureDomainRules>());
}

} // namespace cds
