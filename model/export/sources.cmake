# Exporters that need no GUI (BOM, stats, cabling schedule, NetBox, Slurm, XLSX).
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Csv.h
  ${CMAKE_CURRENT_LIST_DIR}/Reports.cpp ${CMAKE_CURRENT_LIST_DIR}/Reports.h
)
