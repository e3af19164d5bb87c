#pragma once
// Opens the studio offscreen on the bundled example, with no dialogs and a private
// recovery folder, for the view tests.

#include "MainWindow.h"

#include "../model/TestDesigns.h"

#include "model/DesignFile.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace cds::test {

inline QString examplePath() {
    return QStringLiteral(CDS_SOURCE_DIR "/resources/examples/two-dgx-h100.cds.json");
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
    if (!file.isEmpty() && !w->openFile(file))
        qFatal("cannot open %s: %s", qPrintable(file), qPrintable(w->lastError()));
    return w;
}

inline QByteArray bytesOf(const studio::MainWindow& w) {
    return DesignFile::toBytes(w.design()->data());
}

} // namespace cds::test
