#include "FailureHighlight.h"

#include <algorithm>

namespace cds::views {

void FailureHighlight::show(const QString& title, std::vector<State> racks,
                            std::vector<State> devices) {
    m_active = true;
    m_title = title;
    m_racks = std::move(racks);
    m_devices = std::move(devices);
    Q_EMIT changed();
}

void FailureHighlight::clear() {
    if (!m_active)
        return;
    m_active = false;
    m_title.clear();
    m_racks.clear();
    m_devices.clear();
    Q_EMIT changed();
}

int FailureHighlight::racksIn(State s) const {
    return int(std::count(m_racks.begin(), m_racks.end(), s));
}

QColor FailureHighlight::colour(State s) {
    switch (s) {
    case State::Failed:
        return {0x6e, 0x14, 0x8c};
    case State::Lost:
        return {0xd8, 0x3a, 0x2c};
    case State::Degraded:
        return {0xf0, 0xa8, 0x30};
    case State::None:
        break;
    }
    return {0xd4, 0xd8, 0xdd};
}

QString FailureHighlight::label(State s) {
    switch (s) {
    case State::Failed:
        return QStringLiteral("failed");
    case State::Lost:
        return QStringLiteral("lost");
    case State::Degraded:
        return QStringLiteral("degraded");
    case State::None:
        break;
    }
    return QStringLiteral("unaffected");
}

} // namespace cds::views
