#pragma once

#include "../DesignData.h"

#include <QByteArray>
#include <QStringList>

#include <map>
#include <vector>

namespace cds {

/// Compresses host names into Slurm host-list syntax: {gpu001, gpu002, gpu003, gpu007} ->
/// "gpu[001-003,007]". Names are grouped by prefix and digit width; order is by prefix, then
/// number. Names without a numeric suffix are listed as they are.
QString compressHostList(const QStringList& names);

/// @brief The result of a topology export: the file text, or why there is none.
struct SlurmTopology {
    bool ok = false;
    QByteArray text;
    QString error;
};

/// @brief One switch of Slurm's tree: a leaf-level switch lists nodes, an upper one switches.
struct SlurmSwitch {
    QString name;
    QStringList nodes;    ///< node names (leaf level), uncompressed
    QStringList switches; ///< switch names below it (spine and core levels)
};

/// @brief The compute fabric as Slurm's tree sees it; shared by topology.conf,
/// topology.yaml and the Kubernetes labels, so all three name the same switches.
struct SlurmTree {
    bool ok = false;
    QString error;
    bool railGrouped = false;               ///< leaf-level switches are scalable units ("su01")
    std::vector<SlurmSwitch> switches;      ///< leaf level first, then spines, then cores
    std::map<DeviceId, QString> nodeSwitch; ///< GPU server -> its leaf-level switch
};

/// The tree of the compute fabric's links. Each node appears exactly once: under its leaf,
/// or, when a rail-optimized node reaches several leaves, under one logical switch per
/// scalable unit ("su01") that stands for the leaves of that unit.
SlurmTree slurmTree(const DesignData& d);

/// topology.conf for Slurm's tree plugin, from the compute fabric's links. Each node appears
/// exactly once: under its leaf, or, when a rail-optimized node reaches several leaves, under
/// one logical switch per scalable unit ("su01") that stands for the leaves of that unit.
/// Spines list the leaf-level switches they reach, cores the spines.
SlurmTopology slurmTopology(const DesignData& d);

} // namespace cds
