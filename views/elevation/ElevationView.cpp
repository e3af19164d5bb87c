#include "ElevationView.h"

#include "../FailureHighlight.h"
#include "../SelectionModel.h"
#include "../floorplan/FloorplanView.h"
#include "model/RackGeometry.h"

#include <QContextMenuEvent>
#include <QDragEnterEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace cds::views {

namespace {
constexpr int kBottom = 10, kGap = 16;
constexpr int kStripW = 13; // one 0U PDU in a side channel

QColor deviceColour(Category c) {
    switch (c) {
    case Category::Server:
        return {0x9c, 0xbc, 0xf0};
    case Category::Switch:
        return {0x9c, 0xdc, 0xb4};
    case Category::Power:
        return {0xf0, 0xb0, 0xa8};
    case Category::Storage:
        return {0xf4, 0xcc, 0x98};
    default:
        return {0xd4, 0xc8, 0xec};
    }
}
} // namespace

ElevationView::ElevationView(Design* design, SelectionModel* selection, QWidget* parent)
    : QWidget(parent)
    , m_design(design)
    , m_selection(selection) {
    setAcceptDrops(true);
    setMinimumWidth(200);
    updateMinimumHeight();
    auto refresh = [this] {
        if (m_rack && !m_design->data().racks.contains(m_rack))
            m_rack = RackId();
        updateMinimumHeight(); // the rack's height may have changed
        update();
    };
    connect(design, &Design::changed, this, refresh);
    connect(selection, &SelectionModel::changed, this, qOverload<>(&QWidget::update));
}

void ElevationView::setRack(RackId rack) {
    m_rack = rack;
    updateMinimumHeight();
    update();
}

int ElevationView::capacity() const {
    const Rack* r = m_design->data().racks.find(m_rack);
    return r ? rackCapacityU(m_design->data(), *r) : 42;
}

double ElevationView::slotHeight() const {
    return std::max(4.0, double(height() - topPx() - kBottom) / capacity());
}

int ElevationView::minSlotPx() const {
    return QFontMetrics(font()).height() + 2;
}

int ElevationView::topPx() const {
    return 2 * QFontMetrics(font()).height() + 8; // the summary, then "Front" / "Rear"
}

int ElevationView::labelPx() const {
    return QFontMetrics(font()).horizontalAdvance(QStringLiteral("888")) + 4;
}

void ElevationView::updateMinimumHeight() {
    // Text never shrinks below the UI font: a tall rack in a short dock scrolls instead.
    setMinimumHeight(topPx() + kBottom + capacity() * minSlotPx());
}

void ElevationView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange)
        updateMinimumHeight();
    QWidget::changeEvent(e);
}

QRect ElevationView::slotRect(int u, int h, Face face) const {
    const int colW = (width() - labelPx() - 2 * kGap) / 2;
    const int x = labelPx() + kGap / 2 + (face == Face::Front ? 0 : colW + kGap);
    const double sh = slotHeight();
    const int yTop = topPx() + int((capacity() - (u + h - 1)) * sh);
    const int yBottom = topPx() + int((capacity() - u + 1) * sh);
    return {x, yTop, colW, yBottom - yTop};
}

ElevationView::Slot ElevationView::slotAt(QPoint p, int uHeight) const {
    const int colW = (width() - labelPx() - 2 * kGap) / 2;
    const int x0 = labelPx() + kGap / 2;
    Slot s;
    if (p.x() >= x0 && p.x() < x0 + colW)
        s.face = Face::Front;
    else if (p.x() >= x0 + colW + kGap && p.x() < x0 + 2 * colW + kGap)
        s.face = Face::Rear;
    else
        return {};
    const int fromTop = int((p.y() - topPx()) / slotHeight());
    const int u = capacity() - fromTop; // the U under the cursor
    if (fromTop < 0 || u < 1)
        return {};
    // The cursor marks the device's top U; it occupies downwards from there.
    s.u = std::max(1, u - std::max(1, uHeight) + 1);
    return s;
}

std::vector<DeviceId> ElevationView::sideChannelDevices() const {
    const DesignData& d = m_design->data();
    std::vector<DeviceId> out;
    d.devices.forEach([&](DeviceId id, const Device& dev) {
        if (dev.rack == m_rack && inSideChannel(d.typeOf(dev)))
            out.push_back(id);
    });
    std::sort(out.begin(), out.end(), [&](DeviceId a, DeviceId b) {
        return QString::compare(d.devices[a].name, d.devices[b].name) < 0;
    });
    return out;
}

