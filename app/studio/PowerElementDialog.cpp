#include "PowerElementDialog.h"

#include "model/Wording.h"
#include "model/edits/PowerOps.h"
#include "views/panels/PowerForm.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace cds::studio {

PowerElementDialog::PowerElementDialog(const DesignData& design, const Catalog& library,
                                       const QString& above, PowerKind aboveKind, QWidget* parent)
    : QDialog(parent)
    , m_design(design)
    , m_library(library)
    , m_kind(new QComboBox(this))
    , m_type(new QComboBox(this))
    , m_name(new QLineEdit(this)) {
    setObjectName(QStringLiteral("PowerElementDialog"));
    setWindowTitle(QStringLiteral("Add element below %1").arg(above));
    for (int k = 0; k < kPowerKindCount; ++k)
        m_kind->addItem(powerKindLabel(PowerKind(k)), k);
    m_kind->setObjectName(QStringLiteral("powerKind"));
    m_type->setObjectName(QStringLiteral("powerType"));
    m_type->setToolTip(QStringLiteral("The catalog entry: its rating and efficiency become the "
                                      "element's"));
    m_name->setObjectName(QStringLiteral("powerName"));
    m_name->setPlaceholderText(QStringLiteral("the next free name of its kind"));
    auto* form = new QFormLayout;
    form->addRow(QStringLiteral("Draws from"), new QLabel(above, this));
    form->addRow(QStringLiteral("Kind"), m_kind);
    form->addRow(QStringLiteral("Type"), m_type);
    form->addRow(QStringLiteral("Name"), m_name);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* lay = new QVBoxLayout(this);
    lay->addLayout(form);
    lay->addWidget(buttons);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] { fillTypes(); });
    setKind(kindBelow(aboveKind));
    fillTypes();
}

PowerKind PowerElementDialog::kind() const {
    return PowerKind(m_kind->currentData().toInt());
}

QString PowerElementDialog::catalogId() const {
    return m_type->currentData().toString();
}

QString PowerElementDialog::name() const {
    return m_name->text().trimmed();
}

void PowerElementDialog::setKind(PowerKind k) {
    m_kind->setCurrentIndex(m_kind->findData(int(k)));
}

PowerKind PowerElementDialog::kindBelow(PowerKind k) {
    switch (k) {
    case PowerKind::Utility:
        return PowerKind::Transformer;
    case PowerKind::Transformer:
    case PowerKind::Generator:
        return PowerKind::Switchgear;
    case PowerKind::Switchgear:
    case PowerKind::Battery:
        return PowerKind::Ups;
    case PowerKind::Ups:
        return PowerKind::Busway;
    case PowerKind::Busway:
    case PowerKind::Rpp:
        return PowerKind::Rpp;
    case PowerKind::PowerRack:
        return PowerKind::PowerRack;
    }
    return PowerKind::Busway;
}

void PowerElementDialog::fillTypes() {
    const PowerKind k = kind();
    const PowerElement typical = edits::typicalPowerElement(k);
    m_type->clear();
    m_type->addItem(QStringLiteral("None: a typical %1 %2")
                        .arg(figures(typical.capacity),
                             ratedInKva(k) ? QStringLiteral("kVA") : QStringLiteral("kW")),
                    QString());
    for (const CatalogItem* it : views::powerEntriesOf(m_design, &m_library, k))
        m_type->addItem(views::powerEntryLabel(*it), it->id);
    // The smallest entry of the catalog, when there is one: what a new element usually is.
    m_type->setCurrentIndex(m_type->count() > 1 ? 1 : 0);
}

} // namespace cds::studio
