# mbsolve_warnings(TARGET): the project's warning set; errors when MBSOLVE_WERROR is on.
function(mbsolve_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wnon-virtual-dtor)
  if(MBSOLVE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
