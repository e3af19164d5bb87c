#pragma once

#include "model/DesignData.h"
#include "model/edits/CableOps.h"

#include <QDialog>

#include <functional>

class QComboBox;
class QLabel;
class QListWidget;

namespace cds::studio {

/// @brief Cables > Connect servers to leaves…: every server of the selected racks to a chosen
/// leaf set, rail by rail (NIC r to leaf r). OK runs the operation through @c setConnector;
/// a refusal (ports run out, too few leaves) shows in the dialog, which stays open.
class ConnectRailsDialog : public QDialog {
    Q_OBJECT
public:
    ConnectRailsDialog(const DesignData& d, std::vector<RackId> racks, QWidget* parent = nullptr);
    /// Returns the refusal, or empty when the cables were added.
    void setConnector(std::function<QString(const std::vector<DeviceId>& leaves)> f) {
        m_connect = std::move(f);
    }
    void chooseSet(int index);
    std::vector<DeviceId> leaves() const;
    QString problem() const;
    void accept() override;

private:
    void showSet();
    const DesignData& m_d;
    std::vector<RackId> m_racks;
    std::vector<edits::LeafSet> m_sets;
    QComboBox* m_set;
    QListWidget* m_rails;
    QLabel* m_summary;
    QLabel* m_problem;
    std::function<QString(const std::vector<DeviceId>&)> m_connect;
};

} // namespace cds::studio
