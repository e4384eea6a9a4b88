#include "models/force_bushing.hpp"

#include <array>

#include "models/linear_force.hpp"
#include "models/linear_force_edit.hpp"

namespace mb {

void build_force_bushing(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  read_marker(in, d, "i_marker_id", true);
  read_marker(in, d, "j_marker_id", true);
  static constexpr std::array<std::string_view, 2> kModels = {"SMALL_ANGLE", "EULER_XYZ"};
  if (in.has("rotation_model")) {
    if (auto t = in.keyword("rotation_model", kModels)) d.type = *t;
  }
  Mat6 K = Mat6::Zero(), C = Mat6::Zero();
  for (int a = 0; a < 6; ++a) {
    const std::string axis(kAxisNames[static_cast<size_t>(a)]);
    K(a, a) = read_nonnegative(in, "k" + axis);
    C(a, a) = read_nonnegative(in, "c" + axis);
  }
  const Vec6 preload = read_preloads(in);
  if (d.type == "EULER_XYZ") {
    for (const auto& axis : kAxisNames) {
      const std::string n = "preload_" + std::string(axis);
      if (in.has(n) && in.real_or(n, 0.0) != 0.0) {
        in.error(n, n + " is not allowed with rotation_model=\"EULER_XYZ\" (Simbody's bushing has "
                        "no preload)");
      }
    }
  }
  pack_linear(d, K, C, Vec6::Zero(), preload);
  reject_user_subroutines(in);
  accept_hints(in, {"body1_id", "body2_id"});
  draft.bushings.push_back(std::move(d));
}

bool resolve_bushing_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  return resolve_linear_force_edit(ctx, in, id, kBushingEdit, build_force_bushing,
                                   ModelEdit::List::kBushing, edit);
}

}  // namespace mb
