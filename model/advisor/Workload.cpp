#include "Workload.h"

#include <QRegularExpression>

#include <cmath>

namespace cds {

QString precisionKey(Precision p) {
    return p == Precision::Fp8 ? QStringLiteral("fp8") : QStringLiteral("bf16");
}

std::optional<Precision> precisionFromKey(const QString& key) {
    if (key == QLatin1String("bf16"))
        return Precision::Bf16;
    if (key == QLatin1String("fp8"))
        return Precision::Fp8;
    return std::nullopt;
}

double weightBytes(Precision p) {
    return p == Precision::Fp8 ? 1.0 : 2.0;
}

double peakFactor(Precision p) {
    return p == Precision::Fp8 ? 2.0 : 1.0;
}

std::optional<double> parseCount(const QString& text) {
    static const QRegularExpression re(
        QStringLiteral("^\\s*([0-9]*\\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\\s*([kKmMbBgGtT]?)\\s*$"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    double v = m.captured(1).toDouble();
    const QString s = m.captured(2).toUpper();
    if (s == QLatin1String("K"))
        v *= 1e3;
    else if (s == QLatin1String("M"))
        v *= 1e6;
    else if (s == QLatin1String("B") || s == QLatin1String("G"))
        v *= 1e9;
    else if (s == QLatin1String("T"))
        v *= 1e12;
    return v;
}

ModelShape ModelShape::forParams(double params) {
    struct Known {
        double params;
        ModelShape shape;
    };
    static const Known kLlama3[] = {
        {8.0e9, {32, 4096, 32, 8, QStringLiteral("Llama 3 8B (Llama 3 paper, table 3)")}},
        {70.6e9, {80, 8192, 64, 8, QStringLiteral("Llama 3 70B (Llama 3 paper, table 3)")}},
        {405e9, {126, 16384, 128, 8, QStringLiteral("Llama 3 405B (Llama 3 paper, table 3)")}},
    };
    for (const Known& k : kLlama3)
        if (std::abs(params - k.params) <= 0.1 * k.params)
            return k.shape;
    // params ~ 12 L h^2 with L = h / 128 gives h = (128 N / 12)^(1/3); h in whole heads.
    ModelShape s;
    const double h = std::cbrt(128.0 * std::max(params, 1e6) / 12.0);
    s.heads = std::max(1, int(std::lround(h / 128.0)));
    s.hidden = s.heads * 128;
    s.layers = std::max(1, int(std::lround(params / (12.0 * double(s.hidden) * s.hidden))));
    s.kvHeads = std::min(8, s.heads);
    s.source = QStringLiteral("derived from the parameter count (12 L h^2, h = 128 L)");
    return s;
}

} // namespace cds
