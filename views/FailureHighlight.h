#pragma once

#include "model/DesignData.h"

#include <QColor>
#include <QObject>
#include <QString>

#include <vector>

namespace cds::views {

/// @brief What the failure being shown ("What if this fails?") does to each rack and device,
/// for the floorplan and the elevation to colour. Analysis, not an edit: it lives beside the
/// design, is never saved and never enters undo. The app fills it from model/resilience.
class FailureHighlight : public QObject {
    Q_OBJECT
public:
    enum class State : std::uint8_t {
        None,     ///< untouched by the failure
        Degraded, ///< running with a rail or plane lost
        Lost,     ///< down: no power, no cooling, or its rack or switch failed with it
        Failed,   ///< one of the failed elements itself (or its rack)
    };
    using QObject::QObject;

    /// Shows a failure: @p racks and @p devices by id value (shorter vectors: the rest None).
    void show(const QString& title, std::vector<State> racks, std::vector<State> devices);
    void clear();
    bool active() const { return m_active; }
    /// "If R01/A fails: 0 GPUs lost, 8 degraded".
    QString title() const { return m_title; }
    State rack(RackId id) const { return at(m_racks, id.value()); }
    State device(DeviceId id) const { return at(m_devices, id.value()); }
    /// Racks in state @p s.
    int racksIn(State s) const;

    static QColor colour(State s);
    /// Whether text on colour(s) reads better in white.
    static bool darkFill(State s) { return s == State::Lost || s == State::Failed; }
    /// "failed", "lost", "degraded", "unaffected".
    static QString label(State s);

Q_SIGNALS:
    void changed();

private:
    static State at(const std::vector<State>& v, std::uint32_t i) {
        return i < v.size() ? v[i] : State::None;
    }
    bool m_active = false;
    QString m_title;
    std::vector<State> m_racks, m_devices;
};

} // namespace cds::views