namespace {
// A rack side channel takes at most two vertical PDUs side by side; more share a lane,
// stacked one above the other (as half- or third-height PDUs are).
constexpr int kMaxLanes = 2;
int lanesFor(int count) {
    return std::min(kMaxLanes, count);
}
} // namespace

int ElevationView::sideInset(const std::vector<DeviceId>& side) {
    const int left = (int(side.size()) + 1) / 2;
    return side.empty() ? 0 : lanesFor(left) * kStripW + 2;
}

QRect ElevationView::zeroURect(DeviceId device, const std::vector<DeviceId>& side) const {
    const DesignData& d = m_design->data();
    const Device* dev = d.devices.find(device);
    if (!dev || dev->rack != m_rack || !isZeroU(d.typeOf(*dev)))
        return {};
    const int cap = capacity();
    if (isFloorStanding(d.typeOf(*dev)))
        return slotRect(1, cap, Face::Front).united(slotRect(1, cap, Face::Rear));
    const int i = int(std::find(side.begin(), side.end(), device) - side.begin());
    const int left = (int(side.size()) + 1) / 2;
    const bool onLeft = i < left;
    const int count = onLeft ? left : int(side.size()) - left; // on this side
    const int j = onLeft ? i : i - left;                       // index on this side
    const int lanes = lanesFor(count);
    const int perLane = (count + lanes - 1) / lanes;
    const int lane = j / perLane, along = j % perLane;
    const QRect col = slotRect(1, cap, dev->face);
    const int h = col.height() / perLane;
    const int x = onLeft ? col.left() + 1 + lane * kStripW : col.right() - (lane + 1) * kStripW + 1;
    // The first of a lane at the top, as the A1/B1 PDU sits.
    return {x, col.top() + along * h, kStripW - 1,
            along == perLane - 1 ? col.height() - along * h : h - 1};
}

DeviceId ElevationView::deviceAt(QPoint p) const {
    const DesignData& d = m_design->data();
    DeviceId found;
    const std::vector<DeviceId> side = sideChannelDevices();
    d.devices.forEach([&](DeviceId id, const Device& dev) {
        if (dev.rack != m_rack)
            return;
        const CatalogItem& t = d.typeOf(dev);
        const QRect r =
            isZeroU(t) ? zeroURect(id, side) : slotRect(dev.uPosition, t.uHeight, dev.face);
        if (r.contains(p) && (!found || !isFloorStanding(t)))
            found = id;
    });
    return found;
}

QString ElevationView::summary() const {
    const DesignData& d = m_design->data();
    const Rack* r = d.racks.find(m_rack);
    if (!r)
        return QStringLiteral("Double-click a rack on the floorplan to open it");
    int used = 0;
    d.devices.forEach([&](DeviceId, const Device& dev) {
        if (dev.rack == m_rack)
            used += d.typeOf(dev).uHeight;
    });
    const int cap = capacity();
    return QStringLiteral("%1 · %2U · %3U used · %4U free")
        .arg(r->name)
        .arg(cap)
        .arg(used)
        .arg(std::max(0, cap - used));
}

