#pragma once

#include "model/DesignData.h"

#include <QDialog>

class QLineEdit;
class QPlainTextEdit;

namespace cds::studio {

/// @brief File > Project details…: who the design is for (customer, project, site), who made
/// it (author), which issue it is (revision, date) and free notes. The window applies the
/// result as one undoable edit (DesignEditor::setProjectDetails).
class ProjectDialog : public QDialog {
    Q_OBJECT
public:
    explicit ProjectDialog(const DesignMeta& meta, QWidget* parent = nullptr);
    /// The fields as edited; the title and anything the dialog does not show are kept.
    DesignMeta meta() const;

private:
    DesignMeta m_meta;
    QLineEdit *m_title, *m_customer, *m_project, *m_site, *m_author, *m_revision, *m_date;
    QPlainTextEdit* m_notes;
};

} // namespace cds::studio
