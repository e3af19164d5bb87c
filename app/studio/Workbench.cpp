#include "Workbench.h"

#include "DesignEditor.h"
#include "FailureAnalysis.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/cabling/CableInspection.h"
#include "model/edits/CableOps.h"
#include "model/edits/HallOps.h"
#include "model/edits/PathwayOps.h"
#include "model/edits/PowerOps.h"
#include "views/SelectionModel.h"

#include <QLocale>

#include <optional>

#include <set>

namespace cds::studio {

Workbench::Workbench(CatalogLibrary library, Options options, QObject* parent)
    : QObject(parent)
    , m_doc(new StudioDocument(std::move(library), std::move(options), this))
    , m_selection(new views::SelectionModel(this))
    , m_failures(new FailureAnalysis(m_doc->design(), m_doc->analysis(), m_doc->tasks(), this)) {
    // A different design is open: nothing of the old one stays selected.
    connect(m_doc, &StudioDocument::reopened, m_selection, &views::SelectionModel::clear);
}

Workbench::~Workbench() = default;

Design* Workbench::design() const {
    return m_doc->design();
}
QUndoStack* Workbench::undoStack() const {
    return m_doc->undoStack();
}
DesignEditor* Workbench::editor() const {
    return m_doc->editor();
}
LiveAnalysis* Workbench::analysis() const {
    return m_doc->analysis();
}
const Catalog& Workbench::library() const {
    return m_doc->library();
}
const DesignData& Workbench::data() const {
    return m_doc->design()->data();
}

void Workbench::copySelection() {
    editor()->copyRacks(m_selection->racks());
}

std::vector<RackId> Workbench::paste() {
    const std::vector<RackId> racks = editor()->paste();
    std::vector<ObjectRef> sel;
    for (RackId r : racks)
        sel.push_back(ObjectRef::rack(r));
    if (!sel.empty())
        m_selection->set(sel);
    return racks;
}

bool Workbench::dropCatalogItem(const QString& catalogId, PointMm at) {
    std::set<RackId> racksBefore;
    std::set<DeviceId> devicesBefore;
    data().racks.forEach([&](RackId id, const Rack&) { racksBefore.insert(id); });
    data().devices.forEach([&](DeviceId id, const Device&) { devicesBefore.insert(id); });
    if (!editor()->dropCatalogItem(catalogId, at))
        return false;
    // What the drop made is selected, so it is labelled and its properties shown: the new
    // rack, or the new device when it went into a rack that was there.
    std::vector<ObjectRef> made;
    data().racks.forEach([&](RackId id, const Rack&) {
        if (!racksBefore.count(id))
            made.push_back(ObjectRef::rack(id));
    });
    if (made.empty())
        data().devices.forEach([&](DeviceId id, const Device&) {
            if (!devicesBefore.count(id))
                made.push_back(ObjectRef::device(id));
        });
    if (!made.empty())
        m_selection->set(made);
    return true;
}

void Workbench::selectAll() {
    std::vector<ObjectRef> all;
    data().racks.forEach([&](RackId id, const Rack&) { all.push_back(ObjectRef::rack(id)); });
    m_selection->set(all);
}

bool Workbench::rotateSelection() {
    return editor()->rotateRacks(m_selection->racks());
}

bool Workbench::alignSelection(edits::Align edge) {
    return editor()->alignRacks(m_selection->racks(), edge);
}

bool Workbench::deleteSelection() {
    views::SelectionModel* sel = m_selection;
    if (!sel->racks().empty() || !sel->devices().empty() || !sel->links().empty())
        return editor()->deleteObjects(sel->racks(), sel->devices(), sel->links());
    std::vector<PathwayId> trays;
    for (const ObjectRef& o : sel->objects())
        if (o.kind == ObjectRef::Kind::Pathway)
            trays.push_back(PathwayId(o.id));
    const std::vector<PowerElementId> elements = selectedPowerElements();
    const bool done = !trays.empty() ? editor()->apply(edits::deletePathways(data(), trays))
                                     : !elements.empty() && editor()->removePowerElements(elements);
    if (!done)
        return false;
    sel->clear();
    return true;
}

std::vector<PowerElementId> Workbench::selectedPowerElements() const {
    std::vector<PowerElementId> out;
    for (const ObjectRef& o : m_selection->objects())
        if (o.kind == ObjectRef::Kind::PowerElement &&
            data().power.elements.contains(PowerElementId(o.id)))
            out.push_back(PowerElementId(o.id));
    return out;
}

bool Workbench::addPowerElement(PowerKind kind, const QString& catalogId,
                                const QStringList& upstream, const QString& name) {
    PowerElementId added;
    if (!editor()->addPowerElement(kind, catalogId, upstream, name, &added))
        return false;
    m_selection->set({ObjectRef::powerElement(added)});
    return true;
}

bool Workbench::buildPowerChain(const edits::PowerChainOptions& o, bool* unchanged) {
    edits::Result r = edits::buildPowerChain(data(), library(), o);
    if (unchanged)
        *unchanged = r.edit && r.edit->isNoOp();
    if (!editor()->apply(std::move(r)))
        return false;
    std::vector<ObjectRef> keep;
    for (const ObjectRef& ref : m_selection->objects())
        if (ref.kind != ObjectRef::Kind::PowerElement)
            keep.push_back(ref);
    if (keep.size() != m_selection->objects().size())
        m_selection->set(keep);
    return true;
}

bool Workbench::placePowerRack(PowerElementId id) {
    return editor()->apply(edits::placePowerRack(data(), id));
}

bool Workbench::pickAt(PointMm at, double mmPerPixel) {
    const DesignData& d = data();
    const double tolerance = 6 * mmPerPixel;
    const CableBundle bundle = bundleAt(d, at, tolerance);
    if (!bundle.links.empty()) {
        std::vector<ObjectRef> refs;
        refs.reserve(bundle.links.size());
        for (LinkId l : bundle.links)
            refs.push_back(ObjectRef::link(l));
        m_selection->set(std::move(refs));
        return true;
    }
    if (const PathwayId tray = edits::pathwayAt(d, at, tolerance))
        m_selection->set({ObjectRef::pathway(tray)});
    return false;
}

bool Workbench::drawTray(PointMm from, PointMm to) {
    const DesignData& d = data();
    Pathway p;
    // A new tray takes the height and size of the trays already there, so it joins them.
    bool found = false;
    d.pathways.forEach([&](PathwayId, const Pathway& w) {
        if (!found && w.kind == PathwayKind::Ladder) {
            p = w;
            found = true;
        }
    });
    p.name.clear();
    p.kind = PathwayKind::Ladder;
    p.from = from;
    p.to = to;
    const PathwayId id = d.pathways.nextId();
    if (!editor()->apply(edits::addPathway(d, p)))
        return false;
    m_selection->set({ObjectRef::pathway(id)});
    return true;
}

bool Workbench::moveTrays(const std::vector<PathwayId>& trays, PointMm step, int dragSerial) {
    return editor()->apply(edits::movePathways(data(), trays, step), dragSerial);
}

bool Workbench::splitTray(PathwayId tray, PointMm at) {
    PathwayId added;
    if (!editor()->apply(edits::splitPathway(data(), tray, at, &added)))
        return false;
    m_selection->set({ObjectRef::pathway(tray), ObjectRef::pathway(added)});
    return true;
}

bool Workbench::deleteTrays(const std::vector<PathwayId>& trays) {
    return editor()->apply(edits::deletePathways(data(), trays));
}

QString Workbench::connectRails(const std::vector<DeviceId>& leaves) {
    edits::Result r = edits::connectRails(data(), m_selection->racks(), leaves);
    if (!r)
        return r.refusal;
    editor()->apply(std::move(r));
    return {};
}

bool Workbench::drawRow(RectMm area) {
    Row row;
    row.area = area;
    return editor()->apply(edits::addRow(data(), row));
}

bool Workbench::drawObstacle(RectMm area, int kind) {
    const DesignData& d = data();
    return editor()->apply(
        edits::addObstacle(d, {edits::nextObstacleName(d.hall, edits::ObstacleKind(kind)), area}));
}

namespace {

/// A copy of the element at @p i, or nullopt when the hall has none there.
template <typename T> std::optional<T> elementAt(const std::vector<T>& v, int i) {
    if (i < 0 || std::size_t(i) >= v.size())
        return std::nullopt;
    return v[std::size_t(i)];
}

} // namespace

bool Workbench::moveRow(int i, RectMm area) {
    std::optional<Row> row = elementAt(data().hall.rows, i);
    if (!row)
        return false;
    row->area = area;
    return editor()->apply(edits::editRow(data(), std::size_t(i), *row));
}

bool Workbench::moveObstacle(int i, RectMm area) {
    std::optional<Obstacle> o = elementAt(data().hall.obstacles, i);
    if (!o)
        return false;
    o->area = area;
    return editor()->apply(edits::editObstacle(data(), std::size_t(i), *o));
}

bool Workbench::flipRowAisle(int i) {
    std::optional<Row> row = elementAt(data().hall.rows, i);
    if (!row)
        return false;
    row->coldAisleNorth = !row->coldAisleNorth;
    return editor()->apply(edits::editRow(data(), std::size_t(i), *row));
}

bool Workbench::removeRow(int i) {
    return editor()->apply(edits::removeRow(data(), std::size_t(i)));
}

bool Workbench::removeObstacle(int i) {
    return editor()->apply(edits::removeObstacle(data(), std::size_t(i)));
}

QString Workbench::totalsText() const {
    const Metrics& m = analysis()->metrics();
    QLocale c = QLocale::c();
    c.setNumberOptions({}); // C locale, with thousands separators: "$270,000"
    QString cost = QStringLiteral("$") + c.toString(m.totalCostUsd, 'f', 0);
    if (m.unpricedLines > 0)
        cost += QStringLiteral(" (+%1 unpriced)").arg(m.unpricedLines);
    QString kw = itPowerText(m.itMaxW / 1000.0);
    if (m.powerMissing > 0)
        kw += QStringLiteral(" (%1 unknown)").arg(m.powerMissing);
    return QStringLiteral("%1 GPUs · %2 racks · %3 · %4")
        .arg(c.toString(m.gpus), c.toString(m.racks), kw, cost);
}

QString Workbench::itPowerText(double kw) {
    QLocale c = QLocale::c();
    c.setNumberOptions({}); // C locale, with thousands separators
    return kw >= 10000 ? c.toString(kw / 1000.0, 'f', 2) + QStringLiteral(" MW IT")
                       : c.toString(kw, 'f', 1) + QStringLiteral(" kW IT");
}

QString Workbench::titleText() const {
    const DesignMeta& meta = data().meta;
    QStringList who;
    for (const QString& s : {meta.customer, meta.project})
        if (!s.isEmpty())
            who << s;
    if (!meta.revision.isEmpty())
        who << QStringLiteral("rev ") + meta.revision;
    const QString details =
        who.isEmpty() ? QString() : QStringLiteral(" — ") + who.join(QStringLiteral(" · "));
    return m_doc->displayName() + QStringLiteral("[*]") + details +
           QStringLiteral(" — Cluster Design Studio");
}

} // namespace cds::studio
