#pragma once

#include "model/rules/Finding.h"

#include <QWidget>

class QLabel;
class QTreeView;

namespace cds {
class Design;
}

namespace cds {
class LiveAnalysis;
}

namespace cds::views {

class FindingsModel;

/// @brief The live findings list: refreshed whenever the coalesced analysis reruns. Clicking
/// a finding asks to select and reveal its objects; a finding can be waived with a reason.
class ProblemsPanel : public QWidget {
    Q_OBJECT
public:
    ProblemsPanel(Design* design, LiveAnalysis* analysis, QWidget* parent = nullptr);
    int rowCount() const;
    const Finding* findingAt(int row) const;
    /// What clicking row @p row does: emits findingActivated for it.
    void activateRow(int row);
    QString countsText() const;
    QTreeView* tree() const { return m_tree; }

Q_SIGNALS:
    void findingActivated(const std::vector<cds::ObjectRef>& objects);
    void waiveRequested(const QString& key, const QString& reason);
    void unwaiveRequested(const QString& key);

private:
    void refresh();
    void waiveCurrent();
    Design* m_design;
    LiveAnalysis* m_analysis;
    QLabel* m_counts;
    FindingsModel* m_model;
    QTreeView* m_tree;
};

} // namespace cds::views
