#pragma once
// The soak's deterministic session: from a design and a seed, step N is always the same action
// (a random edit, undo, redo, keep a scenario, open one, or save), so the test can replay what
// a killed writer did and compare the recovered design byte for byte.

#include "RandomEdits.h"

#include "model/scenarios/ScenarioEdit.h"

#include <deque>

namespace cds::test {

/// @brief One editing session of the soak: an undo stack of at most kUndoLimit steps, as the
/// studio keeps, over a Design.
class SoakSession {
public:
    enum class Action { Edit, Undo, Redo, KeepScenario, OpenScenario, Save };
    static constexpr std::size_t kUndoLimit = 100;

    SoakSession(DesignData start, quint32 seed)
        : m_design(std::move(start))
        , m_rng(seed) {}

    Design& design() { return m_design; }

    /// Takes step @p n (1-based; steps are taken in order): returns what it did and its undo
    /// text. A Save changes nothing in the design; the writer saves and rebases its journal.
    std::pair<Action, QString> step(int n) {
        const quint32 pick = m_rng.bounded(20u);
        if (pick < 2 && !m_undo.empty()) {
            m_undo.back()->revert(m_design);
            m_redo.push_back(std::move(m_undo.back()));
            m_undo.pop_back();
            return {Action::Undo, QStringLiteral("Undo %1").arg(m_redo.back()->text())};
        }
        if (pick < 3 && !m_redo.empty()) {
            m_redo.back()->apply(m_design);
            push(std::move(m_redo.back()), false);
            m_redo.pop_back();
            return {Action::Redo, QStringLiteral("Redo %1").arg(m_undo.back()->text())};
        }
        if (pick == 3 && m_design.data().scenarios.size() < 3) {
            auto e = ScenariosEdit::addCurrent(m_design.data(), QStringLiteral("s%1").arg(n));
            e->apply(m_design);
            push(std::move(e), true);
            return {Action::KeepScenario, m_undo.back()->text()};
        }
        if (pick == 4 && !m_design.data().scenarios.empty()) {
            auto e = openScenarioEdit(
                m_design.data(), int(m_rng.bounded(quint32(m_design.data().scenarios.size()))));
            e->apply(m_design);
            push(std::move(e), true);
            return {Action::OpenScenario, m_undo.back()->text()};
        }
        if (pick == 5)
            return {Action::Save, QStringLiteral("Save")};
        auto done = applyRandomEdits(m_design, m_rng, 1);
        push(std::move(done.front()), true);
        return {Action::Edit, m_undo.back()->text()};
    }

private:
    void push(std::unique_ptr<Edit> e, bool clearsRedo) {
        m_undo.push_back(std::move(e));
        if (m_undo.size() > kUndoLimit)
            m_undo.pop_front();
        if (clearsRedo)
            m_redo.clear();
    }

    Design m_design;
    QRandomGenerator m_rng;
    std::deque<std::unique_ptr<Edit>> m_undo;
    std::vector<std::unique_ptr<Edit>> m_redo;
};

} // namespace cds::test
