#include "PropertiesPanel.h"

#include "../SelectionModel.h"
#include "HallForm.h"
#include "PathwayForm.h"
#include "PowerForm.h"

#include "model/RackCooling.h"
#include "model/RackGeometry.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace cds::views {

PropertiesPanel::PropertiesPanel(Design* design, SelectionModel* selection, QWidget* parent)
    : QWidget(parent)
    , m_design(design)
    , m_selection(selection)
    , m_heading(new QLabel(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(6, 6, 6, 6);
    QFont f = m_heading->font();
    f.setBold(true);
    m_heading->setFont(f);
    lay->addWidget(m_heading);
    lay->addStretch(1);
    connect(selection, &SelectionModel::changed, this, &PropertiesPanel::rebuild);
    // Model changes arrive in bursts (a drag, an undo of 40 racks): rebuild once afterwards.
    connect(design, &Design::changed, this, &PropertiesPanel::scheduleRebuild);
    rebuild();
}

QString PropertiesPanel::heading() const {
    return m_heading->text();
}

void PropertiesPanel::scheduleRebuild() {
    if (m_pending)
        return;
    m_pending = true;
    QTimer::singleShot(0, this, [this] {
        m_pending = false;
        rebuild();
    });
}

void PropertiesPanel::rebuild() {
    delete m_body;
    m_body = new QWidget(this);
    m_form = new QFormLayout(m_body);
    m_form->setContentsMargins(0, 0, 0, 0);
    static_cast<QVBoxLayout*>(layout())->insertWidget(1, m_body);
    const auto racks = m_selection->racks();
    const auto devices = m_selection->devices();
    const auto links = m_selection->links();
    if (devices.size() == 1 && racks.empty())
        showDevice(devices.front());
    else if (links.size() == 1 && racks.empty() && devices.empty())
        showLink(links.front());
    else if (!racks.empty())
        showRacks(racks);
    else if (m_selection->objects().size() == 1 &&
             m_selection->objects().front().kind == ObjectRef::Kind::Pathway)
        showPathway(PathwayId(m_selection->objects().front().id));
    else if (m_selection->objects().size() == 1 &&
             m_selection->objects().front().kind == ObjectRef::Kind::PowerElement)
        showPowerElement(PowerElementId(m_selection->objects().front().id));
    else if (m_selection->hall() >= 0)
        showHall(m_selection->hall());
    else if (m_selection->objects().empty() && !m_design->data().power.elements.empty())
        showPowerChain();
    else if (m_selection->objects().empty() && !m_design->data().racks.empty())
        showNoPowerChain();
    else
        m_heading->setText(QStringLiteral("Nothing selected"));
}

void PropertiesPanel::showRacks(const std::vector<RackId>& ids) {
    const DesignData& d = m_design->data();
    std::vector<RackId> racks;
    for (RackId id : ids)
        if (d.racks.contains(id))
            racks.push_back(id);
    if (racks.empty()) {
        m_heading->setText(QStringLiteral("Nothing selected"));
        return;
    }
    const Rack& first = d.racks[racks.front()];
    auto* cooling = new QComboBox(m_body);
    cooling->setObjectName(QStringLiteral("rackCooling"));
    for (int c = 0; c < kCoolingTypeCount; ++c)
        cooling->addItem(coolingLabel(CoolingType(c)), c);
    cooling->setCurrentIndex(int(first.cooling));
    // Racks that differ show "mixed", never the first rack's value as if it were all of theirs.
    const bool mixed = std::any_of(racks.begin(), racks.end(),
                                   [&](RackId id) { return d.racks[id].cooling != first.cooling; });
    if (mixed) {
        cooling->insertItem(0, QStringLiteral("mixed"), -1);
        cooling->setCurrentIndex(0);
    }
    connect(cooling, &QComboBox::activated, this, [this, racks, cooling](int index) {
        const int c = cooling->itemData(index).toInt();
        if (c < 0)
            return; // "mixed" is not a cooling type
        Q_EMIT rackCoolingRequested(racks, CoolingType(c), QString());
    });
    // The build phase, when the design has phases (Edit > Build phases…).
    QComboBox* phase = nullptr;
    if (!d.phases.empty()) {
        phase = new QComboBox(m_body);
        phase->setObjectName(QStringLiteral("rackPhase"));
        for (std::size_t i = 0; i < d.phases.size(); ++i)
            phase->addItem(d.phases[i].date.isEmpty()
                               ? d.phases[i].name
                               : QStringLiteral("%1 (%2)").arg(d.phases[i].name, d.phases[i].date),
                           int(i));
        phase->setCurrentIndex(std::clamp(int(first.phase), 0, int(d.phases.size()) - 1));
        if (std::any_of(racks.begin(), racks.end(),
                        [&](RackId id) { return d.racks[id].phase != first.phase; })) {
            phase->insertItem(0, QStringLiteral("mixed"), -1);
            phase->setCurrentIndex(0);
        }
        connect(phase, &QComboBox::activated, this, [this, racks, phase](int index) {
            const int p = phase->itemData(index).toInt();
            if (p >= 0)
                Q_EMIT rackPhaseRequested(racks, p);
        });
    }
    if (racks.size() > 1) {
        m_heading->setText(QStringLiteral("%1 racks").arg(racks.size()));
        m_form->addRow(QStringLiteral("Cooling (all)"), cooling);
        if (phase)
            m_form->addRow(QStringLiteral("Build phase (all)"), phase);
        return;
    }
    const RackId id = racks.front();
    m_heading->setText(QStringLiteral("Rack ") + first.name);
    auto* name = new QLineEdit(first.name, m_body);
    connect(name, &QLineEdit::editingFinished, this, [this, id, name] {
        Rack r = m_design->data().racks[id];
        r.name = name->text().trimmed();
        if (!r.name.isEmpty())
            Q_EMIT racksEditRequested({{id, r}}, QStringLiteral("Rename rack"));
    });
    m_form->addRow(QStringLiteral("Name"), name);
    m_form->addRow(QStringLiteral("Type"), new QLabel(d.typeOf(first).model, m_body));
    m_form->addRow(QStringLiteral("Centre"), new QLabel(QStringLiteral("%1, %2 mm, %3°")
                                                            .arg(first.centre.x, 0, 'f', 0)
                                                            .arg(first.centre.y, 0, 'f', 0)
                                                            .arg(first.rotationDeg),
                                                        m_body));
    m_form->addRow(QStringLiteral("Cooling"), cooling);
    if (phase)
        m_form->addRow(QStringLiteral("Build phase"), phase);
    // The installed product sets the rack's envelope; none: the design's for the type.
    auto* product = new QComboBox(m_body);
    product->setObjectName(QStringLiteral("coolingProduct"));
    const CoolingEnvelope& typeEnv = d.settings.cooling[std::size_t(first.cooling)];
    product->addItem(QStringLiteral("None (%1: max %2 kW)")
                         .arg(coolingLabel(first.cooling).toLower())
                         .arg(typeEnv.maxKw, 0, 'f', 0),
                     QString());
    // The design's own products and the catalog's, once each, smallest first.
    std::vector<const CatalogItem*> offered = coolingProductsFor(d.catalog, first.cooling);
    if (m_library)
        for (const CatalogItem* it : coolingProductsFor(*m_library, first.cooling))
            if (!d.catalog.item(it->id))
                offered.push_back(it);
    std::stable_sort(offered.begin(), offered.end(),
                     [](const CatalogItem* a, const CatalogItem* b) {
                         return *a->coolingCapacityKw < *b->coolingCapacityKw;
                     });
    const QString current = first.coolingProduct ? d.catalog[first.coolingProduct].id : QString();
    for (const CatalogItem* it : offered) {
        product->addItem(
            QStringLiteral("%1 (%2 kW)").arg(it->model).arg(*it->coolingCapacityKw, 0, 'f', 0),
            it->id);
        if (it->id == current)
            product->setCurrentIndex(product->count() - 1);
    }
    product->setEnabled(product->count() > 1);
    product->setToolTip(QStringLiteral("The cooling product installed: its capacity is the "
                                       "rack's maximum, with a warning from 90 %"));
    connect(product, &QComboBox::activated, this, [this, id, product](int index) {
        Q_EMIT rackCoolingRequested({id}, m_design->data().racks[id].cooling,
                                    product->itemData(index).toString());
    });
    m_form->addRow(QStringLiteral("Cooling product"), product);
    auto* feeds = new QSpinBox(m_body);
    feeds->setRange(1, 8);
    feeds->setValue(first.feeds.count);
    auto* kw = new QDoubleSpinBox(m_body);
    kw->setRange(0, 500);
    kw->setDecimals(1);
    kw->setSuffix(QStringLiteral(" kW"));
    kw->setSpecialValueText(QStringLiteral("not specified"));
    kw->setValue(first.feeds.kwPerFeed);
    auto commitFeeds = [this, id, feeds, kw] {
        Rack r = m_design->data().racks[id];
        r.feeds.count = feeds->value();
        r.feeds.kwPerFeed = kw->value();
        Q_EMIT racksEditRequested({{id, r}}, QStringLiteral("Set power feeds"));
    };
    connect(feeds, &QSpinBox::editingFinished, this, commitFeeds);
    connect(kw, &QDoubleSpinBox::editingFinished, this, commitFeeds);
    m_form->addRow(QStringLiteral("Feeds"), feeds);
    m_form->addRow(QStringLiteral("kW per feed"), kw);
    if (!d.power.elements.empty())
        addRackFeedsForm(m_form, m_body, d, id, [this, id](FeedSide side, const QString& element) {
            Q_EMIT rackFeedRequested(id, side, element);
        });
}

void PropertiesPanel::showDevice(DeviceId id) {
    const DesignData& d = m_design->data();
    const Device* dev = d.devices.find(id);
    if (!dev) {
        m_heading->setText(QStringLiteral("Nothing selected"));
        return;
    }
    const CatalogItem& t = d.typeOf(*dev);
    m_heading->setText(QStringLiteral("Device ") + dev->name);
    auto* name = new QLineEdit(dev->name, m_body);
    connect(name, &QLineEdit::editingFinished, this, [this, id, name] {
        Device v = m_design->data().devices[id];
        v.name = name->text().trimmed();
        if (!v.name.isEmpty())
            Q_EMIT deviceEditRequested(id, v, QStringLiteral("Rename device"));
    });
    m_form->addRow(QStringLiteral("Name"), name);
    m_form->addRow(QStringLiteral("Type"),
                   new QLabel(t.vendor + QLatin1Char(' ') + t.model, m_body));
    const Rack* r = d.racks.find(dev->rack);
    const QString face =
        dev->face == Face::Front ? QStringLiteral("front") : QStringLiteral("rear");
    QString where = QStringLiteral("not placed");
    if (r && isFloorStanding(t))
        where = QStringLiteral("%1, floor-standing").arg(r->name);
    else if (r && isZeroU(t))
        where = QStringLiteral("%1, 0U in the %2 side channel").arg(r->name, face);
    else if (r)
        where = QStringLiteral("%1 U%2 %3").arg(r->name).arg(dev->uPosition).arg(face);
    m_form->addRow(QStringLiteral("Position"), new QLabel(where, m_body));
    m_form->addRow(QStringLiteral("Catalog price"),
                   new QLabel(t.price ? QStringLiteral("$%1 (%2, %3)")
                                            .arg(t.price->usd, 0, 'f', 0)
                                            .arg(t.price->date, t.price->source)
                                      : QStringLiteral("unknown"),
                              m_body));
    auto it = d.priceOverrides.find(t.id);
    auto* price = new QDoubleSpinBox(m_body);
    price->setRange(0, 1e8);
    price->setDecimals(0);
    price->setPrefix(QStringLiteral("$"));
    price->setSpecialValueText(QStringLiteral("no override"));
    price->setValue(it != d.priceOverrides.end() ? it->second.usd : 0);
    auto* note = new QLineEdit(it != d.priceOverrides.end() ? it->second.note : QString(), m_body);
    note->setPlaceholderText(QStringLiteral("quote, date"));
    const QString typeId = t.id;
    auto commit = [this, typeId, price, note] {
        Q_EMIT priceOverrideRequested(typeId, price->value() > 0 ? price->value() : -1,
                                      note->text().trimmed());
    };
    connect(price, &QDoubleSpinBox::editingFinished, this, commit);
    connect(note, &QLineEdit::editingFinished, this, commit);
    m_form->addRow(QStringLiteral("Price override"), price);
    m_form->addRow(QStringLiteral("Override note"), note);
}

void PropertiesPanel::showLink(LinkId id) {
    const DesignData& d = m_design->data();
    const Link* l = d.links.find(id);
    if (!l) {
        m_heading->setText(QStringLiteral("Nothing selected"));
        return;
    }
    m_heading->setText(QStringLiteral("Link %1").arg(id.value()));
    auto end = [&](PortRef p) -> QString {
        const Device* v = d.devices.find(p.device);
        if (!v)
            return QStringLiteral("?");
        const auto lp = d.typeOf(*v).logicalPort(v->breakout, p.port);
        return v->name + QLatin1Char(':') + (lp ? lp->name : QString::number(p.port));
    };
    m_form->addRow(QStringLiteral("A end"), new QLabel(end(l->a), m_body));
    m_form->addRow(QStringLiteral("B end"), new QLabel(end(l->b), m_body));
    m_form->addRow(QStringLiteral("Length"),
                   new QLabel(QStringLiteral("%1 m").arg(double(l->lengthM), 0, 'f', 1), m_body));
    m_form->addRow(QStringLiteral("Medium"),
                   new QLabel(d.catalog.contains(l->medium) ? d.catalog[l->medium].model
                                                            : QStringLiteral("none reaches"),
                              m_body));
    auto* pinned = new QComboBox(m_body);
    pinned->addItem(QStringLiteral("Automatic"), -1);
    for (std::size_t i = 0; i < d.catalog.size(); ++i) {
        const CatalogItem& c = d.catalog[TypeId(std::uint32_t(i))];
        if (c.media)
            pinned->addItem(c.model, int(i));
    }
    pinned->setCurrentIndex(
        std::max(0, pinned->findData(l->pinnedMedium ? int(l->pinnedMedium.value()) : -1)));
    connect(pinned, &QComboBox::activated, this, [this, id, pinned](int index) {
        Link after = m_design->data().links[id];
        const int v = pinned->itemData(index).toInt();
        after.pinnedMedium = v < 0 ? TypeId() : TypeId(std::uint32_t(v));
        Q_EMIT linkEditRequested(id, after, QStringLiteral("Pin cable medium"));
    });
    m_form->addRow(QStringLiteral("Pinned medium"), pinned);
}

void PropertiesPanel::showPathway(PathwayId id) {
    const DesignData& d = m_design->data();
    const Pathway* w = d.pathways.find(id);
    if (!w) {
        m_heading->setText(QStringLiteral("Nothing selected"));
        return;
    }
    m_heading->setText(QStringLiteral("Tray ") + w->name);
    addPathwayForm(m_form, m_body, d, id, [this, id](const Pathway& after, const QString& text) {
        Q_EMIT pathwayEditRequested(id, after, text);
    });
}

void PropertiesPanel::showPowerElement(PowerElementId id) {
    const DesignData& d = m_design->data();
    const PowerElement* e = d.power.elements.find(id);
    if (!e) {
        m_heading->setText(QStringLiteral("Nothing selected"));
        return;
    }
    m_heading->setText(powerKindLabel(e->kind) + QLatin1Char(' ') + e->name);
    PowerElementRequests requests;
    requests.rename = [this, id](const QString& name) { Q_EMIT powerRenameRequested(id, name); };
    requests.capacity = [this, id](double v) { Q_EMIT powerCapacityRequested(id, v); };
    requests.units = [this, id](int n) { Q_EMIT powerUnitsRequested(id, n); };
    requests.efficiency = [this, id](double pct) { Q_EMIT powerEfficiencyRequested(id, pct); };
    requests.type = [this, id](const QString& t) { Q_EMIT powerTypeRequested(id, t); };
    requests.upstream = [this, id](const QStringList& names) {
        Q_EMIT powerUpstreamRequested(id, names);
    };
    addPowerElementForm(m_form, m_body, d, m_library, id, requests);
    addPowerAreaForm(m_form, m_body, *e,
                     [this, id](const RectMm& area) { Q_EMIT powerAreaRequested(id, area); });
    if (e->kind == PowerKind::PowerRack && !e->area) {
        auto* place = new QPushButton(QStringLiteral("Place on floor"), m_body);
        place->setObjectName(QStringLiteral("powerPlace"));
        place->setToolTip(QStringLiteral("Stand it on the first free floor in line with the "
                                         "racks it feeds, after the last of them"));
        connect(place, &QPushButton::clicked, this, [this, id] { Q_EMIT powerPlaceRequested(id); });
        m_form->addRow(QStringLiteral("Floor"), place);
    }
    auto* title = new QLabel(QStringLiteral("Chain settings"), m_body);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    m_form->addRow(title);
    addChainSettings();
}

void PropertiesPanel::showPowerChain() {
    m_heading->setText(QStringLiteral("Power chain ") + m_design->data().power.schemeLabel());
    addChainSettings();
}

void PropertiesPanel::showNoPowerChain() {
    m_heading->setText(QStringLiteral("Nothing selected"));
    auto* build = new QPushButton(QStringLiteral("Build power chain…"), m_body);
    build->setObjectName(QStringLiteral("buildPowerChain"));
    build->setToolTip(QStringLiteral("The design has no power chain: build one for its racks' "
                                     "loads under a redundancy scheme"));
    connect(build, &QPushButton::clicked, this, &PropertiesPanel::powerChainBuildRequested);
    m_form->addRow(QStringLiteral("Power chain"), build);
}

void PropertiesPanel::addChainSettings() {
    addPowerSettingsForm(m_form, m_body, m_design->data().power,
                         [this](double factor, double transientPct, double strandedPct) {
                             Q_EMIT powerSettingsRequested(factor, transientPct, strandedPct);
                         });
}

void PropertiesPanel::showHall(int index) {
    const DesignData& d = m_design->data();
    if (index < 0 || index >= int(d.halls.size())) {
        m_heading->setText(QStringLiteral("Nothing selected"));
        return;
    }
    m_heading->setText(QStringLiteral("%1 (campus hall)").arg(d.halls[std::size_t(index)].name));
    addSiteHallForm(m_form, m_body, d, std::size_t(index), [this, index](const SiteHall& after) {
        Q_EMIT siteHallEditRequested(index, after);
        scheduleRebuild(); // a refused edit: the fields show the hall as it is again
    });
}

} // namespace cds::views
