#include "CablePanel.h"

#include "../SelectionModel.h"
#include "model/cabling/CableInspection.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace cds::views {

namespace {

constexpr int kMaxRows = 5000; ///< a bundle is a few hundred; a whole-hall selection is cut

QString portName(const DesignData& d, PortRef p) {
    const Device* v = d.devices.find(p.device);
    if (!v)
        return QStringLiteral("?");
    const auto lp = d.typeOf(*v).logicalPort(v->breakout, p.port);
    return v->name + QLatin1Char(':') + (lp ? lp->name : QString::number(p.port));
}

QString endDetail(const DesignData& d, PortRef p) {
    const Device* v = d.devices.find(p.device);
    if (!v)
        return QStringLiteral("?");
    const Rack* r = d.racks.find(v->rack);
    return QStringLiteral("%1 — rack %2, U%3")
        .arg(portName(d, p), r ? r->name : QStringLiteral("(unplaced)"))
        .arg(v->uPosition);
}

QString mediumName(const DesignData& d, const Link& l) {
    if (!d.catalog.contains(l.medium))
        return QStringLiteral("none reaches");
    QString s = d.catalog[l.medium].model;
    if (d.catalog.contains(l.mediumB))
        s += QStringLiteral(" / ") + d.catalog[l.mediumB].model;
    return s;
}

} // namespace

CablePanel::CablePanel(Design* design, SelectionModel* selection, QWidget* parent)
    : QWidget(parent)
    , m_design(design)
    , m_selection(selection)
    , m_heading(new QLabel(this))
    , m_table(new QTableWidget(this))
    , m_detail(new QWidget(this))
    , m_form(new QFormLayout(m_detail))
    , m_pin(new QComboBox(this))
    , m_delete(new QPushButton(QStringLiteral("Delete cable"), this)) {
    setObjectName(QStringLiteral("CablePanel"));
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(6, 6, 6, 6);
    QFont f = m_heading->font();
    f.setBold(true);
    m_heading->setFont(f);
    m_heading->setWordWrap(true);
    lay->addWidget(m_heading);
    m_table->setColumnCount(4);
    m_table->setHorizontalHeaderLabels({QStringLiteral("A end"), QStringLiteral("B end"),
                                        QStringLiteral("Medium"), QStringLiteral("m")});
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    // The list and the chosen cable share the height; the user moves the split.
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_detail);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    split->addWidget(scroll);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({120, 180}); // on a laptop screen: five cables and the whole detail
    lay->addWidget(split, 1);
    m_form->setContentsMargins(0, 4, 0, 0);
    // The media's names are long: the combo box elides them rather than widening the dock
    // (and with it squeezing the floorplan on a laptop screen).
    m_pin->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_pin->setMinimumContentsLength(12);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(new QLabel(QStringLiteral("Pin medium"), this));
    buttons->addWidget(m_pin, 1);
    buttons->addWidget(m_delete);
    lay->addLayout(buttons);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        const int row = m_table->currentRow();
        m_chosen = row >= 0 && row < int(m_links.size()) ? m_links[std::size_t(row)] : LinkId();
        showDetail();
    });
    connect(m_pin, &QComboBox::activated, this, [this](int i) {
        const int v = m_pin->itemData(i).toInt();
        requestPin(v < 0 ? TypeId() : TypeId(std::uint32_t(v)));
    });
    connect(m_delete, &QPushButton::clicked, this, &CablePanel::requestDelete);
    connect(selection, &SelectionModel::changed, this, &CablePanel::rebuild);
    connect(design, &Design::changed, this, &CablePanel::scheduleRebuild);
    connect(design, &Design::derivedChanged, this, &CablePanel::scheduleRebuild);
    rebuild();
}

QString CablePanel::heading() const {
    return m_heading->text();
}
int CablePanel::rowCount() const {
    return m_table->rowCount();
}

void CablePanel::chooseRow(int row) {
    m_table->setCurrentCell(row, 0);
    m_table->selectRow(row);
}

void CablePanel::scheduleRebuild() {
    if (m_pending)
        return;
    m_pending = true;
    QTimer::singleShot(0, this, [this] {
        m_pending = false;
        rebuild();
    });
}

