// The studio: opens FILE if given, else a new design; offers to restore after a crash.
#include "FileActions.h"
#include "HugePageHeap.h"
#include "MainWindow.h"
#include "ResilienceActions.h"
#include "Workbench.h"

#include "views/dashboard/DashboardWidget.h"
#include "views/floorplan/FloorplanView.h"
#include "views/floorplan/RackColoring.h"
#include "views/panels/PropertiesPanel.h"

#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFile>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

namespace {

/// The settings name the user's recent designs and folders: readable by the user only.
void keepSettingsPrivate() {
    QSettings settings;
    settings.sync();
    if (QFile::exists(settings.fileName()))
        QFile::setPermissions(settings.fileName(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

/// --colour-by: picks the toolbar's "Colour racks by" entry, as a click would.
bool showColouring(cds::studio::MainWindow& w, const QString& key) {
    static const std::pair<const char*, cds::views::ColorMetric> keys[] = {
        {"power", cds::views::ColorMetric::Power},
        {"u-fill", cds::views::ColorMetric::UFill},
        {"status", cds::views::ColorMetric::Status},
        {"phase", cds::views::ColorMetric::Phase}};
    auto* combo = w.findChild<QComboBox*>(QStringLiteral("colourBy"));
    for (const auto& [name, metric] : keys)
        if (combo && key == QLatin1String(name)) {
            const int i = combo->findData(int(metric));
            combo->setCurrentIndex(i);
            Q_EMIT combo->activated(i);
            return true;
        }
    return false;
}

/// --dashboard: the page whose title (without its mnemonic) is @p title, any case.
bool showDashboardPage(cds::studio::MainWindow& w, const QString& title) {
    auto* dash = w.findChild<cds::views::DashboardWidget*>();
    auto* tabs = dash ? dash->findChild<QTabWidget*>() : nullptr;
    for (int i = 0; tabs && i < tabs->count(); ++i)
        if (tabs->tabText(i).remove(QLatin1Char('&')).compare(title, Qt::CaseInsensitive) == 0) {
            tabs->setCurrentIndex(i);
            return true;
        }
    return false;
}

} // namespace

int main(int argc, char** argv) {
    cds::useHugePageHeap(argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("cluster-design-studio"));
    QApplication::setApplicationDisplayName(QStringLiteral("Cluster Design Studio"));
    QApplication::setOrganizationName(QStringLiteral("cluster-design-studio"));
    QApplication::setApplicationVersion(QStringLiteral(CDS_VERSION));
    QCommandLineParser cli;
    cli.setApplicationDescription(
        QStringLiteral("Design GPU clusters: floorplan, racks, fabric and cost"));
    cli.addHelpOption();
    cli.addVersionOption();
    QCommandLineOption shot(QStringLiteral("screenshot"),
                            QStringLiteral("save a PNG of the window once it is drawn, then quit"),
                            QStringLiteral("PNG"));
    cli.addOption(shot);
    QCommandLineOption powerView(QStringLiteral("power-view"),
                                 QStringLiteral("bring the power chain's diagram to the front"));
    cli.addOption(powerView);
    QCommandLineOption sitePlan(QStringLiteral("site-plan"),
                                QStringLiteral("show the site plan (View > Site plan)"));
    cli.addOption(sitePlan);
    QCommandLineOption select(
        QStringLiteral("select"),
        QStringLiteral("select the power chain element, rack or device named NAME"),
        QStringLiteral("NAME"));
    cli.addOption(select);
    QCommandLineOption colourBy(QStringLiteral("colour-by"),
                                QStringLiteral("colour racks by power, u-fill, status or phase"),
                                QStringLiteral("KEY"));
    cli.addOption(colourBy);
    QCommandLineOption page(QStringLiteral("dashboard"),
                            QStringLiteral("bring the dashboard page titled PAGE to the front"),
                            QStringLiteral("PAGE"));
    cli.addOption(page);
    QCommandLineOption fail(
        QStringLiteral("fail"),
        QStringLiteral("show what failing these elements takes down, as `cluster-studio-cli "
                       "impact --fail` names them (racks, devices, RACK/A, RACK/cooling, trays)"),
        QStringLiteral("ID[,ID...]"));
    cli.addOption(fail);
    cli.addPositionalArgument(QStringLiteral("FILE"),
                              QStringLiteral("design to open (*.cds.json)"));
    cli.process(app);

    // A user catalog that cannot be read is skipped, never fatal: the studio says which.
    cds::CatalogLibrary library = cds::CatalogLibrary::loadDefault();
    QStringList skipped;
    for (const cds::FileError& e : library.errors()) {
        std::fprintf(stderr, "cluster-studio: catalog skipped: %s\n", qPrintable(e.toString()));
        skipped << e.toString();
    }
    cds::studio::MainWindow w(std::move(library));
    w.show();
    if (!skipped.isEmpty())
        w.statusBar()->showMessage(
            QStringLiteral("Catalog skipped: %1").arg(skipped.join(QStringLiteral("; "))));
    // A crash leaves the autosave behind: offer it before opening anything else.
    if (!w.fileActions()->offerRecovery() && !cli.positionalArguments().isEmpty())
        w.workbench().document()->openFile(cli.positionalArguments().front());
    if (cli.isSet(powerView))
        w.openPowerView();
    if (cli.isSet(sitePlan)) {
        w.siteDock()->show();
        w.siteDock()->raise();
    }
    if (cli.isSet(select)) {
        const cds::DesignData& d = w.workbench().design()->data();
        const cds::PowerElementId e = d.power.findByName(cli.value(select));
        if (e.isValid()) {
            w.revealObjects({cds::ObjectRef::powerElement(e)});
            // Its properties in front, where the chain is edited.
            for (QWidget* p = w.properties(); p; p = p->parentWidget())
                if (auto* dock = qobject_cast<QDockWidget*>(p)) {
                    dock->raise();
                    break;
                }
        } else if (!w.canvas()->findByName(cli.value(select)))
            std::fprintf(stderr, "cluster-studio: nothing is named \"%s\"\n",
                         qPrintable(cli.value(select)));
    }
    if (cli.isSet(colourBy) && !showColouring(w, cli.value(colourBy)))
        std::fprintf(stderr, "cluster-studio: --colour-by takes power, u-fill, status or phase\n");
    if (cli.isSet(page) && !showDashboardPage(w, cli.value(page)))
        std::fprintf(stderr, "cluster-studio: the dashboard has no page \"%s\"\n",
                     qPrintable(cli.value(page)));
    if (cli.isSet(fail))
        if (const QString why =
                w.resilience()->failNames(cli.value(fail).split(u',', Qt::SkipEmptyParts));
            !why.isEmpty())
            std::fprintf(stderr, "cluster-studio: --fail: %s\n", qPrintable(why));
    if (cli.isSet(shot)) {
        const QString png = cli.value(shot);
        // Show reviewers the elevation as well as the floor.
        const auto racks = w.workbench().design()->data().racks.ids();
        if (!racks.empty() && !cli.isSet(select) && !cli.isSet(fail) && !cli.isSet(sitePlan))
            w.openElevation(racks.front());
        QTimer::singleShot(1500, &w, [&w, png] {
            const bool ok = w.grab().save(png);
            w.close();
            QCoreApplication::exit(ok ? 0 : 1);
        });
    }
    keepSettingsPrivate();
    const int code = app.exec();
    keepSettingsPrivate();
    return code;
}
