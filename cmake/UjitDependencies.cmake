# Every dependency is a Debian package (see README); nothing is downloaded at build time.

find_program(UJIT_CCACHE ccache)
if(UJIT_CCACHE)
  # With precompiled headers ccache needs this sloppiness to cache anything; the header is
  # included through -include, as ccache requires (ccache manual, "Precompiled headers").
  set(_ccache ${CMAKE_COMMAND} -E env
      CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime ${UJIT_CCACHE})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${_ccache})
  set(CMAKE_C_COMPILER_LAUNCHER ${_ccache})
endif()

find_package(LLVM 19.1 REQUIRED CONFIG HINTS /usr/lib/llvm-19/lib/cmake/llvm)
message(STATUS "ujit: LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR} (static: ${UJIT_LLVM_STATIC})")

add_library(ujit_llvm INTERFACE)
target_include_directories(ujit_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
separate_arguments(_llvm_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
target_compile_definitions(ujit_llvm INTERFACE ${_llvm_defs})
if(UJIT_LLVM_STATIC)
  llvm_map_components_to_libnames(_llvm_libs
    core support irreader bitreader bitwriter linker passes ipo analysis target
    orcjit executionengine x86codegen x86asmparser x86desc x86info
    nvptxcodegen nvptxdesc nvptxinfo mc asmprinter)
  target_link_libraries(ujit_llvm INTERFACE ${_llvm_libs})
else()
  find_library(UJIT_LIBLLVM NAMES LLVM LLVM-19 HINTS ${LLVM_LIBRARY_DIRS} REQUIRED)
  target_link_libraries(ujit_llvm INTERFACE ${UJIT_LIBLLVM})
endif()

find_package(fmt REQUIRED)
find_path(UJIT_DLPACK_INCLUDE dlpack/dlpack.h REQUIRED)
find_path(UJIT_CUDA_INCLUDE cuda.h HINTS "${UJIT_CUDA_HOME}/include" REQUIRED)
find_package(Threads REQUIRED)
