#include "AtomicFile.h"

#include <QSaveFile>

namespace cds {

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace cds
