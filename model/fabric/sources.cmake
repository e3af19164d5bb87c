# The logical fabric: the fat-tree arithmetic, building switch tiers and links, the fabric
# graph and the all-reduce estimate. Its rules live in model/rules/fabric; the cables that
# realise it are model/cabling, the generator that lays it out model/generator.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AllReduce.cpp ${CMAKE_CURRENT_LIST_DIR}/AllReduce.h
  ${CMAKE_CURRENT_LIST_DIR}/FabricBuilder.cpp ${CMAKE_CURRENT_LIST_DIR}/FabricBuilder.h
  ${CMAKE_CURRENT_LIST_DIR}/FabricGraph.cpp ${CMAKE_CURRENT_LIST_DIR}/FabricGraph.h
  ${CMAKE_CURRENT_LIST_DIR}/FatTreePlan.cpp ${CMAKE_CURRENT_LIST_DIR}/FatTreePlan.h
)
