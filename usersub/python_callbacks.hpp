#pragma once
// The solver callbacks as Python builtins for user scripts (usersub/python_script.hpp), with
// MotionSolve's Python signatures:
//
//   [value, errflg]  = py_sysfnc(fncnam, ipar)          c_sysfnc
//   [states, errflg] = py_sysary(fncnam, ipar)          c_sysary (states: a list of nstates)
//   [value, errflg]  = py_modfnc(element, id, attribute) c_modfnc (value: a str)
//   py_errmes(errflg, message, id, endflg)              c_errmes (endflg: a number or "STOP")
//   [coord2, istat]  = py_rcnvrt(sys1, coord1, sys2)    c_rcnvrt
//   time             = py_timget()                      c_timget
//
// Each calls the C callback of include/mbsolve/usersub.h (usersub/user_call.cpp) directly, so a
// script sees exactly what a compiled library sees (dependency recording, error flags, the
// failure of the analysis on a fatal error). They are also importable:
// `from mbsolve import py_sysfnc`.

namespace mb {

/// Adds the py_* functions to builtins and registers the module `mbsolve`. Needs the GIL.
void install_python_callbacks();

}  // namespace mb
