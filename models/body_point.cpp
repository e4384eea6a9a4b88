#include "models/body_point.hpp"

#include <array>

namespace mb {

void build_body_point(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftBody b;
  b.id = in.require_id();
  b.subject = in.subject();
  b.loc = in.node().loc;
  b.point = true;
  b.cg_id = in.required_ref("cg_id");
  b.cg_loc = in.loc_of("cg_id");
  in.ref("lprf_id");
  if (auto m = in.required_real("mass")) {
    b.mass = *m;
    if (b.mass <= 0) {
      in.error("mass", "mass must be > 0 for a point body (got " + in.attr("mass")->value + ")");
    }
  }
  b.inertia_loc = in.node().loc;
  b.v0 = Vec3(in.real_or("v_ic_x", 0), in.real_or("v_ic_y", 0), in.real_or("v_ic_z", 0));
  static constexpr std::array<const char*, 3> kVelocities = {"v_ic_x", "v_ic_y", "v_ic_z"};
  static constexpr std::array<const char*, 3> kFlags = {"v_ic_x_flag", "v_ic_y_flag",
                                                        "v_ic_z_flag"};
  for (size_t k = 0; k < kFlags.size(); ++k) {
    const bool exact = in.boolean(kFlags[k]).value_or(true);
    b.velocity_given[k] = in.has(kVelocities[k]) && exact;
  }
  draft.bodies.push_back(std::move(b));
}

}  // namespace mb
