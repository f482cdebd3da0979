# `cmake --install`: the iosr executable with its man page and bash completion, the library
# with its public headers, and a CMake package so that another project can
# `find_package(iosr)` and link `iosr::iosr`.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(IOSR_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/iosr")

# The store (iosr/store.hpp) as iosr::store, with the loader it opens SQLite and libpq with, and
# batch conversion and import (iosr/batch.hpp) as iosr::batch, which loads libarchive so.
install(TARGETS iosr iosr_store iosr_batch iosr_shared_library EXPORT iosrTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# serve.hpp is iosr_serve's, which is not installed (docs/HACKING.md): no header without its
# library.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/lib/include/iosr"
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} PATTERN serve.hpp EXCLUDE)
install(EXPORT iosrTargets NAMESPACE iosr:: DESTINATION ${IOSR_INSTALL_CMAKEDIR})

configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/iosrConfig.cmake.in"
                              "${PROJECT_BINARY_DIR}/iosrConfig.cmake"
                              INSTALL_DESTINATION ${IOSR_INSTALL_CMAKEDIR})
write_basic_package_version_file("${PROJECT_BINARY_DIR}/iosrConfigVersion.cmake"
                                 COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/iosrConfig.cmake"
              "${PROJECT_BINARY_DIR}/iosrConfigVersion.cmake"
        DESTINATION ${IOSR_INSTALL_CMAKEDIR})

if(IOSR_BUILD_APPS)
  install(TARGETS iosr_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # A program for iosr alone, which runs it to fetch result IDs and finds it at IOSR_HELPER_DIR
  # from its own directory (apps/CMakeLists.txt).
  if(TARGET iosr_http)
    install(TARGETS iosr_http RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/iosr)
  endif()
  # What `iosr serve` runs in its place, found the same way (apps/CMakeLists.txt).
  install(TARGETS iosr_serve_helper RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/iosr)
  install(FILES "${PROJECT_SOURCE_DIR}/apps/completion/iosr.bash"
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME iosr)
  if(TARGET iosr_man_page)
    install(FILES ${IOSR_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endif()
  # The documents the help texts and the man page cite as docs/NAME.md (FILES in iosr(1)).
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION ${CMAKE_INSTALL_DOCDIR}
          FILES_MATCHING PATTERN "*.md" PATTERN "*.json" PATTERN "man" EXCLUDE)
endif()
