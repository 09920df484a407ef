# The relocatable release bundle, made by CPack (tools/scripts/bundle.sh runs it):
#   cmake ... -DUJIT_LLVM_STATIC=ON -DUJIT_BUNDLE_TESTS=ON && cpack
# gives ujit-VERSION-Linux-x86_64.tar.xz, which runs from any directory on an x86-64 Linux
# that has no LLVM, fmt or Catch2 (for the GPU: the NVIDIA driver, and libdevice and ptxas
# of a CUDA toolkit in /usr/local/cuda). It needs what Debian 12 built it
# against: glibc >= 2.36 (LLVM calls arc4random), libstdc++ of GCC >= 12, libz, libzstd.
#   bin/      ujit, and with UJIT_BUNDLE_TESTS ujit_tests and bench_{gpu,compile,call,ufunc}
#   lib/      libujit.so (the public library), cmake/ujit (find_package), and with
#             UJIT_BUNDLE_TESTS libujit-core.so (below) and libfmt.so.9
#   include/  ujit/*.h*
#   share/ujit/examples/   `ujit demo`'s examples (found relative to bin/ujit)
#   share/ujit/testdata/   with UJIT_BUNDLE_TESTS: the files ujit_tests reads, laid out as in
#                          the source tree (tests/support/source_dir.hpp finds them)
include(GNUInstallDirs)

option(UJIT_BUNDLE_TESTS
  "Release bundle: also install ujit_tests and its data, the benchmarks and libfmt" OFF)

# Installed binaries find lib/ (libujit, libfmt) relative to themselves: no LD_LIBRARY_PATH.
file(RELATIVE_PATH _ujit_bin_to_lib /${CMAKE_INSTALL_BINDIR} /${CMAKE_INSTALL_LIBDIR})
set(UJIT_BIN_RPATH "$ORIGIN/${_ujit_bin_to_lib}")
set_target_properties(ujit PROPERTIES INSTALL_RPATH "$ORIGIN")
set_target_properties(ujit_cli PROPERTIES INSTALL_RPATH "${UJIT_BIN_RPATH}")

