# The one analysis: derived cable data, findings, metrics, BOM and rack power, live or in full.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Analysis.cpp ${CMAKE_CURRENT_LIST_DIR}/Analysis.h
  ${CMAKE_CURRENT_LIST_DIR}/LiveAnalysis.cpp ${CMAKE_CURRENT_LIST_DIR}/LiveAnalysis.h
  ${CMAKE_CURRENT_LIST_DIR}/RackPower.cpp ${CMAKE_CURRENT_LIST_DIR}/RackPower.h
)
