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

# The allowed include directions between folders inside model/, views/ and app/. A folder may
# include its own files and the folders listed after it; anything else fails, so the order
# cannot erode silently. Read "A: B C" as "A may include B and C". No folder of model/ may
# reach itself again through these rows (the layering test checks that too).
#   model root: the document (design data, catalog types, ids, units, geometry), at the bottom;
#   json/: files in and out (design file, journal, catalog files);
#   cabling/: the physical cable (routing over trays, tray fill, media, cable parts);
#   metrics/: the figures derived from a design (BOM, power, cost, bandwidth);
#   fabric/: the logical fabric and its algebra; generator/: plan, place, wire, route;
#   rules/ judge; analysis/ runs them; edits/ are the user's operations;
#   scenarios/, export/ and advisor/ consume; addressing/ is the IP plan the exports write;
#   phases/ the build plan (what each build phase installs, costs and must order by when).
#   power/, site/ and resilience/ are the rooms the next concepts take (power chain, several
#   halls, failure domains); their rows are here before their first file. edits/ reach site/
#   to move a campus hall with what stands in it (HallMove), and power/ to build a chain with
#   the generator's builder and find a power rack its place (PowerRackFloor). resilience/ reads
#   model/json for the catalog folders' failure rates when a design's catalog has none.
#   In views/, floorplan/ and tools/ are one canvas (the view owns its tools); power/ is the
#   power chain's one-line diagram (the studio's view and the report's page share it); the floorplan reads model/power to light the racks an element feeds;
#   resilience/ is the Failures panel (an impact's figures, the N-1 table); site/ is the site
#   plan of a campus's halls and the bundles between them (model/site's figures); the views root
#   holds FailureHighlight, the failure shown, which the floorplan and elevation colour by, and
#   RefreshWhenShown, the work a page or dock does only while seen (dashboard, panels).
#   app/ wires them: the studio and the CLI share app/export (the export table) and the app
#   root (the heap); neither reaches into the other.
set(allowed
  "model:"
  "model/json: model"
  "model/edits: model model/site model/power"
  "model/cabling: model"
  "model/site: model model/metrics"
  "model/addressing: model"
  "model/phases: model model/metrics model/cabling"
  "model/metrics: model model/cabling"
  "model/power: model model/site model/metrics"
  "model/fabric: model model/metrics"
  "model/generator: model model/cabling model/fabric model/metrics model/power model/site model/phases"
  "model/rules: model model/fabric model/metrics model/power model/site"
  "model/rules/fabric: model model/rules model/fabric model/cabling model/metrics"
  "model/analysis: model model/rules model/fabric model/cabling model/metrics model/power model/site"
  "model/resilience: model model/json model/rules model/fabric model/cabling model/metrics model/power model/site model/analysis"
  "model/scenarios: model model/analysis model/edits model/fabric model/generator model/metrics"
  "model/export: model model/json model/rules model/fabric model/cabling model/metrics model/analysis model/power model/site model/resilience model/addressing model/phases model/advisor"
  "model/advisor: model model/json model/fabric model/generator model/metrics model/analysis model/resilience model/phases"
  "views: model model/rules model/analysis"
  "views/render: model model/fabric model/cabling model/metrics"
  "views/floorplan: views views/tools views/render model model/analysis model/rules model/fabric model/cabling model/metrics model/power"
  "views/tools: views views/floorplan model model/edits"
  "views/elevation: views views/floorplan model"
  "views/panels: views views/floorplan model model/analysis model/rules model/export model/advisor model/fabric model/cabling model/metrics"
  "views/power: views views/render model model/analysis model/power model/metrics"
  "views/resilience: views model model/resilience"
  "views/site: views views/render model model/analysis model/site"
  "views/report: views/render views/power model model/analysis model/rules model/export model/metrics model/phases model/advisor model/site model/resilience"
  "views/dashboard: views views/report model model/analysis model/scenarios model/edits model/fabric model/generator model/metrics model/json model/phases model/advisor model/site"
  "app: model"
  "app/export: model model/export model/metrics views/dashboard views/render"
  "app/cli: app app/export model model/phases model/advisor model/resilience model/analysis model/edits model/export model/fabric model/cabling model/generator model/json model/metrics model/power model/rules model/scenarios"
  "app/studio: app app/export model model/addressing model/analysis model/resilience model/edits model/fabric model/cabling model/generator model/json model/metrics model/rules views views/dashboard views/elevation views/floorplan views/panels views/power views/report views/resilience views/site views/tools"
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
# No folder of model/ reaches itself through the rows: the model's folders form no cycle.
foreach(folder ${known})
  if(NOT folder MATCHES "^model")
    continue()
  endif()
  string(REPLACE "/" "_" key "${folder}")
  set(frontier ${allow_${key}})
  list(REMOVE_ITEM frontier ${folder})
  set(seen "")
  while(frontier)
    list(POP_FRONT frontier next)
    if(next STREQUAL folder)
      message(FATAL_ERROR "layering table: ${folder} reaches itself through its rows (a folder cycle)")
    endif()
    if(next IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${next})
    string(REPLACE "/" "_" nkey "${next}")
    set(more ${allow_${nkey}})
    list(REMOVE_ITEM more ${next})
    list(APPEND frontier ${more})
  endwhile()
endforeach()
file(GLOB_RECURSE layered "${ROOT}/model/*.h" "${ROOT}/model/*.cpp" "${ROOT}/views/*.h" "${ROOT}/views/*.cpp"
     "${ROOT}/app/*.h" "${ROOT}/app/*.cpp")
# Within app/, a header and its .cpp are one unit: the units' includes must form no cycle.
set(app_units "")
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
    # Relative to the file, else to the root, else to app/ (the app's include directory).
    get_filename_component(target "${inc}" ABSOLUTE BASE_DIR "${dir}")
    if(NOT EXISTS "${target}")
      get_filename_component(target "${inc}" ABSOLUTE BASE_DIR "${ROOT}")
    endif()
    if(NOT EXISTS "${target}" AND from MATCHES "^app")
      get_filename_component(target "${inc}" ABSOLUTE BASE_DIR "${ROOT}/app")
    endif()
    if(NOT EXISTS "${target}")
      continue() # a generated or system header
    endif()
    get_filename_component(tdir "${target}" DIRECTORY)
    file(RELATIVE_PATH to "${ROOT}" "${tdir}")
    if(NOT to IN_LIST allow_${key})
      string(APPEND bad "${f}: ${from} may not include ${to} (${inc})\n")
    endif()
    if(from MATCHES "^app" AND to MATCHES "^app")
      file(RELATIVE_PATH unit "${ROOT}" "${f}")
      string(REGEX REPLACE "\\.(h|cpp)$" "" unit "${unit}")
      file(RELATIVE_PATH tunit "${ROOT}" "${target}")
      string(REGEX REPLACE "\\.(h|cpp)$" "" tunit "${tunit}")
      if(NOT unit STREQUAL tunit)
        string(MAKE_C_IDENTIFIER "${unit}" ukey)
        list(APPEND app_units ${unit})
        list(APPEND uses_${ukey} ${tunit})
      endif()
    endif()
  endforeach()
endforeach()
# Peel off units that include no remaining unit, or that no remaining unit includes; what is
# left sits on an include cycle.
list(REMOVE_DUPLICATES app_units)
set(left ${app_units})
set(peeled TRUE)
while(peeled)
  set(peeled FALSE)
  set(included "")
  foreach(unit ${left})
    string(MAKE_C_IDENTIFIER "${unit}" ukey)
    foreach(t ${uses_${ukey}})
      if(t IN_LIST left)
        list(APPEND included ${t})
      endif()
    endforeach()
  endforeach()
  foreach(unit ${left})
    string(MAKE_C_IDENTIFIER "${unit}" ukey)
    set(blocked FALSE)
    foreach(t ${uses_${ukey}})
      if(t IN_LIST left)
        set(blocked TRUE)
        break()
      endif()
    endforeach()
    if(NOT blocked OR NOT unit IN_LIST included)
      list(REMOVE_ITEM left ${unit})
      set(peeled TRUE)
    endif()
  endforeach()
endwhile()
foreach(unit ${left})
  string(MAKE_C_IDENTIFIER "${unit}" ukey)
  set(onCycle "")
  foreach(t ${uses_${ukey}})
    if(t IN_LIST left)
      list(APPEND onCycle ${t})
    endif()
  endforeach()
  string(REPLACE ";" ", " onCycle "${onCycle}")
  string(APPEND bad "${unit} (.h/.cpp) is on an include cycle in app/: it includes ${onCycle}\n")
endforeach()
if(bad)
  message(FATAL_ERROR "include outside the layering table, or an include cycle in app/ (tests/CheckLayering.cmake):\n${bad}")
endif()
list(LENGTH layered n)
message(STATUS "layering table ok: ${n} files under model/, views/ and app/")
