#pragma once

#include <QRectF>

#include <cmath>
#include <unordered_map>
#include <vector>

namespace cds::render {

/// @brief Rects already taken (labels, in pixels), bucketed in a coarse grid so placing
/// thousands of labels stays linear.
class Occupancy {
public:
    explicit Occupancy(std::vector<QRectF>& rects)
        : m_rects(rects) {
        for (std::size_t i = 0; i < rects.size(); ++i)
            index(i);
    }
    bool free(const QRectF& r) const {
        for (qint64 cx = cell(r.left()); cx <= cell(r.right()); ++cx)
            for (qint64 cy = cell(r.top()); cy <= cell(r.bottom()); ++cy) {
                auto it = m_grid.find(key(cx, cy));
                if (it == m_grid.end())
                    continue;
                for (std::size_t i : it->second)
                    if (m_rects[i].intersects(r))
                        return false;
            }
        return true;
    }
    void take(const QRectF& r) {
        m_rects.push_back(r);
        index(m_rects.size() - 1);
    }

private:
    static constexpr double kCell = 64;
    static qint64 cell(double v) { return qint64(std::floor(v / kCell)); }
    static qint64 key(qint64 x, qint64 y) { return (x << 32) ^ (y & 0xffffffff); }
    void index(std::size_t i) {
        const QRectF& r = m_rects[i];
        for (qint64 cx = cell(r.left()); cx <= cell(r.right()); ++cx)
            for (qint64 cy = cell(r.top()); cy <= cell(r.bottom()); ++cy)
                m_grid[key(cx, cy)].push_back(i);
    }
    std::vector<QRectF>& m_rects;
    std::unordered_map<qint64, std::vector<std::size_t>> m_grid;
};

} // namespace cds::render