void CablePanel::rebuild() {
    const DesignData& d = m_design->data();
    m_links.clear();
    for (LinkId id : m_selection->links())
        if (d.links.contains(id))
            m_links.push_back(id);
    std::set<RackId> racks;
    std::set<QString> nets;
    for (LinkId id : m_links) {
        const Link& l = d.links[id];
        for (PortRef p : {l.a, l.b})
            if (const Device* v = d.devices.find(p.device))
                racks.insert(v->rack);
        if (const Fabric* f = d.fabric(l.fabric))
            nets.insert(f->name);
    }
    if (m_links.empty()) {
        m_heading->setText(QStringLiteral("No cables selected. Click a cable bundle on the "
                                          "floorplan to list its cables."));
    } else {
        QStringList rackNames;
        for (RackId r : racks)
            if (const Rack* rack = d.racks.find(r))
                rackNames << rack->name;
        QString where = rackNames.size() <= 2 ? rackNames.join(QStringLiteral(" – "))
                                              : QStringLiteral("%1 racks").arg(rackNames.size());
        m_heading->setText(QStringLiteral("%1 cable%2: %3, %4")
                               .arg(m_links.size())
                               .arg(m_links.size() == 1 ? QString() : QStringLiteral("s"))
                               .arg(where, QStringList(nets.begin(), nets.end()).join(", ")));
    }
    const int rows = std::min<int>(int(m_links.size()), kMaxRows);
    m_table->blockSignals(true);
    m_table->setRowCount(rows);
    int chosenRow = -1;
    for (int i = 0; i < rows; ++i) {
        const LinkId id = m_links[std::size_t(i)];
        const Link& l = d.links[id];
        const QString cells[] = {portName(d, l.a), portName(d, l.b), mediumName(d, l),
                                 QString::number(double(l.lengthM), 'f', 1)};
        for (int c = 0; c < 4; ++c) {
            auto* item = m_table->item(i, c);
            if (!item) {
                item = new QTableWidgetItem;
                m_table->setItem(i, c, item);
            }
            item->setText(cells[c]);
        }
        if (id == m_chosen)
            chosenRow = i;
    }
    if (chosenRow < 0 && rows > 0)
        chosenRow = 0;
    if (chosenRow >= 0)
        m_table->selectRow(chosenRow);
    m_chosen = chosenRow >= 0 ? m_links[std::size_t(chosenRow)] : LinkId();
    m_table->blockSignals(false);
    // The pin choices: every cable and transceiver the design carries.
    m_pin->clear();
    m_pin->addItem(QStringLiteral("Automatic"), -1);
    for (std::size_t i = 0; i < d.catalog.size(); ++i) {
        const CatalogItem& c = d.catalog[TypeId(std::uint32_t(i))];
        if (c.media)
            m_pin->addItem(c.model, int(i));
    }
    showDetail();
}

std::vector<LinkId> CablePanel::chosenLinks() const {
    std::vector<LinkId> out;
    for (const QModelIndex& row : m_table->selectionModel()->selectedRows())
        if (row.row() < int(m_links.size()))
            out.push_back(m_links[std::size_t(row.row())]);
    if (out.empty() && m_chosen)
        out.push_back(m_chosen);
    return out;
}

void CablePanel::showDetail() {
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    const DesignData& d = m_design->data();
    const Link* l = d.links.find(m_chosen);
    m_detail->setVisible(l != nullptr);
    m_pin->setEnabled(l != nullptr);
    m_delete->setEnabled(l != nullptr);
    if (!l)
        return;
    auto add = [&](const QString& label, const QString& value) {
        auto* v = new QLabel(value, m_detail);
        v->setWordWrap(true);
        v->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_form->addRow(label, v);
    };
    add(QStringLiteral("Cable"), QStringLiteral("#%1").arg(m_chosen.value()));
    add(QStringLiteral("A end"), endDetail(d, l->a));
    add(QStringLiteral("B end"), endDetail(d, l->b));
    const Fabric* f = d.fabric(l->fabric);
    add(QStringLiteral("Network"), f ? f->name : QStringLiteral("none"));
    add(QStringLiteral("Medium"),
        mediumName(d, *l) + (l->pinnedMedium ? QStringLiteral(" (pinned)") : QString()));
    add(QStringLiteral("Length"), QStringLiteral("%1 m").arg(double(l->lengthM), 0, 'f', 1));
    const CableRoute route = cableRoute(d, m_chosen);
    QString via;
    if (route.inRack) {
        via = QStringLiteral("inside the rack");
    } else if (route.noPathway) {
        via = QStringLiteral("no tray path: along the floor (link.no-pathway)");
    } else if (route.segments.empty()) {
        via = d.pathways.empty() ? QStringLiteral("along the floor (the design has no trays)")
                                 : QStringLiteral("—");
    } else {
        QStringList names;
        for (PathwayId s : route.segments)
            if (const Pathway* w = d.pathways.find(s))
                names << (w->name.isEmpty() ? QStringLiteral("tray %1").arg(s.value()) : w->name);
        via = names.join(QStringLiteral(" → "));
    }
    add(QStringLiteral("Route"), via);
    const int pinIndex = m_pin->findData(l->pinnedMedium ? int(l->pinnedMedium.value()) : -1);
    m_pin->setCurrentIndex(std::max(0, pinIndex));
}

QString CablePanel::detailText() const {
    QStringList lines;
    for (int i = 0; i < m_form->rowCount(); ++i) {
        auto* label = qobject_cast<QLabel*>(m_form->itemAt(i, QFormLayout::LabelRole)->widget());
        auto* value = qobject_cast<QLabel*>(m_form->itemAt(i, QFormLayout::FieldRole)->widget());
        if (label && value)
            lines << label->text() + QStringLiteral(": ") + value->text();
    }
    return lines.join(QLatin1Char('\n'));
}

std::vector<TypeId> CablePanel::pinChoices() const {
    std::vector<TypeId> out;
    for (int i = 0; i < m_pin->count(); ++i) {
        const int v = m_pin->itemData(i).toInt();
        out.push_back(v < 0 ? TypeId() : TypeId(std::uint32_t(v)));
    }
    return out;
}

void CablePanel::requestPin(TypeId medium) {
    const auto links = chosenLinks();
    if (!links.empty())
        Q_EMIT pinRequested(links, medium);
}

void CablePanel::requestDelete() {
    const auto links = chosenLinks();
    if (!links.empty())
        Q_EMIT deleteRequested(links);
}

} // namespace cds::views
