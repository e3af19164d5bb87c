#pragma once
// Lists grouped by bucket in one flat array (a counting sort), as graphs and indexes keep them:
// one allocation for all the lists rather than a vector each.

#include <cstddef>
#include <vector>

namespace cds {

/// Groups items by bucket: @p each(put) calls put(bucket, item) for every item, and is called
/// twice (to count, then to fill), putting the same items in the same order both times.
/// Afterwards bucket b's items are items[start[b]] up to items[start[b + 1]], in the order put.
template <typename Index, typename Item, typename Each>
void groupByBucket(std::size_t buckets, const Each& each, std::vector<Index>& start,
                   std::vector<Item>& items) {
    start.assign(buckets + 1, 0);
    each([&](std::size_t bucket, const Item&) { ++start[bucket + 1]; });
    for (std::size_t b = 0; b < buckets; ++b)
        start[b + 1] += start[b];
    items.resize(std::size_t(start.back()));
    std::vector<Index> next(start.begin(), start.end() - 1);
    each([&](std::size_t bucket, const Item& item) { items[std::size_t(next[bucket]++)] = item; });
}

} // namespace cds
