#pragma once

#include "DesignData.h"

namespace cds {

/// The cooling type a catalog cooling entry serves as a rack's own product (a rear door, an
/// in-rack CDU, an immersion tank, an in-row air cooler), or nullopt for anything else.
std::optional<CoolingType> coolingTypeServed(const CatalogItem& item);

/// The cooling entries of @p catalog a rack on @p type can have, smallest capacity first.
std::vector<const CatalogItem*> coolingProductsFor(const Catalog& catalog, CoolingType type);

/// A product's warning level, as a share of its rated capacity.
inline constexpr double kProductWarnShare = 0.9;
/// Beyond a rack-scale system's published rack power, what the rack's own auxiliaries (PDU
/// metering, a management switch) may add before the rack is above its design.
inline constexpr double kRackAuxiliaryShare = 0.05;

/// @brief The kW envelope a rack's load is judged by, with what set it in its source: the
/// rack's cooling product (warn at 90 % of its capacity, maximum at it); else, on direct liquid,
/// the published rack power of a rack-scale liquid-cooled system it holds, plus 5 % for the
/// rack's auxiliaries (an NVL72 rack's cold-plate loop is built for its own load); else the
/// design's envelope for the cooling type.
/// @p systemRatedKw: that system's rack power, 0 when the rack holds none.
/// @p label, when given, receives a short name for what set it (the product's model, "Direct
/// liquid (rack-scale system)", or the cooling type's label), as charts name envelopes.
CoolingEnvelope rackEnvelope(const DesignData& d, const Rack& r, double systemRatedKw,
                             QString* label = nullptr);

/// Heat a rack gives to the room's air, kW, at @p itKw against @p env: all of it on air (what
/// an in-row cooler beside it cannot carry when it has one), what a rear door cannot carry,
/// the design's air share on direct liquid, none in immersion.
double rackAirHeatKw(const DesignSettings& s, const Rack& r, double itKw,
                     const CoolingEnvelope& env);

/// Airflow that carries @p kw at a temperature rise of @p deltaTF: CFM = 3.16 x W / dT (F).
inline double airflowCfm(double kw, double deltaTF) {
    return deltaTF > 0 ? 3.16 * kw * 1000.0 / deltaTF : 0;
}

} // namespace cds
