# The Failures panel ("What if this fails?"): an impact's figures and the sortable N-1 table.
target_sources(cds_views PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ImpactPanel.cpp ${CMAKE_CURRENT_LIST_DIR}/ImpactPanel.h
  ${CMAKE_CURRENT_LIST_DIR}/SweepTableModel.cpp ${CMAKE_CURRENT_LIST_DIR}/SweepTableModel.h
)
