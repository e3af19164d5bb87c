#include "UndoCommand.h"

namespace cds::studio {

UndoCommand::UndoCommand(Design* design, std::unique_ptr<Edit> edit, int dragSerial)
    : m_design(design)
    , m_edit(std::move(edit))
    , m_dragSerial(dragSerial) {
    setText(m_edit->text());
}

bool UndoCommand::mergeWith(const QUndoCommand* other) {
    auto* o = dynamic_cast<const UndoCommand*>(other);
    if (!o || o->m_dragSerial != m_dragSerial || m_dragSerial == 0)
        return false;
    if (!m_edit->mergeWith(*o->m_edit))
        return false;
    // A drag that ends where it started changed nothing: drop the step.
    setObsolete(m_edit->isNoOp());
    return true;
}

} // namespace cds::studio
