#include "Rule.h"

#include "../Parallel.h"
#include "../fabric/FabricGraph.h"
#include "../power/PowerFlow.h"

#include <algorithm>
#include <iterator>
#include <mutex>

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
    static const char* keys[] = {"design", "rack",    "device",       "link",
                                 "fabric", "pathway", "power-element"};
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
        registerPowerRules(r);
        registerResilienceRules(r);
        return r;
    }();
    return reg;
}

void markWaived(const DesignData& d, std::vector<Finding>& findings) {
    if (d.waivers.empty())
        return;
    for (Finding& f : findings) {
        const QString key = f.key();
        for (const Waiver& w : d.waivers) {
            if (w.key == key) {
                f.waived = true;
                f.waiverReason = w.reason;
                break;
            }
        }
    }
}

namespace {

/// Runs each of @p rules into its own list of @p byRule, on this thread and one more: a rule
/// reads the design and the context (the power flow built before, the fabric graphs built by
/// whichever rule asks first) and writes its own list only, so the lists are those one thread
/// would make. This thread takes the rules from the first on, the other from the last back
/// (the costliest, the fabric and pathway rules, stand late in the registry), until they meet.
void checkAll(const CheckContext& ctx, const std::vector<std::unique_ptr<Rule>>& rules,
              std::vector<std::vector<Finding>>& byRule) {
    byRule.assign(rules.size(), {});
    std::mutex mutex;
    std::size_t front = 0, back = rules.size(); // the rules not taken: [front, back)
    const auto work = [&](bool fromFront) {
        for (;;) {
            std::size_t i;
            {
                std::lock_guard lock(mutex);
                if (front == back)
                    return;
                i = fromFront ? front++ : --back;
            }
            rules[i]->check(ctx, byRule[i]);
        }
    };
    alongside([&] { work(true); }, [&] { work(false); });
}

} // namespace

std::vector<Finding> runChecks(const CheckContext& ctx, const RuleRegistry& rules) {
    return RuleResults(rules).runAll(ctx); // the same run, its lists not kept
}

std::vector<Finding> RuleResults::runAll(const CheckContext& ctx) {
    FabricGraphCache graphs;
    CheckContext shared = ctx;
    if (!shared.graphs)
        shared.graphs = &graphs;
    PowerAnalysis power;
    if (!shared.power) {
        power = analyzePower(ctx.design, ctx.metrics);
        shared.power = &power;
    }
    checkAll(shared, m_rules.rules(), m_byRule);
    return collect(ctx.design);
}

std::vector<Finding> RuleResults::rerunPlacement(const CheckContext& ctx,
                                                 const std::vector<LinkId>* relinked,
                                                 bool racksMoved) {
    if (m_byRule.size() != m_rules.rules().size())
        return runAll(ctx);
    std::vector<LinkId> links;
    if (relinked) {
        links = *relinked;
        std::sort(links.begin(), links.end());
        links.erase(std::unique(links.begin(), links.end()), links.end());
    }
    for (std::size_t i = 0; i < m_byRule.size(); ++i) {
        const Rule& rule = *m_rules.rules()[i];
        if (!rule.readsPlacement() || (!racksMoved && !rule.readsTrays()))
            continue;
        if (relinked && rule.checksLinksAlone()) {
            relink(rule, ctx, links, m_byRule[i]);
            continue;
        }
        m_byRule[i].clear();
        rule.check(ctx, m_byRule[i]);
    }
    return collect(ctx.design);
}

void RuleResults::relink(const Rule& rule, const CheckContext& ctx,
                         const std::vector<LinkId>& relinked,
                         std::vector<Finding>& findings) const {
    // A full run finds link by link in id order; the kept findings and the new ones are
    // merged back into that order, so the result is the full run's.
    auto linkOf = [](const Finding& f) {
        return f.objects.empty() || f.objects.front().kind != ObjectRef::Kind::Link
                   ? UINT32_MAX
                   : f.objects.front().id;
    };
    auto isRelinked = [&](const Finding& f) {
        return std::binary_search(relinked.begin(), relinked.end(), LinkId(linkOf(f)));
    };
    findings.erase(std::remove_if(findings.begin(), findings.end(), isRelinked), findings.end());
    std::vector<Finding> fresh;
    rule.checkLinks(ctx.design, relinked, fresh);
    std::vector<Finding> merged;
    merged.reserve(findings.size() + fresh.size());
    std::merge(std::make_move_iterator(findings.begin()), std::make_move_iterator(findings.end()),
               std::make_move_iterator(fresh.begin()), std::make_move_iterator(fresh.end()),
               std::back_inserter(merged),
               [&](const Finding& a, const Finding& b) { return linkOf(a) < linkOf(b); });
    findings = std::move(merged);
}

std::vector<Finding> RuleResults::collect(const DesignData& d) const {
    std::size_t n = 0;
    for (const auto& v : m_byRule)
        n += v.size();
    std::vector<Finding> out;
    out.reserve(n);
    for (const auto& v : m_byRule)
        out.insert(out.end(), v.begin(), v.end());
    markWaived(d, out); // waivers are matched afresh: the kept findings carry none
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
