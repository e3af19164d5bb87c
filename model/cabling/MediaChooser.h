#pragma once

#include "../PortTable.h"

#include <unordered_map>
#include <vector>

namespace cds {

class DesignIndex;

/// @brief The two ends of a link as the media choice sees them.
struct LinkEnds {
    double speedGbps = 0;
    Technology technology = Technology::Any;
    std::uint8_t cageA = 0, cageB = 0;   ///< interned form factors (PortTable::cageKind)
    bool multiA = false, multiB = false; ///< the cage holds more than one link (twin, breakout)
    bool flatA = false, flatB = false;   ///< the cage takes flat-top modules only (DGX host)
    bool hostA = false, hostB = false;   ///< a host's NIC port, not a switch's
    /// Every lane of A's cage goes to one cage of B and back: a twin-to-twin cable fits.
    bool paired = false;
    /// The two ends stand in different halls of a campus: single-mode optics only (set by
    /// the router from the racks' halls; ends() leaves it false, for it knows no halls).
    bool betweenHalls = false;
    bool valid = false;
};

/// @brief A chosen medium: a cable, or a transceiver at each end (b invalid: same as a).
struct MediumChoice {
    TypeId a, b;
    double maxReachM = 0;
};

/// @brief Picks the cheapest medium that reaches, in reach order DAC < ACC < AOC < multimode
/// < single-mode, matching speed, technology and the cage at each end (twin-port cages take
/// twin-port plugs; a splitter's host end is its formFactor, its switch end twin-port OSFP;
/// a cage with a riding heat sink takes a flat-top transceiver, any other cage one that is
/// not flat-top, so a DGX-to-switch optical link has a flat-top and a finned-top end; when no
/// transceiver of the design's catalog says its top, the cages are not matched on it). A
/// one-connector optic (oneConnectorForCage: both lanes of a host's split port on one MPO-16)
/// goes only in a host cage, with a plug of one connector per link at the far end; within a
/// medium type it comes before the cheaper pairs, for its splitter fibre is one assembly per
/// port where they take a fibre per lane (NVIDIA's Spectrum-X tables count one cable per GPU).
/// A link between halls (LinkEnds::betweenHalls) takes single-mode transceivers only, never
/// copper, an AOC or multimode, whatever its length: between buildings the fibre is single-mode
/// outside-plant cable, and the patch panels and splices at each building's entrance eat
/// multimode's reach margin (TIA-942 / BICSI 002 backbone cabling).
/// Options are cached per kind of link end, so routing 10^5 links stays cheap.
class MediaChooser {
public:
    MediaChooser(const DesignData& d, PortTable& ports);
    LinkEnds ends(const DesignIndex& index, const Link& l);
    /// Invalid a when nothing in the design's catalog reaches @p lengthM.
    MediumChoice choose(const LinkEnds& e, double lengthM);
    /// Whether catalog item @p t can serve a link with these ends at all (ignoring reach).
    bool fits(TypeId t, const LinkEnds& e);

private:
    struct Option {
        MediumChoice choice;
        int rank = 0;
        bool fibrePerLane = true; ///< false: one splitter assembly serves the host's cage
        double cost = 0;
    };
    const std::vector<Option>& options(const LinkEnds& e);
    bool cableFits(const CatalogItem& it, const LinkEnds& e) const;
    bool transceiverFits(const CatalogItem& it, std::uint8_t cage, bool multi, bool flat, bool host,
                         const LinkEnds& e) const;
    const DesignData& m_d;
    PortTable& m_ports;
    /// Some transceiver of the design's catalog says its top. A design whose embedded copies
    /// predate `top` (none says) matches no cage on it, so a flat-cage server added to it
    /// from a newer catalog still gets the optics it got before, not link.no-medium.
    bool m_topsKnown = false;
    std::unordered_map<std::uint64_t, std::vector<Option>> m_cache;
};

} // namespace cds
