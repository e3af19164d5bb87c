#pragma once
// NetBox's published choice lists and the devicetype-library's schema, read from the data
// files in tests/model/export/data (their sources are named in each file), and readers for
// the CSV files and the device-type YAML subset the exporter writes.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

namespace cds::test {

/// RFC 4180 rows of a CSV file: quoted fields may hold commas, quotes and line breaks.
inline QList<QStringList> parseCsv(const QByteArray& bytes) {
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    const QString s = QString::fromUtf8(bytes);
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < s.size() && s.at(i + 1) == QLatin1Char('"'))
                field += c, ++i;
            else if (c == QLatin1Char('"'))
                quoted = false;
            else
                field += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            row << field;
            field.clear();
            rows << row;
            row.clear();
        } else if (c != QLatin1Char('\r')) {
            field += c;
        }
    }
    if (quoted)
        qWarning("unterminated quote");
    return rows;
}

/// Rows of a CSV as {column -> value}.
inline QList<QMap<QString, QString>> records(const QByteArray& bytes) {
    const QList<QStringList> rows = parseCsv(bytes);
    QList<QMap<QString, QString>> out;
    for (qsizetype i = 1; i < rows.size(); ++i) {
        QMap<QString, QString> r;
        for (qsizetype c = 0; c < rows[0].size() && c < rows[i].size(); ++c)
            r[rows[0][c]] = rows[i][c];
        out << r;
    }
    return out;
}

