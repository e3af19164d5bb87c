#include "DesignAnalysis.h"

#include "model/Bom.h"
#include "model/DesignIndex.h"
#include "model/fabric/CableRouting.h"
#include "model/rules/Rule.h"

namespace cds::views {

DesignAnalysis::DesignAnalysis(Design* design, QObject* parent)
    : QObject(parent)
    , m_design(design) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(150);
    connect(&m_timer, &QTimer::timeout, this, &DesignAnalysis::runNow);
    connect(design, &Design::changed, &m_timer, qOverload<>(&QTimer::start));
    // Cable lengths only change where racks or devices moved: remember where.
    auto all = [this] { m_allDirty = true; };
    connect(design, &Design::resetDone, this, all);
    connect(design, &Design::settingsChanged, this, all);
    connect(design, &Design::catalogChanged, this, all);
    connect(design, &Design::rackChanged, this,
            [this](RackId r) { mark(m_dirtyRacks, r.value()); });
    connect(design, &Design::deviceAdded, this,
            [this](DeviceId v) { mark(m_dirtyDevices, v.value()); });
    connect(design, &Design::deviceChanged, this,
            [this](DeviceId v) { mark(m_dirtyDevices, v.value()); });
    connect(design, &Design::linkAdded, this, [this](LinkId l) { mark(m_dirtyLinks, l.value()); });
    connect(design, &Design::linkChanged, this,
            [this](LinkId l) { mark(m_dirtyLinks, l.value()); });
}

void DesignAnalysis::runNow() {
    m_timer.stop();
    rerouteCables();
    const DesignData& d = m_design->data();
    const DesignIndex index(d);
    const Bom bom = computeBom(d);
    m_metrics = computeMetrics(d, index, bom);
    m_findings = runChecks(CheckContext{d, index, m_metrics});
    Q_EMIT updated();
}

void DesignAnalysis::rerouteCables() {
    // A moved rack changes its cables' lengths and so their media; derive them again here
    // rather than in each edit, so a drag costs one pass per analysis, not per mouse move.
    const DesignData& d = m_design->data();
    auto dirty = [](const std::vector<char>& v, std::uint32_t i) { return i < v.size() && v[i]; };
    auto deviceDirty = [&](DeviceId id) {
        const Device* dev = d.devices.find(id);
        return dirty(m_dirtyDevices, id.value()) || (dev && dirty(m_dirtyRacks, dev->rack.value()));
    };
    bool any = false;
    d.links.forEach([&](LinkId id, const Link& l) {
        if (!m_allDirty && !dirty(m_dirtyLinks, id.value()) && !deviceDirty(l.a.device) &&
            !deviceDirty(l.b.device))
            return;
        const float len = float(routedLengthM(d, l));
        TypeId medium = l.pinnedMedium;
        if (!medium) {
            const Fabric* f = d.fabric(l.fabric);
            medium = chooseMedium(d, linkSpeedGbps(d, l), len, f ? f->technology : Technology::Any);
        }
        if (len != l.lengthM || medium != l.medium) {
            m_design->setDerivedLinkData(id, len, medium);
            any = true;
        }
    });
    m_allDirty = false;
    m_dirtyRacks.clear();
    m_dirtyDevices.clear();
    m_dirtyLinks.clear();
    if (any)
        m_design->notifyDerivedChanged();
}

void DesignAnalysis::mark(std::vector<char>& v, std::uint32_t i) {
    if (i >= v.size())
        v.resize(i + 1, 0);
    v[i] = 1;
}

} // namespace cds::views
