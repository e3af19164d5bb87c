#include "CableParts.h"

namespace cds {

namespace {

QString normalized(const QString& connector) {
    return connector.simplified().toLower().remove(QLatin1Char(' ')).remove(QLatin1Char('-'));
}

} // namespace

QString cableTypeKey(const MediaSpec& m) {
    if (m.type == MediaType::Dac &&
        m.formFactor.compare(QLatin1String("RJ45"), Qt::CaseInsensitive) == 0)
        return QStringLiteral("cat6");
    return mediaTypeKey(m.type);
}

QString cableClassKey(const MediaSpec& m) {
    return m.type == MediaType::Dac || m.type == MediaType::Acc ? QStringLiteral("copper")
                                                                : QStringLiteral("optical");
}

QString opticalConnector(const CatalogItem& t) {
    if (!t.media)
        return {};
    if (!t.media->connector.isEmpty())
        return t.media->connector;
    // Entries embedded before catalogs named the connector: FR4 is duplex, the rest parallel.
    if (t.model.contains(QLatin1String("FR4"), Qt::CaseInsensitive))
        return QStringLiteral("LC duplex");
    return QStringLiteral("MPO-12/APC");
}

bool oneConnectorForCage(const CatalogItem& t) {
    return t.category == Category::Transceiver && t.media && t.media->twinPort &&
           normalized(opticalConnector(t)).startsWith(QLatin1String("mpo16"));
}

FibreMatch::FibreMatch(const Catalog& c) {
    m_fibre.assign(c.size(), TypeId{});
    m_oneConnector.assign(c.size(), 0);
    const auto& items = c.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const CatalogItem& t = items[i];
        if (t.category != Category::Transceiver || !t.media)
            continue;
        m_oneConnector[i] = oneConnectorForCage(t);
        const QString want = normalized(opticalConnector(t));
        TypeId best;
        int bestScore = -1;
        for (std::size_t j = 0; j < items.size(); ++j) {
            const CatalogItem& f = items[j];
            if (f.category != Category::Cable || !f.media || f.media->type != t.media->type ||
                normalized(f.media->formFactor) != want)
                continue;
            // A fibre of the transceiver's grade beats one of another grade (OM4 over OM3).
            const int score = !t.media->fiber.isEmpty() && f.media->fiber == t.media->fiber ? 1 : 0;
            if (score > bestScore) {
                bestScore = score;
                best = TypeId(static_cast<TypeId::Rep>(j));
            }
        }
        m_fibre[i] = best;
    }
}

LinkFibre linkFibre(const DesignData& d, const FibreMatch& fibres, const Link& l) {
    LinkFibre out;
    const TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
    if (!d.catalog.contains(m) || d.catalog[m].category != Category::Transceiver)
        return out;
    const TypeId atB = l.mediumB && !l.pinnedMedium ? l.mediumB : m;
    const TypeId ends[2] = {m, d.catalog.contains(atB) ? atB : m};
    for (int end = 0; end < 2; ++end) {
        if (!fibres.oneConnector(ends[end]))
            continue;
        if (const TypeId splitter = fibres.fibreFor(ends[end])) {
            out.fibre = splitter;
            out.splitEnd = end;
            return out;
        }
    }
    out.fibre = fibres.fibreFor(m);
    return out;
}

} // namespace cds
