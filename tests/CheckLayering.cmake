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
