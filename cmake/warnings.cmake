# iosr_set_warnings(target): the project's warning flags, as errors when IOSR_WARNINGS_AS_ERRORS.
# A function rather than an INTERFACE target, so that installing an export never needs it.
function(iosr_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion)
  if(IOSR_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
