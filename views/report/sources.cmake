# The customer report (PDF) and presentation mode, built on views/render.
target_sources(cds_views PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ReportContent.cpp ${CMAKE_CURRENT_LIST_DIR}/ReportContent.h
  ${CMAKE_CURRENT_LIST_DIR}/ReportTables.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportTable.cpp ${CMAKE_CURRENT_LIST_DIR}/ReportTable.h
  ${CMAKE_CURRENT_LIST_DIR}/RackGroups.cpp ${CMAKE_CURRENT_LIST_DIR}/RackGroups.h
  ${CMAKE_CURRENT_LIST_DIR}/FloorplanSheets.cpp ${CMAKE_CURRENT_LIST_DIR}/FloorplanSheets.h
  ${CMAKE_CURRENT_LIST_DIR}/PowerChainPages.cpp ${CMAKE_CURRENT_LIST_DIR}/PowerChainPages.h
  ${CMAKE_CURRENT_LIST_DIR}/FailurePages.cpp ${CMAKE_CURRENT_LIST_DIR}/FailurePages.h
  ${CMAKE_CURRENT_LIST_DIR}/BuildPlanPages.cpp ${CMAKE_CURRENT_LIST_DIR}/BuildPlanPages.h
  ${CMAKE_CURRENT_LIST_DIR}/SitePages.cpp ${CMAKE_CURRENT_LIST_DIR}/SitePages.h
  ${CMAKE_CURRENT_LIST_DIR}/PdfReport.cpp ${CMAKE_CURRENT_LIST_DIR}/PdfReport.h
  ${CMAKE_CURRENT_LIST_DIR}/PresentationView.cpp ${CMAKE_CURRENT_LIST_DIR}/PresentationView.h
)
