#pragma once
// NetBox's published choice lists and the devicetype-library's schema, read from the data
// files in tests/model/export/data (their sources are named in each file), and a reader for
// the device-type YAML subset the exporter writes.

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

namespace cds::test {

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
