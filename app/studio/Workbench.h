#pragma once

#include "StudioDocument.h"

#include "model/edits/Operations.h"

#include <QObject>

#include <vector>

namespace cds::edits {
struct PowerChainOptions;
} // namespace cds::edits

namespace cds::views {
class SelectionModel;
} // namespace cds::views

namespace cds::studio {

class FailureAnalysis;

/// @brief The studio without a window: the open StudioDocument (design, undo stack,
/// DesignEditor, analysis, files) and the selection, with the commands the menus and canvas
/// tools run on them. Each command applies a model operation (model/edits) through the
/// editor; the action sets call these, and tests drive a Workbench with no window at all.
class Workbench : public QObject {
    Q_OBJECT
public:
    using Options = StudioDocument::Options;
    Workbench(CatalogLibrary library, Options options, QObject* parent = nullptr);
    ~Workbench() override;

    StudioDocument* document() const { return m_doc; }
    Design* design() const;
    QUndoStack* undoStack() const;
    DesignEditor* editor() const;
    LiveAnalysis* analysis() const;
    views::SelectionModel* selection() const { return m_selection; }
    const Catalog& library() const;
    /// "What if this fails?" on the open design (analysis only, never an edit).
    FailureAnalysis* failures() const { return m_failures; }

    /// Edit > Copy: the selected racks with their devices.
    void copySelection();
    /// Edit > Paste: the copied racks, selected once placed; returns their ids.
    std::vector<RackId> paste();
    /// Drops a catalog entry at @p at (DesignEditor::dropCatalogItem) and selects what it made.
    bool dropCatalogItem(const QString& catalogId, PointMm at);
    /// Edit > Select all: every rack.
    void selectAll();
    bool rotateSelection(); ///< 90° clockwise, in place
    bool alignSelection(edits::Align edge);
    /// Edit > Delete: the selected racks, devices and cables, or else the selected trays, or
    /// else the selected power elements (the racks they fed left unconnected there).
    bool deleteSelection();
    /// The power-chain elements selected (in the power diagram, or a power rack on the floor).
    std::vector<PowerElementId> selectedPowerElements() const;
    /// Power diagram > Add element below…: a new element of @p kind drawing from the elements
    /// named @p upstream (DesignEditor::addPowerElement), selected once added.
    bool addPowerElement(PowerKind kind, const QString& catalogId, const QStringList& upstream,
                         const QString& name = {});
    /// Power > Build power chain…: the design's chain built, or rebuilt, with @p o as one step
    /// (edits::buildPowerChain); power elements leave the selection, their ids now the new
    /// chain's. False when refused (the editor's problem() says why) or when the chain would
    /// come out as it is (@p unchanged is set then, and nothing is pushed).
    bool buildPowerChain(const edits::PowerChainOptions& o, bool* unchanged = nullptr);
    /// Place on floor: power rack @p id, which has no place yet, beside the racks it feeds
    /// (edits::placePowerRack).
    bool placePowerRack(PowerElementId id);

    /// A click at @p at that hit no rack: selects the cable bundle there (true: the window
    /// shows the Cables panel), or else the tray there; @p mmPerPixel sets the pick distance.
    bool pickAt(PointMm at, double mmPerPixel);
    /// A new ladder tray, with the height and size of the trays already there; selected.
    bool drawTray(PointMm from, PointMm to);
    bool moveTrays(const std::vector<PathwayId>& trays, PointMm step, int dragSerial = 0);
    /// Splits tray @p tray at @p at; both halves end up selected.
    bool splitTray(PathwayId tray, PointMm at);
    bool deleteTrays(const std::vector<PathwayId>& trays);
    /// Cables > Connect servers to leaves: the selected racks' servers to @p leaves;
    /// returns the refusal or empty.
    QString connectRails(const std::vector<DeviceId>& leaves);

    /// The hall tool's edits; an index the hall lacks changes nothing.
    bool drawRow(RectMm area);
    bool drawObstacle(RectMm area, int kind);
    bool moveRow(int index, RectMm area);
    bool moveObstacle(int index, RectMm area);
    bool flipRowAisle(int index);
    bool removeRow(int index);
    bool removeObstacle(int index);

    /// The status bar totals, e.g. "16 GPUs · 2 racks · 21.5 kW IT · $711,000".
    QString totalsText() const;
    /// IT load for the status bar: kW, or MW from 10,000 kW ("23.88 MW IT"), as people read
    /// a site's load.
    static QString itPowerText(double kw);
    /// "file[*] — Customer · Project · rev C — Cluster Design Studio" (for setWindowTitle).
    QString titleText() const;

private:
    const DesignData& data() const;
    StudioDocument* m_doc;
    views::SelectionModel* m_selection;
    FailureAnalysis* m_failures;
};

} // namespace cds::studio
