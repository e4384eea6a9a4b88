#pragma once
// Param_Linear (model default or command): linear analysis settings (MotionSolve reference,
// "Parameters: Linear Solver"; Adams LINEAR/EIGENSOL and STATEMAT arrive as this element).
//   eigen_analysis (TRUE): eigenvalues and mode shapes.
//   disable_damping (FALSE): leave the velocity-dependent forces out (Adams NODAMPING).
//   pinput_id, poutput_id: the Control_PlantInput and Control_PlantOutput of the state matrices;
//     an id that names none is a deck error at the attribute (check_linear_plant_ids).
//   write_matlabfiles (TRUE): the state matrices' MATLAB files PREFIX.a .. .d.
//   write_energy_dist (TRUE): the strain energy distribution PREFIX_energy.csv.
//   mbsolve extensions, set by the Adams reader (also accepted in XML):
//     shape_modes="i1[,i2]" (Adams COORDS=): the modes whose body shapes and kinetic energy
//       shares are reported; energy_modes="i1[,i2]" (Adams ENERGY=): the modes of the strain
//       energy table; both 1-based and inclusive, a single number is that mode alone.
//     matrix_file (Adams STATEMAT FILE=): the state matrices' file name, in place of PREFIX.
//   anim_scale, balancing, gyroscopic, the other write_* and the *_modes_* energy selections:
//   accepted; those mbsolve does not honour warn once.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_param_linear(ElementReader& in, ModelDraft& draft, bool in_command);
/// Reports every Param_Linear (model or command) whose pinput_id or poutput_id names no
/// Control_PlantInput / Control_PlantOutput of the deck.
void check_linear_plant_ids(const ModelDraft& draft, Diagnostics& diag);
}  // namespace mb
