#pragma once

#include "model/DesignData.h"

#include <QDialog>

class QComboBox;
class QLineEdit;

namespace cds::studio {

/// @brief Power diagram > Add element below…: the kind of the new element (the one usually
/// below the element it draws from first), its catalog entry (the design's and the vendor
/// catalog's of that kind, or none: a typical rating) and its name (empty: the next free one).
/// The caller applies the answer as one undoable edit (edits::addPowerElement).
class PowerElementDialog : public QDialog {
    Q_OBJECT
public:
    PowerElementDialog(const DesignData& design, const Catalog& library, const QString& above,
                       PowerKind aboveKind, QWidget* parent = nullptr);
    PowerKind kind() const;
    /// The catalog entry chosen; empty: none (edits::typicalPowerElement).
    QString catalogId() const;
    /// The name typed (trimmed); empty: the next free name of its kind.
    QString name() const;
    void setKind(PowerKind k);
    /// The kind that usually comes below one of kind @p k (a busway below a UPS).
    static PowerKind kindBelow(PowerKind k);
    QComboBox* kindBox() const { return m_kind; }
    QComboBox* typeBox() const { return m_type; }

private:
    void fillTypes();
    const DesignData& m_design;
    const Catalog& m_library;
    QComboBox* m_kind;
    QComboBox* m_type;
    QLineEdit* m_name;
};

} // namespace cds::studio
