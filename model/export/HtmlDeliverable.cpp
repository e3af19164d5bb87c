#include "HtmlDeliverable.h"

#include "../DesignIndex.h"
#include "../RackGeometry.h"
#include "../analysis/Analysis.h"
#include "../json/Json.h"
#include "../metrics/RackRoles.h"
#include "../phases/BuildPlan.h"
#include "HtmlTemplate.h"
#include "Reports.h"

#include <cmath>
#include <map>

namespace cds {

namespace {

using OJson = nlohmann::ordered_json;

std::string str(const QString& s) {
    return s.toStdString();
}
double mm(double v) {
    return std::round(v * 10) / 10;
}
double two(double v) {
    return std::round(v * 100) / 100;
}
OJson rect(const RectMm& r) {
    return OJson::array({mm(r.x), mm(r.y), mm(r.w), mm(r.h)});
}
OJson parsed(const QByteArray& bytes) {
    return OJson::parse(bytes.constData(), bytes.constData() + bytes.size());
}

OJson hallJson(const DesignData& d) {
    OJson rows = OJson::array(), obstacles = OJson::array();
    for (const Row& r : d.hall.rows)
        rows.push_back({{"name", str(r.name)},
                        {"area", rect(r.area)},
                        {"cold_aisle", r.coldAisleNorth ? "north" : "south"}});
    for (const Obstacle& o : d.hall.obstacles)
        obstacles.push_back({{"name", str(o.name)}, {"area", rect(o.area)}});
    OJson pathways = OJson::array();
    d.pathways.forEach([&](PathwayId, const Pathway& p) {
        pathways.push_back({{"name", str(p.name)},
                            {"kind", str(pathwayKindKey(p.kind))},
                            {"from", OJson::array({mm(p.from.x), mm(p.from.y)})},
                            {"to", OJson::array({mm(p.to.x), mm(p.to.y)})},
                            {"width_mm", mm(p.widthMm)}});
    });
    OJson halls = OJson::array(); // a campus's halls on the site
    for (const SiteHall& h : d.halls)
        halls.push_back({{"name", str(h.name)}, {"area", rect(h.area)}});
    return {{"name", str(d.hall.name)},       {"halls", halls},
            {"width_mm", mm(d.hall.widthMm)}, {"depth_mm", mm(d.hall.depthMm)},
            {"tile_mm", mm(d.hall.tileMm)},   {"rows", rows},
            {"obstacles", obstacles},         {"pathways", pathways}};
}

OJson deviceJson(const DesignData& d, const Device& dev) {
    const CatalogItem& t = d.typeOf(dev);
    return {{"name", str(dev.name)},
            {"model", str(t.model)},
            {"vendor", str(t.vendor)},
            {"category", str(categoryKey(t.category))},
            {"u", dev.uPosition},
            {"height_u", t.uHeight},
            {"face", dev.face == Face::Front ? "front" : "rear"},
            {"zero_u", isZeroU(t)}};
}

/// Findings (not waived) that name each rack, directly or through one of its devices.
std::map<std::uint32_t, int> findingsByRack(const DesignData& d, const Analysis& a) {
    std::map<std::uint32_t, int> n;
    for (const Finding& f : a.findings) {
        if (f.waived || f.severity == Severity::Info)
            continue;
        std::uint32_t last = UINT32_MAX;
        for (const ObjectRef& o : f.objects) {
            std::uint32_t rack = UINT32_MAX;
            if (o.kind == ObjectRef::Kind::Rack)
                rack = o.id;
            else if (o.kind == ObjectRef::Kind::Device)
                if (const Device* dev = d.devices.find(DeviceId(DeviceId::Rep(o.id))))
                    rack = dev->rack.isValid() ? dev->rack.value() : UINT32_MAX;
            if (rack != UINT32_MAX && rack != last)
                ++n[rack];
            last = rack;
        }
    }
    return n;
}

OJson racksJson(const DesignData& d, const DesignIndex& index, const Analysis& a) {
    const std::map<std::uint32_t, int> problems = findingsByRack(d, a);
    std::map<std::uint32_t, const RackMetrics*> metrics;
    for (const RackMetrics& m : a.metrics.perRack)
        metrics[m.rack.value()] = &m;
    std::map<std::uint32_t, const RackPower*> power;
    for (const RackPower& p : a.rackPower)
        power[p.rack.value()] = &p;
    OJson racks = OJson::array();
    d.racks.forEach([&](RackId id, const Rack& r) {
        OJson devices = OJson::array();
        std::vector<LinkId> links;
        for (DeviceId did : index.devicesIn(id)) {
            devices.push_back(deviceJson(d, d.devices[did]));
            for (LinkId l : index.linksOf(did))
                links.push_back(l);
        }
        std::sort(links.begin(), links.end());
        links.erase(std::unique(links.begin(), links.end()), links.end());
        const RackMetrics* m = metrics.count(id.value()) ? metrics[id.value()] : nullptr;
        const RackPower* p = power.count(id.value()) ? power[id.value()] : nullptr;
        const auto problem = problems.find(id.value());
        OJson j = {
            {"name", str(r.name)},
            {"model", str(d.typeOf(r).model)},
            {"area", rect(footprint(d, r))},
            {"rotation", r.rotationDeg},
            {"role", str(rackRoleKey(rackRoleOf(d, index, id)))},
            {"cooling", str(coolingLabel(r.cooling))},
            {"kw", p ? two(p->kw) : 0.0},
            {"warn_kw", p ? two(p->warnKw) : 0.0},
            {"max_kw", p ? two(p->maxKw) : 0.0},
            {"gpus", m ? m->gpus : 0},
            {"used_u", m ? m->usedU : 0},
            {"capacity_u", m ? m->capacityU : 0},
            {"cables", links.size()},
            {"problems", problem == problems.end() ? 0 : problem->second},
            {"phase",
             d.phases.empty()
                 ? OJson()
                 : OJson(str(
                       d.phases[std::size_t(std::clamp<int>(r.phase, 0, int(d.phases.size()) - 1))]
                           .name))},
            {"devices", devices}};
        racks.push_back(std::move(j));
    });
    return racks;
}

OJson powerJson(const DesignData& d, const Analysis& a) {
    if (!a.power.hasChain())
        return OJson();
    auto name = [&](PowerElementId id) {
        const PowerElement* e = d.power.elements.find(id);
        return e ? str(e->name) : std::string();
    };
    OJson elements = OJson::array();
    for (const ElementFlow& f : a.power.elements) {
        const PowerElement& e = d.power.elements[f.id];
        OJson up = OJson::array();
        for (PowerElementId u : e.upstream)
            up.push_back(name(u));
        elements.push_back({{"name", str(e.name)},
                            {"kind", str(powerKindKey(e.kind))},
                            {"kind_label", str(powerKindLabel(e.kind))},
                            {"group", str(e.group)},
                            {"capacity_kw", two(f.capacityKw)},
                            {"normal_kw", two(f.normalKw)},
                            {"worst_kw", two(f.worstKw)},
                            {"worst_failure", name(f.worstFailure)},
                            {"output_vdc", e.outputVdc},
                            {"upstream", up}});
    }
    return {{"redundancy", str(d.power.schemeLabel())},
            {"worst_n1_pct", two(a.power.worstN1Pct)},
            {"elements", elements}};
}

OJson phasesJson(const DesignData& d) {
    if (d.phases.empty())
        return OJson();
    const BuildPlan plan = buildPlan(d);
    if (!plan.error.isEmpty())
        return OJson{{"error", str(plan.error)}};
    OJson list = OJson::array();
    for (const PhaseSummary& p : plan.phases)
        list.push_back({{"name", str(p.phase.name)},
                        {"date", str(p.phase.date)},
                        {"racks", p.racks},
                        {"gpus", p.gpus},
                        {"gpus_ready", p.gpusReady},
                        {"it_kw_ready", two(p.itKwReady)},
                        {"cables", p.cables},
                        {"cost_usd", two(p.bom.totalUsd)}});
    return OJson{{"phases", list}};
}

} // namespace

QByteArray htmlDeliverablePayload(const DesignData& d, const DesignIndex& index,
                                  const Analysis& a) {
    OJson waivers = OJson::array();
    for (const Waiver& w : d.waivers)
        waivers.push_back({{"key", str(w.key)}, {"reason", str(w.reason)}});
    const DesignMeta& meta = d.meta;
    OJson doc = {{"meta",
                  {{"title", str(meta.title)},
                   {"customer", str(meta.customer)},
                   {"project", str(meta.project)},
                   {"site", str(meta.site)},
                   {"author", str(meta.author)},
                   {"revision", str(meta.revision)},
                   {"date", str(meta.date)},
                   {"notes", str(meta.notes)}}},
                 {"stats", parsed(statsJson(d, a.metrics, &a.power))},
                 {"hall", hallJson(d)},
                 {"racks", racksJson(d, index, a)},
                 {"bom", parsed(bomJson(d, a.bom))},
                 {"quote",
                  {{"margin_pct", d.settings.quoteMarginPercent},
                   {"discount_pct", d.settings.quoteDiscountPercent}}},
                 {"findings", parsed(findingsJson(d, a.findings, QString()))},
                 {"waivers", waivers},
                 {"power", powerJson(d, a)},
                 {"build", phasesJson(d)}};
    const std::string text = doc.dump();
    QByteArray out;
    out.reserve(qsizetype(text.size() + text.size() / 16));
    // Inside <script> the payload must never close the element or open a comment: the three
    // characters only ever occur inside JSON strings, where \u escapes mean the same.
    for (char c : text) {
        if (c == '<')
            out += "\\u003c";
        else if (c == '>')
            out += "\\u003e";
        else if (c == '&')
            out += "\\u0026";
        else
            out += c;
    }
    return out;
}

QByteArray htmlDeliverable(const DesignData& d, const DesignIndex& index, const Analysis& a) {
    // Filled in one pass, so a name that reads like a placeholder stays text.
    const QByteArray page = htmlTemplate();
    const QByteArray titleMark("@@CDS_TITLE@@"), jsonMark("@@CDS_DESIGN_JSON@@");
    const qsizetype t = page.indexOf(titleMark), j = page.indexOf(jsonMark);
    Q_ASSERT(t >= 0 && j > t);
    return page.left(t) + d.meta.title.toHtmlEscaped().toUtf8() +
           page.mid(t + titleMark.size(), j - t - titleMark.size()) +
           htmlDeliverablePayload(d, index, a) + page.mid(j + jsonMark.size());
}

QByteArray htmlDeliverable(const DesignData& d) {
    const DesignIndex index(d);
    return htmlDeliverable(d, index, analyze(d, index));
}

} // namespace cds
