#include "SelectionModel.h"

#include <algorithm>

namespace cds::views {

namespace {
template <typename IdT>
std::vector<IdT> ofKind(const std::vector<ObjectRef>& objs, ObjectRef::Kind k) {
    std::vector<IdT> out;
    for (const ObjectRef& o : objs)
        if (o.kind == k)
            out.push_back(IdT(o.id));
    return out;
}
} // namespace

std::vector<RackId> SelectionModel::racks() const {
    return ofKind<RackId>(m_objects, ObjectRef::Kind::Rack);
}
std::vector<DeviceId> SelectionModel::devices() const {
    return ofKind<DeviceId>(m_objects, ObjectRef::Kind::Device);
}
std::vector<LinkId> SelectionModel::links() const {
    return ofKind<LinkId>(m_objects, ObjectRef::Kind::Link);
}

bool SelectionModel::contains(ObjectRef o) const {
    return std::find(m_objects.begin(), m_objects.end(), o) != m_objects.end();
}

void SelectionModel::set(std::vector<ObjectRef> objects) {
    std::sort(objects.begin(), objects.end());
    objects.erase(std::unique(objects.begin(), objects.end()), objects.end());
    if (objects == m_objects)
        return;
    m_objects = std::move(objects);
    m_hall = -1;
    Q_EMIT changed();
}

void SelectionModel::clear() {
    if (m_objects.empty() && m_hall < 0)
        return;
    m_objects.clear();
    m_hall = -1;
    Q_EMIT changed();
}

void SelectionModel::setHall(int hall) {
    hall = std::max(-1, hall);
    if (hall == m_hall && m_objects.empty())
        return;
    m_objects.clear();
    m_hall = hall;
    Q_EMIT changed();
}

} // namespace cds::views
