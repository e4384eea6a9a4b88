#pragma once
// GSE (Adams/Solver general state equation) -> control_stateeqn type USERSUB, the node XML
// Control_StateEqn builds (models/control_stateeqn.hpp): NS/NO -> num_state/num_output;
// X/U/Y/IC -> x/u/y/ic_solver_array_id; FUNCTION=USER(..) -> usrsub_param_string (the GSESUB of
// the user library); STATIC_HOLD -> is_static_hold.
// Known Adams arguments mbsolve does not run, each reported once per dataset with how many GSEs
// use it (one root cause, one error):
//   * the discrete form: ND discrete states in the ARRAY XD, initial values ICD, updated every
//     SAMPLE_PERIOD from SAMPLE_OFFSET (GSE_UPDATE / GSE_SAMP);
//   * INTERFACE=lib::gse_deriv, lib::gse_output[, lib::gse_update, lib::gse_samp]: the routine
//     interface of separate GSE_DERIV/GSE_OUTPUT/.. functions (mbsolve calls a GSESUB).

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

extern const std::span<const ArgSpec> kGseArgs;
void build_gse(NodeBuilder& b);

}  // namespace mb::adm
