#include "HallDialog.h"

#include "model/edits/HallOps.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cds::studio {

namespace {

QDoubleSpinBox* metres(QWidget* parent, double mm, double lo, double hi) {
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(lo / 1000, hi / 1000);
    s->setDecimals(2);
    s->setSuffix(QStringLiteral(" m"));
    s->setValue(mm / 1000);
    return s;
}

QTableWidget* table(QWidget* parent, const QStringList& headers) {
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    return t;
}

void setNumber(QTableWidget* t, int r, int c, double mm) {
    t->setItem(r, c, new QTableWidgetItem(QString::number(mm, 'f', 0)));
}

double number(const QTableWidget* t, int r, int c) {
    const QTableWidgetItem* it = t->item(r, c);
    return it ? it->text().toDouble() : 0;
}

RectMm areaOf(const QTableWidget* t, int r) {
    return {number(t, r, 1), number(t, r, 2), number(t, r, 3), number(t, r, 4)};
}

QPushButton* button(QHBoxLayout* lay, const QString& text) {
    auto* b = new QPushButton(text);
    lay->addWidget(b);
    return b;
}

} // namespace

HallDialog::HallDialog(const DesignData& design, QWidget* parent)
    : QDialog(parent)
    , m_design(design) {
    setWindowTitle(QStringLiteral("Hall settings"));
    setObjectName(QStringLiteral("HallDialog"));
    const Hall& h = design.hall;
    auto* lay = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_name = new QLineEdit(h.name, this);
    m_width = metres(this, h.widthMm, kMinHallSideMm, kMaxHallSideMm);
    m_depth = metres(this, h.depthMm, kMinHallSideMm, kMaxHallSideMm);
    m_tile = new QDoubleSpinBox(this);
    m_tile->setRange(100, 5000);
    m_tile->setDecimals(0);
    m_tile->setSuffix(QStringLiteral(" mm"));
    m_tile->setValue(h.tileMm);
    form->addRow(QStringLiteral("Name"), m_name);
    auto* size = new QHBoxLayout;
    size->addWidget(m_width);
    size->addWidget(new QLabel(QStringLiteral("×"), this));
    size->addWidget(m_depth);
    form->addRow(QStringLiteral("Size (width × depth)"), size);
    form->addRow(QStringLiteral("Floor tile"), m_tile);
    const DesignSettings& st = design.settings;
    m_inlet = new QComboBox(this);
    for (int c = 0; c < kInletClassCount; ++c)
        m_inlet->addItem(inletClassText(InletClass(c)), c);
    m_inlet->setCurrentIndex(int(st.inletClass));
    auto spin = [this](double v, double lo, double hi, const QString& suffix, const QString& none) {
        auto* b = new QDoubleSpinBox(this);
        b->setRange(lo, hi);
        b->setDecimals(0);
        b->setSuffix(suffix);
        if (!none.isEmpty())
            b->setSpecialValueText(none);
        b->setValue(v);
        return b;
    };
    m_airKw =
        spin(st.roomAirCoolingKw, 0, 1e6, QStringLiteral(" kW"), QStringLiteral("not specified"));
    m_deltaT = spin(st.airDeltaTF, 1, 100, QStringLiteral(" °F"), {});
    m_airShare = spin(st.liquidAirSharePct, 0, 100, QStringLiteral(" %"), {});
    // Named as the settings keys they edit.
    m_inlet->setObjectName(QStringLiteral("inletClass"));
    m_airKw->setObjectName(QStringLiteral("roomAirCoolingKw"));
    m_deltaT->setObjectName(QStringLiteral("airDeltaTF"));
    m_airShare->setObjectName(QStringLiteral("liquidAirSharePct"));
    form->addRow(QStringLiteral("Inlet class"), m_inlet);
    form->addRow(QStringLiteral("Air cooling capacity"), m_airKw);
    form->addRow(QStringLiteral("Air temperature rise"), m_deltaT);
    form->addRow(QStringLiteral("Direct-liquid heat to air"), m_airShare);
    lay->addLayout(form);

    lay->addWidget(
        new QLabel(QStringLiteral("<b>Rows</b> (mm; racks in a row face its cold aisle)"), this));
    m_rows = table(this, {QStringLiteral("Name"), QStringLiteral("x"), QStringLiteral("y"),
                          QStringLiteral("width"), QStringLiteral("depth"),
                          QStringLiteral("cold aisle")});
    m_rows->setRowCount(int(h.rows.size()));
    for (std::size_t i = 0; i < h.rows.size(); ++i)
        fillRow(int(i), h.rows[i]);
    lay->addWidget(m_rows, 1);
    auto* rowButtons = new QHBoxLayout;
    connect(button(rowButtons, QStringLiteral("Add row")), &QPushButton::clicked, this,
            &HallDialog::addRow);
    connect(button(rowButtons, QStringLiteral("Remove row")), &QPushButton::clicked, this,
            [this] { m_rows->removeRow(m_rows->currentRow()); });
    rowButtons->addStretch(1);
    lay->addLayout(rowButtons);

    lay->addWidget(new QLabel(QStringLiteral("<b>Obstacles</b> (mm)"), this));
    m_obstacles = table(this, {QStringLiteral("Name"), QStringLiteral("x"), QStringLiteral("y"),
                               QStringLiteral("width"), QStringLiteral("depth")});
    m_obstacles->setRowCount(int(h.obstacles.size()));
    for (std::size_t i = 0; i < h.obstacles.size(); ++i)
        fillObstacle(int(i), h.obstacles[i]);
    lay->addWidget(m_obstacles, 1);
    auto* obsButtons = new QHBoxLayout;
    connect(button(obsButtons, QStringLiteral("Add column")), &QPushButton::clicked, this,
            [this] { addObstacle(int(edits::ObstacleKind::Column)); });
    connect(button(obsButtons, QStringLiteral("Add CRAC unit")), &QPushButton::clicked, this,
            [this] { addObstacle(int(edits::ObstacleKind::Crac)); });
    connect(button(obsButtons, QStringLiteral("Add other")), &QPushButton::clicked, this,
            [this] { addObstacle(int(edits::ObstacleKind::Other)); });
    connect(button(obsButtons, QStringLiteral("Remove")), &QPushButton::clicked, this,
            [this] { m_obstacles->removeRow(m_obstacles->currentRow()); });
    obsButtons->addStretch(1);
    lay->addLayout(obsButtons);

    lay->addWidget(new QLabel(
        QStringLiteral("<b>Halls of a campus</b> (mm on the site; none: the floor is one hall)"),
        this));
    m_halls = table(this, {QStringLiteral("Name"), QStringLiteral("x"), QStringLiteral("y"),
                           QStringLiteral("width"), QStringLiteral("depth")});
    m_halls->setObjectName(QStringLiteral("halls"));
    m_halls->setRowCount(int(design.halls.size()));
    for (std::size_t i = 0; i < design.halls.size(); ++i)
        fillHall(int(i), design.halls[i]);
    lay->addWidget(m_halls, 1);
    auto* hallButtons = new QHBoxLayout;
    connect(button(hallButtons, QStringLiteral("Add hall")), &QPushButton::clicked, this,
            &HallDialog::addHall);
    connect(button(hallButtons, QStringLiteral("Remove hall")), &QPushButton::clicked, this,
            [this] { m_halls->removeRow(m_halls->currentRow()); });
    hallButtons->addStretch(1);
    lay->addLayout(hallButtons);

    m_problem = new QLabel(this);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020"));
    m_problem->setWordWrap(true);
    lay->addWidget(m_problem);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(box, &QDialogButtonBox::accepted, this, &HallDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    lay->addWidget(box);
    resize(640, 700);
}

void HallDialog::fillRow(int r, const Row& row) {
    m_rows->setItem(r, 0, new QTableWidgetItem(row.name));
    setNumber(m_rows, r, 1, row.area.x);
    setNumber(m_rows, r, 2, row.area.y);
    setNumber(m_rows, r, 3, row.area.w);
    setNumber(m_rows, r, 4, row.area.h);
    auto* aisle = new QComboBox(m_rows);
    aisle->addItem(QStringLiteral("north"));
    aisle->addItem(QStringLiteral("south"));
    aisle->setCurrentIndex(row.coldAisleNorth ? 0 : 1);
    m_rows->setCellWidget(r, 5, aisle);
}

void HallDialog::fillObstacle(int r, const Obstacle& o) {
    m_obstacles->setItem(r, 0, new QTableWidgetItem(o.name));
    setNumber(m_obstacles, r, 1, o.area.x);
    setNumber(m_obstacles, r, 2, o.area.y);
    setNumber(m_obstacles, r, 3, o.area.w);
    setNumber(m_obstacles, r, 4, o.area.h);
}

void HallDialog::fillHall(int r, const SiteHall& h) {
    m_halls->setItem(r, 0, new QTableWidgetItem(h.name));
    setNumber(m_halls, r, 1, h.area.x);
    setNumber(m_halls, r, 2, h.area.y);
    setNumber(m_halls, r, 3, h.area.w);
    setNumber(m_halls, r, 4, h.area.h);
}

void HallDialog::addHall() {
    const Hall floor = hall();
    const std::vector<SiteHall> now = halls();
    SiteHall h;
    for (int n = int(now.size()) + 1; h.name.isEmpty(); ++n) {
        const QString name = QStringLiteral("Hall %1").arg(n);
        if (std::none_of(now.begin(), now.end(), [&](const SiteHall& o) { return o.name == name; }))
            h.name = name;
    }
    // The first takes the floor; another goes to the right of the last, as wide, when the
    // site has room (else the user places it).
    h.area = {0, 0, floor.widthMm, floor.depthMm};
    if (!now.empty()) {
        const RectMm& last = now.back().area;
        h.area = {std::min(last.x + last.w, std::max(0.0, floor.widthMm - last.w)), last.y, last.w,
                  last.h};
    }
    const int r = m_halls->rowCount();
    m_halls->insertRow(r);
    fillHall(r, h);
}

std::vector<SiteHall> HallDialog::halls() const {
    std::vector<SiteHall> out;
    for (int r = 0; r < m_halls->rowCount(); ++r)
        out.push_back({m_halls->item(r, 0) ? m_halls->item(r, 0)->text().trimmed() : QString(),
                       areaOf(m_halls, r)});
    return out;
}

void HallDialog::addRow() {
    const Hall h = hall();
    const double t = h.tileMm;
    Row row;
    row.name = QStringLiteral("Row %1").arg(QChar(u'A' + int(h.rows.size()) % 26));
    // Ten 600 mm racks deep 1,200 mm, below the last row with a two-tile aisle between.
    double y = 2 * t;
    for (const Row& r : h.rows)
        y = std::max(y, r.area.y + r.area.h + 2 * t);
    // In a full hall it goes at the far wall, for the user to place.
    y = std::max(0.0, std::min(y, h.depthMm - 2 * t));
    row.area = {2 * t, y, std::min(10 * 600.0, h.widthMm - 4 * t), 2 * t};
    const int r = m_rows->rowCount();
    m_rows->insertRow(r);
    fillRow(r, row);
}

void HallDialog::addObstacle(int kind) {
    const Hall h = hall();
    const auto k = edits::ObstacleKind(kind);
    Obstacle o{edits::nextObstacleName(h, k), edits::defaultObstacleSize(k)};
    o.area.x = std::floor((h.widthMm - o.area.w) / 2 / h.tileMm) * h.tileMm;
    o.area.y = std::floor((h.depthMm - o.area.h) / 2 / h.tileMm) * h.tileMm;
    const int r = m_obstacles->rowCount();
    m_obstacles->insertRow(r);
    fillObstacle(r, o);
}

Hall HallDialog::hall() const {
    Hall h = m_design.hall;
    h.name = m_name->text().trimmed();
    h.widthMm = std::round(m_width->value() * 1000);
    h.depthMm = std::round(m_depth->value() * 1000);
    h.tileMm = m_tile->value();
    h.rows.clear();
    for (int r = 0; r < m_rows->rowCount(); ++r) {
        Row row;
        row.name = m_rows->item(r, 0) ? m_rows->item(r, 0)->text().trimmed() : QString();
        row.area = areaOf(m_rows, r);
        auto* aisle = qobject_cast<QComboBox*>(m_rows->cellWidget(r, 5));
        row.coldAisleNorth = !aisle || aisle->currentIndex() == 0;
        h.rows.push_back(row);
    }
    h.obstacles.clear();
    for (int r = 0; r < m_obstacles->rowCount(); ++r)
        h.obstacles.push_back(
            {m_obstacles->item(r, 0) ? m_obstacles->item(r, 0)->text().trimmed() : QString(),
             areaOf(m_obstacles, r)});
    return h;
}

edits::RoomAir HallDialog::roomAir() const {
    return {InletClass(m_inlet->currentData().toInt()), m_deltaT->value(), m_airShare->value(),
            m_airKw->value()};
}

void HallDialog::accept() {
    QString why = edits::hallProblem(m_design, hall());
    if (why.isEmpty())
        why = edits::roomAirProblem(roomAir());
    if (why.isEmpty())
        why = edits::hallsProblem(hall(), halls());
    if (!why.isEmpty()) {
        m_problem->setText(why);
        return;
    }
    QDialog::accept();
}

} // namespace cds::studio
