#pragma once
// A 16,384-GPU design built directly (2,048 DGX H100 in 512 racks, leaf/spine compute
// fabric, storage, in-band and OOB networks: ~41,000 links), for the studio benchmarks
// until the generator (model/fabric) can produce one.

#include "model/Catalog.h"
#include "model/DesignData.h"
#include "model/fabric/CableRouting.h"

namespace cds::bench {

/// @brief Builds the hall row by row; switches fill network racks at the row ends.
class SyntheticHall {
public:
    explicit SyntheticHall(const Catalog& library)
        : m_lib(library) {
        embedSupportItems(d, library);
        for (FabricKind k :
             {FabricKind::Compute, FabricKind::Storage, FabricKind::Inband, FabricKind::Oob}) {
            Fabric f;
            f.name = fabricKindKey(k);
            f.kind = k;
            f.technology = k == FabricKind::Compute ? Technology::InfiniBand : Technology::Ethernet;
            d.fabrics.push_back(f);
        }
    }

    DesignData build(int servers) {
        const int racksPerRow = 32, serversPerRack = 4;
        const int serverRacks = (servers + serversPerRack - 1) / serversPerRack;
        const int rows = (serverRacks + racksPerRow - 1) / racksPerRow + 2;
        d.hall.widthMm = (racksPerRow + 8) * 600.0;
        d.hall.depthMm = rows * 4 * 600.0 + 1200;
        for (int r = 0; r < rows; ++r)
            d.hall.rows.push_back({QStringLiteral("Row %1").arg(r + 1),
                                   {1200, 2400.0 + r * 2400, racksPerRow * 600.0 + 3600, 1200},
                                   true});
        std::vector<DeviceId> nodes;
        for (int i = 0; i < servers; ++i) {
            if (i % serversPerRack == 0)
                m_rack = placeRack(int(d.racks.size()));
            nodes.push_back(mount("nvidia-dgx-h100",
                                  QStringLiteral("gpu%1").arg(i + 1, 4, 10, QLatin1Char('0')),
                                  2 + (i % serversPerRack) * 9));
        }
        m_netRackIndex = int(d.racks.size());
        const FabricId compute(0), storage(1), inband(2), oob(3);
        Pool leaves{this, "nvidia-qm9700", compute, Tier::Leaf, 32};
        Pool spines{this, "nvidia-qm9700", compute, Tier::Spine, 64};
        Pool stor{this, "nvidia-sn5600", storage, Tier::Leaf, 64};
        Pool inb{this, "nvidia-sn4600c", inband, Tier::Leaf, 64};
        Pool mgmt{this, "nvidia-sn2201", oob, Tier::Leaf, 48};
        for (DeviceId n : nodes) {
            const CatalogItem& t = d.typeOf(d.devices[n]);
            for (int p = 0; p < int(t.ports.size()); ++p) {
                const PortRole role = t.ports[std::size_t(p)].role;
                Pool& pool = role == PortRole::Compute   ? leaves
                             : role == PortRole::Storage ? stor
                             : role == PortRole::Inband  ? inb
                                                         : mgmt;
                link({n, std::uint16_t(p)}, pool.next(), pool.fabric);
            }
        }
        // Every leaf's 32 uplinks spread over the spines.
        for (DeviceId leaf : leaves.all)
            for (int u = 0; u < 32; ++u)
                link({leaf, std::uint16_t(32 + u)}, spines.next(), compute);
        routeCables(d);
        return d;
    }

private:
    struct Pool {
        SyntheticHall* hall;
        const char* type;
        FabricId fabric;
        Tier tier;
        int ports;
        std::vector<DeviceId> all;
        int used = 0;
        PortRef next() {
            if (all.empty() || used == ports) {
                all.push_back(hall->switchDevice(type, fabric, tier));
                used = 0;
            }
            return {all.back(), std::uint16_t(used++)};
        }
    };

    RackId placeRack(int index) {
        Rack r;
        r.name = QStringLiteral("R%1").arg(index + 1, 3, 10, QLatin1Char('0'));
        r.type = type("rack-42u-600x1200");
        r.centre = {1200 + 300 + (index % 32) * 600.0, 2400 + 600 + (index / 32) * 2400.0};
        r.cooling = CoolingType::DirectLiquid;
        return d.racks.add(r);
    }
    DeviceId switchDevice(const char* t, FabricId f, Tier tier) {
        const int h = std::max(1, m_lib.item(QString::fromLatin1(t))->uHeight);
        if (!m_netRack || m_netU + h - 1 > 40) {
            m_netRack = placeRack(m_netRackIndex++);
            d.racks[m_netRack].cooling = CoolingType::Air;
            m_netU = 1;
        }
        m_rack = m_netRack;
        const DeviceId id = mount(t, QStringLiteral("sw%1").arg(d.devices.size()), m_netU);
        m_netU += h;
        d.devices[id].fabric = f;
        d.devices[id].tier = tier;
        return id;
    }
    DeviceId mount(const char* t, const QString& name, int u) {
        Device v;
        v.name = name;
        v.type = type(t);
        v.rack = m_rack;
        v.uPosition = u;
        return d.devices.add(v);
    }
    void link(PortRef a, PortRef b, FabricId f) {
        Link l;
        l.a = a;
        l.b = b;
        l.fabric = f;
        d.links.add(l);
    }
    TypeId type(const char* id) {
        const CatalogItem* it = m_lib.item(QString::fromLatin1(id));
        if (!it)
            qFatal("catalog entry %s missing", id);
        const TypeId t = d.catalog.find(it->id);
        return t ? t : d.catalog.add(*it);
    }

    const Catalog& m_lib;
    DesignData d;
    RackId m_rack, m_netRack;
    int m_netRackIndex = 0;
    int m_netU = 1;
};

} // namespace cds::bench