void ElevationView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), QColor(0xfa, 0xfa, 0xfb));
    // One font for every text: the UI's, so it reads like the menus at any scaling.
    p.setFont(font());
    const int lineH = QFontMetrics(font()).height();
    p.setPen(Qt::black);
    p.drawText(QRect(6, 2, width() - 12, lineH + 2), Qt::AlignLeft | Qt::AlignVCenter, summary());
    if (!m_design->data().racks.contains(m_rack))
        return;
    const DesignData& d = m_design->data();
    const int cap = capacity();
    for (Face face : {Face::Front, Face::Rear}) {
        const QRect col = slotRect(1, cap, face);
        p.setPen(Qt::darkGray);
        p.drawText(QRect(col.left(), lineH + 4, col.width(), lineH + 2), Qt::AlignCenter,
                   face == Face::Front ? QStringLiteral("Front") : QStringLiteral("Rear"));
        p.fillRect(col, QColor(0x2c, 0x30, 0x36));
        p.setPen(QColor(0x48, 0x4c, 0x54));
        for (int u = 1; u <= cap; ++u)
            p.drawRect(slotRect(u, 1, face));
    }

    p.setPen(Qt::darkGray);
    for (int u = 1; u <= cap; ++u) {
        const QRect r = slotRect(u, 1, Face::Front);
        p.drawText(QRect(0, r.top(), labelPx(), r.height()), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(u));
    }
    const std::vector<DeviceId> side = sideChannelDevices();
    const int inset = sideInset(side);
    d.devices.forEach([&](DeviceId id, const Device& dev) {
        if (dev.rack != m_rack)
            return;
        const CatalogItem& t = d.typeOf(dev);
        const bool sel = m_selection->contains(ObjectRef::device(id));
        if (isZeroU(t)) {
            paintZeroU(p, zeroURect(id, side), id, t, sel);
            return;
        }
        const int h = std::max(1, t.uHeight);
        for (Face face : {Face::Front, Face::Rear}) {
            // Full-depth gear shows on both faces; the mounting face is drawn solid. It sits
            // between the side channels when the rack has 0U PDUs.
            const QRect r = slotRect(dev.uPosition, h, face).adjusted(2 + inset, 1, -2 - inset, -1);
            const QColor c = fillOf(id, t);
            p.setBrush(face == dev.face ? c : c.darker(170));
            p.setPen(sel ? QPen(QColor(0x1e, 0x5a, 0xc8), 2) : QPen(c.darker(200)));
            p.drawRect(r);
            if (face == dev.face) {
                p.setPen(textOn(id));
                // Elided, never cut mid-word: the tooltip has the whole text.
                const QRect text = r.adjusted(4, 0, -4, 0);
                p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
                           p.fontMetrics().elidedText(dev.name + QStringLiteral("  ") + t.model,
                                                      Qt::ElideRight, text.width()));
            }
        }
    });
    if (m_hover.u > 0) {
        const QRect r = slotRect(m_hover.u, std::max(1, m_hoverHeight), m_hover.face);
        const QColor c =
            m_hoverProblem.isEmpty() ? QColor(0x40, 0xc0, 0x60) : QColor(0xe0, 0x40, 0x30);
        p.setPen(QPen(c, 2));
        p.setBrush(QColor(c.red(), c.green(), c.blue(), 70));
        p.drawRect(r);
    }
}

void ElevationView::paintZeroU(QPainter& p, const QRect& r, DeviceId id, const CatalogItem& t,
                               bool selected) const {
    const Device& dev = m_design->data().devices[id];
    const QColor c = fillOf(id, t);
    p.setBrush(isFloorStanding(t) ? c : c.darker(110));
    p.setPen(selected ? QPen(QColor(0x1e, 0x5a, 0xc8), 2) : QPen(c.darker(200)));
    p.drawRect(r);
    p.setPen(textOn(id));
    if (isFloorStanding(t)) {
        p.drawText(r.adjusted(6, 6, -6, -6), Qt::AlignCenter | Qt::TextWordWrap,
                   dev.name + QStringLiteral("\n") + t.model + QStringLiteral("\nfloor-standing"));
        return;
    }
    // The strip's name reads bottom to top, as on a vertical PDU.
    p.save();
    p.translate(r.left(), r.bottom());
    p.rotate(-90);
    p.drawText(QRect(4, 0, r.height() - 8, r.width()), Qt::AlignLeft | Qt::AlignVCenter, dev.name);
    p.restore();
}

void ElevationView::hover(Slot s, int uHeight, DeviceId ignore) {
    m_hover = s;
    m_hoverHeight = uHeight;
    m_hoverProblem = s.u > 0 ? mountProblem(m_design->data(), m_rack, uHeight, s.u, ignore)
                             : QStringLiteral("not on a U slot");
    if (!m_hoverProblem.isEmpty())
        Q_EMIT statusMessage(QStringLiteral("Cannot place here: ") + m_hoverProblem);
    update();
}

void ElevationView::mousePressEvent(QMouseEvent* e) {
    const DeviceId id = deviceAt(e->position().toPoint());
    if (id) {
        m_selection->set({ObjectRef::device(id)});
        const Device& dev = m_design->data().devices[id];
        if (e->button() != Qt::LeftButton) // the context menu's click selects, never drags
            return;
        if (isZeroU(m_design->data().typeOf(dev)))
            return; // 0U gear has no U slot to move to
        m_dragDevice = id;
        const Slot s = slotAt(e->position().toPoint());
        const int h = std::max(1, m_design->data().typeOf(dev).uHeight);
        m_grabOffsetU = s.u > 0 ? dev.uPosition + h - 1 - s.u : 0;
    } else if (m_rack) {
        m_selection->set({ObjectRef::rack(m_rack)});
    }
}

