#include "QuoteDialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>

namespace cds::studio {

QuoteDialog::QuoteDialog(double marginPercent, double discountPercent, QWidget* parent)
    : QDialog(parent)
    , m_margin(new QDoubleSpinBox(this))
    , m_discount(new QDoubleSpinBox(this)) {
    setWindowTitle(QStringLiteral("Quote terms"));
    auto* form = new QFormLayout(this);
    // The ranges the design file accepts (settings.quoteMarginPercent, quoteDiscountPercent).
    m_margin->setObjectName(QStringLiteral("margin"));
    m_margin->setRange(0, 1000);
    m_margin->setDecimals(1);
    m_margin->setSuffix(QStringLiteral(" %"));
    m_margin->setValue(marginPercent);
    m_discount->setObjectName(QStringLiteral("discount"));
    m_discount->setRange(0, 100);
    m_discount->setDecimals(1);
    m_discount->setSuffix(QStringLiteral(" %"));
    m_discount->setValue(discountPercent);
    form->addRow(QStringLiteral("&Margin on list price:"), m_margin);
    form->addRow(QStringLiteral("&Discount to the customer:"), m_discount);
    auto* hint = new QLabel(
        QStringLiteral("The quote workbook adds Margin, Sell unit price, Discount and Net "
                       "extended columns, with formulas, when either is above 0. Saved in the "
                       "design."),
        this);
    hint->setWordWrap(true);
    form->addRow(hint);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(420, sizeHint().height());
}

double QuoteDialog::marginPercent() const {
    return m_margin->value();
}

double QuoteDialog::discountPercent() const {
    return m_discount->value();
}

} // namespace cds::studio
