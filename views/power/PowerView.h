#pragma once

#include <QWidget>

class QContextMenuEvent;
class QGraphicsView;
class QLabel;
class QPushButton;

namespace cds {
class Design;
class LiveAnalysis;
} // namespace cds

namespace cds::views {

class PowerScene;
class SelectionModel;

/// @brief The studio's power view: a line with the scheme, the utility's demand, the worst
/// N-1 case and the colour key, over the scrolling one-line diagram (PowerScene), scaled to
/// the view's width (down to 80 %) until Ctrl+wheel zooms. A selection made elsewhere scrolls
/// its lit elements into view. Its context menu shows the actions added to it (addAction), for
/// the element under the cursor, which becomes the selection. A design without a chain shows a
/// Build power chain… button instead of the diagram.
class PowerView : public QWidget {
    Q_OBJECT
public:
    PowerView(Design* design, LiveAnalysis* analysis, SelectionModel* selection,
              QWidget* parent = nullptr);
    PowerScene* scene() const { return m_scene; }
    QGraphicsView* view() const { return m_view; }
    /// The summary line, e.g. "2N · utility 13,500 kVA · worst N-1 96 % (UPS-A1, UPS-B1 out)".
    QString summary() const;

Q_SIGNALS:
    /// The Build power chain… button (a design without a chain) was clicked.
    void buildChainRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void showContextMenu(QContextMenuEvent* e);
    void updateSummary();
    void fitWidth();
    PowerScene* m_scene;
    QGraphicsView* m_view;
    QLabel* m_summary;
    QLabel* m_key;
    QPushButton* m_build;
    bool m_userZoomed = false;
};

} // namespace cds::views
