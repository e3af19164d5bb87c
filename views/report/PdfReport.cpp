#include "PdfReport.h"

#include "views/render/RenderStyle.h"

#include "model/AtomicFile.h"

#include <QBuffer>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

namespace cds::report {

using render::RenderStyle;

namespace {
constexpr double kLeft = 48, kTop = 76, kRight = 48, kBottom = 50;
}

QSizeF PdfReport::bodySize() {
    const QSizeF a4 = QPageSize(QPageSize::A4).sizePixels(96).transposed();
    return {a4.width() - kLeft - kRight, a4.height() - kTop - kBottom};
}

PdfReport::PdfReport(const ReportContent& content)
    : m_content(content)
    , m_pages(content.pages({kGroupsPerPage, bodySize(), true, true})) {}

bool PdfReport::write(const QString& path, QString* error, const Progress& progress) const {
    QByteArray bytes;
    {
        QBuffer buf(&bytes);
        buf.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buf);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        pdf.setPageOrientation(QPageLayout::Landscape);
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        // 96 dpi user space keeps font pixel sizes familiar; the output is vector regardless.
        pdf.setResolution(96);
        pdf.setTitle(m_content.design().meta.title);
        pdf.setCreator(QStringLiteral("Cluster Design Studio"));
        QPainter p(&pdf);
        const QRectF page(QPointF(0, 0), QSizeF(pdf.width(), pdf.height()));
        const QRectF body = page.adjusted(kLeft, kTop, -kRight, -kBottom);
        // The title block of every page: title · customer · project · revision.
        const DesignMeta& meta = m_content.design().meta;
        QStringList block{meta.title};
        for (const QString& s : {meta.customer, meta.project})
            if (!s.isEmpty())
                block << s;
        if (!meta.revision.isEmpty())
            block << QStringLiteral("rev ") + meta.revision;
        const QString title = block.join(QStringLiteral(" · "));
        for (std::size_t i = 0; i < m_pages.size(); ++i) {
            if (progress && !progress(int(i * 95 / m_pages.size()))) {
                p.end();
                if (error)
                    *error = QStringLiteral("%1: the export was cancelled; nothing was written")
                                 .arg(path);
                return false;
            }
            if (i > 0)
                pdf.newPage();
            const ReportPage& pg = m_pages[i];
            if (!pg.heading.isEmpty()) {
                p.setPen(RenderStyle::ink());
                p.setFont(RenderStyle::font(20, true));
                p.drawText(QRectF(48, 24, page.width() - 96, 32), Qt::AlignLeft | Qt::AlignVCenter,
                           pg.heading);
                p.setPen(QPen(RenderStyle::accent(), 2));
                p.drawLine(QPointF(48, 60), QPointF(page.width() - 48, 60));
            }
            pg.draw(p, pg.heading.isEmpty() ? page.adjusted(48, 48, -48, -50) : body);
            p.setPen(RenderStyle::muted());
            p.setFont(RenderStyle::font(9));
            const QRectF foot(48, page.height() - 34, page.width() - 96, 18);
            p.drawText(foot, Qt::AlignLeft | Qt::AlignVCenter,
                       QStringLiteral("%1 · Cluster Design Studio").arg(title));
            p.drawText(foot, Qt::AlignRight | Qt::AlignVCenter,
                       QStringLiteral("Page %1 of %2").arg(i + 1).arg(m_pages.size()));
        }
        p.end();
    }
    if (!writeFileAtomically(path, bytes, error))
        return false;
    if (progress)
        progress(100);
    return true;
}

} // namespace cds::report
