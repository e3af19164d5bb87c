#include "NetBoxLibrary.h"

#include <QRegularExpression>

#include <map>

namespace cds {

namespace {

/// Names a catalog port (group prefix, 1-based number) the way the library's file does;
/// empty when the library has no such interface.
using PortNamer = QString (*)(const QString& group, int n);

struct Adopted {
    NetBoxLibraryType type;
    PortNamer name;
};

QString sn4600cPort(const QString& g, int n) {
    if (g == QLatin1String("swp"))
        return QStringLiteral("swp%1").arg(n);
    return g == QLatin1String("mgmt") && n == 1 ? QStringLiteral("eth0") : QString();
}

QString sn2201Port(const QString& g, int n) {
    if (g == QLatin1String("ge"))
        return QStringLiteral("swp%1").arg(n);
    if (g == QLatin1String("up"))
        return QStringLiteral("swp%1").arg(48 + n);
    return g == QLatin1String("mgmt") && n == 1 ? QStringLiteral("eth0") : QString();
}

QString qm8700Port(const QString& g, int n) {
    if (g == QLatin1String("hdr"))
        return QStringLiteral("IB1/%1").arg(n);
    return g == QLatin1String("mgmt") && n == 1 ? QStringLiteral("mgmt0") : QString();
}

QString q3400Port(const QString& g, int n) {
    // 144 ports in 72 twin-port cages: NVOS names cage c's ports swCp1 and swCp2.
    if (g == QLatin1String("xdr"))
        return QStringLiteral("sw%1p%2").arg((n + 1) / 2).arg((n - 1) % 2 + 1);
    return g == QLatin1String("mgmt") && n == 1 ? QStringLiteral("eth0") : QString();
}

/// The library's files, as read at the commits named (tests/model/export/data/
/// devicetype-library-types.json holds the same facts and the tests compare them).
const std::map<QString, Adopted>& adopted() {
    static const std::map<QString, Adopted> table = {
        {QStringLiteral("nvidia-sn4600c"),
         {{QStringLiteral("Mellanox"),
           QStringLiteral("mellanox"),
           QStringLiteral("SN4600C"),
           QStringLiteral("mellanox-sn4600c"),
           QStringList{"psu0", "psu1"},
           QStringLiteral("iec-60320-c14"),
           0,
           {},
           QStringLiteral("device-types/Mellanox/SN4600C.yml, commit 87ccac9d")},
          sn4600cPort}},
        {QStringLiteral("nvidia-sn2201"),
         {{QStringLiteral("Mellanox"),
           QStringLiteral("mellanox"),
           QStringLiteral("SN2201"),
           QStringLiteral("mellanox-sn2201"),
           QStringList{"psu1", "psu2"},
           QStringLiteral("iec-60320-c14"),
           300,
           {},
           QStringLiteral("device-types/Mellanox/SN2201.yml, commit c516504f")},
          sn2201Port}},
        {QStringLiteral("nvidia-qm8700"),
         {{QStringLiteral("Mellanox"),
           QStringLiteral("mellanox"),
           QStringLiteral("QM8700"),
           QStringLiteral("mellanox-qm8700"),
           QStringList{"ps1", "psu2"},
           QStringLiteral("iec-60320-c14"),
           1100,
           {},
           QStringLiteral("device-types/Mellanox/qm8700.yml, commit e67f4b9e")},
          qm8700Port}},
        {QStringLiteral("nvidia-q3400"),
         {{QStringLiteral("Nvidia"),
           QStringLiteral("nvidia"),
           QStringLiteral("Q3400-RA"),
           QStringLiteral("nvidia-q3400-ra"),
           QStringList{"PSU1", "PSU2", "PSU3", "PSU4", "PSU5", "PSU6", "PSU7", "PSU8"},
           QStringLiteral("iec-60320-c20"),
           875,
           {{QStringLiteral("eth1"), QStringLiteral("1000base-t")},
            {QStringLiteral("fnm1"), QStringLiteral("infiniband-xdr")}},
           QStringLiteral("device-types/Nvidia/Q3400-RA.yaml, commit edd51b57")},
          q3400Port}},
    };
    return table;
}

/// Models the library holds whose files the export cannot adopt, and why.
const std::map<QString, QString>& distinct() {
    static const std::map<QString, QString> table = {
        {QStringLiteral("nvidia-qm9700"),
         QStringLiteral("the library's Nvidia/QM9700 lists 62 of the 64 ports (no P22.1, "
                        "P23.0) and models the PSUs as module bays, so its devices have no "
                        "power ports to cable")},
        {QStringLiteral("nvidia-sn5600"),
         QStringLiteral("the library's Nvidia/SN5600 models the PSUs as module bays, so its "
                        "devices have no power ports to cable")},
        {QStringLiteral("nvidia-sn5610"),
         QStringLiteral("the library's Nvidia/SN5610 models the PSUs as module bays, so its "
                        "devices have no power ports to cable")},
    };
    return table;
}

} // namespace

const NetBoxLibraryType* netboxLibraryType(const QString& catalogId) {
    const auto it = adopted().find(catalogId);
    return it == adopted().end() ? nullptr : &it->second.type;
}

QString netboxPortName(const QString& catalogId, const QString& logicalName) {
    const auto it = adopted().find(catalogId);
    if (it == adopted().end())
        return logicalName;
    // Catalog ports are "group-N"; a breakout lane adds "sK" (Cumulus names lanes the same).
    static const QRegularExpression port(QStringLiteral("^(.*)-(\\d+)(s\\d+)?$"));
    const auto m = port.match(logicalName);
    if (!m.hasMatch())
        return logicalName;
    const QString name = it->second.name(m.captured(1), m.captured(2).toInt());
    return name.isEmpty() ? logicalName : name + m.captured(3);
}

QString netboxLibraryNote(const QString& catalogId) {
    if (const NetBoxLibraryType* t = netboxLibraryType(catalogId))
        return QStringLiteral("%1 %2 (`%3`): the library's type, adopted with its slug, power "
                              "port and interface names (%4); the cables name its interfaces.")
            .arg(t->manufacturer, t->model, t->slug, t->source);
    const auto it = distinct().find(catalogId);
    if (it == distinct().end())
        return {};
    return QStringLiteral("`%1` is written as its own model with the suffix -CDS (a slug and "
                          "model the library does not use) because %2.")
        .arg(catalogId, it->second);
}

} // namespace cds
