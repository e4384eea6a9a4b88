#include "models/command_edits.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <set>

#include "common/text.hpp"
#include "models/body_inertia.hpp"
#include "models/element_reader.hpp"
#include "models/expression_elements.hpp"
#include "models/force_beam.hpp"
#include "models/force_bushing.hpp"
#include "models/force_field.hpp"
#include "models/force_gravity.hpp"
#include "models/linear_force.hpp"

namespace mb {

namespace {

// ---- Activate / Deactivate ----------------------------------------------------------------

enum class Family { kJoint, kMotion, kScalar, kVector, kSpring, kBushing, kField, kBeam, kCoupler };

struct Target {
  Family family;
  size_t index;
};

template <class T>
void add_matches(const std::vector<T>& items, Family f, int id, std::vector<Target>& out) {
  for (size_t k = 0; k < items.size(); ++k) {
    if (items[k].id == id) out.push_back({f, k});
  }
}

bool& active_flag(Model& m, const Target& t) {
  switch (t.family) {
    case Family::kJoint:
      return m.joints[t.index].active;
    case Family::kMotion:
      return m.motions[t.index].active;
    case Family::kScalar:
      return m.scalar_forces[t.index].active;
    case Family::kVector:
      return m.vector_forces[t.index].active;
    case Family::kSpring:
      return m.spring_dampers[t.index].active;
    case Family::kBushing:
      return m.bushings[t.index].active;
    case Family::kField:
      return m.fields[t.index].active;
    case Family::kBeam:
      return m.beams[t.index].active;
    case Family::kCoupler:
      return m.couplers[t.index].active;
  }
  return m.joints[t.index].active;  // not reached
}

/// Keywords of the MotionSolve element families mbsolve does not have (yet), with the element.
constexpr std::array<std::pair<std::string_view, std::string_view>, 23> kOtherTypes = {{
    {"CONTACT", "Force_Contact"},        {"CVCV", "Constraint_CVCV"},
    {"CVSF", "Constraint_CVSF"},         {"DIFF", "Control_Diff"},
    {"FRICTION", "Force_JointFriction"}, {"GCON", "Constraint_General"},
    {"GSE", "Control_StateEqn"},         {"JPRIM", "Constraint_Jprim"},
    {"LSE", "Control_StateEqn"},         {"MATE", "Constraint_Mate"},
    {"MFORCE", "Force_FlexModal"},       {"NFORCE", "Force_MultiPoint"},
    {"PFORCE", "Force_Penalty"},         {"PTCV", "Constraint_PTCV"},
    {"PTDCV", "Constraint_PTdCV"},       {"PTDSF", "Constraint_PTdSF"},
    {"PTDSFF", "Force_PTdSF"},           {"PTSF", "Constraint_PTSF"},
    {"SENSOR", "Sensor_Event"},          {"SFSF", "Constraint_SFSF"},
    {"TFSISO", "Control_SISO"},          {"UCON", "Constraint_UserConstr"},
    {"YFORCE", "Force_StateEqn"},
}};

constexpr std::array<std::string_view, 13> kOwnTypes = {
    "BEAM",  "BUSH",   "COUPLER", "FIELD", "FORCE",  "GEAR",   "GFORCE",
    "JOINT", "MOTION", "SFORCE",  "SPDP",  "VFORCE", "VTORQUE"};

/// The elements an element_type keyword and id select.
std::vector<Target> select(const Model& m, const std::string& type, int id) {
  std::vector<Target> out;
  const bool any_force = type == "FORCE";
  if (type == "JOINT") add_matches(m.joints, Family::kJoint, id, out);
  if (type == "MOTION") add_matches(m.motions, Family::kMotion, id, out);
  if (type == "COUPLER" || type == "GEAR") {
    for (size_t k = 0; k < m.couplers.size(); ++k) {
      if (m.couplers[k].id == id && m.couplers[k].gear == (type == "GEAR")) {
        out.push_back({Family::kCoupler, k});
      }
    }
  }
  if (type == "SFORCE" || any_force) add_matches(m.scalar_forces, Family::kScalar, id, out);
  if (type == "GFORCE" || type == "VFORCE" || type == "VTORQUE" || any_force) {
    add_matches(m.vector_forces, Family::kVector, id, out);
  }
  if (type == "SPDP" || any_force) add_matches(m.spring_dampers, Family::kSpring, id, out);
  if (type == "BUSH" || any_force) add_matches(m.bushings, Family::kBushing, id, out);
  if (type == "FIELD" || any_force) add_matches(m.fields, Family::kField, id, out);
  if (type == "BEAM" || any_force) add_matches(m.beams, Family::kBeam, id, out);
  return out;
}

std::string element_names(const std::string& type) {
  if (type == "JOINT") return "Constraint_Joint";
  if (type == "MOTION") return "Motion_Joint";
  if (type == "COUPLER") return "Constraint_Coupler";
  if (type == "GEAR") return "Constraint_Gear";
  if (type == "SFORCE") return "Force_Scalar_TwoBody";
  if (type == "SPDP") return "Force_SpringDamper";
  if (type == "BUSH") return "Force_Bushing";
  if (type == "FIELD") return "Force_Field";
  if (type == "BEAM") return "Force_Beam";
  if (type == "FORCE") return "force element";
  return "Force_Vector_TwoBody or Force_Vector_OneBody";
}

/// Whether some model element of the deck has the id `id` (one that failed to build is missing
/// from an incomplete model, and a command naming it has no error of its own).
bool deck_declares_id(const Deck& deck, int id) {
  return std::any_of(deck.model.begin(), deck.model.end(), [&](const DeckNode& n) {
    const DeckAttribute* a = n.find("id");
    return a && trim(a->value) == std::to_string(id);
  });
}

/// `incomplete`: the deck of a model that had errors (elements may be missing), or nullptr.
bool resolve_activation(const DeckNode& node, const Model& m, Command& cmd, Diagnostics& diag,
                        const Deck* incomplete) {
  ElementReader in(node, diag);
  const bool activate = node.tag == "activate";
  std::vector<std::string_view> all(kOwnTypes.begin(), kOwnTypes.end());
  for (const auto& [k, name] : kOtherTypes) all.push_back(k);
  std::optional<std::string> type;
  if (!in.has("element_type")) {
    in.missing("element_type",
               "JOINT, MOTION, COUPLER, GEAR, SFORCE, "
               "GFORCE, VFORCE, VTORQUE, SPDP, BUSH, FIELD, BEAM or FORCE");
  } else {
    type = in.keyword("element_type", all);
  }
  const std::optional<int> id = in.required_ref("element_id");
  in.finish();
  if (!type || !id) return false;
  for (const auto& [k, name] : kOtherTypes) {
    if (*type == k) {
      in.error("element_type", fmt::format("element_type {} ({}) is not supported yet: mbsolve "
                                           "has no such elements",
                                           k, name));
      return false;
    }
  }
  const std::vector<Target> targets = select(m, *type, *id);
  if (targets.empty()) {
    if (incomplete && deck_declares_id(*incomplete, *id)) return false;
    in.error("element_id", fmt::format("element_id {} is not a {}", *id, element_names(*type)));
    return false;
  }
  cmd.description = fmt::format("{} {} {}", activate ? "Activate" : "Deactivate", *type, *id);
  cmd.edit = [targets, activate](Model& model) {
    for (const Target& t : targets) active_flag(model, t) = activate;
  };
  return true;
}

// ---- element modification --------------------------------------------------------------------

/// Reports every attribute outside `allowed` (and id, label) as an error; false if any.
template <class Names>
bool check_attributes(ElementReader& in, const Names& allowed) {
  bool ok = true;
  std::string list;
  for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  for (const auto& a : in.node().attributes) {
    if (a.name == "id" || a.name == "label") continue;
    bool known = false;
    for (auto n : allowed) known |= a.name == n;
    if (!known) {
      in.error(a.name, fmt::format("attribute '{}' cannot be changed by a {} command (mbsolve "
                                   "changes: {})",
                                   a.spelled, in.node().spelled, list));
      ok = false;
    }
  }
  return ok;
}

bool check_attributes(ElementReader& in, std::initializer_list<std::string_view> allowed) {
  return check_attributes<std::initializer_list<std::string_view>>(in, allowed);
}

/// The attributes a command may change on Force_Bushing, Force_Field or Force_Beam (`tag`):
/// the element's numbers, not its markers or rotation model.
std::vector<std::string> linear_force_attributes(std::string_view tag) {
  std::vector<std::string> out;
  for (auto axis : kAxisNames) out.push_back("preload_" + std::string(axis));
  if (tag == "force_bushing") {
    for (auto axis : kAxisNames) {
      out.push_back("k" + std::string(axis));
      out.push_back("c" + std::string(axis));
    }
  } else if (tag == "force_field") {
    for (int r = 1; r <= 6; ++r) {
      for (int c = 1; c <= 6; ++c) {
        out.push_back(fmt::format("k{}{}", r, c));
        out.push_back(fmt::format("c{}{}", r, c));
      }
    }
    for (auto axis : kAxisNames) out.push_back("length_" + std::string(axis));
    out.push_back("cratio");
  } else {
    for (auto n : {"length", "e", "g", "area", "ixx", "iyy", "izz", "asy", "asz", "cratio"}) {
      out.push_back(n);
    }
  }
  return out;
}

template <class T>
std::optional<size_t> find_id(const std::vector<T>& items, int id) {
  for (size_t k = 0; k < items.size(); ++k) {
    if (items[k].id == id) return k;
  }
  return std::nullopt;
}

/// The current expression attributes of the elements changed so far (name -> attribute), so
/// that a command that changes one component recompiles the element's group with the others.
class ExpressionSources {
 public:
  explicit ExpressionSources(const Deck& deck) : deck_(deck) {}
  std::map<std::string, DeckAttribute>& of(std::initializer_list<std::string_view> tags, int id) {
    const std::string key = fmt::format("{}#{}", *tags.begin(), id);
    auto it = sources_.find(key);
    if (it != sources_.end()) return it->second;
    auto& out = sources_[key];
    for (const auto& n : deck_.model) {
      bool tag_ok = false;
      for (auto t : tags) tag_ok |= n.tag == t;
      const DeckAttribute* a = tag_ok ? n.find("id") : nullptr;
      if (!a || parse_int(trim(a->value)) != id) continue;
      for (const auto& attr : n.attributes) out[attr.name] = attr;
      break;
    }
    return out;
  }

