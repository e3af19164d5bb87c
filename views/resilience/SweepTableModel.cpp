#include "SweepTableModel.h"

#include <QLocale>

namespace cds::views {

void SweepTableModel::setRows(std::vector<SweepRow> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int SweepTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SweepTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SweepTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || std::size_t(index.row()) >= m_rows.size())
        return {};
    const SweepRow& r = m_rows[std::size_t(index.row())];
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    auto number = [&](double v) -> QVariant {
        if (role == Qt::UserRole)
            return v;
        return en.toString(v, 'f', 0);
    };
    if (role == Qt::TextAlignmentRole)
        return index.column() == Element || index.column() == Kind
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::UserRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Rank:
        return number(index.row() + 1);
    case Element:
        return r.element;
    case Kind:
        return r.kind;
    case GpusLost:
        return number(r.gpusLost);
    case GpusDegraded:
        return number(r.gpusDegraded);
    case RacksDown:
        return number(r.racksDown);
    case Domains:
        return number(r.domainsBroken);
    case Bisection:
        return role == Qt::UserRole ? QVariant(r.bisectionAfterTbps)
                                    : QVariant(en.toString(r.bisectionAfterTbps, 'f', 1));
    case LargestJob:
        return number(r.largestJobGpus);
    default:
        return {};
    }
}

QVariant SweepTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal)
        return {};
    static const char* const names[ColumnCount] = {
        "#",          "Element",        "Kind",           "GPUs lost",  "Degraded",
        "Racks down", "NVLink domains", "Bisection Tb/s", "Largest job"};
    static const char* const tips[ColumnCount] = {
        "Rank: worst first (GPUs lost, then degraded, then bisection lost)",
        "The element failed alone, as `impact --fail` names it",
        "Its kind in the N-1 sweep",
        "GPUs with no power, no cooling, or whose server or rack failed",
        "GPUs running with a rail or plane lost",
        "Racks with no live feed or no cooling",
        "NVLink domains broken",
        "Compute bisection bandwidth left",
        "The largest job still connected at the design's oversubscription"};
    if (section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole)
        return QString::fromLatin1(names[section]);
    if (role == Qt::ToolTipRole)
        return QString::fromLatin1(tips[section]);
    return {};
}

} // namespace cds::views
