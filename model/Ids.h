#pragma once

#include <cstdint>
#include <functional>
#include <limits>

namespace cds {

/// @brief A typed integer id: a RackId cannot be passed where a DeviceId is wanted.
/// Ids are indices into the design's flat containers and stay stable across undo/redo and
/// save/load, so checks and views can use them as array indices.
template <typename Tag> class Id {
public:
    using Rep = std::uint32_t;
    static constexpr Rep invalidValue = std::numeric_limits<Rep>::max();

    constexpr Id() = default;
    constexpr explicit Id(Rep v)
        : m_value(v) {}

    constexpr Rep value() const { return m_value; }
    constexpr bool isValid() const { return m_value != invalidValue; }
    constexpr explicit operator bool() const { return isValid(); }
    constexpr auto operator<=>(const Id&) const = default;

private:
    Rep m_value = invalidValue;
};

struct RackTag;
struct DeviceTag;
struct LinkTag;
struct TypeTag;
struct FabricTag;
struct PathwayTag;
struct PowerElementTag;

using RackId = Id<RackTag>;       ///< a rack on the floor
using DeviceId = Id<DeviceTag>;   ///< a server, switch, PDU... mounted in a rack (or unplaced)
using LinkId = Id<LinkTag>;       ///< a cable between two device ports
using TypeId = Id<TypeTag>;       ///< an entry of the design's embedded catalog
using FabricId = Id<FabricTag>;   ///< a named network (compute, storage, management...)
using PathwayId = Id<PathwayTag>; ///< an overhead cable-tray segment
/// An element of the power chain (transformer, UPS, busway...): model/PowerChain.h.
using PowerElementId = Id<PowerElementTag>;

/// @brief One port of one device: the port index refers to the device type's flat port list.
struct PortRef {
    DeviceId device;
    std::uint16_t port = 0;
    constexpr auto operator<=>(const PortRef&) const = default;
};

} // namespace cds

template <typename Tag> struct std::hash<cds::Id<Tag>> {
    std::size_t operator()(cds::Id<Tag> id) const noexcept { return id.value(); }
};