 private:
  static std::optional<long long> parse_int(std::string_view s) {
    long long v = 0;
    if (s.empty()) return std::nullopt;
    for (char c : s) {
      if (c < '0' || c > '9') return std::nullopt;
      v = v * 10 + (c - '0');
    }
    return v;
  }
  const Deck& deck_;
  std::map<std::string, std::map<std::string, DeckAttribute>> sources_;
};

/// Replaces the attributes of `src` that the command gives; the draft lists `names` in order.
DraftExpressionElement expression_draft(ElementReader& in,
                                        std::map<std::string, DeckAttribute>& src,
                                        std::initializer_list<std::string_view> names) {
  DraftExpressionElement d;
  d.node = &in.node();
  d.subject = in.subject();
  d.id = in.id();
  d.loc = in.node().loc;
  for (auto n : names) {
    if (const DeckAttribute* a = in.attr(n)) src[std::string(n)] = *a;
    auto it = src.find(std::string(n));
    const DeckAttribute* a = it == src.end() ? nullptr : &it->second;
    if (a && (iequals(trim(a->value), "NULL") || trim(a->value).empty())) a = nullptr;
    d.expressions.push_back(a);
  }
  return d;
}

std::string changed_names(const DeckNode& node) {
  std::string out;
  for (const auto& a : node.attributes) {
    if (a.name == "id") continue;
    out += (out.empty() ? "" : ", ") + a.name;
  }
  return out;
}

class EditResolver {
 public:
  EditResolver(const Deck& deck, Model& scratch, Diagnostics& diag)
      : deck_(deck), sources_(deck), scratch_(scratch), diag_(diag) {}

