#pragma once

#include "model/edits/Edit.h"

#include <QUndoCommand>

#include <memory>

namespace cds::studio {

/// @brief A QUndoCommand wrapping one model Edit. Merging delegates to Edit::mergeWith, and
/// only commands of the same drag (same non-zero drag serial) merge, so one drag is one step
/// while two drags of the same racks stay two steps.
class UndoCommand final : public QUndoCommand {
public:
    UndoCommand(Design* design, std::unique_ptr<Edit> edit, int dragSerial = 0);
    void redo() override { m_edit->apply(*m_design); }
    void undo() override { m_edit->revert(*m_design); }
    int id() const override { return m_dragSerial ? m_edit->mergeId() : -1; }
    bool mergeWith(const QUndoCommand* other) override;
    const Edit& edit() const { return *m_edit; }

private:
    Design* m_design;
    std::unique_ptr<Edit> m_edit;
    int m_dragSerial;
};

} // namespace cds::studio
