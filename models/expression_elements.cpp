#include "models/expression_elements.hpp"

#include <fmt/format.h>

#include <array>

#include "models/compliant_outputs.hpp"
#include "models/expression_group_builder.hpp"
#include "models/linear_force.hpp"
#include "models/model_binder.hpp"

namespace mb {

namespace {

/// Marker index for draft marker slot `k` (-1 for id 0); false after reporting an error.
bool resolve_marker(const Model& m, const DraftExpressionElement& d, size_t k, int& out,
                    Diagnostics& diag) {
  out = -1;
  if (k >= d.marker_ids.size() || d.marker_ids[k] == 0) return true;
  auto it = m.marker_index.find(d.marker_ids[k]);
  if (it == m.marker_index.end()) {
    diag.error(d.marker_locs[k], d.subject,
               fmt::format("marker {} is not a Reference_Marker", d.marker_ids[k]));
    return false;
  }
  out = it->second;
  return true;
}

}  // namespace

bool compile_group(const Model& m, const DraftExpressionElement& d, bool allow_multipliers,
                   ExpressionGroup& group, Diagnostics& diag) {
  // User states and variables (DIF, ARYVAL, VARVAL, ...) bind everywhere: forces read them
  // (solver/state_inputs.hpp); motions and general constraints refuse them after binding, with
  // a message that says why.
  ModelBinder binder(m, allow_multipliers);
  ExpressionGroupBuilder builder(binder, diag);
  bool ok = true;
  for (const DeckAttribute* a : d.expressions) {
    if (a) {
      ok &= builder.add(*a, d.subject) >= 0;
    } else {
      builder.add_constant(0.0);
    }
  }
  group = builder.finish();
  return ok;
}

std::string motion_time_only_error(const ExpressionGroup& g) {
  const char* what = "body motion (DX, VX, WZ, ...)";
  for (const auto& ms : g.measures) {
    if (ms.kind == MeasureKind::kState || ms.kind == MeasureKind::kOutput ||
        ms.kind == MeasureKind::kArrayConst || ms.kind == MeasureKind::kVarval ||
        ms.kind == MeasureKind::kUserArray) {
      what = "user states or variables (DIF, DIF1, ARYVAL, VARVAL, PINVAL, POUVAL)";
      break;
    }
    if (ms.reads_multipliers()) {
      what = "forces or reactions (JOINT, SFORCE, FX, ...)";
      break;
    }
  }
  return fmt::format(
      "a motion must be a function of TIME only, but its expression reads {}; to make the "
      "motion depend on the system, apply a force (forces may read states and measures)",
      what);
}

bool variable_depends_on_itself(const Model& m, size_t k) {
  std::vector<int> stack = {static_cast<int>(k)};
  std::vector<char> seen(m.variables.size(), 0);
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    for (const auto& ms : m.variables[v].expr.measures) {
      if (ms.kind != MeasureKind::kVarval) continue;
      if (ms.element == static_cast<int>(k)) return true;
      if (!seen[ms.element]) {
        seen[ms.element] = 1;
        stack.push_back(ms.element);
      }
    }
  }
  return false;
}

namespace {

/// `s` with the characters CSV readers would split or cut it at (commas, quotes, '#' that
/// pandas' comment="#" takes for a comment, control characters; blanks unless `keep_blanks`)
/// replaced by '_'.
std::string csv_safe(std::string s, bool keep_blanks) {
  for (char& c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < ' ' || u == 0x7f || (c == ' ' && !keep_blanks) || c == ',' || c == '"' || c == '#')
      c = '_';
  }
  return s;
}

