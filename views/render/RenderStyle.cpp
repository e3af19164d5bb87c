#include "RenderStyle.h"

namespace cds::render {

QColor RenderStyle::category(Category c) {
    switch (c) {
    case Category::Server:
        return QColor(0x3d, 0x7e, 0xc9);
    case Category::Switch:
        return QColor(0x2e, 0x9e, 0x7a);
    case Category::Storage:
        return QColor(0x8a, 0x63, 0xc2);
    case Category::Power:
        return QColor(0xd9, 0x8c, 0x2b);
    case Category::Management:
        return QColor(0x7d, 0x8b, 0x99);
    case Category::Cooling:
        return QColor(0x3b, 0xa7, 0xc4);
    default:
        return QColor(0xa0, 0xa8, 0xb3);
    }
}

QColor RenderStyle::cooling(CoolingType c) {
    switch (c) {
    case CoolingType::Air:
        return QColor(0xe4, 0xec, 0xf5);
    case CoolingType::RearDoorHx:
        return QColor(0xd4, 0xe9, 0xf7);
    case CoolingType::DirectLiquid:
        return QColor(0xc6, 0xe3, 0xe6);
    case CoolingType::Immersion:
        return QColor(0xd9, 0xd6, 0xf0);
    }
    return panel();
}

QFont RenderStyle::font(double px, bool bold) {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setStyleHint(QFont::SansSerif);
    // Ligatures ("fi" as one glyph) would make PDF text unsearchable for "findings".
    f.setStyleStrategy(QFont::PreferNoShaping);
    f.setPixelSize(std::max(1, int(px + 0.5)));
    f.setBold(bold);
    return f;
}

} // namespace cds::render
