#include "FailureAnalysis.h"

#include "TaskRunner.h"

#include "model/Wording.h"
#include "model/analysis/LiveAnalysis.h"

#include <algorithm>

namespace cds::studio {

namespace {

using State = views::FailureHighlight::State;

void raise(std::vector<State>& v, std::uint32_t i, State s) {
    if (i < v.size() && s > v[i])
        v[i] = s;
}

} // namespace

FailureAnalysis::FailureAnalysis(Design* design, LiveAnalysis* analysis, TaskRunner* tasks,
                                 QObject* parent)
    : QObject(parent)
    , m_design(design)
    , m_tasks(tasks)
    , m_highlight(new views::FailureHighlight(this)) {
    connect(design, &Design::changed, this, &FailureAnalysis::designChanged);
    connect(design, &Design::resetDone, this, [this] {
        // Another design (opened, generated, restored): its failures are its own.
        designChanged();
        m_rows.clear();
        m_sweptKinds.clear();
        clear();
        Q_EMIT sweepFinished();
    });
    // After an edit, once the analysis has caught up (cables rerouted): the failure again.
    connect(analysis, &LiveAnalysis::updated, this, [this] {
        if (m_dirty)
            recompute();
    });
}

FailureAnalysis::~FailureAnalysis() = default;

void FailureAnalysis::designChanged() {
    m_model.reset();
    m_kinds.reset();
    if (active())
        m_dirty = true;
    if (!m_rows.empty())
        Q_EMIT sweepStale();
}

const FailureModel& FailureAnalysis::model() {
    if (!m_model)
        m_model = std::make_unique<FailureModel>(m_design->data());
    return *m_model;
}

QStringList FailureAnalysis::kinds() {
    if (!m_kinds) {
        QStringList k;
        for (const QString& kind : FailureModel::sweepKinds())
            if (!model().elementsOfKind(kind).empty())
                k << kind;
        m_kinds = k;
    }
    return *m_kinds;
}

QString FailureAnalysis::idFor(const FailureModel& m, const FailureElement& e) {
    const QString name = m.nameOf(e);
    const auto back = m.resolve(name, nullptr);
    if (back && *back == e)
        return name;
    using T = FailureElement::Type;
    switch (e.type) {
    case T::Rack:
        return QStringLiteral("rack:") + name;
    case T::Device:
        return QStringLiteral("device:") + name;
    case T::Pathway:
        return QStringLiteral("tray:") + name;
    case T::Power:
        return QStringLiteral("power:") + name;
    case T::Feed:
    case T::Cooling:
        break;
    }
    return QStringLiteral("rack:") + name;
}

QString FailureAnalysis::failNames(const QStringList& names) {
    if (names.isEmpty())
        return QStringLiteral("Name at least one element to fail.");
    const FailureModel& m = model();
    std::vector<FailureElement> failed;
    for (const QString& n : names) {
        QString why;
        const auto e = m.resolve(n, &why);
        if (!e)
            return why.left(1).toUpper() + why.mid(1) + QLatin1Char('.');
        if (std::find(failed.begin(), failed.end(), *e) == failed.end())
            failed.push_back(*e);
    }
    run(std::move(failed));
    return {};
}

void FailureAnalysis::run(std::vector<FailureElement> failed) {
    const FailureModel& m = model();
    m_failed = std::move(failed);
    m_names.clear();
    for (const FailureElement& e : m_failed)
        m_names << idFor(m, e);
    ImpactCalculator calc(m);
    m_impact = calc.run(m_failed, true);
    m_dirty = false;
    showCurrent();
}

bool FailureAnalysis::stillThere(const FailureElement& e) {
    const DesignData& d = m_design->data();
    using T = FailureElement::Type;
    switch (e.type) {
    case T::Rack:
        return d.racks.contains(RackId(e.id));
    case T::Device:
        return d.devices.contains(DeviceId(e.id));
    case T::Feed:
        return d.racks.contains(RackId(e.id)) && (e.side == 0 || model().racks()[e.id].feeds == 2);
    case T::Cooling:
        return d.racks.contains(RackId(e.id)) &&
               model().racks()[e.id].cooling != CoolingNeed::None &&
               model().racks()[e.id].cooling != CoolingNeed::Plant;
    case T::Pathway:
        return d.pathways.contains(PathwayId(e.id));
    case T::Power:
        return d.power.elements.contains(PowerElementId(e.id));
    }
    return false;
}

QString FailureAnalysis::failObjects(const std::vector<ObjectRef>& objects) {
    const DesignData& d = m_design->data();
    QStringList names;
    bool cable = false;
    using K = ObjectRef::Kind;
    for (const ObjectRef& o : objects) {
        QString name;
        if (o.kind == K::Rack && d.racks.contains(RackId(o.id)))
            name = QStringLiteral("rack:") + d.racks[RackId(o.id)].name;
        else if (o.kind == K::Device && d.devices.contains(DeviceId(o.id)))
            name = QStringLiteral("device:") + d.devices[DeviceId(o.id)].name;
        else if (o.kind == K::Pathway && d.pathways.contains(PathwayId(o.id)))
            name = QStringLiteral("tray:") + d.pathways[PathwayId(o.id)].name;
        else if (o.kind == K::PowerElement && d.power.elements.contains(PowerElementId(o.id)))
            name = QStringLiteral("power:") + d.power.elements[PowerElementId(o.id)].name;
        else if (o.kind == K::Link)
            cable = true;
        if (!name.isEmpty())
            names << name;
    }
    if (names.isEmpty())
        return cable ? QStringLiteral("A cable fails with its tray or its ends: select a tray, "
                                      "a rack or a device.")
                     : QStringLiteral("Select a rack, device, tray or power element to fail.");
    return failNames(names);
}

void FailureAnalysis::clear() {
    const bool was = active();
    m_failed.clear();
    m_names.clear();
    m_impact = {};
    m_dirty = false;
    m_highlight->clear();
    if (was)
        Q_EMIT impactChanged();
}

void FailureAnalysis::recompute() {
    for (std::size_t i = 0; i < m_failed.size(); ++i)
        if (!stillThere(m_failed[i])) {
            const QString gone = m_names.value(qsizetype(i));
            clear();
            Q_EMIT message(
                QStringLiteral("Failure analysis ended: %1 is no longer in the design").arg(gone),
                8000);
            return;
        }
    run(m_failed);
}

void FailureAnalysis::showCurrent() {
    const DesignData& d = m_design->data();
    std::vector<State> racks(d.racks.capacity(), State::None);
    std::vector<State> devices(d.devices.capacity(), State::None);
    const ImpactResult& r = m_impact;
    // What went down, then what runs degraded, then the failed elements themselves.
    for (RackId id : r.racksDownList)
        raise(racks, id.value(), State::Lost);
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.rack && v.rack.value() < racks.size() && racks[v.rack.value()] == State::Lost)
            raise(devices, id.value(), State::Lost);
    });
    auto gear = [&](DeviceId id, State s) {
        raise(devices, id.value(), s);
        if (const Device* v = d.devices.find(id); v && v->rack)
            raise(racks, v->rack.value(), State::Degraded);
    };
    for (DeviceId id : r.serversLost)
        gear(id, State::Lost);
    for (DeviceId id : r.switchesDown)
        gear(id, State::Lost);
    for (DeviceId id : r.serversDegraded)
        gear(id, State::Degraded);
    using T = FailureElement::Type;
    for (const FailureElement& e : r.failed) {
        switch (e.type) {
        case T::Rack:
        case T::Cooling:
            raise(racks, e.id, State::Failed);
            break;
        case T::Feed:
            raise(racks, e.id, State::Failed);
            for (std::uint32_t pdu : m_model->racks()[e.id].pdus[e.side])
                raise(devices, pdu, State::Failed);
            break;
        case T::Device:
            raise(devices, e.id, State::Failed);
            if (const Device* v = d.devices.find(DeviceId(e.id)); v && v->rack)
                raise(racks, v->rack.value(), State::Failed);
            break;
        case T::Pathway:
        case T::Power:
            break;
        }
    }
    QString who = m_names.mid(0, 3).join(QStringLiteral(", "));
    if (m_names.size() > 3)
        who += QStringLiteral(" and %1 more").arg(m_names.size() - 3);
    m_highlight->show(QStringLiteral("If %1 fail%2: %3 GPUs lost, %4 degraded")
                          .arg(who, m_names.size() == 1 ? QStringLiteral("s") : QString(),
                               figures(r.gpusLost), figures(r.gpusDegraded)),
                      std::move(racks), std::move(devices));
    Q_EMIT impactChanged();
}

