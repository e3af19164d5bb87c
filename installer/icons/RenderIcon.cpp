// Build-time tool: renders the application icon SVG to the PNG sizes desktops expect.
// Usage: cds-render-icon ICON.svg OUTDIR SIZE... -> OUTDIR/SIZExSIZE/cluster-design-studio.png
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv) {
    // No display is needed to rasterize.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: cds-render-icon ICON.svg OUTDIR SIZE...\n");
        return 2;
    }
    QSvgRenderer svg(args.at(1));
    if (!svg.isValid()) {
        std::fprintf(stderr, "cds-render-icon: %s: not a valid SVG\n", qPrintable(args.at(1)));
        return 1;
    }
    for (const QString& s : args.mid(3)) {
        const int size = s.toInt();
        if (size <= 0 || size > 1024) {
            std::fprintf(stderr, "cds-render-icon: bad size '%s'\n", qPrintable(s));
            return 2;
        }
        QImage img(size, size, QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::transparent);
        QPainter p(&img);
        p.setRenderHint(QPainter::Antialiasing);
        svg.render(&p, QRectF(0, 0, size, size));
        p.end();
        const QString dir = QStringLiteral("%1/%2x%2").arg(args.at(2)).arg(size);
        QDir().mkpath(dir);
        if (!img.save(dir + QStringLiteral("/cluster-design-studio.png"))) {
            std::fprintf(stderr, "cds-render-icon: cannot write %s\n", qPrintable(dir));
            return 1;
        }
    }
    return 0;
}
