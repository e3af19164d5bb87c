#pragma once
// Random edits for property tests: the same seed gives the same sequence on the same design.

#include "model/DesignIndex.h"
#include "model/edits/Edit.h"

#include <QRandomGenerator>

namespace cds::test {

template <typename IdT, typename T> IdT pick(const SlotVector<T, IdT>& c, QRandomGenerator& rng) {
    const auto ids = c.ids();
    return ids.empty() ? IdT() : ids[rng.bounded(quint32(ids.size()))];
}

/// One random edit valid for the current design, or nullptr when none applies.
inline std::unique_ptr<Edit> randomEdit(const DesignData& d, QRandomGenerator& rng) {
    switch (rng.bounded(11)) {
    case 0: { // move a rack by whole tiles
        RackId r = pick(d.racks, rng);
        if (!r)
            return nullptr;
        Rack after = d.racks[r];
        after.centre.x += d.hall.tileMm * (int(rng.bounded(7)) - 3);
        after.centre.y += d.hall.tileMm * (int(rng.bounded(5)) - 2);
        return std::make_unique<ChangeRacksEdit>(
            QStringLiteral("Move"), std::vector<ChangeRacksEdit::Change>{{r, d.racks[r], after}},
            MergeMoveRacks);
    }
    case 1: { // rotate or re-cool a rack
        RackId r = pick(d.racks, rng);
        if (!r)
            return nullptr;
        Rack after = d.racks[r];
        after.rotationDeg = (after.rotationDeg + 90 * int(1 + rng.bounded(3))) % 360;
        after.cooling = CoolingType(rng.bounded(kCoolingTypeCount));
        // A cooling product serves one type: a new type drops it, as edits::setRackCooling does.
        if (after.cooling != d.racks[r].cooling)
            after.coolingProduct = {};
        return std::make_unique<ChangeRacksEdit>(
            QStringLiteral("Rotate"), std::vector<ChangeRacksEdit::Change>{{r, d.racks[r], after}});
    }
    case 2: { // re-mount a device
        DeviceId v = pick(d.devices, rng);
        if (!v)
            return nullptr;
        Device after = d.devices[v];
        after.uPosition = 1 + int(rng.bounded(40));
        after.face = rng.bounded(2) ? Face::Rear : Face::Front;
        return std::make_unique<ChangeDevicesEdit>(
            QStringLiteral("Mount"),
            std::vector<ChangeDevicesEdit::Change>{{v, d.devices[v], after}});
    }
    case 3: {
        LinkId l = pick(d.links, rng);
        return l ? ObjectsEdit::removal(d, QStringLiteral("Delete link"), {}, {}, {l}) : nullptr;
    }
    case 4: {
        DeviceId v = pick(d.devices, rng);
        return v ? ObjectsEdit::removal(d, QStringLiteral("Delete device"), {}, {v}) : nullptr;
    }
    case 5: {
        if (rng.bounded(4) != 0) // racks go rarely, or the design empties quickly
            return nullptr;
        RackId r = pick(d.racks, rng);
        return r ? ObjectsEdit::removal(d, QStringLiteral("Delete rack"), {r}) : nullptr;
    }
    case 6: { // add a rack next to an existing one
        RackId r = pick(d.racks, rng);
        if (!r)
            return nullptr;
        Rack copy = d.racks[r];
        copy.name += QStringLiteral("-copy");
        copy.centre.x += 600;
        return ObjectsEdit::addition(d, QStringLiteral("Add rack"), {copy});
    }
    case 7: { // add a device into a rack, a copy of an existing device's type
        RackId r = pick(d.racks, rng);
        DeviceId v = pick(d.devices, rng);
        if (!r || !v)
            return nullptr;
        Device dev = d.devices[v];
        dev.rack = r;
        dev.uPosition = 1 + int(rng.bounded(40));
        dev.name += QStringLiteral("-b");
        return ObjectsEdit::addition(d, QStringLiteral("Add device"), {}, {dev});
    }
    case 8: { // cable two free ports
        DeviceId a = pick(d.devices, rng), b = pick(d.devices, rng);
        if (!a || !b || a == b)
            return nullptr;
        DesignIndex index(d);
        auto freePort = [&](DeviceId dev) -> int {
            const Device& x = d.devices[dev];
            const int n = d.catalog[x.type].logicalPortCount(x.breakout);
            for (int p = 0; p < n; ++p)
                if (!index.linkAt({dev, std::uint16_t(p)}))
                    return p;
            return -1;
        };
        const int pa = freePort(a), pb = freePort(b);
        if (pa < 0 || pb < 0 || d.fabrics.empty())
            return nullptr;
        Link l;
        l.a = {a, std::uint16_t(pa)};
        l.b = {b, std::uint16_t(pb)};
        l.fabric = FabricId(0);
        return ObjectsEdit::addition(d, QStringLiteral("Add link"), {}, {}, {l});
    }
    case 9: { // document: title, cooling table, waiver
        DocumentProps before = DocumentProps::of(d), after = before;
        after.meta.title = QStringLiteral("v%1").arg(rng.bounded(1000));
        after.settings.cooling[rng.bounded(kCoolingTypeCount)].maxKw = 10 + rng.bounded(200);
        if (rng.bounded(2))
            after.waivers.push_back(
                {QStringLiteral("rack.power-density:rack/%1").arg(rng.bounded(4)),
                 QStringLiteral("random")});
        return std::make_unique<DocumentEdit>(QStringLiteral("Settings"), before, after);
    }
    default: { // move several racks at once (one edit)
        std::vector<ChangeRacksEdit::Change> ch;
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (rng.bounded(2)) {
                Rack after = r;
                after.centre.y += 600;
                ch.emplace_back(id, r, after);
            }
        });
        return ch.empty() ? nullptr
                          : std::make_unique<ChangeRacksEdit>(QStringLiteral("Move racks"), ch);
    }
    }
}

/// Applies the next @p n random edits that change something; returns them in order.
inline std::vector<std::unique_ptr<Edit>> applyRandomEdits(Design& design, QRandomGenerator& rng,
                                                           int n) {
    std::vector<std::unique_ptr<Edit>> done;
    while (int(done.size()) < n) {
        auto e = randomEdit(design.data(), rng);
        if (!e || e->isNoOp())
            continue;
        e->apply(design);
        done.push_back(std::move(e));
    }
    return done;
}

} // namespace cds::test
