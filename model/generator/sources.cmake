# The cluster generator, one file per phase, run in order by Generator.cpp: plan (PlanPhase:
# parameters and fabric sizing), the compute fabric (ComputePhase), the other networks and
# support gear (NetworksPhase; PodHalls: on a campus, each hall's whole pods with their
# spines), place (Placement: racks on the floor; Campus: the halls), facility (Facility:
# PDUs, rear doors, CDUs), the power chain (PowerPhase: model/power's builder; PowerRackPlacement:
# its power racks on the floor), pathways (PathwayLayout: the trays), then routing
# (model/cabling).
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Facility.cpp ${CMAKE_CURRENT_LIST_DIR}/Facility.h
  ${CMAKE_CURRENT_LIST_DIR}/Generator.cpp ${CMAKE_CURRENT_LIST_DIR}/Generator.h
  ${CMAKE_CURRENT_LIST_DIR}/Generation.h
  ${CMAKE_CURRENT_LIST_DIR}/PlanPhase.cpp ${CMAKE_CURRENT_LIST_DIR}/ComputePhase.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NetworksPhase.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerPhase.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PowerRackPlacement.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PathwayLayout.cpp ${CMAKE_CURRENT_LIST_DIR}/PathwayLayout.h
  ${CMAKE_CURRENT_LIST_DIR}/Placement.cpp ${CMAKE_CURRENT_LIST_DIR}/Placement.h
  ${CMAKE_CURRENT_LIST_DIR}/Campus.cpp ${CMAKE_CURRENT_LIST_DIR}/HallBudget.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PodHalls.cpp
)
