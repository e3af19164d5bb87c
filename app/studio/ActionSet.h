#pragma once

#include <QObject>

namespace cds::studio {

class WindowHost;
class Workbench;

/// @brief What every action set (File, Export, Edit, View, Tools) stands on: the Workbench its
/// entries act on, and the WindowHost for what only a window can do. Never the window itself.
class ActionSet : public QObject {
    Q_OBJECT
protected:
    ActionSet(Workbench& workbench, WindowHost& host, QObject* parent)
        : QObject(parent)
        , m_wb(workbench)
        , m_host(host) {}
    Workbench& m_wb;
    WindowHost& m_host;
};

} // namespace cds::studio
