#include "CatalogPalette.h"

#include "../floorplan/FloorplanView.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QLocale>
#include <QMimeData>
#include <QPainter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cds::views {

namespace {
constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kFootprintRole = Qt::UserRole + 2; ///< a rack entry's QSizeF, mm

/// A tree that drags the catalog id of the entry under the mouse.
class PaletteTree final : public QTreeWidget {
public:
    using QTreeWidget::QTreeWidget;

protected:
    QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override {
        if (items.isEmpty() || items.front()->data(0, kIdRole).toString().isEmpty())
            return nullptr;
        auto* m = new QMimeData;
        m->setData(catalogMimeType(), items.front()->data(0, kIdRole).toString().toUtf8());
        const QSizeF f = items.front()->data(0, kFootprintRole).toSizeF();
        if (!f.isEmpty())
            m->setData(footprintMimeType(),
                       QByteArray::number(f.width()) + 'x' + QByteArray::number(f.height()));
        return m;
    }
    QStringList mimeTypes() const override { return {catalogMimeType(), footprintMimeType()}; }
};

QColor familyColour(Category c) {
    switch (c) {
    case Category::Server:
        return {0x3c, 0x78, 0xd8};
    case Category::Switch:
        return {0x2a, 0x9d, 0x5c};
    case Category::Rack:
        return {0x60, 0x64, 0x6c};
    case Category::Power:
        return {0xd8, 0x4a, 0x3c};
    case Category::Cooling:
        return {0x30, 0xa8, 0xc8};
    case Category::Storage:
        return {0xe0, 0x7a, 0x10};
    default:
        return {0x9a, 0x80, 0xc8};
    }
}

QIcon familyIcon(Category c) {
    QPixmap pm(16, 16);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setBrush(familyColour(c));
    p.setPen(familyColour(c).darker(150));
    p.drawRoundedRect(QRectF(1.5, 1.5, 13, 13), 3, 3);
    return QIcon(pm);
}
} // namespace

CatalogPalette::CatalogPalette(const Catalog* library, QWidget* parent)
    : QWidget(parent)
    , m_library(library)
    , m_search(new QLineEdit(this))
    , m_tree(new PaletteTree(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    m_search->setPlaceholderText(QStringLiteral("Search the catalog"));
    m_search->setClearButtonEnabled(true);
    lay->addWidget(m_search);
    lay->addWidget(m_tree);
    // One column, figures on a second line: the dock stays narrow and nothing is cut off.
    m_tree->setColumnCount(1);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(false);
    m_tree->setWordWrap(true);
    m_tree->setDragEnabled(true);
    m_tree->setDragDropMode(QAbstractItemView::DragOnly);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    connect(m_search, &QLineEdit::textChanged, this, &CatalogPalette::setFilter);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* it) {
        Q_EMIT currentChanged(it ? it->data(0, kIdRole).toString() : QString());
    });
    rebuild();
}

QString CatalogPalette::keyFigures(const CatalogItem& it) {
    QLocale c = QLocale::c();
    c.setNumberOptions({}); // C locale, with thousands separators: "$270,000"
    QStringList parts;
    if (it.rack)
        parts << QStringLiteral("%1U rack, %2x%3 mm")
                     .arg(it.rack->uCapacity)
                     .arg(it.rack->widthMm, 0, 'f', 0)
                     .arg(it.rack->depthMm, 0, 'f', 0);
    else if (it.uHeight > 0)
        parts << QStringLiteral("%1U").arg(it.uHeight);
    if (it.powerMaxW)
        parts << QStringLiteral("%1 kW").arg(*it.powerMaxW / 1000.0, 0, 'f', 1);
    if (it.gpu)
        parts << QStringLiteral("%1x %2").arg(it.gpu->count).arg(it.gpu->model);
    // The data ports that tell entries apart: compute or fabric, else the first that is not
    // the BMC (head nodes differ only in their in-band ports).
    const PortGroup* data = nullptr;
    for (const PortGroup& g : it.portGroups)
        if (g.role == PortRole::Compute || g.role == PortRole::Fabric) {
            data = &g;
            break;
        }
    for (const PortGroup& g : it.portGroups)
        if (!data && g.role != PortRole::Oob)
            data = &g;
    if (data)
        parts << QStringLiteral("%1x%2G").arg(data->count).arg(data->speedGbps, 0, 'f', 0);
    if (it.media)
        parts << QStringLiteral("%1G, %2 m")
                     .arg(it.media->speedGbps, 0, 'f', 0)
                     .arg(it.media->maxReachM, 0, 'f', 0);
    parts << (it.price ? QStringLiteral("$") + c.toString(it.price->usd, 'f', 0)
                       : QStringLiteral("no price"));
    return parts.join(QStringLiteral(" · "));
}

void CatalogPalette::rebuild() {
    m_tree->clear();
    for (int c = 0; c < kCategoryCount; ++c) {
        const auto cat = Category(c);
        auto* group = new QTreeWidgetItem(m_tree, {categoryLabel(cat)});
        group->setIcon(0, familyIcon(cat));
        group->setFlags(Qt::ItemIsEnabled);
        for (const CatalogItem& it : m_library->items()) {
            // A rack-scale system's trays come with their system: one dropped alone would be
            // a host without its NVLink domain.
            if (it.category != cat || it.tray != TrayKind::None)
                continue;
            // What tells entries apart comes first: the model, then its figures; the vendor
            // (long for generic classes) last, where eliding it loses the least.
            auto* row = new QTreeWidgetItem(group, {it.model + QLatin1Char('\n') + keyFigures(it) +
                                                    QStringLiteral(" · ") + it.vendor});
            row->setData(0, kIdRole, it.id);
            if (it.rack)
                row->setData(0, kFootprintRole, QSizeF(it.rack->widthMm, it.rack->depthMm));
            row->setIcon(0, familyIcon(cat));
            row->setToolTip(0, it.vendor + QLatin1Char(' ') + it.model + QLatin1Char('\n') + it.id +
                                   QLatin1Char('\n') + it.description +
                                   QStringLiteral("\nsource: ") + it.source);
            row->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
        }
        if (group->childCount() == 0)
            delete group;
    }
    m_tree->expandAll();
}

void CatalogPalette::setFilter(const QString& text) {
    if (m_search->text() != text)
        m_search->setText(text);
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_tree->topLevelItem(g);
        int shown = 0;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem* row = group->child(i);
            const CatalogItem* it = m_library->item(row->data(0, kIdRole).toString());
            const bool match = text.isEmpty() || !it ||
                               QString(it->id + it->vendor + it->model + it->description)
                                   .contains(text, Qt::CaseInsensitive);
            row->setHidden(!match);
            shown += match ? 1 : 0;
        }
        group->setHidden(shown == 0);
    }
}

int CatalogPalette::visibleCount() const {
    int n = 0;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g)
        for (int i = 0; i < m_tree->topLevelItem(g)->childCount(); ++i)
            n += m_tree->topLevelItem(g)->child(i)->isHidden() ? 0 : 1;
    return n;
}

QString CatalogPalette::currentId() const {
    QTreeWidgetItem* it = m_tree->currentItem();
    return it ? it->data(0, kIdRole).toString() : QString();
}

} // namespace cds::views
