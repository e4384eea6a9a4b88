#pragma once
// The LINEAR command of an Adams command file (.acf): LINEAR/EIGENSOL (eigenvalues and mode
// shapes) or LINEAR/STATEMAT, PINPUT=id, POUTPUT=id (state matrices) becomes a param_linear
// command node, then a simulate node of type Linear at the state reached:
//   NODAMPING -> disable_damping; PINPUT, POUTPUT -> pinput_id, poutput_id;
//   COORDS=i1[,i2] -> shape_modes, ENERGY=i1[,i2] -> energy_modes (KINETIC or DISSIPAT without
//   STRAIN: write_energy_dist FALSE; DISSIPAT warns); STATEMAT FILE= -> matrix_file;
//   FORMAT=MATLAB | MATRIXX (MATRIXX warns that MATLAB files are written); MKB and EXPORT are
//   errors; DAMPING, NOVECTOR, PSTATE and RM warn that they are ignored.

#include <span>
#include <vector>

#include "parser/adm_build.hpp"

namespace mb::adm {

extern const std::span<const ArgSpec> kLinearArgs;
void build_linear(const Statement& st, std::vector<DeckNode>& commands, Diagnostics& diag);

}  // namespace mb::adm
