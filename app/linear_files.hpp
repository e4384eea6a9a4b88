#pragma once
// The result files of the linear analyses of a run (README.md, "Linear analysis"):
//   PREFIX_eigen.csv  one row per mode: the analysis (1, 2, ... in run order), its time, the
//                     mode number, the eigenvalue's real and imaginary parts, the undamped
//                     natural frequency and the damping ratio, units in the header
//   PREFIX_modes.csv  one row per mode and moving body: amplitude and phase (degrees) of the
//                     CM translation (x, y, z, ground axes) and of the small rotation (ground
//                     axes, radians), scaled so that the mode's largest component is 1, and
//                     the body's share of the mode's kinetic energy in percent
//   PREFIX_energy.csv (unless write_energy_dist="FALSE") one row per mode and elastic element
//   (Force_SpringDamper, Force_Bushing,
//                     Force_Field, Force_Beam, Body_Beam links): the element's share of the
//                     mode's strain energy in percent (solver/linear_strain_energy.hpp)
//   PREFIX_statemat.csv  with plant inputs or outputs (Param_Linear pinput_id / poutput_id,
//                     Adams LINEAR/STATEMAT): one row per entry of A, B, C and D: the analysis,
//                     the matrix, its row and column names (states body<id>.x ... or
//                     <element>.x<k>, inputs and outputs VARVAL(<id>)) and the value
//   PREFIX.a, .b, .c, .d  the same matrices in MATLAB's ASCII matrix format (one row per line,
//                     blank-separated; load('PREFIX.a', '-ascii')), one file per matrix as
//                     MotionSolve writes them; a later analysis writes PREFIX_<analysis>.a ...
//                     (not with write_matlabfiles="FALSE"). Adams STATEMAT FILE=NAME puts this
//                     analysis' matrices in NAME.a .. and NAME_statemat.csv instead.
// Written atomically; only by a run with a linear analysis. Returns the paths written.

#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/linear_result.hpp"

namespace mb {

/// The MATLAB files of analysis `analysis` (1-based): PREFIX.a .. .d, or PREFIX_<analysis>.a ..
std::vector<std::string> state_matrix_files(const std::string& prefix, size_t analysis);
/// PREFIX_statemat.csv.
std::string state_matrix_csv(const std::string& prefix);
/// Where the state matrices of `r` go: PREFIX, or the analysis' matrix_file (Adams STATEMAT
/// FILE=) without its extension, relative to PREFIX's folder.
std::string state_matrix_base(const std::string& prefix, const LinearResult& r);
/// The state-matrix files analysis `analysis` (1-based) of `r` writes: the MATLAB files unless
/// write_matlabfiles is off, then BASE_statemat.csv.
std::vector<std::string> state_matrix_paths(const std::string& prefix, const LinearResult& r,
                                            size_t analysis);

std::vector<std::string> write_linear_files(const std::string& prefix, const Units& units,
                                            const std::vector<LinearResult>& results);

}  // namespace mb
