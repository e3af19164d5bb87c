#include "PowerChain.h"

#include "EnumKeys.h"

#include <QRegularExpression>

namespace cds {

namespace {
constexpr std::array<const char*, kPowerKindCount> kKindKeys = {
    "utility", "transformer", "switchgear", "generator", "ups",
    "battery", "busway",      "rpp",        "power-rack"};
constexpr std::array<const char*, kPowerKindCount> kKindLabels = {
    "Utility service", "Transformer", "Switchgear",         "Generator", "UPS",
    "Battery",         "Busway",      "Remote power panel", "Power rack"};
constexpr std::array<const char*, kPowerSchemeCount> kSchemeKeys = {"2N", "N+1", "block", "single"};
} // namespace

QString powerKindKey(PowerKind k) {
    return QLatin1String(kKindKeys[std::size_t(k)]);
}
std::optional<PowerKind> powerKindFromKey(const QString& key) {
    return enumFromKey<PowerKind>(kKindKeys, key);
}
QString powerKindLabel(PowerKind k) {
    return QLatin1String(kKindLabels[std::size_t(k)]);
}

bool ratedInKva(PowerKind k) {
    switch (k) {
    case PowerKind::Utility:
    case PowerKind::Transformer:
    case PowerKind::Switchgear:
    case PowerKind::Busway:
    case PowerKind::Rpp:
        return true;
    case PowerKind::Generator: // gensets are rated in ekW (kVA at 0.8 pf)
    case PowerKind::Ups:
    case PowerKind::Battery:
    case PowerKind::PowerRack:
        return false;
    }
    return false;
}

QString powerSchemeKey(PowerScheme s) {
    return QLatin1String(kSchemeKeys[std::size_t(s)]);
}

std::optional<PowerScheme> powerSchemeFromKey(const QString& key) {
    if (auto s = enumFromKey<PowerScheme>(kSchemeKeys, key))
        return s;
    static const QRegularExpression blockForm(QStringLiteral("^\\d+N/\\d+$"));
    if (blockForm.match(key).hasMatch())
        return PowerScheme::Block;
    return std::nullopt;
}

QString PowerChain::schemeLabel() const {
    if (scheme == PowerScheme::Block && blocks > 1)
        return QStringLiteral("%1N/%2").arg(blocks).arg(blocks - 1);
    return powerSchemeKey(scheme);
}

PowerElementId PowerChain::findByName(const QString& name) const {
    PowerElementId found;
    elements.forEach([&](PowerElementId id, const PowerElement& e) {
        if (!found && e.name == name)
            found = id;
    });
    return found;
}

} // namespace cds