/// The user's column names and units (Adams column k = 1..8) on the request's channels:
/// EXPRESSION/USERSUB channel f<k> is column k; marker requests fill columns 2-4 and 6-8 (1 and
/// 5 are the magnitudes). Both are made CSV-safe (csv_safe). A name another channel of the
/// request already has keeps the default.
void name_request_columns(const DraftExpressionElement& d, Request& r) {
  if (d.column_names.empty() && d.column_units.empty()) return;
  static constexpr int kMarkerColumns[] = {2, 3, 4, 6, 7, 8};
  const bool marker = r.type == Request::Type::kDisplacement ||
                      r.type == Request::Type::kVelocity ||
                      r.type == Request::Type::kAcceleration || r.type == Request::Type::kForce;
  const bool numbered = r.type == Request::Type::kExpression || r.type == Request::Type::kUser;
  if (!marker && !numbered) return;
  r.column_names.assign(r.channels.size(), "");
  r.column_units.assign(r.channels.size(), "");
  for (size_t c = 0; c < r.channels.size(); ++c) {
    const size_t col = marker ? static_cast<size_t>(kMarkerColumns[c])
                              : static_cast<size_t>(std::stoi(r.channels[c].substr(1)));
    if (col <= d.column_names.size() && !d.column_names[col - 1].empty()) {
      const std::string n = csv_safe(d.column_names[col - 1], false);
      bool taken = false;
      for (size_t e = 0; e < r.channels.size(); ++e) {
        taken = taken || (e < c && r.column_names[e] == n) || (e != c && r.channels[e] == n);
      }
      if (!taken) r.column_names[c] = n;
    }
    if (col <= d.column_units.size()) r.column_units[c] = csv_safe(d.column_units[col - 1], true);
  }
}

/// ELEMENTAL_FORCE (draft type "ELEMENTAL_FORCE:<query>", values {element_id, jflag}): the
/// element's force query, found as the query function would find it; its output channels.
bool resolve_elemental_force(const Model& m, const DraftExpressionElement& d, Request& r,
                             Diagnostics& diag) {
  const size_t colon = d.type.find(':');
  if (colon == std::string::npos || d.values.size() != 2) return false;  // already reported
  const std::string query = d.type.substr(colon + 1);
  ModelBinder binder(m, true);
  const long long args[4] = {static_cast<long long>(d.values[0]),
                             static_cast<long long>(d.values[1]), 2, 0};
  const expr::BindResult b = binder.bind(query, args);
  if (b.slot < 0) {
    diag.error(d.loc, d.subject, "ELEMENTAL_FORCE: " + b.error);
    return false;
  }
  r.element = binder.take_measures()[static_cast<size_t>(b.slot)];
  r.element.k = r.ref_marker;
  r.channels = {"fx", "fy", "fz", "tx", "ty", "tz"};
  std::span<const std::string_view> outputs;
  if (query == "SPDP") outputs = kSpringDamperOutputs;
  if (query == "BUSH" || query == "FIELD" || query == "BEAM") outputs = kLinearForceOutputs;
  for (std::string_view o : outputs) r.channels.emplace_back(o);
  return true;
}

/// A force's expressions: they may read the reactions of joints, joint primitives and motions
/// (JOINT, JPRIM, MOTION: the multipliers, solved with the forces) and contact forces (CONTACT:
/// a function of the bodies' states, MeasureKind::kContact) but not yet the other force queries
/// (SFORCE, FX, ...) nor ORIENT.
bool compile_force_group(const Model& m, const DraftExpressionElement& d, ExpressionGroup& group,
                         Diagnostics& diag) {
  if (!compile_group(m, d, true, group, diag)) return false;
  for (const auto& ms : group.measures) {
    // (VARVAL and ARYVAL of a U array count as multiplier readers too: their reads are checked
    // when the force kernel is built, solver/state_inputs.cpp.)
    if (!ms.reads_multipliers() || ms.kind == MeasureKind::kJoint ||
        ms.kind == MeasureKind::kVarval || ms.kind == MeasureKind::kUserArray) {
      continue;
    }
    diag.error(d.expressions.empty() || !d.expressions[0] ? d.loc : d.expressions[0]->loc,
               d.subject,
               "a force may read the reactions JOINT, JPRIM and MOTION; ORIENT and the force "
               "queries (SFORCE, VFORCE, SPDP, BUSH, FX, FM, ...) may be used in requests only "
               "for now");
    return false;
  }
  return true;
}

bool same_body(const Model& m, int a, int b) {
  const int ba = a < 0 ? 0 : m.markers[a].body, bb = b < 0 ? 0 : m.markers[b].body;
  return ba == bb;
}

