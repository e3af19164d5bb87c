#pragma once
// The floorplan SVG a design exports with the default drawing options, as File > Export and
// the CLI write it, read back for the drawing tests.

#include "views/render/DrawingExport.h"

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

namespace cds::test {

inline QByteArray exportSvg(const DesignData& d) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.svg"));
    QString error;
    if (!render::writeDrawing(d, render::DrawingOptions{}, path, false, &error))
        qFatal("svg: %s", qPrintable(error));
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

} // namespace cds::test
