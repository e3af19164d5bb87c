// The CLI is a contract: commands, flags, JSON keys and exit codes (README).
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class TestCli : public QObject {
    Q_OBJECT
    struct Run {
        int code = -1;
        QByteArray out, err;
    };
    static Run cli(const QStringList& args) {
        QProcess p;
        p.start(QStringLiteral(CDS_CLI), args);
        if (!p.waitForFinished(60000))
            qFatal("cli timed out");
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                p.readAllStandardOutput(), p.readAllStandardError()};
    }
    static QString example() {
        return QStringLiteral(CDS_SOURCE_DIR "/resources/examples/two-dgx-h100.cds.json");
    }
    static QJsonObject json(const QByteArray& b) {
        QJsonParseError e;
        QJsonDocument d = QJsonDocument::fromJson(b, &e);
        if (e.error != QJsonParseError::NoError)
            qWarning("not JSON: %s\n%s", qPrintable(e.errorString()), b.left(400).constData());
        return d.object();
    }
    QTemporaryDir m_tmp;
    QString write(const char* name, const QByteArray& text) {
        const QString p = m_tmp.filePath(QString::fromLatin1(name));
        QFile f(p);
        f.open(QIODevice::WriteOnly);
        f.write(text);
        return p;
    }
private Q_SLOTS:
    void helpForEachCommand_data() {
        QTest::addColumn<QString>("command");
        for (const char* c : {"validate", "stats", "bom", "catalog", "generate"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void helpForEachCommand() {
        QFETCH(QString, command);
        const Run r = cli({command, QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(
            QByteArray(QByteArray("Usage: cluster-studio-cli ") + command.toLatin1())));
    }
    void noArgsIsUsageError() {
        const Run r = cli({});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("Usage:"));
        QCOMPARE(cli({QStringLiteral("frobnicate")}).code, 2);
        QCOMPARE(cli({QStringLiteral("stats"), QStringLiteral("--bogus"), example()}).code, 2);
    }
    void versionPrints() {
        const Run r = cli({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("cluster-studio-cli "));
    }
    void validateExampleIsClean() {
        const Run r = cli({QStringLiteral("validate"), example(), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = json(r.out);
        QCOMPARE(o.value(QStringLiteral("errors")).toInt(-1), 0);
        QVERIFY(o.value(QStringLiteral("findings")).isArray());
    }
    void validateExitsOneOnDesignErrors() {
        QFile f(example());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        text.replace("\"cooling\": \"direct-liquid\"", "\"cooling\": \"air\""); // 20.4 kW on air
        const Run r = cli(
            {QStringLiteral("validate"), write("hot.cds.json", text), QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        const QJsonObject o = json(r.out);
        QVERIFY(o.value(QStringLiteral("errors")).toInt() >= 1);
        const QJsonObject first = o.value(QStringLiteral("findings")).toArray().first().toObject();
        for (const char* k :
             {"code", "severity", "message", "objects", "rule", "threshold", "key", "waived"})
            QVERIFY2(first.contains(QLatin1String(k)), k);
        QCOMPARE(first.value(QStringLiteral("code")).toString(),
                 QStringLiteral("rack.power-density"));
    }
    void validateExitsTwoOnBrokenFile() {
        const QString bad = write("broken.cds.json", "{\"formatVersion\": 2, \"hall\": ");
        const Run r = cli({QStringLiteral("validate"), bad});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("broken.cds.json:1:"), r.err.constData());
        QVERIFY(!r.err.contains("terminate")); // no crash text, no stack trace
        QCOMPARE(cli({QStringLiteral("validate"), QStringLiteral("/no/such.cds.json")}).code, 2);
    }
    void statsJsonKeys() {
        const Run r = cli({QStringLiteral("stats"), example(), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = json(r.out);
        for (const char* k : {"gpus", "servers", "racks", "gpu_memory_gb", "switches", "links",
                              "transceivers", "power_kw", "cost_usd", "bisection_tbps"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        QCOMPARE(o.value(QStringLiteral("gpus")).toInt(), 16);
        QCOMPARE(o.value(QStringLiteral("gpu_memory_gb")).toDouble(), 1280.0);
        const QJsonObject sw = o.value(QStringLiteral("switches")).toObject();
        const QJsonObject compute = sw.value(QStringLiteral("compute")).toObject();
        QCOMPARE(compute.value(QStringLiteral("leaf")).toInt(), 1);
        QVERIFY(compute.contains(QStringLiteral("spine")) &&
                compute.contains(QStringLiteral("core")));
        QVERIFY(sw.contains(QStringLiteral("storage")) &&
                sw.contains(QStringLiteral("management")));
        const QJsonObject links = o.value(QStringLiteral("links")).toObject();
        const QJsonObject cl = links.value(QStringLiteral("compute")).toObject();
        QCOMPARE(cl.value(QStringLiteral("node_leaf")).toInt(), 16);
        QVERIFY(cl.contains(QStringLiteral("leaf_spine")) &&
                cl.contains(QStringLiteral("spine_core")));
        const QJsonObject air = o.value(QStringLiteral("airflow")).toObject();
        for (const char* k : {"cfm", "room_air_kw", "capacity_kw", "inlet_class"})
            QVERIFY2(air.contains(QLatin1String(k)), k);
        QCOMPARE(air.value(QStringLiteral("inlet_class")).toString(), QStringLiteral("A2"));
        QVERIFY(air.value(QStringLiteral("cfm")).toInteger() > 0);
        const Run text = cli({QStringLiteral("stats"), example()});
        QVERIFY2(text.out.contains("Room air:") && text.out.contains("inlet class A2"),
                 text.out.constData());
        const QJsonObject p = o.value(QStringLiteral("power_kw")).toObject();
        for (const char* k : {"it", "facility", "max_rack"})
            QVERIFY2(p.contains(QLatin1String(k)), k);
        QCOMPARE(p.value(QStringLiteral("max_rack")).toDouble(), 20.4);
        const QJsonObject c = o.value(QStringLiteral("cost_usd")).toObject();
        QVERIFY(c.value(QStringLiteral("total")).toDouble() > 500000);
        QVERIFY(c.value(QStringLiteral("by_category"))
                    .toObject()
                    .contains(QStringLiteral("gpu_servers")));
        QCOMPARE(o.value(QStringLiteral("bisection_tbps")).toDouble(), 3.2);
        // Floor space: two 600 x 1200 mm racks in a 6 x 4.8 m hall, and no power chain.
        const QJsonObject floor = o.value(QStringLiteral("floor")).toObject();
        QCOMPARE(floor.value(QStringLiteral("hall_m2")).toDouble(), 28.8);
        QCOMPARE(floor.value(QStringLiteral("racks_m2")).toDouble(), 1.44);
        QVERIFY(floor.contains(QStringLiteral("power_racks_m2")));
        QCOMPARE(floor.value(QStringLiteral("power_racks_m2")).toDouble(-1), 0.0);
        QCOMPARE(floor.value(QStringLiteral("used_pct")).toDouble(), 5.0);
        const QJsonObject chain = o.value(QStringLiteral("power_chain")).toObject();
        QVERIFY(chain.contains(QStringLiteral("floor_m2")));
        QCOMPARE(chain.value(QStringLiteral("floor_m2")).toDouble(-1), 0.0);
    }
    void bomCsvAndJson() {
        const QString csvPath = m_tmp.filePath(QStringLiteral("bom.csv"));
        Run r = cli({QStringLiteral("bom"), example(), QStringLiteral("--format"),
                     QStringLiteral("csv"), QStringLiteral("-o"), csvPath});
        QCOMPARE(r.code, 0);
        QFile f(csvPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QVERIFY(lines.first().startsWith(
            "category,vendor,model,catalog_id,quantity,unit_price_usd,extended_price_usd"));
        bool dgx = false, total = false;
        for (const QByteArray& l : lines) {
            dgx |= l.contains(",nvidia-dgx-h100,2,");
            total |= l.startsWith("TOTAL,");
        }
        QVERIFY(dgx);
        QVERIFY(total);
        r = cli(
            {QStringLiteral("bom"), example(), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = json(r.out);
        QVERIFY(o.value(QStringLiteral("total_usd")).toDouble() > 0);
        QCOMPARE(cli({QStringLiteral("bom"), example(), QStringLiteral("--format"),
                      QStringLiteral("pdf")})
                     .code,
                 2);
    }
    void generateWritesAValidDesign() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("g.cds.json"));
        Run r =
            cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("512"),
                 QStringLiteral("--server"), QStringLiteral("nvidia-dgx-h100"),
                 QStringLiteral("--switch"), QStringLiteral("nvidia-qm9700"),
                 QStringLiteral("--topology"), QStringLiteral("rail-optimized"),
                 QStringLiteral("--tiers"), QStringLiteral("auto"),
                 QStringLiteral("--oversubscription"), QStringLiteral("1:1"),
                 QStringLiteral("--su-nodes"), QStringLiteral("32"), QStringLiteral("-o"), file});
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({QStringLiteral("validate"), file});
        QVERIFY2(r.code == 0, r.out.constData());
        r = cli({QStringLiteral("stats"), file, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = json(r.out);
        const QJsonObject sw = o.value(QStringLiteral("switches")).toObject();
        const QJsonObject c = sw.value(QStringLiteral("compute")).toObject();
        QCOMPARE(c.value(QStringLiteral("leaf")).toInt(), 16);
        QCOMPARE(c.value(QStringLiteral("spine")).toInt(), 8);
        QCOMPARE(c.value(QStringLiteral("core")).toInt(), 0);
        const QJsonObject l = o.value(QStringLiteral("links")).toObject();
        const QJsonObject cl = l.value(QStringLiteral("compute")).toObject();
        QCOMPARE(cl.value(QStringLiteral("node_leaf")).toInt(), 512);
        QCOMPARE(cl.value(QStringLiteral("leaf_spine")).toInt(), 512);
        QCOMPARE(cl.value(QStringLiteral("spine_core")).toInt(), 0);
        QCOMPARE(o.value(QStringLiteral("bisection_tbps")).toDouble(), 512 * 400 / 2 / 1000.0);
        QVERIFY(o.value(QStringLiteral("transceivers")).toInt() > 0);
    }
    void generateTwinPlaneReportsPlanes() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("g.cds.json"));
        Run r = cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("512"),
                     QStringLiteral("--server"), QStringLiteral("nvidia-dgx-b300"),
                     QStringLiteral("--switch"), QStringLiteral("nvidia-sn5610"),
                     QStringLiteral("--planes"), QStringLiteral("2"),
                     QStringLiteral("--servers-per-rack"), QStringLiteral("2"),
                     QStringLiteral("-o"), file});
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({QStringLiteral("validate"), file});
        QVERIFY2(r.code == 0 && r.out.contains("0 error(s)"), r.out.constData());
        r = cli({QStringLiteral("stats"), file, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = json(r.out);
        const QJsonArray planes = o.value(QStringLiteral("planes")).toArray();
        QCOMPARE(planes.size(), 2);
        QStringList names;
        int leaves = 0;
        for (const QJsonValue& v : planes) {
            const QJsonObject p = v.toObject();
            names << p.value(QStringLiteral("fabric")).toString();
            const QJsonObject sw = p.value(QStringLiteral("switches")).toObject();
            QCOMPARE(sw.value(QStringLiteral("leaf")).toInt(), 16);
            QCOMPARE(sw.value(QStringLiteral("spine")).toInt(), 4);
            QCOMPARE(sw.value(QStringLiteral("core")).toInt(), 0);
            leaves += sw.value(QStringLiteral("leaf")).toInt();
            const QJsonObject l = p.value(QStringLiteral("links")).toObject();
            QCOMPARE(l.value(QStringLiteral("node_leaf")).toInt(), 512);
            QCOMPARE(l.value(QStringLiteral("leaf_spine")).toInt(), 512);
            QCOMPARE(l.value(QStringLiteral("spine_core")).toInt(), 0);
            QCOMPARE(p.value(QStringLiteral("bisection_tbps")).toDouble(), 512 * 400 / 2 / 1000.0);
            QCOMPARE(p.value(QStringLiteral("injection_gbps_per_gpu")).toDouble(), 400.0);
        }
        QCOMPARE(names, (QStringList{"Compute plane 1", "Compute plane 2"}));
        const QJsonObject c =
            o.value(QStringLiteral("switches")).toObject().value("compute").toObject();
        QCOMPARE(c.value(QStringLiteral("leaf")).toInt(), leaves);
        // 64 servers 2 per rack: 32 compute racks.
        QCOMPARE(o.value(QStringLiteral("racks_by_role")).toObject().value("compute").toInt(), 32);
        const Run text = cli({QStringLiteral("stats"), file});
        QVERIFY2(text.out.contains("Plane:         Compute plane 2: 16 leaves, 4 spines"),
                 text.out.constData());
        // One plane by default: one entry, named as the fabric.
        const Run s = cli({QStringLiteral("stats"), example(), QStringLiteral("--json")});
        const QJsonArray one = json(s.out).value(QStringLiteral("planes")).toArray();
        QCOMPARE(one.size(), 1);
    }
    /// generate --cpo: the what-if of co-packaged optics. The design uses the CPO switch, keeps
    /// the pluggable one as scenario "Pluggable optics", and stats' optics budget shows fewer
    /// pluggable transceivers, less power and less cost than the scenario's.
    void generateCpoKeepsThePluggableScenario() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("cpo.cds.json"));
        const QStringList common{QStringLiteral("generate"),
                                 QStringLiteral("--gpus"),
                                 QStringLiteral("576"),
                                 QStringLiteral("--server"),
                                 QStringLiteral("nvidia-dgx-b300"),
                                 QStringLiteral("--switch"),
                                 QStringLiteral("nvidia-q3400")};
        Run r = cli(common + QStringList{QStringLiteral("--cpo"), QStringLiteral("-o"), file});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("replaced by nvidia-q3450-ld") &&
                     r.err.contains("kept as scenario 'Pluggable optics'"),
                 r.err.constData());
        const QString plain = dir.filePath(QStringLiteral("plain.cds.json"));
        QCOMPARE(cli(common + QStringList{QStringLiteral("-o"), plain}).code, 0);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = json(f.readAll());
        const QJsonArray scenarios = doc.value(QStringLiteral("scenarios")).toArray();
        QCOMPARE(scenarios.size(), 1);
        QCOMPARE(scenarios[0].toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("Pluggable optics"));
        const QJsonObject cpo =
            json(cli({QStringLiteral("stats"), file, QStringLiteral("--json")}).out)
                .value(QStringLiteral("optics"))
                .toObject();
        const QJsonObject pluggable =
            json(cli({QStringLiteral("stats"), plain, QStringLiteral("--json")}).out)
                .value(QStringLiteral("optics"))
                .toObject();
        for (const char* key : {"count", "watts", "cost_usd", "per_gpu"}) {
            const QString k = QString::fromLatin1(key);
            QVERIFY2(pluggable.value(k).toDouble() > 0, key);
            QVERIFY2(cpo.value(k).toDouble() < pluggable.value(k).toDouble(), key);
        }
    }
    void generateNvl72SuperpodWithItsSupport() {
        // The command: 576 GB200 GPUs on Quantum-X800; and the GB300 version.
        for (const char* server : {"nvidia-gb200-nvl72", "nvidia-gb300-nvl72"}) {
            QTemporaryDir dir;
            const QString file = dir.filePath(QStringLiteral("g.cds.json"));
            Run r = cli({QStringLiteral("generate"), QStringLiteral("--gpus"),
                         QStringLiteral("576"), QStringLiteral("--server"),
                         QString::fromLatin1(server), QStringLiteral("--switch"),
                         QStringLiteral("nvidia-q3400"), QStringLiteral("--storage-tb"),
                         QStringLiteral("2000"), QStringLiteral("-o"), file});
            QVERIFY2(r.code == 0, r.err.constData());
            r = cli({QStringLiteral("validate"), file});
            QVERIFY2(r.code == 0 && r.out.contains("0 error(s)"), r.out.constData());
            r = cli({QStringLiteral("stats"), file, QStringLiteral("--json")});
            const QJsonObject o = json(r.out);
            QCOMPARE(o.value(QStringLiteral("nvlink_domain_gpus")).toInt(), 72);
            const QJsonObject roles = o.value(QStringLiteral("racks_by_role")).toObject();
            QCOMPARE(roles.value(QStringLiteral("compute")).toInt(), 8);
            for (const char* k : {"network", "storage", "management"})
                QVERIFY2(roles.value(QLatin1String(k)).toInt() > 0, k);
            const QJsonObject st = o.value(QStringLiteral("storage")).toObject();
            QVERIFY(st.value(QStringLiteral("servers")).toInt() > 0);
            QVERIFY(st.value(QStringLiteral("usable_tb")).toDouble() >= 2000);
            QVERIFY(st.value(QStringLiteral("read_gbps")).toDouble() >= 576 * 4);
            QCOMPARE(o.value(QStringLiteral("head_nodes")).toInt(), 4);
            QVERIFY(o.contains(QStringLiteral("ufm")));
            QVERIFY(o.value(QStringLiteral("pdus")).toInt() >= 2 * o.value("racks").toInt());
            QVERIFY(o.value(QStringLiteral("cdus")).toObject().value("count").toInt() >= 2);
        }
    }
    /// --checkpoint-minutes sizes storage writes for a full model-state checkpoint: Llama 3
    /// 405B's 6.48 TB in 1 minute is 864 Gb/s, 6 NVMe nodes of 160 Gb/s where the read
    /// bandwidth asked (0.5 Gb/s per GPU) brings 2.
    // Issue #29 through the CLI: power-first sizing, the redundancy scheme and 800 V DC, the
    // stats keys they fill, and their refusals (exit 2, nothing written).
    /// `power FILE -o OUT` builds the chain a design has not got, as the studio's Power >
    /// Build power chain does; another --power-redundancy rebuilds it; a bad flag, a missing
    /// -o or a chain that cannot be built exits 2 and writes nothing.
    void powerBuildsAndRebuildsTheChain() {
        QTemporaryDir dir;
        const QString built = dir.filePath(QStringLiteral("built.cds.json"));
        auto chainOf = [&](const QString& file) {
            return json(cli({QStringLiteral("stats"), file, QStringLiteral("--json")}).out)
                .value(QStringLiteral("power_chain"))
                .toObject();
        };
        QCOMPARE(chainOf(example()).value(QStringLiteral("redundancy")).toString(),
                 QStringLiteral("none"));
        Run r = cli({QStringLiteral("power"), example(), QStringLiteral("-o"), built});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("note: Build power chain (2N): 2 utility"), r.err.constData());
        QJsonObject chain = chainOf(built);
        QCOMPARE(chain.value(QStringLiteral("redundancy")).toString(), QStringLiteral("2N"));
        QVERIFY(chain.value(QStringLiteral("worst_n1_utilization_pct")).toDouble() <= 100.0);
        r = cli({QStringLiteral("validate"), built});
        QVERIFY2(r.code == 0 && r.out.contains("0 error(s)"), r.out.constData());
        // Rebuilt in place as N+1.
        r = cli({QStringLiteral("power"), built, QStringLiteral("--power-redundancy"),
                 QStringLiteral("N+1"), QStringLiteral("-o"), built});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("note: Rebuild power chain as N+1"), r.err.constData());
        QCOMPARE(chainOf(built).value(QStringLiteral("redundancy")).toString(),
                 QStringLiteral("N+1"));
        // Refusals: exit 2, the reason named, nothing written.
        const QString none = dir.filePath(QStringLiteral("none.cds.json"));
        const std::vector<std::pair<QStringList, QByteArray>> bad{
            {{QStringLiteral("--power-redundancy"), QStringLiteral("5N/3")}, "xN/(x-1)"},
            {{QStringLiteral("--it-mw"), QStringLiteral("-1")}, "--it-mw expects megawatts"},
        };
        for (const auto& [flags, why] : bad) {
            r = cli(QStringList{QStringLiteral("power"), example(), QStringLiteral("-o"), none} +
                    flags);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(why), r.err.constData());
            QVERIFY(!QFile::exists(none));
        }
        r = cli({QStringLiteral("power"), example()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("-o OUT is required"), r.err.constData());
        // A design without racks has nothing to feed: refused with the file named.
        QFile ex(example());
        QVERIFY(ex.open(QIODevice::ReadOnly));
        QJsonObject doc = QJsonDocument::fromJson(ex.readAll()).object();
        doc[QStringLiteral("racks")] = QJsonArray();
        doc[QStringLiteral("devices")] = QJsonArray();
        QJsonObject links = doc[QStringLiteral("links")].toObject();
        links[QStringLiteral("rows")] = QJsonArray();
        doc[QStringLiteral("links")] = links;
        const QString empty = write("empty.cds.json", QJsonDocument(doc).toJson());
        r = cli({QStringLiteral("power"), empty, QStringLiteral("-o"), none});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("empty.cds.json: "), r.err.constData());
        QVERIFY(!QFile::exists(none));
    }

    void powerFirstFlags() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("p.cds.json"));
        auto stats = [&] {
            return json(cli({QStringLiteral("stats"), file, QStringLiteral("--json")}).out);
        };
        Run r = cli({QStringLiteral("generate"), QStringLiteral("--it-mw"), QStringLiteral("5"),
                     QStringLiteral("-o"), file});
        QVERIFY2(r.code == 0, r.err.constData());
        QJsonObject st = stats();
        QJsonObject site = st.value(QStringLiteral("site")).toObject();
        QCOMPARE(site.value(QStringLiteral("it_budget_kw")).toDouble(), 5000.0);
        QVERIFY(site.value(QStringLiteral("it_used_kw")).toDouble() <= 5000.0);
        QCOMPARE(site.value(QStringLiteral("gpus")).toInt(),
                 st.value(QStringLiteral("gpus")).toInt());
        // ...and the next scalable unit would not fit: the note says what it would need.
        static const QRegularExpression next(QStringLiteral("units would need ([0-9.]+) kW"));
        const QRegularExpressionMatch m = next.match(QString::fromUtf8(r.err));
        QVERIFY2(m.hasMatch(), r.err.constData());
        QVERIFY(m.captured(1).toDouble() > 5000.0);
        const QJsonObject chain = st.value(QStringLiteral("power_chain")).toObject();
        for (const char* key :
             {"utility_kva", "elements", "worst_n1_utilization_pct", "stranded_kw", "redundancy"})
            QVERIFY2(chain.contains(QLatin1String(key)), key);
        QCOMPARE(chain.value(QStringLiteral("redundancy")).toString(), QStringLiteral("2N"));
        QVERIFY(chain.value(QStringLiteral("worst_n1_utilization_pct")).toDouble() <= 100.0);

        r = cli({QStringLiteral("generate"), QStringLiteral("--site-mw"), QStringLiteral("10"),
                 QStringLiteral("--power-redundancy"), QStringLiteral("N+1"), QStringLiteral("-o"),
                 file});
        QVERIFY2(r.code == 0, r.err.constData());
        st = stats();
        site = st.value(QStringLiteral("site")).toObject();
        QCOMPARE(site.value(QStringLiteral("site_budget_kw")).toDouble(), 10000.0);
        QVERIFY(site.value(QStringLiteral("facility_kw")).toDouble() <= 10000.0);
        QCOMPARE(st.value(QStringLiteral("power_chain"))
                     .toObject()
                     .value(QStringLiteral("redundancy"))
                     .toString(),
                 QStringLiteral("N+1"));

        r = cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("576"),
                 QStringLiteral("--server"), QStringLiteral("nvidia-gb300-nvl72"),
                 QStringLiteral("--dc-800v"), QStringLiteral("-o"), file});
        QVERIFY2(r.code == 0, r.err.constData());
        st = stats();
        const QJsonObject dc = st.value(QStringLiteral("power_chain")).toObject();
        const int powerRacks = dc.value(QStringLiteral("elements"))
                                   .toObject()
                                   .value(QStringLiteral("power-rack"))
                                   .toInt();
        QVERIFY(powerRacks > 0);
        // Each power rack takes at least one 600 x 1200 mm rack position on the floor.
        const double powerRacksM2 = dc.value(QStringLiteral("floor_m2")).toDouble();
        QVERIFY2(powerRacksM2 >= 0.72 * powerRacks - 0.01,
                 qPrintable(QString::number(powerRacksM2)));
        const QJsonObject floor = st.value(QStringLiteral("floor")).toObject();
        QCOMPARE(floor.value(QStringLiteral("power_racks_m2")).toDouble(), powerRacksM2);
        const double hallM2 = floor.value(QStringLiteral("hall_m2")).toDouble();
        const double racksM2 = floor.value(QStringLiteral("racks_m2")).toDouble();
        QVERIFY(racksM2 > 0 && hallM2 > racksM2 + powerRacksM2);
        QVERIFY(qAbs(floor.value(QStringLiteral("used_pct")).toDouble() -
                     100 * (racksM2 + powerRacksM2) / hallM2) < 0.01);

        const QString never = dir.filePath(QStringLiteral("never.cds.json"));
        const QList<QStringList> refused = {
            {QStringLiteral("--it-mw"), QStringLiteral("0.1")}, // below one scalable unit
            {QStringLiteral("--site-mw"), QStringLiteral("-3")},
            {QStringLiteral("--it-mw"), QStringLiteral("abc")},
            {QStringLiteral("--it-mw"), QStringLiteral("5"), QStringLiteral("--gpus"),
             QStringLiteral("8")},
            {QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--power-redundancy"),
             QStringLiteral("3N")},
        };
        for (const QStringList& args : refused) {
            r = cli(QStringList{QStringLiteral("generate")} + args +
                    QStringList{QStringLiteral("-o"), never});
            QVERIFY2(r.code == 2, qPrintable(args.join(u' ')));
            QVERIFY2(!r.err.isEmpty(), qPrintable(args.join(u' ')));
            QVERIFY(!QFile::exists(never));
        }
    }

    // Issue #31: --hall-mw sizes a campus to a power budget per hall: the fewest halls of whole
    // scalable units whose every hall carries at most the budget.
    void hallMwSizesTheCampus() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("c.cds.json"));
        auto hallsAt = [&](const char* mw) {
            const Run r =
                cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("4096"),
                     QStringLiteral("--hall-mw"), QLatin1String(mw), QStringLiteral("-o"), file});
            if (r.code != 0)
                qWarning("%s", r.err.constData());
            return json(cli({QStringLiteral("stats"), file, QStringLiteral("--json")}).out)
                .value(QStringLiteral("halls"))
                .toArray();
        };
        QCOMPARE(hallsAt("100").size(), 1); // a budget the whole design fits: one hall
        for (const char* mw : {"2", "2.5", "3"}) {
            const QJsonArray halls = hallsAt(mw);
            const double budgetKw = QByteArray(mw).toDouble() * 1000;
            QVERIFY2(halls.size() > 1, mw);
            for (const QJsonValue& h : halls)
                QVERIFY2(h.toObject().value(QStringLiteral("it_kw")).toDouble() <= budgetKw, mw);
            // No fewer: the same design in one hall less puts more than the budget in a hall.
            const Run r = cli({QStringLiteral("generate"), QStringLiteral("--gpus"),
                               QStringLiteral("4096"), QStringLiteral("--halls"),
                               QString::number(halls.size() - 1), QStringLiteral("-o"), file});
            QVERIFY2(r.code == 0, r.err.constData());
            double fullest = 0;
            for (const QJsonValue& h :
                 json(cli({QStringLiteral("stats"), file, QStringLiteral("--json")}).out)
                     .value(QStringLiteral("halls"))
                     .toArray())
                fullest = std::max(fullest, h.toObject().value(QStringLiteral("it_kw")).toDouble());
            QVERIFY2(fullest > budgetKw, mw);
        }
        QCOMPARE(cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("4096"),
                      QStringLiteral("--hall-mw"), QStringLiteral("3"), QStringLiteral("--halls"),
                      QStringLiteral("2"), QStringLiteral("-o"), file})
                     .code,
                 2);
        const QString never = dir.filePath(QStringLiteral("never.cds.json"));
        Run r =
            cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("4096"),
                 QStringLiteral("--hall-mw"), QStringLiteral("0.5"), QStringLiteral("-o"), never});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--hall-mw 0.5: no campus of whole scalable units"),
                 r.err.constData());
        QVERIFY(!QFile::exists(never));
        r = cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("4096"),
                 QStringLiteral("--hall-mw"), QStringLiteral("-1"), QStringLiteral("-o"), never});
        QCOMPARE(r.code, 2);
        QVERIFY(!QFile::exists(never));
    }

    void checkpointMinutesSizeStorageWrites() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("c.cds.json"));
        auto generate = [&](const QStringList& extra) {
            Run r =
                cli(QStringList{QStringLiteral("generate"), QStringLiteral("--gpus"),
                                QStringLiteral("1024"), QStringLiteral("--storage-gbps-per-gpu"),
                                QStringLiteral("0.5"), QStringLiteral("-o"), file} +
                    extra);
            return r;
        };
        Run r = generate({});
        QVERIFY2(r.code == 0, r.err.constData());
        QJsonObject st = json(cli({QStringLiteral("stats"), file, QStringLiteral("--json")}).out)
                             .value(QStringLiteral("storage"))
                             .toObject();
        QCOMPARE(st.value(QStringLiteral("servers")).toInt(), 2);
        QVERIFY(st.value(QStringLiteral("checkpoint_min")).toDouble() > 1);
        r = generate({QStringLiteral("--checkpoint-minutes"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("864 Gb/s of writes"), r.err.constData());
        st = json(cli({QStringLiteral("stats"), file, QStringLiteral("--json")}).out)
                 .value(QStringLiteral("storage"))
                 .toObject();
        QCOMPARE(st.value(QStringLiteral("servers")).toInt(), 6);
        QCOMPARE(st.value(QStringLiteral("write_gbps")).toDouble(), 960.0);
        QVERIFY(st.value(QStringLiteral("checkpoint_min")).toDouble() <= 1.0);
        r = generate({QStringLiteral("--checkpoint-minutes"), QStringLiteral("-3")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--checkpoint-minutes"), r.err.constData());
    }
    /// Without --switch the compute switch is the one that carries the server's NICs: 800G
    /// DGX B300 on Quantum-X800 Q3400 (not the 400G QM9700 that refused it), and the advisor,
    /// which names no switch, sizes B300 and GB300 clusters.
    void switchFollowsTheNics() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("b300.cds.json"));
        Run r = cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("576"),
                     QStringLiteral("--server"), QStringLiteral("nvidia-dgx-b300"),
                     QStringLiteral("-o"), file});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("compute switch: nvidia-q3400"), r.err.constData());
        r = cli({QStringLiteral("validate"), file});
        QVERIFY2(r.code == 0 && r.out.contains("0 error(s)"), r.out.constData());
        for (const char* server : {"nvidia-dgx-b300", "nvidia-gb300-nvl72"}) {
            r = cli({QStringLiteral("advise"), QStringLiteral("train"), QStringLiteral("--params"),
                     QStringLiteral("70e9"), QStringLiteral("--tokens"), QStringLiteral("15e12"),
                     QStringLiteral("--server"), QString::fromLatin1(server),
                     QStringLiteral("--json")});
            QVERIFY2(r.code == 0, r.err.constData());
        }
    }
    void incompatiblePairsAreRefused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("400G NICs on HDR")
            << QStringList{"--gpus", "64", "--switch", "nvidia-qm8700"} << "no port split";
        QTest::newRow("NVL72 on air")
            << QStringList{"--gpus",   "72",           "--server",  "nvidia-gb300-nvl72",
                           "--switch", "nvidia-q3400", "--cooling", "air"}
            << "liquid-cooled only";
        QTest::newRow("bad storage bandwidth")
            << QStringList{"--gpus", "64", "--storage-gbps-per-gpu", "fast"}
            << "--storage-gbps-per-gpu";
    }
    void incompatiblePairsAreRefused() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("g.cds.json"));
        const Run r = cli(QStringList{QStringLiteral("generate")} + args +
                          QStringList{QStringLiteral("-o"), file});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(file));
    }
    void bundledScalableUnitValidates() {
        const Run r =
            cli({QStringLiteral("validate"),
                 QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("0 error(s)"));
        const Run g = cli(
            {QStringLiteral("validate"),
             QStringLiteral(CDS_SOURCE_DIR "/resources/examples/gb300-nvl72-576gpu-su.cds.json")});
        QCOMPARE(g.code, 0);
        QVERIFY(g.out.contains("0 error(s)"));
    }
    void generateErrorsExitTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a multiple") << QStringList{"--gpus", "1001"} << "multiple of 8";
        QTest::newRow("unknown server")
            << QStringList{"--gpus", "64", "--server", "nope"} << "unknown GPU server id 'nope'";
        QTest::newRow("unknown switch")
            << QStringList{"--gpus", "64", "--switch", "nope"} << "unknown fabric switch id";
        QTest::newRow("beyond 3 tiers") << QStringList{"--gpus", "100000"} << "beyond what 3 tiers";
        QTest::newRow("2 tiers too small")
            << QStringList{"--gpus", "4096", "--tiers", "2"} << "do not fit 2 tiers";
        QTest::newRow("bad ratio")
            << QStringList{"--gpus", "64", "--oversubscription", "1:2"} << "--oversubscription";
        QTest::newRow("bad topology")
            << QStringList{"--gpus", "64", "--topology", "torus"} << "--topology";
        QTest::newRow("small hall")
            << QStringList{"--gpus", "1024", "--hall", "6000x3000"} << "too small";
        QTest::newRow("no output") << QStringList{"--gpus", "64"} << "-o FILE";
        QTest::newRow("planes not 1, 2 or 4")
            << QStringList{"--gpus", "64", "--planes", "3"} << "--planes expects 1, 2 or 4";
        QTest::newRow("NIC cannot split")
            << QStringList{"--gpus", "64", "--planes", "2"} << "cannot be split over parallel";
        QTest::newRow("servers per rack beyond U")
            << QStringList{"--gpus", "64", "--servers-per-rack", "6"} << "at most 5 per rack";
        QTest::newRow("servers per rack beyond power") << QStringList{"--gpus",
                                                                      "64",
                                                                      "--server",
                                                                      "nvidia-dgx-b300",
                                                                      "--switch",
                                                                      "nvidia-q3400",
                                                                      "--cooling",
                                                                      "air",
                                                                      "--servers-per-rack",
                                                                      "2"}
                                                       << "beyond the air cooling envelope";
        QTest::newRow("servers per rack not a number")
            << QStringList{"--gpus", "64", "--servers-per-rack", "two"} << "--servers-per-rack";
    }
    void generateErrorsExitTwo() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("g.cds.json"));
        QStringList all{QStringLiteral("generate")};
        all << args;
        if (message != QLatin1String("-o FILE"))
            all << QStringLiteral("-o") << file;
        const Run r = cli(all);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(file));
    }
    void catalogList() {
        Run r = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonArray items = json(r.out).value(QStringLiteral("items")).toArray();
        QVERIFY(items.size() > 30);
        r = cli({QStringLiteral("catalog"), QStringLiteral("list")});
        QVERIFY(r.out.contains("nvidia-q3400"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
