#include "../Names.h"
#include "FindingCodes.h"
#include "FoundationRules.h"

namespace cds {

QStringList HostNameRule::codes() const {
    return {codes::kNameInvalidHostname};
}

void HostNameRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        const Category c = d.typeOf(v).category;
        if (c != Category::Server && c != Category::Switch)
            return;
        const QString why = names::hostNameProblem(v.name);
        if (why.isEmpty())
            return;
        out.push_back(
            {codes::kNameInvalidHostname,
             Severity::Warning,
             QStringLiteral("%1 %2 cannot be a host name: it %3; the Slurm and "
                            "Kubernetes exports refuse it")
                 .arg(c == Category::Server ? QStringLiteral("Server") : QStringLiteral("Switch"),
                      names::quotedForMessage(v.name), why),
             {ObjectRef::device(id)},
             name(),
             QStringLiteral("1-%1 letters, digits, '-', '_' or '.', starting with a "
                            "letter or digit")
                 .arg(names::kMaxHostName)});
    });
}

} // namespace cds
