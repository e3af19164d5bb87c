#pragma once

#include "model/Catalog.h"

#include <QWidget>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace cds::views {

/// @brief The catalog dock: entries grouped by family with their key figures (U, kW, ports,
/// price), a search field, and drag of an entry onto the floorplan or a rack elevation.
class CatalogPalette : public QWidget {
    Q_OBJECT
public:
    explicit CatalogPalette(const Catalog* library, QWidget* parent = nullptr);
    /// Shows only entries whose id, vendor, model or description contains @p text.
    void setFilter(const QString& text);
    /// Number of entries currently shown (after the filter).
    int visibleCount() const;
    QString currentId() const;
    QTreeWidget* tree() const { return m_tree; }
    /// The one-line figures shown for an entry, e.g. "8U · 10.2 kW · 8x400G · $270,000".
    static QString keyFigures(const CatalogItem& item);

Q_SIGNALS:
    void currentChanged(const QString& catalogId);

private:
    void rebuild();
    const Catalog* m_library;
    QLineEdit* m_search;
    QTreeWidget* m_tree;
};

} // namespace cds::views
