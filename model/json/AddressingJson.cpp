// The design file's "settings.addressing": the IP plan's pools and ASN scheme. Written only
// when they differ from the defaults, so designs that never set them keep their bytes. A pool
// that is not a prefix, has host bits set or overlaps another is refused with its place.

#include "DesignJson.h"

namespace cds::json {

namespace {

Ipv4Prefix prefixFrom(const Json& obj, AddressPool pool, const std::string& objPtr) {
    const std::string key = addressPoolKey(pool).toStdString();
    const std::string ptr = child(objPtr, key);
    const Json* v = optionalMember(obj, key);
    if (!v)
        return AddressPools::defaults()[std::size_t(pool)];
    QString problem;
    const std::optional<Ipv4Prefix> p = Ipv4Prefix::parse(qstring(*v, ptr, 32), &problem);
    if (!p)
        throw FieldError(ptr, problem.toStdString());
    return *p;
}

} // namespace

OJson writeAddressing(const AddressPools& a) {
    OJson o = OJson::object();
    for (int i = 0; i < kAddressPoolCount; ++i)
        o[addressPoolKey(AddressPool(i)).toStdString()] =
            a.pools[std::size_t(i)].toString().toStdString();
    o["asnScheme"] = asnSchemeKey(a.asnScheme).toStdString();
    o["asnBase"] = a.asnBase;
    return o;
}

AddressPools readAddressing(const Json& v, const std::string& ptr) {
    requireObject(v, ptr);
    requireKnownKeys(v, ptr,
                     {"fabricLinks", "loopbacks", "management", "bmc", "asnScheme", "asnBase"});
    AddressPools a;
    for (int i = 0; i < kAddressPoolCount; ++i)
        a.pools[std::size_t(i)] = prefixFrom(v, AddressPool(i), ptr);
    if (const Json* s = optionalMember(v, "asnScheme")) {
        const QString key = qstring(*s, child(ptr, "asnScheme"), 64);
        const std::optional<AsnScheme> scheme = asnSchemeFromKey(key);
        if (!scheme)
            throw FieldError(child(ptr, "asnScheme"), "unknown value \"" + key.toStdString() +
                                                          "\"; expected rfc7938 or per-switch");
        a.asnScheme = *scheme;
    }
    a.asnBase = std::uint32_t(optInteger(v, "asnBase", ptr, 1, kLastPrivateAsn, a.asnBase));
    const QString problem = addressPoolsProblem(a);
    if (!problem.isEmpty())
        throw FieldError(ptr, problem.toStdString());
    return a;
}

} // namespace cds::json