if(UJIT_BUNDLE_TESTS)
  if(NOT UJIT_LLVM_STATIC)
    message(WARNING "UJIT_BUNDLE_TESTS without UJIT_LLVM_STATIC: the bundle will need libLLVM")
  endif()

  # Size: the CLI and the benchmarks use the compiler's internals, so they link ujit_core, a
  # static library; with LLVM static each would carry its own copy of LLVM (~12 MB
  # compressed each, and the bundle may take 45 MB). In the bundle they link this one shared
  # copy of ujit_core + LLVM instead, every symbol visible (libujit.so, the public library,
  # keeps its own copy with only the API exported). ujit_tests stays linked as in CI, with
  # its own copy: some tests rely on the runtime's symbols not being dynamic ones.
  add_library(ujit_core_shared SHARED ${PROJECT_SOURCE_DIR}/src/capi/export_anchor.c)
  target_link_libraries(ujit_core_shared
    PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,ujit_core>" ujit_llvm
    INTERFACE fmt::fmt Threads::Threads ${CMAKE_DL_LIBS})
  target_include_directories(ujit_core_shared INTERFACE
    $<TARGET_PROPERTY:ujit_core,INTERFACE_INCLUDE_DIRECTORIES>)
  set_target_properties(ujit_core_shared PROPERTIES OUTPUT_NAME ujit-core INSTALL_RPATH "$ORIGIN")
  install(TARGETS ujit_core_shared LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

  # bench_call and bench_ufunc use only the public API: they link libujit.so itself, so
  # running them (tools/scripts/bundle_check.sh does) also checks the public library.
  set(_ujit_bundle_bins)
  foreach(t ujit_cli bench_gpu bench_compile bench_call bench_ufunc)
    if(TARGET ${t})
      set(_core ujit_core_shared)
      if(t MATCHES "^bench_(call|ufunc)$")
        set(_core "ujit;fmt::fmt")
      endif()
      get_target_property(_libs ${t} LINK_LIBRARIES)
      list(TRANSFORM _libs REPLACE "^ujit_core$" "${_core}")
      set_target_properties(${t} PROPERTIES LINK_LIBRARIES "${_libs}" INSTALL_RPATH "${UJIT_BIN_RPATH}")
      list(APPEND _ujit_bundle_bins ${t})
    endif()
  endforeach()
  # The two programs that keep a copy of LLVM drop the parts of it they never reach (~2 MB
  # compressed each; libujit-core.so exports everything, so there is nothing to drop there).
  set_property(TARGET ujit APPEND PROPERTY LINK_OPTIONS -Wl,--gc-sections)
  if(TARGET ujit_tests)
    set_target_properties(ujit_tests PROPERTIES INSTALL_RPATH "${UJIT_BIN_RPATH}")
    set_property(TARGET ujit_tests APPEND PROPERTY LINK_OPTIONS -Wl,--gc-sections)
    list(APPEND _ujit_bundle_bins ujit_tests)
  endif()
  list(REMOVE_ITEM _ujit_bundle_bins ujit_cli)   # installed by UjitInstall.cmake
  install(TARGETS ${_ujit_bundle_bins} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

  # The benchmarks' hand-written peers are built -march=native (tools/bench): for a bundle
  # that runs on other CPUs, AVX2 (x86-64-v3) instead, which every current GPU host has.
  if(TARGET ujit_bench_baseline)
    set_property(TARGET ujit_bench_baseline PROPERTY COMPILE_OPTIONS -O3 -march=x86-64-v3)
  endif()

  # What ujit_tests reads at run time, at the same paths under share/ujit/testdata as in
  # the source tree.
  set(_td ${CMAKE_INSTALL_DATADIR}/ujit/testdata)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/lang/examples/ DESTINATION ${_td}/lang/examples
    FILES_MATCHING PATTERN "*.py")
  install(FILES ${PROJECT_SOURCE_DIR}/tests/e2e/expected/examples.json DESTINATION ${_td}/tests/e2e/expected)
  install(FILES ${PROJECT_SOURCE_DIR}/tests/conformance/expected.json DESTINATION ${_td}/tests/conformance)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/tests/conformance/corpus/ DESTINATION ${_td}/tests/conformance/corpus
    FILES_MATCHING PATTERN "*.py")
  # The gufunc cases (tools/scripts/gufunc_oracle.py): the module, NumPy's results, the .npy data.
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/tests/conformance/gufunc/ DESTINATION ${_td}/tests/conformance/gufunc)
  install(FILES ${PROJECT_SOURCE_DIR}/tests/unit/cudadrv/kernels/test_kernels.ptx
    DESTINATION ${_td}/tests/unit/cudadrv/kernels)

  # Debian ships fmt only as a shared library: the bundle carries it, under its soname.
  get_target_property(_fmt_lib fmt::fmt LOCATION)
  get_filename_component(_fmt_lib "${_fmt_lib}" REALPATH)
  get_target_property(_fmt_configs fmt::fmt IMPORTED_CONFIGURATIONS)
  list(GET _fmt_configs 0 _fmt_config)
  get_target_property(_fmt_soname fmt::fmt IMPORTED_SONAME_${_fmt_config})
  if(NOT _fmt_soname)
    get_filename_component(_fmt_soname "${_fmt_lib}" NAME)
  endif()
  install(FILES ${_fmt_lib} DESTINATION ${CMAKE_INSTALL_LIBDIR} RENAME ${_fmt_soname})
endif()

set(CPACK_GENERATOR TXZ)
set(CPACK_THREADS 0)   # xz on every core
set(CPACK_PACKAGE_NAME ujit)
set(CPACK_PACKAGE_VENDOR ujit)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "ujit: a JIT compiler for Numba's Python subset (x86-64, PTX)")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_FILE_NAME ujit-${PROJECT_VERSION}-Linux-x86_64)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_CHECKSUM SHA256)
include(CPack)
