# Install rules and the CMake package: find_package(ujit) gives ujit::ujit.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(TARGETS ujit EXPORT ujitTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ujit_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ujit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT ujitTargets NAMESPACE ujit:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ujit)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/ujitConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/ujitConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ujit)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/ujitConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/ujitConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/ujitConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ujit)