  /// Sets cmd.edit and applies it to the scratch model; false after reporting an error.
  bool resolve(const DeckNode& node, Command& cmd) {
    ElementReader in(node, diag_);
    static constexpr std::array<std::string_view, 13> kChangeable = {
        "body_rigid",           "force_springdamper",   "force_scalar_twobody",
        "force_vector_twobody", "force_vector_onebody", "force_bushing",
        "force_field",          "force_beam",           "force_gravity",
        "motion_joint",         "motion_marker",        "reference_variable",
        "post_request"};
    if (std::find(kChangeable.begin(), kChangeable.end(), node.tag) == kChangeable.end()) {
      unsupported(in);
      return false;
    }
    if (node.tag == "force_gravity") {
      if (!gravity(in, cmd)) return false;
      cmd.description = fmt::format("{}: {} changed", node.spelled, changed_names(node));
      cmd.edit(scratch_);
      return true;
    }
    const int id = in.require_id();
    if (id == 0) return false;
    bool ok = false;
    if (node.tag == "body_rigid") {
      ok = body_rigid(in, id, cmd);
    } else if (node.tag == "force_springdamper") {
      ok = spring_damper(in, id, cmd);
    } else if (node.tag == "force_scalar_twobody") {
      ok = scalar_force(in, id, cmd);
    } else if (node.tag == "force_vector_twobody" || node.tag == "force_vector_onebody") {
      ok = vector_force(in, id, cmd);
    } else if (node.tag == "force_bushing" || node.tag == "force_field" ||
               node.tag == "force_beam") {
      ok = linear_force(in, id, cmd);
    } else if (node.tag == "motion_joint" || node.tag == "motion_marker") {
      ok = motion(in, id, cmd);
    } else if (node.tag == "reference_variable") {
      ok = variable(in, id, cmd);
    } else {
      ok = request(in, id, cmd);
    }
    if (!ok) return false;
    cmd.description = fmt::format("{} {}: {} changed", node.spelled, id, changed_names(node));
    cmd.edit(scratch_);
    return true;
  }

