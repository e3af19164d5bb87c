#include "ExportActions.h"

#include "MenuAction.h"
#include "WindowHost.h"
#include "Workbench.h"
#include "export/Exports.h"

#include "model/json/DesignFile.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace cds::studio {

using exports::ExportInfo;
using exports::ExportKind;

ExportActions::ExportActions(Workbench& workbench, WindowHost& host, QObject* parent)
    : ActionSet(workbench, host, parent) {}

QMenu* ExportActions::addTo(QMenu* file) {
    QMenu* menu = file->addMenu(QStringLiteral("&Export"));
    for (const ExportInfo& info : exports::exportKinds()) {
        QAction* a =
            addMenuAction(menu, info.menuText, this, [this, k = info.kind] { exportDialog(k); });
        if (info.kind == ExportKind::PdfReport)
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    }
    return menu;
}

void ExportActions::exportDialog(ExportKind kind) {
    StudioDocument* doc = m_wb.document();
    const ExportInfo& info = exports::exportInfo(kind);
    const QFileInfo current(doc->path());
    const QString folder = doc->path().isEmpty() ? QString() : current.absolutePath();
    QString base = current.fileName();
    base.chop(DesignFile::extension().size() + 1);
    QString path;
    if (info.filter.isEmpty()) {
        path = QFileDialog::getExistingDirectory(m_host.dialogParent(),
                                                 QStringLiteral("Export to folder"), folder);
    } else {
        const QString suggested =
            folder.isEmpty() ? QString() : QDir(folder).filePath(base + info.suffix);
        path = QFileDialog::getSaveFileName(m_host.dialogParent(), QStringLiteral("Export"),
                                            suggested, info.filter);
        if (!path.isEmpty() && !path.endsWith(info.suffix))
            path += info.suffix;
    }
    if (!path.isEmpty())
        doc->exportTo(kind, path);
}

} // namespace cds::studio
