#include "PhasesDialog.h"

#include <QDate>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <set>

namespace cds::studio {

PhasesDialog::PhasesDialog(const std::vector<BuildPhase>& phases, QWidget* parent)
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
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addWidget(m_table, 1);
    layout->addLayout(rowButtons);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    connect(m_table, &QTableWidget::itemChanged, this, &PhasesDialog::check);
    check();
    resize(520, 420);
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
    std::set<QString> names;
    int row = 0;
    for (const BuildPhase& p : phases()) {
        ++row;
        if (p.name.isEmpty())
            return QStringLiteral("Phase %1 needs a name").arg(row);
        if (!names.insert(p.name).second)
            return QStringLiteral("Two phases are named \"%1\"").arg(p.name);
        if (!p.date.isEmpty() &&
            (p.date.size() != 10 || !QDate::fromString(p.date, Qt::ISODate).isValid()))
            return QStringLiteral("Phase \"%1\": \"%2\" is not a date YYYY-MM-DD")
                .arg(p.name, p.date);
    }
    if (row > kMaxBuildPhases)
        return QStringLiteral("A design has at most %1 build phases").arg(kMaxBuildPhases);
    return {};
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
