# The power chain (model/PowerChain.h): its graph (PowerTopology), the load on each element in
# normal operation and with any one element failed (PowerFlow: the whole chain's flow in
# LoadFlow, each failure re-flowing only what it can change in FailureFlow), and the chain a
# generated design gets from its scheme and its racks' loads (PowerChainBuilder), which racks an
# 800 V DC chain feeds (DcFeed.h), each campus hall's share of the utility (HallPower), and the
# floor a power rack takes and a free place for one beside its racks (PowerRackFloor).
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/PowerTopology.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerTopology.h
  ${CMAKE_CURRENT_LIST_DIR}/LoadFlow.cpp ${CMAKE_CURRENT_LIST_DIR}/LoadFlow.h
  ${CMAKE_CURRENT_LIST_DIR}/FailureFlow.cpp ${CMAKE_CURRENT_LIST_DIR}/FailureFlow.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerFlow.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerFlow.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerChainBuilder.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerChainBuilder.h
  ${CMAKE_CURRENT_LIST_DIR}/HallPower.cpp ${CMAKE_CURRENT_LIST_DIR}/HallPower.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerRackFloor.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerRackFloor.h
  ${CMAKE_CURRENT_LIST_DIR}/DcFeed.h
)
