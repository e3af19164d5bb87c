# Fabric engine sources (generation, routing, fabric graph, all-reduce). Its rules live in
# model/rules/fabric.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AllReduce.cpp ${CMAKE_CURRENT_LIST_DIR}/AllReduce.h
  ${CMAKE_CURRENT_LIST_DIR}/CableRouting.cpp ${CMAKE_CURRENT_LIST_DIR}/CableRouting.h
  ${CMAKE_CURRENT_LIST_DIR}/CableRoute.cpp ${CMAKE_CURRENT_LIST_DIR}/CableRoute.h
  ${CMAKE_CURRENT_LIST_DIR}/CableRoutes.cpp ${CMAKE_CURRENT_LIST_DIR}/CableRoutes.h
  ${CMAKE_CURRENT_LIST_DIR}/FabricBuilder.cpp ${CMAKE_CURRENT_LIST_DIR}/FabricBuilder.h
  ${CMAKE_CURRENT_LIST_DIR}/Facility.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FabricGraph.cpp ${CMAKE_CURRENT_LIST_DIR}/FabricGraph.h
  ${CMAKE_CURRENT_LIST_DIR}/FatTreePlan.cpp ${CMAKE_CURRENT_LIST_DIR}/FatTreePlan.h
  ${CMAKE_CURRENT_LIST_DIR}/Generator.cpp ${CMAKE_CURRENT_LIST_DIR}/Generator.h
  ${CMAKE_CURRENT_LIST_DIR}/MediaChooser.cpp ${CMAKE_CURRENT_LIST_DIR}/MediaChooser.h
  ${CMAKE_CURRENT_LIST_DIR}/PathwayLayout.cpp ${CMAKE_CURRENT_LIST_DIR}/PathwayLayout.h
  ${CMAKE_CURRENT_LIST_DIR}/Placement.cpp ${CMAKE_CURRENT_LIST_DIR}/Placement.h
  ${CMAKE_CURRENT_LIST_DIR}/TrayFill.cpp ${CMAKE_CURRENT_LIST_DIR}/TrayFill.h
  ${CMAKE_CURRENT_LIST_DIR}/TrayGraph.cpp ${CMAKE_CURRENT_LIST_DIR}/TrayGraph.h
)
