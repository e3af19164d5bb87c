#pragma once

#include <QByteArray>
#include <QString>

namespace cds {

/// Writes @p bytes to @p path through a temporary file renamed over it (QSaveFile), so a
/// failure or a crash leaves any previous file as it was. Returns false and sets @p error to
/// "PATH: cannot write: REASON".
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

} // namespace cds
