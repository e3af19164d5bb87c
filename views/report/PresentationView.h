#pragma once

#include "ReportContent.h"

#include <QTimer>
#include <QWidget>

#include <memory>

namespace cds {
class Design;
}

namespace cds::report {

/// @brief Presentation mode: a full-screen, read-only view of the design for a customer
/// meeting, with no editing handles and print styling. Steps through cover, summary,
/// floorplan, racks, fabric and charts with the keyboard: Right / Space / PageDown next,
/// Left / Backspace / PageUp back, Home / End, Escape leaves. Follows the document: a change
/// redraws the current slide (coalesced to at most 10 Hz).
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
    void setSlide(int i);

Q_SIGNALS:
    /// The user left presentation mode (Escape); the window is hidden.
    void finished();
    void slideChanged(int index);

protected:
    void paintEvent(QPaintEvent*) override;
    void keyPressEvent(QKeyEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;

private:
    void rebuild();

    const Design& m_design;
    std::unique_ptr<ReportContent> m_content;
    std::vector<ReportPage> m_slides;
    int m_current = 0;
    QTimer m_refresh;
};

} // namespace cds::report
