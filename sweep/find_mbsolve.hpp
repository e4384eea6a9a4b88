#pragma once
// Where mbsweep finds mbsolve: next to its own binary (installed layout), then in the build
// tree (tools/mbsweep/ -> tools/mbsolve/), then on PATH. Returns an absolute path or "".

#include <string>

namespace mb::sweep {

std::string find_mbsolve();

}  // namespace mb::sweep