 private:
  static void unsupported(ElementReader& in) {
    in.error_here(
        fmt::format("modifying {} from the command section is not supported yet "
                    "(supported: Body_Rigid, Force_SpringDamper, Force_Scalar_TwoBody, "
                    "Force_Vector_TwoBody/OneBody, Force_Bushing, Force_Field, Force_Beam, "
                    "Force_Gravity, Motion_Joint, Motion_Marker, Reference_Variable, Post_Request)",
                    in.node().spelled));
  }

  void not_found(ElementReader& in, int id) {
    in.error("id", fmt::format("no {} of the model has id {}", in.node().spelled, id));
  }

  /// Mass and inertia are recomputed from the deck's values with the command's replaced, the
  /// way the model builder computes them, so the result equals a build with those values.
  bool body_rigid(ElementReader& in, int id, Command& cmd) {
    static constexpr std::array<const char*, 7> kNames = {
        "mass", "inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_yz", "inertia_xz"};
    static constexpr std::array<const char*, 6> kVelocities = {"v_ic_x", "v_ic_y", "v_ic_z",
                                                               "w_ic_x", "w_ic_y", "w_ic_z"};
    bool ok = check_attributes(
        in, {"mass", "inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_yz",
             "inertia_xz", "v_ic_x", "v_ic_y", "v_ic_z", "w_ic_x", "w_ic_y", "w_ic_z"});
    auto it = scratch_.body_index.find(id);
    if (it == scratch_.body_index.end()) {
      not_found(in, id);
      return false;
    }
    const size_t b = static_cast<size_t>(it->second);
    const Body& body = scratch_.bodies[b];
    if (body.ground || body.cm_marker < 0) {
      in.error("id",
               fmt::format("Body_Rigid {} is the ground or has no cg_id: nothing to change", id));
      return false;
    }
    auto& src = sources_.of({"body_rigid"}, id);
    std::array<double, 7> v{};
    for (size_t k = 0; k < kNames.size(); ++k) {
      if (const auto given = in.real(kNames[k])) {
        if (k == 0 && *given <= 0) {
          in.error("mass",
                   "mass must be > 0 for a moving body (got " + in.attr("mass")->value + ")");
          ok = false;
        }
        if (k > 0 && k < 4 && *given <= 0) {
          in.error(kNames[k],
                   std::string(kNames[k]) + " must be > 0 (got " + in.attr(kNames[k])->value + ")");
          ok = false;
        }
        src[kNames[k]] = *in.attr(kNames[k]);
      } else if (in.has(kNames[k])) {
        ok = false;  // unreadable: reported
      }
      auto s = src.find(kNames[k]);
      v[k] = s == src.end() ? 0.0 : parse_real(s->second.value).value_or(0.0);
    }
    VelocityReset reset;
    reset.body = static_cast<int>(b);
    bool velocities = false;
    for (size_t k = 0; k < kVelocities.size(); ++k) {
      reset.v[k] = in.real(kVelocities[k]);
      velocities |= reset.v[k].has_value();
      if (!reset.v[k] && in.has(kVelocities[k])) ok = false;  // unreadable: reported
    }
    if (!ok) return false;
    const Marker& cm = scratch_.markers[body.cm_marker];
    const Marker& im = scratch_.markers[body.im_marker >= 0 ? body.im_marker : body.cm_marker];
    const double mass = v[0];
    const Mat3 J =
        inertia_about_cm(mass, inertia_matrix(v[1], v[2], v[3], v[4], v[5], v[6]), cm, im);
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
    cmd.edit = [b, mass, J, reset, velocities](Model& m) {
      m.bodies[b].mass = mass;
      m.bodies[b].inertia_cm = J;
      if (!velocities) return;
      // The initial velocity of a fresh build (sweeps), and the next Simulate's start.
      for (int c = 0; c < 3; ++c) {
        m.bodies[b].v0(c) = reset.v[static_cast<size_t>(c)].value_or(m.bodies[b].v0(c));
        m.bodies[b].w0(c) = reset.v[static_cast<size_t>(c + 3)].value_or(m.bodies[b].w0(c));
      }
      for (size_t c = 0; c < 6; ++c) m.bodies[b].velocity_given[c] |= reset.v[c].has_value();
      m.velocity_resets.push_back(reset);
    };
    return true;
  }

