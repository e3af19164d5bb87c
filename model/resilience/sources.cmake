# Failure domains: the failure and dependency graph derived from a design, the impact of a
# failure, the N-1 sweep, expected interruptions and goodput, and the resilience rules.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/FailureModel.cpp ${CMAKE_CURRENT_LIST_DIR}/FailureModel.h
  ${CMAKE_CURRENT_LIST_DIR}/FailureNames.cpp
  ${CMAKE_CURRENT_LIST_DIR}/UpstreamPower.cpp ${CMAKE_CURRENT_LIST_DIR}/UpstreamPower.h
  ${CMAKE_CURRENT_LIST_DIR}/Impact.cpp ${CMAKE_CURRENT_LIST_DIR}/Impact.h
  ${CMAKE_CURRENT_LIST_DIR}/Loss.cpp ${CMAKE_CURRENT_LIST_DIR}/Loss.h
  ${CMAKE_CURRENT_LIST_DIR}/RackState.h
  ${CMAKE_CURRENT_LIST_DIR}/Sweep.cpp ${CMAKE_CURRENT_LIST_DIR}/Sweep.h
  ${CMAKE_CURRENT_LIST_DIR}/BlastRadius.cpp ${CMAKE_CURRENT_LIST_DIR}/BlastRadius.h
  ${CMAKE_CURRENT_LIST_DIR}/Reliability.cpp ${CMAKE_CURRENT_LIST_DIR}/Reliability.h
  ${CMAKE_CURRENT_LIST_DIR}/ResilienceRules.cpp
)
