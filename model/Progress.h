#pragma once

#include <cstddef>
#include <functional>

namespace cds {

/// Progress callback of a long operation (generate, load, save, export): receives 0-100 and
/// returns false to cancel. A cancelled operation leaves its inputs and any existing output
/// file as they were. Called on the thread doing the work.
using Progress = std::function<bool(int percent)>;

/// @brief Reports a sub-range of a parent Progress, so a stage can count 0-100 of its own.
/// ProgressSpan(p, 20, 60).report(50) reports 40 to @p p. Without a parent it never cancels.
class ProgressSpan {
public:
    ProgressSpan(const Progress& parent, int from, int to)
        : m_parent(parent)
        , m_from(from)
        , m_to(to) {}
    /// @p percent of this span; false when the user cancelled.
    bool report(int percent) const {
        return !m_parent || m_parent(m_from + (m_to - m_from) * percent / 100);
    }
    /// Item @p i of @p n done; reports only every @p every items so tight loops stay fast.
    bool item(std::size_t i, std::size_t n, std::size_t every = 4096) const {
        if (!m_parent || n == 0 || i % every != 0)
            return true;
        return report(int(i * 100 / n));
    }
    /// The span's own Progress, for passing to a function that takes one.
    Progress callback() const {
        if (!m_parent)
            return {};
        return [this](int percent) { return report(percent); };
    }

private:
    const Progress& m_parent;
    int m_from;
    int m_to;
};

/// Thrown inside an operation when its Progress returned false; caught at the operation's
/// boundary, which then reports "cancelled" and leaves its output untouched.
struct Cancelled {};

} // namespace cds