/// Force_Scalar_TwoBody elements.
void resolve_scalar_forces(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  for (const auto& d : draft.scalar_forces) {
    ScalarForce f;
    f.id = d.id;
    f.loc = d.loc;
    f.rotational = d.type == "TORQUE";
    f.action_only = d.flag;
    bool ok = resolve_marker(m, d, 0, f.i_marker, diag);
    ok = resolve_marker(m, d, 1, f.j_marker, diag) && ok;  // every marker is checked and reported
    ok &= compile_force_group(m, d, f.expr, diag);
    f.user = d.user;
    if (ok && f.i_marker >= 0 && f.j_marker >= 0 && same_body(m, f.i_marker, f.j_marker) &&
        !f.action_only) {
      diag.warning(d.loc, d.subject, "I and J are on the same body: the force has no effect");
    }
    if (ok) m.scalar_forces.push_back(std::move(f));
  }
}

/// Force_Vector_TwoBody and Force_Vector_OneBody elements.
void resolve_vector_forces(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  for (const auto& d : draft.vector_forces) {
    VectorForce f;
    f.id = d.id;
    f.loc = d.loc;
    f.one_body = d.type.ends_with(":ONEBODY");
    bool ok = resolve_marker(m, d, 0, f.i_marker, diag);
    ok = resolve_marker(m, d, 1, f.j_marker, diag) && ok;    // every marker is checked and reported
    ok = resolve_marker(m, d, 2, f.ref_marker, diag) && ok;  // every marker is checked and reported
    ok &= compile_force_group(m, d, f.expr, diag);
    f.user = d.user;
    f.user_force = !d.type.starts_with("TORQUEONLY");
    f.user_torque = !d.type.starts_with("FORCEONLY");
    f.reverse = f.one_body && d.flag;
    if (d.type.ends_with(":FRICTION")) f.subject = d.subject;
    if (ok) m.vector_forces.push_back(std::move(f));
  }
}

/// The spring-dampers (models/force_springdamper.hpp).
void resolve_spring_dampers(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  for (const auto& d : draft.spring_dampers) {
    SpringDamper s;
    s.id = d.id;
    s.loc = d.loc;
    s.rotational = d.type == "ROTATIONAL";
    bool ok = resolve_marker(m, d, 0, s.i_marker, diag);
    ok = resolve_marker(m, d, 1, s.j_marker, diag) && ok;  // every marker is checked and reported
    if (d.values.size() == 5) {
      s.stiffness = d.values[0];
      s.damping = d.values[1];
      s.length = d.values[2];
      s.preload = d.values[3];
      s.velocity_offset = d.values[4];
    }
    if (!d.expressions.empty()) {
      ExpressionGroup g;
      ok &= compile_force_group(m, d, g, diag);
      s.force_expression = std::move(g);
    }
    if (ok) m.spring_dampers.push_back(std::move(s));
  }
}

