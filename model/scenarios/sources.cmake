# Dashboard figures and scenarios: chart model, all-reduce estimate, what-if sweep, comparison.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ChartModel.cpp ${CMAKE_CURRENT_LIST_DIR}/ChartModel.h
  ${CMAKE_CURRENT_LIST_DIR}/Sweep.cpp ${CMAKE_CURRENT_LIST_DIR}/Sweep.h
  ${CMAKE_CURRENT_LIST_DIR}/SweepRunner.cpp ${CMAKE_CURRENT_LIST_DIR}/SweepRunner.h
  ${CMAKE_CURRENT_LIST_DIR}/ScenarioComparison.cpp ${CMAKE_CURRENT_LIST_DIR}/ScenarioComparison.h
  ${CMAKE_CURRENT_LIST_DIR}/ScenarioEdit.cpp ${CMAKE_CURRENT_LIST_DIR}/ScenarioEdit.h
)
