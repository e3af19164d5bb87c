#pragma once

#include "model/Design.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QTableWidget;

namespace cds::views {

class SelectionModel;

/// @brief The cables of the selection (a clicked bundle, or cables chosen elsewhere): one row
/// each with both ends, medium and length; the chosen cable's ends in full (rack, U, port),
/// its route over the trays, its pinned medium; Delete. Changes are intents.
class CablePanel : public QWidget {
    Q_OBJECT
public:
    CablePanel(Design* design, SelectionModel* selection, QWidget* parent = nullptr);
    /// "16 cables: R01 – N01, compute", "Nothing selected"...
    QString heading() const;
    int rowCount() const;
    /// Makes row @p row the chosen cable (tests; the table does it on click).
    void chooseRow(int row);
    LinkId chosen() const { return m_chosen; }
    /// The chosen cable's detail as shown, "label: value" per line (tests, screen readers).
    QString detailText() const;
    /// The entries the medium can be pinned to, as the combo lists them (invalid = automatic).
    std::vector<TypeId> pinChoices() const;
    void requestPin(TypeId medium); ///< as choosing it in the combo
    void requestDelete();           ///< as pressing Delete

Q_SIGNALS:
    void pinRequested(const std::vector<cds::LinkId>& links, cds::TypeId medium);
    void deleteRequested(const std::vector<cds::LinkId>& links);

private:
    void scheduleRebuild();
    void rebuild();
    void showDetail();
    std::vector<LinkId> chosenLinks() const;
    Design* m_design;
    SelectionModel* m_selection;
    QLabel* m_heading;
    QTableWidget* m_table;
    QWidget* m_detail;
    QFormLayout* m_form;
    QComboBox* m_pin;
    QPushButton* m_delete;
    std::vector<LinkId> m_links;
    LinkId m_chosen;
    bool m_pending = false;
};

} // namespace cds::views
