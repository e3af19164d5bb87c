#pragma once

#include <cassert>
#include <cstddef>
#include <utility>
#include <vector>

namespace cds {

/// @brief Flat container whose index is the element's id.
/// Removing leaves a hole so other ids never move; undo re-inserts at the same id, which
/// keeps saves byte-identical after undo. Iteration skips holes.
template <typename T, typename IdT> class SlotVector {
public:
    IdT nextId() const { return IdT(static_cast<typename IdT::Rep>(m_items.size())); }
    std::size_t size() const { return m_count; }            ///< live elements
    std::size_t capacity() const { return m_items.size(); } ///< ids handed out so far
    bool empty() const { return m_count == 0; }

    bool contains(IdT id) const {
        return id.isValid() && id.value() < m_items.size() && m_alive[id.value()];
    }
    const T& operator[](IdT id) const {
        assert(contains(id));
        return m_items[id.value()];
    }
    T& operator[](IdT id) {
        assert(contains(id));
        return m_items[id.value()];
    }
    const T* find(IdT id) const { return contains(id) ? &m_items[id.value()] : nullptr; }

    IdT add(T value) {
        IdT id = nextId();
        insert(id, std::move(value));
        return id;
    }
    /// Puts @p value at @p id, which must be free (used by undo and by loading).
    void insert(IdT id, T value) {
        assert(id.isValid() && !contains(id));
        if (id.value() >= m_items.size()) {
            m_items.resize(id.value() + 1);
            m_alive.resize(id.value() + 1, 0);
        }
        m_items[id.value()] = std::move(value);
        m_alive[id.value()] = 1;
        ++m_count;
    }
    T take(IdT id) {
        assert(contains(id));
        m_alive[id.value()] = 0;
        --m_count;
        return std::exchange(m_items[id.value()], T{});
    }
    void clear() {
        m_items.clear();
        m_alive.clear();
        m_count = 0;
    }
    void reserve(std::size_t n) {
        m_items.reserve(n);
        m_alive.reserve(n);
    }

    /// Calls f(id, element) for each live element in id order.
    template <typename F> void forEach(F&& f) const {
        for (std::size_t i = 0; i < m_items.size(); ++i)
            if (m_alive[i])
                f(IdT(static_cast<typename IdT::Rep>(i)), m_items[i]);
    }
    template <typename F> void forEach(F&& f) {
        for (std::size_t i = 0; i < m_items.size(); ++i)
            if (m_alive[i])
                f(IdT(static_cast<typename IdT::Rep>(i)), m_items[i]);
    }
    std::vector<IdT> ids() const {
        std::vector<IdT> out;
        out.reserve(m_count);
        forEach([&](IdT id, const T&) { out.push_back(id); });
        return out;
    }

    bool operator==(const SlotVector& o) const {
        if (m_count != o.m_count)
            return false;
        std::size_t n = std::max(m_items.size(), o.m_items.size());
        for (std::size_t i = 0; i < n; ++i) {
            bool a = i < m_alive.size() && m_alive[i];
            bool b = i < o.m_alive.size() && o.m_alive[i];
            if (a != b || (a && !(m_items[i] == o.m_items[i])))
                return false;
        }
        return true;
    }

private:
    std::vector<T> m_items;
    std::vector<unsigned char> m_alive;
    std::size_t m_count = 0;
};

} // namespace cds
