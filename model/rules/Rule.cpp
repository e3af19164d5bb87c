#include "Rule.h"

#include <algorithm>

namespace cds {

QString severityKey(Severity s) {
    switch (s) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        return QStringLiteral("info");
    }
    return {};
}

QString objectKindKey(ObjectRef::Kind k) {
    static const char* keys[] = {"design", "rack", "device", "link", "fabric"};
    return QLatin1String(keys[std::size_t(k)]);
}

QString Finding::key() const {
    std::vector<ObjectRef> sorted = objects;
    std::sort(sorted.begin(), sorted.end());
    QString k = code;
    for (const ObjectRef& o : sorted)
        k += QStringLiteral(":%1/%2").arg(objectKindKey(o.kind)).arg(o.id);
    return k;
}

FindingCounts countFindings(const std::vector<Finding>& fs) {
    FindingCounts c;
    for (const Finding& f : fs) {
        if (f.waived) {
            ++c.waived;
            continue;
        }
        (f.severity == Severity::Error     ? c.errors
         : f.severity == Severity::Warning ? c.warnings
                                           : c.infos)++;
    }
    return c;
}

const RuleRegistry& RuleRegistry::builtin() {
    static const RuleRegistry reg = [] {
        RuleRegistry r;
        registerFoundationRules(r);
        registerFabricRules(r);
        return r;
    }();
    return reg;
}

std::vector<Finding> runChecks(const CheckContext& ctx, const RuleRegistry& rules) {
    std::vector<Finding> out;
    for (const auto& r : rules.rules())
        r->check(ctx, out);
    for (Finding& f : out) {
        const QString key = f.key();
        for (const Waiver& w : ctx.design.waivers) {
            if (w.key == key) {
                f.waived = true;
                f.waiverReason = w.reason;
                break;
            }
        }
    }
    return out;
}

std::vector<Finding> runChecks(const DesignData& d, const RuleRegistry& rules) {
    DesignIndex index(d);
    // Rules read the per-rack figures, never cost or optics counts: skip the BOM, which is
    // the costliest part of the metrics on a 100,000-GPU design.
    const Metrics m = computeMetrics(d, index, Bom{});
    return runChecks(CheckContext{d, index, m}, rules);
}

} // namespace cds
