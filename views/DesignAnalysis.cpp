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
    bool any = false;
    d.links.forEach([&](LinkId id, const Link& l) {
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
    if (any)
        m_design->notifyDerivedChanged();
}

} // namespace cds::views
