#include "AdvisorPanel.h"

#include "model/advisor/SizeGuide.h"
#include "model/analysis/LiveAnalysis.h"
#include "views/RefreshWhenShown.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cds::views {

namespace {
QString plain(const QStringList& lines) {
    return lines.join(QLatin1Char('\n'));
}
QString html(const QStringList& lines) {
    QStringList out;
    for (const QString& l : lines)
        out << l.toHtmlEscaped();
    return out.join(QStringLiteral("<br>"));
}
QString params(double p) {
    return p >= 1e12 ? QStringLiteral("%1T").arg(p / 1e12, 0, 'f', 1)
                     : QStringLiteral("%1B").arg(std::floor(p / 1e9));
}
} // namespace

AdvisorPanel::AdvisorPanel(LiveAnalysis* analysis, const Catalog* library, QWidget* parent)
    : QWidget(parent)
    , m_analysis(analysis)
    , m_library(library)
    , m_designFacts(new RefreshWhenShown(this, [this] { showDesign(); })) {
    buildUi();
    connect(m_analysis, &LiveAnalysis::updated, m_designFacts, &RefreshWhenShown::changed);
    updateMode();
}

void AdvisorPanel::buildUi() {
    auto* form = new QFormLayout;
    m_mode = new QComboBox(this);
    m_mode->addItems({QStringLiteral("Train"), QStringLiteral("Serve")});
    m_params = new QLineEdit(QStringLiteral("70B"), this);
    m_params->setToolTip(QStringLiteral("Parameters, e.g. 8B, 70B, 405B or 7.5e9"));
    m_tokens = new QLineEdit(QStringLiteral("2T"), this);
    m_precision = new QComboBox(this);
    m_precision->addItems({QStringLiteral("bf16"), QStringLiteral("fp8")});
    m_server = new QComboBox(this);
    for (const CatalogItem& item : m_library->items())
        if (item.category == Category::Server && ServerFigures::of(item))
            m_server->addItem(item.model, item.id);
    m_server->setCurrentIndex(std::max(0, m_server->findData(QStringLiteral("nvidia-dgx-h100"))));
    m_target = new QComboBox(this);
    m_target->addItems({QStringLiteral("within days"), QStringLiteral("on GPUs")});
    m_targetValue = new QDoubleSpinBox(this);
    m_targetValue->setRange(0, 1e6);
    m_targetValue->setDecimals(0);
    m_targetValue->setValue(30);
    m_mfu = new QDoubleSpinBox(this);
    m_mfu->setRange(1, 100);
    m_mfu->setSuffix(QStringLiteral(" %"));
    m_mfu->setValue(kDefaultMfu * 100);
    m_mfu->setToolTip(QStringLiteral("Llama 3 405B: 38-43 % bf16 MFU on 8,192-16,384 H100s"));
    m_context = new QSpinBox(this);
    m_context->setRange(1, 10'000'000);
    m_context->setValue(8192);
    m_concurrency = new QSpinBox(this);
    m_concurrency->setRange(1, 1'000'000);
    m_concurrency->setValue(16);
    m_tokensPerS = new QDoubleSpinBox(this);
    m_tokensPerS->setRange(0, 1e9);
    m_tokensPerS->setDecimals(0);
    auto* target = new QWidget(this);
    auto* targetRow = new QHBoxLayout(target);
    targetRow->setContentsMargins(0, 0, 0, 0);
    targetRow->addWidget(m_target);
    targetRow->addWidget(m_targetValue);
    form->addRow(QStringLiteral("Workload"), m_mode);
    form->addRow(QStringLiteral("Parameters"), m_params);
    form->addRow(QStringLiteral("Tokens"), m_tokens);
    form->addRow(QStringLiteral("Precision"), m_precision);
    form->addRow(QStringLiteral("Server"), m_server);
    form->addRow(QStringLiteral("Target"), target);
    form->addRow(QStringLiteral("MFU"), m_mfu);
    form->addRow(QStringLiteral("Context"), m_context);
    form->addRow(QStringLiteral("Sequences"), m_concurrency);
    form->addRow(QStringLiteral("Tokens/s"), m_tokensPerS);
    m_trainOnly = {m_tokens, target, m_mfu};
    m_serveOnly = {m_context, m_concurrency, m_tokensPerS};

    auto* adviseButton = new QPushButton(QStringLiteral("Advise"), this);
    m_generate = new QPushButton(QStringLiteral("Generate this design"), this);
    m_generate->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(adviseButton);
    buttons->addWidget(m_generate);
    buttons->addStretch();

    m_memory = new QProgressBar(this);
    m_memory->setRange(0, 1000);
    m_memory->setTextVisible(true);
    m_memory->setFormat(QStringLiteral("memory per GPU"));
    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_design = new QLabel(this);
    m_design->setObjectName(QStringLiteral("AdvisorDesign"));
    m_design->setWordWrap(true);
    m_design->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    auto* inputs = new QVBoxLayout;
    inputs->addLayout(form);
    inputs->addLayout(buttons);
    inputs->addStretch();
    // The reasoning scrolls: the bottom dock is short.
    auto* text = new QWidget(this);
    auto* texts = new QVBoxLayout(text);
    texts->addWidget(m_result);
    texts->addWidget(m_design);
    texts->addStretch();
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(text);
    auto* outputs = new QVBoxLayout;
    outputs->addWidget(m_memory);
    outputs->addWidget(scroll, 1);
    auto* top = new QHBoxLayout(this);
    top->addLayout(inputs);
    top->addLayout(outputs, 1);

    connect(m_mode, &QComboBox::currentIndexChanged, this, &AdvisorPanel::updateMode);
    connect(adviseButton, &QPushButton::clicked, this, &AdvisorPanel::advise);
    // "This design" follows the typed workload too; it is cheap (no generation).
    for (QLineEdit* e : {m_params, m_tokens})
        connect(e, &QLineEdit::textChanged, m_designFacts, &RefreshWhenShown::changed);
    for (QDoubleSpinBox* b : {m_mfu, m_tokensPerS})
        connect(b, &QDoubleSpinBox::valueChanged, m_designFacts, &RefreshWhenShown::changed);
    for (QSpinBox* b : {m_context, m_concurrency})
        connect(b, &QSpinBox::valueChanged, m_designFacts, &RefreshWhenShown::changed);
    connect(m_precision, &QComboBox::currentIndexChanged, m_designFacts,
            &RefreshWhenShown::changed);
    connect(m_generate, &QPushButton::clicked, this, [this] {
        if (m_recommended)
            Q_EMIT generateRequested(*m_recommended);
    });
}

