#pragma once

#include "PowerDiagramLayout.h"

#include "model/power/PowerFlow.h"

#include <QColor>

#include <vector>

class QPainter;

namespace cds::views {

/// Utilisation colour shared by the diagram and the power chart: green up to the design share
/// the builder sizes for (90 %), amber up to the rating, red above it (an overload).
QColor utilisationColour(double pct);

/// How one element is drawn: selected by the user, or on the path of what is selected.
struct PowerNodeState {
    bool selected = false;
    bool onPath = false;
};

/// "1,500 kVA", "4 × 250 kW": an element's rating as its box shows it.
QString powerCapacityText(const PowerElement& e);
/// The normal and worst N-1 lines of an element's box, e.g. "48 % · 720 kW" and
/// "N-1 96 % · UPS-B1 out".
QString powerNormalText(const PowerElement& e, const ElementFlow* f);
QString powerWorstText(const PowerChain& c, const ElementFlow* f);
/// The element's hover text: kind, catalog entry, rating, loads and the failure behind the
/// worst one, and the racks it feeds.
QString powerNodeToolTip(const DesignData& d, const PowerNode& n, const ElementFlow* f);

/// @brief Draws the one-line diagram's parts with QPainter, in the layout's pixels: the
/// studio's items and the report's page share it, so the two read alike.
class PowerDiagramPainter {
public:
    PowerDiagramPainter(const DesignData& d, const PowerAnalysis& a, const PowerDiagramLayout& l)
        : m_d(d)
        , m_a(a)
        , m_l(l) {}

    /// An element's box at @p n.rect: name, rating, a bar and figure for normal operation
    /// and one for the worst N-1 case, coloured by utilisation.
    void paintNode(QPainter& p, const PowerNode& n, PowerNodeState s) const;
    /// "8 racks" and their names, level with @p n in the racks column.
    void paintRackTag(QPainter& p, const PowerNode& n, bool onPath) const;
    /// Every bus that reaches between @p top and @p bottom (diagram y); those joining two
    /// elements of @p path (indexed by element id) in the highlight colour.
    void paintConnectors(QPainter& p, const std::vector<char>& path, double top = -kEverywhere,
                         double bottom = kEverywhere) const;
    /// The column titles and each band's title and frame.
    void paintFrame(QPainter& p) const;
    /// The diagram between @p top and @p bottom (diagram y), nothing selected: a report page
    /// draws its slice only, so a long chain costs its length once, not once per page.
    void paintRange(QPainter& p, double top, double bottom) const;
    static constexpr double kEverywhere = 1e18;

private:
    const DesignData& m_d;
    const PowerAnalysis& m_a;
    const PowerDiagramLayout& m_l;
};

} // namespace cds::views
