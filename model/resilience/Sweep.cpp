#include "Sweep.h"

#include <algorithm>

namespace cds {

int N1SweepResult::elementsOfKind(const QString& kind) const {
    return int(std::count_if(entries.begin(), entries.end(),
                             [&](const N1SweepEntry& e) { return e.kind == kind; }));
}

std::optional<N1SweepResult> sweepN1(ImpactCalculator& calc, const QStringList& kinds, QString* why,
                                     const Progress& progress) {
    const FailureModel& m = calc.model();
    const QStringList all = FailureModel::sweepKinds();
    N1SweepResult out;
    std::vector<N1SweepEntry> todo;
    for (const QString& kind : all) {
        if (!kinds.isEmpty() && !kinds.contains(kind))
            continue;
        const std::vector<FailureElement> els = m.elementsOfKind(kind);
        if (els.empty() && !kinds.isEmpty()) {
            if (why)
                *why = QStringLiteral("the design has no %1 to fail (kinds it has: %2)")
                           .arg(kind, [&] {
                               QStringList has;
                               for (const QString& k : all)
                                   if (!m.elementsOfKind(k).empty())
                                       has << k;
                               return has.join(QStringLiteral(", "));
                           }());
            return std::nullopt;
        }
        if (els.empty())
            continue;
        out.kinds << kind;
        for (const FailureElement& e : els)
            todo.push_back({e, kind, {}});
    }
    for (const QString& k : kinds)
        if (!all.contains(k)) {
            if (why)
                *why = QStringLiteral("unknown kind '%1' (kinds: %2)")
                           .arg(k, all.join(QStringLiteral(", ")));
            return std::nullopt;
        }
    if (todo.empty()) {
        if (why)
            *why = QStringLiteral("the design has nothing to fail");
        return std::nullopt;
    }
    ProgressSpan span(progress, 0, 100);
    for (std::size_t i = 0; i < todo.size(); ++i) {
        if (!span.item(i, todo.size(), std::max<std::size_t>(1, todo.size() / 50))) {
            if (why)
                *why = QStringLiteral("cancelled");
            return std::nullopt;
        }
        todo[i].impact = calc.run({todo[i].element}, false);
    }
    std::vector<QString> names(todo.size());
    for (std::size_t i = 0; i < todo.size(); ++i)
        names[i] = m.nameOf(todo[i].element);
    std::vector<std::size_t> order(todo.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (todo[a].impact.worseThan(todo[b].impact))
            return true;
        if (todo[b].impact.worseThan(todo[a].impact))
            return false;
        return names[a] < names[b];
    });
    for (std::size_t i : order)
        out.entries.push_back(std::move(todo[i]));
    for (const QString& kind : out.kinds)
        for (std::size_t i = 0; i < out.entries.size(); ++i)
            if (out.entries[i].kind == kind) {
                out.worstOfKind.push_back(i);
                break;
            }
    span.report(100);
    return out;
}

} // namespace cds
