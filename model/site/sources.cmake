# A site of halls (issue #31): which hall a rack stands in, links between halls.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Site.cpp ${CMAKE_CURRENT_LIST_DIR}/Site.h
)
