#include "ProblemsPanel.h"

#include "FindingsModel.h"

#include "model/Wording.h"
#include "model/analysis/LiveAnalysis.h"

#include "model/Design.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace cds::views {

ProblemsPanel::ProblemsPanel(Design* design, LiveAnalysis* analysis, QWidget* parent)
    : QWidget(parent)
    , m_design(design)
    , m_analysis(analysis)
    , m_counts(new QLabel(this))
    , m_model(new FindingsModel(design, this))
    , m_tree(new QTreeView(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    auto* bar = new QHBoxLayout;
    m_counts->setWordWrap(true); // a narrow side panel wraps the counts instead of widening
    bar->addWidget(m_counts, 1);
    auto* waive = new QPushButton(QStringLiteral("Waive…"), this);
    auto* unwaive = new QPushButton(QStringLiteral("Unwaive"), this);
    bar->addWidget(waive);
    bar->addWidget(unwaive);
    lay->addLayout(bar);
    lay->addWidget(m_tree);
    m_tree->setModel(m_model);
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    // The message is what a user reads: it takes the width, the other columns keep to a few
    // characters (elided, whole in their tooltips), so a laptop-width panel still shows it.
    QHeaderView* header = m_tree->header();
    header->setStretchLastSection(false);
    header->setMinimumSectionSize(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 4);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(2, QHeaderView::Stretch);
    const int ch = fontMetrics().horizontalAdvance(QStringLiteral("warning_"));
    m_tree->setColumnWidth(0, ch);
    m_tree->setColumnWidth(1, ch * 2);
    m_tree->setColumnWidth(3, ch * 3 / 2);
    m_tree->setTextElideMode(Qt::ElideRight);
    connect(m_tree, &QTreeView::clicked, this,
            [this](const QModelIndex& index) { activateRow(index.row()); });
    connect(waive, &QPushButton::clicked, this, &ProblemsPanel::waiveCurrent);
    connect(unwaive, &QPushButton::clicked, this, [this] {
        const Finding* f = findingAt(m_tree->currentIndex().row());
        if (f && f->waived)
            Q_EMIT unwaiveRequested(f->key());
    });
    connect(analysis, &LiveAnalysis::updated, this, &ProblemsPanel::refresh);
    refresh();
}

void ProblemsPanel::refresh() {
    m_model->setFindings(m_analysis->findings());
    m_counts->setText(countsText());
}

QString ProblemsPanel::countsText() const {
    const FindingCounts c = countFindings(m_analysis->findings());
    return QStringLiteral("%1, %2, %3, %4 waived")
        .arg(counted(c.errors, QStringLiteral("error")),
             counted(c.warnings, QStringLiteral("warning")),
             counted(c.infos, QStringLiteral("info")))
        .arg(c.waived);
}

int ProblemsPanel::rowCount() const {
    return m_model->rowCount();
}

const Finding* ProblemsPanel::findingAt(int row) const {
    return m_model->findingAt(row);
}

void ProblemsPanel::activateRow(int row) {
    if (const Finding* f = findingAt(row))
        Q_EMIT findingActivated(f->objects);
}

void ProblemsPanel::waiveCurrent() {
    const Finding* f = findingAt(m_tree->currentIndex().row());
    if (!f || f->waived)
        return;
    const QString key = f->key();
    bool ok = false;
    const QString reason = QInputDialog::getText(
        this, QStringLiteral("Waive finding"),
        QStringLiteral("Why is this accepted?\n%1").arg(f->message), QLineEdit::Normal, {}, &ok);
    if (ok && !reason.trimmed().isEmpty())
        Q_EMIT waiveRequested(key, reason.trimmed());
}

} // namespace cds::views