void AdvisorPanel::updateMode() {
    const bool train = m_mode->currentIndex() == 0;
    for (QWidget* w : m_trainOnly)
        w->setEnabled(train);
    for (QWidget* w : m_serveOnly)
        w->setEnabled(!train);
    m_designFacts->changed();
}

void AdvisorPanel::setTraining(const QString& p, const QString& tokens, double days, int gpus) {
    m_mode->setCurrentIndex(0);
    m_params->setText(p);
    m_tokens->setText(tokens);
    m_target->setCurrentIndex(gpus > 0 ? 1 : 0);
    m_targetValue->setValue(gpus > 0 ? gpus : days);
    m_designFacts->changed();
}

void AdvisorPanel::setServing(const QString& p, int context, int concurrency, double tokensPerS) {
    m_mode->setCurrentIndex(1);
    m_params->setText(p);
    m_context->setValue(context);
    m_concurrency->setValue(concurrency);
    m_tokensPerS->setValue(tokensPerS);
    m_designFacts->changed();
}

void AdvisorPanel::setServer(const QString& serverId) {
    const int i = m_server->findData(serverId);
    if (i >= 0)
        m_server->setCurrentIndex(i);
}

std::optional<TrainingWorkload> AdvisorPanel::trainingWorkload(QString* why) const {
    TrainingWorkload w;
    const auto p = parseCount(m_params->text());
    const auto t = parseCount(m_tokens->text());
    if (!p || !t) {
        *why = QStringLiteral("Type parameters and tokens as numbers, e.g. 70B and 2T.");
        return std::nullopt;
    }
    w.params = *p;
    w.tokens = *t;
    w.precision = m_precision->currentIndex() == 1 ? Precision::Fp8 : Precision::Bf16;
    w.mfu = m_mfu->value() / 100.0;
    if (m_target->currentIndex() == 0)
        w.days = m_targetValue->value();
    else
        w.gpus = int(m_targetValue->value());
    return w;
}

std::optional<InferenceWorkload> AdvisorPanel::servingWorkload(QString* why) const {
    InferenceWorkload w;
    const auto p = parseCount(m_params->text());
    if (!p) {
        *why = QStringLiteral("Type the parameters as a number, e.g. 70B.");
        return std::nullopt;
    }
    w.params = *p;
    w.precision = m_precision->currentIndex() == 1 ? Precision::Fp8 : Precision::Bf16;
    w.context = m_context->value();
    w.concurrency = m_concurrency->value();
    w.tokensPerSecond = m_tokensPerS->value();
    return w;
}

void AdvisorPanel::showMemory(double usedGb, double capacityGb) {
    m_memoryShare = capacityGb > 0 ? usedGb / capacityGb : 0;
    m_memory->setValue(int(std::clamp(m_memoryShare, 0.0, 1.0) * 1000));
    m_memory->setFormat(QStringLiteral("memory per GPU: %1 of %2 GB usable")
                            .arg(usedGb, 0, 'f', 1)
                            .arg(capacityGb, 0, 'f', 0));
}

