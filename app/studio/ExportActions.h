#pragma once

#include "ActionSet.h"

#include <cstdint>

class QMenu;

namespace cds::exports {
enum class ExportKind : std::uint8_t;
} // namespace cds::exports

namespace cds::studio {

/// @brief File > Export: one entry per export the CLI offers too (app/export/Exports.h), each
/// asking where to write and then writing on a worker thread with progress and Cancel.
class ExportActions : public ActionSet {
    Q_OBJECT
public:
    ExportActions(Workbench& workbench, WindowHost& host, QObject* parent = nullptr);
    /// Adds the Export submenu to @p file.
    QMenu* addTo(QMenu* file);
    /// Asks for the file (or folder) to write @p kind to, suggesting one beside the design.
    void exportDialog(exports::ExportKind kind);

private:
};

} // namespace cds::studio
