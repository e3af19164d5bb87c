#include "ConnectRailsDialog.h"

#include "model/DesignIndex.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace cds::studio {

ConnectRailsDialog::ConnectRailsDialog(const DesignData& d, std::vector<RackId> racks,
                                       QWidget* parent)
    : QDialog(parent)
    , m_d(d)
    , m_racks(std::move(racks))
    , m_sets(edits::leafSets(d))
    , m_set(new QComboBox(this))
    , m_rails(new QListWidget(this))
    , m_summary(new QLabel(this))
    , m_problem(new QLabel(this)) {
    setWindowTitle(QStringLiteral("Connect servers to leaves"));
    setObjectName(QStringLiteral("ConnectRailsDialog"));
    auto* lay = new QVBoxLayout(this);
    const DesignIndex index(d);
    int servers = 0, nics = 0;
    QStringList names;
    for (RackId r : m_racks) {
        if (!d.racks.contains(r))
            continue;
        names << d.racks[r].name;
        for (DeviceId dev : index.devicesIn(r)) {
            const CatalogItem& t = d.typeOf(d.devices[dev]);
            if (!t.switchSpec && t.portCount(PortRole::Compute) > 0) {
                ++servers;
                nics = std::max(nics, t.portCount(PortRole::Compute));
            }
        }
    }
    if (names.size() > 6)
        names = names.mid(0, 6) << QStringLiteral("…");
    m_summary->setText(QStringLiteral("%1 rack%2 (%3): %4 servers, up to %5 compute NICs each.\n"
                                      "NIC r of every server goes to leaf r of the set.")
                           .arg(m_racks.size())
                           .arg(m_racks.size() == 1 ? QString() : QStringLiteral("s"))
                           .arg(names.join(QStringLiteral(", ")))
                           .arg(servers)
                           .arg(nics));
    m_summary->setWordWrap(true);
    lay->addWidget(m_summary);
    auto* form = new QFormLayout;
    for (const edits::LeafSet& s : m_sets)
        m_set->addItem(s.name);
    form->addRow(QStringLiteral("Leaf set"), m_set);
    lay->addLayout(form);
    lay->addWidget(m_rails, 1);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020"));
    m_problem->setWordWrap(true);
    lay->addWidget(m_problem);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    box->button(QDialogButtonBox::Ok)->setText(QStringLiteral("Connect"));
    connect(box, &QDialogButtonBox::accepted, this, &ConnectRailsDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    lay->addWidget(box);
    connect(m_set, &QComboBox::currentIndexChanged, this, &ConnectRailsDialog::showSet);
    if (m_sets.empty())
        m_problem->setText(
            QStringLiteral("The design has no leaf switches (tier leaf) to connect to."));
    showSet();
    resize(480, 420);
}

void ConnectRailsDialog::chooseSet(int index) {
    m_set->setCurrentIndex(index);
}

std::vector<DeviceId> ConnectRailsDialog::leaves() const {
    const int i = m_set->currentIndex();
    return i >= 0 && i < int(m_sets.size()) ? m_sets[std::size_t(i)].leaves
                                            : std::vector<DeviceId>{};
}

QString ConnectRailsDialog::problem() const {
    return m_problem->text();
}

void ConnectRailsDialog::showSet() {
    m_rails->clear();
    const DesignIndex index(m_d);
    int rail = 0;
    for (DeviceId leaf : leaves()) {
        const Device& v = m_d.devices[leaf];
        const CatalogItem& t = m_d.typeOf(v);
        int free = 0;
        for (int p = 0, n = t.logicalPortCount(v.breakout); p < n; ++p) {
            const auto lp = t.logicalPort(v.breakout, p);
            if (lp && lp->role == PortRole::Fabric && !index.linkAt({leaf, std::uint16_t(p)}))
                ++free;
        }
        m_rails->addItem(
            QStringLiteral("rail %1 → %2 (%3 free ports)").arg(++rail).arg(v.name).arg(free));
    }
}

void ConnectRailsDialog::accept() {
    if (!m_connect)
        return QDialog::accept();
    const QString why = m_connect(leaves());
    if (!why.isEmpty()) {
        m_problem->setText(why);
        return;
    }
    QDialog::accept();
}

} // namespace cds::studio
