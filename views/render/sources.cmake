# Static QPainter renderers (floorplan, rack elevations, fabric diagram, print charts) and
# the SVG/PNG drawing export. Used by the PDF report, presentation mode and the CLI.
target_sources(cds_views PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/RenderStyle.cpp ${CMAKE_CURRENT_LIST_DIR}/RenderStyle.h
  ${CMAKE_CURRENT_LIST_DIR}/CableStyle.cpp ${CMAKE_CURRENT_LIST_DIR}/CableStyle.h
  ${CMAKE_CURRENT_LIST_DIR}/CableLayer.cpp ${CMAKE_CURRENT_LIST_DIR}/CableLayer.h
  ${CMAKE_CURRENT_LIST_DIR}/RackLabel.cpp ${CMAKE_CURRENT_LIST_DIR}/RackLabel.h
  ${CMAKE_CURRENT_LIST_DIR}/Occupancy.h
  ${CMAKE_CURRENT_LIST_DIR}/TitleBlock.cpp ${CMAKE_CURRENT_LIST_DIR}/TitleBlock.h
  ${CMAKE_CURRENT_LIST_DIR}/FloorplanRenderer.cpp ${CMAKE_CURRENT_LIST_DIR}/FloorplanRenderer.h
  ${CMAKE_CURRENT_LIST_DIR}/ElevationRenderer.cpp ${CMAKE_CURRENT_LIST_DIR}/ElevationRenderer.h
  ${CMAKE_CURRENT_LIST_DIR}/FabricDiagramRenderer.cpp ${CMAKE_CURRENT_LIST_DIR}/FabricDiagramRenderer.h
  ${CMAKE_CURRENT_LIST_DIR}/ChartPainter.cpp ${CMAKE_CURRENT_LIST_DIR}/ChartPainter.h
  ${CMAKE_CURRENT_LIST_DIR}/DrawingExport.cpp ${CMAKE_CURRENT_LIST_DIR}/DrawingExport.h
  ${CMAKE_CURRENT_LIST_DIR}/NaturalOrder.cpp ${CMAKE_CURRENT_LIST_DIR}/NaturalOrder.h
  ${CMAKE_CURRENT_LIST_DIR}/RacksDrawing.cpp ${CMAKE_CURRENT_LIST_DIR}/RacksDrawing.h
)
