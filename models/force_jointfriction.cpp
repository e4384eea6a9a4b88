#include "models/force_jointfriction.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>

#include "common/text.hpp"
#include "models/constraint_joint.hpp"
#include "models/state_reader.hpp"

namespace mb {

namespace {

/// The attribute's name as the deck spells it (Adams words in a dataset).
std::string spelled(ElementReader& in, std::string_view name) {
  const DeckAttribute* a = in.attr(name);
  return a ? a->spelled : std::string(name);
}

/// A real attribute that must be > 0 (or >= 0 when `zero_ok`).
double positive(ElementReader& in, std::string_view name, double fallback, bool zero_ok = false) {
  const double v = in.real_or(name, fallback);
  if (in.has(name) && (zero_ok ? v < 0 : v <= 0)) {
    in.error(name,
             fmt::format("{} must be {} 0 (got {:g})", spelled(in, name), zero_ok ? ">=" : ">", v));
    return fallback;
  }
  return v;
}

/// INPUTS: Adams words (PRELOAD, REACTION_FORCE, BENDING_MOMENT, TORSIONAL_MOMENT, ALL, NONE;
/// FORCE_PRELOAD as PRELOAD), separated by ':' ',' or blanks and optionally in parentheses, or
/// MotionSolve's 4-bit integer (one 0/1 digit per input, in that order).
void read_inputs(ElementReader& in, DraftJointFriction& f) {
  const DeckAttribute* a = in.attr("inputs");
  if (!a) return;
  std::string text = a->value;
  for (char& c : text) {
    if (c == '(' || c == ')' || c == ':' || c == ',') c = ' ';
  }
  const std::string_view t = trim(text);
  if (t.size() == 4 && t.find_first_not_of("01") == std::string_view::npos) {
    f.preload = t[0] == '1';
    f.reaction_force = t[1] == '1';
    f.bending_moment = t[2] == '1';
    f.torsional_moment = t[3] == '1';
    return;
  }
  f.preload = f.reaction_force = f.bending_moment = f.torsional_moment = false;
  const std::vector<std::string> words = split_list(t);
  const bool any = !words.empty();
  for (const std::string& word : words) {
    auto is = [&](std::string_view w) { return iequals(word, w); };
    if (is("ALL")) {
      f.preload = f.reaction_force = f.bending_moment = f.torsional_moment = true;
    } else if (is("NONE")) {
    } else if (is("PRELOAD") || is("FORCE_PRELOAD") || is("TORQUE_PRELOAD")) {
      f.preload = true;
    } else if (is("REACTION_FORCE")) {
      f.reaction_force = true;
    } else if (is("BENDING_MOMENT")) {
      f.bending_moment = true;
    } else if (is("TORSIONAL_MOMENT")) {
      f.torsional_moment = true;
    } else {
      in.error("inputs", fmt::format("{} '{}' is not an input; allowed: ALL, NONE, PRELOAD, "
                                     "REACTION_FORCE, BENDING_MOMENT, TORSIONAL_MOMENT (or "
                                     "four 0/1 digits)",
                                     spelled(in, "inputs"), word));
    }
  }
  if (!any) in.error("inputs", spelled(in, "inputs") + " is empty");
}

std::string num(double v) { return fmt::format("{:.17g}", v); }

/// A generated expression attribute, located at the friction element.
const DeckAttribute* generated(ModelDraft& draft, const DraftJointFriction& f,
                               std::string_view name, std::string text) {
  return add_generated_attribute(draft, f.loc, name, std::move(text));
}

/// Writes the friction law of one joint as expressions of its reactions, slip velocities and
/// creep states (see the header for the law).
class FrictionWriter {
 public:
  FrictionWriter(const DraftJointFriction& f, int joint_id, int mi, int mj)
      : f_(f), joint_(joint_id), mi_(mi), mj_(mj) {}

