#include "GenerateDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QSpinBox>

namespace cds::studio {

GenerateDialog::GenerateDialog(const Catalog& library, QWidget* parent)
    : QDialog(parent)
    , m_gpus(new QSpinBox(this))
    , m_server(new QComboBox(this))
    , m_switch(new QComboBox(this))
    , m_topology(new QComboBox(this))
    , m_tiers(new QComboBox(this))
    , m_oversub(new QDoubleSpinBox(this))
    , m_planes(new QComboBox(this))
    , m_serversPerRack(new QSpinBox(this))
    , m_error(new QLabel(this)) {
    setWindowTitle(QStringLiteral("Generate cluster"));
    auto* form = new QFormLayout(this);
    m_gpus->setRange(8, 131072);
    m_gpus->setSingleStep(8);
    m_gpus->setGroupSeparatorShown(true);
    for (const CatalogItem& it : library.items()) {
        if (it.gpu && it.gpu->count > 0)
            m_server->addItem(
                QStringLiteral("%1 %2 (%3 GPUs)").arg(it.vendor, it.model).arg(it.gpu->count),
                it.id);
        if (it.category == Category::Switch)
            m_switch->addItem(it.vendor + QLatin1Char(' ') + it.model, it.id);
    }
    m_topology->addItem(QStringLiteral("Rail-optimized"), int(Topology::RailOptimized));
    m_topology->addItem(QStringLiteral("Fat tree"), int(Topology::FatTree));
    m_tiers->addItem(QStringLiteral("Automatic"), 0);
    m_tiers->addItem(QStringLiteral("1 (one switch or a switch pair)"), 1);
    m_tiers->addItem(QStringLiteral("2 (leaf, spine)"), 2);
    m_tiers->addItem(QStringLiteral("3 (leaf, spine, core)"), 3);
    m_oversub->setRange(1.0, 8.0);
    m_oversub->setSingleStep(0.5);
    m_oversub->setDecimals(2);
    m_oversub->setSuffix(QStringLiteral(" : 1"));
    form->addRow(QStringLiteral("GPUs"), m_gpus);
    form->addRow(QStringLiteral("Server"), m_server);
    form->addRow(QStringLiteral("Compute switch"), m_switch);
    form->addRow(QStringLiteral("Topology"), m_topology);
    form->addRow(QStringLiteral("Tiers"), m_tiers);
    for (int n : {1, 2, 4})
        m_planes->addItem(n == 1 ? QStringLiteral("1 (one compute fabric)")
                                 : QStringLiteral("%1 (each NIC split over %1 fabrics)").arg(n),
                          n);
    m_serversPerRack->setRange(0, 16);
    m_serversPerRack->setSpecialValueText(QStringLiteral("Automatic (as cooling allows)"));
    form->addRow(QStringLiteral("Oversubscription"), m_oversub);
    form->addRow(QStringLiteral("Parallel planes"), m_planes);
    form->addRow(QStringLiteral("Servers per rack"), m_serversPerRack);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b02020"));
    m_error->setVisible(false);
    form->addRow(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (!m_generate) {
            accept();
            return;
        }
        const QString error = m_generate(params());
        if (error.isEmpty()) {
            accept();
            return;
        }
        m_error->setText(QStringLiteral("Cannot generate: ") + inStudioWords(error));
        m_error->setVisible(true);
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
    setParams(GenerateParams{});
}

void GenerateDialog::setGenerator(std::function<QString(const GenerateParams&)> generate) {
    m_generate = std::move(generate);
}

QString GenerateDialog::errorText() const {
    return m_error->isHidden() ? QString() : m_error->text();
}

QString GenerateDialog::inStudioWords(const QString& generatorError) {
    QString s = generatorError;
    s.replace(QRegularExpression(QStringLiteral("--gpus (\\d+)")), QStringLiteral("\\1 GPUs"));
    s.replace(QStringLiteral("--oversubscription"), QStringLiteral("the oversubscription"));
    s.replace(QStringLiteral("--tiers"), QStringLiteral("the number of tiers"));
    s.replace(QStringLiteral("--su-nodes"), QStringLiteral("the scalable-unit size"));
    s.replace(QStringLiteral("--servers-per-rack"), QStringLiteral("servers per rack"));
    s.replace(QStringLiteral("--planes"), QStringLiteral("parallel planes"));
    s.replace(QStringLiteral("--server"), QStringLiteral("the server"));
    s.replace(QStringLiteral("--switch"), QStringLiteral("the compute switch"));
    return s;
}

GenerateParams GenerateDialog::params() const {
    GenerateParams p;
    p.gpus = m_gpus->value();
    p.serverId = m_server->currentData().toString();
    p.switchId = m_switch->currentData().toString();
    p.topology = Topology(m_topology->currentData().toInt());
    p.tiers = m_tiers->currentData().toInt();
    p.oversubscription = m_oversub->value();
    p.planes = m_planes->currentData().toInt();
    p.serversPerRack = m_serversPerRack->value();
    return p;
}

void GenerateDialog::setParams(const GenerateParams& p) {
    m_gpus->setValue(p.gpus);
    m_server->setCurrentIndex(std::max(0, m_server->findData(p.serverId)));
    m_switch->setCurrentIndex(std::max(0, m_switch->findData(p.switchId)));
    m_topology->setCurrentIndex(std::max(0, m_topology->findData(int(p.topology))));
    m_tiers->setCurrentIndex(std::max(0, m_tiers->findData(p.tiers)));
    m_oversub->setValue(p.oversubscription);
    m_planes->setCurrentIndex(std::max(0, m_planes->findData(p.planes)));
    m_serversPerRack->setValue(p.serversPerRack);
}

} // namespace cds::studio
