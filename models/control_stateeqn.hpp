#pragma once
// Control_StateEqn (format reference 2.27): x' = A x + B u, y = C x + D u (type="LINEAR",
// Reference_Matrix ids a_matrix_id (required), b/c/d_matrix_id), with x_array_id (X array, n
// states), u_array_id (U array, m inputs), y_array_id (Y array, p outputs), ic_array_id (IC
// array, "0" = zero initial states); the *_solver_array_id spellings are accepted too.
// is_static_hold (default FALSE). type="USERSUB": num_state, num_output (or the Y array's size),
// GSESUB (usrsub_fnc_name) computes x' = f(x, u, t) and y = g(x, u, t); the optional partials
// GSEXX, GSEXU, GSEYX, GSEYU (usrsub_der1..4_name) give the Jacobian, else forward differences
// (solver/user_state.cpp). The U array may be an ARYSUB array.
// The sampled form (Adams GSE ND, XD, ICD, SAMPLE_PERIOD, SAMPLE_OFFSET; mbsolve's XML names
// num_discrete_state, xd_solver_array_id or xd_array_id, icd_solver_array_id or icd_array_id,
// sample_period > 0, sample_offset >= 0, default 0): type USERSUB only. The GSESUB then sees
// nstate = num_state + num_discrete_state states [x_c, x_d] and writes stated = [x_c', x_d(k+1)];
// x_d is held between the sample times sample_offset + k sample_period, where the stated entries
// for it become its new values (solver/discrete_samples.hpp). The X array holds x_c, XD x_d;
// a purely discrete element (num_state 0 or absent) needs no X array.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_control_stateeqn(ElementReader& in, ModelDraft& draft, bool in_command);
}
