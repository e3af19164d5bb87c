// A failure-rate catalog file (catalogs/failure-rates.json): the reference run and the causes
// counted over it. Every rate divides by the reference run, so its sizes must be above zero,
// and every count must cite where it comes from.

#include "Json.h"

#include <QSet>
#include <QStringList>

#include <limits>

namespace cds::json {

namespace {

constexpr long long kMaxCount = 1'000'000'000;
constexpr std::size_t kMaxCauses = 1000;

/// A size of the reference run: a rate is a count per unit of it, so it must be above zero.
void requirePositive(double v, const std::string& ptr) {
    if (v <= 0)
        throw FieldError(ptr, "must be more than 0: every rate is a count per unit of the "
                              "reference run");
}

int positiveInteger(const Json& obj, std::string_view key, const std::string& ptr) {
    const std::string at = child(ptr, key);
    const long long v = integer(member(obj, key, ptr), at, -kMaxCount, kMaxCount);
    requirePositive(double(v), at);
    return int(v);
}

double positiveNumber(const Json& obj, std::string_view key, const std::string& ptr) {
    const std::string at = child(ptr, key);
    const double v = number(member(obj, key, ptr), at, -1e12, 1e12);
    requirePositive(v, at);
    return v;
}

/// The required, non-empty `source` of @p obj: a figure without one cannot be checked.
QString sourceOf(const Json& obj, const std::string& ptr) {
    if (!optionalMember(obj, "source"))
        throw FieldError(ptr, "missing required field \"source\": cite the public document "
                              "the figures come from (and say \"estimate\" where they are one)");
    const std::string at = child(ptr, "source");
    const QString s = qstring(member(obj, "source", ptr), at).trimmed();
    if (s.isEmpty())
        throw FieldError(at, "source must not be empty: cite the public document the figures "
                             "come from");
    return s;
}

RateBasis basisField(const Json& v, const std::string& ptr) {
    const QString key = qstring(v, ptr, 64);
    if (auto b = rateBasisFromKey(key))
        return *b;
    QStringList keys;
    for (int i = 0; i < kRateBasisCount; ++i)
        keys << rateBasisKey(RateBasis(i));
    throw FieldError(ptr, "unknown basis \"" + key.toStdString() + "\"; expected one of " +
                              keys.join(QStringLiteral(", ")).toStdString());
}

FailureReference parseReference(const Json& v, const std::string& ptr) {
    requireObject(v, ptr);
    requireKnownKeys(v, ptr, {"gpus", "servers", "days", "computeLinks", "source"});
    FailureReference r;
    r.gpus = positiveInteger(v, "gpus", ptr);
    r.servers = positiveInteger(v, "servers", ptr);
    r.days = positiveNumber(v, "days", ptr);
    r.computeLinks = positiveNumber(v, "computeLinks", ptr);
    r.source = sourceOf(v, ptr);
    return r;
}

FailureRate parseCause(const Json& v, const std::string& ptr) {
    requireObject(v, ptr);
    FailureRate f;
    f.cause = qstring(member(v, "cause", ptr), child(ptr, "cause"), 256);
    if (f.cause.trimmed().isEmpty())
        throw FieldError(child(ptr, "cause"), "cause must not be empty");
    try { // the rest names the cause, so a message says which entry of the table is wrong
        requireKnownKeys(v, ptr, {"cause", "category", "interruptions", "basis", "source"});
        f.category = qstring(member(v, "category", ptr), child(ptr, "category"), 256);
        const std::string at = child(ptr, "interruptions");
        const long long n = integer(member(v, "interruptions", ptr), at, -kMaxCount, kMaxCount);
        if (n < 0)
            throw FieldError(at, "a count of interruptions cannot be negative");
        f.interruptions = int(n);
        f.basis = basisField(member(v, "basis", ptr), child(ptr, "basis"));
        f.source = sourceOf(v, ptr);
    } catch (const FieldError& e) {
        throw FieldError(e.pointer, "cause \"" + f.cause.toStdString() + "\": " + e.what());
    }
    return f;
}

} // namespace

FailureRateTable parseFailureRates(const Json& doc) {
    requireKnownKeys(doc, "", {"formatVersion", "family", "reference", "causes"});
    FailureRateTable t;
    t.reference = parseReference(member(doc, "reference", ""), "/reference");
    const Json& causes = member(doc, "causes", "");
    requireArray(causes, "/causes");
    if (causes.empty())
        throw FieldError("/causes", "no causes: the table needs at least one");
    if (causes.size() > kMaxCauses)
        throw FieldError("/causes", "more than " + std::to_string(kMaxCauses) + " causes");
    QSet<QString> seen;
    long long total = 0;
    for (std::size_t i = 0; i < causes.size(); ++i) {
        const std::string ptr = child("/causes", i);
        FailureRate f = parseCause(causes[i], ptr);
        if (seen.contains(f.cause))
            throw FieldError(child(ptr, "cause"),
                             "duplicate cause \"" + f.cause.toStdString() + "\"");
        seen.insert(f.cause);
        total += f.interruptions;
        if (total > std::numeric_limits<int>::max())
            throw FieldError(child(ptr, "interruptions"), "the counts add up to too many");
        t.causes.push_back(std::move(f));
    }
    return t;
}

} // namespace cds::json
