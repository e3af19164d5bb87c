#include "Reports.h"

#include "../Checkpoint.h"
#include "../DesignIndex.h"
#include "../cabling/TrayFill.h"
#include "../json/Json.h"
#include "../power/HallPower.h"
#include "../power/PowerFlow.h"
#include "../resilience/Reliability.h"
#include "../site/FloorSpace.h"
#include "../site/HallLoads.h"
#include "../site/Site.h"
#include "Csv.h"

#include <cmath>

namespace cds {

using OJson = nlohmann::ordered_json;

namespace {
QByteArray bytes(const OJson& j) {
    const std::string s = json::dumpStable(j);
    return QByteArray(s.data(), qsizetype(s.size()));
}
std::string str(const QString& s) {
    return s.toStdString();
}
double round2(double v) {
    return std::round(v * 100.0) / 100.0;
}
double round3(double v) {
    return std::round(v * 1000.0) / 1000.0;
}
/// Minutes the storage takes to write a full model-state checkpoint of the whole cluster
/// (defaultCheckpointBytes); 0 when it has no write bandwidth.
double checkpointMinutes(const Metrics& m) {
    if (m.storageWriteGbps <= 0 || m.gpus <= 0)
        return 0;
    return writeSeconds(defaultCheckpointBytes(m.gpus, m.gpuMemoryGb / m.gpus),
                        m.storageWriteGbps) /
           60;
}
OJson orNull(double v) {
    return v > 0 ? OJson(round2(v)) : OJson();
}
/// `power_chain`, `site` and `floor`: the chain's elements, utilization and floor space, the
/// budgets, and the floor the racks and power racks take.
void addPower(OJson& j, const DesignData& d, const Metrics& m, const PowerAnalysis& a) {
    OJson kinds = OJson::object();
    for (int k = 0; k < kPowerKindCount; ++k)
        kinds[str(powerKindKey(PowerKind(k)))] = a.byKind[std::size_t(k)];
    const FloorSpace space = floorSpace(d);
    j["power_chain"] = {{"redundancy", a.hasChain() ? str(d.power.schemeLabel()) : "none"},
                        {"utility_kva", round2(a.utilityKva)},
                        {"elements", kinds},
                        {"max_utilization_pct", round2(a.maxNormalPct)},
                        {"worst_n1_utilization_pct", round2(a.worstN1Pct)},
                        {"stranded_kw", round2(a.strandedKw)},
                        {"floor_m2", round2(space.powerRacksM2)}};
    j["site"] = {{"it_budget_kw", orNull(d.power.itBudgetKw)},
                 {"site_budget_kw", orNull(d.power.siteBudgetKw)},
                 {"it_used_kw", round3(m.itMaxW / 1000.0)},
                 {"facility_kw", round3(m.facilityW / 1000.0)},
                 {"gpus", m.gpus}};
    j["floor"] = {{"hall_m2", round2(space.hallM2)},
                  {"racks_m2", round2(space.racksM2)},
                  {"power_racks_m2", round2(space.powerRacksM2)},
                  {"used_pct", round2(space.usedPct())}};
}
QString bins(const BomLine& l) {
    QStringList parts;
    for (const auto& [len, n] : l.lengthBins)
        parts << QStringLiteral("%1m x %2").arg(len).arg(n);
    return parts.join(QStringLiteral("; "));
}
} // namespace

namespace {

/// `halls`: each hall's GPUs, racks, IT load and demand on the utility (one hall, the floor,
/// without a site; `utility_kva` null without a power chain); `inter_hall`: the links between
/// halls.
void addHalls(OJson& j, const DesignData& d, const Metrics& m, const PowerAnalysis& a) {
    OJson list = OJson::array();
    const std::vector<SiteHall> halls = siteHalls(d);
    const std::vector<int> rackHall = rackHalls(d, halls);
    const std::vector<HallLoad> loads = hallLoads(m, halls, rackHall);
    const std::vector<double> kva = hallUtilityKva(d, m, a, rackHall, halls.size());
    for (std::size_t i = 0; i < loads.size(); ++i)
        list.push_back({{"id", i + 1},
                        {"name", str(loads[i].name)},
                        {"gpus", loads[i].gpus},
                        {"racks", loads[i].racks},
                        {"it_kw", round2(loads[i].itKw)},
                        {"utility_kva", a.hasChain() ? OJson(round2(kva[i])) : OJson()}});
    j["halls"] = list;
    const InterHallLinks between = interHallLinks(d, rackHall);
    j["inter_hall"] = {{"links", between.links},
                       {"optics", between.optics},
                       {"max_length_m", round2(between.maxLengthM)}};
}

} // namespace

QByteArray statsJson(const DesignData& d, const Metrics& m, const PowerAnalysis* power) {
    auto tiers = [](const TierCounts& t) {
        return OJson{{"leaf", t.leaf}, {"spine", t.spine}, {"core", t.core}};
    };
    const auto& sw = m.switches;
    const auto& ln = m.links;
    auto k = [](FabricKind f) { return std::size_t(f); };
    OJson by = OJson::object();
    for (int c = 0; c < kCostCategoryCount; ++c)
        by[str(costCategoryKey(CostCategory(c)))] = round2(m.costByCategory[std::size_t(c)]);
    OJson roles = OJson::object();
    for (int r = 0; r < kRackRoleCount; ++r)
        roles[str(rackRoleKey(RackRole(r)))] = m.racksByRole[std::size_t(r)];
    OJson j = {
        {"title", str(d.meta.title)},
        {"gpus", m.gpus},
        {"servers", m.servers},
        {"racks", m.racks},
        {"gpu_memory_gb", round2(m.gpuMemoryGb)},
        {"bf16_pflops", round3(m.bf16Pflops)},
        {"switches",
         {{"compute", tiers(sw[k(FabricKind::Compute)])},
          {"storage", sw[k(FabricKind::Storage)].total()},
          {"management", sw[k(FabricKind::Inband)].total() + sw[k(FabricKind::Oob)].total()}}},
        {"links",
         {{"compute",
           {{"node_leaf", ln[k(FabricKind::Compute)].nodeLeaf},
            {"leaf_spine", ln[k(FabricKind::Compute)].leafSpine},
            {"spine_core", ln[k(FabricKind::Compute)].spineCore}}},
          {"storage", ln[k(FabricKind::Storage)].total()},
          {"management", ln[k(FabricKind::Inband)].total() + ln[k(FabricKind::Oob)].total()}}},
        {"transceivers", m.transceivers},
        {"cables", m.cables},
        {"optics",
         {{"count", m.pluggableOptics},
          {"watts", round2(m.opticsPowerW)},
          {"cost_usd", round2(m.opticsCostUsd)},
          {"per_gpu", round3(m.opticsPerGpu())}}},
        {"power_kw",
         {{"it", round3(m.itMaxW / 1000.0)},
          {"it_typical", round3(m.itTypicalW / 1000.0)},
          {"facility", round3(m.facilityW / 1000.0)},
          {"max_rack", round3(m.maxRackKw)},
          {"optics", round3(m.opticsPowerW / 1000.0)}}},
        {"data_missing", {{"power", m.powerMissing}, {"weight", m.weightMissing}}},
        {"cost_usd",
         {{"total", round2(m.totalCostUsd)},
          {"per_gpu", round2(m.costPerGpu())},
          {"by_category", by},
          {"unpriced_lines", m.unpricedLines}}},
        {"bisection_tbps", round3(m.bisectionTbps)},
        {"bisection_convention", "per direction: half the smallest aggregate tier bandwidth of the "
                                 "compute fabric, from its links"},
        {"injection_gbps_per_gpu", round2(m.injectionGbpsPerGpu)},
        {"oversubscription",
         {{"leaf", round3(m.leafOversubscription)}, {"spine", round3(m.spineOversubscription)}}},
        {"racks_by_role", roles},
        {"storage",
         {{"servers", m.storageServers},
          {"usable_tb", round2(m.storageUsableTb)},
          {"read_gbps", round2(m.storageReadGbps)},
          {"write_gbps", round2(m.storageWriteGbps)},
          {"checkpoint_min", round2(checkpointMinutes(m))}}},
        {"ufm", m.ufm},
        {"head_nodes", m.headNodes},
        {"pdus", m.pdus},
        {"cdus",
         {{"count", m.cdus},
          {"capacity_kw", round2(m.cduCapacityKw)},
          {"liquid_heat_kw", round2(m.liquidHeatKw)},
          {"coolant_flow_l_per_min", round2(m.coolantFlowLpm())}}},
        {"nvlink_domain_gpus", m.nvlinkDomainGpus},
        {"nvlink_domains", {{"count", m.nvlinkDomains}, {"nodes", m.nvlinkDomainNodes}}},
        {"airflow",
         {{"cfm", (long long)std::llround(m.airflowCfm)},
          {"room_air_kw", round2(m.airHeatKw)},
          {"capacity_kw", round2(d.settings.roomAirCoolingKw)},
          {"inlet_class", str(inletClassKey(d.settings.inletClass))}}},
    };
    OJson planes = OJson::array();
    for (const PlaneMetrics& pm : m.computePlanes)
        planes.push_back({{"fabric", str(pm.name)},
                          {"switches", tiers(pm.switches)},
                          {"links",
                           {{"node_leaf", pm.links.nodeLeaf},
                            {"leaf_spine", pm.links.leafSpine},
                            {"spine_core", pm.links.spineCore}}},
                          {"injection_gbps_per_gpu", round2(pm.injectionGbpsPerGpu)},
                          {"bisection_tbps", round3(pm.bisectionTbps)}});
    j["planes"] = planes;
    TrayLoad trays;
    if (!d.pathways.empty())
        trays = computeTrayLoad(d, DesignIndex(d));
    j["pathways"] = {{"segments", d.pathways.size()},
                     {"length_m", round2(trays.lengthM)},
                     {"max_fill_pct", round2(trays.maxFillPct)}};
    const PowerAnalysis own = power ? PowerAnalysis{} : analyzePower(d, m);
    addPower(j, d, m, power ? *power : own);
    addHalls(j, d, m, power ? *power : own);
    const Reliability rel = reliabilityOf(d, m);
    j["reliability"] = {{"interruptions_per_day", round3(rel.interruptionsPerDay)},
                        {"job_mtbf_hours",
                         {{"cluster", round2(rel.clusterMtbfHours)},
                          {"job", round2(rel.jobMtbfHours)},
                          {"job_gpus", rel.jobGpus}}},
                        {"checkpoint_interval_min", round2(rel.checkpointIntervalMin)},
                        {"checkpoint_gb", round2(rel.checkpointGb)},
                        {"checkpoint_write_s", round2(rel.checkpointWriteS)},
                        {"checkpoint_to", str(rel.checkpointPath)},
                        {"restart_min", round2(rel.restartMin)},
                        {"goodput_pct", round2(rel.goodputPct)}};
    return bytes(j);
}

QString objectName(const DesignData& d, const ObjectRef& o) {
    switch (o.kind) {
    case ObjectRef::Kind::Rack:
        if (const Rack* r = d.racks.find(RackId(o.id)))
            return r->name;
        break;
    case ObjectRef::Kind::Device:
        if (const Device* v = d.devices.find(DeviceId(o.id)))
            return v->name;
        break;
    case ObjectRef::Kind::Link:
        if (const Link* l = d.links.find(LinkId(o.id))) {
            const Device* a = d.devices.find(l->a.device);
            const Device* b = d.devices.find(l->b.device);
            return QStringLiteral("link %1 (%2 - %3)")
                .arg(o.id)
                .arg(a ? a->name : QStringLiteral("?"), b ? b->name : QStringLiteral("?"));
        }
        break;
    case ObjectRef::Kind::Fabric:
        if (const Fabric* f = d.fabric(FabricId(o.id)))
            return f->name;
        break;
    case ObjectRef::Kind::Pathway:
        if (const Pathway* p = d.pathways.find(PathwayId(o.id)))
            return p->name;
        break;
    case ObjectRef::Kind::PowerElement:
        if (const PowerElement* e = d.power.elements.find(PowerElementId(o.id)))
            return e->name;
        break;
    case ObjectRef::Kind::Design:
        return d.meta.title;
    }
    return QStringLiteral("%1 %2").arg(objectKindKey(o.kind)).arg(o.id);
}

QByteArray findingsJson(const DesignData& d, const std::vector<Finding>& fs, const QString& file) {
    const FindingCounts c = countFindings(fs);
    OJson list = OJson::array();
    for (const Finding& f : fs) {
        OJson objs = OJson::array();
        for (const ObjectRef& o : f.objects)
            objs.push_back({{"kind", str(objectKindKey(o.kind))},
                            {"id", o.id},
                            {"name", str(objectName(d, o))}});
        OJson j = {{"code", str(f.code)},       {"severity", str(severityKey(f.severity))},
                   {"message", str(f.message)}, {"objects", objs},
                   {"rule", str(f.rule)},       {"threshold", str(f.threshold)},
                   {"key", str(f.key())},       {"waived", f.waived}};
        if (f.waived)
            j["waiver_reason"] = str(f.waiverReason);
        list.push_back(std::move(j));
    }
    return bytes(OJson{{"file", str(file)},
                       {"errors", c.errors},
                       {"warnings", c.warnings},
                       {"infos", c.infos},
                       {"waived", c.waived},
                       {"findings", list}});
}

QString findingsText(const DesignData&, const std::vector<Finding>& fs) {
    QString out;
    for (const Finding& f : fs) {
        out += QStringLiteral("%1%2 %3: %4  [%5: %6]\n")
                   .arg(severityKey(f.severity), f.waived ? QStringLiteral(" (waived)") : QString(),
                        f.code, f.message, f.rule, f.threshold);
    }
    const FindingCounts c = countFindings(fs);
    out += QStringLiteral("%1 error(s), %2 warning(s), %3 info, %4 waived\n")
               .arg(c.errors)
               .arg(c.warnings)
               .arg(c.infos)
               .arg(c.waived);
    return out;
}

QByteArray bomCsv(const DesignData& d, const Bom& bom) {
    QString out = csv::row({QStringLiteral("category"), QStringLiteral("vendor"),
                            QStringLiteral("model"), QStringLiteral("catalog_id"),
                            QStringLiteral("quantity"), QStringLiteral("unit_price_usd"),
                            QStringLiteral("extended_price_usd"), QStringLiteral("length_bins")});
    for (const BomLine& l : bom.lines) {
        const CatalogItem& it = d.catalog[l.type];
        out += csv::row({costCategoryLabel(l.category), it.vendor, it.model, it.id,
                         QString::number(l.quantity),
                         l.unitPriceUsd ? csv::money(*l.unitPriceUsd) : QString(),
                         l.extendedUsd() ? csv::money(*l.extendedUsd()) : QString(), bins(l)});
    }
    out += csv::row({QStringLiteral("TOTAL"),
                     {},
                     {},
                     {},
                     {},
                     {},
                     csv::money(bom.totalUsd),
                     bom.unpricedLines
                         ? QStringLiteral("%1 line(s) without a price").arg(bom.unpricedLines)
                         : QString()});
    return out.toUtf8();
}

QByteArray bomJson(const DesignData& d, const Bom& bom) {
    OJson lines = OJson::array();
    for (const BomLine& l : bom.lines) {
        const CatalogItem& it = d.catalog[l.type];
        OJson j = {
            {"category", str(costCategoryKey(l.category))},
            {"vendor", str(it.vendor)},
            {"model", str(it.model)},
            {"catalog_id", str(it.id)},
            {"quantity", l.quantity},
            {"unit_price_usd", l.unitPriceUsd ? OJson(round2(*l.unitPriceUsd)) : OJson()},
            {"extended_price_usd", l.extendedUsd() ? OJson(round2(*l.extendedUsd())) : OJson()}};
        if (!l.lengthBins.empty()) {
            OJson b = OJson::array();
            for (const auto& [len, n] : l.lengthBins)
                b.push_back({{"length_m", len}, {"quantity", n}});
            j["length_bins"] = b;
        }
        lines.push_back(std::move(j));
    }
    return bytes(OJson{{"lines", lines},
                       {"total_usd", round2(bom.totalUsd)},
                       {"unpriced_lines", bom.unpricedLines},
                       {"transceivers", bom.transceivers},
                       {"cables", bom.cables}});
}

QByteArray catalogJson(const Catalog& c) {
    OJson items = OJson::array();
    for (const CatalogItem& it : c.items()) {
        OJson j = {{"id", str(it.id)},
                   {"category", str(categoryKey(it.category))},
                   {"vendor", str(it.vendor)},
                   {"model", str(it.model)}};
        if (it.uHeight)
            j["u_height"] = it.uHeight;
        if (it.powerMaxW)
            j["power_max_w"] = *it.powerMaxW;
        if (it.gpu)
            j["gpus"] = it.gpu->count;
        if (it.price)
            j["price_usd"] = it.price->usd;
        items.push_back(std::move(j));
    }
    return bytes(OJson{{"items", items}});
}

} // namespace cds
