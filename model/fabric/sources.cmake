# Fabric engine sources (generation, routing, fabric rules, fabric metrics).
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CableRouting.cpp ${CMAKE_CURRENT_LIST_DIR}/CableRouting.h
  ${CMAKE_CURRENT_LIST_DIR}/FabricRules.cpp
)