  /// JOINT(id, 0, comp, frame): the reaction on I in the axes of marker `frame` (J's by
  /// default).
  std::string reaction(int comp, int frame = 0) const {
    return fmt::format("JOINT({}, 0, {}, {})", joint_, comp, frame ? frame : mj_);
  }
  /// |(a, b)| (|(a, b, c)|), smoothed by 1e-12 (force units) so that it is differentiable at 0.
  std::string norm(std::initializer_list<int> comps, int frame = 0) const {
    std::string s = "SQRT(";
    for (int c : comps) s += fmt::format("{0}*{0} + ", reaction(c, frame));
    return s + "1E-24)";
  }
  std::string fxy() const { return norm({2, 3}); }
  std::string txy() const { return norm({6, 7}); }
  std::string tz() const { return "ABS(" + reaction(8) + ")"; }
  std::string f_all() const { return norm({2, 3, 4}); }

  /// The normal input of a pin along axis `axis` (0 x, 1 y, 2 z) of marker `frame` (a REVOLUTE
  /// joint's, or one yoke pin of a UNIVERSAL or HOOKE joint):
  ///   Tprl + Rp |F across the pin| + Rn |F along it| + Rp |T across it| / Rb.
  std::string pin_normal(int frame, int axis) const {
    const int a = (axis + 1) % 3, b = (axis + 2) % 3;
    const std::string rp = num(f_.pin_radius);
    return sum(
        {{f_.preload, num(f_.torque_preload)},
         {f_.reaction_force, rp + "*" + norm({2 + a, 2 + b}, frame)},
         {f_.reaction_force, num(f_.friction_arm) + "*ABS(" + reaction(2 + axis, frame) + ")"},
         {f_.bending_moment,
          rp + "*" + norm({6 + a, 6 + b}, frame) + "/" + num(f_.bending_reaction_arm)}});
  }

  /// The overlap Xs of a sliding joint.
  std::string overlap(double dz0) const {
    if (f_.overlap_delta == 0) return num(f_.initial_overlap);
    return fmt::format("({} {} (DZ({}, {}, {}) - {}))", num(f_.initial_overlap),
                       f_.overlap_delta > 0 ? "+" : "-", mi_, mj_, mj_, num(dz0));
  }

  /// Sum of the terms whose input is on ("0" when none is).
  static std::string sum(std::initializer_list<std::pair<bool, std::string>> terms) {
    std::string s;
    for (const auto& [on, t] : terms) {
      if (!on) continue;
      if (!s.empty()) s += " + ";
      s += t;
    }
    return s.empty() ? "0" : "(" + s + ")";
  }

  /// The creep ratio u = z / d of state `z` (DIF(id)).
  std::string ratio(int z) const { return fmt::format("(DIF({})/{})", z, num(f_.max_deformation)); }

  /// The stiction coefficient (one direction): w mu_s S((z + tau z') / d), tau = d / Vs, with
  /// S(x) = STEP(x, -1, -1, 1, 1) the smooth saturation that caps it at mu_s.
  std::string stick(const std::string& weight, int z, const std::string& rate) const {
    return fmt::format("{}*{}*STEP({} + {}*({}), -1, -1, 1, 1)", weight, num(f_.mu_static),
                       ratio(z), num(1 / f_.stiction_velocity), rate);
  }

  /// Signed coefficient for a 1-D slip velocity `v` with creep state `z` (DIF(id)).
  std::string coefficient(const std::string& v, int z) const {
    const std::string weight =
        fmt::format("STEP(ABS({}), {}, 1, {}, 0)", v, num(f_.stiction_velocity),
                    num(f_.transition_coefficient * f_.stiction_velocity));
    const std::string sticking = stick(weight, z, creep_rate(v, z));
    const std::string sign = fmt::format("STEP({}, {}, -1, {}, 1)", v, num(-f_.stiction_velocity),
                                         num(f_.stiction_velocity));
    switch (f_.effect) {
      case DraftJointFriction::Effect::kStiction:
        return "(" + sticking + ")";
      case DraftJointFriction::Effect::kSliding:
        return fmt::format("({}*{})", num(f_.mu_dynamic), sign);
      case DraftJointFriction::Effect::kAll:
        break;
    }
    return fmt::format("({} + (1 - {})*{}*{})", sticking, weight, num(f_.mu_dynamic), sign);
  }

