#pragma once

#include <cmath>
#include <compare>

namespace cds {

/// @brief A double tagged with its unit, so watts never add to kilograms by accident.
template <typename Tag> class Quantity {
public:
    constexpr Quantity() = default;
    constexpr explicit Quantity(double v)
        : m_v(v) {}
    constexpr double value() const { return m_v; }

    constexpr Quantity operator+(Quantity o) const { return Quantity(m_v + o.m_v); }
    constexpr Quantity operator-(Quantity o) const { return Quantity(m_v - o.m_v); }
    constexpr Quantity& operator+=(Quantity o) {
        m_v += o.m_v;
        return *this;
    }
    constexpr Quantity operator*(double k) const { return Quantity(m_v * k); }
    constexpr double operator/(Quantity o) const { return m_v / o.m_v; }
    constexpr auto operator<=>(const Quantity&) const = default;

private:
    double m_v = 0.0;
};

using Watts = Quantity<struct WattsTag>;
using Kilograms = Quantity<struct KilogramsTag>;
using Millimetres = Quantity<struct MillimetresTag>;
using Gbps = Quantity<struct GbpsTag>;
using Usd = Quantity<struct UsdTag>;

/// Rack height unit: 1U = 44.45 mm (EIA-310).
inline constexpr double kMillimetresPerU = 44.45;

/// @brief A sum that remembers whether any contributor was unknown, so missing power or
/// weight is reported as missing rather than silently summed as zero.
template <typename Q> struct KnownSum {
    Q known{};
    int missing = 0; ///< how many contributors had no figure
    void add(const Q* v) {
        if (v)
            known += *v;
        else
            ++missing;
    }
    bool complete() const { return missing == 0; }
};

} // namespace cds