void AdvisorPanel::advise() {
    QString why;
    m_recommended.reset();
    m_generate->setEnabled(false);
    const QString serverId = m_server->currentData().toString();
    if (m_mode->currentIndex() == 1) {
        const auto w = servingWorkload(&why);
        const auto s = w ? serverFigures(*m_library, serverId, &why) : std::nullopt;
        if (!s) {
            m_result->setText(why.toHtmlEscaped());
            return;
        }
        const InferenceEstimate e = estimateInference(*w, *s);
        if (!e.ok) {
            m_result->setText(QStringLiteral("Impossible: ") + e.reason.toHtmlEscaped());
            showMemory(0, 0);
            return;
        }
        showMemory(e.memoryPerGpuGb, e.capacityGb);
        m_result->setText(QStringLiteral("<b>%1 replica(s) of %2 GPUs</b><br>")
                              .arg(e.replicas)
                              .arg(e.gpusPerReplica) +
                          html(e.reasoning));
        m_result->setProperty("plain", plain(e.reasoning));
        return;
    }
    const auto w = trainingWorkload(&why);
    if (!w) {
        m_result->setText(why.toHtmlEscaped());
        return;
    }
    AdviceOptions o;
    o.serverId = serverId;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const TrainingAdvice a = adviseTraining(*w, *m_library, o);
    QApplication::restoreOverrideCursor();
    if (!a.ok) {
        m_result->setText(QStringLiteral("Impossible: ") + a.error.toHtmlEscaped());
        m_result->setProperty("plain", a.error);
        showMemory(0, 0);
        return;
    }
    const TrainingEstimate& e = a.estimate;
    showMemory(e.memory.totalGb(), e.memory.capacityGb);
    m_result->setText(QStringLiteral("<b>%1 GPUs, %2 days, %3 MWh, $%4</b><br>")
                          .arg(QLocale().toString(e.gpus))
                          .arg(e.days, 0, 'f', 1)
                          .arg(QLocale().toString(e.energyMwh, 'f', 0))
                          .arg(QLocale().toString(e.costUsd, 'f', 0)) +
                      html(e.reasoning));
    m_result->setProperty("plain", plain(e.reasoning));
    m_recommended = a.generate;
    m_generate->setEnabled(bool(m_recommended));
}

QString AdvisorPanel::recommendationText() const {
    return m_result->property("plain").toString();
}

QString AdvisorPanel::designText() {
    m_designFacts->ensure();
    return m_design->property("plain").toString();
}

double AdvisorPanel::memoryBarShare() const {
    return m_memoryShare;
}

void AdvisorPanel::showDesign() {
    QString why;
    const auto facts =
        ClusterFacts::fromDesign(m_analysis->design()->data(), m_analysis->metrics(), &why);
    QStringList lines;
    if (!facts) {
        lines << QStringLiteral("This design: %1.").arg(why);
    } else {
        const ServerFigures& s = facts->server;
        const double memory = facts->gpus * s.memoryGb;
        lines << QStringLiteral("This design: %1 GPUs of %2 (%3), %4 MW facility, $%5.")
                     .arg(QLocale().toString(facts->gpus))
                     .arg(s.gpuModel, seedMemoryText(memory))
                     .arg(facts->facilityW / 1e6, 0, 'f', 2)
                     .arg(QLocale().toString(facts->capexUsd, 'f', 0));
        lines << QStringLiteral("It trains up to %1 params (16 B/param in 90 % of memory) and "
                                "serves up to %2 (bf16, half the memory for weights).")
                     .arg(params(memory * kUsableMemoryShare * 1e9 / kModelStateBytesPerParam),
                          params(memory / 2 * 1e9 / 2));
        QString none;
        if (m_mode->currentIndex() == 0) {
            if (auto w = trainingWorkload(&none)) {
                w->gpus = 0;
                w->days = 0;
                const TrainingEstimate e = estimateTraining(*w, *facts);
                lines << (e.ok ? QStringLiteral("The workload above takes %1 days on it (%8 % "
                                                "goodput; tp %2, pp %3, dp %4; %5 % "
                                                "communication), %6 MWh, $%7.")
                                     .arg(e.days, 0, 'f', 1)
                                     .arg(e.plan.tp)
                                     .arg(e.plan.pp)
                                     .arg(e.plan.dp)
                                     .arg(e.commFraction * 100, 0, 'f', 1)
                                     .arg(QLocale().toString(e.energyMwh, 'f', 0))
                                     .arg(QLocale().toString(e.costUsd, 'f', 0))
                                     .arg(e.reliability.goodputPct, 0, 'f', 1)
                               : QStringLiteral("The workload above does not run on it: %1.")
                                     .arg(e.reason));
            }
        } else if (auto w = servingWorkload(&none)) {
            const InferenceEstimate e = estimateInference(*w, s);
            lines
                << (e.ok ? QStringLiteral("It serves the workload above as %1 replica(s) of %2 "
                                          "GPUs, about %3 tokens/s.")
                               .arg(facts->gpus / e.gpusPerReplica)
                               .arg(e.gpusPerReplica)
                               .arg(e.tokensPerSecondPerReplica * (facts->gpus / e.gpusPerReplica),
                                    0, 'f', 0)
                         : QStringLiteral("It cannot serve the workload above: %1.").arg(e.reason));
        }
    }
    m_design->setText(html(lines));
    m_design->setProperty("plain", plain(lines));
}

} // namespace cds::views
