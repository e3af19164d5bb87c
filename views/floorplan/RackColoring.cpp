#include "RackColoring.h"

#include <algorithm>

namespace cds::views {

namespace {
const QColor kOk(0x6a, 0xb8, 0x7a);
const QColor kWarn(0xe8, 0xb0, 0x3c);
const QColor kBad(0xd8, 0x4a, 0x3c);
const QColor kNone(0xc8, 0xcc, 0xd2);

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
    }
    return {};
}

void RackColoring::update(const DesignData& d, const Metrics& m,
                          const std::vector<Finding>& findings) {
    m_colours.assign(d.racks.capacity(), kNone);
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
    }
    return {};
}

} // namespace cds::views
