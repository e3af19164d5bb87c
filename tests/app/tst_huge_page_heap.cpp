// The huge-page heap start-up: the process runs again with glibc's malloc.hugetlb tunable,
// and the user's environment is back as it was for whatever the program starts.
#include "HugePageHeap.h"

#include <QFile>
#include <QTest>

class TestHugePageHeap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// This very process was started again with the tunable before the user's own (CTest sets
    /// GLIBC_TUNABLES=glibc.malloc.perturb=0): /proc/self/environ is the block of the last exec,
    /// which still holds the marker the first run left for the second.
    void ranAgainWithTheTunable() {
        QFile environ(QStringLiteral("/proc/self/environ"));
        QVERIFY(environ.open(QIODevice::ReadOnly));
        const QList<QByteArray> vars = environ.readAll().split('\0');
        QVERIFY(vars.contains("CDS_HUGE_PAGES_PREVIOUS=glibc.malloc.perturb=0"));
        QByteArray seen;
        for (const QByteArray& v : vars)
            if (v.startsWith("GLIBC_TUNABLES="))
                seen = v;
        QVERIFY2(seen.startsWith("GLIBC_TUNABLES=glibc.malloc.hugetlb=1"), seen.constData());
    }
    /// Child processes see the user's value, not ours, and no marker.
    void userEnvironmentRestored() {
        QCOMPARE(qgetenv("GLIBC_TUNABLES"), QByteArray("glibc.malloc.perturb=0"));
        QVERIFY(!qEnvironmentVariableIsSet("CDS_HUGE_PAGES_PREVIOUS"));
    }
};

int main(int argc, char** argv) {
    cds::useHugePageHeap(argv);
    TestHugePageHeap t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_huge_page_heap.moc"
