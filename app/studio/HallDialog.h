#pragma once

#include "model/DesignData.h"
#include "model/edits/CoolingOps.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace cds::studio {

/// @brief Hall > Hall settings…: the hall's name, size and floor tile, its rows (area and the
/// side their cold aisle is on) and obstacles (columns, CRAC units, anything else), as tables,
/// and the room's air side (ASHRAE inlet class, air temperature rise, the share of a liquid
/// rack's heat that goes to air, the air cooling capacity the airflow check uses).
/// The window applies the result as one undoable edit (edits::setHall), which refuses a hall
/// that would leave racks or trays outside; the dialog shows why before it closes.
class HallDialog : public QDialog {
    Q_OBJECT
public:
    HallDialog(const DesignData& design, QWidget* parent = nullptr);
    /// The hall as edited.
    Hall hall() const;
    /// The room's air side as edited: inlet class, temperature rise, air share of liquid
    /// racks, air cooling capacity.
    edits::RoomAir roomAir() const;
    /// A campus's halls as edited (none: the floor is one hall).
    std::vector<SiteHall> halls() const;
    /// Adds a hall: the next free "Hall n", beside the last one (or the whole floor).
    void addHall();
    QTableWidget* siteHalls() const { return m_halls; }
    /// Adds a row of obstacles of the kind (edits::ObstacleKind) at the hall's centre.
    void addObstacle(int kind);
    void addRow();
    QTableWidget* rows() const { return m_rows; }
    QTableWidget* obstacles() const { return m_obstacles; }
    void accept() override;

private:
    void fillRow(int r, const Row& row);
    void fillObstacle(int r, const Obstacle& o);
    void fillHall(int r, const SiteHall& h);
    const DesignData& m_design;
    QLineEdit* m_name;
    QDoubleSpinBox *m_width, *m_depth, *m_tile;
    QComboBox* m_inlet;
    QDoubleSpinBox *m_deltaT, *m_airShare, *m_airKw;
    QTableWidget* m_rows;
    QTableWidget* m_obstacles;
    QTableWidget* m_halls;
    QLabel* m_problem;
};

} // namespace cds::studio
