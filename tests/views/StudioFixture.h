#pragma once
// Opens the studio (or only its Workbench or document) offscreen on the bundled example, with no
// dialogs and a private recovery folder, for the view and document tests.

#include "MainWindow.h"
#include "StudioDocument.h"
#include "ToolsActions.h"
#include "Workbench.h"

#include "../model/TestDesigns.h"

#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace cds::test {

inline QString examplePath() {
    return QStringLiteral(CDS_SOURCE_DIR "/resources/examples/two-dgx-h100.cds.json");
}

/// The 256-GPU example as its cables would run without trays (along the floor), saved to
/// @p path: for the tests of the floor route.
inline QString exampleWithoutTrays(const QString& path) {
    LoadResult r = DesignFile::load(
        QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json"));
    if (!r.ok)
        qFatal("cannot read the 256-GPU example");
    r.data.pathways = {};
    QString error;
    if (!DesignFile::save(r.data, path, &error))
        qFatal("cannot save %s: %s", qPrintable(path), qPrintable(error));
    return path;
}

inline void initStudioTests() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("cds-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("cds-view-tests"));
}

inline std::unique_ptr<studio::MainWindow> openStudio(const QString& recoveryFolder,
                                                      const QString& file = examplePath()) {
    studio::MainWindow::Options o;
    o.interactive = false;
    o.recoveryFolder = recoveryFolder;
    auto w = std::make_unique<studio::MainWindow>(CatalogLibrary::loadDefault(), o);
    studio::StudioDocument* doc = w->workbench().document();
    if (!file.isEmpty() && !doc->openFile(file))
        qFatal("cannot open %s: %s", qPrintable(file), qPrintable(doc->lastError()));
    return w;
}

inline QByteArray bytesOf(const studio::MainWindow& w) {
    return DesignFile::toBytes(w.workbench().design()->data());
}

/// The studio without a window (document, editor, selection and the menus' commands): tests
/// that need no real events drive it.
inline std::unique_ptr<studio::Workbench> openWorkbench(const QString& recoveryFolder,
                                                        const QString& file = examplePath()) {
    auto wb = std::make_unique<studio::Workbench>(
        CatalogLibrary::loadDefault(), studio::Workbench::Options{false, recoveryFolder});
    if (!file.isEmpty() && !wb->document()->openFile(file))
        qFatal("cannot open %s: %s", qPrintable(file), qPrintable(wb->document()->lastError()));
    return wb;
}

inline QByteArray bytesOf(const studio::Workbench& wb) {
    return DesignFile::toBytes(wb.design()->data());
}

/// The studio's document without a window: file, recovery and long-task tests use it.
inline std::unique_ptr<studio::StudioDocument> openDocument(const QString& recoveryFolder,
                                                            const QString& file = examplePath(),
                                                            int autosaveDelayMs = 3000) {
    auto doc = std::make_unique<studio::StudioDocument>(
        CatalogLibrary::loadDefault(),
        studio::StudioDocument::Options{false, recoveryFolder, autosaveDelayMs});
    if (!file.isEmpty() && !doc->openFile(file))
        qFatal("cannot open %s: %s", qPrintable(file), qPrintable(doc->lastError()));
    return doc;
}

inline QByteArray bytesOf(const studio::StudioDocument& doc) {
    return DesignFile::toBytes(doc.design()->data());
}

} // namespace cds::test
