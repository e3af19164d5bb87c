#include "FindingsModel.h"

#include "model/Design.h"
#include "model/export/Reports.h"

#include <QColor>
#include <QStringList>

#include <algorithm>

namespace cds::views {

namespace {

bool same(const Finding& a, const Finding& b) {
    return a.code == b.code && a.severity == b.severity && a.waived == b.waived &&
           a.objects == b.objects && a.message == b.message && a.rule == b.rule &&
           a.threshold == b.threshold && a.waiverReason == b.waiverReason;
}

QColor colourOf(const Finding& f) {
    return f.waived                          ? QColor(Qt::gray)
           : f.severity == Severity::Error   ? QColor(0xc0, 0x30, 0x20)
           : f.severity == Severity::Warning ? QColor(0xa0, 0x70, 0x00)
                                             : QColor(0x30, 0x60, 0xa0);
}

} // namespace

FindingsModel::FindingsModel(const Design* design, QObject* parent)
    : QAbstractTableModel(parent)
    , m_design(design) {}

void FindingsModel::setFindings(std::vector<Finding> next) {
    std::stable_sort(next.begin(), next.end(), [](const Finding& a, const Finding& b) {
        return std::pair(a.waived, int(a.severity)) < std::pair(b.waived, int(b.severity));
    });
    const std::size_t common = std::min(next.size(), m_findings.size());
    std::size_t head = 0, tail = 0;
    while (head < common && same(next[head], m_findings[head]))
        ++head;
    while (tail < common - head &&
           same(next[next.size() - 1 - tail], m_findings[m_findings.size() - 1 - tail]))
        ++tail;
    if (head + tail == 0 && !m_findings.empty()) { // all new: one reset
        beginResetModel();
        m_findings = std::move(next);
        endResetModel();
    } else {
        replaceMiddle(next, head, tail);
    }
    // Names come from the design: the rows kept may name a renamed object.
    if (!m_findings.empty())
        Q_EMIT dataChanged(index(0, ObjectsColumn), index(rowCount() - 1, ObjectsColumn));
}

void FindingsModel::replaceMiddle(std::vector<Finding>& next, std::size_t head, std::size_t tail) {
    const auto first = std::ptrdiff_t(head);
    if (m_findings.size() > head + tail) {
        beginRemoveRows({}, int(head), int(m_findings.size() - tail) - 1);
        m_findings.erase(m_findings.begin() + first, m_findings.end() - std::ptrdiff_t(tail));
        endRemoveRows();
    }
    if (next.size() > head + tail) {
        beginInsertRows({}, int(head), int(next.size() - tail) - 1);
        m_findings.insert(m_findings.begin() + first, std::make_move_iterator(next.begin() + first),
                          std::make_move_iterator(next.end() - std::ptrdiff_t(tail)));
        endInsertRows();
    }
}

const Finding* FindingsModel::findingAt(int row) const {
    return row >= 0 && row < rowCount() ? &m_findings[std::size_t(row)] : nullptr;
}

int FindingsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_findings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString FindingsModel::text(const Finding& f, int column) const {
    switch (column) {
    case SeverityColumn:
        return severityKey(f.severity);
    case CodeColumn:
        return f.code;
    case MessageColumn:
        return f.waived
                   ? f.message + QStringLiteral(" (waived: ") + f.waiverReason + QLatin1Char(')')
                   : f.message;
    default: {
        QStringList names;
        for (const ObjectRef& o : f.objects)
            names << cds::objectName(m_design->data(), o);
        return names.join(QStringLiteral(", "));
    }
    }
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const {
    const Finding* f = findingAt(index.row());
    if (!f || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return text(*f, index.column());
    case Qt::ToolTipRole: // whole texts in tooltips: the columns elide them
        if (index.column() == MessageColumn)
            return QString(text(*f, MessageColumn) + QStringLiteral("\n\n") + f->rule +
                           QStringLiteral(": ") + f->threshold);
        return index.column() == SeverityColumn ? QVariant() : text(*f, index.column());
    case Qt::ForegroundRole:
        return index.column() == SeverityColumn ? QVariant(colourOf(*f)) : QVariant();
    default:
        return {};
    }
}

QVariant FindingsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char* const kTitles[] = {"Severity", "Code", "Message", "Objects"};
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(kTitles[section])
                                                 : QVariant();
}

} // namespace cds::views
