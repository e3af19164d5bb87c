#pragma once

#include "model/site/HallLoads.h"

#include <QFont>
#include <QLineF>
#include <QPainterPath>
#include <QRectF>
#include <QStringList>
#include <Qt>

#include <array>
#include <vector>

namespace cds::views {

/// @brief A site's figures for its plan (issue #31): each hall's place and load and the
/// bundles of links between halls, taken from model/site on the design and the analysis'
/// metrics, as the report's site pages take them. A design without halls is one hall, its
/// floor.
struct SitePlan {
    /// @brief A duct bank on the site (PathwayKind::DuctBank): its name, ends and length.
    struct Duct {
        QString name;
        PointMm from, to;
        double lengthM = 0;
    };
    std::vector<SiteHall> halls;
    std::vector<HallLoad> loads;     ///< one per hall, in order
    std::vector<HallBundle> bundles; ///< each pair of halls with links between them
    std::vector<int> rackHall;       ///< the hall of each rack, by rack id value
    std::vector<Duct> ducts;         ///< a campus's duct banks, in pathway id order
    int gpus = 0;                    ///< the site's (racks outside every hall included)
    double itKw = 0;
    bool campus = false; ///< the design has halls; else its floor is the one hall

    static SitePlan of(const DesignData& d, const Metrics& m);
    /// The lines drawn in hall @p i: "Hall 2", "1,024 GPUs · 128 racks", "1.45 MW IT".
    QStringList hallLines(int i) const;
    /// A bundle's label: "768 links · up to 142 m".
    static QString bundleText(const HallBundle& b);
    /// The line over the plan: the site's halls, GPUs, IT load, links between halls and duct
    /// banks; for a design of one hall, a sentence that the site has one hall.
    QString summary() const;
};

/// "840 kW" under a megawatt, "1.45 MW" from one.
QString sitePower(double kw);

/// @brief Where a SitePlan is drawn in a box of pixels, to scale: each hall's rectangle and its
/// lines (in the block, or beside it when they do not fit there), each bundle's path from hall
/// to hall (bent around a hall in the way) and its label's box.
struct SitePlanGeometry {
    /// @brief A hall's figures as drawn: in its block on three lines, or on fewer (joined with
    /// " · ") when that lets them hold at a larger size, or beside a small block; the name
    /// alone, elided, when nothing else holds.
    struct HallText {
        QRectF box;
        double px = 8;     ///< font size; the first line bold
        QStringList lines; ///< from SitePlan::hallLines
        /// Left or right: beside the block; centred: in it, or below or above it.
        Qt::Alignment align = Qt::AlignHCenter;
    };
    double pxPerMm = 0;
    std::vector<QRectF> halls;       ///< by hall
    std::vector<HallText> texts;     ///< by hall
    std::vector<QPainterPath> paths; ///< by bundle
    std::vector<QRectF> labels;      ///< by bundle: the label's box, in labelFont()
    std::vector<QLineF> ducts;       ///< by SitePlan::ducts, to scale

    /// Fits @p plan into @p box; the paths, labels and lines stay inside the box too.
    static SitePlanGeometry fit(const SitePlan& plan, const QRectF& box);
    static QFont labelFont();
    /// The hall drawn at @p p (its block, or its lines beside it); -1 when none.
    int hallAt(QPointF p) const;
    /// The bundle whose label is at @p p; -1 when none.
    int labelAt(QPointF p) const;
    /// The halls, paths and labels drawn.
    QRectF bounds() const;

private:
    /// The site's halls fitted to @p target, within @p box (where lines beside a hall may go).
    void layout(const SitePlan& plan, const QRectF& site, const QRectF& target, const QRectF& box);
    void route(const SitePlan& plan);
    /// From hall @p ra to @p rb around the halls @p inWay; @p bends counts the bundles bent
    /// to each side so far (each goes wider than the last).
    QPainterPath bentPath(const QRectF& ra, const QRectF& rb, const std::vector<std::size_t>& inWay,
                          std::array<int, 2>& bends) const;
    QRectF placeLabel(const QPainterPath& path, QSizeF size) const;
    HallText placeText(const QStringList& lines, std::size_t hall, const QRectF& box) const;
};

} // namespace cds::views
