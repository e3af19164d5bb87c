#include "BomXlsx.h"

#include "../AtomicFile.h"
#include "../InputFile.h"
#include "../cabling/CableParts.h"

#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <xlsxwriter.h>

#include <memory>

namespace cds {

namespace {

struct Formats {
    lxw_format *title, *header, *group, *money, *moneyBold, *bold, *percent, *metres, *wrap;
    explicit Formats(lxw_workbook* wb) {
        percent = workbook_add_format(wb);
        format_set_num_format(percent, "0.0%");
        metres = workbook_add_format(wb);
        format_set_num_format(metres, "0.0");
        wrap = workbook_add_format(wb);
        format_set_text_wrap(wrap);
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

/// Landscape A4, one page wide, the header row on every page, page numbers in the footer.
void printSetup(lxw_worksheet* ws, lxw_row_t headRow, const DesignData& d) {
    worksheet_set_landscape(ws);
    worksheet_set_paper(ws, 9); // A4
    worksheet_fit_to_pages(ws, 1, 0);
    worksheet_repeat_rows(ws, headRow, headRow);
    worksheet_set_margins(ws, 0.4, 0.4, 0.6, 0.6);
    QString left = d.meta.title;
    if (!d.meta.revision.isEmpty())
        left += QStringLiteral(" rev ") + d.meta.revision;
    left.replace(QLatin1Char('&'), QStringLiteral("&&"));
    worksheet_set_footer(ws,
                         Utf8(QStringLiteral("&L") + left + QStringLiteral("&RPage &P of &N")).c());
}

/// The newest price date of the lines (catalog prices are dated "YYYY-MM").
QString priceDate(const DesignData& d, const Bom& bom) {
    QString newest;
    for (const BomLine& l : bom.lines) {
        const CatalogItem& it = d.catalog[l.type];
        if (it.price && d.priceOverrides.find(it.id) == d.priceOverrides.end() &&
            it.price->date > newest)
            newest = it.price->date;
    }
    return newest;
}

/// Rows 1-7: who the quote is for, which revision, the currency and the prices' date.
void quoteHeader(lxw_worksheet* ws, const Formats& f, const DesignData& d, const Bom& bom) {
    const DesignMeta& m = d.meta;
    const QString date = m.date.isEmpty() ? QDate::currentDate().toString(Qt::ISODate) : m.date;
    QString prices = priceDate(d, bom);
    if (!d.priceOverrides.empty())
        prices += (prices.isEmpty() ? QString() : QStringLiteral("; ")) +
                  QStringLiteral("design overrides as noted");
    const std::pair<const char*, QString> rows[] = {
        {"Customer", m.customer}, {"Project", m.project.isEmpty() ? m.title : m.project},
        {"Site", m.site},         {"Revision", m.revision},
        {"Date", date},           {"Currency", QStringLiteral("USD")},
        {"Price date", prices}};
    lxw_row_t r = 1;
    for (const auto& [label, value] : rows) {
        worksheet_write_string(ws, r, 0, label, f.bold);
        put(ws, r, 1, value);
        ++r;
    }
}

QString priceSource(const DesignData& d, const CatalogItem& it) {
    const auto ov = d.priceOverrides.find(it.id);
    if (ov != d.priceOverrides.end())
        return QStringLiteral("design override: %1").arg(ov->second.note);
    if (!it.price)
        return {};
    return it.price->date.isEmpty()
               ? it.price->source
               : QStringLiteral("%1 (%2)").arg(it.price->source, it.price->date);
}

void bomSheet(lxw_workbook* wb, const Formats& f, const DesignData& d, const Bom& bom) {
    lxw_worksheet* ws = workbook_add_worksheet(wb, "BOM");
    put(ws, 0, 0, QStringLiteral("Bill of materials: %1").arg(d.meta.title), f.title);
    quoteHeader(ws, f, d, bom);
    const double margin = d.settings.quoteMarginPercent, discount = d.settings.quoteDiscountPercent;
    const bool quote = margin > 0 || discount > 0;
    QStringList heads = {QStringLiteral("Category"),         QStringLiteral("Vendor"),
                         QStringLiteral("Part number"),      QStringLiteral("Model"),
                         QStringLiteral("Catalog id"),       QStringLiteral("Quantity"),
                         QStringLiteral("Unit price (USD)"), QStringLiteral("Extended (USD)"),
                         QStringLiteral("Price source")};
    if (quote)
        heads << QStringLiteral("Margin") << QStringLiteral("Sell unit price (USD)")
              << QStringLiteral("Discount") << QStringLiteral("Net extended (USD)");
    const lxw_row_t headRow = 9;
    for (lxw_col_t c = 0; c < lxw_col_t(heads.size()); ++c)
        put(ws, headRow, c, heads[c], f.header);
    worksheet_freeze_panes(ws, headRow + 1, 0);
    lxw_row_t r = headRow + 1;
    QStringList subtotals, netSubtotals;
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
            put(ws, r, 2, it.partNumber);
            put(ws, r, 3, it.model);
            put(ws, r, 4, it.id);
            worksheet_write_number(ws, r, 5, double(l.quantity), nullptr);
            if (l.unitPriceUsd) {
                worksheet_write_number(ws, r, 6, *l.unitPriceUsd, f.money);
                const QString formula = QStringLiteral("=%1*%2").arg(cell(r, 5), cell(r, 6));
                worksheet_write_formula_num(ws, r, 7, Utf8(formula).c(), f.money, *l.extendedUsd());
            } else {
                put(ws, r, 6, QStringLiteral("no price"));
            }
            put(ws, r, 8, priceSource(d, it));
            if (quote) {
                worksheet_write_number(ws, r, 9, margin / 100.0, f.percent);
                worksheet_write_number(ws, r, 11, discount / 100.0, f.percent);
                if (l.unitPriceUsd) {
                    const double sell = *l.unitPriceUsd * (1 + margin / 100.0);
                    const QString sf = QStringLiteral("=%1*(1+%2)").arg(cell(r, 6), cell(r, 9));
                    worksheet_write_formula_num(ws, r, 10, Utf8(sf).c(), f.money, sell);
                    const QString nf =
                        QStringLiteral("=%1*%2*(1-%3)").arg(cell(r, 5), cell(r, 10), cell(r, 11));
                    worksheet_write_formula_num(ws, r, 12, Utf8(nf).c(), f.money,
                                                sell * double(l.quantity) * (1 - discount / 100.0));
                }
            }
            ++r;
        }
        if (!any)
            continue;
        double sum = 0, net = 0;
        for (const BomLine& l : bom.lines)
            if (int(l.category) == cat) {
                sum += l.extendedUsd().value_or(0.0);
                net +=
                    l.extendedUsd().value_or(0.0) * (1 + margin / 100.0) * (1 - discount / 100.0);
            }
        put(ws, r, 0, QStringLiteral("Subtotal %1").arg(costCategoryLabel(CostCategory(cat))),
            f.bold);
        const QString formula = QStringLiteral("=SUM(%1:%2)").arg(cell(first, 7), cell(r - 1, 7));
        worksheet_write_formula_num(ws, r, 7, Utf8(formula).c(), f.moneyBold, sum);
        subtotals << cell(r, 7);
        if (quote) {
            const QString nf = QStringLiteral("=SUM(%1:%2)").arg(cell(first, 12), cell(r - 1, 12));
            worksheet_write_formula_num(ws, r, 12, Utf8(nf).c(), f.moneyBold, net);
            netSubtotals << cell(r, 12);
        }
        r += 2;
    }
    put(ws, r, 0, QStringLiteral("TOTAL"), f.bold);
    auto sumOf = [](const QStringList& cells) {
        return cells.isEmpty() ? QStringLiteral("=0")
                               : QLatin1Char('=') + cells.join(QLatin1Char('+'));
    };
    worksheet_write_formula_num(ws, r, 7, Utf8(sumOf(subtotals)).c(), f.moneyBold, bom.totalUsd);
    if (quote)
        worksheet_write_formula_num(ws, r, 12, Utf8(sumOf(netSubtotals)).c(), f.moneyBold,
                                    bom.totalUsd * (1 + margin / 100.0) * (1 - discount / 100.0));
    if (bom.unpricedLines)
        put(ws, r + 1, 0,
            QStringLiteral("%1 line(s) have no price and are not in the total")
                .arg(bom.unpricedLines));
    worksheet_set_column(ws, 0, 0, 18, nullptr);
    worksheet_set_column(ws, 1, 1, 16, nullptr);
    worksheet_set_column(ws, 2, 2, 18, nullptr);
    worksheet_set_column(ws, 3, 3, 44, nullptr);
    worksheet_set_column(ws, 4, 4, 28, nullptr);
    worksheet_set_column(ws, 5, 5, 10, nullptr);
    worksheet_set_column(ws, 6, 7, 16, nullptr);
    worksheet_set_column(ws, 8, 8, 50, f.wrap);
    if (quote)
        worksheet_set_column(ws, 9, 12, 14, nullptr);
    printSetup(ws, headRow, d);
}

void mediaSheet(lxw_workbook* wb, const Formats& f, const DesignData& d, const Bom& bom) {
    lxw_worksheet* ws = workbook_add_worksheet(wb, "Cables and optics");
    const char* heads[] = {"Medium",     "Kind",       "Part number", "Model",
                           "Catalog id", "Length (m)", "Quantity"};
    for (lxw_col_t c = 0; c < 7; ++c)
        worksheet_write_string(ws, 0, c, heads[c], f.header);
    worksheet_freeze_panes(ws, 1, 0);
    lxw_row_t r = 1;
    for (const BomLine& l : bom.lines) {
        if (l.category != CostCategory::CablesAndOptics)
            continue;
        const CatalogItem& it = d.catalog[l.type];
        // Cat6 is copper, not a "DAC", even though the catalog models it as type dac.
        const QString medium = it.media ? cableTypeKey(*it.media).toUpper() : QString();
        const QString kind = it.category == Category::Transceiver
                                 ? QStringLiteral("transceiver")
                                 : (it.media ? cableClassKey(*it.media) + QStringLiteral(" cable")
                                             : categoryLabel(it.category));
        auto row = [&](std::optional<double> len, long long n) {
            put(ws, r, 0, medium);
            put(ws, r, 1, kind);
            put(ws, r, 2, it.partNumber);
            put(ws, r, 3, it.model);
            put(ws, r, 4, it.id);
            if (len)
                worksheet_write_number(ws, r, 5, *len, f.metres);
            worksheet_write_number(ws, r, 6, double(n), nullptr);
            ++r;
        };
        if (l.lengthBins.empty())
            row(std::nullopt, l.quantity);
        for (const auto& [len, n] : l.lengthBins)
            row(len, n);
    }
    put(ws, r, 0, QStringLiteral("Cables"), f.bold);
    worksheet_write_number(ws, r, 6, double(bom.cables), f.bold);
    put(ws, r + 1, 0, QStringLiteral("Transceivers"), f.bold);
    worksheet_write_number(ws, r + 1, 6, double(bom.transceivers), f.bold);
    worksheet_set_column(ws, 0, 1, 14, nullptr);
    worksheet_set_column(ws, 2, 2, 18, nullptr);
    worksheet_set_column(ws, 3, 3, 44, nullptr);
    worksheet_set_column(ws, 4, 4, 32, nullptr);
    worksheet_set_column(ws, 5, 6, 12, nullptr);
    printSetup(ws, 0, d);
}

} // namespace

std::optional<QByteArray> bomXlsxBytes(const DesignData& d, const Bom& bom, QString* error) {
    // libxlsxwriter writes the zip in place: it writes into a private temporary folder, and
    // the bytes are read back for the one atomic writer (checked writes, never a rename over
    // a device node).
    const QTemporaryDir scratch;
    const QString tmp = scratch.filePath(QStringLiteral("bom.xlsx"));
    lxw_workbook* wb =
        scratch.isValid() ? workbook_new(QFile::encodeName(tmp).constData()) : nullptr;
    if (!wb) {
        if (error)
            *error = QStringLiteral("no temporary folder");
        return std::nullopt;
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
            *error = QString::fromUtf8(lxw_strerror(rc));
        return std::nullopt;
    }
    QByteArray bytes;
    QString reason;
    if (!readInputFile(tmp, kMaxDesignFileBytes, bytes, reason)) {
        if (error)
            *error = reason;
        return std::nullopt;
    }
    return bytes;
}

bool writeBomXlsx(const DesignData& d, const Bom& bom, const QString& path, QString* error) {
    const QFileInfo info(path);
    if (!info.absoluteDir().exists()) {
        if (error)
            *error = QStringLiteral("%1: cannot write: the folder does not exist").arg(path);
        return false;
    }
    QString reason;
    const std::optional<QByteArray> bytes = bomXlsxBytes(d, bom, &reason);
    if (!bytes) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, reason);
        return false;
    }
    return writeFileAtomically(path, *bytes, error);
}

} // namespace cds