/// Constraint_General elements: the expression and its second partials.
void resolve_general_constraints(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  for (const auto& d : draft.general_constraints) {
    GeneralConstraint g;
    g.id = d.id;
    g.loc = d.loc;
    bool ok = resolve_marker(m, d, 0, g.i_marker, diag);
    ok &= compile_group(m, d, false, g.expr, diag);
    if (ok) {
      for (const auto& ms : g.expr.measures) {
        if (is_pose_measure(ms.kind)) continue;
        diag.error(d.expressions[0]->loc, d.subject,
                   "expr may read TIME and the pose measures DX, DY, DZ, DM, AX, AY and AZ only "
                   "(velocity, force and other measures in a constraint are not supported yet)");
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    const CompiledExpression& f = g.expr.exprs[0];
    const size_t n = g.expr.measures.size();
    for (size_t k = 0; k < n; ++k) {
      g.gradient.push_back(compile_second_partials(f.d_measure[k], n, f.subject));
    }
    g.d_time = compile_second_partials(f.d_time, n, f.subject);
    m.general_constraints.push_back(std::move(g));
  }
}

/// Force_Bushing, Force_Field or Force_Beam elements (`kind`) into `out`.
void resolve_linear_forces(const std::vector<DraftExpressionElement>& drafts,
                           LinearForce::Element kind, std::vector<LinearForce>& out, Model& m,
                           Diagnostics& diag) {
  for (const auto& d : drafts) {
    LinearForce f;
    f.element = kind;
    f.id = d.id;
    f.loc = d.loc;
    f.euler_xyz = d.type == "EULER_XYZ";
    bool ok = resolve_marker(m, d, 0, f.i_marker, diag);
    ok = resolve_marker(m, d, 1, f.j_marker, diag) && ok;  // both markers are reported
    unpack_linear(d, f);
    if (ok && same_body(m, f.i_marker, f.j_marker)) {
      diag.warning(d.loc, d.subject, "I and J are on the same body: the force has no effect");
    }
    if (ok) out.push_back(f);
  }
}

/// A Motion_Marker's direction and markers; false after reporting an error (`ok`: no error so
/// far, else the markers are only checked).
bool resolve_marker_motion_target(const DraftExpressionElement& d, bool ok, MotionJoint& mo,
                                  Model& m, Diagnostics& diag) {
  static constexpr std::array<std::string_view, 6> kDirections = {"X", "Y", "Z", "B1", "B2", "B3"};
  for (size_t k = 0; k < kDirections.size(); ++k) {
    if (d.type == kDirections[k]) mo.direction = static_cast<int>(k);
  }
  ok = resolve_marker(m, d, 0, mo.i_marker, diag) && ok;
  ok = resolve_marker(m, d, 1, mo.j_marker, diag) && ok;
  if (ok && same_body(m, mo.i_marker, mo.j_marker)) {
    diag.error(d.loc, d.subject, "I and J are on the same body: nothing to drive");
    ok = false;
  }
  return ok;
}

/// A Motion_Joint's joint (and its markers); false after reporting an error.
bool resolve_joint_motion_target(const DraftExpressionElement& d, MotionJoint& mo, Model& m,
                                 Diagnostics& diag) {
  bool ok = true;
  const int joint_id = d.marker_ids.empty() ? 0 : d.marker_ids[0];
  for (size_t j = 0; j < m.joints.size(); ++j) {
    if (m.joints[j].id == joint_id && !m.joints[j].primitive) mo.joint = static_cast<int>(j);
  }
  if (mo.joint < 0) {
    diag.error(d.marker_locs.empty() ? d.loc : d.marker_locs[0], d.subject,
               fmt::format("joint_id {} is not a Constraint_Joint", joint_id));
    ok = false;
  } else {
    mo.i_marker = m.joints[mo.joint].i_marker;
    mo.j_marker = m.joints[mo.joint].j_marker;
    const JointType t = m.joints[mo.joint].type;
    const bool allowed =
        t == JointType::kCylindrical ||
        (mo.rotational ? t == JointType::kRevolute : t == JointType::kTranslational);
    if (!allowed) {
      diag.error(d.loc, d.subject,
                 fmt::format("a {} motion needs a {} or CYLINDRICAL joint", d.type,
                             mo.rotational ? "REVOLUTE" : "TRANSLATIONAL"));
      ok = false;
    }
  }
  return ok;
}

/// One Motion_Joint (`on_markers` false) or Motion_Marker element.
void resolve_motion(const DraftExpressionElement& d, bool on_markers, Model& m, Diagnostics& diag) {
  MotionJoint mo;
  mo.id = d.id;
  mo.loc = d.loc;
  mo.on_markers = on_markers;
  mo.rotational = on_markers ? d.type.size() == 2 : d.type == "R";  // B1..B3 or R
  if (d.values.size() == 3) {
    mo.level = static_cast<MotionJoint::Level>(static_cast<int>(d.values[0]));
    mo.ic_disp = d.values[1];
    mo.ic_vel = d.values[2];
  }
  bool ok = true;
  for (const Command& c : m.commands) {
    if (mo.level == MotionJoint::Level::kDisplacement || c.kind != Command::Kind::kSimulate ||
        c.simulate.type != AnalysisType::kKinematic) {
      continue;
    }
    diag.error(d.loc, d.subject,
               fmt::format("val_type {} is not supported by the Kinematic analysis at {} (a "
                           "kinematic analysis needs displacement motions, val_type D)",
                           mo.level == MotionJoint::Level::kVelocity ? "V" : "A", c.loc.str()));
    ok = false;
    break;
  }
  if (on_markers) {
    ok = resolve_marker_motion_target(d, ok, mo, m, diag);
  } else {
    ok = resolve_joint_motion_target(d, mo, m, diag) && ok;
  }
  mo.user = d.user;
  ok &= compile_group(m, d, true, mo.expr, diag);
  if (ok && !mo.expr.measures.empty()) {
    diag.error(d.expressions.empty() || !d.expressions[0] ? d.loc : d.expressions[0]->loc,
               d.subject, motion_time_only_error(mo.expr));
    ok = false;
  }
  if (ok) m.motions.push_back(std::move(mo));
}

/// Reference_Variable elements: their expressions (the ids were listed first), then a check that
/// no variable depends on itself.
void resolve_variables(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  for (size_t k = 0; k < draft.variables.size(); ++k) {
    compile_group(m, draft.variables[k], true, m.variables[k].expr, diag);
  }
  for (size_t k = 0; k < m.variables.size(); ++k) {
    if (variable_depends_on_itself(m, k)) {
      diag.error(draft.variables[k].loc, draft.variables[k].subject,
                 "the variable depends on itself through VARVAL (an algebraic loop)");
    }
  }
}

/// One Post_Request element.
void resolve_request(const DraftExpressionElement& d, Model& m, Diagnostics& diag) {
  Request r;
  r.id = d.id;
  r.loc = d.loc;
  bool ok = resolve_marker(m, d, 0, r.i_marker, diag);
  ok = resolve_marker(m, d, 1, r.j_marker, diag) && ok;    // every marker is checked and reported
  ok = resolve_marker(m, d, 2, r.ref_marker, diag) && ok;  // every marker is checked and reported
  if (d.type == "EXPRESSION") {
    r.type = Request::Type::kExpression;
    DraftExpressionElement present = d;
    present.expressions.clear();
    for (size_t k = 0; k < d.expressions.size(); ++k) {
      if (!d.expressions[k]) continue;
      present.expressions.push_back(d.expressions[k]);
      r.channels.push_back("f" + std::to_string(k + 1));
    }
    ok &= compile_group(m, present, true, r.expr, diag);
  } else if (d.type.starts_with("ELEMENTAL_FORCE")) {
    r.type = Request::Type::kElementalForce;
    ok &= resolve_elemental_force(m, d, r, diag);
  } else if (d.type == "USERSUB") {
    r.type = Request::Type::kUser;
    r.user = d.user;
    ok &= d.user.has_value();
    for (int k = 1; k <= 8; ++k) r.channels.push_back("f" + std::to_string(k));
  } else {
    static const std::vector<std::string> kDisp = {"x", "y", "z", "psi", "theta", "phi"};
    static const std::vector<std::string> kVel = {"vx", "vy", "vz", "wx", "wy", "wz"};
    static const std::vector<std::string> kAcc = {"ax", "ay", "az", "wdx", "wdy", "wdz"};
    static const std::vector<std::string> kForce = {"fx", "fy", "fz", "tx", "ty", "tz"};
    if (d.type == "MARKER_DISPLACEMENT") {
      r.type = Request::Type::kDisplacement;
      r.channels = kDisp;
    } else if (d.type == "MARKER_VELOCITY") {
      r.type = Request::Type::kVelocity;
      r.channels = kVel;
    } else if (d.type == "MARKER_ACCELERATION") {
      r.type = Request::Type::kAcceleration;
      r.channels = kAcc;
    } else {
      r.type = Request::Type::kForce;
      r.channels = kForce;
    }
  }
  name_request_columns(d, r);
  if (ok) m.requests.push_back(std::move(r));
}

}  // namespace

void resolve_expression_elements(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  // Variable ids first: forces and variables may read any variable (VARVAL) in any order.
  for (const auto& d : draft.variables) {
    Variable v;
    v.id = d.id;
    v.loc = d.loc;
    v.user = d.user;
    m.variables.push_back(std::move(v));
  }
  resolve_scalar_forces(draft, m, diag);
  resolve_vector_forces(draft, m, diag);
  resolve_spring_dampers(draft, m, diag);
  resolve_linear_forces(draft.bushings, LinearForce::Element::kBushing, m.bushings, m, diag);
  resolve_linear_forces(draft.fields, LinearForce::Element::kField, m.fields, m, diag);
  resolve_linear_forces(draft.beams, LinearForce::Element::kBeam, m.beams, m, diag);
  // Motions: the joint motions, then the marker motions (one list; see MotionJoint).
  for (const auto& d : draft.motions) resolve_motion(d, false, m, diag);
  for (const auto& d : draft.marker_motions) resolve_motion(d, true, m, diag);
  resolve_variables(draft, m, diag);
  resolve_general_constraints(draft, m, diag);
  for (const auto& d : draft.requests) resolve_request(d, m, diag);
}

}  // namespace mb
