// Interim studio entry point: opens a design and shows its summary until the studio's main
// window lands (issue: the studio).
#include "model/DesignFile.h"
#include "model/Metrics.h"
#include "model/fabric/CableRouting.h"

#include <QApplication>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Cluster Design Studio"));
    QMainWindow w;
    auto* label = new QLabel(&w);
    label->setMargin(24);
    w.setCentralWidget(label);
    if (argc > 1) {
        const QString path = QString::fromLocal8Bit(argv[1]);
        cds::LoadResult r = cds::DesignFile::load(path);
        if (!r.ok) {
            QMessageBox::critical(&w, QStringLiteral("Cannot open design"),
                                  r.errors.front().toString());
        } else {
            cds::routeCables(r.data);
            const cds::Metrics m = cds::computeMetrics(r.data);
            label->setText(QStringLiteral("%1\n%2 GPUs, %3 racks, %4 kW IT")
                               .arg(r.data.meta.title)
                               .arg(m.gpus)
                               .arg(m.racks)
                               .arg(m.itMaxW / 1000.0, 0, 'f', 1));
            w.setWindowTitle(r.data.meta.title + QStringLiteral(" - Cluster Design Studio"));
        }
    }
    w.resize(800, 500);
    w.show();
    return app.exec();
}
