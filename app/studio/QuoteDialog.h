#pragma once

#include <QDialog>

class QDoubleSpinBox;

namespace cds::studio {

/// @brief File > Quote terms…: the margin on list prices and the discount the quote workbook
/// (`bom --format xlsx`, File > Export) prints beside each line. The window applies the result
/// as one undoable edit (DesignEditor::setQuoteTerms); both at 0 print no quote columns.
class QuoteDialog : public QDialog {
    Q_OBJECT
public:
    QuoteDialog(double marginPercent, double discountPercent, QWidget* parent = nullptr);
    double marginPercent() const;
    double discountPercent() const;

private:
    QDoubleSpinBox *m_margin, *m_discount;
};

} // namespace cds::studio
