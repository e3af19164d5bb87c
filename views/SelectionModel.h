#pragma once

#include "model/rules/Finding.h"

#include <QObject>

#include <vector>

namespace cds::views {

/// @brief What the user has selected, shared by the canvas, the elevation, the properties
/// and problems panels, so that a selection made in one shows in all. Besides objects, one
/// hall of a campus may be selected (clicked in the site plan): then no object is.
class SelectionModel : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    const std::vector<ObjectRef>& objects() const { return m_objects; }
    std::vector<RackId> racks() const;
    std::vector<DeviceId> devices() const;
    std::vector<LinkId> links() const;
    bool contains(ObjectRef o) const;
    /// Replaces the selection (a hall selected is no longer); emits changed() only when the
    /// objects differ.
    void set(std::vector<ObjectRef> objects);
    /// Selects nothing, neither objects nor a hall.
    void clear();
    /// The campus hall selected: an index into DesignData::halls; -1: none.
    int hall() const { return m_hall; }
    /// Selects campus hall @p hall alone (-1: none); emits changed() when that is a change.
    void setHall(int hall);

Q_SIGNALS:
    void changed();

private:
    std::vector<ObjectRef> m_objects;
    int m_hall = -1;
};

} // namespace cds::views
