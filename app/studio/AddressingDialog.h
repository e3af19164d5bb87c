#pragma once

#include "model/DesignData.h"

#include <QDialog>

#include <array>

class QComboBox;
class QLabel;
class QLineEdit;

namespace cds::studio {

/// @brief File > Address pools…: the pools the IP plan (`export --format ip-plan`) is carved
/// from and the ASN scheme. Each field is checked as it is typed; OK also checks that the
/// pools hold this design, and stays open naming the shortfall when they do not. The window
/// applies the result as one undoable edit (DesignEditor::setAddressing).
class AddressingDialog : public QDialog {
    Q_OBJECT
public:
    AddressingDialog(const DesignData& design, QWidget* parent = nullptr);
    /// The pools as entered; valid once the dialog is accepted.
    AddressPools pools() const { return m_pools; }
    /// What stops OK now, or empty.
    QString problem() const;

    void accept() override;

private:
    /// Reads the fields into m_pools; the first problem, or empty.
    QString read();
    void showProblem();

    const DesignData& m_design;
    AddressPools m_pools;
    std::array<QLineEdit*, kAddressPoolCount> m_prefix{};
    QComboBox* m_scheme;
    QLineEdit* m_asnBase;
    QLabel* m_status;
};

} // namespace cds::studio
