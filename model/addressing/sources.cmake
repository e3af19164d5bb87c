# The IP plan (model/addressing): /31s on routed fabric links, loopbacks and ASNs for routed
# switches, a management and a BMC subnet per rack, from the design's address pools.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AddressPlan.cpp ${CMAKE_CURRENT_LIST_DIR}/AddressPlan.h
)
