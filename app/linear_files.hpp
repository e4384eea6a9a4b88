#pragma once
// The result files of the linear analyses of a run (README.md, "Linear analysis"):
//   PREFIX_eigen.csv  one row per mode: the analysis (1, 2, ... in run order), its time, the
//                     mode number, the eigenvalue's real and imaginary parts, the undamped
//                     natural frequency and the damping ratio, units in the header
//   PREFIX_modes.csv  one row per mode and moving body: amplitude and phase (degrees) of the
//                     CM translation (x, y, z, ground axes) and of the small rotation (ground
//                     axes, radians), scaled so that the mode's largest component is 1, and
//                     the body's share of the mode's kinetic energy in percent
// Written atomically; only by a run with a linear analysis. Returns the paths written.

#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/linear_result.hpp"

namespace mb {

std::vector<std::string> write_linear_files(const std::string& prefix, const Units& units,
                                            const std::vector<LinearResult>& results);

}  // namespace mb
