# Fabric engine sources (generation, routing, fabric rules, fabric metrics).
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CableRouting.cpp ${CMAKE_CURRENT_LIST_DIR}/CableRouting.h
  ${CMAKE_CURRENT_LIST_DIR}/FabricBuilder.cpp ${CMAKE_CURRENT_LIST_DIR}/FabricBuilder.h
  ${CMAKE_CURRENT_LIST_DIR}/FabricGraph.cpp ${CMAKE_CURRENT_LIST_DIR}/FabricGraph.h
  ${CMAKE_CURRENT_LIST_DIR}/FabricRules.cpp ${CMAKE_CURRENT_LIST_DIR}/FabricRules.h
  ${CMAKE_CURRENT_LIST_DIR}/PortUseRule.cpp ${CMAKE_CURRENT_LIST_DIR}/PortMismatchRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PortExhaustionRule.cpp ${CMAKE_CURRENT_LIST_DIR}/OversubscriptionRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/WiringBalanceRule.cpp ${CMAKE_CURRENT_LIST_DIR}/RailAlignmentRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HopCountRule.cpp ${CMAKE_CURRENT_LIST_DIR}/CableReachRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FatTreePlan.cpp ${CMAKE_CURRENT_LIST_DIR}/FatTreePlan.h
  ${CMAKE_CURRENT_LIST_DIR}/Generator.cpp ${CMAKE_CURRENT_LIST_DIR}/Generator.h
  ${CMAKE_CURRENT_LIST_DIR}/MediaChooser.cpp ${CMAKE_CURRENT_LIST_DIR}/MediaChooser.h
  ${CMAKE_CURRENT_LIST_DIR}/Placement.cpp ${CMAKE_CURRENT_LIST_DIR}/Placement.h
  ${CMAKE_CURRENT_LIST_DIR}/PortTable.cpp ${CMAKE_CURRENT_LIST_DIR}/PortTable.h
)
