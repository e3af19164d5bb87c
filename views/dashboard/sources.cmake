# The live dashboard: charts over cds::ChartModel, the what-if sweep and the scenario panel.
target_sources(cds_views PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/QCustomPlotInclude.h
  ${CMAKE_CURRENT_LIST_DIR}/ChartExport.cpp ${CMAKE_CURRENT_LIST_DIR}/ChartExport.h
  ${CMAKE_CURRENT_LIST_DIR}/DashboardFormat.cpp ${CMAKE_CURRENT_LIST_DIR}/DashboardFormat.h
  ${CMAKE_CURRENT_LIST_DIR}/ChartStyle.cpp ${CMAKE_CURRENT_LIST_DIR}/ChartStyle.h
  ${CMAKE_CURRENT_LIST_DIR}/CostBreakdownChart.cpp ${CMAKE_CURRENT_LIST_DIR}/CostBreakdownChart.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerBarsChart.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerBarsChart.h
  ${CMAKE_CURRENT_LIST_DIR}/BandwidthPanel.cpp ${CMAKE_CURRENT_LIST_DIR}/BandwidthPanel.h
  ${CMAKE_CURRENT_LIST_DIR}/OpticsChart.cpp ${CMAKE_CURRENT_LIST_DIR}/OpticsChart.h
  ${CMAKE_CURRENT_LIST_DIR}/HallsChart.cpp ${CMAKE_CURRENT_LIST_DIR}/HallsChart.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerChainChart.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerChainChart.h
  ${CMAKE_CURRENT_LIST_DIR}/PhaseTimelineChart.cpp ${CMAKE_CURRENT_LIST_DIR}/PhaseTimelineChart.h
  ${CMAKE_CURRENT_LIST_DIR}/SweepChart.cpp ${CMAKE_CURRENT_LIST_DIR}/SweepChart.h
  ${CMAKE_CURRENT_LIST_DIR}/ScenarioPanel.cpp ${CMAKE_CURRENT_LIST_DIR}/ScenarioPanel.h
  ${CMAKE_CURRENT_LIST_DIR}/DashboardWidget.cpp ${CMAKE_CURRENT_LIST_DIR}/DashboardWidget.h
  ${CMAKE_CURRENT_LIST_DIR}/ReportCharts.cpp ${CMAKE_CURRENT_LIST_DIR}/ReportCharts.h
)
