#pragma once

#include "Operations.h"

namespace cds::edits {

/// Pins @p medium (a cable or transceiver entry of the design's catalog) on @p links, or
/// makes them automatic again when @p medium is invalid. Saved in the file's `pinnedMedium`
/// link column; the router then keeps it whatever the length.
Result pinMedium(const DesignData& d, const std::vector<LinkId>& links, TypeId medium);
/// Deletes cables (their devices stay): "Delete cable dgx01:cx7-1 to leaf-1:p3".
Result deleteLinks(const DesignData& d, const std::vector<LinkId>& links);

/// Connects every server in @p racks to the leaf set @p leaves rail by rail: compute NIC r of
/// each server (its r-th compute port) goes to the first free port of leaves[r]. NICs that
/// already have a cable are left as they are. Refused, with nothing connected, when a server
/// has more NICs than there are leaves, a NIC's speed differs from its leaf's ports, or a leaf
/// runs out of free ports.
Result connectRails(const DesignData& d, const std::vector<RackId>& racks,
                    const std::vector<DeviceId>& leaves);

/// The leaves of a network grouped into sets a bulk connect can use: one set per scalable unit
/// (Device::group), in rail order. Named "compute SU 1 (8 leaves)".
struct LeafSet {
    QString name;
    std::vector<DeviceId> leaves;
};
std::vector<LeafSet> leafSets(const DesignData& d);

} // namespace cds::edits
