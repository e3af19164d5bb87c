#pragma once

#include "ReportContent.h"

#include <QTimer>
#include <QWidget>

#include <memory>

class QListWidget;

namespace cds {
class Design;
}

namespace cds::report {

/// @brief Presentation mode: a full-screen, read-only view of the design for a customer
/// meeting, with no editing handles and print styling. Steps through cover, summary,
/// floorplan, rack configurations (grouped like the report, in natural order), fabric and
/// charts with the keyboard: Right / Space / PageDown next, Left / Backspace / PageUp back,
/// Home / End, J or Ctrl+J opens a jump list of every slide, Escape leaves. On the floorplan
/// slide the wheel or + / - zoom, dragging or Shift+arrows pan and 0 fits the hall again.
/// Follows the document: a change redraws the current slide (coalesced to at most 10 Hz).
class PresentationView : public QWidget {
    Q_OBJECT
public:
    explicit PresentationView(const Design& design, QWidget* parent = nullptr);
    ~PresentationView() override;

    /// Shows full screen from the first slide.
    void start();
    int slideCount() const;
    int currentSlide() const { return m_current; }
    QString slideHeading(int i) const;
    ReportPage::Kind slideKind(int i) const;
    /// The name of the first rack of each configuration slide @p i shows (empty otherwise).
    QStringList slideRacks(int i) const;
    void setSlide(int i);

    /// Floorplan zoom (1 = the whole hall) and pan (pixels), reset on every slide change.
    double zoom() const { return m_zoom; }
    QPointF pan() const { return m_pan; }
    void setZoom(double z, QPointF anchor = {-1, -1});
    /// Opens the jump list (J / Ctrl+J); Enter or a click jumps, Escape closes it.
    void showJumpList();
    QListWidget* jumpList() const { return m_jump; }

Q_SIGNALS:
    /// The user left presentation mode (Escape); the window is hidden.
    void finished();
    void slideChanged(int index);

protected:
    void paintEvent(QPaintEvent*) override;
    void keyPressEvent(QKeyEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* o, QEvent* e) override;

private:
    void rebuild();
    bool onFloorplan() const;
    QRectF bodyRect() const;

    const Design& m_design;
    std::unique_ptr<ReportContent> m_content;
    std::vector<ReportPage> m_slides;
    int m_current = 0;
    QTimer m_refresh;
    double m_zoom = 1;
    QPointF m_pan;
    QPointF m_dragFrom;
    bool m_dragging = false, m_dragged = false;
    QListWidget* m_jump = nullptr;
};

} // namespace cds::report
