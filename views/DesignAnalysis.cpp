#include "DesignAnalysis.h"

#include "model/Bom.h"
#include "model/DesignIndex.h"
#include "model/fabric/CableRouting.h"
#include "model/rules/Rule.h"

#include <optional>

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
    const DesignData& d = m_design->data();
    const DesignIndex index(d); // rerouting changes derived data only: the index stays valid
    rerouteCables(index);
    const Bom bom = computeBom(d);
    m_metrics = computeMetrics(d, index, bom);
    m_findings = runChecks(CheckContext{d, index, m_metrics});
    Q_EMIT updated();
}

void DesignAnalysis::rerouteCables(const DesignIndex& index) {
    // A moved rack changes its cables' lengths and so their media; derive them again here
    // rather than in each edit, so a drag costs one pass per analysis, not per mouse move.
    const DesignData& d = m_design->data();
    auto dirty = [](const std::vector<char>& v, std::uint32_t i) { return i < v.size() && v[i]; };
    auto deviceDirty = [&](DeviceId id) {
        const Device* dev = d.devices.find(id);
        return dirty(m_dirtyDevices, id.value()) || (dev && dirty(m_dirtyRacks, dev->rack.value()));
    };
    bool any = false;
    // The same choice as routeCables (cages, twin ports, B-end optics), so the studio's BOM
    // and cost match the CLI's for the same file.
    std::optional<LinkRouter> router;
    d.links.forEach([&](LinkId id, const Link& l) {
        if (!m_allDirty && !dirty(m_dirtyLinks, id.value()) && !deviceDirty(l.a.device) &&
            !deviceDirty(l.b.device))
            return;
        if (!router)
            router.emplace(d, &index);
        const LinkRouter::Route r = router->route(l);
        if (r.lengthM != l.lengthM || r.medium != l.medium || r.mediumB != l.mediumB) {
            m_design->setDerivedLinkData(id, r.lengthM, r.medium, r.mediumB);
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
