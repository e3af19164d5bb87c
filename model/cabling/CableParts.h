#pragma once

#include "../DesignData.h"

#include <vector>

namespace cds {

/// The kind of cable a person pulls: "cat6", "dac", "acc", "aoc", "mmf", "smf". Cat6 patch
/// cords are modelled as MediaType::Dac (catalogs/README.md) and told apart by their RJ45 plug.
QString cableTypeKey(const MediaSpec& m);
/// "copper" (Cat6, DAC, ACC) or "optical" (AOC, fibre).
QString cableClassKey(const MediaSpec& m);

/// The connector a transceiver's fibre must have: its catalog `connector`, else the parallel
/// optics' MPO-12/APC (every LinkX optic but FR4), or LC duplex for an FR4 module.
QString opticalConnector(const CatalogItem& transceiver);

/// Whether transceiver @p t carries every link of its cage on one optical connector: a
/// twin-port module with an MPO-16 (an 800G SR8 run as 2 x 400G), whose fibre is a splitter,
/// one assembly for the cage. A twin-port module with an MPO-12 has one connector per link.
bool oneConnectorForCage(const CatalogItem& t);

/// @brief The passive fibre of an optical link: a fibre per link, or the splitter of a
/// one-connector transceiver (oneConnectorForCage), one assembly for that end's cage.
struct LinkFibre {
    TypeId fibre;      ///< invalid: not an optical link, or no fibre matches its connector
    int splitEnd = -1; ///< 0: the splitter serves l.a's cage, 1: l.b's; -1: a fibre per link
};

/// @brief The passive fibre each transceiver type of a catalog takes: same media type
/// (mmf/smf), a formFactor equal to the transceiver's connector and, where both say, the same
/// fibre grade. Built once per catalog; a transceiver with no matching fibre maps to invalid.
class FibreMatch {
public:
    explicit FibreMatch(const Catalog& c);
    TypeId fibreFor(TypeId transceiver) const {
        return transceiver.value() < m_fibre.size() ? m_fibre[transceiver.value()] : TypeId{};
    }
    /// oneConnectorForCage() of a type, looked up: the BOM and the schedule ask per link.
    bool oneConnector(TypeId transceiver) const {
        return transceiver.value() < m_oneConnector.size() && m_oneConnector[transceiver.value()];
    }

private:
    std::vector<TypeId> m_fibre;
    std::vector<char> m_oneConnector;
};

/// The fibre link @p l takes, from its transceivers as the BOM counts them (the A end's, and
/// the B end's unless pinned). Invalid for a cable medium.
LinkFibre linkFibre(const DesignData& d, const FibreMatch& fibres, const Link& l);

} // namespace cds