  bool spring_damper(ElementReader& in, int id, Command& cmd) {
    bool ok = check_attributes(in, {"stiffness", "damping", "length", "preload"});
    const auto k = find_id(scratch_.spring_dampers, id);
    if (!k) {
      not_found(in, id);
      return false;
    }
    auto nonneg = [&](const char* n) {
      std::optional<double> v = in.real(n);
      if (v && *v < 0) {
        in.error(n, std::string(n) + " must be >= 0 (got " + in.attr(n)->value + ")");
        ok = false;
      }
      return v;
    };
    const auto stiffness = nonneg("stiffness"), damping = nonneg("damping");
    const auto length = in.real("length"), preload = in.real("preload");
    if (length && *length <= 0 && !scratch_.spring_dampers[*k].rotational) {
      in.error("length", "length of a translational spring must be > 0 (got " +
                             in.attr("length")->value + ")");
      ok = false;
    }
    if (!ok) return false;
    const size_t i = *k;
    cmd.edit = [i, stiffness, damping, length, preload](Model& m) {
      SpringDamper& s = m.spring_dampers[i];
      s.stiffness = stiffness.value_or(s.stiffness);
      s.damping = damping.value_or(s.damping);
      s.length = length.value_or(s.length);
      s.preload = preload.value_or(s.preload);
    };
    return true;
  }

  bool scalar_force(ElementReader& in, int id, Command& cmd) {
    bool ok = check_attributes(in, {"type", "val", "val_expression"});
    const auto k = find_id(scratch_.scalar_forces, id);
    if (!k) {
      not_found(in, id);
      return false;
    }
    if (const DeckAttribute* t = in.attr("type")) {
      const bool torque = iequals(trim(t->value), "TORQUE") || iequals(trim(t->value), "ROTATION");
      if (torque != scratch_.scalar_forces[*k].rotational) {
        in.error("type", "a command cannot change the type of a Force_Scalar_TwoBody");
        ok = false;
      }
    }
    if (in.has("val") && in.has("val_expression")) {
      in.error("val_expression", "give val or val_expression, not both");
      ok = false;
    }
    if (!in.has("val") && !in.has("val_expression")) {
      in.error_here("nothing to change (give val or val_expression)");
      ok = false;
    }
    if (!ok) return false;
    auto& src = sources_.of({"force_scalar_twobody"}, id);
    if (const DeckAttribute* v = in.attr("val")) {
      src.erase("val_expression");
      src["val"] = *v;
    } else {
      src.erase("val");
    }
    DraftExpressionElement d =
        expression_draft(in, src, {src.count("val") ? "val" : "val_expression"});
    ExpressionGroup g;
    if (!compile_group(scratch_, d, false, g, diag_)) return false;
    const size_t i = *k;
    cmd.edit = [i, g](Model& m) { m.scalar_forces[i].expr = g; };
    return true;
  }

