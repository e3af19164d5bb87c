#pragma once

#include <QString>

#include <array>
#include <cstdint>
#include <optional>

namespace cds {

/// @brief An IPv4 prefix ("10.0.0.0/16"): a network address with no host bits set.
struct Ipv4Prefix {
    std::uint32_t network = 0;
    int length = 32; ///< 0..32

    /// Parses "a.b.c.d/n"; nullopt with @p problem saying what is wrong (a host bit set names
    /// the prefix meant).
    static std::optional<Ipv4Prefix> parse(const QString& text, QString* problem = nullptr);
    QString toString() const;
    /// Number of addresses it holds (2^(32-length)).
    std::uint64_t size() const { return std::uint64_t(1) << (32 - length); }
    std::uint32_t last() const { return std::uint32_t(network + (size() - 1)); }
    bool overlaps(const Ipv4Prefix& o) const { return network <= o.last() && o.network <= last(); }
    bool operator==(const Ipv4Prefix&) const = default;
};

/// "10.0.0.1"
QString ipv4ToString(std::uint32_t address);

/// How switches get their BGP autonomous system numbers.
enum class AsnScheme : std::uint8_t {
    /// RFC 7938 section 5.2.1 (eBGP in a Clos): every leaf its own ASN; the spines of one
    /// pod (scalable unit group) share one; the core (super-spine) layer shares one.
    Rfc7938,
    PerSwitch, ///< every switch its own ASN
};
inline constexpr int kAsnSchemeCount = 2;
QString asnSchemeKey(AsnScheme s); ///< "rfc7938", "per-switch"
std::optional<AsnScheme> asnSchemeFromKey(const QString& key);

/// The pools an addressing plan is carved from (design settings, `settings.addressing`).
enum class AddressPool : std::uint8_t { FabricLinks, Loopbacks, Management, Bmc };
inline constexpr int kAddressPoolCount = 4;
QString addressPoolKey(AddressPool p);   ///< the file key: "fabricLinks", "loopbacks"...
QString addressPoolLabel(AddressPool p); ///< for people: "fabric link pool"...

/// @brief The address pools and ASN scheme of a design's IP plan. The defaults are RFC 1918
/// and RFC 6996 ranges sized for a 100,000-GPU Ethernet fabric, and do not overlap.
struct AddressPools {
    std::array<Ipv4Prefix, kAddressPoolCount> pools = defaults();
    AsnScheme asnScheme = AsnScheme::Rfc7938;
    /// First ASN handed out: the start of the 32-bit private range (RFC 6996).
    std::uint32_t asnBase = 4200000000u;

    const Ipv4Prefix& pool(AddressPool p) const { return pools[std::size_t(p)]; }
    static std::array<Ipv4Prefix, kAddressPoolCount> defaults();
    bool operator==(const AddressPools&) const = default;
};

/// The last private 32-bit ASN (RFC 6996); 4294967295 is reserved (RFC 7300).
inline constexpr std::uint32_t kLastPrivateAsn = 4294967294u;

/// Why @p p cannot be used (two pools overlap, an ASN base of 0), naming the pools; empty
/// when it can.
QString addressPoolsProblem(const AddressPools& p);

} // namespace cds
