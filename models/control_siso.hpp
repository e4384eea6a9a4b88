#pragma once
// Control_SISO (format reference 2.29): Y(s)/U(s) = N(s)/D(s) with coefficients in ascending
// powers of s (numerator_coef="b0 b1 ... bm", denominator_coef="a0 a1 ... an", m <= n, a_n != 0,
// counts in num_numerator_coef / num_denominator_coef). u_array_id: U array of 1 variable;
// x_array_id: X array of n states; y_array_id: Y array of 1 output; is_static_hold. Realised in
// controllable canonical form: x1 = z, x2 = z', ..., x_n = z^(n-1) with D(s) Z = U and
// y = N(s) Z, so ARYVAL(x_array, k) is the (k-1)-th derivative of z.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_control_siso(ElementReader& in, ModelDraft& draft, bool in_command);
}
