#include "PhaseOps.h"

#include "Edit.h"

#include <QDate>

namespace cds::edits {

namespace {

/// @brief The phase list, the racks it moves back into range and the install labour, as one
/// step.
class PhasesEdit final : public Edit {
public:
    struct State {
        std::vector<BuildPhase> phases;
        LabourHours labour;
        bool operator==(const State&) const = default;
    };
    PhasesEdit(QString text, State before, State after, std::vector<ChangeRacksEdit::Change> racks)
        : m_text(std::move(text))
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_racks(QString(), std::move(racks)) {}
    QString text() const override { return m_text; }
    void apply(Design& d) override {
        set(d, m_after);
        m_racks.apply(d);
    }
    void revert(Design& d) override {
        m_racks.revert(d);
        set(d, m_before);
    }
    bool isNoOp() const override { return m_before == m_after && m_racks.isNoOp(); }

private:
    static void set(Design& d, const State& s) {
        d.setPhases(s.phases);
        if (d.data().settings.labourHours != s.labour) {
            DesignSettings settings = d.data().settings;
            settings.labourHours = s.labour;
            d.setSettings(settings);
        }
    }
    QString m_text;
    State m_before, m_after;
    ChangeRacksEdit m_racks;
};

} // namespace

QString labourHoursProblem(const LabourHours& hours) {
    for (int i = 0; i < kInstallKindCount; ++i) {
        const double h = hours.of(InstallKind(i));
        if (!(h >= 0 && h <= 10000)) // NaN too
            return QStringLiteral("%1: %2 hours a unit is not between 0 and 10,000")
                .arg(installKindLabel(InstallKind(i)))
                .arg(h);
    }
    return {};
}

QString phasesProblem(const std::vector<BuildPhase>& phases) {
    if (phases.size() > std::size_t(kMaxBuildPhases))
        return QStringLiteral("A design has at most %1 build phases").arg(kMaxBuildPhases);
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const BuildPhase& p = phases[i];
        if (p.name.trimmed().isEmpty())
            return QStringLiteral("Phase %1 needs a name").arg(i + 1);
        if (!p.date.isEmpty() &&
            (p.date.size() != 10 || !QDate::fromString(p.date, Qt::ISODate).isValid()))
            return QStringLiteral("Phase \"%1\": \"%2\" is not a date YYYY-MM-DD")
                .arg(p.name, p.date);
        for (std::size_t j = 0; j < i; ++j)
            if (phases[j].name == p.name)
                return QStringLiteral("Two phases are named \"%1\"").arg(p.name);
    }
    return {};
}

Result setPhases(const DesignData& d, std::vector<BuildPhase> phases,
                 std::optional<LabourHours> labour) {
    for (BuildPhase& p : phases) {
        p.name = p.name.trimmed();
        p.date = p.date.trimmed();
    }
    if (const QString why = phasesProblem(phases); !why.isEmpty())
        return Result::refuse(why);
    if (labour)
        if (const QString why = labourHoursProblem(*labour); !why.isEmpty())
            return Result::refuse(why);
    const int last = std::max(0, int(phases.size()) - 1);
    std::vector<ChangeRacksEdit::Change> racks;
    d.racks.forEach([&](RackId id, const Rack& r) {
        if (r.phase > last) {
            Rack after = r;
            after.phase = std::int16_t(last);
            racks.emplace_back(id, r, after);
        }
    });
    const QString text = phases == d.phases && labour ? QStringLiteral("Install labour hours")
                         : phases.empty()             ? QStringLiteral("Remove the build phases")
                                          : QStringLiteral("Build phases: %1").arg(phases.size());
    PhasesEdit::State before{d.phases, d.settings.labourHours};
    PhasesEdit::State after{std::move(phases), labour.value_or(d.settings.labourHours)};
    return {
        std::make_unique<PhasesEdit>(text, std::move(before), std::move(after), std::move(racks)),
        {}};
}

Result setRackPhase(const DesignData& d, const std::vector<RackId>& racks, int phase) {
    if (phase < 0 || phase >= int(d.phases.size()))
        return Result::refuse(d.phases.empty()
                                  ? QStringLiteral("The design has no build phases: add them first")
                                  : QStringLiteral("There is no phase %1").arg(phase + 1));
    std::vector<ChangeRacksEdit::Change> changes;
    for (RackId id : racks)
        if (const Rack* r = d.racks.find(id); r && r->phase != phase) {
            Rack after = *r;
            after.phase = std::int16_t(phase);
            changes.emplace_back(id, *r, after);
        }
    if (changes.empty())
        return Result::refuse(QStringLiteral("The racks are in that phase already"));
    const QString& name = d.phases[std::size_t(phase)].name;
    const QString text =
        changes.size() == 1
            ? QStringLiteral("Rack %1 to %2").arg(std::get<1>(changes.front()).name, name)
            : QStringLiteral("%1 racks to %2").arg(changes.size()).arg(name);
    return {std::make_unique<ChangeRacksEdit>(text, std::move(changes)), {}};
}

} // namespace cds::edits
