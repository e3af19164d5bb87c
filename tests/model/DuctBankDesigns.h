#pragma once
// Two halls joined by a duct bank, shared by the duct bank tests of the model and the views.

#include "model/DesignData.h"

namespace cds::test {

/// A pathway of @p kind from @p from to @p to, 300 x 100 mm; a duct bank at elevation 0 (it is
/// underground), a tray at 2.7 m.
inline Pathway pathway(const char* name, PathwayKind kind, PointMm from, PointMm to) {
    Pathway p;
    p.name = QString::fromLatin1(name);
    p.kind = kind;
    p.from = from;
    p.to = to;
    p.elevationMm = kind == PathwayKind::DuctBank ? 0 : 2700;
    p.widthMm = 300;
    p.depthMm = 100;
    return p;
}

/// Two halls 24 m apart on a 64 x 10 m site, each with a ladder along its middle, and a 26 m
/// duct bank from the end of H1's ladder to the start of H3's (the names say which halls it
/// joins).
///   H1  x 0..20000        ladder y = 5000, x 1000..19000
///   H3  x 44000..64000    ladder y = 5000, x 45000..63000
///   duct bank y = 5000, x 19000..45000
inline DesignData twoHallsWithDuctBank() {
    DesignData d;
    d.hall.widthMm = 64000;
    d.hall.depthMm = 10000;
    d.halls = {{QStringLiteral("H1"), {0, 0, 20000, 10000}},
               {QStringLiteral("H3"), {44000, 0, 20000, 10000}}};
    d.pathways.add(pathway("H1 tray", PathwayKind::Ladder, {1000, 5000}, {19000, 5000}));
    d.pathways.add(pathway("Duct bank H1-H3", PathwayKind::DuctBank, {19000, 5000}, {45000, 5000}));
    d.pathways.add(pathway("H3 tray", PathwayKind::Ladder, {45000, 5000}, {63000, 5000}));
    return d;
}

} // namespace cds::test