void ElevationView::contextMenuEvent(QContextMenuEvent* e) {
    if (!actions().isEmpty() && m_design->data().racks.contains(m_rack))
        QMenu::exec(actions(), e->globalPos(), nullptr, this);
    e->accept();
}

void ElevationView::setFailureHighlight(const FailureHighlight* f) {
    m_failure = f;
    connect(f, &FailureHighlight::changed, this, qOverload<>(&QWidget::update));
    update();
}

QColor ElevationView::fillOf(DeviceId id, const CatalogItem& t) const {
    if (m_failure && m_failure->active()) {
        const FailureHighlight::State s = m_failure->device(id);
        if (s != FailureHighlight::State::None)
            return FailureHighlight::colour(s);
    }
    return deviceColour(t.category);
}

QColor ElevationView::textOn(DeviceId id) const {
    return m_failure && m_failure->active() && FailureHighlight::darkFill(m_failure->device(id))
               ? QColor(Qt::white)
               : QColor(Qt::black);
}

void ElevationView::mouseMoveEvent(QMouseEvent* e) {
    const Device* dev = m_design->data().devices.find(m_dragDevice);
    if (!dev || !(e->buttons() & Qt::LeftButton))
        return;
    const int h = std::max(1, m_design->data().typeOf(*dev).uHeight);
    Slot s = slotAt(e->position().toPoint(), h);
    if (s.u > 0)
        s.u += m_grabOffsetU;
    hover(s, h, m_dragDevice);
}

void ElevationView::mouseReleaseEvent(QMouseEvent*) {
    const DeviceId id = m_dragDevice;
    m_dragDevice = DeviceId();
    const Slot s = m_hover;
    const bool ok = m_hoverProblem.isEmpty();
    m_hover = {};
    update();
    const Device* dev = m_design->data().devices.find(id);
    if (dev && s.u > 0 && ok && (s.u != dev->uPosition || s.face != dev->face))
        Q_EMIT deviceMoveRequested(id, s.u, s.face);
}

void ElevationView::dragEnterEvent(QDragEnterEvent* e) {
    if (m_rack && e->mimeData()->hasFormat(catalogMimeType()))
        e->acceptProposedAction();
}

void ElevationView::dragMoveEvent(QDragMoveEvent* e) {
    const QString id = QString::fromUtf8(e->mimeData()->data(catalogMimeType()));
    const CatalogItem* it = m_library ? m_library->item(id) : nullptr;
    if (!it)
        it = m_design->data().catalog.item(id);
    const int h = it ? std::max(1, it->uHeight) : 1;
    hover(slotAt(e->position().toPoint(), h), h, DeviceId());
    e->acceptProposedAction();
}

void ElevationView::dragLeaveEvent(QDragLeaveEvent*) {
    m_hover = {};
    update();
}

void ElevationView::dropEvent(QDropEvent* e) {
    const QString id = QString::fromUtf8(e->mimeData()->data(catalogMimeType()));
    const Slot s = m_hover.u > 0 ? m_hover : slotAt(e->position().toPoint());
    m_hover = {};
    update();
    if (s.u > 0 && m_rack) {
        e->acceptProposedAction();
        Q_EMIT deviceDropRequested(id, m_rack, s.u, s.face);
    }
}

bool ElevationView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip)
        return QWidget::event(e);
    auto* help = static_cast<QHelpEvent*>(e);
    const DeviceId id = deviceAt(help->pos());
    const Device* dev = id ? m_design->data().devices.find(id) : nullptr;
    if (!dev) {
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    const CatalogItem& t = m_design->data().typeOf(*dev);
    const int top = dev->uPosition + std::max(1, t.uHeight) - 1;
    const QString where = isZeroU(t) ? QStringLiteral("0U")
                          : top > dev->uPosition
                              ? QStringLiteral("U%1-%2").arg(dev->uPosition).arg(top)
                              : QStringLiteral("U%1").arg(dev->uPosition);
    QToolTip::showText(
        help->globalPos(),
        QStringLiteral("%1\n%2 %3\n%4, %5")
            .arg(dev->name, t.vendor, t.model, where,
                 dev->face == Face::Front ? QStringLiteral("front") : QStringLiteral("rear")),
        this);
    return true;
}

} // namespace cds::views
