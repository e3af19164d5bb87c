#pragma once

#include "DesignData.h"

#include <QObject>

namespace cds {

/// @brief The open design document: owns the DesignData and announces every real change.
/// Views subscribe; edits (model/edits) call these mutators; the model never knows views.
/// Setters that would change nothing return false and emit nothing.
class Design : public QObject {
    Q_OBJECT
public:
    explicit Design(QObject* parent = nullptr);
    explicit Design(DesignData data, QObject* parent = nullptr);

    const DesignData& data() const { return m_data; }

    /// Replaces the whole document (open, generate, undo of a bulk edit). Emits reset().
    /// @p cablesRouted: every cable's length and media are already derived (an open routes
    /// them on its worker thread), so the live analysis need not route them again.
    void reset(DesignData data, bool cablesRouted = false);
    /// Whether the last reset() came with its cables routed.
    bool cablesRoutedAtReset() const { return m_cablesRoutedAtReset; }

    RackId addRack(Rack r);
    void insertRack(RackId id, Rack r);
    Rack removeRack(RackId id);
    bool updateRack(RackId id, const Rack& r);

    DeviceId addDevice(Device d);
    void insertDevice(DeviceId id, Device d);
    Device removeDevice(DeviceId id);
    bool updateDevice(DeviceId id, const Device& d);

    LinkId addLink(Link l);
    void insertLink(LinkId id, Link l);
    Link removeLink(LinkId id);
    bool updateLink(LinkId id, const Link& l);

    void insertPathway(PathwayId id, Pathway p);
    Pathway removePathway(PathwayId id);
    bool updatePathway(PathwayId id, const Pathway& p);

    bool setMeta(const DesignMeta& m);
    bool setHall(const Hall& h);
    bool setSettings(const DesignSettings& s);
    bool setFabrics(const std::vector<Fabric>& f);
    bool setPriceOverrides(const std::map<QString, PriceOverride>& p);
    bool setWaivers(const std::vector<Waiver>& w);
    /// The build phases (racks keep their index; edits::setPhases keeps them in range).
    bool setPhases(const std::vector<BuildPhase>& p);
    /// The power chain (edits::PowerOps keep it one a file would read: names unique, values in
    /// range, no cycle). Racks' feeds are changed with the racks.
    bool setPower(const PowerChain& p);

    /// Embeds a copy of @p item (if not there yet) and returns its TypeId in this design.
    /// Unused entries are dropped when the design is saved.
    TypeId ensureType(const CatalogItem& item);
    /// Embeds entries an edit carries (they get the next TypeIds, in order) and drops them
    /// again when it is undone; both emit catalogChanged().
    void embedTypes(const std::vector<CatalogItem>& items);
    void dropLastTypes(std::size_t n);

    /// Derived link data (length, chosen medium) written by cable routing; emits nothing
    /// per link, only derivedChanged() once.
    /// @p mediumB: the transceiver at the B end when it differs from @p medium.
    void setDerivedLinkData(LinkId id, float lengthM, TypeId medium, TypeId mediumB = {});
    void notifyDerivedChanged();

Q_SIGNALS:
    void rackAdded(cds::RackId id);
    void rackRemoved(cds::RackId id);
    void rackChanged(cds::RackId id);
    void deviceAdded(cds::DeviceId id);
    void deviceRemoved(cds::DeviceId id);
    void deviceChanged(cds::DeviceId id);
    void linkAdded(cds::LinkId id);
    void linkRemoved(cds::LinkId id);
    void linkChanged(cds::LinkId id);
    void pathwayAdded(cds::PathwayId id);
    void pathwayRemoved(cds::PathwayId id);
    void pathwayChanged(cds::PathwayId id);
    void metaChanged();
    void hallChanged();
    void settingsChanged();
    void fabricsChanged();
    void pricesChanged();
    void waiversChanged();
    void phasesChanged();
    void powerChanged();
    void catalogChanged();
    void derivedChanged();
    void resetDone();
    /// After every change of any kind (coalesce in the receiver).
    void changed();

private:
    DesignData m_data;
    bool m_cablesRoutedAtReset = false;
};

} // namespace cds
