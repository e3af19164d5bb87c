#include "LinkDialog.h"

#include "model/DesignIndex.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>

namespace cds::studio {

namespace {
PortRef refOf(const QComboBox* box) {
    const QList<QVariant> v = box->currentData().toList();
    if (v.size() != 2)
        return {};
    return {DeviceId(v[0].toUInt()), std::uint16_t(v[1].toUInt())};
}
void fill(QComboBox* box, const DesignData& d, RackId rack) {
    for (const auto& [label, ref] : LinkDialog::freePorts(d, rack))
        box->addItem(label, QVariantList{ref.device.value(), ref.port});
}
} // namespace

std::vector<std::pair<QString, PortRef>> LinkDialog::freePorts(const DesignData& d, RackId rack) {
    const DesignIndex index(d);
    std::vector<std::pair<QString, PortRef>> out;
    for (DeviceId id : index.devicesIn(rack)) {
        const Device& dev = d.devices[id];
        const CatalogItem& t = d.typeOf(dev);
        const int n = t.logicalPortCount(dev.breakout);
        for (int p = 0; p < n; ++p) {
            const PortRef ref{id, std::uint16_t(p)};
            const auto lp = t.logicalPort(dev.breakout, p);
            if (!lp || index.linkAt(ref))
                continue;
            out.emplace_back(QStringLiteral("%1:%2 (%3, %4G)")
                                 .arg(dev.name, lp->name, portRoleKey(lp->role))
                                 .arg(lp->speedGbps, 0, 'f', 0),
                             ref);
        }
    }
    return out;
}

LinkDialog::LinkDialog(const DesignData& d, RackId a, RackId b, QWidget* parent)
    : QDialog(parent)
    , m_a(new QComboBox(this))
    , m_b(new QComboBox(this)) {
    setWindowTitle(QStringLiteral("Draw cable"));
    auto* form = new QFormLayout(this);
    fill(m_a, d, a);
    fill(m_b, d, b);
    form->addRow(QStringLiteral("From (%1)").arg(d.racks[a].name), m_a);
    form->addRow(QStringLiteral("To (%1)").arg(d.racks[b].name), m_b);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

PortRef LinkDialog::portA() const {
    return refOf(m_a);
}
PortRef LinkDialog::portB() const {
    return refOf(m_b);
}

} // namespace cds::studio
