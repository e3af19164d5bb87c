#include "Analysis.h"

#include "../rules/Rule.h"

namespace cds {

Analysis analyze(const DesignData& d) {
    const DesignIndex index(d);
    return analyze(d, index);
}

Analysis analyze(const DesignData& d, const DesignIndex& index) {
    Analysis a;
    a.bom = computeBom(d);
    completeAnalysis(a, d, index);
    return a;
}

void completeAnalysis(Analysis& a, const DesignData& d, const DesignIndex& index,
                      const TrayLoad* trays, RuleResults* rules) {
    a.metrics = computeMetrics(d, index, a.bom);
    a.rackPower = rackPower(d, a.metrics);
    a.power = analyzePower(d, a.metrics);
    CheckContext ctx{d, index, a.metrics};
    ctx.trays = trays;
    ctx.power = &a.power;
    a.findings = rules ? rules->runAll(ctx) : runChecks(ctx);
}

} // namespace cds
