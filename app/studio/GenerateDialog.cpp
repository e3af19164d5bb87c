#include "GenerateDialog.h"

#include "model/Wording.h"
#include "model/metrics/Metrics.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEventLoop>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include <atomic>
#include <thread>

namespace cds::studio {

/// A preview computed on a worker thread. The thread owns a share of it, so closing the
/// dialog never waits for a large design to finish generating.
struct GenerateDialog::Preview {
    Catalog catalog;
    GenerateParams params;
    GenerateResult result;
    Metrics metrics;
    std::atomic<bool> done{false};
};

namespace {

QFormLayout* group(QBoxLayout* into, const QString& title, QWidget* parent) {
    auto* box = new QGroupBox(title, parent);
    auto* form = new QFormLayout(box);
    into->addWidget(box);
    return form;
}

QString money(double usd) {
    const QLocale c(QLocale::English, QLocale::UnitedStates);
    if (usd >= 1e6)
        return QStringLiteral("$%1M").arg(c.toString(usd / 1e6, 'f', 1));
    return QStringLiteral("$%1").arg(c.toString(usd, 'f', 0));
}

QString power(double kw) {
    const QLocale c(QLocale::English, QLocale::UnitedStates);
    if (kw >= 10000)
        return QStringLiteral("%1 MW").arg(c.toString(kw / 1000, 'f', 1));
    return QStringLiteral("%1 kW").arg(c.toString(kw, 'f', 0));
}

} // namespace

GenerateDialog::GenerateDialog(const Catalog& library, QWidget* parent)
    : QDialog(parent)
    , m_library(library)
    , m_gpus(new QSpinBox(this))
    , m_server(new QComboBox(this))
    , m_switch(new QComboBox(this))
    , m_topology(new QComboBox(this))
    , m_tiers(new QComboBox(this))
    , m_oversub(new QDoubleSpinBox(this))
    , m_planes(new QComboBox(this))
    , m_suNodes(new QSpinBox(this))
    , m_podGpus(new QSpinBox(this))
    , m_serversPerRack(new QSpinBox(this))
    , m_cpo(new QCheckBox(QStringLiteral("Co-packaged optics switch (the what-if of --cpo)"), this))
    , m_hallW(new QDoubleSpinBox(this))
    , m_hallD(new QDoubleSpinBox(this))
    , m_halls(new QSpinBox(this))
    , m_cooling(new QComboBox(this))
    , m_storageTb(new QDoubleSpinBox(this))
    , m_storageGbps(new QDoubleSpinBox(this))
    , m_checkpointMin(new QDoubleSpinBox(this))
    , m_power(new QComboBox(this))
    , m_dc800(new QCheckBox(QStringLiteral("800 V DC for rack-scale systems"), this))
    , m_phases(new QSpinBox(this))
    , m_phaseStart(new QLineEdit(this))
    , m_title(new QLineEdit(this))
    , m_preview(new QLabel(this))
    , m_error(new QLabel(this)) {
    setWindowTitle(QStringLiteral("Generate cluster"));
    auto* outer = new QVBoxLayout(this);
    auto* columns = new QHBoxLayout;
    auto* left = new QVBoxLayout;
    auto* right = new QVBoxLayout;
    columns->addLayout(left, 1);
    columns->addLayout(right, 1);
    outer->addLayout(columns);

    m_gpus->setRange(8, 524288);
    m_gpus->setSingleStep(8);
    m_gpus->setGroupSeparatorShown(true);
    m_switch->addItem(QStringLiteral("Automatic (carries the server's NICs)"), QString());
    for (const CatalogItem& it : library.items()) {
        if (it.gpu && it.gpu->count > 0 && it.tray == TrayKind::None)
            m_server->addItem(
                QStringLiteral("%1 (%2 GPUs) · %3").arg(it.model).arg(it.gpu->count).arg(it.vendor),
                it.id);
        if (it.category == Category::Switch && it.tray == TrayKind::None)
            m_switch->addItem(it.model + QStringLiteral(" · ") + it.vendor, it.id);
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
    for (int n : {1, 2, 4})
        m_planes->addItem(n == 1 ? QStringLiteral("1 (one compute fabric)")
                                 : QStringLiteral("%1 (each NIC split over %1 fabrics)").arg(n),
                          n);
    m_suNodes->setRange(0, 1024);
    m_suNodes->setSpecialValueText(QStringLiteral("NVIDIA's (32 servers, 8 NVL72 racks)"));
    m_podGpus->setRange(0, 524288);
    m_podGpus->setSingleStep(256);
    m_podGpus->setGroupSeparatorShown(true);
    m_podGpus->setSpecialValueText(QStringLiteral("Automatic (as many SUs as a spine takes)"));
    m_podGpus->setToolTip(QStringLiteral("GPUs per pod of a 3-tier fabric, in whole scalable "
                                         "units (Meta's 24k RoCE cluster: 8 pods of 3,072)"));
    m_serversPerRack->setRange(0, 16);
    m_serversPerRack->setSpecialValueText(QStringLiteral("Automatic (as cooling allows)"));
    QFormLayout* compute = group(left, QStringLiteral("Compute"), this);
    compute->addRow(QStringLiteral("&GPUs:"), m_gpus);
    compute->addRow(QStringLiteral("&Server:"), m_server);
    compute->addRow(QStringLiteral("Compute s&witch:"), m_switch);
    compute->addRow(m_cpo);
    compute->addRow(QStringLiteral("&Topology:"), m_topology);
    compute->addRow(QStringLiteral("T&iers:"), m_tiers);
    compute->addRow(QStringLiteral("&Oversubscription:"), m_oversub);
    compute->addRow(QStringLiteral("Parallel &planes:"), m_planes);
    compute->addRow(QStringLiteral("Scalable &unit:"), m_suNodes);
    compute->addRow(QStringLiteral("Pod si&ze (GPUs):"), m_podGpus);
    compute->addRow(QStringLiteral("Servers per &rack:"), m_serversPerRack);

    for (QDoubleSpinBox* s : {m_hallW, m_hallD}) {
        s->setRange(0, 2000);
        s->setDecimals(1);
        s->setSuffix(QStringLiteral(" m"));
        s->setSpecialValueText(QStringLiteral("sized to fit"));
    }
    m_cooling->addItem(QStringLiteral("Automatic (per rack, from its load)"), -1);
    for (int c = 0; c < kCoolingTypeCount; ++c)
        m_cooling->addItem(coolingLabel(CoolingType(c)), c);
    m_storageTb->setRange(0, GenerateParams::kMaxStorageTb);
    m_storageTb->setDecimals(0);
    m_storageTb->setGroupSeparatorShown(true);
    m_storageTb->setSuffix(QStringLiteral(" TB"));
    m_storageTb->setSpecialValueText(QStringLiteral("what the bandwidth brings"));
    m_storageGbps->setRange(0.1, 100);
    m_storageGbps->setDecimals(1);
    m_storageGbps->setSuffix(QStringLiteral(" Gb/s per GPU"));
    m_checkpointMin->setRange(0, 1440);
    m_checkpointMin->setDecimals(1);
    m_checkpointMin->setSuffix(QStringLiteral(" min"));
    m_checkpointMin->setSpecialValueText(QStringLiteral("Not asked (read bandwidth only)"));
    m_checkpointMin->setToolTip(QStringLiteral("Storage writes a full model-state checkpoint "
                                               "(Llama 3 405B, 6.48 TB, or 90 % of GPU memory) "
                                               "within this time"));
    m_power->addItem(QStringLiteral("2N (two independent sides)"), QStringLiteral("2N"));
    m_power->addItem(QStringLiteral("N+1 (one reserve module)"), QStringLiteral("N+1"));
    m_power->addItem(QStringLiteral("Block 4N/3 (four blocks, one in reserve)"),
                     QStringLiteral("block"));
    m_power->addItem(QStringLiteral("Single-corded"), QStringLiteral("single"));
    m_power->addItem(QStringLiteral("None (no power chain)"), QString());
    m_title->setPlaceholderText(QStringLiteral("described from the choices"));
    m_phases->setRange(0, kMaxBuildPhases);
    m_phases->setSpecialValueText(QStringLiteral("none"));
    m_phases->setToolTip(QStringLiteral("Split the build by scalable unit (--phases); spine, "
                                        "core, storage and management racks go in the first."));
    m_phaseStart->setPlaceholderText(QStringLiteral("YYYY-MM-DD, then every 8 weeks"));
    QFormLayout* site = group(right, QStringLiteral("Hall, cooling and storage"), this);
    auto* hall = new QHBoxLayout;
    hall->addWidget(m_hallW);
    hall->addWidget(new QLabel(QStringLiteral("×"), this));
    hall->addWidget(m_hallD);
    auto* hallLabel = new QLabel(QStringLiteral("&Hall (W × D):"), this);
    hallLabel->setBuddy(m_hallW); // a row of a layout has no buddy of its own: "&" would show
    site->addRow(hallLabel, hall);
    m_halls->setRange(1, GenerateParams::kMaxHalls);
    m_halls->setToolTip(
        QStringLiteral("A campus: the scalable units split over this many halls, "
                       "each with its own rows and CDUs, in a grid 24 m apart (--halls)"));
    site->addRow(QStringLiteral("Ha&lls (campus):"), m_halls);
    site->addRow(QStringLiteral("&Cooling:"), m_cooling);
    site->addRow(QStringLiteral("Storage &capacity:"), m_storageTb);
    site->addRow(QStringLiteral("Storage &bandwidth:"), m_storageGbps);
    site->addRow(QStringLiteral("Checkpoint &within:"), m_checkpointMin);
    QFormLayout* powerForm = group(right, QStringLiteral("Power"), this);
    powerForm->addRow(QStringLiteral("Re&dundancy:"), m_power);
    powerForm->addRow(m_dc800);
    QFormLayout* named = group(right, QStringLiteral("Design"), this);
    named->addRow(QStringLiteral("T&itle:"), m_title);
    named->addRow(QStringLiteral("Build ph&ases:"), m_phases);
    named->addRow(QStringLiteral("First phase dat&e:"), m_phaseStart);
    right->addStretch(1);

    m_preview->setObjectName(QStringLiteral("preview"));
    m_preview->setWordWrap(true);
    m_preview->setMinimumHeight(m_preview->fontMetrics().lineSpacing() * 2);
    auto* previewBox = new QGroupBox(QStringLiteral("What it builds"), this);
    (new QVBoxLayout(previewBox))->addWidget(m_preview);
    outer->addWidget(previewBox);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b02020"));
    m_error->setVisible(false);
    outer->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(QStringLiteral("Generate"));
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
    outer->addWidget(buttons);

    // Every change previews again, once the user pauses.
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(300);
    connect(&m_debounce, &QTimer::timeout, this, &GenerateDialog::startPreview);
    for (QSpinBox* s : {m_gpus, m_suNodes, m_podGpus, m_serversPerRack, m_phases, m_halls})
        connect(s, &QSpinBox::valueChanged, this, &GenerateDialog::schedulePreview);
    for (QDoubleSpinBox* s :
         {m_oversub, m_hallW, m_hallD, m_storageTb, m_storageGbps, m_checkpointMin})
        connect(s, &QDoubleSpinBox::valueChanged, this, &GenerateDialog::schedulePreview);
    for (QComboBox* c : {m_server, m_switch, m_topology, m_tiers, m_planes, m_cooling, m_power})
        connect(c, &QComboBox::currentIndexChanged, this, &GenerateDialog::schedulePreview);
    for (QCheckBox* c : {m_cpo, m_dc800})
        connect(c, &QCheckBox::toggled, this, &GenerateDialog::schedulePreview);
    setParams(GenerateParams{});
}

GenerateDialog::~GenerateDialog() = default; // a running preview finishes on its own

void GenerateDialog::setGenerator(std::function<QString(const GenerateParams&)> generate) {
    m_generate = std::move(generate);
}

QString GenerateDialog::errorText() const {
    return m_error->isHidden() ? QString() : m_error->text();
}

QString GenerateDialog::previewText() const {
    return m_preview->text();
}

void GenerateDialog::schedulePreview() {
    m_error->setVisible(false);
    m_debounce.start();
}

void GenerateDialog::startPreview() {
    if (m_running) {
        m_stale = true; // previewed again when this one is done
        return;
    }
    m_stale = false;
    m_preview->setText(QStringLiteral("Working out what these choices build…"));
    auto job = std::make_shared<Preview>();
    job->catalog = m_library;
    job->params = params();
    m_running = true;
    std::thread([job] {
        job->result = generateCluster(job->params, job->catalog);
        if (job->result.ok)
            job->metrics = computeMetrics(job->result.design);
        job->done = true;
    }).detach();
    // Polled, so a closed dialog leaves nothing for the thread to call back into.
    auto* poll = new QTimer(this);
    poll->setInterval(50);
    connect(poll, &QTimer::timeout, this, [this, job, poll] {
        if (!job->done)
            return;
        poll->deleteLater();
        m_running = false;
        if (m_stale) {
            startPreview();
            return;
        }
        showPreview(job->result);
        if (job->result.ok) {
            const Metrics& m = job->metrics;
            int switches = 0;
            for (const TierCounts& t : m.switches)
                switches += t.total();
            m_preview->setText(QStringLiteral("%1 in %2 · %3 · %4 · %5 · IT %6 (facility %7) · %8")
                                   .arg(counted(m.gpus, QStringLiteral("GPU")),
                                        counted(m.servers, QStringLiteral("server")),
                                        counted(m.racks, QStringLiteral("rack")),
                                        counted(switches, QStringLiteral("switch")),
                                        counted(m.cables, QStringLiteral("cable")),
                                        power(m.itMaxW / 1000), power(m.facilityW / 1000),
                                        money(m.totalCostUsd)));
        }
    });
    poll->start();
}

void GenerateDialog::showPreview(const GenerateResult& r) {
    if (!r.ok)
        m_preview->setText(QStringLiteral("Cannot build: ") + inStudioWords(r.error));
}

void GenerateDialog::waitForPreview() {
    while (m_debounce.isActive() || m_running) {
        if (m_debounce.isActive()) {
            m_debounce.stop();
            startPreview();
        }
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

QString GenerateDialog::inStudioWords(const QString& generatorError) {
    QString s = generatorError;
    s.replace(QRegularExpression(QStringLiteral("--gpus (\\d+)")), QStringLiteral("\\1 GPUs"));
    s.replace(QStringLiteral("--oversubscription"), QStringLiteral("the oversubscription"));
    s.replace(QStringLiteral("--tiers"), QStringLiteral("the number of tiers"));
    s.replace(QStringLiteral("--su-nodes"), QStringLiteral("the scalable-unit size"));
    s.replace(QStringLiteral("--pod-gpus"), QStringLiteral("the pod size"));
    s.replace(QStringLiteral("--servers-per-rack"), QStringLiteral("servers per rack"));
    s.replace(QStringLiteral("--planes"), QStringLiteral("parallel planes"));
    s.replace(QStringLiteral("--server"), QStringLiteral("the server"));
    s.replace(QStringLiteral("--switch"), QStringLiteral("the compute switch"));
    s.replace(QStringLiteral("--halls"), QStringLiteral("the number of halls"));
    s.replace(QStringLiteral("--hall"), QStringLiteral("the hall"));
    s.replace(QStringLiteral("--cooling"), QStringLiteral("the cooling"));
    s.replace(QStringLiteral("--storage-tb"), QStringLiteral("the storage capacity"));
    s.replace(QStringLiteral("--storage-gbps-per-gpu"), QStringLiteral("the storage bandwidth"));
    s.replace(QStringLiteral("--checkpoint-minutes"), QStringLiteral("the checkpoint time"));
    s.replace(QStringLiteral("--cpo"), QStringLiteral("co-packaged optics"));
    s.replace(QStringLiteral("--power-redundancy"), QStringLiteral("the power redundancy"));
    s.replace(QStringLiteral("--dc-800v"), QStringLiteral("800 V DC"));
    s.replace(QStringLiteral("the first phase's date is"),
              QStringLiteral("the first phase date is"));
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
    p.suNodes = m_suNodes->value();
    p.podGpus = m_podGpus->value();
    p.serversPerRack = m_serversPerRack->value();
    p.cpo = m_cpo->isChecked();
    p.hallWidthMm = m_hallW->value() * 1000;
    p.hallDepthMm = m_hallD->value() * 1000;
    p.halls = m_halls->value();
    const int cooling = m_cooling->currentData().toInt();
    p.cooling = cooling < 0 ? std::nullopt : std::optional<CoolingType>(CoolingType(cooling));
    p.storageTb = m_storageTb->value();
    p.storageGbpsPerGpu = m_storageGbps->value();
    p.checkpointMinutes = m_checkpointMin->value();
    if (const auto scheme = powerSchemeFromKey(m_power->currentData().toString())) {
        PowerBuildOptions o;
        o.scheme = *scheme;
        o.dc800 = m_dc800->isChecked();
        p.power = o;
    } else {
        p.power = std::nullopt;
    }
    p.title = m_title->text().trimmed();
    p.phases = m_phases->value();
    p.phaseStart = p.phases > 0 ? m_phaseStart->text().trimmed() : QString();
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
    m_suNodes->setValue(p.suNodes);
    m_podGpus->setValue(p.podGpus);
    m_serversPerRack->setValue(p.serversPerRack);
    m_cpo->setChecked(p.cpo);
    m_hallW->setValue(p.hallWidthMm / 1000);
    m_hallD->setValue(p.hallDepthMm / 1000);
    m_halls->setValue(p.halls);
    m_cooling->setCurrentIndex(std::max(0, m_cooling->findData(p.cooling ? int(*p.cooling) : -1)));
    m_storageTb->setValue(p.storageTb);
    m_storageGbps->setValue(p.storageGbpsPerGpu);
    m_checkpointMin->setValue(p.checkpointMinutes);
    m_power->setCurrentIndex(
        std::max(0, m_power->findData(p.power ? powerSchemeKey(p.power->scheme) : QString())));
    m_dc800->setChecked(p.power && p.power->dc800);
    m_title->setText(p.title);
    m_phases->setValue(p.phases);
    m_phaseStart->setText(p.phaseStart);
    schedulePreview();
}

} // namespace cds::studio
