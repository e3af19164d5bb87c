#pragma once

#include "../edits/Edit.h"

namespace cds {

/// @brief Adds, removes or renames scenarios: one undo step that swaps the scenario list.
/// Design has no per-field setter for scenarios, so apply/revert reset the document with the
/// other list; the snapshots are shared, so this copies no scenario.
class ScenariosEdit final : public Edit {
public:
    ScenariosEdit(QString text, std::vector<Scenario> before, std::vector<Scenario> after)
        : m_text(std::move(text))
        , m_before(std::move(before))
        , m_after(std::move(after)) {}

    /// Keeps a snapshot of the design as it is now under @p name. Returns nullptr and sets
    /// @p error if the name is empty or already used.
    static std::unique_ptr<ScenariosEdit> addCurrent(const DesignData& d, const QString& name,
                                                     QString* error = nullptr);
    /// Returns nullptr if @p index is out of range.
    static std::unique_ptr<ScenariosEdit> remove(const DesignData& d, int index);
    static std::unique_ptr<ScenariosEdit> rename(const DesignData& d, int index,
                                                 const QString& name, QString* error = nullptr);

    QString text() const override { return m_text; }
    void apply(Design& d) override { set(d, m_after); }
    void revert(Design& d) override { set(d, m_before); }
    bool isNoOp() const override { return m_before == m_after; }

private:
    static void set(Design& d, const std::vector<Scenario>& list);
    QString m_text;
    std::vector<Scenario> m_before, m_after;
};

/// Makes scenario @p index the working design (one undo step); the scenario list is kept, so
/// nothing is lost. Returns nullptr if @p index is out of range.
std::unique_ptr<Edit> openScenarioEdit(const DesignData& d, int index);

/// A snapshot of @p d fit to be a scenario: the same design without its scenario list.
std::shared_ptr<const DesignData> scenarioSnapshot(const DesignData& d);

} // namespace cds
