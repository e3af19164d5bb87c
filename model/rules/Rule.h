#pragma once

#include "../DesignData.h"
#include "../DesignIndex.h"
#include "../metrics/Metrics.h"
#include "Finding.h"

#include <memory>
#include <vector>

namespace cds {

/// @brief What a rule sees: the design, its derived index and metrics.
class FabricGraphCache;
struct TrayLoad;
struct PowerAnalysis;

struct CheckContext {
    const DesignData& design;
    const DesignIndex& index;
    const Metrics& metrics;
    /// The fabric graphs, shared by the rules of one run (runChecks and RuleResults set it;
    /// null: each rule builds what it needs).
    FabricGraphCache* graphs = nullptr;
    /// The tray load, when the caller keeps it current (the live analysis, edit by edit);
    /// null: the rule that needs it computes it.
    const TrayLoad* trays = nullptr;
    /// The power chain's load flow (model/power), when the caller has it (the analysis);
    /// null: runChecks computes it once for the power rules.
    const PowerAnalysis* power = nullptr;
};

/// @brief One check. Small, stateless, registered in a RuleRegistry (STYLE pattern 3).
class Rule {
public:
    virtual ~Rule() = default;
    virtual QString name() const = 0;      ///< class name shown with its findings
    virtual QStringList codes() const = 0; ///< the finding codes it can emit
    virtual void check(const CheckContext& ctx, std::vector<Finding>& out) const = 0;
    /// True when the findings depend on where racks stand (cable lengths and media): these
    /// rules run again after an edit that only moved racks (RuleResults::rerunPlacement).
    virtual bool readsPlacement() const { return false; }
    /// Of the rules that read placement, true when the findings depend on the pathways (trays)
    /// too, so they run again after a tray edit; one that reads only where racks and other
    /// things stand keeps its findings while only trays change (a tray drag step).
    virtual bool readsTrays() const { return readsPlacement(); }
    /// True when each finding is about one link, named first among its objects, and reads
    /// only that link (its ends, their racks' halls, its length and media): after a placement
    /// edit checkLinks() re-checks just the links it re-routed.
    virtual bool checksLinksAlone() const { return false; }
    /// The findings for @p links alone, in their order (rules that check links alone).
    virtual void checkLinks(const DesignData& d, const std::vector<LinkId>& links,
                            std::vector<Finding>& out) const {
        (void)d, (void)links, (void)out;
    }
};

/// @brief The ordered set of rules a check run applies.
class RuleRegistry {
public:
    void add(std::unique_ptr<Rule> r) { m_rules.push_back(std::move(r)); }
    const std::vector<std::unique_ptr<Rule>>& rules() const { return m_rules; }
    /// Every built-in rule: foundation rules plus the fabric rules.
    static const RuleRegistry& builtin();

private:
    std::vector<std::unique_ptr<Rule>> m_rules;
};

/// Built-in rule sets, registered explicitly (static registrars vanish from static libs).
void registerFoundationRules(RuleRegistry& r);
void registerFabricRules(RuleRegistry& r);     // model/rules/fabric
void registerPowerRules(RuleRegistry& r);      // PowerChainRules.cpp
void registerResilienceRules(RuleRegistry& r); // model/resilience

/// Runs every rule of @p rules and marks the findings the design waives.
std::vector<Finding> runChecks(const DesignData& d,
                               const RuleRegistry& rules = RuleRegistry::builtin());
std::vector<Finding> runChecks(const CheckContext& ctx,
                               const RuleRegistry& rules = RuleRegistry::builtin());

/// Marks the findings that @p d waives (Finding::key() matches a waiver).
void markWaived(const DesignData& d, std::vector<Finding>& findings);

/// @brief The findings of each rule, kept between runs. After an edit that only moved racks,
/// rerunPlacement() runs just the rules that read placement and gives the same findings, in
/// the same order, as runChecks; anything else needs runAll(). For the studio's live checks.
class RuleResults {
public:
    explicit RuleResults(const RuleRegistry& rules = RuleRegistry::builtin())
        : m_rules(rules) {}
    std::vector<Finding> runAll(const CheckContext& ctx);
    /// Falls back to runAll() when nothing has run yet. @p relinked, when given, lists every
    /// link whose length or media the edit changed or whose racks moved: a rule that checks
    /// links alone re-checks only those and keeps its other findings (a tray drag at 500,000
    /// GPUs re-routes thousands of its 3 million links). @p racksMoved false: only pathways
    /// changed, and the rules that do not read them (Rule::readsTrays()) keep their findings.
    std::vector<Finding> rerunPlacement(const CheckContext& ctx,
                                        const std::vector<LinkId>* relinked = nullptr,
                                        bool racksMoved = true);
    void clear() { m_byRule.clear(); }

private:
    std::vector<Finding> collect(const DesignData& d) const;
    /// Rule @p rule's findings with those of @p relinked (sorted) checked again.
    void relink(const Rule& rule, const CheckContext& ctx, const std::vector<LinkId>& relinked,
                std::vector<Finding>& findings) const;
    const RuleRegistry& m_rules;
    std::vector<std::vector<Finding>> m_byRule; ///< one per rule, in registry order
};

} // namespace cds
