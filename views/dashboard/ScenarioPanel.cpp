#include "ScenarioPanel.h"

#include "DashboardFormat.h"
#include "model/scenarios/ChartModel.h"
#include "model/scenarios/ScenarioEdit.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cds::views {

namespace {
QString formatFigure(ScenarioFigure f, double v) {
    switch (f) {
    case ScenarioFigure::CostPerGpu:
        return formatUsd(v);
    case ScenarioFigure::TotalMw:
        return QStringLiteral("%1 MW").arg(v, 0, 'f', 3);
    case ScenarioFigure::MeanRackKw:
    case ScenarioFigure::MaxRackKw:
        return QStringLiteral("%1 kW").arg(v, 0, 'f', 1);
    case ScenarioFigure::Optics:
        return QString::number(v, 'f', 0);
    case ScenarioFigure::BisectionTbps:
        return QStringLiteral("%1 Tb/s").arg(v, 0, 'f', 1);
    }
    return QString::number(v);
}
int decimalsOf(ScenarioFigure f) {
    return f == ScenarioFigure::TotalMw ? 3 : f == ScenarioFigure::Optics ? 0 : 1;
}
} // namespace

ScenarioPanel::ScenarioPanel(ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_table(new QTableWidget(this))
    , m_name(new QLineEdit(this))
    , m_pick(new QComboBox(this))
    , m_keep(new QPushButton(QStringLiteral("Keep as scenario"), this))
    , m_remove(new QPushButton(QStringLiteral("Remove"), this))
    , m_open(new QPushButton(QStringLiteral("Open"), this))
    , m_status(new QLabel(this)) {
    m_name->setPlaceholderText(QStringLiteral("Scenario name, e.g. RoCE, liquid, 2:1"));
    m_open->setToolTip(QStringLiteral("Make the scenario the working design (undoable)."));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_name, 2);
    bar->addWidget(m_keep);
    bar->addSpacing(12);
    bar->addWidget(m_pick, 1);
    bar->addWidget(m_open);
    bar->addWidget(m_remove);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addLayout(bar);
    lay->addWidget(m_table, 1);
    lay->addWidget(m_status);
    connect(m_keep, &QPushButton::clicked, this, [this] { keepCurrent(m_name->text().trimmed()); });
    connect(m_name, &QLineEdit::returnPressed, m_keep, &QPushButton::click);
    connect(m_remove, &QPushButton::clicked, this,
            [this] { removeScenario(m_pick->currentIndex()); });
    connect(m_open, &QPushButton::clicked, this, [this] { openScenario(m_pick->currentIndex()); });
    connect(m_model, &ChartModel::updated, this, &ScenarioPanel::refresh);
    connect(m_pick, &QComboBox::currentIndexChanged, m_model, &ChartModel::setComparedScenario);
    refresh();
}

const ScenarioFigures& ScenarioPanel::figuresOf(const Scenario& s) {
    // Snapshots are immutable: their figures are computed once, not at every drag update.
    for (auto& [design, figures] : m_cache)
        if (design == s.design) {
            figures.name = s.name;
            return figures;
        }
    m_cache.emplace_back(s.design, scenarioFigures(s.name, analyze(*s.design)));
    return m_cache.back().second;
}

