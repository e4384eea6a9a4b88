#include "models/body_rigid.hpp"

#include <fmt/format.h>

#include <array>
#include <map>
#include <string>

#include "common/text.hpp"
#include "models/body_inertia.hpp"

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

/// part_frame="x y z a00 a01 a02 a10 .. a22" (mbsolve attribute, from Adams PART QG/REULER):
/// the part frame's origin and axes (the matrix row by row, its columns the axes, like
/// Reference_Marker a00..a22) in ground at t = 0 (Body::ref_pos, ref_axes).
void read_part_frame(ElementReader& in, DraftBody& b) {
  const DeckAttribute* a = in.attr("part_frame");
  if (!a) return;
  const std::vector<std::string> words = split_list(a->value);
  std::array<double, 12> v{};
  bool ok = words.size() == v.size();
  for (size_t k = 0; ok && k < v.size(); ++k) {
    const auto x = parse_real(words[k]);
    ok = x.has_value();
    if (ok) v[k] = *x;
  }
  if (ok) {
    b.part_frame = v;
  } else {
    in.error("part_frame",
             "part_frame must be 12 numbers: x y z a00 a01 a02 a10 a11 a12 a20 a21 "
             "a22 (got '" +
                 a->value + "')");
  }
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
  read_part_frame(in, b);
  for (auto n : {"vm_id", "wm_id"}) {
    if (in.has(n)) in.error(n, std::string(n) + " is not supported yet");
  }
  draft.bodies.push_back(std::move(b));
}

namespace {

/// The mass and inertia values a command reads (in this order), and the velocities.
constexpr std::array<const char*, 7> kInertiaNames = {
    "mass", "inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_yz", "inertia_xz"};
constexpr std::array<const char*, 6> kVelocityNames = {"v_ic_x", "v_ic_y", "v_ic_z",
                                                       "w_ic_x", "w_ic_y", "w_ic_z"};

/// The command's mass and inertia values over the deck's (and earlier commands'): `v` in
/// kInertiaNames order; false after reporting an error.
bool read_inertia_values(ElementReader& in, std::map<std::string, DeckAttribute>& src,
                         std::array<double, 7>& v) {
  bool ok = true;
  for (size_t k = 0; k < kInertiaNames.size(); ++k) {
    if (const auto given = in.real(kInertiaNames[k])) {
      if (k == 0 && *given <= 0) {
        in.error("mass", "mass must be > 0 for a moving body (got " + in.attr("mass")->value + ")");
        ok = false;
      }
      if (k > 0 && k < 4 && *given <= 0) {
        in.error(kInertiaNames[k], std::string(kInertiaNames[k]) + " must be > 0 (got " +
                                       in.attr(kInertiaNames[k])->value + ")");
        ok = false;
      }
      src[kInertiaNames[k]] = *in.attr(kInertiaNames[k]);
    } else if (in.has(kInertiaNames[k])) {
      ok = false;  // unreadable: reported
    }
    auto s = src.find(kInertiaNames[k]);
    v[k] = s == src.end() ? 0.0 : parse_real(s->second.value).value_or(0.0);
  }
  return ok;
}

}  // namespace

// Mass and inertia are recomputed from the deck's values with the command's replaced, the way
// the model builder computes them, so the result equals a build with those values.
bool resolve_body_rigid_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  const Model& model = ctx.model();
  bool ok = ctx.check_attributes(in, kBodyRigidEdit);
  auto it = model.body_index.find(id);
  if (it == model.body_index.end()) {
    ctx.not_found(in, id);
    return false;
  }
  const size_t b = static_cast<size_t>(it->second);
  const Body& body = model.bodies[b];
  if (body.ground || body.cm_marker < 0) {
    in.error("id",
             fmt::format("Body_Rigid {} is the ground or has no cg_id: nothing to change", id));
    return false;
  }
  std::array<double, 7> v{};
  ok = read_inertia_values(in, ctx.sources("body_rigid", id), v) && ok;
  VelocityReset reset;
  reset.body = static_cast<int>(b);
  bool velocities = false;
  for (size_t k = 0; k < kVelocityNames.size(); ++k) {
    reset.v[k] = in.real(kVelocityNames[k]);
    velocities |= reset.v[k].has_value();
    if (!reset.v[k] && in.has(kVelocityNames[k])) ok = false;  // unreadable: reported
  }
  if (!ok) return false;
  const Marker& cm = model.markers[body.cm_marker];
  const Marker& im = model.markers[body.im_marker >= 0 ? body.im_marker : body.cm_marker];
  const Mat3 J = inertia_about_cm(v[0], inertia_matrix(v[1], v[2], v[3], v[4], v[5], v[6]), cm, im);
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(J);
  const Vec3 k = eig.eigenvalues();
  if (k.cwiseAbs().maxCoeff() == 0.0) {
    in.warning_here(
        "all moments of inertia are zero: the body's rotation is undetermined "
        "unless constraints fix it");
  } else if (k(0) <= 1e-12 * k.cwiseAbs().maxCoeff() || k(0) + k(1) < k(2) * (1 - 1e-9)) {
    in.error_here(
        fmt::format("the inertia about the CM after this command is not physical "
                    "(principal moments {:g}, {:g}, {:g})",
                    k(0), k(1), k(2)));
    return false;
  }
  ModelEdit::BodyInertia change{b, v[0], J, std::nullopt};
  if (velocities) change.velocity = reset;
  edit.change = change;
  return true;
}

}  // namespace mb
