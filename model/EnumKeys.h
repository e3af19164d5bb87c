#pragma once

#include <QString>

#include <array>
#include <optional>

namespace cds {

/// The enumerator whose file key (its index in @p keys) is @p key, or nullopt.
template <typename E, std::size_t N>
std::optional<E> enumFromKey(const std::array<const char*, N>& keys, const QString& key) {
    for (std::size_t i = 0; i < N; ++i)
        if (key == QLatin1String(keys[i]))
            return static_cast<E>(i);
    return std::nullopt;
}

} // namespace cds
