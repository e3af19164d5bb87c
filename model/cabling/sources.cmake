# Physical cabling: routing each cable over the trays, the tray graph and its fill, the
# medium chosen for a run, a cable's parts, and the route map the drawings share.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CableInspection.cpp ${CMAKE_CURRENT_LIST_DIR}/CableInspection.h
  ${CMAKE_CURRENT_LIST_DIR}/CableParts.cpp ${CMAKE_CURRENT_LIST_DIR}/CableParts.h
  ${CMAKE_CURRENT_LIST_DIR}/CableRouteMap.cpp ${CMAKE_CURRENT_LIST_DIR}/CableRouteMap.h
  ${CMAKE_CURRENT_LIST_DIR}/CableRouting.cpp ${CMAKE_CURRENT_LIST_DIR}/CableRouting.h
  ${CMAKE_CURRENT_LIST_DIR}/MediaChooser.cpp ${CMAKE_CURRENT_LIST_DIR}/MediaChooser.h
  ${CMAKE_CURRENT_LIST_DIR}/PlanGrid.cpp ${CMAKE_CURRENT_LIST_DIR}/PlanGrid.h
  ${CMAKE_CURRENT_LIST_DIR}/TrayChange.cpp ${CMAKE_CURRENT_LIST_DIR}/TrayChange.h
  ${CMAKE_CURRENT_LIST_DIR}/TrayFill.cpp ${CMAKE_CURRENT_LIST_DIR}/TrayFill.h
  ${CMAKE_CURRENT_LIST_DIR}/TrayGraph.cpp ${CMAKE_CURRENT_LIST_DIR}/TrayGraph.h
)
