#include "PowerDiagramLayout.h"

#include "model/power/PowerTopology.h"
#include "views/render/NaturalOrder.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace cds::views {

using M = PowerDiagramMetrics;

namespace {

QString bandTitle(const QString& group) {
    if (group.isEmpty())
        return QStringLiteral("Ungrouped");
    // A campus's chains carry their hall first ("H2 A", "H2 block 1"): "Hall 2 · Side A".
    if (const qsizetype space = group.indexOf(QLatin1Char(' '));
        space > 1 && group.startsWith(QLatin1Char('H'))) {
        bool number = false;
        const int hall = group.mid(1, space - 1).toInt(&number);
        if (number)
            return QStringLiteral("Hall %1 · %2")
                .arg(QString::number(hall), bandTitle(group.mid(space + 1)));
    }
    if (group.size() <= 2)
        return QStringLiteral("Side ") + group;
    return group.left(1).toUpper() + group.mid(1);
}

QString shortKind(PowerKind k) {
    switch (k) {
    case PowerKind::Rpp:
        return QStringLiteral("RPP");
    case PowerKind::Utility:
        return QStringLiteral("Utility");
    default:
        return powerKindLabel(k);
    }
}

/// Builds the layout in steps; each step reads what the previous ones left.
class Layouter {
public:
    Layouter(const DesignData& d, int groupOver)
        : m_d(d)
        , m_c(d.power)
        , m_topo(d)
        , m_groupOver(groupOver) {}

    PowerDiagramLayout run();

private:
    void rank();
    void assignBands();
    void groupLeaves();
    std::vector<PowerElementId> supplies(PowerElementId id) const {
        std::vector<PowerElementId> up;
        for (PowerElementId u : m_c.elements[id].upstream)
            if (m_c.elements.contains(u))
                up.push_back(u);
        std::sort(up.begin(), up.end());
        up.erase(std::unique(up.begin(), up.end()), up.end());
        return up;
    }
    void orderLeaves();
    void place();
    std::vector<PowerElementId> column(int band, int col) const;
    double placeBand(int band, double first);
    void rackTags();
    void connect();
    bool nameLess(PowerElementId a, PowerElementId b) const {
        return render::naturalLess(m_c.elements[a].name, m_c.elements[b].name);
    }
    std::vector<PowerElementId> sortedByName(std::vector<PowerElementId> v) const {
        std::sort(v.begin(), v.end(), [&](auto a, auto b) { return nameLess(a, b); });
        return v;
    }

