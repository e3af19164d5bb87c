#include "ScenarioEdit.h"

namespace cds {

namespace {
bool nameFree(const DesignData& d, const QString& name, int except, QString* error) {
    if (name.trimmed().isEmpty()) {
        if (error)
            *error = QStringLiteral("a scenario needs a name");
        return false;
    }
    for (int i = 0; i < int(d.scenarios.size()); ++i) {
        if (i != except && d.scenarios[std::size_t(i)].name == name) {
            if (error)
                *error = QStringLiteral("there is already a scenario named \"%1\"").arg(name);
            return false;
        }
    }
    return true;
}
} // namespace

std::shared_ptr<const DesignData> scenarioSnapshot(const DesignData& d) {
    auto copy = std::make_shared<DesignData>(d);
    copy->scenarios.clear();
    return copy;
}

std::unique_ptr<ScenariosEdit> ScenariosEdit::addCurrent(const DesignData& d, const QString& name,
                                                         QString* error) {
    if (!nameFree(d, name, -1, error))
        return nullptr;
    std::vector<Scenario> after = d.scenarios;
    after.push_back({name, scenarioSnapshot(d)});
    return std::make_unique<ScenariosEdit>(QStringLiteral("Keep scenario \"%1\"").arg(name),
                                           d.scenarios, std::move(after));
}

std::unique_ptr<ScenariosEdit> ScenariosEdit::remove(const DesignData& d, int index) {
    if (index < 0 || index >= int(d.scenarios.size()))
        return nullptr;
    std::vector<Scenario> after = d.scenarios;
    const QString name = after[std::size_t(index)].name;
    after.erase(after.begin() + index);
    return std::make_unique<ScenariosEdit>(QStringLiteral("Remove scenario \"%1\"").arg(name),
                                           d.scenarios, std::move(after));
}

std::unique_ptr<ScenariosEdit> ScenariosEdit::rename(const DesignData& d, int index,
                                                     const QString& name, QString* error) {
    if (index < 0 || index >= int(d.scenarios.size()) || !nameFree(d, name, index, error))
        return nullptr;
    std::vector<Scenario> after = d.scenarios;
    after[std::size_t(index)].name = name;
    return std::make_unique<ScenariosEdit>(QStringLiteral("Rename scenario to \"%1\"").arg(name),
                                           d.scenarios, std::move(after));
}

void ScenariosEdit::set(Design& d, const std::vector<Scenario>& list) {
    if (d.data().scenarios == list)
        return;
    DesignData next = d.data();
    next.scenarios = list;
    d.reset(std::move(next));
}

std::unique_ptr<Edit> openScenarioEdit(const DesignData& d, int index) {
    if (index < 0 || index >= int(d.scenarios.size()))
        return nullptr;
    const Scenario& s = d.scenarios[std::size_t(index)];
    DesignData after = *s.design;
    after.scenarios = d.scenarios;
    return std::make_unique<ReplaceDesignEdit>(QStringLiteral("Open scenario \"%1\"").arg(s.name),
                                               d, std::move(after));
}

} // namespace cds
