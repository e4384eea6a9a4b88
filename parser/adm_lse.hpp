#pragma once
// LSE (Adams/Solver linear state equation) -> control_stateeqn type LINEAR, the node XML
// Control_StateEqn builds (models/control_stateeqn.hpp): x' = A x + B u, y = C x + D u.
//   X=id (ARRAY X, the states) -> x_array_id; A=id (MATRIX, n x n) -> a_matrix_id (both
//   required); U=id (ARRAY U, the inputs) with B=id (n x m) -> u_array_id, b_matrix_id;
//   Y=id (ARRAY Y, the outputs) with C=id (p x n) and/or D=id (p x m) -> y_array_id,
//   c_matrix_id, d_matrix_id; IC=id (ARRAY IC, default all 0) -> ic_array_id;
//   STATIC_HOLD -> is_static_hold.
// Which arguments go together is checked here, in Adams words; the sizes are checked when the
// model is built (models/state_elements.cpp).

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

extern const std::span<const ArgSpec> kLseArgs;
void build_lse(NodeBuilder& b);

}  // namespace mb::adm
