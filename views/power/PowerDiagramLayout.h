#pragma once

#include "model/DesignData.h"

#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

namespace cds {
struct PowerAnalysis;
}

namespace cds::views {

/// Sizes of the one-line diagram, in its own pixels (the studio draws them 1:1, the report
/// scales the whole diagram to its page).
struct PowerDiagramMetrics {
    static constexpr double kBoxWidth = 204;
    static constexpr double kBoxHeight = 50;
    static constexpr double kRowGap = 8;         ///< between boxes of one column
    static constexpr double kColumnGap = 46;     ///< between columns: the connectors run here
    static constexpr double kRackTagWidth = 112; ///< "12 racks" and their names, after a leaf
    static constexpr double kMargin = 12;
    static constexpr double kHeaderHeight = 22; ///< the column titles above the first band
    static constexpr double kBandTitle = 24;    ///< "Side A", "block 2": above each band
    static constexpr double kLaneStep = 6;      ///< parallel connectors in one gap
};

/// @brief One element of the chain placed on the diagram.
struct PowerNode {
    PowerElementId id;
    int column = 0; ///< 0: the sources; one column per step down the chain
    int band = 0;   ///< index into PowerDiagramLayout::bands
    QRectF rect;
    /// The racks it feeds directly (its feeds are named on them), in id order: shown after a
    /// leaf as "8 racks" and their names.
    std::vector<RackId> racks;
    QString racksText; ///< "R01-01–R01-08", empty when it feeds no rack directly
    QString rowsText;  ///< the hall rows of those racks, "Row 2" or "Row 1, Row 3"
    /// A node standing for several like elements (the report's summary of a UPS's busways):
    /// all of them, in natural order of name, @c id the first; empty for one element.
    std::vector<PowerElementId> members;
    bool operator==(const PowerNode&) const = default;
};

/// @brief The lines joining a set of elements to the elements that draw from exactly that
/// set: one vertical bar in the gap before the downstream column, with a stub from each
/// upstream element and one to each downstream element (parallel modules share one bar, as
/// a one-line diagram draws a common bus).
struct PowerConnector {
    std::vector<PowerElementId> upstream;   ///< in id order
    std::vector<PowerElementId> downstream; ///< in id order
    double barX = 0;
    bool standby = false; ///< every upstream element is a generator or battery (drawn dashed)
    bool operator==(const PowerConnector&) const = default;
};

/// @brief A side, block or system of the scheme: its elements stacked in one band.
struct PowerBand {
    QString title; ///< "Side A", "Block 2", "N+1 system 1", "Hall 2 · Side A", "Ungrouped"
    QRectF rect;   ///< the band with its title, across the whole diagram
    bool operator==(const PowerBand&) const = default;
};

/// @brief Where each element of the power chain goes on the one-line diagram: columns from
/// the sources (utility) to the elements naming the racks' feeds (busway, RPP, power rack),
/// each followed by the racks it feeds; elements grouped in bands by side or block; parallel
/// elements joined by one bus. A generator or battery stands in the column before the element
/// it backs up, under that element's normal supply. Pure geometry from the model: the studio's
/// power view and the report's page both draw it.
struct PowerDiagramLayout {
    std::vector<PowerNode> nodes; ///< one per live element, in id order
    std::vector<PowerConnector> connectors;
    std::vector<PowerBand> bands;
    QStringList columnTitles; ///< "Utility", "Transformer / generator"...
    QSizeF size;              ///< the whole diagram, margins included
    bool hasRackColumn = false;
    double rackColumnX = 0; ///< where the racks column starts

    /// Where "8 racks" and their names go for @p n, level with it in the racks column.
    QRectF rackTagRect(const PowerNode& n) const {
        return QRectF(rackColumnX, n.rect.y(), PowerDiagramMetrics::kRackTagWidth, n.rect.height());
    }

    bool isEmpty() const { return nodes.empty(); }
    /// The node of @p id, or null.
    const PowerNode* find(PowerElementId id) const;
    double columnX(int column) const;
    bool operator==(const PowerDiagramLayout&) const = default;
};

/// Lays out @p d's power chain (empty when it has none). With @p groupLeavesOver > 0, more
/// than that many elements feeding racks from the same supplies (a UPS's busways) become
/// one node, so a large hall's chain fits a page.
PowerDiagramLayout layoutPowerDiagram(const DesignData& d, int groupLeavesOver = 0);

} // namespace cds::views
