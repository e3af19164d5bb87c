#pragma once

#include "model/DesignData.h"

#include <QFont>
#include <QRectF>
#include <QString>
#include <QTransform>

#include <functional>
#include <vector>

class QPainter;

namespace cds::views {

/// @brief One text on the floorplan, in viewport pixels.
struct FloorLabel {
    /// Callout: a selected rack's name on a plate beside it, when it does not fit inside.
    enum class Kind { RackName, Row, RackKw, Aisle, Obstacle, Callout };
    Kind kind = Kind::RackName;
    QString text;
    QRectF box;           ///< the pixels it covers (the text, or its plate)
    double px = 0;        ///< font size in pixels
    bool rotated = false; ///< reads bottom to top
    RackId rack;          ///< for rack names and kW
};

/// @brief The floorplan's level of detail for text: which labels show at a zoom and where,
/// by one rule, so no two ever overlap. In order of priority:
///  0. the selected racks' names (a few), inside or on a plate beside the rack at any zoom, so
///     what was just dropped or found is named;
///  1. rack names, always whole (su01-c01, never "c01"), as soon as they fit in the rack at a
///     readable size (kMinPx), off the trays where there is room;
///  2. row names beside or above their rows, off the racks, from the fitted hall on;
///  3. each rack's kW, where it fits beside the name and off every tray line;
///  4. aisle captions and obstacle names where there is room.
/// Cable counts come after all of them (CableLayer::paintCounts takes the boxes as occupied).
class FloorLabels {
public:
    static constexpr double kMinPx = 8; ///< the smallest text that reads on a screen
    static constexpr double kNameMaxPx = 13;
    static constexpr std::size_t kMaxCallouts = 12; ///< more selected racks: no callouts
    struct Input {
        const DesignData* design = nullptr;
        std::function<double(RackId)> kwOf; ///< IT kW of a rack, < 0 when not analysed
        QTransform mm2px;                   ///< hall millimetres to viewport pixels
        QRectF viewPx;                      ///< the viewport
        QFont font;                         ///< the family to use
        std::vector<QRectF> trays;          ///< tray lines in pixels, kept clear of kW
        std::vector<QRectF> reserved;       ///< pixels no label may take (the legends)
        std::vector<RackId> selected;       ///< named first, with a callout when needed
    };
    static std::vector<FloorLabel> layout(const Input& in);
    static void paint(QPainter& p, const std::vector<FloorLabel>& labels, const QFont& font);
};

} // namespace cds::views
