#include "AddressingDialog.h"

#include "model/addressing/AddressPlan.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace cds::studio {

AddressingDialog::AddressingDialog(const DesignData& design, QWidget* parent)
    : QDialog(parent)
    , m_design(design)
    , m_pools(design.settings.addressing)
    , m_scheme(new QComboBox(this))
    , m_asnBase(new QLineEdit(this))
    , m_status(new QLabel(this)) {
    setWindowTitle(QStringLiteral("Address pools"));
    auto* form = new QFormLayout(this);
    static const std::array<const char*, kAddressPoolCount> labels = {
        "&Fabric links (/31 each):", "&Loopbacks (/32 each):", "&Management (a subnet a rack):",
        "&BMC (a subnet a rack):"};
    for (int i = 0; i < kAddressPoolCount; ++i) {
        QLineEdit*& e = m_prefix[std::size_t(i)];
        e = new QLineEdit(m_pools.pools[std::size_t(i)].toString(), this);
        e->setObjectName(addressPoolKey(AddressPool(i)));
        e->setPlaceholderText(QStringLiteral("10.0.0.0/16"));
        form->addRow(QString::fromLatin1(labels[std::size_t(i)]), e);
        connect(e, &QLineEdit::textChanged, this, &AddressingDialog::showProblem);
    }
    m_scheme->setObjectName(QStringLiteral("asnScheme"));
    m_scheme->addItem(QStringLiteral("RFC 7938: a leaf its own, spines of a pod one, core one"),
                      asnSchemeKey(AsnScheme::Rfc7938));
    m_scheme->addItem(QStringLiteral("Every switch its own ASN"),
                      asnSchemeKey(AsnScheme::PerSwitch));
    m_scheme->setCurrentIndex(int(m_pools.asnScheme));
    form->addRow(QStringLiteral("ASN &scheme:"), m_scheme);
    m_asnBase->setObjectName(QStringLiteral("asnBase"));
    m_asnBase->setText(QString::number(m_pools.asnBase));
    form->addRow(QStringLiteral("&First ASN:"), m_asnBase);
    connect(m_asnBase, &QLineEdit::textChanged, this, &AddressingDialog::showProblem);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    form->addRow(m_status);
    auto* buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] {
                const AddressPools defaults;
                for (int i = 0; i < kAddressPoolCount; ++i)
                    m_prefix[std::size_t(i)]->setText(defaults.pools[std::size_t(i)].toString());
                m_scheme->setCurrentIndex(int(defaults.asnScheme));
                m_asnBase->setText(QString::number(defaults.asnBase));
            });
    showProblem();
    resize(520, sizeHint().height());
}

QString AddressingDialog::read() {
    for (int i = 0; i < kAddressPoolCount; ++i) {
        QString why;
        const std::optional<Ipv4Prefix> p =
            Ipv4Prefix::parse(m_prefix[std::size_t(i)]->text().trimmed(), &why);
        if (!p)
            return QStringLiteral("%1: %2").arg(addressPoolLabel(AddressPool(i)), why);
        m_pools.pools[std::size_t(i)] = *p;
    }
    m_pools.asnScheme = AsnScheme(m_scheme->currentIndex());
    bool ok = false;
    const qulonglong base = m_asnBase->text().trimmed().toULongLong(&ok);
    if (!ok || base == 0 || base > kLastPrivateAsn)
        return QStringLiteral("the first ASN is a number from 1 to %1").arg(kLastPrivateAsn);
    m_pools.asnBase = std::uint32_t(base);
    return addressPoolsProblem(m_pools);
}

QString AddressingDialog::problem() const {
    return m_status->property("problem").toString();
}

void AddressingDialog::showProblem() {
    const QString why = read();
    m_status->setProperty("problem", why);
    m_status->setText(
        why.isEmpty()
            ? QStringLiteral("Private ranges: RFC 1918 addresses, "
                             "RFC 6996 ASNs from 4200000000.")
            : QStringLiteral("<span style='color:#b00020'>%1</span>").arg(why.toHtmlEscaped()));
}

void AddressingDialog::accept() {
    showProblem();
    if (!problem().isEmpty())
        return;
    // Whether the pools hold this design: the plan says, with the size that would do.
    const AddressPlan plan = addressPlan(m_design, m_pools);
    if (!plan.error.isEmpty()) {
        m_status->setProperty("problem", plan.error);
        m_status->setText(QStringLiteral("<span style='color:#b00020'>%1</span>")
                              .arg(plan.error.toHtmlEscaped()));
        return;
    }
    QDialog::accept();
}

} // namespace cds::studio
