#include "HallForm.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include <algorithm>

namespace cds::views {

namespace {

QDoubleSpinBox* millimetres(QWidget* body, const QString& objectName, double value, double lo,
                            double hi, double step) {
    auto* s = new QDoubleSpinBox(body);
    s->setObjectName(objectName);
    s->setRange(lo, std::max(lo, hi));
    s->setDecimals(0);
    s->setSingleStep(step);
    s->setSuffix(QStringLiteral(" mm"));
    s->setValue(value);
    s->setKeyboardTracking(false); // one edit when the user is done typing, not per digit
    return s;
}

} // namespace

void addSiteHallForm(QFormLayout* form, QWidget* body, const DesignData& d, std::size_t index,
                     const std::function<void(const SiteHall&)>& commit) {
    const SiteHall h = d.halls[index];
    auto* name = new QLineEdit(h.name, body);
    name->setObjectName(QStringLiteral("hallName"));
    QObject::connect(name, &QLineEdit::editingFinished, body, [h, name, commit] {
        SiteHall after = h;
        after.name = name->text().trimmed();
        if (after.name != h.name)
            commit(after);
    });
    form->addRow(QStringLiteral("Name"), name);
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    auto field = [&](const QString& label, const QString& objectName, double RectMm::*member,
                     double lo, double hi) {
        auto* s = millimetres(body, objectName, h.area.*member, lo, hi, tile);
        QObject::connect(s, &QDoubleSpinBox::valueChanged, body, [h, member, commit](double v) {
            SiteHall after = h;
            after.area.*member = v;
            commit(after);
        });
        form->addRow(label, s);
    };
    field(QStringLiteral("X (west wall)"), QStringLiteral("hallX"), &RectMm::x, 0, d.hall.widthMm);
    field(QStringLiteral("Y (north wall)"), QStringLiteral("hallY"), &RectMm::y, 0, d.hall.depthMm);
    field(QStringLiteral("Width"), QStringLiteral("hallWidth"), &RectMm::w, kMinHallSideMm,
          d.hall.widthMm);
    field(QStringLiteral("Depth"), QStringLiteral("hallDepth"), &RectMm::h, kMinHallSideMm,
          d.hall.depthMm);
    auto* note = new QLabel(QStringLiteral("Its racks, rows, obstacles, power racks and trays "
                                           "move with it; trays to other halls stretch."),
                            body);
    note->setWordWrap(true);
    form->addRow(note);
}

} // namespace cds::views
