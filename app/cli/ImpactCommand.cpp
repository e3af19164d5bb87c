#include "CliCommon.h"

#include "model/export/FailureDomains.h"

namespace cds::cli {

namespace {

int fail(const QString& msg) {
    err() << "cluster-studio-cli impact: " << msg << "\n";
    err().flush();
    return BadInput;
}

int single(const FailureModel& model, const QString& list, bool json) {
    std::vector<FailureElement> failed;
    for (const QString& raw : list.split(u',')) {
        const QString id = raw.trimmed();
        if (id.isEmpty())
            return fail(QStringLiteral("--fail expects a comma-separated list of ids (racks, "
                                       "devices, RACK/A, RACK/B, RACK/cooling, trays), not '%1'")
                            .arg(list));
        QString why;
        const auto e = model.resolve(id, &why);
        if (!e)
            return fail(why);
        if (std::find(failed.begin(), failed.end(), *e) == failed.end())
            failed.push_back(*e);
    }
    ImpactCalculator calc(model);
    const ImpactResult r = calc.run(failed, true);
    if (json)
        writeOutput({}, impactJson(model, r));
    else
        out() << impactText(model, r);
    return Ok;
}

int sweep(const FailureModel& model, const QString& kind, bool json) {
    QStringList kinds;
    if (!kind.isNull()) {
        for (const QString& k : kind.split(u','))
            kinds << k.trimmed();
        if (kinds.contains(QString()))
            return fail(QStringLiteral("--kind expects one of %1, not '%2'")
                            .arg(FailureModel::sweepKinds().join(QStringLiteral(", ")), kind));
    }
    ImpactCalculator calc(model);
    int last = -1;
    const Progress progress = [&](int pct) {
        if (pct / 10 != last / 10 || last < 0) {
            err() << "cluster-studio-cli impact: n-1 " << pct << " %\n";
            err().flush();
            last = pct;
        }
        return true;
    };
    QString why;
    const auto result = sweepN1(calc, kinds, &why, progress);
    if (!result)
        return fail(why);
    if (json)
        writeOutput({}, sweepJson(model, *result));
    else
        out() << sweepText(model, *result);
    return Ok;
}

} // namespace

int runImpact(const QStringList& args) {
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Design file (*.cds.json)."));
    p.addOption({QStringLiteral("fail"),
                 QStringLiteral("Fail these elements together: racks and devices by name, a "
                                "rack's feed RACK/A or RACK/B, its cooling RACK/cooling, a tray; "
                                "comma-separated."),
                 QStringLiteral("ID[,ID...]")});
    p.addOption({QStringLiteral("n-1"),
                 QStringLiteral("Fail every element of the kinds alone, worst first.")});
    p.addOption({QStringLiteral("kind"),
                 QStringLiteral("With --n-1: only these kinds (%1).")
                     .arg(FailureModel::sweepKinds().join(QStringLiteral(", "))),
                 QStringLiteral("KIND")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the figures as JSON.")});
    if (auto code = parse(p, args,
                          QStringLiteral("What breaks if these fail: GPUs lost and degraded, racks "
                                         "down, NVLink domains broken, bisection bandwidth and "
                                         "the largest job left.")))
        return *code;
    if (p.positionalArguments().size() != 1)
        return fail(QStringLiteral("expected one FILE"));
    const bool n1 = p.isSet(QStringLiteral("n-1"));
    if (n1 == p.isSet(QStringLiteral("fail")))
        return fail(QStringLiteral("give either --fail ID[,ID...] or --n-1"));
    if (p.isSet(QStringLiteral("kind")) && !n1)
        return fail(QStringLiteral("--kind goes with --n-1"));
    auto d = openDesign(p.positionalArguments().first());
    if (!d)
        return BadInput;
    const FailureModel model(*d);
    const bool json = p.isSet(QStringLiteral("json"));
    if (n1)
        return sweep(model,
                     p.isSet(QStringLiteral("kind")) ? p.value(QStringLiteral("kind")) : QString(),
                     json);
    return single(model, p.value(QStringLiteral("fail")), json);
}

} // namespace cds::cli
