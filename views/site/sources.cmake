# The studio's site plan (issue #31): the halls of a campus to scale with the bundles of links
# between them; a hall clicked opens in the floorplan.
target_sources(cds_views PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/SitePlan.cpp ${CMAKE_CURRENT_LIST_DIR}/SitePlan.h
  ${CMAKE_CURRENT_LIST_DIR}/SiteView.cpp ${CMAKE_CURRENT_LIST_DIR}/SiteView.h
)
