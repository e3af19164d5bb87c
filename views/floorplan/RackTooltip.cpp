#include "RackTooltip.h"

namespace cds::views {

QString rackTooltip(const DesignData& d, const RackMetrics* m, RackId id) {
    const Rack* r = d.racks.find(id);
    if (!r)
        return {};
    const CatalogItem& type = d.typeOf(*r);
    QString html =
        QStringLiteral("<b>%1</b><br>%2")
            .arg(r->name.toHtmlEscaped(),
                 QString(type.vendor + QLatin1Char(' ') + type.model).trimmed().toHtmlEscaped());
    if (m) {
        const CoolingEnvelope& env = m->envelope;
        const double kw = m->itMaxW / 1000.0;
        QString state;
        if (env.maxKw > 0 && kw > env.maxKw)
            state = QStringLiteral(" <b>over the maximum</b>");
        else if (env.warnKw > 0 && kw > env.warnKw)
            state = QStringLiteral(" <b>above the warning level</b>");
        html += QStringLiteral("<br>%1 kW IT of %2 kW (%3: warn %4 kW)%5")
                    .arg(kw, 0, 'f', 1)
                    .arg(env.maxKw, 0, 'f', 0)
                    .arg(r->coolingProduct ? d.catalog[r->coolingProduct].model
                                           : coolingLabel(r->cooling))
                    .arg(env.warnKw, 0, 'f', 0)
                    .arg(state);
        if (m->powerMissing > 0)
            html += QStringLiteral(" · %1 device(s) without a power figure").arg(m->powerMissing);
        html += QStringLiteral("<br>%1 U used of %2 U").arg(m->usedU).arg(m->capacityU);
        html += QStringLiteral("<br>%1 kg").arg(m->weightKg, 0, 'f', 0);
        if (m->weightMissing > 0)
            html += QStringLiteral(" (%1 without a weight figure)").arg(m->weightMissing);
    } else {
        html += QStringLiteral("<br>%1").arg(coolingLabel(r->cooling));
    }
    return html;
}

} // namespace cds::views
