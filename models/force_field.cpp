#include "models/force_field.hpp"

#include <fmt/format.h>

#include "models/linear_force.hpp"
#include "models/linear_force_edit.hpp"

namespace mb {

void build_force_field(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  read_marker(in, d, "i_marker_id", true);
  read_marker(in, d, "j_marker_id", true);
  Mat6 K = Mat6::Zero(), C = Mat6::Zero();
  bool any_c = false;
  std::string first_c;
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) {
      K(r, c) = in.real_or(fmt::format("k{}{}", r + 1, c + 1), 0.0);
      const std::string cn = fmt::format("c{}{}", r + 1, c + 1);
      if (in.has(cn)) {
        if (!any_c) first_c = cn;
        any_c = true;
        C(r, c) = in.real_or(cn, 0.0);
      }
    }
  }
  if (in.has("cratio")) {
    const double ratio = read_nonnegative(in, "cratio");
    if (any_c) {
      in.error("cratio", "give either cratio or the damping matrix c11 .. c66, not both (" +
                             first_c + " is also given)");
    }
    C = ratio * K;
  }
  // The first asymmetric pair, if any, is named in a warning.
  for (int n = 0; n < 36; ++n) {
    const int r = n / 6, c = n % 6;
    if (c > r && K(r, c) != K(c, r)) {
      in.warning_here(
          fmt::format("the stiffness matrix is not symmetric (k{}{} = {:g}, k{}{} = "
                      "{:g}): the field is not conservative",
                      r + 1, c + 1, K(r, c), c + 1, r + 1, K(c, r)));
      break;
    }
  }
  Vec6 length = Vec6::Zero();
  for (int a = 0; a < 6; ++a) {
    length(a) = in.real_or("length_" + std::string(kAxisNames[static_cast<size_t>(a)]), 0.0);
  }
  pack_linear(d, K, C, length, read_preloads(in));
  reject_user_subroutines(in);
  accept_hints(in, {"body1_id", "body2_id"});
  draft.fields.push_back(std::move(d));
}

bool resolve_field_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  return resolve_linear_force_edit(ctx, in, id, kFieldEdit, build_force_field,
                                   ModelEdit::List::kField, edit);
}

}  // namespace mb
