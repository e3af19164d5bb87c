#pragma once
// Checks shared by the tests of model/edits operations.

#include "model/Design.h"
#include "model/edits/Operations.h"
#include "model/json/DesignFile.h"

#include <QTest>

namespace cds::test {

/// Applies @p r's edit, checks that it changed the design and that reverting it restores the
/// design byte for byte (catalog entries it brought included), then applies it again.
inline void applyUndoRedo(Design& design, edits::Result& r) {
    QVERIFY2(r, qPrintable(r.refusal));
    const QByteArray before = DesignFile::toBytes(design.data());
    const std::size_t types = design.data().catalog.size();
    r.edit->apply(design);
    QVERIFY(DesignFile::toBytes(design.data()) != before);
    r.edit->revert(design);
    QCOMPARE(design.data().catalog.size(), types);
    QCOMPARE(DesignFile::toBytes(design.data()), before);
    r.edit->apply(design);
}

} // namespace cds::test