  bool vector_force(ElementReader& in, int id, Command& cmd) {
    bool ok = check_attributes(in, {"type", "fx_expression", "fy_expression", "fz_expression",
                                    "tx_expression", "ty_expression", "tz_expression"});
    const auto k = find_id(scratch_.vector_forces, id);
    const bool one_body = in.node().tag == "force_vector_onebody";
    if (!k || scratch_.vector_forces[*k].one_body != one_body) {
      not_found(in, id);
      return false;
    }
    auto& src = sources_.of({in.node().tag}, id);
    if (const DeckAttribute* t = in.attr("type")) {
      auto old = src.find("type");
      if (old == src.end() || !iequals(trim(old->second.value), trim(t->value))) {
        in.error("type", "a command cannot change the type of a " + in.node().spelled);
        ok = false;
      }
    }
    if (!ok) return false;
    DraftExpressionElement d =
        expression_draft(in, src,
                         {"fx_expression", "fy_expression", "fz_expression", "tx_expression",
                          "ty_expression", "tz_expression"});
    ExpressionGroup g;
    if (!compile_group(scratch_, d, false, g, diag_)) return false;
    const size_t i = *k;
    cmd.edit = [i, g](Model& m) { m.vector_forces[i].expr = g; };
    return true;
  }

  bool motion(ElementReader& in, int id, Command& cmd) {
    bool ok = check_attributes(in, {"type", "val_type", "expr"});
    const bool on_markers = in.node().tag == "motion_marker";
    std::optional<size_t> k;
    for (size_t m = 0; m < scratch_.motions.size() && !k; ++m) {
      if (scratch_.motions[m].id == id && scratch_.motions[m].on_markers == on_markers) k = m;
    }
    if (!k) {
      not_found(in, id);
      return false;
    }
    static constexpr std::array<std::string_view, 3> kVal = {"D", "V", "A"};
    const auto level = static_cast<size_t>(scratch_.motions[*k].level);
    if (auto v = in.keyword("val_type", kVal); v && *v != kVal[level]) {
      in.error("val_type", fmt::format("a command cannot change the val_type of a motion (it is "
                                       "{}; the motion's states are fixed when the run starts)",
                                       kVal[level]));
      ok = false;
    }
    static constexpr std::array<std::string_view, 1> kKinds = {"EXPRESSION"};
    if (in.has("type") && !in.keyword("type", kKinds)) ok = false;
    if (!in.has("expr")) {
      in.error_here("nothing to change (give expr)");
      ok = false;
    } else if (scratch_.motions[*k].user) {
      in.error("expr", "the motion is a MOTSUB user subroutine (type USERSUB): it has no expr");
      ok = false;
    }
    if (!ok) return false;
    auto& src = sources_.of({in.node().tag}, id);
    DraftExpressionElement d = expression_draft(in, src, {"expr"});
    ExpressionGroup g;
    if (!compile_group(scratch_, d, true, g, diag_)) return false;
    if (!g.measures.empty()) {
      in.error("expr", motion_time_only_error(g));
      return false;
    }
    const size_t i = *k;
    cmd.edit = [i, g](Model& m) { m.motions[i].expr = g; };
    return true;
  }

  bool variable(ElementReader& in, int id, Command& cmd) {
    bool ok = check_attributes(in, {"type", "expr"});
    const auto k = find_id(scratch_.variables, id);
    if (!k) {
      not_found(in, id);
      return false;
    }
    static constexpr std::array<std::string_view, 1> kKinds = {"EXPRESSION"};
    if (in.has("type") && !in.keyword("type", kKinds)) ok = false;
    if (!in.has("expr")) {
      in.error_here("nothing to change (give expr)");
      ok = false;
    }
    if (!ok) return false;
    auto& src = sources_.of({"reference_variable"}, id);
    DraftExpressionElement d = expression_draft(in, src, {"expr"});
    ExpressionGroup g;
    if (!compile_group(scratch_, d, true, g, diag_)) return false;
    const size_t i = *k;
    Model probe = scratch_;
    probe.variables[i].expr = g;
    if (variable_depends_on_itself(probe, i)) {
      in.error("expr", "the variable would depend on itself through VARVAL (an algebraic loop)");
      return false;
    }
    cmd.edit = [i, g](Model& m) { m.variables[i].expr = g; };
    return true;
  }

