#pragma once

#include "model/edits/Edit.h"
#include "model/scenarios/ScenarioComparison.h"

#include <QWidget>

#include <functional>
#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace cds {
class ChartModel;
}

namespace cds::views {

/// Where the panel sends its edits: the studio pushes them on its undo stack. Without a sink
/// the edit is applied to the design directly.
using EditSink = std::function<void(std::unique_ptr<Edit>)>;

/// @brief Scenarios side by side: the current design and each kept variant, with deltas
/// against the current design in cost per GPU, total MW, kW per rack, optics and bisection.
/// Keeping, removing and opening a scenario are undoable edits.
class ScenarioPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioPanel(ChartModel* model, QWidget* parent = nullptr);

    void setEditSink(EditSink sink) { m_sink = std::move(sink); }
    void refresh();
    const ScenarioComparison& comparison() const { return m_comparison; }
    QTableWidget* table() const { return m_table; }

    /// The actions behind the buttons; false (with a message in statusText()) if refused.
    bool keepCurrent(const QString& name);
    bool removeScenario(int index);
    bool openScenario(int index);
    QString statusText() const;

private:
    void submit(std::unique_ptr<Edit> e);
    const ScenarioFigures& figuresOf(const Scenario& s);
    ChartModel* m_model;
    EditSink m_sink;
    ScenarioComparison m_comparison;
    std::vector<std::pair<std::shared_ptr<const DesignData>, ScenarioFigures>> m_cache;
    QTableWidget* m_table;
    QLineEdit* m_name;
    QComboBox* m_pick;
    QPushButton* m_keep;
    QPushButton* m_remove;
    QPushButton* m_open;
    QLabel* m_status;
};

} // namespace cds::views