void ScenarioPanel::refresh() {
    const DesignData& d = m_model->design()->data();
    m_comparison.columns.clear();
    m_comparison.columns.push_back(scenarioFigures(QStringLiteral("Current design"),
                                                   m_model->metrics(),
                                                   countFindings(m_model->findings()).errors));
    std::erase_if(m_cache, [&](const auto& c) {
        return std::none_of(d.scenarios.begin(), d.scenarios.end(),
                            [&](const Scenario& s) { return s.design == c.first; });
    });
    for (const Scenario& s : d.scenarios)
        m_comparison.columns.push_back(figuresOf(s));

    const int cols = int(m_comparison.columns.size());
    m_table->setColumnCount(cols);
    m_table->setRowCount(kScenarioFigureCount);
    QStringList headers, rows;
    for (const ScenarioFigures& c : m_comparison.columns)
        headers << (c.errors ? QStringLiteral("%1 (%2 error%3)")
                                   .arg(c.name)
                                   .arg(c.errors)
                                   .arg(c.errors == 1 ? QString() : QStringLiteral("s"))
                             : c.name);
    for (int f = 0; f < kScenarioFigureCount; ++f)
        rows << scenarioFigureLabel(ScenarioFigure(f));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setVerticalHeaderLabels(rows);
    for (int f = 0; f < kScenarioFigureCount; ++f) {
        const auto fig = ScenarioFigure(f);
        for (int c = 0; c < cols; ++c) {
            const FigureDelta dl = m_comparison.delta(std::size_t(c), fig);
            QString text = formatFigure(fig, dl.value);
            if (c > 0) {
                text += QStringLiteral("  (%1").arg(formatSigned(dl.delta, decimalsOf(fig)));
                if (dl.percent)
                    text += QStringLiteral(", %1%").arg(formatSigned(*dl.percent, 1));
                text += QLatin1Char(')');
            }
            const int errors = m_comparison.columns[std::size_t(c)].errors;
            if (errors && fig == ScenarioFigure::CostPerGpu)
                text += QStringLiteral(" — has errors, not comparable");
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (errors) {
                item->setBackground(QColor(0xfb, 0xe3, 0xe3));
                item->setToolTip(
                    QStringLiteral("This design has %1 error%2: its figures do not describe a "
                                   "working cluster. Fix them before comparing.")
                        .arg(errors)
                        .arg(errors == 1 ? QString() : QStringLiteral("s")));
            }
            m_table->setItem(f, c, item);
        }
    }
    const QString picked = m_pick->currentText();
    {
        const QSignalBlocker quiet(m_pick);
        m_pick->clear();
        for (const Scenario& s : d.scenarios)
            m_pick->addItem(s.name);
        m_pick->setCurrentIndex(std::max(0, m_pick->findText(picked)));
    }
    m_remove->setEnabled(!d.scenarios.empty());
    m_open->setEnabled(!d.scenarios.empty());
    // The picked scenario is the one the bandwidth chart compares against (last: it may emit
    // updated(), which comes back here with nothing left to change).
    m_model->setComparedScenario(m_pick->currentIndex());
}

// Views never change the model themselves: every edit goes to the sink (the undo stack).
bool ScenarioPanel::submit(std::unique_ptr<Edit> e) {
    if (!m_sink) {
        m_status->setText(QStringLiteral("Scenario edits need an undo stack (setEditSink)."));
        return false;
    }
    if (e && !e->isNoOp())
        m_sink(std::move(e));
    return true;
}

bool ScenarioPanel::keepCurrent(const QString& name) {
    QString error;
    auto e = ScenariosEdit::addCurrent(m_model->design()->data(), name, &error);
    if (!e) {
        m_status->setText(error);
        return false;
    }
    if (!submit(std::move(e)))
        return false;
    m_name->clear();
    m_status->setText(QStringLiteral("Kept the current design as \"%1\".").arg(name));
    return true;
}

bool ScenarioPanel::removeScenario(int index) {
    auto e = ScenariosEdit::remove(m_model->design()->data(), index);
    if (!e) {
        m_status->setText(QStringLiteral("No scenario to remove."));
        return false;
    }
    return submit(std::move(e));
}

bool ScenarioPanel::openScenario(int index) {
    auto e = openScenarioEdit(m_model->design()->data(), index);
    if (!e) {
        m_status->setText(QStringLiteral("No scenario to open."));
        return false;
    }
    return submit(std::move(e));
}

QString ScenarioPanel::statusText() const {
    return m_status->text();
}

} // namespace cds::views
