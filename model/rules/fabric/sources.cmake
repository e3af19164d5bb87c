# The fabric rules: ports, oversubscription, wiring balance, rails, hops, cable reach and the
# medium of links between halls.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/FabricRules.cpp ${CMAKE_CURRENT_LIST_DIR}/FabricRules.h
  ${CMAKE_CURRENT_LIST_DIR}/PortUseRule.cpp ${CMAKE_CURRENT_LIST_DIR}/PortMismatchRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PortExhaustionRule.cpp ${CMAKE_CURRENT_LIST_DIR}/OversubscriptionRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/WiringBalanceRule.cpp ${CMAKE_CURRENT_LIST_DIR}/RailAlignmentRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HopCountRule.cpp ${CMAKE_CURRENT_LIST_DIR}/CableReachRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InterHallMediaRule.cpp ${CMAKE_CURRENT_LIST_DIR}/PathwayRule.cpp
)
