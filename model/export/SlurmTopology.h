#pragma once

#include "../DesignData.h"

#include <QByteArray>
#include <QStringList>

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

/// topology.conf for Slurm's tree plugin, from the compute fabric's links. Each node appears
/// exactly once: under its leaf, or, when a rail-optimized node reaches several leaves, under
/// one logical switch per scalable unit ("su01") that stands for the leaves of that unit.
/// Spines list the leaf-level switches they reach, cores the spines.
SlurmTopology slurmTopology(const DesignData& d);

} // namespace cds