  /// z' = v - |v| u^5 for a 1-D slip velocity.
  std::string creep_rate(const std::string& v, int z) const {
    const std::string u = ratio(z);
    return fmt::format("{0} - ABS({0})*{1}*{1}*{1}*{1}*{1}", v, u);
  }

  bool needs_creep() const { return f_.effect != DraftJointFriction::Effect::kSliding; }

  const DraftJointFriction& f_;
  int joint_, mi_, mj_;
};

/// The joint of `f`, or nullptr after reporting why friction cannot act in it.
const Joint* friction_joint(const DraftJointFriction& f, const Model& m, Diagnostics& diag) {
  const Joint* joint = nullptr;
  for (const Joint& j : m.joints) {
    if (!j.primitive && j.id == f.joint.id) joint = &j;
  }
  const std::string joint_word = f.joint.spelled.empty() ? "joint_id" : f.joint.spelled;
  if (!joint) {
    diag.error(f.joint.loc, f.subject,
               fmt::format("{} {} is not a joint of the model", joint_word, f.joint.id));
    return nullptr;
  }
  const bool adams = f.joint.spelled == "JOINT";
  const bool yoked = joint->type == JointType::kUniversal || joint->type == JointType::kHooke;
  if (!yoked && joint->type != JointType::kRevolute && joint->type != JointType::kTranslational &&
      joint->type != JointType::kCylindrical && joint->type != JointType::kSpherical) {
    diag.error(f.joint.loc, f.subject,
               fmt::format("{} {} is not a REVOLUTE, TRANSLATIONAL, CYLINDRICAL, SPHERICAL, "
                           "UNIVERSAL or HOOKE joint; {} friction applies to those",
                           joint_word, f.joint.id, adams ? "FRICTION" : "Force_JointFriction"));
    return nullptr;
  }
  if (!yoked && !f.yoke_spelled.empty()) {
    diag.error(f.yoke_loc, f.subject,
               fmt::format("{} applies to UNIVERSAL and HOOKE joints only ({} {} is {})",
                           f.yoke_spelled, joint_word, f.joint.id, joint_type_name(joint->type)));
    return nullptr;
  }
  return joint;
}

/// The force's six components in J's axes (and in I's axes: the I yoke's pin of a UNIVERSAL or
/// HOOKE joint) and the rates of its creep states, one per slip direction.
struct FrictionTerms {
  std::array<std::string, 6> comps;
  std::array<std::string, 6> comps_in_i;
  std::vector<std::string> creep_rates;
};

/// The id of the k-th creep state of `f` (negative: no deck element has it).
int creep_state_id(const DraftJointFriction& f, size_t k) {
  return -(4 * f.id + static_cast<int>(k) + 1);
}

/// One scalar slip direction: component `comp` of `comps` becomes -N mu(v, z), with the next
/// creep state z.
void add_direction(const DraftJointFriction& f, const FrictionWriter& w, const std::string& v,
                   const std::string& normal, std::array<std::string, 6>& comps, size_t comp,
                   FrictionTerms& t) {
  const int z = creep_state_id(f, t.creep_rates.size());
  comps[comp] = fmt::format("-{}*{}", normal, w.coefficient(v, z));
  if (w.needs_creep()) t.creep_rates.push_back(w.creep_rate(v, z));
}

/// REVOLUTE, TRANSLATIONAL and CYLINDRICAL joints: one scalar slip velocity per sliding or
/// turning motion, with its normal input.
void axial_terms(const DraftJointFriction& f, JointType type, const FrictionWriter& w, double dz0,
                 int mi, int mj, FrictionTerms& t) {
  auto one_direction = [&](const std::string& v, const std::string& normal, size_t comp) {
    add_direction(f, w, v, normal, t.comps, comp, t);
  };
  const std::string xs = w.overlap(dz0);
  const std::string rp = num(f.pin_radius);
  switch (type) {
    case JointType::kTranslational:
      one_direction(fmt::format("VZ({0}, {1}, {1}, {1})", mi, mj),
                    FrictionWriter::sum({{f.preload, num(f.force_preload)},
                                         {f.reaction_force, w.fxy()},
                                         {f.bending_moment, w.txy() + "/" + xs},
                                         {f.torsional_moment, w.tz() + "/" + num(f.reaction_arm)}}),
                    2);
      break;
    case JointType::kRevolute:
      one_direction(fmt::format("{}*WZ({}, {}, {})", rp, mi, mj, mj), w.pin_normal(mj, 2), 5);
      break;
    default:  // CYLINDRICAL
      one_direction(fmt::format("VZ({0}, {1}, {1}, {1})", mi, mj),
                    FrictionWriter::sum({{f.preload, num(f.force_preload)},
                                         {f.reaction_force, w.fxy()},
                                         {f.bending_moment, w.txy() + "/" + xs}}),
                    2);
      one_direction(fmt::format("{}*WZ({}, {}, {})", rp, mi, mj, mj),
                    FrictionWriter::sum({{f.preload, num(f.torque_preload)},
                                         {f.reaction_force, rp + "*" + w.fxy()},
                                         {f.bending_moment, rp + "*" + w.txy() + "/" + xs}}),
                    5);
      break;
  }
}

/// UNIVERSAL and HOOKE joints: each yoke's pin turns like a REVOLUTE joint's pin. The I yoke's
/// pin is z_I (HOOKE: x_I), fixed in I, the J yoke's z_J (HOOKE: y_J), fixed in J; the relative
/// angular velocity is a sum of turns about the two (perpendicular) pins, so the I pin's rate is
/// WZ(I, J, I) (HOOKE: WX(I, J, I)) and the J pin's WZ(I, J, J) (HOOKE: WY(I, J, J)). Each pin's
/// normal input is the REVOLUTE one from the reactions in its own marker's axes; its torque
/// acts on I about the pin, the reaction on J.
void yoke_terms(const DraftJointFriction& f, JointType type, const FrictionWriter& w, int mi,
                int mj, FrictionTerms& t) {
  const bool hooke = type == JointType::kHooke;
  const std::string rp = num(f.pin_radius);
  using Yoke = DraftJointFriction::Yoke;
  if (f.yoke != Yoke::kJ) {
    const int axis = hooke ? 0 : 2;
    add_direction(f, w, fmt::format("{}*W{}({}, {}, {})", rp, hooke ? 'X' : 'Z', mi, mj, mi),
                  w.pin_normal(mi, axis), t.comps_in_i, static_cast<size_t>(3 + axis), t);
  }
  if (f.yoke != Yoke::kI) {
    const int axis = hooke ? 1 : 2;
    add_direction(f, w, fmt::format("{}*W{}({}, {}, {})", rp, hooke ? 'Y' : 'Z', mi, mj, mj),
                  w.pin_normal(mj, axis), t.comps, static_cast<size_t>(3 + axis), t);
  }
}

/// SPHERICAL joints: the slip velocity is the vector Rs w of the ball's surface.
void spherical_terms(const DraftJointFriction& f, const FrictionWriter& w, int mi, int mj,
                     FrictionTerms& t) {
  const std::string rs = num(f.ball_radius);
  std::array<std::string, 3> v;
  for (int k = 0; k < 3; ++k) {
    v[static_cast<size_t>(k)] =
        fmt::format("{}*W{}({}, {}, {})", rs, static_cast<char>('X' + k), mi, mj, mj);
  }
  const std::string speed = fmt::format("SQRT({0}*{0} + {1}*{1} + {2}*{2} + {3})", v[0], v[1], v[2],
                                        num(1e-12 * f.stiction_velocity * f.stiction_velocity));
  const std::string normal = FrictionWriter::sum(
      {{f.preload, num(f.torque_preload)}, {f.reaction_force, rs + "*" + w.f_all()}});
  const std::string weight = fmt::format("STEP({}, {}, 1, {}, 0)", speed, num(f.stiction_velocity),
                                         num(f.transition_coefficient * f.stiction_velocity));
  // |z|^4 / d^4 of the creep vector: z' = v - |v| (|z| / d)^4 z / d.
  const std::string r2 = fmt::format("({0}*{0} + {1}*{1} + {2}*{2})", w.ratio(creep_state_id(f, 0)),
                                     w.ratio(creep_state_id(f, 1)), w.ratio(creep_state_id(f, 2)));
  for (size_t k = 0; k < 3; ++k) {
    const int z = creep_state_id(f, k);
    const std::string rate = fmt::format("{} - {}*{}*{}*{}", v[k], speed, r2, r2, w.ratio(z));
    const std::string stick = w.stick(weight, z, rate);
    const std::string slide = fmt::format("{}*{}/{}", num(f.mu_dynamic), v[k], speed);
    std::string mu;
    switch (f.effect) {
      case DraftJointFriction::Effect::kStiction:
        mu = stick;
        break;
      case DraftJointFriction::Effect::kSliding:
        mu = fmt::format("STEP({}, 0, 0, {}, 1)*{}", speed, num(f.stiction_velocity), slide);
        break;
      case DraftJointFriction::Effect::kAll:
        mu = fmt::format("{} + (1 - {})*{}", stick, weight, slide);
        break;
    }
    t.comps[3 + k] = fmt::format("-{}*({})", normal, mu);
    if (w.needs_creep()) t.creep_rates.push_back(rate);
  }
}

/// A Force_Vector_TwoBody from I to J with components `comps` in the axes of marker `ref`
/// (none when every component is empty).
void add_friction_force(ModelDraft& draft, const DraftJointFriction& f, int mi, int mj, int ref,
                        const std::array<std::string, 6>& comps) {
  if (std::all_of(comps.begin(), comps.end(), [](const std::string& c) { return c.empty(); })) {
    return;
  }
  DraftExpressionElement force;
  force.node = f.node;
  force.subject = f.subject;
  force.id = -f.id;
  force.loc = f.loc;
  force.type = "FORCEANDTORQUE:FRICTION";
  force.marker_ids = {mi, mj, ref};
  force.marker_locs = {f.loc, f.loc, f.loc};
  static constexpr std::array<std::string_view, 6> kNames = {"fx_expression", "fy_expression",
                                                             "fz_expression", "tx_expression",
                                                             "ty_expression", "tz_expression"};
  for (size_t k = 0; k < 6; ++k) {
    force.expressions.push_back(comps[k].empty() ? nullptr
                                                 : generated(draft, f, kNames[k], comps[k]));
  }
  draft.vector_forces.push_back(std::move(force));
}

/// The generated elements of `f`: Force_Vector_TwoBody forces from I to J (in J's axes, and in
/// I's for the I yoke's pin) and one Control_Diff per creep state.
void add_friction_elements(ModelDraft& draft, const DraftJointFriction& f, int mi, int mj,
                           const FrictionTerms& t) {
  add_friction_force(draft, f, mi, mj, mj, t.comps);
  add_friction_force(draft, f, mi, mj, mi, t.comps_in_i);

  for (size_t k = 0; k < t.creep_rates.size(); ++k) {
    DraftStateElement s;
    s.base.node = f.node;
    s.base.subject = f.subject + " (creep)";
    s.base.id = creep_state_id(f, k);
    s.base.loc = f.loc;
    s.base.expressions.push_back(generated(draft, f, "expr", t.creep_rates[k]));
    s.kind = StateElement::Kind::kDiff;
    s.form = StateElement::Form::kExplicit;
    s.num_states = 1;
    s.static_hold = true;
    draft.state_elements.push_back(std::move(s));
  }
}

}  // namespace

void build_force_jointfriction(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftJointFriction f;
  f.node = &in.node();
  f.id = in.require_id();
  f.subject = in.subject();
  f.loc = in.node().loc;
  f.joint = read_draft_ref(in, "joint_id", true);
  const auto mu_s = in.required_real("mu_static");
  const auto mu_d = in.required_real("mu_dynamic");
  if (mu_s && *mu_s < 0) {
    in.error("mu_static",
             fmt::format("{} must be >= 0 (got {:g})", spelled(in, "mu_static"), *mu_s));
  }
  if (mu_d && (*mu_d < 0 || (mu_s && *mu_d > *mu_s))) {
    in.error("mu_dynamic", fmt::format("{} must lie in [0, {}] (got {:g})",
                                       spelled(in, "mu_dynamic"), spelled(in, "mu_static"), *mu_d));
  }
  f.mu_static = mu_s.value_or(0);
  f.mu_dynamic = mu_d.value_or(0);
  f.stiction_velocity = positive(in, "stiction_trans_vel", 0.1);
  f.transition_coefficient = in.real_or("trans_vel_coeff", 1.5);
  if (in.has("trans_vel_coeff") && f.transition_coefficient <= 1) {
    in.error("trans_vel_coeff",
             fmt::format("{} must be > 1 (got {:g})", spelled(in, "trans_vel_coeff"),
                         f.transition_coefficient));
    f.transition_coefficient = 1.5;
  }
  f.max_deformation = positive(in, "max_stiction_deform", 0.01);
  static constexpr std::array<std::string_view, 3> kEffects = {"ALL", "STICTION", "SLIDING"};
  if (auto e = in.keyword("effect", kEffects)) {
    f.effect = *e == "STICTION"  ? DraftJointFriction::Effect::kStiction
               : *e == "SLIDING" ? DraftJointFriction::Effect::kSliding
                                 : DraftJointFriction::Effect::kAll;
  }
  read_inputs(in, f);
  f.force_preload = positive(in, "force_preload", 0, true);
  f.torque_preload = positive(in, "torque_preload", 0, true);
  f.friction_arm = positive(in, "friction_arm", 1);
  f.bending_reaction_arm = positive(in, "bending_reaction_arm", 1);
  f.pin_radius = positive(in, "pin_radius", 1);
  f.ball_radius = positive(in, "ball_radius", 1);
  f.reaction_arm = positive(in, "reaction_arm", 1);
  f.initial_overlap = positive(in, "initial_overlap", 1000);
  static constexpr std::array<std::string_view, 3> kDeltas = {"CONSTANT", "INCREASE", "DECREASE"};
  if (auto d = in.keyword("overlap_delta", kDeltas)) {
    f.overlap_delta = *d == "INCREASE" ? 1 : *d == "DECREASE" ? -1 : 0;
  }
  static constexpr std::array<std::string_view, 2> kYokes = {"I", "J"};
  if (auto y = in.keyword("yoke", kYokes)) {
    f.yoke = *y == "I" ? DraftJointFriction::Yoke::kI : DraftJointFriction::Yoke::kJ;
    const DeckAttribute* a = in.attr("yoke");
    f.yoke_loc = a->loc;
    f.yoke_spelled = a->spelled;
  }
  static constexpr std::array<std::string_view, 2> kInactive = {"STATIC", "NONE"};
  if (auto i = in.keyword("inactive", kInactive)) f.inactive_static = *i == "STATIC";
  for (auto n : {"bristle_stiffness", "damping_effects", "viscous_effects"}) {
    if (in.has(n)) {
      in.error(n, fmt::format("the LuGre friction formulation ({}) is not supported; leave it out "
                              "for the stick-slip formulation",
                              spelled(in, n)));
    }
  }
  if (f.id > 0) draft.joint_frictions.push_back(std::move(f));
}

void expand_joint_frictions(ModelDraft& draft, const Model& m, Diagnostics& diag) {
  for (const DraftJointFriction& f : draft.joint_frictions) {
    const Joint* joint = friction_joint(f, m, diag);
    if (!joint) continue;
    const Marker& im = m.markers[static_cast<size_t>(joint->i_marker)];
    const Marker& jm = m.markers[static_cast<size_t>(joint->j_marker)];
    const FrictionWriter w(f, joint->id, im.id, jm.id);
    FrictionTerms terms;
    if (joint->type == JointType::kSpherical) {
      spherical_terms(f, w, im.id, jm.id, terms);
    } else if (joint->type == JointType::kUniversal || joint->type == JointType::kHooke) {
      yoke_terms(f, joint->type, w, im.id, jm.id, terms);
    } else {
      const double dz0 = (im.pos_global0 - jm.pos_global0).dot(jm.axes_global0.col(2));
      axial_terms(f, joint->type, w, dz0, im.id, jm.id, terms);
    }
    add_friction_elements(draft, f, im.id, jm.id, terms);
  }
}

}  // namespace mb
