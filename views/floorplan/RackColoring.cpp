#include "RackColoring.h"

#include <algorithm>
#include <array>

namespace cds::views {

namespace {
const QColor kOk(0x6a, 0xb8, 0x7a);
const QColor kWarn(0xe8, 0xb0, 0x3c);
const QColor kBad(0xd8, 0x4a, 0x3c);
const QColor kNone(0xc8, 0xcc, 0xd2);
const QColor kLater(0xee, 0xef, 0xf1); ///< a rack of a later build phase: not built yet

QColor mix(const QColor& a, const QColor& b, double t) {
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}
} // namespace

QString RackColoring::metricLabel(ColorMetric m) {
    switch (m) {
    case ColorMetric::Power:
        return QStringLiteral("Power vs cooling envelope");
    case ColorMetric::UFill:
        return QStringLiteral("U fill");
    case ColorMetric::Status:
        return QStringLiteral("Check status");
    case ColorMetric::Phase:
        return QStringLiteral("Build phase");
    }
    return {};
}

QColor RackColoring::phaseColour(int phase) {
    // ColorBrewer "Paired" (12 classes), dark members first: neighbouring phases differ in hue.
    static const std::array<QRgb, 12> palette = {0x1f78b4, 0x33a02c, 0xe31a1c, 0xff7f00,
                                                 0x6a3d9a, 0xb15928, 0xa6cee3, 0xb2df8a,
                                                 0xfb9a99, 0xfdbf6f, 0xcab2d6, 0xffff99};
    return QColor(palette[std::size_t(std::max(phase, 0)) % palette.size()]);
}

QString RackColoring::title() const {
    return showingFailure() ? m_failure->title() : metricLabel(m_metric);
}

void RackColoring::updateFailure(const DesignData& d) {
    using S = FailureHighlight::State;
    int count[4] = {0, 0, 0, 0};
    d.racks.forEach([&](RackId id, const Rack&) {
        const S s = m_failure->rack(id);
        m_colours[id.value()] = FailureHighlight::colour(s);
        ++count[int(s)];
    });
    m_failureLegend.clear();
    for (S s : {S::Failed, S::Lost, S::Degraded, S::None})
        if (count[int(s)] > 0 || s != S::None)
            m_failureLegend.push_back(
                {FailureHighlight::colour(s),
                 QStringLiteral("%1 (%2 rack%3)")
                     .arg(FailureHighlight::label(s))
                     .arg(count[int(s)])
                     .arg(count[int(s)] == 1 ? QString() : QStringLiteral("s"))});
}

void RackColoring::update(const DesignData& d, const Metrics& m,
                          const std::vector<Finding>& findings) {
    m_colours.assign(d.racks.capacity(), kNone);
    m_phases.clear();
    if (showingFailure()) {
        updateFailure(d);
        return;
    }
    if (m_metric == ColorMetric::Phase) {
        for (std::size_t i = 0; i < d.phases.size(); ++i)
            m_phases.push_back(
                {phaseColour(int(i)),
                 d.phases[i].date.isEmpty()
                     ? d.phases[i].name
                     : QStringLiteral("%1 (%2)").arg(d.phases[i].name, d.phases[i].date)});
        const int last = int(d.phases.size()) - 1;
        const bool limited = m_phaseLimit >= 0 && m_phaseLimit < last;
        if (limited) {
            m_phases.resize(std::size_t(m_phaseLimit) + 1);
            m_phases.push_back({kLater, QStringLiteral("later phases: not yet built")});
        }
        if (d.phases.empty())
            m_phases.push_back({kNone, QStringLiteral("no build phases")});
        else
            d.racks.forEach([&](RackId id, const Rack& r) {
                const int phase = std::clamp(int(r.phase), 0, last);
                m_colours[id.value()] =
                    limited && phase > m_phaseLimit ? kLater : phaseColour(phase);
            });
        return;
    }
    if (m_metric == ColorMetric::Status) {
        std::vector<int> worst(d.racks.capacity(), 3);
        for (const Finding& f : findings) {
            if (f.waived)
                continue;
            for (const ObjectRef& o : f.objects) {
                std::uint32_t rack = o.id;
                if (o.kind == ObjectRef::Kind::Device) {
                    const Device* dev = d.devices.find(DeviceId(o.id));
                    if (!dev || !dev->rack)
                        continue;
                    rack = dev->rack.value();
                } else if (o.kind != ObjectRef::Kind::Rack) {
                    continue;
                }
                if (rack < worst.size())
                    worst[rack] = std::min(worst[rack], int(f.severity));
            }
        }
        d.racks.forEach([&](RackId id, const Rack&) {
            const int w = worst[id.value()];
            m_colours[id.value()] = w == 0 ? kBad : w == 1 ? kWarn : kOk;
        });
        return;
    }
    for (const RackMetrics& rm : m.perRack) {
        const Rack* r = d.racks.find(rm.rack);
        if (!r)
            continue;
        QColor c = kNone;
        if (m_metric == ColorMetric::Power) {
            const CoolingEnvelope& env = rm.envelope;
            const double kw = rm.itMaxW / 1000.0;
            if (rm.itMaxW <= 0 && rm.powerMissing == 0)
                c = kNone;
            else if (kw > env.maxKw)
                c = kBad;
            else if (kw > env.warnKw)
                c = kWarn;
            else
                c = mix(kNone, kOk, env.warnKw > 0 ? 0.35 + 0.65 * kw / env.warnKw : 1.0);
        } else if (rm.capacityU > 0) {
            const double fill = double(rm.usedU) / rm.capacityU;
            c = fill > 1.0 ? kBad : mix(kNone, QColor(0x3c, 0x78, 0xd8), fill);
        }
        m_colours[rm.rack.value()] = c;
    }
}

QColor RackColoring::colourOf(RackId r) const {
    return r.value() < m_colours.size() ? m_colours[r.value()] : kNone;
}

std::vector<RackColoring::LegendEntry> RackColoring::legend() const {
    if (showingFailure())
        return m_failureLegend;
    switch (m_metric) {
    case ColorMetric::Power:
        return {{kNone, QStringLiteral("no load")},
                {kOk, QStringLiteral("within envelope")},
                {kWarn, QStringLiteral("above warning kW")},
                {kBad, QStringLiteral("above maximum kW")}};
    case ColorMetric::UFill:
        return {{kNone, QStringLiteral("empty")},
                {mix(kNone, QColor(0x3c, 0x78, 0xd8), 0.5), QStringLiteral("half full")},
                {QColor(0x3c, 0x78, 0xd8), QStringLiteral("full")},
                {kBad, QStringLiteral("over capacity")}};
    case ColorMetric::Status:
        return {{kOk, QStringLiteral("no findings")},
                {kWarn, QStringLiteral("warnings")},
                {kBad, QStringLiteral("errors")}};
    case ColorMetric::Phase:
        return m_phases;
    }
    return {};
}

} // namespace cds::views
