#pragma once

#include "model/DesignData.h"

#include <QDialog>

class QComboBox;

namespace cds::studio {

/// @brief Picks the two ports of a hand-drawn cable: the free ports of the devices in each
/// of the two racks the Draw link tool joined.
class LinkDialog : public QDialog {
    Q_OBJECT
public:
    LinkDialog(const DesignData& d, RackId a, RackId b, QWidget* parent = nullptr);
    PortRef portA() const;
    PortRef portB() const;
    /// Free ports of the devices in @p rack as "device:port (role, speed)" with their refs.
    static std::vector<std::pair<QString, PortRef>> freePorts(const DesignData& d, RackId rack);

private:
    QComboBox* m_a;
    QComboBox* m_b;
};

} // namespace cds::studio
