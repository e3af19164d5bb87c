#include "BomXlsx.h"

#include "../AtomicFile.h"
#include "../InputFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <xlsxwriter.h>

#include <memory>

namespace cds {

namespace {

struct Formats {
    lxw_format *title, *header, *group, *money, *moneyBold, *bold;
    explicit Formats(lxw_workbook* wb) {
        title = workbook_add_format(wb);
        format_set_bold(title);
        format_set_font_size(title, 14);
        header = workbook_add_format(wb);
        format_set_bold(header);
        format_set_bg_color(header, 0x1F3A5F);
        format_set_font_color(header, LXW_COLOR_WHITE);
        group = workbook_add_format(wb);
        format_set_bold(group);
        format_set_bg_color(group, 0xE8EEF5);
        money = workbook_add_format(wb);
        format_set_num_format(money, "$#,##0.00");
        moneyBold = workbook_add_format(wb);
        format_set_num_format(moneyBold, "$#,##0.00");
        format_set_bold(moneyBold);
        format_set_top(moneyBold, LXW_BORDER_THIN);
        bold = workbook_add_format(wb);
        format_set_bold(bold);
        format_set_top(bold, LXW_BORDER_THIN);
    }
};

/// Keeps QByteArray storage alive for the C API.
struct Utf8 {
    QByteArray b;
    explicit Utf8(const QString& s)
        : b(s.toUtf8()) {}
    const char* c() const { return b.constData(); }
};

void put(lxw_worksheet* ws, lxw_row_t r, lxw_col_t c, const QString& s, lxw_format* f = nullptr) {
    worksheet_write_string(ws, r, c, Utf8(s).c(), f);
}

QString cell(lxw_row_t r, lxw_col_t c) {
    return QStringLiteral("%1%2").arg(QChar(QLatin1Char(char('A' + c)))).arg(r + 1);
}

void bomSheet(lxw_workbook* wb, const Formats& f, const DesignData& d, const Bom& bom) {
    lxw_worksheet* ws = workbook_add_worksheet(wb, "BOM");
    put(ws, 0, 0, QStringLiteral("Bill of materials: %1").arg(d.meta.title), f.title);
    if (!d.meta.customer.isEmpty())
        put(ws, 1, 0, QStringLiteral("Customer: %1").arg(d.meta.customer));
    const char* heads[] = {"Category", "Vendor",           "Model",          "Catalog id",
                           "Quantity", "Unit price (USD)", "Extended (USD)", "Price source"};
    const lxw_row_t headRow = 3;
    for (lxw_col_t c = 0; c < 8; ++c)
        worksheet_write_string(ws, headRow, c, heads[c], f.header);
    worksheet_freeze_panes(ws, headRow + 1, 0);
    lxw_row_t r = headRow + 1;
    QStringList subtotals;
    for (int cat = 0; cat < kCostCategoryCount; ++cat) {
        const lxw_row_t first = r + 1;
        bool any = false;
        for (const BomLine& l : bom.lines) {
            if (int(l.category) != cat)
                continue;
            if (!any)
                put(ws, r++, 0, costCategoryLabel(CostCategory(cat)), f.group);
            any = true;
            const CatalogItem& it = d.catalog[l.type];
            put(ws, r, 0, costCategoryLabel(l.category));
            put(ws, r, 1, it.vendor);
            put(ws, r, 2, it.model);
            put(ws, r, 3, it.id);
            worksheet_write_number(ws, r, 4, double(l.quantity), nullptr);
            if (l.unitPriceUsd) {
                worksheet_write_number(ws, r, 5, *l.unitPriceUsd, f.money);
                const QString formula = QStringLiteral("=%1*%2").arg(cell(r, 4), cell(r, 5));
                worksheet_write_formula_num(ws, r, 6, Utf8(formula).c(), f.money, *l.extendedUsd());
            } else {
                put(ws, r, 5, QStringLiteral("no price"));
            }
            const auto ov = d.priceOverrides.find(it.id);
            if (ov != d.priceOverrides.end())
                put(ws, r, 7, QStringLiteral("design override: %1").arg(ov->second.note));
            else if (it.price)
                put(ws, r, 7, QStringLiteral("%1 (%2)").arg(it.price->source, it.price->date));
            ++r;
        }
        if (!any)
            continue;
        double sum = 0;
        for (const BomLine& l : bom.lines)
            if (int(l.category) == cat)
                sum += l.extendedUsd().value_or(0.0);
        put(ws, r, 0, QStringLiteral("Subtotal %1").arg(costCategoryLabel(CostCategory(cat))),
            f.bold);
        const QString formula = QStringLiteral("=SUM(%1:%2)").arg(cell(first, 6), cell(r - 1, 6));
        worksheet_write_formula_num(ws, r, 6, Utf8(formula).c(), f.moneyBold, sum);
        subtotals << cell(r, 6);
        r += 2;
    }
    put(ws, r, 0, QStringLiteral("TOTAL"), f.bold);
    const QString total = subtotals.isEmpty() ? QStringLiteral("=0")
                                              : QLatin1Char('=') + subtotals.join(QLatin1Char('+'));
    worksheet_write_formula_num(ws, r, 6, Utf8(total).c(), f.moneyBold, bom.totalUsd);
    if (bom.unpricedLines)
        put(ws, r + 1, 0,
            QStringLiteral("%1 line(s) have no price and are not in the total")
                .arg(bom.unpricedLines));
    worksheet_set_column(ws, 0, 0, 20, nullptr);
    worksheet_set_column(ws, 1, 1, 22, nullptr);
    worksheet_set_column(ws, 2, 2, 44, nullptr);
    worksheet_set_column(ws, 3, 3, 30, nullptr);
    worksheet_set_column(ws, 4, 4, 10, nullptr);
    worksheet_set_column(ws, 5, 6, 18, nullptr);
    worksheet_set_column(ws, 7, 7, 50, nullptr);
}

void mediaSheet(lxw_workbook* wb, const Formats& f, const DesignData& d, const Bom& bom) {
    lxw_worksheet* ws = workbook_add_worksheet(wb, "Cables and optics");
    const char* heads[] = {"Medium", "Kind", "Model", "Catalog id", "Length (m)", "Quantity"};
    for (lxw_col_t c = 0; c < 6; ++c)
        worksheet_write_string(ws, 0, c, heads[c], f.header);
    worksheet_freeze_panes(ws, 1, 0);
    lxw_row_t r = 1;
    for (const BomLine& l : bom.lines) {
        if (l.category != CostCategory::CablesAndOptics)
            continue;
        const CatalogItem& it = d.catalog[l.type];
        const QString medium = it.media ? mediaTypeKey(it.media->type).toUpper() : QString();
        auto row = [&](const QString& len, long long n) {
            put(ws, r, 0, medium);
            put(ws, r, 1, categoryLabel(it.category));
            put(ws, r, 2, it.model);
            put(ws, r, 3, it.id);
            put(ws, r, 4, len);
            worksheet_write_number(ws, r, 5, double(n), nullptr);
            ++r;
        };
        if (l.lengthBins.empty())
            row(it.category == Category::Transceiver ? QStringLiteral("(module)") : QString(),
                l.quantity);
        for (const auto& [len, n] : l.lengthBins)
            row(QString::number(len), n);
    }
    put(ws, r, 0, QStringLiteral("Cables"), f.bold);
    worksheet_write_number(ws, r, 5, double(bom.cables), f.bold);
    put(ws, r + 1, 0, QStringLiteral("Transceivers"), f.bold);
    worksheet_write_number(ws, r + 1, 5, double(bom.transceivers), f.bold);
    worksheet_set_column(ws, 0, 1, 14, nullptr);
    worksheet_set_column(ws, 2, 2, 44, nullptr);
    worksheet_set_column(ws, 3, 3, 32, nullptr);
    worksheet_set_column(ws, 4, 5, 12, nullptr);
}

} // namespace

bool writeBomXlsx(const DesignData& d, const Bom& bom, const QString& path, QString* error) {
    const QFileInfo info(path);
    if (!info.absoluteDir().exists()) {
        if (error)
            *error = QStringLiteral("%1: cannot write: the folder does not exist").arg(path);
        return false;
    }
    // libxlsxwriter writes the zip in place: it writes into a private temporary folder, and
    // the workbook then goes to @p path through the one atomic writer (checked writes, never a
    // rename over a device node).
    const QTemporaryDir scratch;
    const QString tmp = scratch.filePath(QStringLiteral("bom.xlsx"));
    lxw_workbook* wb =
        scratch.isValid() ? workbook_new(QFile::encodeName(tmp).constData()) : nullptr;
    if (!wb) {
        if (error)
            *error = QStringLiteral("%1: cannot write: no temporary folder").arg(path);
        return false;
    }
    const Utf8 title(d.meta.title), author(d.meta.author);
    lxw_doc_properties props{};
    props.title = const_cast<char*>(title.c());
    props.author = const_cast<char*>(author.c());
    workbook_set_properties(wb, &props);
    const Formats f(wb);
    bomSheet(wb, f, d, bom);
    mediaSheet(wb, f, d, bom);
    const lxw_error rc = workbook_close(wb);
    if (rc != LXW_NO_ERROR) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2")
                         .arg(path, QString::fromUtf8(lxw_strerror(rc)));
        return false;
    }
    QByteArray bytes;
    QString reason;
    if (!readInputFile(tmp, kMaxDesignFileBytes, bytes, reason)) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, reason);
        return false;
    }
    return writeFileAtomically(path, bytes, error);
}

} // namespace cds
