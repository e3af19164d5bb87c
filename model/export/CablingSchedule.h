#pragma once

#include "../DesignData.h"

#include <QByteArray>

#include <functional>
#include <unordered_map>
#include <vector>

namespace cds {

/// @brief One end of a cable as an installer reads it: where, in what, which port.
struct CableEnd {
    QString rack;   ///< rack name, empty when the device is not placed
    int u = 0;      ///< lowest U of the device, 0 when not placed
    QString device; ///< device name
    QString port;   ///< logical port name (after breakout), e.g. "cx7-3" or "p12s1"
    /// TIA-606-style location identifier of the port: "R01-U02-cx7-3" ("UNPLACED-..." when
    /// the device has no rack).
    QString location() const;
};

/// @brief One row of the cabling schedule: a physical cable and both of its ends. A twin-port
/// cable serves every link of its twin-port cage (two 400G links in one 800G OSFP, or a
/// splitter's legs), as does the splitter fibre of a one-connector optic (an MPO-16 SR8 in a
/// host's split port): it is one row, from that cage, its ends list the ports joined by '+'.
struct CableRow {
    std::vector<LinkId> links; ///< the links the cable carries, in id order
    QString id;                ///< "C00001": stable within a design (from its first link's id)
    QString fabric;
    CableEnd a, b;
    QString mediumId;   ///< catalog id of the chosen or pinned medium, empty when none fits
    QString mediumType; ///< "dac", "acc", "aoc", "mmf", "smf", empty when unknown
    QString mediumModel;
    double lengthM = 0;
    QString labelA; ///< label for the A end: near / far location, per TIA-606
    QString labelB;
    /// What the crew fits at each end and pulls between them (catalog ids). An optical link:
    /// the transceiver at each end and the passive fibre whose connector matches them. A DAC,
    /// ACC, AOC or Cat6 cord: the cable itself at both ends and as the cable.
    QString aEndPart, bEndPart, cablePart;
    QString cableConnector; ///< the cable's plug: "MPO-12/APC", "LC duplex", "OSFP", "RJ45"
    QString cableType;      ///< cableTypeKey(): "cat6", "dac", "acc", "aoc", "mmf", "smf"
    QString cableClass;     ///< "copper" or "optical"
    QString label; ///< the cable's TIA-606 identifier: "C00001 R01-U02-cx7-1:N01-U40-ndr-1"
    /// The trays it runs on from the A end, by name ("Row 1 tray > Runner 2 > Row 2 tray");
    /// "in rack" within one rack, "no tray path" where trays exist but none joins the racks,
    /// empty in a design without trays (the cable runs along the floor).
    QString route;
    /// A campus: the hall of each end (CSV `a_hall`, `b_hall`, written only for a design with
    /// halls); a splitter whose legs end in several halls names them joined by '+'.
    QString hallA, hallB;
};

/// @brief Logical port names per (device type, breakout), built once per type: exports of
/// 400,000 links look names up instead of rebuilding them (CatalogItem::logicalPort).
class PortNames {
public:
    explicit PortNames(const DesignData& d)
        : m_d(d) {}
    /// The name of logical port @p port of @p dev, or "portN" when out of range.
    QString name(const Device& dev, int port);

private:
    const DesignData& m_d;
    std::unordered_map<std::uint64_t, std::vector<QString>> m_names;
};

/// End @p p of a link, resolved to names.
CableEnd cableEnd(const DesignData& d, PortRef p, PortNames& names);

/// The schedule's id of the cable whose first link is @p first: "C00001" for link 0.
QString cableId(LinkId first);

/// Calls @p cable with the links of each physical cable (those of one row of cablingRows(),
/// in the same order) without building the rows: an export of 400,000 links walks them
/// cable by cable.
void forEachCable(const DesignData& d,
                  const std::function<void(const std::vector<LinkId>& links)>& cable);

/// Every physical cable as a schedule row, in order of its first link id; as many rows as
/// `stats` counts cables (each optical link is one fibre run between its transceivers, but
/// the links of a splitter fibre are one).
/// Call routeCables() first so lengths and media are derived from the placement.
std::vector<CableRow> cablingRows(const DesignData& d);

/// The cabling schedule CSV: one row per cable (columns in README, "Exports").
QByteArray cablingCsv(const DesignData& d);
/// The same for @p rows only (a build phase's cables).
QByteArray cablingCsv(const std::vector<CableRow>& rows);

} // namespace cds
