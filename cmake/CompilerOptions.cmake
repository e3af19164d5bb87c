# Warnings and sanitizers applied to every target of the project (not to system headers).
add_library(cds_compile_options INTERFACE)
add_library(CDS::CompileOptions ALIAS cds_compile_options)
target_compile_options(cds_compile_options INTERFACE -Wall -Wextra -Wpedantic
                       -Wnon-virtual-dtor -Wcast-qual -Wno-missing-field-initializers)
if(CDS_WERROR)
  target_compile_options(cds_compile_options INTERFACE -Werror)
endif()
if(CDS_SANITIZE)
  target_compile_options(cds_compile_options INTERFACE -fsanitize=address,undefined
                         -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(cds_compile_options INTERFACE -fsanitize=address,undefined)
endif()
# Qt: signals/slots spelled Q_SIGNALS/Q_EMIT; QStringBuilder for concatenation.
target_compile_definitions(cds_compile_options INTERFACE
                           QT_NO_KEYWORDS QT_NO_URL_CAST_FROM_STRING QT_USE_QSTRINGBUILDER)
if(CDS_FUZZ)
  target_compile_options(cds_compile_options INTERFACE -fsanitize=fuzzer-no-link)
endif()
# GCC 12 reports -Wfree-nonheap-object falsely for std::vector built from an initializer list
# of tuples at -O2 (seen in tests/model/tst_edits.cpp); the code is correct.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(cds_compile_options INTERFACE -Wshadow=local -Wno-free-nonheap-object)
endif()
