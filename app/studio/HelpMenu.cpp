#include "HelpMenu.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTextBrowser>
#include <QVBoxLayout>

// The bundled README lives in this static library: its resources need registering by hand.
static void initHelpResources() {
    Q_INIT_RESOURCE(help);
}

namespace cds::studio {

namespace {
void collect(const QMenu* menu, const QString& path, QString& rows) {
    for (QAction* a : menu->actions()) {
        if (a->menu()) {
            collect(a->menu(), path + QStringLiteral(" › ") + a->menu()->title().remove(u'&'),
                    rows);
            continue;
        }
        if (a->isSeparator() || a->shortcut().isEmpty())
            continue;
        rows += QStringLiteral("<tr><td>%1</td><td>%2</td><td><b>%3</b></td></tr>")
                    .arg(path.toHtmlEscaped(), a->text().remove(u'&').toHtmlEscaped(),
                         a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped());
    }
}

void showText(QWidget* parent, const QString& title, const QString& text, bool markdown,
              const QSize& size) {
    auto* dlg = new QDialog(parent);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setWindowTitle(title);
    auto* browser = new QTextBrowser(dlg);
    browser->setOpenExternalLinks(true);
    browser->setSearchPaths({QStringLiteral(":/help")}); // the guide's screenshot
    if (markdown)
        browser->setMarkdown(text);
    else
        browser->setHtml(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dlg);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dlg, &QDialog::close);
    auto* lay = new QVBoxLayout(dlg);
    lay->addWidget(browser);
    lay->addWidget(buttons);
    // Never larger than the window that opens it: it fits wherever the studio fits.
    dlg->resize(size.boundedTo(parent->size() * 0.9));
    dlg->show();
}
} // namespace

QString shortcutsHtml(const QMainWindow* window) {
    QString rows;
    for (QAction* a : window->menuBar()->actions())
        if (a->menu())
            collect(a->menu(), a->menu()->title().remove(u'&'), rows);
    QString tools;
    for (QAction* a : window->findChildren<QAction*>())
        if (!a->shortcut().isEmpty() && a->associatedObjects().size() == 1 &&
            !a->associatedObjects().front()->inherits("QMenu"))
            tools += QStringLiteral("<tr><td>Toolbar</td><td>%1</td><td><b>%2</b></td></tr>")
                         .arg(a->text().toHtmlEscaped(),
                              a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped());
    return QStringLiteral("<h3>Keyboard shortcuts</h3><table cellpadding=3>"
                          "<tr><th align=left>Menu</th><th align=left>Action</th>"
                          "<th align=left>Keys</th></tr>%1%2</table>"
                          "<p>On the floorplan: the wheel zooms, the middle button or the arrow "
                          "keys pan, <b>Home</b> fits the hall and <b>Esc</b> returns to "
                          "Select.</p>")
        .arg(rows, tools);
}

QString userGuideMarkdown() {
    initHelpResources();
    QFile f(QStringLiteral(":/help/README.md"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("The user guide is not bundled in this build; see README.md.");
    return QString::fromUtf8(f.readAll());
}

QMenu* addHelpMenu(QMainWindow* window) {
    QMenu* help = window->menuBar()->addMenu(QStringLiteral("&Help"));
    QAction* keys = help->addAction(QStringLiteral("&Keyboard shortcuts"));
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    QObject::connect(keys, &QAction::triggered, window, [window] {
        showText(window, QStringLiteral("Keyboard shortcuts"), shortcutsHtml(window), false,
                 QSize(620, 640));
    });
    QAction* guide = help->addAction(QStringLiteral("&User guide"));
    guide->setShortcut(QKeySequence::HelpContents);
    QObject::connect(guide, &QAction::triggered, window, [window] {
        showText(window, QStringLiteral("User guide"), userGuideMarkdown(), true, QSize(900, 760));
    });
    help->addSeparator();
    QAction* about = help->addAction(QStringLiteral("&About Cluster Design Studio"));
    QObject::connect(about, &QAction::triggered, window, [window] {
        QMessageBox::about(
            window, QStringLiteral("About Cluster Design Studio"),
            QStringLiteral("<h3>Cluster Design Studio %1</h3>"
                           "<p>Design GPU clusters: floorplan, racks, fabric, cost and power "
                           "in one model, checked while you work.</p>"
                           "<p>Built with Qt %2.</p>")
                .arg(QApplication::applicationVersion().toHtmlEscaped(),
                     QStringLiteral(QT_VERSION_STR)));
    });
    return help;
}

} // namespace cds::studio
