#pragma once
// TFSISO (Adams/Solver single-input single-output transfer function) -> control_siso, the node
// XML Control_SISO builds (models/control_siso.hpp): Y(s)/U(s) = N(s)/D(s).
//   NUMERATOR=b0, b1, ..., bm and DENOMINATOR=a0, a1, ..., an (coefficients in ascending powers
//   of s, as Control_SISO takes them) -> numerator_coef / denominator_coef with their counts;
//   X=id (ARRAY X, the n states), U=id (ARRAY U, the one input), Y=id (ARRAY Y, the output)
//   -> x_array_id, u_array_id, y_array_id (all required); STATIC_HOLD -> is_static_hold.
// The transfer function itself (order, properness, the array sizes) is checked when the model is
// built (models/control_siso.cpp, models/state_elements.cpp).

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

extern const std::span<const ArgSpec> kTfsisoArgs;
void build_tfsiso(NodeBuilder& b);

}  // namespace mb::adm
