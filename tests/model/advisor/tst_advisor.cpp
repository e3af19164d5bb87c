// The advisor's figures against published or derivable ones (README, "Advisor").
#include "TestDesigns.h"

#include "model/advisor/Advice.h"
#include "model/advisor/SizeGuide.h"
#include "model/analysis/Analysis.h"
#include "model/generator/Generator.h"
#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cds;

namespace {

ServerFigures server(const char* id) {
    QString why;
    const auto s = serverFigures(test::bundled().catalog(), QString::fromLatin1(id), &why);
    if (!s)
        qFatal("%s", qPrintable(why));
    return *s;
}

DesignData generated(int gpus, double oversubscription = 1.0,
                     const QString& serverId = QStringLiteral("nvidia-dgx-h100")) {
    GenerateParams g;
    g.gpus = gpus;
    g.oversubscription = oversubscription;
    g.serverId = serverId;
    GenerateResult r = generateCluster(g, test::bundled().catalog());
    if (!r.ok)
        qFatal("%s", qPrintable(r.error));
    return std::move(r.design);
}

ClusterFacts factsOf(const DesignData& d) {
    return *ClusterFacts::fromDesign(d, analyze(d).metrics);
}

TrainingWorkload llama3_405b() {
    TrainingWorkload w;
    w.params = 405e9;
    w.tokens = 15.6e12;
    return w;
}

} // namespace

