# Exporters that need no GUI (BOM, stats, cabling schedule, NetBox, Slurm, Kubernetes, monitoring, XLSX).
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Csv.h
  ${CMAKE_CURRENT_LIST_DIR}/Reports.cpp ${CMAKE_CURRENT_LIST_DIR}/Reports.h
  ${CMAKE_CURRENT_LIST_DIR}/FailureDomains.cpp ${CMAKE_CURRENT_LIST_DIR}/FailureDomains.h
  ${CMAKE_CURRENT_LIST_DIR}/CablingSchedule.cpp ${CMAKE_CURRENT_LIST_DIR}/CablingSchedule.h
  ${CMAKE_CURRENT_LIST_DIR}/NetBoxExport.cpp ${CMAKE_CURRENT_LIST_DIR}/NetBoxExport.h
  ${CMAKE_CURRENT_LIST_DIR}/NetBoxChoices.cpp ${CMAKE_CURRENT_LIST_DIR}/NetBoxChoices.h
  ${CMAKE_CURRENT_LIST_DIR}/NetBoxLibrary.cpp ${CMAKE_CURRENT_LIST_DIR}/NetBoxLibrary.h
  ${CMAKE_CURRENT_LIST_DIR}/NetBoxPower.cpp ${CMAKE_CURRENT_LIST_DIR}/NetBoxPower.h
  ${CMAKE_CURRENT_LIST_DIR}/NetBoxIpam.cpp ${CMAKE_CURRENT_LIST_DIR}/NetBoxIpam.h
  ${CMAKE_CURRENT_LIST_DIR}/SlurmTopology.cpp ${CMAKE_CURRENT_LIST_DIR}/SlurmTopology.h
  ${CMAKE_CURRENT_LIST_DIR}/SlurmTopologyYaml.cpp ${CMAKE_CURRENT_LIST_DIR}/SlurmTopologyYaml.h
  ${CMAKE_CURRENT_LIST_DIR}/KubernetesExport.cpp ${CMAKE_CURRENT_LIST_DIR}/KubernetesExport.h
  ${CMAKE_CURRENT_LIST_DIR}/MonitoringExport.cpp ${CMAKE_CURRENT_LIST_DIR}/MonitoringExport.h
  ${CMAKE_CURRENT_LIST_DIR}/IpPlanExport.cpp ${CMAKE_CURRENT_LIST_DIR}/IpPlanExport.h
  ${CMAKE_CURRENT_LIST_DIR}/BuildPlanExport.cpp ${CMAKE_CURRENT_LIST_DIR}/BuildPlanExport.h
  ${CMAKE_CURRENT_LIST_DIR}/BomXlsx.cpp ${CMAKE_CURRENT_LIST_DIR}/BomXlsx.h
)
# Real XLSX through libxlsxwriter (a C library; no GUI dependency).
find_package(PkgConfig REQUIRED)
pkg_check_modules(XLSXWRITER REQUIRED IMPORTED_TARGET xlsxwriter)
target_link_libraries(cds_model PRIVATE PkgConfig::XLSXWRITER)
# The customer's HTML deliverable: its page is built into the library as a string.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/HtmlDeliverable.cpp ${CMAKE_CURRENT_LIST_DIR}/HtmlDeliverable.h
  ${CMAKE_CURRENT_LIST_DIR}/HtmlTemplate.h ${CMAKE_CURRENT_BINARY_DIR}/export/HtmlTemplate.cpp)
file(READ ${CMAKE_CURRENT_LIST_DIR}/html/deliverable.html CDS_HTML_PAGE)
configure_file(${CMAKE_CURRENT_LIST_DIR}/html/HtmlTemplate.cpp.in
               ${CMAKE_CURRENT_BINARY_DIR}/export/HtmlTemplate.cpp @ONLY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${CMAKE_CURRENT_LIST_DIR}/html/deliverable.html)
