#include "CliCommon.h"

#include "model/advisor/Advice.h"
#include "model/advisor/AdvisorJson.h"
#include "model/json/CatalogFile.h"

namespace cds::cli {

namespace {

QCommandLineOption opt(const char* name, const char* help, const char* value = nullptr,
                       const char* def = nullptr) {
    QCommandLineOption o(QString::fromLatin1(name), QString::fromLatin1(help));
    if (value)
        o.setValueName(QString::fromLatin1(value));
    if (def)
        o.setDefaultValue(QString::fromLatin1(def));
    return o;
}

int fail(const QString& mode, const QString& msg) {
    err() << "cluster-studio-cli advise " << mode << ": " << msg << "\n";
    err().flush();
    return BadInput;
}

/// Reads option @p name as a number into @p v; false (after the message) when malformed.
bool number(const QCommandLineParser& p, const char* name, double& v, const QString& mode,
            int* code) {
    const QString key = QString::fromLatin1(name);
    if (!p.isSet(key) && p.value(key).isEmpty())
        return true;
    const auto n = parseCount(p.value(key));
    if (!n) {
        *code = fail(mode, QStringLiteral("--%1 expects a number (e.g. 405B, 15.6T, 0.4), not "
                                          "'%2'")
                               .arg(key, p.value(key)));
        return false;
    }
    v = *n;
    return true;
}

std::optional<Precision> precision(const QCommandLineParser& p, const QString& mode, int* code) {
    const auto pr = precisionFromKey(p.value(QStringLiteral("precision")));
    if (!pr)
        *code = fail(mode, QStringLiteral("--precision expects bf16 or fp8, not '%1'")
                               .arg(p.value(QStringLiteral("precision"))));
    return pr;
}

void addCommon(QCommandLineParser& p) {
    p.addOption(opt("params", "Model parameters, e.g. 70B or 405e9.", "P"));
    p.addOption(opt("precision", "bf16 (default) or fp8.", "bf16|fp8", "bf16"));
    p.addOption(
        opt("server", "GPU server catalog id (default nvidia-dgx-h100).", "ID", "nvidia-dgx-h100"));
    p.addOption(opt("design", "Use this design's GPUs, fabric and power (*.cds.json).", "FILE"));
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the figures as JSON.")});
}

std::optional<DesignData> design(const QCommandLineParser& p) {
    if (!p.isSet(QStringLiteral("design")))
        return DesignData{};
    return openDesign(p.value(QStringLiteral("design")));
}

void printLines(const QStringList& lines) {
    for (const QString& l : lines)
        out() << l << "\n";
    out().flush();
}

int train(const QStringList& args) {
    const QString mode = QStringLiteral("train");
    QCommandLineParser p;
    addCommon(p);
    p.addOption(opt("tokens", "Training tokens, e.g. 15.6T.", "T"));
    p.addOption(opt("gpus", "Train on this many GPUs.", "N"));
    p.addOption(opt("days",
                    "Size the cluster to finish within this many days (wall-clock, "
                    "interruptions included).",
                    "D"));
    p.addOption(opt("mfu", "Model FLOPs utilization (default 0.40, Llama 3 405B on H100).", "F"));
    p.addOption(opt("price-kwh", "Energy price in USD per kWh (default: the design's).", "USD"));
    if (auto code = parse(p, args,
                          QStringLiteral("Size a training run: GPUs, parallelism, step time, "
                                         "days (with the expected interruptions), energy and "
                                         "cost.")))
        return *code;
    if (!p.positionalArguments().isEmpty())
        return fail(
            mode, QStringLiteral("unexpected argument '%1'").arg(p.positionalArguments().first()));
    if (!p.isSet(QStringLiteral("params")) || !p.isSet(QStringLiteral("tokens")))
        return fail(mode, QStringLiteral("--params P and --tokens T are required"));
    if (p.isSet(QStringLiteral("gpus")) && p.isSet(QStringLiteral("days")))
        return fail(mode, QStringLiteral("give --gpus or --days, not both"));
    TrainingWorkload w;
    double gpus = 0, price = -1;
    int code = BadInput;
    if (!number(p, "params", w.params, mode, &code) ||
        !number(p, "tokens", w.tokens, mode, &code) || !number(p, "gpus", gpus, mode, &code) ||
        !number(p, "days", w.days, mode, &code) || !number(p, "mfu", w.mfu, mode, &code) ||
        !number(p, "price-kwh", price, mode, &code))
        return code;
    const auto pr = precision(p, mode, &code);
    if (!pr)
        return code;
    w.precision = *pr;
    if (gpus != std::floor(gpus) || gpus > (1 << 24) ||
        (p.isSet(QStringLiteral("gpus")) && gpus < 1))
        return fail(mode, QStringLiteral("--gpus expects a positive whole number"));
    w.gpus = int(gpus);
    if (p.isSet(QStringLiteral("days")) && !(w.days > 0))
        return fail(mode, QStringLiteral("--days must be positive"));
    AdviceOptions o;
    o.serverId = p.value(QStringLiteral("server"));
    if (p.isSet(QStringLiteral("price-kwh"))) {
        if (price < 0)
            return fail(mode, QStringLiteral("--price-kwh cannot be negative"));
        o.priceUsdPerKwh = price;
    }
    const auto d = design(p);
    if (!d)
        return BadInput;
    if (p.isSet(QStringLiteral("design")))
        o.design = &*d;
    const CatalogLibrary lib = CatalogLibrary::loadDefault();
    const TrainingAdvice a = adviseTraining(w, lib.catalog(), o);
    if (!a.ok)
        return fail(mode, a.error);
    if (p.isSet(QStringLiteral("json")))
        writeOutput({}, trainingJson(a.estimate));
    else
        printLines(a.estimate.reasoning);
    return Ok;
}

int infer(const QStringList& args) {
    const QString mode = QStringLiteral("infer");
    QCommandLineParser p;
    addCommon(p);
    p.addOption(opt("context", "Tokens per sequence (default 8192).", "N", "8192"));
    p.addOption(opt("concurrency", "Sequences in flight per replica (default 1).", "C", "1"));
    p.addOption(opt("tokens-per-s", "Target output tokens/s over all replicas.", "R"));
    if (auto code = parse(p, args,
                          QStringLiteral("Size serving: weights, KV cache, GPUs per replica and "
                                         "replicas.")))
        return *code;
    if (!p.positionalArguments().isEmpty())
        return fail(
            mode, QStringLiteral("unexpected argument '%1'").arg(p.positionalArguments().first()));
    if (!p.isSet(QStringLiteral("params")))
        return fail(mode, QStringLiteral("--params P is required"));
    InferenceWorkload w;
    double context = 0, concurrency = 0;
    int code = BadInput;
    if (!number(p, "params", w.params, mode, &code) ||
        !number(p, "context", context, mode, &code) ||
        !number(p, "concurrency", concurrency, mode, &code) ||
        !number(p, "tokens-per-s", w.tokensPerSecond, mode, &code))
        return code;
    if (context < 1 || context > 1e8 || concurrency < 1 || concurrency > 1e7 ||
        context != std::floor(context) || concurrency != std::floor(concurrency))
        return fail(mode, QStringLiteral("--context and --concurrency expect positive whole "
                                         "numbers"));
    w.context = int(context);
    w.concurrency = int(concurrency);
    const auto pr = precision(p, mode, &code);
    if (!pr)
        return code;
    w.precision = *pr;
    const auto d = design(p);
    if (!d)
        return BadInput;
    std::optional<ServerFigures> server;
    QString why;
    if (p.isSet(QStringLiteral("design"))) {
        const auto facts = ClusterFacts::fromDesign(*d, computeMetrics(*d), &why);
        if (facts)
            server = facts->server;
    } else {
        const CatalogLibrary lib = CatalogLibrary::loadDefault();
        server = serverFigures(lib.catalog(), p.value(QStringLiteral("server")), &why);
    }
    if (!server)
        return fail(mode, why);
    const InferenceEstimate e = estimateInference(w, *server);
    if (!e.ok)
        return fail(mode, e.reason);
    if (p.isSet(QStringLiteral("json")))
        writeOutput({}, inferenceJson(e));
    else
        printLines(e.reasoning);
    return Ok;
}

int guide(const QStringList& args) {
    const QString mode = QStringLiteral("guide");
    QCommandLineParser p;
    p.addOption(opt("server", "Only this GPU server catalog id.", "ID"));
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the guide as JSON.")});
    if (auto code = parse(p, args,
                          QStringLiteral("The seed's cluster-size guide for each catalog GPU "
                                         "server: GPU counts, GPU memory, what each size suits.")))
        return *code;
    const CatalogLibrary lib = CatalogLibrary::loadDefault();
    std::vector<SizeGuideServer> g;
    if (p.isSet(QStringLiteral("server"))) {
        QString why;
        const auto s = serverFigures(lib.catalog(), p.value(QStringLiteral("server")), &why);
        if (!s)
            return fail(mode, why);
        g.push_back(sizeGuide(*s));
    } else {
        g = sizeGuide(lib.catalog());
    }
    if (p.isSet(QStringLiteral("json"))) {
        writeOutput({}, sizeGuideJson(g));
        return Ok;
    }
    for (const SizeGuideServer& s : g) {
        out() << s.server.serverId << " (" << s.server.gpuModel << ", " << s.server.memoryGb
              << " GB per GPU)\n";
        for (const SizeGuideRow& r : s.rows)
            out() << "  " << r.size.leftJustified(14) << " "
                  << (r.gpusMin == r.gpusMax
                          ? QString::number(r.gpusMin)
                          : QStringLiteral("%1-%2").arg(r.gpusMin).arg(r.gpusMax))
                         .leftJustified(10)
                  << " " << r.memoryText.leftJustified(10) << " " << r.suits << "\n";
    }
    out().flush();
    return Ok;
}

void adviseUsage(QTextStream& s) {
    s << "Usage: cluster-studio-cli advise train|infer|guide [options]\n\n"
      << "  train   --params P --tokens T [--precision bf16|fp8] [--server ID]\n"
      << "          [--gpus N | --days D] [--mfu F] [--design FILE] [--price-kwh USD] [--json]\n"
      << "  infer   --params P [--precision] [--context N] [--concurrency C]\n"
      << "          [--tokens-per-s R] [--server ID] [--design FILE] [--json]\n"
      << "  guide   [--server ID] [--json]\n\n"
      << "Run 'cluster-studio-cli advise MODE --help' for a mode's options.\n"
      << "Exit status: 0 ok, 2 impossible or invalid input (the reason on standard error).\n";
    s.flush();
}

} // namespace

int runAdvise(const QStringList& args) {
    const QString mode = args.value(1);
    if (mode == QLatin1String("--help") || mode == QLatin1String("-h")) {
        adviseUsage(out());
        return Ok;
    }
    // The mode's parser sees "advise MODE" as its command name, for messages and --help.
    QStringList rest = args.mid(2);
    rest.prepend(QStringLiteral("advise ") + mode);
    if (mode == QLatin1String("train"))
        return train(rest);
    if (mode == QLatin1String("infer"))
        return infer(rest);
    if (mode == QLatin1String("guide"))
        return guide(rest);
    err() << "cluster-studio-cli advise: expected train, infer or guide"
          << (mode.isEmpty() ? QString() : QStringLiteral(", not '%1'").arg(mode)) << "\n";
    adviseUsage(err());
    return BadInput;
}

} // namespace cds::cli
