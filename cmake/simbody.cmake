# Simbody (Debian libsimbody-dev) for the comparisons with Simbody.
# mb_skip_without_simbody(WHAT): finds Simbody, or says that WHAT is not built and returns from
# the calling CMakeLists.txt (a macro, so that its return() leaves the caller).
macro(mb_skip_without_simbody what)
  find_package(Simbody CONFIG QUIET)
  if(NOT Simbody_FOUND)
    message(STATUS "Simbody not found (apt-get install libsimbody-dev): ${what} not built")
    return()
  endif()
endmacro()

# mb_use_simbody(TARGET SCOPE): compiles and links TARGET against Simbody (Debian
# libsimbody-dev, found by mb_skip_without_simbody or find_package); SCOPE PUBLIC for a
# library whose users include its plain C++ headers, PRIVATE for a program.
function(mb_use_simbody target scope)
  # Simbody 3.7's headers do not compile as C++20 (ambiguous rewritten operator==).
  set_target_properties(${target} PROPERTIES CXX_STANDARD 17)
  target_link_libraries(${target} ${scope} ${Simbody_LIBRARIES})
  target_include_directories(${target} ${scope} ${PROJECT_SOURCE_DIR})
  target_include_directories(${target} SYSTEM ${scope} ${Simbody_INCLUDE_DIR})
  mbsolve_warnings(${target})
  # GCC 12 at -O3 flags Simbody's own inlined Vec code (-Warray-bounds false positive in Vec.h).
  target_compile_options(${target} PRIVATE -Wno-array-bounds)
endfunction()
