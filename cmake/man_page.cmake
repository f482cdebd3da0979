# The man page iosr(1), generated once iosr is built: docs/man/make_man_page.py fills the
# skeleton docs/man/iosr.1.in with the program's own --help texts, so the two cannot disagree.
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_FOUND)
  message(STATUS "iosr: Python 3 not found, so no man page")
  return()
endif()

set(IOSR_MAN_PAGE "${PROJECT_BINARY_DIR}/man/iosr.1")
add_custom_command(
  OUTPUT ${IOSR_MAN_PAGE}
  COMMAND ${CMAKE_COMMAND} -E make_directory "${PROJECT_BINARY_DIR}/man"
  COMMAND ${Python3_EXECUTABLE} "${PROJECT_SOURCE_DIR}/docs/man/make_man_page.py"
          $<TARGET_FILE:iosr_cli> "${PROJECT_SOURCE_DIR}/docs/man/iosr.1.in" ${IOSR_MAN_PAGE}
  DEPENDS iosr_cli "${PROJECT_SOURCE_DIR}/docs/man/iosr.1.in"
          "${PROJECT_SOURCE_DIR}/docs/man/make_man_page.py"
  COMMENT "Generating the man page iosr(1) from iosr's --help"
  VERBATIM)
add_custom_target(iosr_man_page ALL DEPENDS ${IOSR_MAN_PAGE})