    const DesignData& m_d;
    const PowerChain& m_c;
    PowerTopology m_topo;
    int m_groupOver;
    std::vector<PowerElementId> m_live; ///< the elements with a node of their own
    std::map<PowerElementId, std::vector<PowerElementId>> m_members; ///< grouped leaves
    std::vector<int> m_rank, m_band, m_nodeOf;
    std::vector<double> m_key; ///< order within a column: the first leaf below it
    std::vector<QString> m_groups;
    int m_columns = 0;
    PowerDiagramLayout m_out;
};

void Layouter::rank() {
    m_rank.assign(m_c.elements.capacity(), 0);
    for (PowerElementId id : m_topo.sourcesFirst()) {
        const PowerElement& e = m_c.elements[id];
        int normal = -1, any = -1;
        for (PowerElementId u : e.upstream)
            if (m_c.elements.contains(u)) {
                any = std::max(any, m_rank[u.value()]);
                if (!isStandby(m_c.elements[u].kind))
                    normal = std::max(normal, m_rank[u.value()]);
            }
        m_rank[id.value()] = (normal >= 0 ? normal : any) + 1;
    }
    // A standby source stands just before what it backs up, beside that element's supply.
    for (PowerElementId id : m_live) {
        const auto& down = m_topo.downstream(id);
        if (!isStandby(m_c.elements[id].kind) || down.empty())
            continue;
        int lowest = std::numeric_limits<int>::max();
        for (PowerElementId x : down)
            lowest = std::min(lowest, m_rank[x.value()]);
        m_rank[id.value()] = std::max(0, lowest - 1);
    }
    for (PowerElementId id : m_live)
        m_columns = std::max(m_columns, m_rank[id.value()] + 1);
}

void Layouter::assignBands() {
    // An element with no group (the utility of an N+1 or block chain) joins the band of the
    // first element it feeds, so it needs no band of its own.
    auto groupOf = [&](PowerElementId id) {
        for (int hops = 0; hops < 64; ++hops) {
            const PowerElement& e = m_c.elements[id];
            const auto& down = m_topo.downstream(id);
            if (!e.group.isEmpty() || down.empty())
                return e.group;
            id = sortedByName(down).front();
        }
        return QString();
    };
    std::vector<QString> groupOfNode;
    for (PowerElementId id : m_live) {
        groupOfNode.push_back(groupOf(id));
        if (std::find(m_groups.begin(), m_groups.end(), groupOfNode.back()) == m_groups.end())
            m_groups.push_back(groupOfNode.back());
    }
    std::sort(m_groups.begin(), m_groups.end(), [](const QString& a, const QString& b) {
        if (a.isEmpty() != b.isEmpty())
            return b.isEmpty();
        return render::naturalLess(a, b);
    });
    m_band.assign(m_c.elements.capacity(), 0);
    for (std::size_t i = 0; i < m_live.size(); ++i)
        m_band[m_live[i].value()] =
            int(std::find(m_groups.begin(), m_groups.end(), groupOfNode[i]) - m_groups.begin());
}

void Layouter::groupLeaves() {
    // Leaves of one band and column drawing from the same supplies: one node when many.
    std::map<std::tuple<int, int, std::vector<PowerElementId>>, std::vector<PowerElementId>> like;
    for (PowerElementId id : m_live)
        if (m_topo.downstream(id).empty())
            like[{m_band[id.value()], m_rank[id.value()], supplies(id)}].push_back(id);
    std::vector<char> hidden(m_c.elements.capacity(), 0);
    for (auto& [key, ids] : like) {
        if (int(ids.size()) <= m_groupOver)
            continue;
        ids = sortedByName(ids);
        for (std::size_t i = 1; i < ids.size(); ++i)
            hidden[ids[i].value()] = 1;
        m_members[ids.front()] = ids;
    }
    std::erase_if(m_live, [&](PowerElementId id) { return hidden[id.value()] != 0; });
}

void Layouter::orderLeaves() {
    // Leaves in the order a walk from the sources meets them, each parent's children by name:
    // a UPS's busways come together, under the transformer that feeds them.
    m_key.assign(m_c.elements.capacity(), std::numeric_limits<double>::max());
    std::vector<char> seen(m_c.elements.capacity(), 0);
    double next = 0;
    std::vector<PowerElementId> roots;
    for (PowerElementId id : m_live)
        if (m_rank[id.value()] == 0 && !isStandby(m_c.elements[id].kind))
            roots.push_back(id);
    roots = sortedByName(roots);
    for (PowerElementId id : m_live) // anything a walk from the roots misses (a cycle)
        roots.push_back(id);
    for (PowerElementId root : roots) {
        std::vector<PowerElementId> stack{root};
        while (!stack.empty()) {
            const PowerElementId at = stack.back();
            stack.pop_back();
            if (seen[at.value()])
                continue;
            seen[at.value()] = 1;
            const auto& down = m_topo.downstream(at);
            if (down.empty())
                m_key[at.value()] = next++;
            const std::vector<PowerElementId> kids = sortedByName(down);
            for (auto it = kids.rbegin(); it != kids.rend(); ++it)
                stack.push_back(*it);
        }
    }
    // A parent sorts with its first leaf: walk from the leaves up (reverse source order).
    const auto& order = m_topo.sourcesFirst();
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        for (PowerElementId x : m_topo.downstream(*it))
            m_key[it->value()] = std::min(m_key[it->value()], m_key[x.value()]);
    for (PowerElementId id : m_live) // standby sources are not in the walk's order
        for (PowerElementId x : m_topo.downstream(id))
            m_key[id.value()] = std::min(m_key[id.value()], m_key[x.value()]);
}

std::vector<PowerElementId> Layouter::column(int band, int col) const {
    std::vector<PowerElementId> here;
    for (PowerElementId id : m_live)
        if (m_rank[id.value()] == col && m_band[id.value()] == band)
            here.push_back(id);
    return here;
}

double Layouter::placeBand(int b, double first) {
    auto nodeOf = [&](PowerElementId id) -> PowerNode& {
        return m_out.nodes[std::size_t(m_nodeOf[id.value()])];
    };
    auto inBand = [&](PowerElementId x) {
        return m_nodeOf[x.value()] >= 0 && m_band[x.value()] == b;
    };
    double bottom = first;
    // Right to left: each element level with the first element it feeds, pushed down below
    // the one above it.
    for (int col = m_columns - 1; col >= 0; --col) {
        std::vector<PowerElementId> here = column(b, col);
        std::sort(here.begin(), here.end(), [&](PowerElementId a, PowerElementId c) {
            const bool sa = isStandby(m_c.elements[a].kind);
            const bool sc = isStandby(m_c.elements[c].kind);
            if (std::tie(m_key[a.value()], sa) != std::tie(m_key[c.value()], sc))
                return std::tie(m_key[a.value()], sa) < std::tie(m_key[c.value()], sc);
            return nameLess(a, c);
        });
        double cursor = first;
        for (PowerElementId id : here) {
            double wanted = std::numeric_limits<double>::max();
            for (PowerElementId x : m_topo.downstream(id))
                if (inBand(x) && m_rank[x.value()] > col)
                    wanted = std::min(wanted, nodeOf(x).rect.y());
            const double y =
                std::max(wanted == std::numeric_limits<double>::max() ? first : wanted, cursor);
            nodeOf(id).rect = QRectF(m_out.columnX(col), y, M::kBoxWidth, M::kBoxHeight);
            cursor = y + M::kBoxHeight + M::kRowGap;
        }
    }
    // Left to right: nothing above the element it draws from, so a UPS line whose transformer
    // and generator take two rows keeps its UPS and busways level with it, not drifting up.
    for (int col = 0; col < m_columns; ++col) {
        std::vector<PowerElementId> here = column(b, col);
        std::sort(here.begin(), here.end(), [&](PowerElementId a, PowerElementId c) {
            return nodeOf(a).rect.y() < nodeOf(c).rect.y();
        });
        double cursor = first;
        for (PowerElementId id : here) {
            double supply = first;
            bool any = false;
            for (PowerElementId u : m_c.elements[id].upstream)
                if (m_c.elements.contains(u) && inBand(u) && m_rank[u.value()] < col &&
                    !isStandby(m_c.elements[u].kind)) {
                    supply = any ? std::min(supply, nodeOf(u).rect.y()) : nodeOf(u).rect.y();
                    any = true;
                }
            PowerNode& n = nodeOf(id);
            n.rect.moveTop(std::max({n.rect.y(), supply, cursor}));
            cursor = n.rect.bottom() + M::kRowGap;
        }
        bottom = std::max(bottom, cursor);
    }
    return bottom;
}

void Layouter::place() {
    m_nodeOf.assign(m_c.elements.capacity(), -1);
    for (PowerElementId id : m_live) {
        m_nodeOf[id.value()] = int(m_out.nodes.size());
        PowerNode n;
        n.id = id;
        n.column = m_rank[id.value()];
        n.band = m_band[id.value()];
        m_out.nodes.push_back(n);
    }
    double top = M::kMargin + M::kHeaderHeight;
    for (int b = 0; b < int(m_groups.size()); ++b) {
        const double end = placeBand(b, top + M::kBandTitle) + M::kRowGap;
        m_out.bands.push_back({bandTitle(m_groups[std::size_t(b)]), QRectF(0, top, 0, end - top)});
        top = end;
    }
    m_out.size = QSizeF(0, top + M::kMargin);
}

void Layouter::rackTags() {
    for (PowerNode& n : m_out.nodes) {
        n.racks = m_topo.racksOn(n.id);
        if (auto it = m_members.find(n.id); it != m_members.end()) {
            n.members = it->second;
            for (PowerElementId m : n.members)
                n.racks.insert(n.racks.end(), m_topo.racksOn(m).begin(), m_topo.racksOn(m).end());
            std::sort(n.racks.begin(), n.racks.end());
            n.racks.erase(std::unique(n.racks.begin(), n.racks.end()), n.racks.end());
        }
        if (n.racks.empty())
            continue;
        m_out.hasRackColumn = true;
        QStringList names, rows;
        for (RackId r : n.racks) {
            const Rack& rack = m_d.racks[r];
            names << rack.name;
            for (const Row& row : m_d.hall.rows) {
                const RectMm& a = row.area;
                if (rack.centre.x >= a.x && rack.centre.x <= a.x + a.w && rack.centre.y >= a.y &&
                    rack.centre.y <= a.y + a.h && !rows.contains(row.name))
                    rows << row.name;
            }
        }
        std::sort(names.begin(), names.end(), render::naturalLess);
        std::sort(rows.begin(), rows.end(), render::naturalLess);
        n.racksText = render::abbreviateNames(names);
        n.rowsText = render::abbreviateNames(rows);
    }
}

void Layouter::connect() {
    std::map<std::vector<PowerElementId>, std::vector<PowerElementId>> bySupply;
    for (PowerElementId id : m_live)
        if (std::vector<PowerElementId> up = supplies(id); !up.empty())
            bySupply[up].push_back(id);
    // One lane per bar that overlaps another in the same gap, alternating either side of the
    // gap's middle, so parallel buses stay apart.
    struct Span {
        double from, to;
        std::size_t index;
        int column;
    };
    std::vector<Span> spans;
    for (auto& [up, down] : bySupply) {
        PowerConnector c;
        c.upstream = up;
        c.downstream = down;
        c.standby = std::all_of(up.begin(), up.end(),
                                [&](PowerElementId u) { return isStandby(m_c.elements[u].kind); });
        double from = std::numeric_limits<double>::max(), to = -from;
        int column = m_columns;
        for (const std::vector<PowerElementId>* list : {&c.upstream, &c.downstream})
            for (PowerElementId e : *list) {
                const QRectF r = m_out.nodes[std::size_t(m_nodeOf[e.value()])].rect;
                from = std::min(from, r.center().y());
                to = std::max(to, r.center().y());
            }
        for (PowerElementId e : down)
            column = std::min(column, m_rank[e.value()]);
        spans.push_back({from, to, m_out.connectors.size(), column});
        m_out.connectors.push_back(std::move(c));
    }
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
        return std::tie(a.column, a.from, a.index) < std::tie(b.column, b.from, b.index);
    });
    std::map<int, std::vector<double>> laneEnds; // per column: where each lane is free again
    for (const Span& s : spans) {
        std::vector<double>& ends = laneEnds[s.column];
        std::size_t lane = 0;
        while (lane < ends.size() && ends[lane] >= s.from - 1)
            ++lane;
        if (lane == ends.size())
            ends.push_back(0);
        ends[lane] = s.to;
        const int side = lane % 2 == 0 ? int(lane / 2) : -int(lane / 2 + 1);
        const double step = std::min<double>(M::kLaneStep, (M::kColumnGap - 8) / 2 / 3);
        const double mid = m_out.columnX(std::max(0, s.column)) - M::kColumnGap / 2;
        m_out.connectors[s.index].barX =
            std::clamp(mid + side * step, mid - M::kColumnGap / 2 + 4, mid + M::kColumnGap / 2 - 4);
    }
}

