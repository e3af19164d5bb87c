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
    a.metrics = computeMetrics(d, index, a.bom);
    a.rackPower = rackPower(d, a.metrics);
    a.findings = runChecks(CheckContext{d, index, a.metrics});
    return a;
}

} // namespace cds
