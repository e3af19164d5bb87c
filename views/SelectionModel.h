#pragma once

#include "model/rules/Finding.h"

#include <QObject>

#include <vector>

namespace cds::views {

/// @brief What the user has selected, shared by the canvas, the elevation, the properties
/// and problems panels, so that a selection made in one shows in all.
class SelectionModel : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    const std::vector<ObjectRef>& objects() const { return m_objects; }
    std::vector<RackId> racks() const;
    std::vector<DeviceId> devices() const;
    std::vector<LinkId> links() const;
    bool contains(ObjectRef o) const;
    /// Replaces the selection; emits changed() only when it differs.
    void set(std::vector<ObjectRef> objects);
    void clear() { set({}); }

Q_SIGNALS:
    void changed();

private:
    std::vector<ObjectRef> m_objects;
};

} // namespace cds::views
