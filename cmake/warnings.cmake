# mbsolve_warnings(TARGET): the project's warning set; errors when MBSOLVE_WERROR is on.
function(mbsolve_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wnon-virtual-dtor)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 reports -Wrestrict false positives inside libstdc++'s std::string at -O3
    # (GCC bug 105329); they are not in our code.
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(MBSOLVE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
