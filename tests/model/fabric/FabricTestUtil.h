#pragma once
// Shared helpers for the fabric tests: generate from the bundled catalog, count findings.

#include "HostileDesign.h"
#include "TestDesigns.h"
#include "model/generator/Generator.h"
#include "model/rules/Rule.h"

namespace cds::test {

inline DesignData generated(GenerateParams p) {
    return generatedOrDie(p);
}

/// A rail-optimized design of @p gpus DGX H100 on QM9700 with leaves and spines (tiers 2 when
/// it fits them, else automatic): below one SU the automatic choice would be one switch.
inline DesignData generated(int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    p.tiers = gpus <= 2048 ? 2 : 0;
    return generated(p);
}

inline int countCode(const std::vector<Finding>& fs, const char* code) {
    int n = 0;
    for (const Finding& f : fs)
        n += f.code == QLatin1String(code) && !f.waived;
    return n;
}

inline QStringList errorCodes(const std::vector<Finding>& fs) {
    QStringList out;
    for (const Finding& f : fs)
        if (f.severity == Severity::Error)
            out << f.code + QStringLiteral(": ") + f.message;
    return out;
}

} // namespace cds::test
