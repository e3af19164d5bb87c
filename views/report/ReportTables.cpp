// The report's table pages: the full bill of materials and the findings grouped by code.
#include "ReportContent.h"
#include "ReportTable.h"

#include "views/render/NaturalOrder.h"
#include "views/render/RenderStyle.h"

#include <QPainter>

namespace cds::report {

using render::RenderStyle;

namespace {

const ReportTable& bomTable() {
    static const ReportTable t{{0.11, 0.20, 0.39, 0.07, 0.10, 0.13},
                               {false, false, false, true, true, true}};
    return t;
}

const ReportTable& findingTable() {
    static const ReportTable t{{0.08, 0.16, 0.07, 0.69}, {false, false, true, false}};
    return t;
}

QStringList bomHeader() {
    return {QStringLiteral("Category"),
            QStringLiteral("Vendor"),
            QStringLiteral("Model · part number · lengths"),
            QStringLiteral("Qty"),
            QStringLiteral("Unit price"),
            QStringLiteral("Extended")};
}

QStringList findingHeader() {
    return {QStringLiteral("Severity"), QStringLiteral("Code"), QStringLiteral("Count"),
            QStringLiteral("Finding (first of its kind), rule and what it concerns")};
}

} // namespace

QStringList ReportContent::bomCells(int i) const {
    const Bom& bom = m_analysis.bom;
    if (i >= int(bom.lines.size()))
        return {QStringLiteral("Total"),
                QString(),
                bom.unpricedLines ? QStringLiteral("%1 line(s) without a price, not in the total")
                                        .arg(bom.unpricedLines)
                                  : QStringLiteral("%1 lines").arg(bom.lines.size()),
                QString(),
                QString(),
                usdExact(bom.totalUsd, true)};
    const BomLine& l = bom.lines[std::size_t(i)];
    const CatalogItem& it = m_d.catalog[l.type];
    QString model = it.model;
    if (!it.partNumber.isEmpty())
        model += QStringLiteral(" · PN %1").arg(it.partNumber);
    if (!l.lengthBins.empty()) {
        QStringList bins;
        for (const auto& [m, n] : l.lengthBins)
            bins << QStringLiteral("%1 m × %2")
                        .arg(QString::number(m, 'g', 4), thousands(double(n)));
        model += QStringLiteral("\nLengths: ") + bins.join(QStringLiteral(", "));
    }
    return {costCategoryLabel(l.category),
            it.vendor,
            model,
            thousands(double(l.quantity)),
            l.unitPriceUsd ? usdExact(*l.unitPriceUsd, true) : QStringLiteral("no price"),
            l.extendedUsd() ? usdExact(*l.extendedUsd(), true) : QString()};
}

QStringList ReportContent::findingCells(int i) const {
    const FindingGroup& g = m_groups[std::size_t(i)];
    QString text = g.firstMessage;
    if (!g.rule.isEmpty())
        text += QStringLiteral("\nRule: %1%2")
                    .arg(g.rule,
                         g.threshold.isEmpty() ? QString() : QStringLiteral(" · ") + g.threshold);
    if (g.count > 1 && !g.objects.isEmpty())
        text += QStringLiteral("\nConcerns: ") + render::abbreviateNames(g.objects, 260);
    return {severityKey(g.severity), g.code, thousands(double(g.count)), text};
}

void ReportContent::paintBom(QPainter& p, const QRectF& r, int first, int n) const {
    p.save();
    const ReportTable& t = bomTable();
    double y = r.top() + t.row(p, r, r.top(), bomHeader(), true, false);
    const int lines = int(m_analysis.bom.lines.size());
    for (int i = first; i < first + n && i <= lines; ++i) {
        if (i == lines) {
            p.setPen(QPen(RenderStyle::ink(), 1));
            p.drawLine(QPointF(r.left(), y + 1), QPointF(r.right(), y + 1));
            y += 3;
        }
        y += t.row(p, r, y, bomCells(i), false, i % 2 == 1 && i < lines);
    }
    p.restore();
}

void ReportContent::paintFindings(QPainter& p, const QRectF& r, int first, int n) const {
    p.save();
    if (m_groups.empty()) {
        p.setPen(RenderStyle::ink());
        p.setFont(RenderStyle::font(14));
        p.drawText(r, Qt::AlignLeft | Qt::AlignTop,
                   QStringLiteral("No open findings: every check passes."));
        p.restore();
        return;
    }
    const ReportTable& t = findingTable();
    double y = r.top() + t.row(p, r, r.top(), findingHeader(), true, false);
    for (int i = first; i < first + n && i < int(m_groups.size()); ++i) {
        const Severity s = m_groups[std::size_t(i)].severity;
        const QColor c = s == Severity::Error     ? RenderStyle::error()
                         : s == Severity::Warning ? RenderStyle::warning()
                                                  : RenderStyle::muted();
        y += t.row(p, r, y, findingCells(i), false, i % 2 == 1, c);
    }
    p.restore();
}

std::vector<ReportPage> ReportContent::tablePages(const PageOptions& o) const {
    std::vector<ReportPage> out;
    const double w = o.body.width(), avail = o.body.height();
    // The BOM: every line, then the total (which stays with the last lines).
    std::vector<double> h;
    const int lines = int(m_analysis.bom.lines.size());
    for (int i = 0; i <= lines; ++i)
        h.push_back(bomTable().rowHeight(bomCells(i), w) + (i == lines ? 3 : 0));
    // The total never stands alone on a page: the last line goes over with it.
    const auto bomPages =
        ReportTable::paginate(h, avail, bomTable().rowHeight(bomHeader(), w, true), true);
    for (std::size_t k = 0; k < bomPages.size(); ++k) {
        const auto [first, n] = bomPages[k];
        out.push_back(
            {ReportPage::Kind::Bom,
             bomPages.size() > 1
                 ? QStringLiteral("Bill of materials (%1 of %2)").arg(k + 1).arg(bomPages.size())
                 : QStringLiteral("Bill of materials"),
             [this, first, n](QPainter& p, const QRectF& r) { paintBom(p, r, first, n); },
             {}});
    }
    h.clear();
    for (int i = 0; i < int(m_groups.size()); ++i)
        h.push_back(findingTable().rowHeight(findingCells(i), w));
    const auto fPages =
        ReportTable::paginate(h, avail, findingTable().rowHeight(findingHeader(), w, true));
    for (std::size_t k = 0; k < fPages.size(); ++k) {
        const auto [first, n] = fPages[k];
        out.push_back(
            {ReportPage::Kind::Findings,
             fPages.size() > 1
                 ? QStringLiteral("Open findings by kind (%1 of %2)").arg(k + 1).arg(fPages.size())
                 : QStringLiteral("Open findings by kind"),
             [this, first, n](QPainter& p, const QRectF& r) { paintFindings(p, r, first, n); },
             {}});
    }
    return out;
}

} // namespace cds::report
