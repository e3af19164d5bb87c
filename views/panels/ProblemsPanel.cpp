#include "ProblemsPanel.h"

#include "model/Wording.h"
#include "model/analysis/LiveAnalysis.h"

#include "model/Design.h"
#include "model/export/Reports.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cds::views {

ProblemsPanel::ProblemsPanel(Design* design, LiveAnalysis* analysis, QWidget* parent)
    : QWidget(parent)
    , m_design(design)
    , m_analysis(analysis)
    , m_counts(new QLabel(this))
    , m_tree(new QTreeWidget(this)) {
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
    m_tree->setColumnCount(4);
    m_tree->setHeaderLabels({QStringLiteral("Severity"), QStringLiteral("Code"),
                             QStringLiteral("Message"), QStringLiteral("Objects")});
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
    connect(m_tree, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* it) { activateRow(m_tree->indexOfTopLevelItem(it)); });
    connect(waive, &QPushButton::clicked, this, &ProblemsPanel::waiveCurrent);
    connect(unwaive, &QPushButton::clicked, this, [this] {
        const Finding* f = findingAt(m_tree->indexOfTopLevelItem(m_tree->currentItem()));
        if (f && f->waived)
            Q_EMIT unwaiveRequested(f->key());
    });
    connect(analysis, &LiveAnalysis::updated, this, &ProblemsPanel::refresh);
    refresh();
}

void ProblemsPanel::refresh() {
    const DesignData& d = m_design->data();
    m_shown = m_analysis->findings();
    // Errors first, then warnings, infos; waived at the end.
    std::stable_sort(m_shown.begin(), m_shown.end(), [](const Finding& a, const Finding& b) {
        return std::pair(a.waived, int(a.severity)) < std::pair(b.waived, int(b.severity));
    });
    m_tree->setUpdatesEnabled(false);
    m_tree->clear();
    QList<QTreeWidgetItem*> rows;
    // A 16k-GPU design can report thousands; the first few thousand are what a person reads.
    const std::size_t shown = std::min<std::size_t>(m_shown.size(), 5000);
    for (std::size_t i = 0; i < shown; ++i) {
        const Finding& f = m_shown[i];
        QStringList names;
        for (const ObjectRef& o : f.objects)
            names << cds::objectName(d, o);
        auto* it = new QTreeWidgetItem(
            {severityKey(f.severity), f.code,
             f.waived ? f.message + QStringLiteral(" (waived: ") + f.waiverReason + QLatin1Char(')')
                      : f.message,
             names.join(QStringLiteral(", "))});
        // Whole texts in tooltips: the columns elide them.
        it->setToolTip(1, f.code);
        it->setToolTip(2, it->text(2) + QStringLiteral("\n\n") + f.rule + QStringLiteral(": ") +
                              f.threshold);
        it->setToolTip(3, it->text(3));
        const QColor c = f.waived                          ? QColor(Qt::gray)
                         : f.severity == Severity::Error   ? QColor(0xc0, 0x30, 0x20)
                         : f.severity == Severity::Warning ? QColor(0xa0, 0x70, 0x00)
                                                           : QColor(0x30, 0x60, 0xa0);
        it->setForeground(0, c);
        rows << it;
    }
    m_shown.resize(shown);
    m_tree->addTopLevelItems(rows);
    m_tree->setUpdatesEnabled(true);
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
    return int(m_shown.size());
}

const Finding* ProblemsPanel::findingAt(int row) const {
    return row >= 0 && row < rowCount() ? &m_shown[std::size_t(row)] : nullptr;
}

void ProblemsPanel::activateRow(int row) {
    if (const Finding* f = findingAt(row))
        Q_EMIT findingActivated(f->objects);
}

void ProblemsPanel::waiveCurrent() {
    const Finding* f = findingAt(m_tree->indexOfTopLevelItem(m_tree->currentItem()));
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
