# The power chain's one-line diagram: its layout and painter (the studio's view and the
# report's page share them), the scene, its items and the view.
target_sources(cds_views PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/PowerDiagramLayout.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerDiagramLayout.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerDiagramPainter.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerDiagramPainter.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerItems.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerItems.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerScene.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerScene.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerView.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerView.h
)
