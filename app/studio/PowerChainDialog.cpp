#include "PowerChainDialog.h"

#include "model/Wording.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace cds::studio {

namespace {

bool hasPowerRacks(const PowerChain& c) {
    bool found = false;
    c.elements.forEach([&](PowerElementId, const PowerElement& e) {
        found = found || e.kind == PowerKind::PowerRack;
    });
    return found;
}

/// The options that build @p d's chain again as it was built (the defaults without one).
edits::PowerChainOptions optionsOf(const DesignData& d) {
    edits::PowerChainOptions o;
    if (!d.power.elements.empty()) {
        o.build.scheme = d.power.scheme;
        if (d.power.scheme == PowerScheme::Block)
            o.build.blocks = std::clamp(d.power.blocks, 3, edits::kMaxPowerBlocks);
        o.build.dc800 = hasPowerRacks(d.power);
    }
    o.itBudgetKw = d.power.itBudgetKw;
    return o;
}

} // namespace

PowerChainDialog::PowerChainDialog(const DesignData& design, QWidget* parent)
    : QDialog(parent)
    , m_scheme(new QComboBox(this))
    , m_blocks(new QSpinBox(this))
    , m_dc800(new QCheckBox(QStringLiteral("&800 V DC for rack-scale systems"), this))
    , m_budget(new QDoubleSpinBox(this))
    , m_warning(new QLabel(this)) {
    const bool rebuild = !design.power.elements.empty();
    setWindowTitle(rebuild ? QStringLiteral("Rebuild power chain")
                           : QStringLiteral("Build power chain"));
    m_scheme->setObjectName(QStringLiteral("powerScheme"));
    m_scheme->addItem(QStringLiteral("2N (two independent sides)"), int(PowerScheme::TwoN));
    m_scheme->addItem(QStringLiteral("N+1 (one reserve module per UPS system)"),
                      int(PowerScheme::NPlusOne));
    m_scheme->addItem(QStringLiteral("Block-redundant (one block in reserve)"),
                      int(PowerScheme::Block));
    m_scheme->addItem(QStringLiteral("Single-corded"), int(PowerScheme::Single));
    m_blocks->setObjectName(QStringLiteral("powerBlocks"));
    m_blocks->setRange(3, edits::kMaxPowerBlocks);
    m_blocks->setToolTip(QStringLiteral("Blocks sharing one block's reserve: racks are fed from "
                                        "two of them in turn (4: 4N/3)"));
    m_dc800->setObjectName(QStringLiteral("powerDc800"));
    m_dc800->setToolTip(QStringLiteral(
        "Feed rack-scale liquid-cooled systems (GB200 / GB300 NVL72) from power racks at 800 V "
        "DC instead of AC busways and rack PDUs; each power rack takes the first free floor in "
        "line with the racks it feeds, and no rack moves"));
    m_budget->setObjectName(QStringLiteral("powerItBudget"));
    m_budget->setRange(0, kMaxPowerCapacity / 1000);
    m_budget->setDecimals(3);
    m_budget->setSuffix(QStringLiteral(" MW"));
    m_budget->setSpecialValueText(QStringLiteral("none"));
    m_budget->setToolTip(QStringLiteral("The IT load budget recorded with the chain (`stats`: "
                                        "site.it_budget_kw); the chain is sized for the racks' "
                                        "load whatever it is"));
    auto* form = new QFormLayout;
    form->addRow(QStringLiteral("Re&dundancy:"), m_scheme);
    form->addRow(QStringLiteral("B&locks:"), m_blocks);
    form->addRow(QString(), m_dc800);
    form->addRow(QStringLiteral("&IT budget:"), m_budget);
    m_warning->setObjectName(QStringLiteral("powerRebuildWarning"));
    m_warning->setWordWrap(true);
    if (rebuild)
        m_warning->setText(
            QStringLiteral("This design has a power chain (%1, %2). Building replaces all of it: "
                           "every element, those you added or edited too, and every rack's Feed "
                           "A and B. One undo brings it back.")
                .arg(design.power.schemeLabel(),
                     counted(qlonglong(design.power.elements.size()), QStringLiteral("element"))));
    m_warning->setVisible(rebuild);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)
        ->setText(rebuild ? QStringLiteral("&Rebuild") : QStringLiteral("&Build"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* lay = new QVBoxLayout(this);
    lay->addLayout(form);
    lay->addWidget(m_warning);
    lay->addWidget(buttons);
    connect(m_scheme, &QComboBox::currentIndexChanged, this, &PowerChainDialog::updateBlocks);
    setOptions(optionsOf(design));
}

edits::PowerChainOptions PowerChainDialog::options() const {
    edits::PowerChainOptions o;
    o.build.scheme = PowerScheme(m_scheme->currentData().toInt());
    o.build.blocks = m_blocks->value();
    o.build.dc800 = m_dc800->isChecked();
    // Compared with the value shown: a budget rounded for display is not a new one.
    o.itBudgetKw = m_budget->value() == m_shownBudgetMw ? m_budgetKw : m_budget->value() * 1000;
    return o;
}

void PowerChainDialog::setOptions(const edits::PowerChainOptions& o) {
    m_scheme->setCurrentIndex(std::max(0, m_scheme->findData(int(o.build.scheme))));
    m_blocks->setValue(o.build.blocks);
    m_dc800->setChecked(o.build.dc800);
    m_budgetKw = o.itBudgetKw;
    m_budget->setValue(o.itBudgetKw / 1000);
    m_shownBudgetMw = m_budget->value();
    updateBlocks();
}

QString PowerChainDialog::warningText() const {
    return m_warning->text();
}

void PowerChainDialog::updateBlocks() {
    m_blocks->setEnabled(PowerScheme(m_scheme->currentData().toInt()) == PowerScheme::Block);
}

} // namespace cds::studio
