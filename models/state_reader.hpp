#pragma once
// Reading steps shared by the state elements (Control_Diff, Control_StateEqn, Control_SISO,
// Force_StateEqn) and the data elements they use (Reference_Array, Reference_Matrix,
// Reference_Spline): number lists from an attribute or the element text, and id references.

#include <optional>
#include <string_view>
#include <vector>

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

/// The numbers of attribute `attr` or, when `attr` is empty or absent, of the element text
/// (separated by blanks, commas or newlines). Reports a bad entry and returns nothing.
std::optional<std::vector<double>> read_number_list(ElementReader& in, std::string_view attr);

/// An optional id reference; "0" means none.
DraftRef read_draft_ref(ElementReader& in, std::string_view attr, bool required);

/// Starts a state element draft: id, subject, location, is_static_hold.
DraftStateElement start_state_draft(ElementReader& in, StateElement::Kind kind);

/// x/y/u/ic array references (`x_array_id` or `x_solver_array_id`, ...).
void read_state_arrays(ElementReader& in, DraftStateElement& d, bool x_required);

/// type = LINEAR (a_matrix_id required, b/c/d optional) or USERSUB (num_state, num_output, the
/// routine `prefix`SUB and its optional partials `prefix`XX, XU, YX, YU renamed by
/// usrsub_der1_name..usrsub_der4_name; prefix "GSE" or "YFO"). After an error d.user is empty
/// for USERSUB and the caller drops the element.
void read_linear_or_usersub(ElementReader& in, DraftStateElement& d, std::string_view prefix);

}  // namespace mb