bool FailureAnalysis::sweep(const QStringList& kinds, QString* why) {
    // A copy, so the worker never reads the live design while the window repaints it.
    auto snapshot = std::make_shared<const DesignData>(m_design->data());
    std::optional<N1SweepResult> result;
    std::unique_ptr<FailureModel> model;
    QString refusal;
    const bool finished = m_tasks->run(QStringLiteral("Failing each element alone (N-1)"),
                                       [&](const Progress& progress) {
                                           model = std::make_unique<FailureModel>(*snapshot);
                                           ImpactCalculator calc(*model);
                                           result = sweepN1(calc, kinds, &refusal, progress);
                                       });
    if (!finished || !result) {
        if (why)
            *why = finished ? refusal : QStringLiteral("cancelled");
        return false;
    }
    std::vector<views::SweepRow> rows;
    rows.reserve(result->entries.size());
    for (const N1SweepEntry& e : result->entries) {
        const ImpactResult& i = e.impact;
        rows.push_back({idFor(*model, e.element), e.kind, i.gpusLost, i.gpusDegraded, i.racksDown,
                        i.nvlinkDomainsBroken, i.bisectionAfterTbps, i.largestJobGpus});
    }
    m_rows = std::move(rows);
    m_sweptKinds = result->kinds;
    Q_EMIT sweepFinished();
    return true;
}

} // namespace cds::studio