  /// Force_Bushing / Force_Field / Force_Beam: the deck element's attributes with the command's
  /// (and earlier commands') replaced go through the element's own builder, so the new numbers
  /// are exactly those of a deck written with them and are checked by the same rules.
  bool linear_force(ElementReader& in, int id, Command& cmd) {
    const std::string& tag = in.node().tag;
    if (!check_attributes(in, linear_force_attributes(tag))) return false;
    std::vector<LinearForce>& list = tag == "force_bushing" ? scratch_.bushings
                                     : tag == "force_field" ? scratch_.fields
                                                            : scratch_.beams;
    const auto k = find_id(list, id);
    if (!k) {
      not_found(in, id);
      return false;
    }
    auto& src = sources_.of({tag}, id);
    for (const auto& a : in.node().attributes) src[a.name] = a;
    DeckNode merged;
    merged.tag = tag;
    merged.spelled = in.node().spelled;
    merged.loc = in.node().loc;
    for (const auto& [name, a] : src) merged.attributes.push_back(a);
    // The deck's own attributes were checked when the model was built: only errors (which come
    // from the command's values) are reported, not the deck's warnings again.
    Diagnostics scratch_diag;
    ModelDraft draft;
    {
      ElementReader element(merged, scratch_diag);
      if (tag == "force_bushing") {
        build_force_bushing(element, draft, true);
      } else if (tag == "force_field") {
        build_force_field(element, draft, true);
      } else {
        build_force_beam(element, draft, true);
      }
    }
    bool ok = true;
    for (const Diagnostic& d : scratch_diag.all()) {
      if (d.severity != Severity::kError) continue;
      diag_.add(d);
      ok = false;
    }
    const auto& drafts = tag == "force_bushing" ? draft.bushings
                         : tag == "force_field" ? draft.fields
                                                : draft.beams;
    if (!ok || drafts.size() != 1) return false;
    LinearForce law;
    unpack_linear(drafts.front(), law);
    const size_t i = *k;
    const LinearForce::Element element = list[i].element;
    cmd.edit = [i, element, law](Model& m) {
      LinearForce& f = element == LinearForce::Element::kBushing ? m.bushings[i]
                       : element == LinearForce::Element::kField ? m.fields[i]
                                                                 : m.beams[i];
      f.K = law.K;
      f.C = law.C;
      f.length = law.length;
      f.preload = law.preload;
    };
    return true;
  }

  /// Force_Gravity: grav_x/y/z, constants or expressions of TIME; the others keep their values.
  bool gravity(ElementReader& in, Command& cmd) {
    if (!check_attributes(in, {"grav_x", "grav_y", "grav_z"})) return false;
    if (gravity_src_.empty()) {
      for (const auto& n : deck_.model) {
        if (n.tag != "force_gravity") continue;  // the last one is the model's
        gravity_src_.clear();
        for (const auto& a : n.attributes) gravity_src_[a.name] = a;
      }
    }
    DraftExpressionElement d = expression_draft(in, gravity_src_, {"grav_x", "grav_y", "grav_z"});
    Vec3 constant;
    std::optional<ExpressionGroup> expr;
    if (!compile_gravity(d, scratch_, constant, expr, diag_)) return false;
    cmd.edit = [constant, expr](Model& m) {
      m.gravity = constant;
      m.gravity_expr = expr;
    };
    return true;
  }

  bool request(ElementReader& in, int id, Command& cmd) {
    bool ok = check_attributes(
        in, {"expr1", "expr2", "expr3", "expr4", "expr5", "expr6", "expr7", "expr8"});
    const auto k = find_id(scratch_.requests, id);
    if (!k) {
      not_found(in, id);
      return false;
    }
    const Request& r = scratch_.requests[*k];
    if (r.type != Request::Type::kExpression) {
      in.error_here("only EXPRESSION requests can be changed by a command");
      return false;
    }
    // The result columns are fixed when the run starts: only present channels can change.
    std::vector<std::string> names;
    for (const auto& ch : r.channels) names.push_back("expr" + ch.substr(1));
    for (const auto& a : in.node().attributes) {
      if (!a.name.starts_with("expr")) continue;
      if (std::find(names.begin(), names.end(), a.name) == names.end()) {
        in.error(a.name, fmt::format("the request has no {} channel to change (its result "
                                     "columns are fixed when the run starts)",
                                     a.name));
        ok = false;
      }
    }
    if (!ok) return false;
    auto& src = sources_.of({"post_request"}, id);
    DraftExpressionElement d;
    d.node = &in.node();
    d.subject = in.subject();
    d.id = id;
    d.loc = in.node().loc;
    for (const auto& n : names) {
      if (const DeckAttribute* a = in.attr(n)) src[n] = *a;
      d.expressions.push_back(&src[n]);
    }
    ExpressionGroup g;
    if (!compile_group(scratch_, d, true, g, diag_)) return false;
    const size_t i = *k;
    cmd.edit = [i, g](Model& m) { m.requests[i].expr = g; };
    return true;
  }