class TestAdvisor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void llama3_405bComputeIsSixND() {
        // Llama 3 paper: 3.8e25 FLOPs for 405B parameters on 15.6T tokens.
        const double flops = trainingFlops(405e9, 15.6e12);
        QVERIFY(qAbs(flops - 3.8e25) / 3.8e25 < 0.01);
        const TrainingEstimate e = estimateTraining(
            llama3_405b(), ClusterFacts::nominal(server("nvidia-dgx-h100"), 16384));
        QVERIFY2(e.ok, qPrintable(e.reason));
        QCOMPARE(e.flops, flops);
    }

    void modelStateIsSixteenBytesPerParameter_data() {
        QTest::addColumn<double>("params");
        QTest::addColumn<double>("gb");
        // ZeRO paper, figure 1: 7.5B parameters, 120 GB of model state (K = 12).
        QTest::newRow("7.5B") << 7.5e9 << 120.0;
        QTest::newRow("70B") << 70e9 << 1120.0;
        QTest::newRow("405B") << 405e9 << 6480.0; // 6.48 TB
    }
    void modelStateIsSixteenBytesPerParameter() {
        QFETCH(double, params);
        QFETCH(double, gb);
        TrainingWorkload w;
        w.params = params;
        w.tokens = 1e12;
        const TrainingEstimate e =
            estimateTraining(w, ClusterFacts::nominal(server("nvidia-dgx-h100"), 1024));
        QVERIFY2(e.ok, qPrintable(e.reason));
        QCOMPARE(e.modelStateGb, gb);
        // What a GPU holds of it never exceeds its usable memory.
        QVERIFY(e.memory.totalGb() <= 80 * kUsableMemoryShare);
        QCOMPARE(e.plan.tp * e.plan.pp * e.plan.dp, 1024);
    }

    void zeroStage1ShardsTheOptimizerOverDataParallel() {
        // ZeRO P_os: 4 + 12 / N_d bytes per parameter of the model-parallel shard.
        TrainingWorkload w;
        w.params = 7.5e9;
        w.tokens = 1e12;
        const TrainingEstimate e =
            estimateTraining(w, ClusterFacts::nominal(server("nvidia-dgx-h100"), 512));
        QVERIFY(e.ok);
        const double shard = 7.5e9 / (e.plan.tp * e.plan.pp);
        QCOMPARE(e.memory.weightsAndGradsGb, shard * 4 / 1e9);
        QCOMPARE(e.memory.optimizerGb, shard * 12 / e.plan.dp / 1e9);
    }

    void inferenceWeightsByPrecision() {
        InferenceWorkload w;
        w.params = 70e9;
        InferenceEstimate e = estimateInference(w, server("nvidia-dgx-h100"));
        QVERIFY(e.ok);
        QCOMPARE(e.weightsGb, 140.0);
        // Llama 3 70B: 80 layers, 8 KV heads of 128: 2 x 80 x 8 x 128 x 2 B = 327,680 B/token.
        QCOMPARE(e.kvPerTokenMb, 0.32768);
        QCOMPARE(e.kvCacheGb, 327680.0 * 8192 / 1e9);
        QCOMPARE(e.gpusPerReplica, 2); // 142.7 GB over 72 GB usable per H100
        w.params = 405e9;
        e = estimateInference(w, server("nvidia-dgx-h100"));
        QCOMPARE(e.weightsGb, 810.0);
        QCOMPARE(e.gpusPerReplica, 16); // two servers: beyond one NVLink domain
        w.precision = Precision::Fp8;
        e = estimateInference(w, server("nvidia-dgx-h100"));
        QCOMPARE(e.weightsGb, 405.0);
        QCOMPARE(e.gpusPerReplica, 8);
    }

    void replicasForATargetRate() {
        InferenceWorkload w;
        w.params = 70e9;
        w.concurrency = 16;
        const InferenceEstimate one = estimateInference(w, server("nvidia-dgx-h100"));
        QVERIFY(one.ok && one.tokensPerSecondPerReplica > 0);
        w.tokensPerSecond = one.tokensPerSecondPerReplica * 2.5;
        QCOMPARE(estimateInference(w, server("nvidia-dgx-h100")).replicas, 3);
    }

    void publishedTflopsImplyTheMfu() {
        // Llama 3 paper, table 4: 16,384 H100s at 400 TFLOP/s per GPU, 41 % bf16 MFU (of the
        // 989 TFLOPS dense peak). Run at that MFU on a non-blocking fabric, the estimate must
        // deliver those per-GPU TFLOP/s.
        TrainingWorkload w = llama3_405b();
        w.mfu = 400.0 / 989.0;
        QVERIFY(w.mfu > 0.38 && w.mfu < 0.43);
        const TrainingEstimate e =
            estimateTraining(w, ClusterFacts::nominal(server("nvidia-dgx-h100"), 16384));
        QVERIFY2(e.ok, qPrintable(e.reason));
        // Published MFU is over the time the job runs: the compute days, not the interruptions.
        const double tflopsPerGpu = e.flops / (e.gpus * e.computeDays * 86400.0) / 1e12;
        QVERIFY2(qAbs(tflopsPerGpu - 400) < 0.03 * 400, qPrintable(QString::number(tflopsPerGpu)));
        QVERIFY(qAbs(e.effectiveMfu - w.mfu) < 0.03 * w.mfu);
        // Tensor parallel stays inside the 8-GPU NVLink domain; 3.8e25 FLOPs at ~400 TFLOP/s
        // on 16,384 GPUs is about 67 days.
        QVERIFY(e.plan.tp <= 8);
        QVERIFY(e.computeDays > 60 && e.computeDays < 75);
    }

    void oversubscribedFabricSlowsTheStep() {
        TrainingWorkload w;
        w.params = 8e9;
        w.tokens = 1e12;
        const TrainingEstimate flat = estimateTraining(w, factsOf(generated(256, 1.0)));
        const TrainingEstimate over = estimateTraining(w, factsOf(generated(256, 2.0)));
        QVERIFY(flat.ok && over.ok);
        QVERIFY(flat.plan.dp > 1);
        // The same plan's gradient all-reduce takes about twice as long at 2:1.
        if (flat.plan.dp == over.plan.dp)
            QVERIFY(over.dpAllReduceS > 1.7 * flat.dpAllReduceS);
        QVERIFY(over.computeDays > flat.computeDays);
        QVERIFY(over.commFraction > flat.commFraction);
    }

    void ethernetIsSlowerThanInfiniband() {
        TrainingWorkload w;
        w.params = 8e9;
        w.tokens = 1e12;
        w.gpus = 256;
        ClusterFacts ib = ClusterFacts::nominal(server("nvidia-dgx-h100"), 256);
        ClusterFacts roce = ib;
        roce.technology = Technology::Ethernet;
        const TrainingEstimate a = estimateTraining(w, ib), b = estimateTraining(w, roce);
        QVERIFY(a.ok && b.ok);
        // RoCE's lower transport efficiency and higher latency (fabric/AllReduce.h).
        QVERIFY(roce.allReduce(32, 1e9).seconds > ib.allReduce(32, 1e9).seconds);
        if (a.plan.dp == b.plan.dp && a.plan.tp == b.plan.tp)
            QVERIFY(b.dpAllReduceS > a.dpAllReduceS);
        QVERIFY(b.days >= a.days * 0.999);
    }

    // Issue #33: an 80-layer model (Llama 3 70B) was given 52- and 64-stage pipelines. Stages
    // of unequal depth run at the pace of the deepest, and a deeper pipeline pays its bubble:
    // the plans now divide the layers and stay as shallow as the memory allows.
    void pipelineDepthsFitTheLayers() {
        TrainingWorkload w;
        w.params = 70.6e9; // Llama 3 70B: 80 layers (Llama 3 paper, table 3)
        w.tokens = 15e12;
        QCOMPARE(w.modelShape().layers, 80);
        for (const char* id : {"nvidia-dgx-h100", "nvidia-dgx-b200"})
            for (int gpus : {512, 1024, 2048, 4096, 16384}) {
                const TrainingEstimate e =
                    estimateTraining(w, factsOf(generated(gpus, 1.0, QLatin1String(id))));
                const QString what = QStringLiteral("%1 on %2 GPUs: tp %3 pp %4")
                                         .arg(QLatin1String(id))
                                         .arg(gpus)
                                         .arg(e.plan.tp)
                                         .arg(e.plan.pp);
                QVERIFY2(e.ok, qPrintable(e.reason));
                QVERIFY2(80 % e.plan.pp == 0 && e.plan.pp <= 16, qPrintable(what));
            }
        // Llama 3 405B's 126 layers: Meta ran 16 stages, two of them a layer short (Llama 3
        // paper, section 3.3.2); whatever depth is chosen wastes at most 2 % to uneven stages.
        const TrainingEstimate big = estimateTraining(llama3_405b(), factsOf(generated(16384)));
        QVERIFY2(big.ok, qPrintable(big.reason));
        const int pp = big.plan.pp, deepest = (126 + pp - 1) / pp;
        QVERIFY2(deepest * pp <= 126 * 1.02, qPrintable(QString::number(pp)));
    }

    void nvl72AllowsWiderTensorParallel() {
        // A 72-GPU NVLink domain holds tensor parallelism of up to 64; 8-GPU servers up to 8.
        TrainingWorkload w = llama3_405b();
        const TrainingEstimate e =
            estimateTraining(w, ClusterFacts::nominal(server("nvidia-gb200-nvl72"), 144));
        QVERIFY2(e.ok, qPrintable(e.reason));
        QVERIFY(e.plan.tp <= 64);
        QCOMPARE(e.plan.tp * e.plan.pp * e.plan.dp, 144);
        // 405B does not fit 80 GPUs of 80 GB at all, but does fit 144 GB200 GPUs of 186 GB.
        w.gpus = 80;
        QVERIFY(!estimateTraining(w, ClusterFacts::nominal(server("nvidia-dgx-h100"), 80)).ok);
    }

    // Issue #30: the days include the job's expected interruptions (model/resilience): compute
    // days / goodput, the goodput reliabilityFor() gives the job's share of the design.
    void interruptionsStretchTheDaysByTheGoodput() {
        const DesignData d = generated(1024);
        const Metrics m = analyze(d).metrics;
        const ClusterFacts facts = factsOf(d);
        const ReliabilityInputs cluster = reliabilityInputs(d, m);
        QCOMPARE(facts.reliability.gpus, 1024);
        QCOMPARE(facts.reliability.servers, cluster.servers);
        QCOMPARE(facts.reliability.computeLinks, cluster.computeLinks);
        QVERIFY(facts.reliability.storageWriteGbps > 0); // generated with storage
        QCOMPARE(facts.reliability.storageWriteGbps, cluster.storageWriteGbps);
        TrainingWorkload w;
        w.params = 8e9;
        w.tokens = 1e12;
        const TrainingEstimate e = estimateTraining(w, facts);
        QVERIFY2(e.ok, qPrintable(e.reason));
        const Reliability& r = e.reliability;
        QVERIFY2(r.goodputPct > 50 && r.goodputPct < 100,
                 qPrintable(QString::number(r.goodputPct)));
        QVERIFY(e.days > e.computeDays);
        QVERIFY(qFuzzyCompare(e.days, e.computeDays / (r.goodputPct / 100)));
        // The job's own model state is its checkpoint: 8e9 x 16 bytes.
        ReliabilityInputs in = reliabilityInputs(d, m, 1024);
        in.checkpointBytes = 8e9 * kModelStateBytesPerParam;
        const Reliability want = reliabilityFor(in);
        QCOMPARE(r.checkpointGb, 128.0);
        QCOMPARE(r.checkpointPath, QStringLiteral("storage"));
        QCOMPARE(r.goodputPct, want.goodputPct);
        QCOMPARE(r.jobMtbfHours, want.jobMtbfHours);
        QCOMPARE(r.checkpointIntervalMin, want.checkpointIntervalMin);
        // Energy is over the wall-clock days; the MFU over the compute days.
        QVERIFY(qAbs(e.energyMwh - m.facilityW * e.days * 24 / 1e6) < 1e-6);
        const double peak = 989e12 * e.gpus * e.computeDays * 86400;
        QVERIFY(qFuzzyCompare(e.effectiveMfu, e.flops / peak));
        const QString text = e.reasoning.join(QChar(u'\n'));
        QVERIFY2(
            text.contains(
                QStringLiteral("Interruptions: job MTBF %1 h").arg(r.jobMtbfHours, 0, 'f', 1)) &&
                text.contains(
                    QStringLiteral("days of compute take %1 days.").arg(e.days, 0, 'f', 1)),
            qPrintable(text));
    }

    void aBiggerJobHasALowerGoodput() {
        const ClusterFacts facts = factsOf(generated(1024));
        TrainingWorkload w;
        w.params = 8e9;
        w.tokens = 1e12;
        w.gpus = 256;
        const TrainingEstimate small = estimateTraining(w, facts);
        w.gpus = 1024;
        const TrainingEstimate big = estimateTraining(w, facts);
        QVERIFY(small.ok && big.ok);
        // A synchronous job stops at any failure of its share of the cluster: four times the
        // GPUs, a quarter of the MTBF, and the same checkpoint to the same storage.
        QVERIFY(qFuzzyCompare(small.reliability.jobMtbfHours, 4 * big.reliability.jobMtbfHours));
        QVERIFY2(big.reliability.goodputPct < small.reliability.goodputPct,
                 qPrintable(QStringLiteral("%1 vs %2")
                                .arg(big.reliability.goodputPct)
                                .arg(small.reliability.goodputPct)));
        QVERIFY(big.days / big.computeDays > small.days / small.computeDays);
    }

    // Sizing before a design exists: the nominal cluster fails as Llama 3's did at its size.
    void nominalClusterFailsLikeTheReference() {
        // The reference run of the bundled rates (catalogs/failure-rates.json).
        const auto rates = CatalogLibrary::defaultFailureRates();
        QVERIFY(rates);
        const FailureReference& ref = rates->reference;
        QCOMPARE(ref.gpus, 16384);
        const ClusterFacts f = ClusterFacts::nominal(server("nvidia-dgx-h100"), ref.gpus);
        QCOMPARE(f.reliability.gpus, ref.gpus);
        QCOMPARE(f.reliability.servers, ref.servers);
        QCOMPARE(f.reliability.computeLinks, ref.computeLinks); // three tiers
        QCOMPARE(f.reliability.storageWriteGbps, 0.0);
        QVERIFY(qFuzzyCompare(reliabilityFor(f.reliability).interruptionsPerDay, 419 / ref.days));
        // Two tiers up to 2,048 GPUs; an NVL72 rack counts as one server, as in Metrics.
        QCOMPARE(ClusterFacts::nominal(server("nvidia-dgx-h100"), 1024).reliability.computeLinks,
                 2048.0);
        QCOMPARE(ClusterFacts::nominal(server("nvidia-gb200-nvl72"), 144).reliability.servers, 2);
        // No storage: the checkpoint goes to local NVMe, and the job still loses time.
        TrainingWorkload w;
        w.params = 70e9;
        w.tokens = 2e12;
        w.gpus = 1024;
        const TrainingEstimate e =
            estimateTraining(w, ClusterFacts::nominal(server("nvidia-dgx-h100"), 1024));
        QVERIFY2(e.ok, qPrintable(e.reason));
        QCOMPARE(e.reliability.checkpointPath, QStringLiteral("local NVMe (estimate)"));
        QVERIFY(e.reliability.goodputPct < 100 && e.days > e.computeDays);
        // A cluster without failure figures loses nothing.
        ClusterFacts unknown = ClusterFacts::nominal(server("nvidia-dgx-h100"), 1024);
        unknown.reliability = {};
        const TrainingEstimate none = estimateTraining(w, unknown);
        QCOMPARE(none.reliability.goodputPct, 100.0);
        QCOMPARE(none.days, none.computeDays);
    }

    void impossibleInputIsRefusedWithAReason() {
        TrainingWorkload w = llama3_405b();
        w.tokens = 0;
        TrainingAdvice a = adviseTraining(w, test::bundled().catalog(), {});
        QVERIFY(!a.ok);
        QVERIFY2(a.error.contains(QLatin1String("token")), qPrintable(a.error));
        w = llama3_405b();
        w.gpus = 8;
        a = adviseTraining(w, test::bundled().catalog(), {});
        QVERIFY(!a.ok);
        QVERIFY2(a.error.contains(QLatin1String("needs at least")), qPrintable(a.error));
        w.gpus = 0;
        w.params = 1e18; // fits no GPU count
        a = adviseTraining(w, test::bundled().catalog(), {});
        QVERIFY(!a.ok);
        QVERIFY2(a.error.contains(QLatin1String("fits no GPU count")), qPrintable(a.error));
    }

    void sizingForDaysGeneratesTheCluster() {
        TrainingWorkload w;
        w.params = 8e9;
        w.tokens = 1e12;
        w.days = 20;
        const TrainingAdvice a = adviseTraining(w, test::bundled().catalog(), {});
        QVERIFY2(a.ok, qPrintable(a.error));
        QVERIFY(a.generate);
        QCOMPARE(a.generate->gpus, a.estimate.gpus);
        QVERIFY(a.estimate.days <= 20);
        QVERIFY(a.estimate.computeDays < a.estimate.days); // the target is wall-clock
        QVERIFY(a.facts.hasDesign);
        // Fewer GPUs would miss the target on the same kind of cluster.
        TrainingWorkload fewer = w;
        fewer.days = 0;
        fewer.gpus = a.estimate.gpus - 8;
        const TrainingAdvice b = adviseTraining(fewer, test::bundled().catalog(), {});
        QVERIFY(b.ok);
        QVERIFY(b.estimate.days > 20 * 0.97);
    }

    void energyAndCostComeFromTheDesign() {
        DesignData d = generated(64);
        d.settings.energyUsdPerKwh = 0.10;
        TrainingWorkload w;
        w.params = 8e9;
        w.tokens = 3e11;
        AdviceOptions o;
        o.design = &d;
        const TrainingAdvice a = adviseTraining(w, test::bundled().catalog(), o);
        QVERIFY2(a.ok, qPrintable(a.error));
        const Metrics m = analyze(d).metrics;
        QCOMPARE(a.estimate.gpus, 64);
        QVERIFY(qAbs(a.estimate.energyMwh - m.facilityW * a.estimate.days * 24 / 1e6) < 1e-6);
        QVERIFY(qAbs(a.estimate.costUsd - (m.totalCostUsd + a.estimate.energyMwh * 1000 * 0.10)) <
                1e-3);
        o.priceUsdPerKwh = 0.20;
        const TrainingAdvice b = adviseTraining(w, test::bundled().catalog(), o);
        QVERIFY(qAbs(b.estimate.costUsd - a.estimate.costUsd - a.estimate.energyMwh * 100) < 1e-3);
    }

    void energyPriceIsSavedAndOldFilesLoad() {
        QTemporaryDir tmp;
        DesignData d = test::smallCluster();
        d.settings.energyUsdPerKwh = 0.123;
        const QString path = tmp.filePath(QStringLiteral("d.cds.json"));
        QVERIFY(DesignFile::save(d, path, nullptr));
        LoadResult r = DesignFile::load(path);
        QVERIFY(r.ok);
        QCOMPARE(r.data.settings.energyUsdPerKwh, 0.123);
        // A file from before the setting existed loads with the default.
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray bytes = f.readAll();
        f.close();
        bytes.replace(",\n    \"energyUsdPerKwh\": 0.123", "");
        QVERIFY(!bytes.contains("energyUsdPerKwh"));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
        f.close();
        r = DesignFile::load(path);
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.settings.energyUsdPerKwh, DesignSettings{}.energyUsdPerKwh);
    }

    void sizeGuideReproducesTheSeedMemoryColumn() {
        const SizeGuideServer g = sizeGuide(server("nvidia-dgx-h100"));
        QCOMPARE(int(g.rows.size()), 4);
        QCOMPARE(g.rows[0].memoryText, QStringLiteral("640 GB"));
        QCOMPARE(g.rows[1].memoryText, QStringLiteral("2.5-5 TB"));
        QCOMPARE(g.rows[2].memoryText, QStringLiteral("10-20 TB"));
        QCOMPARE(g.rows[3].memoryText, QStringLiteral("40-80 TB"));
        QCOMPARE(g.rows[0].gpusMin, 8);
        QCOMPARE(g.rows[1].gpusMin, 32);
        QCOMPARE(g.rows[1].gpusMax, 64);
        QCOMPARE(g.rows[3].gpusMax, 1024);
        QCOMPARE(g.rows[3].memoryGbMax, 1024 * 80.0);
        // What a size suits is computed: 640 GB trains 36B params at 16 B/param in 90 %.
        QVERIFY2(g.rows[0].suits.contains(QLatin1String("36B")), qPrintable(g.rows[0].suits));
        // Every catalog GPU server gets a guide; an NVL72 rack is its smallest size.
        const auto all = sizeGuide(test::bundled().catalog());
        bool nvl72 = false;
        for (const SizeGuideServer& s : all)
            if (s.server.serverId == QLatin1String("nvidia-gb200-nvl72")) {
                nvl72 = true;
                QCOMPARE(s.rows[0].gpusMin, 72);
                QCOMPARE(s.rows[2].gpusMin, 144);
            }
        QVERIFY(nvl72);
        QVERIFY(all.size() >= 5);
    }
};

QTEST_APPLESS_MAIN(TestAdvisor)
#include "tst_advisor.moc"
