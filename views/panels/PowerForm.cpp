#include "PowerForm.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>
#include <array>

namespace cds::views {

namespace {

QString unitOf(PowerKind k) {
    return ratedInKva(k) ? QStringLiteral("kVA") : QStringLiteral("kW");
}

QDoubleSpinBox* percentBox(QWidget* body, const QString& objectName, double max, double value) {
    auto* box = new QDoubleSpinBox(body);
    box->setObjectName(objectName);
    box->setRange(0, max);
    box->setDecimals(1);
    box->setSuffix(QStringLiteral(" %"));
    box->setKeyboardTracking(false);
    box->setValue(value);
    return box;
}

QComboBox* typeChoice(QWidget* body, const DesignData& d, const Catalog* library,
                      const PowerElement& e) {
    auto* type = new QComboBox(body);
    type->setObjectName(QStringLiteral("powerType"));
    const QString current = e.type ? d.catalog[e.type].id : QString();
    if (current.isEmpty())
        type->addItem(QStringLiteral("None"), QString());
    for (const CatalogItem* it : powerEntriesOf(d, library, e.kind)) {
        type->addItem(powerEntryLabel(*it), it->id);
        if (it->id == current)
            type->setCurrentIndex(type->count() - 1);
    }
    type->setToolTip(QStringLiteral("The catalog entry: its rating (times the units) and "
                                    "efficiency become the element's"));
    return type;
}

QStringList upstreamNames(const PowerChain& c, const PowerElement& e) {
    QStringList names;
    for (PowerElementId u : e.upstream)
        if (const PowerElement* up = c.elements.find(u))
            names << up->name;
    return names;
}

} // namespace

void addPowerElementForm(QFormLayout* form, QWidget* body, const DesignData& d,
                         const Catalog* library, PowerElementId id,
                         const PowerElementRequests& requests) {
    const PowerElement& e = d.power.elements[id];
    auto* name = new QLineEdit(e.name, body);
    name->setObjectName(QStringLiteral("powerName"));
    QObject::connect(name, &QLineEdit::editingFinished, body,
                     [name, was = e.name, ask = requests.rename] {
                         if (name->text().trimmed() != was)
                             ask(name->text());
                     });
    form->addRow(QStringLiteral("Name"), name);
    form->addRow(QStringLiteral("Kind"),
                 new QLabel(e.group.isEmpty()
                                ? powerKindLabel(e.kind)
                                : QStringLiteral("%1 (%2)").arg(powerKindLabel(e.kind), e.group),
                            body));
    QComboBox* type = typeChoice(body, d, library, e);
    QObject::connect(type, &QComboBox::activated, body,
                     [type, was = type->currentData().toString(), ask = requests.type](int i) {
                         if (type->itemData(i).toString() != was)
                             ask(type->itemData(i).toString());
                     });
    form->addRow(QStringLiteral("Type"), type);
    // Compared with the value shown, not the model's: a rounded display is not an edit.
    auto* capacity = new QDoubleSpinBox(body);
    capacity->setObjectName(QStringLiteral("powerCapacity"));
    capacity->setRange(0, kMaxPowerCapacity);
    capacity->setDecimals(1);
    capacity->setSuffix(QLatin1Char(' ') + unitOf(e.kind));
    capacity->setKeyboardTracking(false);
    capacity->setValue(e.capacity);
    capacity->setToolTip(QStringLiteral("Rated output of all its units together"));
    QObject::connect(capacity, &QDoubleSpinBox::editingFinished, body,
                     [capacity, was = capacity->value(), ask = requests.capacity] {
                         if (capacity->value() != was)
                             ask(capacity->value());
                     });
    form->addRow(QStringLiteral("Capacity"), capacity);
    auto* units = new QSpinBox(body);
    units->setObjectName(QStringLiteral("powerUnits"));
    units->setRange(1, kMaxPowerUnits);
    units->setValue(e.units);
    units->setToolTip(QStringLiteral("Identical units in parallel: the capacity scales with them"));
    QObject::connect(units, &QSpinBox::editingFinished, body,
                     [units, was = units->value(), ask = requests.units] {
                         if (units->value() != was)
                             ask(units->value());
                     });
    form->addRow(QStringLiteral("Units"), units);
    auto* efficiency = new QDoubleSpinBox(body);
    efficiency->setObjectName(QStringLiteral("powerEfficiency"));
    efficiency->setRange(0, 100);
    efficiency->setDecimals(2);
    efficiency->setSuffix(QStringLiteral(" %"));
    efficiency->setKeyboardTracking(false);
    efficiency->setValue(e.efficiencyPct);
    QObject::connect(efficiency, &QDoubleSpinBox::editingFinished, body,
                     [efficiency, was = efficiency->value(), ask = requests.efficiency] {
                         if (efficiency->value() != was)
                             ask(efficiency->value());
                     });
    form->addRow(QStringLiteral("Efficiency"), efficiency);
    const QStringList supplies = upstreamNames(d.power, e);
    auto* upstream = new QLineEdit(supplies.join(QStringLiteral(", ")), body);
    upstream->setObjectName(QStringLiteral("powerUpstream"));
    upstream->setPlaceholderText(QStringLiteral("none: a source"));
    upstream->setToolTip(
        QStringLiteral("The elements it draws from, by name, separated by commas"));
    QObject::connect(upstream, &QLineEdit::editingFinished, body,
                     [upstream, supplies, ask = requests.upstream] {
                         QStringList names;
                         for (const QString& n : upstream->text().split(QLatin1Char(',')))
                             if (!n.trimmed().isEmpty())
                                 names << n.trimmed();
                         if (names != supplies)
                             ask(names);
                     });
    form->addRow(QStringLiteral("Draws from"), upstream);
}

std::vector<const CatalogItem*> powerEntriesOf(const DesignData& d, const Catalog* library,
                                               PowerKind k) {
    std::vector<const CatalogItem*> out;
    auto take = [&](const Catalog& c, bool skipOwn) {
        for (const CatalogItem& it : c.items())
            if (it.powerElement && it.powerElement->kind == k &&
                (!skipOwn || !d.catalog.item(it.id)))
                out.push_back(&it);
    };
    take(d.catalog, false);
    if (library)
        take(*library, true);
    std::stable_sort(out.begin(), out.end(), [](const CatalogItem* a, const CatalogItem* b) {
        return a->powerElement->capacity < b->powerElement->capacity;
    });
    return out;
}

QString powerEntryLabel(const CatalogItem& entry) {
    if (!entry.powerElement)
        return entry.model;
    const QString unit = unitOf(entry.powerElement->kind);
    return entry.model.contains(unit) ? entry.model
                                      : QStringLiteral("%1 (%2 %3)")
                                            .arg(entry.model)
                                            .arg(entry.powerElement->capacity, 0, 'f', 0)
                                            .arg(unit);
}

void addPowerAreaForm(QFormLayout* form, QWidget* body, const PowerElement& e,
                      const std::function<void(const RectMm&)>& place) {
    if (!e.area)
        return;
    const RectMm at = *e.area;
    constexpr double kFarMm = 10'000'000; // 10 km, as far as a design file reads: any hall
    auto coordinate = [body](const QString& objectName, double value, const QString& tip) {
        auto* box = new QDoubleSpinBox(body);
        box->setObjectName(objectName);
        box->setRange(-kFarMm, kFarMm);
        box->setDecimals(0);
        box->setSingleStep(100);
        box->setSuffix(QStringLiteral(" mm"));
        box->setKeyboardTracking(false);
        box->setValue(value);
        box->setToolTip(tip);
        return box;
    };
    QDoubleSpinBox* x = coordinate(QStringLiteral("powerAreaX"), at.x,
                                   QStringLiteral("Its west edge, from the floor's corner"));
    QDoubleSpinBox* y = coordinate(QStringLiteral("powerAreaY"), at.y,
                                   QStringLiteral("Its north edge, from the floor's corner"));
    // Compared with the values shown: a field left as it was keeps the element's own value.
    auto commit = [x, y, at, wasX = x->value(), wasY = y->value(), place] {
        if (x->value() == wasX && y->value() == wasY)
            return;
        RectMm to = at;
        if (x->value() != wasX)
            to.x = x->value();
        if (y->value() != wasY)
            to.y = y->value();
        place(to);
    };
    QObject::connect(x, &QDoubleSpinBox::editingFinished, body, commit);
    QObject::connect(y, &QDoubleSpinBox::editingFinished, body, commit);
    form->addRow(QStringLiteral("Floor X"), x);
    form->addRow(QStringLiteral("Floor Y"), y);
    form->addRow(
        QStringLiteral("Footprint"),
        new QLabel(QStringLiteral("%1 x %2 mm").arg(at.w, 0, 'f', 0).arg(at.h, 0, 'f', 0), body));
}

void addPowerSettingsForm(QFormLayout* form, QWidget* body, const PowerChain& c,
                          const std::function<void(double, double, double)>& set) {
    auto* factor = new QDoubleSpinBox(body);
    factor->setObjectName(QStringLiteral("powerFactor"));
    factor->setRange(0.5, 1);
    factor->setDecimals(3);
    factor->setSingleStep(0.01);
    factor->setKeyboardTracking(false);
    factor->setValue(c.powerFactor);
    factor->setToolTip(QStringLiteral("Of the IT load: an element rated in kVA carries kVA x this "
                                      "in kW (0.95 is the usual planning figure)"));
    QDoubleSpinBox* transient =
        percentBox(body, QStringLiteral("powerTransient"), 200, c.transientPct);
    transient->setSpecialValueText(QStringLiteral("not checked"));
    transient->setToolTip(QStringLiteral("The GPUs' synchronous power swing in a training job, "
                                         "% of their power, that UPSs, batteries and generators "
                                         "must absorb"));
    QDoubleSpinBox* stranded =
        percentBox(body, QStringLiteral("powerStranded"), 100, c.strandedPct);
    stranded->setToolTip(QStringLiteral("UPS capacity unused after the worst single failure "
                                        "above this share is reported as stranded"));
    // Compared with the values shown: a rounded display is not an edit, and a field left as it
    // was keeps the chain's own value.
    using Three = std::array<double, 3>;
    auto commit = [factor, transient, stranded, set,
                   was = Three{factor->value(), transient->value(), stranded->value()},
                   own = Three{c.powerFactor, c.transientPct, c.strandedPct}] {
        const Three now{factor->value(), transient->value(), stranded->value()};
        if (now == was)
            return;
        Three next = own;
        for (std::size_t i = 0; i < next.size(); ++i)
            if (now[i] != was[i])
                next[i] = now[i];
        set(next[0], next[1], next[2]);
    };
    for (QDoubleSpinBox* box : {factor, transient, stranded})
        QObject::connect(box, &QDoubleSpinBox::editingFinished, body, commit);
    form->addRow(QStringLiteral("Power factor"), factor);
    form->addRow(QStringLiteral("GPU power swing"), transient);
    form->addRow(QStringLiteral("Stranded above"), stranded);
}

void addRackFeedsForm(QFormLayout* form, QWidget* body, const DesignData& d, RackId id,
                      const std::function<void(FeedSide, const QString&)>& setFeed) {
    std::vector<const PowerElement*> feeders;
    d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
        if (feedsRacks(e.kind))
            feeders.push_back(&e);
    });
    std::sort(feeders.begin(), feeders.end(),
              [](const PowerElement* a, const PowerElement* b) { return a->name < b->name; });
    const Rack& r = d.racks[id];
    for (FeedSide side : {FeedSide::A, FeedSide::B}) {
        const QString letter = side == FeedSide::A ? QStringLiteral("A") : QStringLiteral("B");
        auto* feed = new QComboBox(body);
        feed->setObjectName(QStringLiteral("rackFeed") + letter);
        feed->addItem(QStringLiteral("Not connected"), QString());
        const PowerElement* current = d.power.elements.find(r.feeds.on(side));
        for (const PowerElement* e : feeders) {
            feed->addItem(e->name, e->name);
            if (e == current)
                feed->setCurrentIndex(feed->count() - 1);
        }
        // A feed on an element that cannot feed racks (set in a file): shown, not offered.
        if (current && !feedsRacks(current->kind)) {
            feed->addItem(current->name, current->name);
            feed->setCurrentIndex(feed->count() - 1);
        }
        QObject::connect(feed, &QComboBox::activated, body,
                         [feed, side, was = feed->currentData().toString(), setFeed](int i) {
                             if (feed->itemData(i).toString() != was)
                                 setFeed(side, feed->itemData(i).toString());
                         });
        form->addRow(QStringLiteral("Feed ") + letter, feed);
    }
}

} // namespace cds::views
