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

/// @brief The passive fibre each transceiver type of a catalog takes: same media type
/// (mmf/smf), a formFactor equal to the transceiver's connector and, where both say, the same
/// fibre grade. Built once per catalog; a transceiver with no matching fibre maps to invalid.
class FibreMatch {
public:
    explicit FibreMatch(const Catalog& c);
    TypeId fibreFor(TypeId transceiver) const {
        return transceiver.value() < m_fibre.size() ? m_fibre[transceiver.value()] : TypeId{};
    }

private:
    std::vector<TypeId> m_fibre;
};

} // namespace cds
