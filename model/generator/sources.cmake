# The cluster generator, one file per phase: plan (Generator: parameters and fabric sizing),
# place (Placement: racks on the floor), facility (Facility: PDUs, rear doors), pathways
# (PathwayLayout: the trays), then routing through model/cabling.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Facility.cpp ${CMAKE_CURRENT_LIST_DIR}/Facility.h
  ${CMAKE_CURRENT_LIST_DIR}/Generator.cpp ${CMAKE_CURRENT_LIST_DIR}/Generator.h
  ${CMAKE_CURRENT_LIST_DIR}/PathwayLayout.cpp ${CMAKE_CURRENT_LIST_DIR}/PathwayLayout.h
  ${CMAKE_CURRENT_LIST_DIR}/Placement.cpp ${CMAKE_CURRENT_LIST_DIR}/Placement.h
)
