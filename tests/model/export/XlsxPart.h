#pragma once
// Reads one part of an .xlsx workbook for the workbook tests.

#include <QProcess>
#include <QStandardPaths>
#include <QString>

namespace cds::test {

/// One part of @p xlsx, e.g. "xl/worksheets/sheet1.xml" (unzip -p; unzip reads names as
/// wildcards, so brackets must be escaped).
inline QByteArray xlsxPart(const QString& xlsx, const char* name) {
    QProcess p;
    p.start(QStandardPaths::findExecutable(QStringLiteral("unzip")),
            {QStringLiteral("-p"), xlsx, QLatin1String(name)});
    p.waitForFinished(30000);
    return p.readAllStandardOutput();
}

} // namespace cds::test