/// {ChoiceSet name -> values} from netbox-choices.txt.
inline QMap<QString, QSet<QString>> netboxChoices() {
    QMap<QString, QSet<QString>> out;
    QFile f(QStringLiteral(CDS_SOURCE_DIR "/tests/model/export/data/netbox-choices.txt"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("netbox-choices.txt missing");
    QString section;
    for (const QByteArray& raw : f.readAll().split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        if (line.startsWith(QLatin1Char('[')))
            section = line.mid(1).chopped(1);
        else
            out[section].insert(line);
    }
    return out;
}

/// @brief The fields of one NetBox bulk-import form and those it requires.
struct ImportForm {
    QSet<QString> fields, required;
};

/// The import forms' fields the bundle writes, as netbox/{dcim,ipam}/forms/bulk_import.py declare
/// them (Meta fields; required: form fields without required=False), NetBox 4.6.8, commit
/// 43fe81f9e833228c9869f7ddadb67e6c5f145060 (the commit netbox-choices.txt is read at).
inline QMap<QString, ImportForm> netboxImportForms() {
    auto set = [](std::initializer_list<const char*> names) {
        QSet<QString> out;
        for (const char* n : names)
            out.insert(QLatin1String(n));
        return out;
    };
    return {
        {QStringLiteral("PowerPanelImportForm"),
         {set({"site", "location", "name", "description", "owner", "comments", "tags"}),
          set({"site", "name"})}},
        {QStringLiteral("PowerFeedImportForm"),
         {set({"site", "power_panel", "location", "rack", "name", "status", "type",
               "mark_connected", "supply", "phase", "voltage", "amperage", "max_utilization",
               "tenant", "description", "owner", "comments", "tags"}),
          set({"site", "power_panel", "name", "status", "type", "supply", "phase"})}},
        // netbox/dcim/forms/bulk_import.py InterfaceImportForm (type is a CSVChoiceField).
        {QStringLiteral("InterfaceImportForm"),
         {set({"device",
               "name",
               "label",
               "parent",
               "bridge",
               "lag",
               "type",
               "speed",
               "duplex",
               "enabled",
               "mark_connected",
               "wwn",
               "vdcs",
               "mtu",
               "mgmt_only",
               "description",
               "poe_mode",
               "poe_type",
               "mode",
               "vlan_group",
               "untagged_vlan",
               "tagged_vlans",
               "qinq_svlan",
               "vrf",
               "rf_role",
               "rf_channel",
               "rf_channel_frequency",
               "rf_channel_width",
               "tx_power",
               "owner",
               "tags"}),
          set({"device", "name", "type"})}},
        // netbox/ipam/forms/bulk_import.py (slug of an organizational model is required).
        {QStringLiteral("RIRImportForm"),
         {set({"name", "slug", "is_private", "description", "owner", "comments", "tags"}),
          set({"name", "slug"})}},
        {QStringLiteral("ASNImportForm"),
         {set({"asn", "rir", "role", "tenant", "description", "owner", "comments", "tags"}),
          set({"asn", "rir"})}},
        {QStringLiteral("PrefixImportForm"),
         {set({"prefix", "vrf", "tenant", "vlan_group", "vlan_site", "vlan", "status", "role",
               "scope_type", "scope_name", "scope_id", "is_pool", "mark_utilized", "description",
               "owner", "comments", "tags"}),
          set({"prefix", "status"})}},
        {QStringLiteral("IPAddressImportForm"),
         {set({"address", "vrf", "tenant", "status", "role", "device", "virtual_machine",
               "interface", "fhrp_group", "is_primary", "is_oob", "dns_name", "description",
               "owner", "comments", "tags"}),
          set({"address", "status"})}},
        {QStringLiteral("CableImportForm"),
         {set({"side_a_site",
               "side_a_device",
               "side_a_power_panel",
               "side_a_type",
               "side_a_name",
               "side_b_site",
               "side_b_device",
               "side_b_power_panel",
               "side_b_type",
               "side_b_name",
               "type",
               "status",
               "profile",
               "tenant",
               "bundle",
               "label",
               "color",
               "length",
               "length_unit",
               "description",
               "owner",
               "comments",
               "tags"}),
          set({"side_a_type", "side_a_name", "side_b_type", "side_b_name"})}},
    };
}

/// @brief One device-type file of the community devicetype-library, as read (see the data
/// file's $comment for the source and commits).
struct LibraryType {
    QString path, commit, manufacturer, model, slug;
    QStringList powerPorts, interfaces;
};

inline std::vector<LibraryType> libraryTypes() {
    QFile f(
        QStringLiteral(CDS_SOURCE_DIR "/tests/model/export/data/devicetype-library-types.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("devicetype-library-types.json missing");
    std::vector<LibraryType> out;
    const QJsonArray types =
        QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("types")).toArray();
    for (const QJsonValue v : types) {
        const QJsonObject o = v.toObject();
        auto list = [&](const char* key) {
            QStringList l;
            for (const QJsonValue s : o.value(QLatin1String(key)).toArray())
                l << s.toString();
            return l;
        };
        out.push_back({o.value(QStringLiteral("path")).toString(),
                       o.value(QStringLiteral("commit")).toString(),
                       o.value(QStringLiteral("manufacturer")).toString(),
                       o.value(QStringLiteral("model")).toString(),
                       o.value(QStringLiteral("slug")).toString(), list("powerPorts"),
                       list("interfaces")});
    }
    return out;
}

inline QJsonObject devicetypeSchema() {
    QFile f(
        QStringLiteral(CDS_SOURCE_DIR "/tests/model/export/data/devicetype-library-schema.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("devicetype-library-schema.json missing");
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// @brief A YAML scalar as written: its text, and whether it was a quoted string.
struct YamlScalar {
    QString text;
    bool quoted = false;
};
using YamlMap = QMap<QString, YamlScalar>;

/// @brief A device-type file: top-level scalars and lists of maps (interfaces, power-ports).
struct DeviceTypeYaml {
    YamlMap scalars;
    QMap<QString, std::vector<YamlMap>> lists;
    QStringList keyOrder;
    QString error; ///< a line the reader does not understand
};

inline YamlScalar yamlScalar(const QString& v) {
    if (v.size() >= 2 && v.startsWith(QLatin1Char('"')) && v.endsWith(QLatin1Char('"'))) {
        QString s = v.mid(1).chopped(1);
        s.replace(QLatin1String("\\\""), QLatin1String("\""))
            .replace(QLatin1String("\\\\"), QLatin1String("\\"));
        return {s, true};
    }
    return {v, false};
}

inline DeviceTypeYaml readDeviceTypeYaml(const QByteArray& bytes) {
    DeviceTypeYaml y;
    QString list;
    for (const QByteArray& raw : bytes.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line.isEmpty() || line == QLatin1String("---"))
            continue;
        const qsizetype colon = line.indexOf(QLatin1String(": "));
        if (!line.startsWith(QLatin1Char(' '))) {
            if (line.endsWith(QLatin1Char(':'))) {
                list = line.chopped(1);
                y.lists[list];
                y.keyOrder << list;
            } else if (colon > 0) {
                list.clear();
                y.scalars[line.left(colon)] = yamlScalar(line.mid(colon + 2));
                y.keyOrder << line.left(colon);
            } else {
                y.error = line;
            }
        } else if (!list.isEmpty() && line.startsWith(QLatin1String("  - ")) && colon > 0) {
            y.lists[list].push_back({});
            y.lists[list].back()[line.mid(4, colon - 4)] = yamlScalar(line.mid(colon + 2));
        } else if (!list.isEmpty() && line.startsWith(QLatin1String("    ")) && colon > 0 &&
                   !y.lists[list].empty()) {
            y.lists[list].back()[line.mid(4, colon - 4)] = yamlScalar(line.mid(colon + 2));
        } else {
            y.error = line;
        }
    }
    return y;
}

} // namespace cds::test