  const Deck& deck_;
  ExpressionSources sources_;
  std::map<std::string, DeckAttribute> gravity_src_;  ///< Force_Gravity's current attributes
  Model& scratch_;
  Diagnostics& diag_;
};

}  // namespace

bool is_edit_command(std::string_view lower_tag, bool model_and_command_element) {
  if (lower_tag == "activate" || lower_tag == "deactivate") return true;
  return model_and_command_element && lower_tag != "param_transient" && lower_tag != "param_static";
}

void resolve_command_edits(const Deck& deck, const std::vector<PendingEdit>& edits, Model& m,
                           Diagnostics& diag, bool model_has_errors) {
  if (edits.empty()) return;
  Model scratch = m;  // the model as each command finds it
  EditResolver resolver(deck, scratch, diag);
  for (const PendingEdit& e : edits) {
    Command& cmd = m.commands[e.command];
    const bool activation = e.node->tag == "activate" || e.node->tag == "deactivate";
    // With model errors only Activate/Deactivate are checked (their element type and id); a
    // modification of an element that failed would report that element's error again.
    if (model_has_errors && !activation) continue;
    const bool ok = activation ? resolve_activation(*e.node, scratch, cmd, diag,
                                                    model_has_errors ? &deck : nullptr)
                               : resolver.resolve(*e.node, cmd);
    if (ok && activation) cmd.edit(scratch);
    if (!ok) cmd.edit = nullptr;
  }
}

bool apply_value_overrides(const Deck& deck, std::span<const Override> overrides, Model& m) {
  static constexpr std::array<std::string_view, 7> kReusable = {
      "body_rigid",           "force_springdamper", "force_scalar_twobody", "force_vector_twobody",
      "force_vector_onebody", "motion_joint",       "reference_variable"};
  // One synthetic command node per element, holding the overridden attributes.
  std::vector<DeckNode> nodes;
  for (const Override& o : overrides) {
    std::string error;
    const auto path = o.is_path() ? parse_element_path(o.name, error) : std::nullopt;
    if (!path || !path->id) return false;
    const std::string tag = to_lower(path->type), attr = to_lower(path->attribute);
    if (std::find(kReusable.begin(), kReusable.end(), tag) == kReusable.end()) return false;
    const DeckNode* original = nullptr;
    for (const auto& n : deck.model) {
      const DeckAttribute* id = n.tag == tag ? n.find("id") : nullptr;
      if (id && trim(id->value) == trim(*path->id)) original = &n;
    }
    if (!original || !original->find(attr) || attr == "id" || attr == "type") return false;
    auto it = std::find_if(nodes.begin(), nodes.end(), [&](const DeckNode& n) {
      return n.tag == tag && trim(n.attributes[0].value) == trim(*path->id);
    });
    if (it == nodes.end()) {
      DeckNode n;
      n.tag = tag;
      n.spelled = original->spelled;
      n.loc = command_line_loc();
      DeckAttribute id;
      id.name = id.spelled = "id";
      id.value = *path->id;
      id.loc = id.value_loc = n.loc;
      n.attributes.push_back(std::move(id));
      nodes.push_back(std::move(n));
      it = nodes.end() - 1;
    }
    if (DeckAttribute* given = it->find(attr)) {
      given->value = o.value;  // the last override of an attribute wins, as in the deck
      continue;
    }
    DeckAttribute a;
    a.name = attr;
    a.spelled = path->attribute;
    a.value = o.value;
    a.loc = a.value_loc = command_line_loc();
    it->attributes.push_back(std::move(a));
  }
  Diagnostics diag;
  EditResolver resolver(deck, m, diag);
  for (const DeckNode& n : nodes) {
    Command cmd;
    if (!resolver.resolve(n, cmd)) return false;
  }
  // An overridden v_ic / w_ic is the deck's initial velocity here (Body::v0, w0), not a change
  // between Simulates.
  m.velocity_resets.clear();
  return diag.all().empty();
}

}  // namespace mb