PowerDiagramLayout Layouter::run() {
    m_c.elements.forEach([&](PowerElementId id, const PowerElement&) { m_live.push_back(id); });
    if (m_live.empty())
        return m_out;
    rank();
    assignBands();
    if (m_groupOver > 0)
        groupLeaves();
    orderLeaves();
    place();
    rackTags();
    connect();
    double width = m_out.columnX(m_columns) - M::kColumnGap + M::kMargin;
    m_out.rackColumnX = width - M::kMargin + M::kColumnGap / 2;
    if (m_out.hasRackColumn)
        width += M::kColumnGap / 2 + M::kRackTagWidth;
    m_out.size.setWidth(width);
    for (PowerBand& b : m_out.bands)
        b.rect.setWidth(width);
    for (int col = 0; col < m_columns; ++col) {
        std::vector<int> kinds;
        for (const PowerNode& n : m_out.nodes)
            if (n.column == col)
                kinds.push_back(int(m_c.elements[n.id].kind));
        std::sort(kinds.begin(), kinds.end());
        kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
        QStringList labels;
        for (int k : kinds)
            labels << shortKind(PowerKind(k));
        m_out.columnTitles << labels.join(QStringLiteral(" / "));
    }
    if (m_out.hasRackColumn)
        m_out.columnTitles << QStringLiteral("Racks");
    return m_out;
}

} // namespace

const PowerNode* PowerDiagramLayout::find(PowerElementId id) const {
    auto it = std::lower_bound(nodes.begin(), nodes.end(), id,
                               [](const PowerNode& n, PowerElementId v) { return n.id < v; });
    return it != nodes.end() && it->id == id ? &*it : nullptr;
}

double PowerDiagramLayout::columnX(int column) const {
    return M::kMargin + column * (M::kBoxWidth + M::kColumnGap);
}

PowerDiagramLayout layoutPowerDiagram(const DesignData& d, int groupLeavesOver) {
    return Layouter(d, groupLeavesOver).run();
}

} // namespace cds::views
