#include "PhasesDialog.h"

#include "model/edits/PhaseOps.h"

#include <QDate>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cds::studio {

PhasesDialog::PhasesDialog(const std::vector<BuildPhase>& phases, const LabourHours& labour,
                           QWidget* parent)
    : QDialog(parent)
    , m_table(new QTableWidget(0, 2, this))
    , m_status(new QLabel(this)) {
    setWindowTitle(QStringLiteral("Build phases"));
    m_table->setObjectName(QStringLiteral("phases"));
    m_table->setHorizontalHeaderLabels(
        {QStringLiteral("Name"), QStringLiteral("Date (YYYY-MM-DD)")});
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (const BuildPhase& p : phases) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, 0, new QTableWidgetItem(p.name));
        m_table->setItem(row, 1, new QTableWidgetItem(p.date));
    }
    auto* hint = new QLabel(QStringLiteral("Racks are given their phase in the Properties panel "
                                           "(select racks, then Build phase). Colour racks by "
                                           "Build phase to see them; the dashboard's Build "
                                           "phases page and File > Export > Build plan give "
                                           "what each phase installs and must order."),
                            this);
    hint->setWordWrap(true);
    auto* add = new QPushButton(QStringLiteral("&Add phase"), this);
    auto* remove = new QPushButton(QStringLiteral("&Remove"), this);
    add->setObjectName(QStringLiteral("add"));
    remove->setObjectName(QStringLiteral("remove"));
    connect(add, &QPushButton::clicked, this, &PhasesDialog::addPhase);
    connect(remove, &QPushButton::clicked, this, &PhasesDialog::removeSelected);
    auto* rowButtons = new QHBoxLayout;
    rowButtons->addWidget(add);
    rowButtons->addWidget(remove);
    rowButtons->addStretch();
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* phasesPage = new QWidget(this);
    auto* phasesLayout = new QVBoxLayout(phasesPage);
    phasesLayout->addWidget(hint);
    phasesLayout->addWidget(m_table, 1);
    phasesLayout->addLayout(rowButtons);
    // Install labour: hours per unit of each kind, the build plan's per-phase labour figure.
    auto* labourPage = new QWidget(this);
    auto* labourLayout = new QVBoxLayout(labourPage);
    auto* labourHint = new QLabel(QStringLiteral("Hours per unit to unpack, mount, power, label "
                                                 "and test, for each kind of item. The build "
                                                 "plan multiplies them by what each phase "
                                                 "installs. The defaults are planning estimates."),
                                  labourPage);
    labourHint->setWordWrap(true);
    labourLayout->addWidget(labourHint);
    auto* form = new QFormLayout;
    for (int i = 0; i < kInstallKindCount; ++i) {
        auto* box = new QDoubleSpinBox(labourPage);
        box->setObjectName(installKindKey(InstallKind(i)));
        box->setRange(0, 10000);
        box->setDecimals(2);
        box->setSingleStep(0.25);
        box->setSuffix(QStringLiteral(" h"));
        box->setValue(labour.of(InstallKind(i)));
        box->setToolTip(
            QStringLiteral("Default %1 h").arg(LabourHours::defaults()[std::size_t(i)]));
        form->addRow(installKindLabel(InstallKind(i)), box);
        m_hours[std::size_t(i)] = box;
    }
    labourLayout->addLayout(form);
    auto* defaults = new QPushButton(QStringLiteral("Restore &defaults"), labourPage);
    defaults->setObjectName(QStringLiteral("defaults"));
    connect(defaults, &QPushButton::clicked, this, &PhasesDialog::resetLabourHours);
    auto* defaultsRow = new QHBoxLayout;
    defaultsRow->addWidget(defaults);
    defaultsRow->addStretch();
    labourLayout->addLayout(defaultsRow);
    labourLayout->addStretch();
    auto* tabs = new QTabWidget(this);
    tabs->addTab(phasesPage, QStringLiteral("&Phases"));
    tabs->addTab(labourPage, QStringLiteral("Install &labour"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    connect(m_table, &QTableWidget::itemChanged, this, &PhasesDialog::check);
    check();
    resize(520, 560);
}

LabourHours PhasesDialog::labourHours() const {
    LabourHours out;
    for (int i = 0; i < kInstallKindCount; ++i)
        out.hours[std::size_t(i)] = m_hours[std::size_t(i)]->value();
    return out;
}

void PhasesDialog::resetLabourHours() {
    for (int i = 0; i < kInstallKindCount; ++i)
        m_hours[std::size_t(i)]->setValue(LabourHours::defaults()[std::size_t(i)]);
}

std::vector<BuildPhase> PhasesDialog::phases() const {
    std::vector<BuildPhase> out;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        auto text = [&](int c) {
            const QTableWidgetItem* it = m_table->item(r, c);
            return it ? it->text().trimmed() : QString();
        };
        out.push_back({text(0), text(1)});
    }
    return out;
}

QString PhasesDialog::problem() const {
    return edits::phasesProblem(phases()); // the edit's own check, as the user types
}

void PhasesDialog::check() {
    const QString why = problem();
    m_status->setProperty("problem", why);
    m_status->setText(
        why.isEmpty()
            ? QStringLiteral("%1 phase(s).").arg(m_table->rowCount())
            : QStringLiteral("<span style='color:#b00020'>%1</span>").arg(why.toHtmlEscaped()));
}

void PhasesDialog::addPhase() {
    const std::vector<BuildPhase> now = phases();
    const int row = m_table->rowCount();
    QString date;
    if (!now.empty())
        if (const QDate last = QDate::fromString(now.back().date, Qt::ISODate); last.isValid())
            date = last.addDays(7 * 8).toString(Qt::ISODate);
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(QStringLiteral("Phase %1").arg(row + 1)));
    m_table->setItem(row, 1, new QTableWidgetItem(date));
    m_table->setCurrentCell(row, 0);
    check();
}

void PhasesDialog::removeSelected() {
    const int row = m_table->currentRow();
    if (row >= 0)
        m_table->removeRow(row);
    check();
}

void PhasesDialog::accept() {
    check();
    if (!problem().isEmpty())
        return;
    QDialog::accept();
}

} // namespace cds::studio
