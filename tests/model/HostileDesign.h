#pragma once
// Shared by the model tests: a design generated from the bundled catalog (or the test stops),
// a file's bytes, and a design whose every name is one no reader or writer may mangle.

#include "TestDesigns.h"

#include "model/generator/Generator.h"

#include <QFile>
#include <QStringList>

namespace cds::test {

inline DesignData generatedOrDie(GenerateParams p) {
    GenerateResult r = generateCluster(p, bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

inline QByteArray fileBytes(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

/// Names no writer should mangle: quotes, backslashes, every kind of control character,
/// DEL, non-ASCII, an emoji (a surrogate pair in UTF-16) and a byte order mark.
inline const QStringList& hostileNames() {
    static const QStringList names = {
        QStringLiteral("a \"quoted\" rack"),
        QStringLiteral("back\\slash\\\\"),
        QString::fromUtf8("tab\tnewline\ncr\rbell\x07 nul-free \x01\x1f del\x7f"),
        QString::fromUtf8("form\ffeed\bback"),
        QString::fromUtf8("H\xC3\xA4lle \xE4\xB8\xAD\xE6\x96\x87 \xCE\xB1\xCE\xB2"),
        QString::fromUtf8("GPU \xF0\x9F\x9A\x80 rocket \xF0\x9F\x98\x80"),
        QChar(0xFEFF) + QStringLiteral("bom first"), // fromUtf8 would drop a leading BOM
        QStringLiteral("slash/and</script>"),
        QStringLiteral("  "),
    };
    return names;
}

/// Every object with a name gets a hostile one, and the head and tail sections carry some.
inline void makeHostile(DesignData& d) {
    const QStringList& n = hostileNames();
    int i = 0;
    const auto next = [&]() -> QString { // not a QStringBuilder over a temporary
        const int k = i++;
        return n[k % n.size()] + QString::number(k); // unique: power elements must be
    };
    d.meta.title = next();
    d.meta.notes = next();
    d.meta.site = next();
    d.hall.name = next();
    for (Row& r : d.hall.rows)
        r.name = next();
    for (Fabric& f : d.fabrics)
        f.name = next();
    d.racks.forEach([&](RackId, Rack& r) { r.name = next(); });
    d.devices.forEach([&](DeviceId, Device& v) { v.name = next(); });
    d.pathways.forEach([&](PathwayId, Pathway& p) { p.name = next(); });
    d.power.elements.forEach([&](PowerElementId, PowerElement& e) {
        e.name = next();
        e.group = next();
    });
    d.waivers.push_back({next(), next()});
    d.priceOverrides[QStringLiteral("nvidia-dgx-h100")] = {123456.78, next()};
}

} // namespace cds::test
