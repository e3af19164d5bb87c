# A site of halls (issue #31): which hall a rack stands in, links between halls, each hall's load,
# the floor space its racks and power racks take (FloorSpace), and what moves with a hall.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Site.cpp ${CMAKE_CURRENT_LIST_DIR}/Site.h
  ${CMAKE_CURRENT_LIST_DIR}/HallLoads.cpp ${CMAKE_CURRENT_LIST_DIR}/HallLoads.h
  ${CMAKE_CURRENT_LIST_DIR}/FloorSpace.cpp ${CMAKE_CURRENT_LIST_DIR}/FloorSpace.h
  ${CMAKE_CURRENT_LIST_DIR}/HallMove.cpp ${CMAKE_CURRENT_LIST_DIR}/HallMove.h
)
