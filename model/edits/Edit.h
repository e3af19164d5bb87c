#pragma once

#include "../Design.h"

#include <memory>
#include <tuple>
#include <vector>

namespace cds {

/// @brief One user edit of the model: apply and revert. The app wraps each in a
/// QUndoCommand; tests and the CLI use them directly. An edit that changes nothing reports
/// isNoOp() and is dropped; a drag merges into one edit (mergeWith).
class Edit {
public:
    virtual ~Edit() = default;
    virtual QString text() const = 0;
    virtual void apply(Design& d) = 0;
    virtual void revert(Design& d) = 0;
    virtual bool isNoOp() const { return false; }
    /// Edits with the same non-negative id may merge (e.g. successive moves of one drag).
    virtual int mergeId() const { return -1; }
    virtual bool mergeWith(const Edit&) { return false; }
};

/// @brief Adds or removes a set of racks, devices and links, keeping their ids.
class ObjectsEdit final : public Edit {
public:
    struct Objects {
        std::vector<std::pair<RackId, Rack>> racks;
        std::vector<std::pair<DeviceId, Device>> devices;
        std::vector<std::pair<LinkId, Link>> links;
        /// Catalog entries the new objects use that the design did not hold yet: embedded
        /// with them (at the next TypeIds) and dropped again when they are.
        std::vector<CatalogItem> types;
        bool empty() const { return racks.empty() && devices.empty() && links.empty(); }
    };
    /// New objects get the next free ids of @p d, in order.
    static std::unique_ptr<ObjectsEdit> addition(const DesignData& d, QString text,
                                                 std::vector<Rack> racks,
                                                 std::vector<Device> devices = {},
                                                 std::vector<Link> links = {},
                                                 std::vector<CatalogItem> types = {});
    /// Removing a rack removes its devices; removing a device removes its links.
    static std::unique_ptr<ObjectsEdit> removal(const DesignData& d, QString text,
                                                const std::vector<RackId>& racks,
                                                const std::vector<DeviceId>& devices = {},
                                                const std::vector<LinkId>& links = {});
    QString text() const override { return m_text; }
    void apply(Design& d) override { m_add ? insert(d) : erase(d); }
    void revert(Design& d) override { m_add ? erase(d) : insert(d); }
    bool isNoOp() const override { return m_objects.empty(); }
    const Objects& objects() const { return m_objects; }

private:
    ObjectsEdit(QString text, bool add, Objects o)
        : m_text(std::move(text))
        , m_add(add)
        , m_objects(std::move(o)) {}
    void insert(Design& d);
    void erase(Design& d);
    QString m_text;
    bool m_add;
    Objects m_objects;
};

/// @brief Changes the values of some objects of one kind (move, rotate, rename, mount...).
template <typename T, typename IdT> class ChangeEdit final : public Edit {
public:
    using Change = std::tuple<IdT, T, T>; ///< id, before, after
    ChangeEdit(QString text, std::vector<Change> changes, int mergeId = -1)
        : m_text(std::move(text))
        , m_changes(std::move(changes))
        , m_mergeId(mergeId) {}
    QString text() const override { return m_text; }
    void apply(Design& d) override {
        for (const auto& [id, before, after] : m_changes)
            update(d, id, after);
    }
    void revert(Design& d) override {
        for (auto it = m_changes.rbegin(); it != m_changes.rend(); ++it)
            update(d, std::get<0>(*it), std::get<1>(*it));
    }
    bool isNoOp() const override {
        for (const auto& [id, before, after] : m_changes)
            if (!(before == after))
                return false;
        return true;
    }
    int mergeId() const override { return m_mergeId; }
    bool mergeWith(const Edit& other) override {
        auto* o = dynamic_cast<const ChangeEdit*>(&other);
        if (!o || o->m_changes.size() != m_changes.size())
            return false;
        for (std::size_t i = 0; i < m_changes.size(); ++i)
            if (std::get<0>(o->m_changes[i]) != std::get<0>(m_changes[i]))
                return false;
        for (std::size_t i = 0; i < m_changes.size(); ++i)
            std::get<2>(m_changes[i]) = std::get<2>(o->m_changes[i]);
        return true;
    }

private:
    static void update(Design& d, RackId id, const Rack& v) { d.updateRack(id, v); }
    static void update(Design& d, DeviceId id, const Device& v) { d.updateDevice(id, v); }
    static void update(Design& d, LinkId id, const Link& v) { d.updateLink(id, v); }
    QString m_text;
    std::vector<Change> m_changes;
    int m_mergeId;
};

using ChangeRacksEdit = ChangeEdit<Rack, RackId>;
using ChangeDevicesEdit = ChangeEdit<Device, DeviceId>;
using ChangeLinksEdit = ChangeEdit<Link, LinkId>;

/// Merge ids for drags: successive edits with the same id and objects become one step.
/// (3 is PathwayOps' kMergeMovePathways.)
enum MergeIds : int { MergeMoveRacks = 1, MergeMoveDevices = 2, MergeMovePowerRack = 4 };

/// @brief Document-level properties: meta, hall, settings, fabrics, prices, waivers.
struct DocumentProps {
    DesignMeta meta;
    Hall hall;
    DesignSettings settings;
    std::vector<Fabric> fabrics;
    std::map<QString, PriceOverride> priceOverrides;
    std::vector<Waiver> waivers;
    static DocumentProps of(const DesignData& d);
    bool operator==(const DocumentProps&) const = default;
};

class DocumentEdit final : public Edit {
public:
    DocumentEdit(QString text, DocumentProps before, DocumentProps after)
        : m_text(std::move(text))
        , m_before(std::move(before))
        , m_after(std::move(after)) {}
    QString text() const override { return m_text; }
    void apply(Design& d) override { set(d, m_after); }
    void revert(Design& d) override { set(d, m_before); }
    bool isNoOp() const override { return m_before == m_after; }

private:
    static void set(Design& d, const DocumentProps& p);
    QString m_text;
    DocumentProps m_before, m_after;
};

/// @brief Replaces the whole design: generation, import. One undo step, however large.
class ReplaceDesignEdit final : public Edit {
public:
    ReplaceDesignEdit(QString text, DesignData before, DesignData after)
        : m_text(std::move(text))
        , m_before(std::move(before))
        , m_after(std::move(after)) {}
    QString text() const override { return m_text; }
    void apply(Design& d) override { d.reset(m_after); }
    void revert(Design& d) override { d.reset(m_before); }
    bool isNoOp() const override { return m_before == m_after; }

private:
    QString m_text;
    DesignData m_before, m_after;
};

} // namespace cds
