#include "ProjectDialog.h"

#include <QDate>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>

namespace cds::studio {

ProjectDialog::ProjectDialog(const DesignMeta& meta, QWidget* parent)
    : QDialog(parent)
    , m_meta(meta) {
    setWindowTitle(QStringLiteral("Project details"));
    auto* form = new QFormLayout(this);
    auto line = [&](const QString& label, const QString& value, const QString& name) {
        auto* e = new QLineEdit(value, this);
        e->setObjectName(name);
        form->addRow(label, e);
        return e;
    };
    m_title = line(QStringLiteral("&Title:"), meta.title, QStringLiteral("title"));
    m_customer = line(QStringLiteral("&Customer:"), meta.customer, QStringLiteral("customer"));
    m_project = line(QStringLiteral("&Project:"), meta.project, QStringLiteral("project"));
    m_site = line(QStringLiteral("&Site:"), meta.site, QStringLiteral("site"));
    m_author = line(QStringLiteral("&Author:"), meta.author, QStringLiteral("author"));
    m_revision = line(QStringLiteral("&Revision:"), meta.revision, QStringLiteral("revision"));
    m_date = line(QStringLiteral("&Date:"), meta.date, QStringLiteral("date"));
    m_date->setPlaceholderText(QDate::currentDate().toString(Qt::ISODate));
    m_date->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("\\d{0,4}(-\\d{0,2}(-\\d{0,2})?)?")), m_date));
    m_notes = new QPlainTextEdit(meta.notes, this);
    m_notes->setObjectName(QStringLiteral("notes"));
    form->addRow(QStringLiteral("&Notes:"), m_notes);
    auto* hint = new QLabel(
        QStringLiteral("Shown in the title bar, the report's cover and title blocks and the "
                       "quote. Date as YYYY-MM-DD."),
        this);
    hint->setWordWrap(true);
    form->addRow(hint);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // A partly typed date cannot be saved: the file format takes only a full YYYY-MM-DD.
    auto checkDate = [this, buttons] {
        const QString t = m_date->text();
        buttons->button(QDialogButtonBox::Ok)
            ->setEnabled(t.isEmpty() || QDate::fromString(t, Qt::ISODate).isValid());
    };
    connect(m_date, &QLineEdit::textChanged, this, checkDate);
    checkDate();
    resize(460, sizeHint().height());
}

DesignMeta ProjectDialog::meta() const {
    DesignMeta m = m_meta;
    m.title = m_title->text().trimmed().isEmpty() ? m_meta.title : m_title->text().trimmed();
    m.customer = m_customer->text().trimmed();
    m.project = m_project->text().trimmed();
    m.site = m_site->text().trimmed();
    m.author = m_author->text().trimmed();
    m.revision = m_revision->text().trimmed();
    m.date = m_date->text().trimmed();
    m.notes = m_notes->toPlainText();
    return m;
}

} // namespace cds::studio
