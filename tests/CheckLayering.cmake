cmake_minimum_required(VERSION 3.25)
# Fails if any file under model/ includes QtGui/QtWidgets headers or anything from views/ or app/.
file(GLOB_RECURSE sources "${ROOT}/model/*.h" "${ROOT}/model/*.cpp")
set(bad "")
foreach(f ${sources})
  file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include")
  foreach(l ${lines})
    if(l MATCHES "<(QtGui|QtWidgets|QtCharts|QtSvg|QtPrintSupport)/" OR
       l MATCHES "<Q(Widget|Application|GuiApplication|Painter|Pixmap|Image|Color|Font|MainWindow|Graphics[A-Za-z]*|Undo[A-Za-z]*|Action|Pen|Brush)>" OR
       l MATCHES "\"(views|app)/" OR l MATCHES "qcustomplot")
      string(APPEND bad "${f}: ${l}\n")
    endif()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "model/ must not depend on GUI, widgets, views/ or app/:\n${bad}")
endif()
list(LENGTH sources n)
message(STATUS "layering ok: ${n} files under model/")

# The allowed include directions between folders inside model/ and views/. A folder may
# include its own files and the folders listed after it; anything else fails, so the order
# cannot erode silently. Read "A: B C" as "A may include B and C".
#   model root (document, catalog, files, BOM, metrics) sits at the bottom with json/;
#   fabric/ is the engine; rules/ judge; analysis/ runs them; scenarios/ and export/ consume.
#   In views/, floorplan/ and tools/ are one canvas (the view owns its tools).
set(allowed
  "model: model/json"
  "model/json: model"
  "model/edits: model"
  "model/fabric: model"
  "model/rules: model model/fabric"
  "model/rules/fabric: model model/rules model/fabric"
  "model/analysis: model model/rules model/fabric"
  "model/scenarios: model model/analysis model/edits model/fabric"
  "model/export: model model/json model/rules model/fabric model/analysis"
  "model/advisor: model model/json model/fabric model/analysis"
  "views: model model/rules model/analysis"
  "views/render: model model/fabric"
  "views/floorplan: views views/tools views/render model model/analysis model/rules model/fabric"
  "views/tools: views views/floorplan model model/edits"
  "views/elevation: views views/floorplan model"
  "views/panels: views views/floorplan model model/analysis model/rules model/export model/advisor model/fabric"
  "views/report: views/render model model/analysis model/rules model/export"
  "views/dashboard: views/report model model/analysis model/scenarios model/edits model/fabric"
)
set(known "")
foreach(entry ${allowed})
  string(REGEX MATCH "^[^:]+" folder "${entry}")
  string(REGEX REPLACE "^[^:]+: *" "" deps "${entry}")
  string(REPLACE " " ";" deps "${deps}")
  string(REPLACE "/" "_" key "${folder}")
  set(allow_${key} ${folder} ${deps})
  list(APPEND known ${folder})
endforeach()
file(GLOB_RECURSE layered "${ROOT}/model/*.h" "${ROOT}/model/*.cpp" "${ROOT}/views/*.h" "${ROOT}/views/*.cpp")
set(bad "")
foreach(f ${layered})
  get_filename_component(dir "${f}" DIRECTORY)
  file(RELATIVE_PATH from "${ROOT}" "${dir}")
  if(NOT from IN_LIST known)
    string(APPEND bad "${f}: folder ${from} has no row in the layering table\n")
    continue()
  endif()
  string(REPLACE "/" "_" key "${from}")
  file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(l ${lines})
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" inc "${l}")
    get_filename_component(target "${inc}" ABSOLUTE BASE_DIR "${dir}")
    if(NOT EXISTS "${target}")
      get_filename_component(target "${inc}" ABSOLUTE BASE_DIR "${ROOT}")
    endif()
    if(NOT EXISTS "${target}")
      continue() # a generated or system header
    endif()
    get_filename_component(tdir "${target}" DIRECTORY)
    file(RELATIVE_PATH to "${ROOT}" "${tdir}")
    if(NOT to IN_LIST allow_${key})
      string(APPEND bad "${f}: ${from} may not include ${to} (${inc})\n")
    endif()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "include outside the layering table (tests/CheckLayering.cmake):\n${bad}")
endif()
list(LENGTH layered n)
message(STATUS "layering table ok: ${n} files under model/ and views/")
