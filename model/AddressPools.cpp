#include "AddressPools.h"

#include <QRegularExpression>
#include <QStringList>

namespace cds {

namespace {

std::optional<std::uint32_t> parseAddress(const QString& text) {
    const QStringList parts = text.split(QLatin1Char('.'));
    if (parts.size() != 4)
        return std::nullopt;
    std::uint32_t a = 0;
    for (const QString& part : parts) {
        bool ok = false;
        const uint v = part.toUInt(&ok);
        // "010" is octal to some tools and decimal to others: refuse the ambiguity.
        if (!ok || v > 255 || part.size() > 3 || (part.size() > 1 && part.front() == u'0'))
            return std::nullopt;
        a = (a << 8) | v;
    }
    return a;
}

std::uint32_t mask(int length) {
    return length == 0 ? 0u : ~std::uint32_t(0) << (32 - length);
}

} // namespace

std::optional<Ipv4Prefix> Ipv4Prefix::parse(const QString& text, QString* problem) {
    auto fail = [&](const QString& why) -> std::optional<Ipv4Prefix> {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    static const QRegularExpression form(QStringLiteral("^([0-9.]+)/([0-9]{1,2})$"));
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return fail(QStringLiteral("'%1' is not an IPv4 prefix such as 10.0.0.0/16").arg(text));
    const std::optional<std::uint32_t> a = parseAddress(m.captured(1));
    const int length = m.captured(2).toInt();
    if (!a || length > 32)
        return fail(QStringLiteral("'%1' is not an IPv4 prefix such as 10.0.0.0/16").arg(text));
    Ipv4Prefix p{*a & mask(length), length};
    if (p.network != *a)
        return fail(
            QStringLiteral("'%1' has host bits set; the prefix is %2").arg(text, p.toString()));
    return p;
}

QString ipv4ToString(std::uint32_t a) {
    return QStringLiteral("%1.%2.%3.%4")
        .arg(a >> 24)
        .arg((a >> 16) & 0xff)
        .arg((a >> 8) & 0xff)
        .arg(a & 0xff);
}

QString Ipv4Prefix::toString() const {
    return QStringLiteral("%1/%2").arg(ipv4ToString(network)).arg(length);
}

QString asnSchemeKey(AsnScheme s) {
    return s == AsnScheme::PerSwitch ? QStringLiteral("per-switch") : QStringLiteral("rfc7938");
}

std::optional<AsnScheme> asnSchemeFromKey(const QString& key) {
    for (int i = 0; i < kAsnSchemeCount; ++i)
        if (asnSchemeKey(AsnScheme(i)) == key)
            return AsnScheme(i);
    return std::nullopt;
}

QString addressPoolKey(AddressPool p) {
    static const std::array<QString, kAddressPoolCount> keys = {
        QStringLiteral("fabricLinks"), QStringLiteral("loopbacks"), QStringLiteral("management"),
        QStringLiteral("bmc")};
    return keys[std::size_t(p)];
}

QString addressPoolLabel(AddressPool p) {
    static const std::array<QString, kAddressPoolCount> labels = {
        QStringLiteral("fabric link pool"), QStringLiteral("loopback pool"),
        QStringLiteral("management pool"), QStringLiteral("BMC pool")};
    return labels[std::size_t(p)];
}

std::array<Ipv4Prefix, kAddressPoolCount> AddressPools::defaults() {
    // 10.0.0.0/12: 524,288 point-to-point /31s; 10.16.0.0/16: 65,536 loopbacks;
    // 10.32.0.0/13 and 10.40.0.0/13: a /26 for each of 8,192 racks, in-band and BMC.
    return {Ipv4Prefix{0x0A000000u, 12}, Ipv4Prefix{0x0A100000u, 16}, Ipv4Prefix{0x0A200000u, 13},
            Ipv4Prefix{0x0A280000u, 13}};
}

QString addressPoolsProblem(const AddressPools& p) {
    for (int i = 0; i < kAddressPoolCount; ++i)
        for (int j = i + 1; j < kAddressPoolCount; ++j)
            if (p.pools[std::size_t(i)].overlaps(p.pools[std::size_t(j)]))
                return QStringLiteral("the %1 %2 overlaps the %3 %4")
                    .arg(addressPoolLabel(AddressPool(i)), p.pools[std::size_t(i)].toString(),
                         addressPoolLabel(AddressPool(j)), p.pools[std::size_t(j)].toString());
    if (p.asnBase == 0 || p.asnBase > kLastPrivateAsn)
        return QStringLiteral("the first ASN %1 is not an ASN from 1 to %2")
            .arg(p.asnBase)
            .arg(kLastPrivateAsn);
    return {};
}

} // namespace cds
