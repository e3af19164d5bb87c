#include "model/json/Json.h"

#include <QTest>

using namespace cds;

/// @brief The JSON helpers: pointer location for messages, stable writer.
class TestJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void locatesPointers() {
        const std::string_view t = "{\n  \"a\": [1, {\"b~/c\": 2}],\n  \"x\": \"}\"\n}";
        int line = 0, col = 0;
        json::offsetToLineColumn(t, json::locatePointer(t, "/a/1/b~0~1c"), line, col);
        QCOMPARE(line, 2);
        QCOMPARE(col, 21);
        json::offsetToLineColumn(t, json::locatePointer(t, "/x"), line, col);
        QCOMPARE(line, 3);
        QCOMPARE(col, 8);
        QCOMPARE(json::locatePointer(t, "/nope"), std::string_view::npos);
        QCOMPARE(json::locatePointer(t, "/a/5"), std::string_view::npos);
    }
    void childEscapes() {
        QCOMPARE(json::child("/x", "a/b~c"), std::string("/x/a~1b~0c"));
        QCOMPARE(json::child("", std::size_t(3)), std::string("/3"));
    }
    void stableWriterPutsScalarArraysOnOneLine() {
        nlohmann::ordered_json j;
        j["z"] = 1;
        j["a"] = {1, 2, 3};
        j["rows"] = {{1, "x", nullptr}, {2, "y", true}};
        const std::string s = json::dumpStable(j);
        QCOMPARE(QString::fromStdString(s),
                 QStringLiteral(
                     "{\n  \"z\": 1,\n  \"a\": [1, 2, 3],\n  \"rows\": [\n    [1, \"x\", null],\n"
                     "    [2, \"y\", true]\n  ]\n}\n"));
    }
    void numberRangeAndTypeErrors() {
        const json::Json v = json::Json::parse(R"({"n": 1e308, "s": 5, "i": 2.5})");
        QVERIFY_THROWS_EXCEPTION(json::FieldError, json::number(v["n"], "/n", 0, 100));
        QVERIFY_THROWS_EXCEPTION(json::FieldError, json::string(v["s"], "/s"));
        QVERIFY_THROWS_EXCEPTION(json::FieldError, json::integer(v["i"], "/i", 0, 10));
        try {
            json::member(v, "missing", "/obj");
            QFAIL("no throw");
        } catch (const json::FieldError& e) {
            QCOMPARE(e.pointer, std::string("/obj"));
            QVERIFY(QString::fromUtf8(e.what()).contains(QLatin1String("missing")));
        }
    }
};

QTEST_APPLESS_MAIN(TestJson)
#include "tst_json.moc"
