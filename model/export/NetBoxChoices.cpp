#include "NetBoxChoices.h"

#include <QRegularExpression>

#include <cmath>
#include <map>
#include <set>

namespace cds {

namespace {

/// The interface types of NetBox's InterfaceTypeChoices (netbox/dcim/choices.py) that a
/// catalog port can map to. tests/model/export/data/netbox-choices.txt holds NetBox's full
/// list; the tests prove every value here is in it.
const std::set<QString>& knownTypes() {
    static const std::set<QString> types = {QStringLiteral("1000base-t"),
                                            QStringLiteral("2.5gbase-t"),
                                            QStringLiteral("5gbase-t"),
                                            QStringLiteral("10gbase-t"),
                                            QStringLiteral("25gbase-t"),
                                            QStringLiteral("1000base-x-sfp"),
                                            QStringLiteral("10gbase-x-sfpp"),
                                            QStringLiteral("25gbase-x-sfp28"),
                                            QStringLiteral("50gbase-x-sfp28"),
                                            QStringLiteral("50gbase-x-sfp56"),
                                            QStringLiteral("40gbase-x-qsfpp"),
                                            QStringLiteral("100gbase-x-sfp112"),
                                            QStringLiteral("100gbase-x-qsfp28"),
                                            QStringLiteral("100gbase-x-qsfpdd"),
                                            QStringLiteral("200gbase-x-qsfp56"),
                                            QStringLiteral("200gbase-x-qsfpdd"),
                                            QStringLiteral("400gbase-x-qsfp112"),
                                            QStringLiteral("400gbase-x-qsfpdd"),
                                            QStringLiteral("400gbase-x-osfp"),
                                            QStringLiteral("800gbase-x-qsfpdd"),
                                            QStringLiteral("800gbase-x-osfp"),
                                            QStringLiteral("1.6tbase-x-osfp1600"),
                                            QStringLiteral("infiniband-edr"),
                                            QStringLiteral("infiniband-hdr"),
                                            QStringLiteral("infiniband-ndr"),
                                            QStringLiteral("infiniband-xdr"),
                                            QStringLiteral("other")};
    return types;
}

/// NetBox's spelling of a cage in its type names.
QString cageKey(const QString& cage) {
    const QString c = cage.toLower().remove(QLatin1Char('-'));
    if (c == QLatin1String("sfp+"))
        return QStringLiteral("sfpp");
    if (c == QLatin1String("osfp1600"))
        return QStringLiteral("osfp1600");
    return c;
}

/// Form factors nearest to a cage: same lane count first, then the neighbouring families.
QStringList nearestCages(const QString& c) {
    static const std::map<QString, QStringList> near = {
        {QStringLiteral("osfp"), {"osfp", "qsfpdd", "qsfp112", "qsfp56", "qsfp28"}},
        {QStringLiteral("qsfpdd"), {"qsfpdd", "osfp", "qsfp112", "qsfp56", "qsfp28"}},
        {QStringLiteral("qsfp112"), {"qsfp112", "qsfp56", "qsfp28", "qsfpdd", "osfp"}},
        {QStringLiteral("qsfp56"), {"qsfp56", "qsfp28", "qsfp112", "qsfpdd", "osfp"}},
        {QStringLiteral("qsfp28"), {"qsfp28", "qsfp56", "qsfp112", "qsfpdd", "osfp"}},
        {QStringLiteral("qsfpp"), {"qsfpp", "qsfp28"}},
        {QStringLiteral("sfp28"), {"sfp28", "sfp56", "sfpp", "sfp"}},
        {QStringLiteral("sfp56"), {"sfp56", "sfp28", "sfpp"}},
        {QStringLiteral("sfpp"), {"sfpp", "sfp28", "sfp"}},
    };
    const auto it = near.find(c);
    return it == near.end() ? QStringList{c} : it->second;
}

QString speedToken(int g) {
    if (g >= 1600)
        return QStringLiteral("1.6t");
    if (g == 1)
        return QStringLiteral("1000");
    return QStringLiteral("%1g").arg(g);
}

QString typeFor(int g, const QString& cage) {
    if (cage == QLatin1String("rj45"))
        return speedToken(g) + QStringLiteral("base-t");
    if (g >= 1600)
        return QStringLiteral("1.6tbase-x-osfp1600");
    return speedToken(g) + QStringLiteral("base-x-") + cage;
}

} // namespace

bool isNetBoxInterfaceType(const QString& type) {
    return knownTypes().count(type) > 0;
}

NetBoxInterfaceType netboxInterfaceType(double speedGbps, const QString& cage, bool infiniband) {
    const int g = std::max(1, int(std::lround(speedGbps)));
    if (infiniband) {
        if (g >= 800)
            return {QStringLiteral("infiniband-xdr"), {}};
        if (g >= 400)
            return {QStringLiteral("infiniband-ndr"), {}};
        if (g >= 200)
            return {QStringLiteral("infiniband-hdr"), {}};
        if (g >= 100)
            return {QStringLiteral("infiniband-edr"), {}};
    }
    const QString c = cageKey(cage);
    if (c == QLatin1String("rj45")) {
        const int tg = g >= 25 ? 25 : g >= 10 ? 10 : g >= 5 ? 5 : 1;
        const QString t = tg == 1 ? QStringLiteral("1000base-t") : typeFor(tg, c);
        return {t, tg == g || (g == 1 && tg == 1)
                       ? QString()
                       : QStringLiteral("NetBox has no %1G BASE-T type; typed %2").arg(g).arg(t)};
    }
    const QString exact = typeFor(g, c);
    if (isNetBoxInterfaceType(exact))
        return {exact, {}};
    const QString want = QStringLiteral("%1G %2").arg(g).arg(cage);
    // Same speed in the nearest form factor: the speed is what NetBox computes with.
    for (const QString& n : nearestCages(c)) {
        const QString t = typeFor(g, n);
        if (isNetBoxInterfaceType(t))
            return {t, QStringLiteral("NetBox has no %1 type (%2); typed %3").arg(want, exact, t)};
    }
    // Same cage at the nearest speed.
    QString best;
    int bestGap = 1 << 30;
    for (int s : {1, 10, 25, 40, 50, 100, 200, 400, 800, 1600}) {
        const QString t = typeFor(s, c);
        if (isNetBoxInterfaceType(t) && std::abs(s - g) < bestGap)
            best = t, bestGap = std::abs(s - g);
    }
    if (!best.isEmpty())
        return {best,
                QStringLiteral("NetBox has no %1 type (%2); typed %3").arg(want, exact, best)};
    return {QStringLiteral("other"),
            QStringLiteral("NetBox has no type for a %1 port; typed other").arg(want)};
}

const std::map<QString, QStringList>& netboxPowerFeedChoices() {
    // netbox/dcim/choices.py at the commit netbox-choices.txt names (release 4.6.8); the
    // values are the same since NetBox 2.x.
    static const std::map<QString, QStringList> lists = {
        {QStringLiteral("PowerFeedTypeChoices"),
         {QStringLiteral("primary"), QStringLiteral("redundant")}},
        {QStringLiteral("PowerFeedSupplyChoices"), {QStringLiteral("ac"), QStringLiteral("dc")}},
        {QStringLiteral("PowerFeedPhaseChoices"),
         {QStringLiteral("single-phase"), QStringLiteral("three-phase")}},
    };
    return lists;
}

namespace {

QString feedChoice(const QString& list, qsizetype index) {
    return netboxPowerFeedChoices().at(list).at(index);
}

} // namespace

QString netboxFeedType(int side) {
    return feedChoice(QStringLiteral("PowerFeedTypeChoices"), side == 0 ? 0 : 1);
}

QString netboxFeedSupply(bool dc) {
    return feedChoice(QStringLiteral("PowerFeedSupplyChoices"), dc ? 1 : 0);
}

QString netboxFeedPhase(bool threePhase) {
    return feedChoice(QStringLiteral("PowerFeedPhaseChoices"), threePhase ? 1 : 0);
}

NetBoxManufacturer netboxManufacturer(const QString& vendor) {
    // Folder names and slugs of device-types/ in the devicetype-library.
    const QString v = vendor.trimmed();
    if (v.compare(QLatin1String("NVIDIA"), Qt::CaseInsensitive) == 0 ||
        v.startsWith(QLatin1String("Mellanox"), Qt::CaseInsensitive))
        return {QStringLiteral("Nvidia"), QStringLiteral("nvidia")};
    if (v.startsWith(QLatin1String("AMD")))
        return {QStringLiteral("AMD"), QStringLiteral("amd")};
    if (v.startsWith(QLatin1String("Generic")))
        return {QStringLiteral("Generic"), QStringLiteral("generic")};
    if (v.startsWith(QLatin1String("Supermicro"), Qt::CaseInsensitive))
        return {QStringLiteral("Supermicro"), QStringLiteral("supermicro")};
    // Anything else: the vendor without a parenthesised remark, slugged as the library does.
    static const QRegularExpression remark(QStringLiteral("\\s*\\(.*\\)\\s*"));
    const QString name = QString(v).replace(remark, QStringLiteral(" ")).trimmed();
    return {name, libraryModelSlug(name)};
}

QString libraryModelSlug(const QString& model) {
    QString s = model.toLower();
    s.replace(QLatin1String(" "), QLatin1String("-"))
        .replace(QLatin1String("sfp+"), QLatin1String("sfpp"))
        .replace(QLatin1String("poe+"), QLatin1String("poep"))
        .replace(QLatin1String("-+"), QLatin1String("-plus"))
        .replace(QLatin1String("+"), QLatin1String("-plus-"))
        .replace(QLatin1String("_"), QLatin1String("-"))
        .replace(QLatin1String("&"), QLatin1String("-and-"))
        .remove(QLatin1Char('!'))
        .replace(QLatin1String("/"), QLatin1String("-"))
        .remove(QLatin1Char(','))
        .remove(QLatin1Char('\''))
        .replace(QLatin1String("*"), QLatin1String("-"));
    if (s.endsWith(QLatin1Char('-')))
        s.chop(1);
    return s;
}

NetBoxDeviceFacts netboxDeviceFacts(const CatalogItem& item) {
    // Model names as the devicetype-library has them (device-types/Nvidia/QM9700.yaml...),
    // PSU counts and inlets from the vendors' documents: DGX H100/H200 and DGX B200 have six
    // 3.3 kW PSUs with C20 inlets (NVIDIA DGX user guides); the Quantum-2 and Spectrum
    // switches two hot-swap PSUs with C14 inlets (library files and NVIDIA switch manuals).
    struct Known {
        const char* model;
        int psus;
        const char* psuType;
        const char* airflow;
    };
    static const std::map<QString, Known> known = {
        {QStringLiteral("nvidia-dgx-h100"), {"DGX H100", 6, "iec-60320-c20", "front-to-rear"}},
        {QStringLiteral("nvidia-dgx-h200"), {"DGX H200", 6, "iec-60320-c20", "front-to-rear"}},
        {QStringLiteral("nvidia-dgx-b200"), {"DGX B200", 6, "iec-60320-c20", "front-to-rear"}},
        {QStringLiteral("nvidia-gb200-nvl72"), {"GB200 NVL72", 0, "hardwired", ""}}, // busbar
        // QM9700, SN5600 and SN5610 differ from the library's files: their own model (and so
        // slug), see NetBoxLibrary.cpp.
        {QStringLiteral("nvidia-qm9700"), {"QM9700-CDS", 2, "iec-60320-c14", "rear-to-front"}},
        {QStringLiteral("nvidia-qm8700"), {"QM8700", 2, "iec-60320-c14", ""}},
        {QStringLiteral("nvidia-sn5600"), {"SN5600-CDS", 2, "iec-60320-c14", "rear-to-front"}},
        {QStringLiteral("nvidia-sn5610"), {"SN5610-CDS", 2, "iec-60320-c14", "rear-to-front"}},
        // An SN2201-class switch; the NVL72 power shelf's six PSUs, their inlets an estimate.
        {QStringLiteral("nvidia-nvl72-rack-mgmt-switch"),
         {"NVL72 in-rack management switch", 2, "iec-60320-c14", ""}},
        {QStringLiteral("nvidia-nvl72-power-shelf"), {"NVL72 power shelf", 6, "iec-60320-c20", ""}},
        {QStringLiteral("nvidia-sn4600c"), {"SN4600C", 2, "iec-60320-c14", ""}},
        {QStringLiteral("nvidia-sn2201"), {"SN2201", 2, "iec-60320-c14", ""}},
        {QStringLiteral("nvidia-q3400"), {"Q3400-RA", 8, "iec-60320-c20", "front-to-rear"}},
        {QStringLiteral("nvidia-ufm-appliance"),
         {"UFM Enterprise Appliance", 2, "iec-60320-c14", ""}},
    };
    NetBoxDeviceFacts f;
    if (const auto it = known.find(item.id); it != known.end()) {
        f.model = QLatin1String(it->second.model);
        f.psuCount = it->second.psus;
        f.psuType = QLatin1String(it->second.psuType);
        f.airflow = QLatin1String(it->second.airflow);
    } else {
        // The library's slugs allow [-a-z0-9_] only: drop remarks' punctuation.
        static const QRegularExpression other(QStringLiteral("[^A-Za-z0-9 -]+"));
        static const QRegularExpression spaces(QStringLiteral("\\s+"));
        f.model = QString(item.model)
                      .replace(other, QStringLiteral(" "))
                      .replace(spaces, QStringLiteral(" "))
                      .trimmed();
    }
    if (f.psuType.isEmpty()) {
        const double perPsu = item.powerMaxW.value_or(0) / std::max(1, f.psuCount);
        f.psuType =
            perPsu > 2500 ? QStringLiteral("iec-60320-c20") : QStringLiteral("iec-60320-c14");
    }
    return f;
}

} // namespace cds
