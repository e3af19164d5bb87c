# The figures derived from a design: its bill of materials and its metrics (power, cooling,
# cost, fabric bandwidth), each part of the metrics filled by its own contributor.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Bom.cpp ${CMAKE_CURRENT_LIST_DIR}/Bom.h
  ${CMAKE_CURRENT_LIST_DIR}/Metrics.cpp ${CMAKE_CURRENT_LIST_DIR}/Metrics.h
  ${CMAKE_CURRENT_LIST_DIR}/RackRoles.h
  ${CMAKE_CURRENT_LIST_DIR}/MetricContributor.h
  ${CMAKE_CURRENT_LIST_DIR}/InventoryMetrics.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerCoolingMetrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FabricMetrics.cpp
)
