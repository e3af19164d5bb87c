#include "ImpactPanel.h"

#include "model/Wording.h"

#include "model/resilience/Impact.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include <functional>

namespace cds::views {

namespace {

/// "R01, R02, R03 and 12 more".
template <typename Id>
QString someNames(const std::vector<Id>& ids, const std::function<QString(Id)>& name,
                  std::size_t most = 8) {
    QStringList out;
    for (std::size_t i = 0; i < ids.size() && i < most; ++i)
        out << name(ids[i]).toHtmlEscaped();
    QString s = out.join(QStringLiteral(", "));
    if (ids.size() > most)
        s += QStringLiteral(" and %1 more").arg(figures(double(ids.size() - most)));
    return s;
}

QString row(const QString& label, const QString& value) {
    return QStringLiteral("<tr><td>%1</td><td align=right style='padding-left:12px'>%2</td></tr>")
        .arg(label, value);
}

} // namespace

ImpactPanel::ImpactPanel(QWidget* parent)
    : QWidget(parent)
    , m_fail(new QLineEdit(this))
    , m_failProblem(new QLabel(this))
    , m_figures(new QLabel(this))
    , m_kinds(new QComboBox(this))
    , m_run(new QPushButton(QStringLiteral("Run N-1"), this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new SweepTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this)) {
    setObjectName(QStringLiteral("ImpactPanel"));
    // Wide and low, under the floorplan: the failure's figures on the left, the N-1 table on
    // the right, so the racks lit up above stay in view.
    auto* layout = new QHBoxLayout(this);
    auto* left = new QVBoxLayout;
    auto* failRow = new QHBoxLayout;
    m_fail->setObjectName(QStringLiteral("FailField"));
    m_fail->setPlaceholderText(QStringLiteral("Fail: R01, R01/A, R01/cooling, a switch, a tray…"));
    m_fail->setToolTip(
        QStringLiteral("Names to fail together, comma-separated: racks, devices, a rack's feed "
                       "(RACK/A, RACK/B), its cooling (RACK/cooling), trays and power chain "
                       "elements, as `cluster-studio-cli impact --fail` takes them"));
    auto* analyse = new QPushButton(QStringLiteral("Analyse"), this);
    auto* clear = new QPushButton(QStringLiteral("Clear"), this);
    clear->setToolTip(QStringLiteral(
        "Stop showing the failure: the floorplan colours racks by its metric again"));
    failRow->addWidget(m_fail, 1);
    failRow->addWidget(analyse);
    failRow->addWidget(clear);
    left->addLayout(failRow);
    m_failProblem->setWordWrap(true);
    m_failProblem->setStyleSheet(QStringLiteral("color: #b02a1c"));
    m_failProblem->hide();
    left->addWidget(m_failProblem);
    m_figures->setObjectName(QStringLiteral("ImpactFigures"));
    m_figures->setWordWrap(true);
    m_figures->setTextFormat(Qt::RichText);
    m_figures->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* figuresScroll = new QScrollArea(this);
    figuresScroll->setWidget(m_figures);
    figuresScroll->setWidgetResizable(true);
    figuresScroll->setFrameShape(QFrame::NoFrame);
    left->addWidget(figuresScroll, 1);
    layout->addLayout(left, 2);

    auto* n1 = new QGroupBox(QStringLiteral("N-1: each element failed alone"), this);
    auto* n1Layout = new QVBoxLayout(n1);
    auto* runRow = new QHBoxLayout;
    m_kinds->setObjectName(QStringLiteral("SweepKinds"));
    m_kinds->setToolTip(QStringLiteral("Which elements to fail one at a time"));
    m_run->setObjectName(QStringLiteral("RunSweep"));
    runRow->addWidget(m_kinds, 1);
    runRow->addWidget(m_run);
    n1Layout->addLayout(runRow);
    m_summary->setObjectName(QStringLiteral("SweepSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    auto* tableRow = new QHBoxLayout;
    tableRow->addWidget(m_summary);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_table->setObjectName(QStringLiteral("SweepTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SweepTableModel::Rank, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    tableRow->addWidget(m_table, 1);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setMaximumWidth(fontMetrics().averageCharWidth() * 48);
    n1Layout->addLayout(tableRow, 1);
    layout->addWidget(n1, 3);

    connect(analyse, &QPushButton::clicked, this, &ImpactPanel::requestFail);
    connect(m_fail, &QLineEdit::returnPressed, this, &ImpactPanel::requestFail);
    connect(clear, &QPushButton::clicked, this, &ImpactPanel::clearRequested);
    connect(m_run, &QPushButton::clicked, this,
            [this] { Q_EMIT sweepRequested(m_kinds->currentData().toStringList()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid())
                    return;
                const QModelIndex src = m_proxy->mapToSource(current);
                if (std::size_t(src.row()) < m_model->rows().size())
                    Q_EMIT elementActivated(m_model->rows()[std::size_t(src.row())].element);
            });
    setKinds({});
    showNothing();
    showSweep({}, {});
}

void ImpactPanel::requestFail() {
    QStringList names;
    for (const QString& n : m_fail->text().split(u','))
        if (!n.trimmed().isEmpty())
            names << n.trimmed();
    if (names.isEmpty()) {
        showFailProblem(QStringLiteral("Name at least one element to fail."));
        return;
    }
    Q_EMIT failRequested(names);
}

void ImpactPanel::showFailProblem(const QString& text) {
    m_failProblem->setText(text);
    m_failProblem->setVisible(!text.isEmpty());
}

void ImpactPanel::showNothing() {
    showFailProblem({});
    m_figures->setText(QStringLiteral(
        "<p>No failure shown. Select a rack, device, tray or power element and choose "
        "<b>Analyse &gt; What if this fails?</b> (F), or name elements above.</p>"));
}

void ImpactPanel::showImpact(const FailureModel& m, const ImpactResult& r,
                             const QStringList& names) {
    showFailProblem({});
    m_fail->setText(names.join(QStringLiteral(", ")));
    const DesignData& d = m.design();
    const auto rackName =
        std::function<QString(RackId)>([&](RackId id) { return d.racks[id].name; });
    const auto devName =
        std::function<QString(DeviceId)>([&](DeviceId id) { return d.devices[id].name; });
    const QString arrow = QStringLiteral(" → ");
    QString html = QStringLiteral("<p><b>If %1 fail%2</b></p><table>")
                       .arg(names.join(QStringLiteral(", ")).toHtmlEscaped(),
                            names.size() == 1 ? QStringLiteral("s") : QString());
    html += row(QStringLiteral("GPUs lost"),
                QStringLiteral("<b>%1</b> of %2").arg(figures(r.gpusLost), figures(r.gpusTotal)));
    html += row(QStringLiteral("GPUs degraded"),
                r.gpusIsolated > 0 ? QStringLiteral("%1 (%2 cut off)")
                                         .arg(figures(r.gpusDegraded), figures(r.gpusIsolated))
                                   : figures(r.gpusDegraded));
    html += row(QStringLiteral("Racks down"), figures(r.racksDown));
    html += row(QStringLiteral("NVLink domains broken"), figures(r.nvlinkDomainsBroken));
    html += row(QStringLiteral("Bisection"), figures(r.bisectionBeforeTbps, 1) + arrow +
                                                 figures(r.bisectionAfterTbps, 1) +
                                                 QStringLiteral(" Tb/s"));
    html +=
        row(QStringLiteral("Largest job"), figures(r.largestJobGpusBefore) + arrow +
                                               figures(r.largestJobGpus) + QStringLiteral(" GPUs"));
    html += row(QStringLiteral("Compute cables cut"), figures(r.linksCut));
    html += QStringLiteral("</table>");
    auto list = [&](const QString& label, const QString& which, std::size_t n) {
        if (n > 0)
            html +=
                QStringLiteral("<p><b>%1 (%2):</b> %3</p>").arg(label, figures(double(n)), which);
    };
    list(QStringLiteral("Racks down"), someNames(r.racksDownList, rackName),
         r.racksDownList.size());
    list(QStringLiteral("Servers lost"), someNames(r.serversLost, devName), r.serversLost.size());
    list(QStringLiteral("Switches down"), someNames(r.switchesDown, devName),
         r.switchesDown.size());
    list(QStringLiteral("Servers degraded"), someNames(r.serversDegraded, devName),
         r.serversDegraded.size());
    if (r.gpusLost == 0 && r.gpusDegraded == 0 && r.linksCut == 0)
        html += QStringLiteral("<p>Nothing is lost: a redundant twin carries the load.</p>");
    m_figures->setText(html);
}

QString ImpactPanel::figuresText() const {
    return QTextDocumentFragment::fromHtml(m_figures->text()).toPlainText();
}

void ImpactPanel::setKinds(const QStringList& kinds) {
    const QStringList current = m_kinds->currentData().toStringList();
    m_kinds->clear();
    m_kinds->addItem(QStringLiteral("Every kind of element"), QStringList());
    for (const QString& k : kinds)
        m_kinds->addItem(k, QStringList{k});
    const int i = m_kinds->findData(current);
    m_kinds->setCurrentIndex(std::max(0, i));
    m_run->setEnabled(!kinds.isEmpty());
}

void ImpactPanel::showSweep(std::vector<SweepRow> rows, const QStringList& kinds) {
    m_sweptKinds = kinds;
    if (rows.empty()) {
        m_summary->setText(QStringLiteral(
            "<b>Run N-1</b> to fail each element of the kind chosen alone: the table lists "
            "them worst first, and a click shows one's failure on the floorplan."));
        m_model->setRows({});
        return;
    }
    // Each kind's worst: the first row of that kind (the rows come worst first).
    QString html = QStringLiteral("<table>");
    for (const QString& k : kinds) {
        int n = 0;
        const SweepRow* worst = nullptr;
        for (const SweepRow& r : rows)
            if (r.kind == k) {
                if (!worst)
                    worst = &r;
                ++n;
            }
        if (!worst)
            continue;
        html += QStringLiteral("<tr><td>%1 (%2)</td><td style='padding-left:8px'>%3</td>"
                               "<td align=right style='padding-left:8px'>%4 lost, %5 "
                               "degraded</td></tr>")
                    .arg(k.toHtmlEscaped(), figures(n), worst->element.toHtmlEscaped(),
                         figures(worst->gpusLost), figures(worst->gpusDegraded));
    }
    html += QStringLiteral("</table>");
    m_summary->setText(QStringLiteral("<b>Worst single failure of each kind</b>") + html);
    m_table->setSortingEnabled(false);
    m_model->setRows(std::move(rows));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SweepTableModel::Rank, Qt::AscendingOrder);
    m_table->resizeColumnsToContents();
}

void ImpactPanel::markSweepStale() {
    if (m_model->rows().empty())
        return;
    m_summary->setText(m_summary->text() +
                       QStringLiteral("<p style='color:#9a5a00'>The design has changed since "
                                      "this table was made: run N-1 again.</p>"));
}

void ImpactPanel::showSweepProblem(const QString& text) {
    m_summary->setText(QStringLiteral("<p style='color:#b02a1c'>%1</p>").arg(text.toHtmlEscaped()));
}

QString ImpactPanel::sweepSummaryText() const {
    return QTextDocumentFragment::fromHtml(m_summary->text()).toPlainText();
}

} // namespace cds::views
