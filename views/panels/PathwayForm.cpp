#include "PathwayForm.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>

#include <cmath>

namespace cds::views {

namespace {

QDoubleSpinBox* millimetres(QWidget* body, double value, double lo, double hi) {
    auto* s = new QDoubleSpinBox(body);
    s->setRange(lo, hi);
    s->setDecimals(0);
    s->setSingleStep(50);
    s->setSuffix(QStringLiteral(" mm"));
    s->setValue(value);
    s->setKeyboardTracking(false); // one edit when the user is done typing, not per digit
    return s;
}

} // namespace

void addPathwayForm(QFormLayout* form, QWidget* body, const DesignData& d, PathwayId id,
                    const std::function<void(const Pathway&, const QString&)>& commit) {
    const Pathway& w = d.pathways[id];
    auto* name = new QLineEdit(w.name, body);
    QObject::connect(name, &QLineEdit::editingFinished, body, [w, name, commit] {
        Pathway after = w;
        after.name = name->text().trimmed();
        if (after.name != w.name)
            commit(after, QStringLiteral("Rename tray"));
    });
    form->addRow(QStringLiteral("Name"), name);
    auto* kind = new QComboBox(body);
    kind->setObjectName(QStringLiteral("trayKind"));
    kind->addItem(QStringLiteral("Ladder (copper)"), int(PathwayKind::Ladder));
    kind->addItem(QStringLiteral("Fibre runner"), int(PathwayKind::FibreRunner));
    kind->addItem(QStringLiteral("Duct bank (underground)"), int(PathwayKind::DuctBank));
    kind->setCurrentIndex(kind->findData(int(w.kind)));
    QObject::connect(kind, &QComboBox::activated, body, [w, kind, commit](int i) {
        Pathway after = w;
        after.kind = PathwayKind(kind->itemData(i).toInt());
        commit(after, QStringLiteral("Set tray kind"));
    });
    form->addRow(QStringLiteral("Kind"), kind);
    const double len = std::hypot(w.to.x - w.from.x, w.to.y - w.from.y);
    form->addRow(QStringLiteral("Length"),
                 new QLabel(QStringLiteral("%1 m").arg(len / 1000, 0, 'f', 1), body));
    auto ends = [&](const QString& label, PointMm p, bool isFrom) {
        auto* row = new QWidget(body);
        auto* lay = new QHBoxLayout(row);
        lay->setContentsMargins(0, 0, 0, 0);
        auto* x = millimetres(row, p.x, 0, d.hall.widthMm);
        auto* y = millimetres(row, p.y, 0, d.hall.depthMm);
        lay->addWidget(x);
        lay->addWidget(y);
        auto changed = [w, x, y, isFrom, commit] {
            Pathway after = w;
            (isFrom ? after.from : after.to) = PointMm{x->value(), y->value()};
            commit(after, QStringLiteral("Move tray end"));
        };
        QObject::connect(x, &QDoubleSpinBox::valueChanged, body, changed);
        QObject::connect(y, &QDoubleSpinBox::valueChanged, body, changed);
        form->addRow(label, row);
    };
    ends(QStringLiteral("From (x, y)"), w.from, true);
    ends(QStringLiteral("To (x, y)"), w.to, false);
    auto size = [&](const QString& label, double Pathway::*field, double lo, double hi,
                    const QString& text) {
        auto* s = millimetres(body, w.*field, lo, hi);
        s->setObjectName(QStringLiteral("tray") + label);
        QObject::connect(s, &QDoubleSpinBox::valueChanged, body,
                         [w, field, commit, text](double v) {
                             Pathway after = w;
                             after.*field = v;
                             commit(after, text);
                         });
        form->addRow(label, s);
    };
    size(QStringLiteral("Elevation"), &Pathway::elevationMm, 0, 100000,
         QStringLiteral("Set tray elevation"));
    size(QStringLiteral("Width"), &Pathway::widthMm, 10, 10000, QStringLiteral("Set tray width"));
    size(QStringLiteral("Depth"), &Pathway::depthMm, 10, 10000, QStringLiteral("Set tray depth"));
}

} // namespace cds::views
