#include "models/body_rigid.hpp"

#include <array>
#include <string>

#include "common/text.hpp"

namespace mb {

namespace {
/// exact="X:Y:PSI" (mbsolve extension, from Adams PART EXACT=): the coordinates the initial
/// assembly keeps; any of X, Y, Z, PSI, THETA, PHI, separated by colons (or commas).
void read_exact(ElementReader& in, DraftBody& b) {
  const DeckAttribute* a = in.attr("exact");
  if (!a) return;
  static constexpr std::string_view kNames[] = {"X", "Y", "Z", "PSI", "THETA", "PHI"};
  std::string word;
  auto take = [&] {
    const std::string w(trim(word));
    word.clear();
    if (w.empty()) return;
    for (size_t k = 0; k < 6; ++k) {
      if (iequals(w, kNames[k])) {
        b.exact[k] = true;
        return;
      }
    }
    in.error("exact", "exact: unknown coordinate '" + w +
                          "' (expected X, Y, Z, PSI, THETA or PHI, separated by ':')");
  };
  for (char c : a->value) {
    if (c == ':' || c == ',') {
      take();
    } else {
      word += c;
    }
  }
  take();
}
}  // namespace

void build_body_rigid(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftBody b;
  b.id = in.require_id();
  b.subject = in.subject();
  b.loc = in.node().loc;
  const auto ground = in.boolean("isground");
  if (in.has("isground") && !ground) {
    // Reported; without knowing what the body is, its other attributes would only add noise.
    for (const auto& a : in.node().attributes) in.attr(a.name);
    return;
  }
  b.ground = ground.value_or(false);
  if (b.ground) {
    // Ground may still name a CM marker (MotionView writes one); mass and inertia are ignored.
    b.cg_id = in.ref("cg_id");
    for (auto n : {"mass", "inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_yz",
                   "inertia_xz", "im_id", "lprf_id"})
      in.attr(n);
    draft.bodies.push_back(std::move(b));
    return;
  }
  b.cg_id = in.required_ref("cg_id");
  b.cg_loc = in.loc_of("cg_id");
  b.im_id = in.ref("im_id");
  b.im_loc = in.loc_of("im_id");
  in.ref("lprf_id");
  if (auto m = in.required_real("mass")) {
    b.mass = *m;
    if (b.mass < 0) {
      in.error("mass", "mass must be >= 0 for a moving body (got " + in.attr("mass")->value +
                           "; 0: a massless body, which its constraints must hold)");
    }
  }
  double* moments[6] = {&b.ixx, &b.iyy, &b.izz, &b.ixy, &b.iyz, &b.ixz};
  const char* names[6] = {"inertia_xx", "inertia_yy", "inertia_zz",
                          "inertia_xy", "inertia_yz", "inertia_xz"};
  for (int k = 0; k < 6; ++k) {
    const auto v = in.real(names[k]);
    if (in.has(names[k]) && !v) b.inertia_read = false;
    *moments[k] = v.value_or(0.0);
  }
  b.inertia_loc = in.has("inertia_xx") ? in.loc_of("inertia_xx") : in.node().loc;
  b.v0 = Vec3(in.real_or("v_ic_x", 0), in.real_or("v_ic_y", 0), in.real_or("v_ic_z", 0));
  b.w0 = Vec3(in.real_or("w_ic_x", 0), in.real_or("w_ic_y", 0), in.real_or("w_ic_z", 0));
  static constexpr std::array<const char*, 6> kVelocities = {"v_ic_x", "v_ic_y", "v_ic_z",
                                                             "w_ic_x", "w_ic_y", "w_ic_z"};
  static constexpr std::array<const char*, 6> kFlags = {
      "v_ic_x_flag", "v_ic_y_flag", "v_ic_z_flag", "w_ic_x_flag", "w_ic_y_flag", "w_ic_z_flag"};
  for (size_t k = 0; k < kFlags.size(); ++k) {
    const bool exact = in.boolean(kFlags[k]).value_or(true);
    b.velocity_given[k] = in.has(kVelocities[k]) && exact;
  }
  read_exact(in, b);
  for (auto n : {"vm_id", "wm_id"}) {
    if (in.has(n)) in.error(n, std::string(n) + " is not supported yet");
  }
  draft.bodies.push_back(std::move(b));
}

}  // namespace mb
