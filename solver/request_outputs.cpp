#include "solver/request_outputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/text.hpp"
#include "models/compliant_outputs.hpp"
#include "models/dissipated_energy.hpp"
#include "solver/cvcv_kernel.hpp"
#include "solver/element_outputs.hpp"
#include "solver/expression_eval.hpp"
#include "solver/state_layout.hpp"
#include "solver/user_context.hpp"
#include "solver/user_scalar_call.hpp"
#include "usersub/user_call.hpp"

namespace mb {

static_assert(kSpringDamperOutputs.size() <= RequestOutputs::kMaxOutputChannels &&
              kLinearForceOutputs.size() <= RequestOutputs::kMaxOutputChannels);

RequestOutputs::RequestOutputs(const System& sys, Workspace& ws) : sys_(sys), run_(ws) {
  size_scratch();
}

RequestOutputs::RequestOutputs(const System& sys)
    : sys_(sys), own_(std::make_unique<Workspace>(sys.make_workspace())), run_(*own_) {
  size_scratch();
}

void RequestOutputs::size_scratch() {
  const System& sys = sys_;
  n_columns_ = 0;
  size_t stack = 1, measures = 1;
  for (const auto& r : sys.model().requests) {
    n_columns_ += r.channels.size();
    for (const auto& e : r.expr.exprs) stack = std::max(stack, e.max_stack);
    measures = std::max(measures, r.expr.measures.size());
  }
  for (const auto& sensor : sys.model().sensors) {
    for (const auto& e : sensor.expr.exprs) stack = std::max(stack, e.max_stack);
    measures = std::max(measures, sensor.expr.measures.size());
  }
  run_.request_expr.reserve(stack);
  run_.request_scratch.assign(measures, 0.0);
}

namespace {
/// A request column's unit as the user gave it: an Adams unit type (CUNITS: "force", "length",
/// "velocity", ..) in the model's units, else the label as written (CLABELS "(ft)" -> "ft").
std::string named_unit(std::string_view given, const std::string& len, const std::string& time,
                       const std::string& force, const std::string& mass) {
  const std::string t = to_lower(given);
  if (t == "length" || t == "displacement") return len;
  if (t == "time") return time;
  if (t == "force") return force;
  if (t == "mass") return mass;
  if (t == "torque" || t == "moment") return force + "*" + len;
  if (t == "velocity") return len + "/" + time;
  if (t == "acceleration") return len + "/" + time + "^2";
  if (t == "angle") return "radian";
  if (t == "angular_velocity") return "radian/" + time;
  if (t == "angular_acceleration") return "radian/" + time + "^2";
  if (t == "frequency") return "1/" + time;
  if (t == "energy" || t == "work") return force + "*" + len;
  if (t == "power") return force + "*" + len + "/" + time;
  if (t == "no_units" || t == "none") return "";
  std::string_view label = trim(given);
  if (label.size() >= 2 && label.front() == '(' && label.back() == ')') {
    label = trim(label.substr(1, label.size() - 2));
  }
  return std::string(label);
}
}  // namespace

std::vector<ResultColumn> RequestOutputs::columns() const {
  const Units& u = sys_.model().units;
  const std::string len = u.length.empty() ? "length" : u.length;
  const std::string time = u.time.empty() ? "time" : u.time;
  const std::string force = u.force.empty() ? "force" : u.force;
  std::vector<ResultColumn> cols;
  for (const auto& r : sys_.model().requests) {
    for (size_t c = 0; c < r.channels.size(); ++c) {
      std::string unit;
      switch (r.type) {
        case Request::Type::kDisplacement:
          unit = c < 3 ? len : "radian";
          break;
        case Request::Type::kVelocity:
          unit = c < 3 ? len + "/" + time : "radian/" + time;
          break;
        case Request::Type::kAcceleration:
          unit = c < 3 ? len + "/" + time + "^2" : "radian/" + time + "^2";
          break;
        case Request::Type::kForce:
          unit = c < 3 ? force : force + "*" + len;
          break;
        case Request::Type::kElementalForce:  // output channels have mixed units
          unit = c < 3 ? force : c < 6 ? force + "*" + len : "";
          break;
        case Request::Type::kExpression:
        case Request::Type::kUser:
          unit = "";
          break;
      }
      if (c < r.column_units.size() && !r.column_units[c].empty()) {
        unit = named_unit(r.column_units[c], len, time, force, u.mass.empty() ? "mass" : u.mass);
      }
      const bool named = c < r.column_names.size() && !r.column_names[c].empty();
      cols.push_back(
          {fmt::format("req{}.{}", r.id, named ? r.column_names[c] : r.channels[c]), unit});
    }
  }
  return cols;
}

std::span<const double> RequestOutputs::measure_values(const ExpressionGroup& g, double t,
                                                       const double* y, const double* yp) {
  for (size_t k = 0; k < g.measures.size(); ++k) {
    run_.request_scratch[k] = measure(g.measures[k], t, y, yp);
  }
  return {run_.request_scratch.data(), g.measures.size()};
}

double RequestOutputs::expression(const ExpressionGroup& g, size_t k, double t, const double* y,
                                  const double* yp) {
  const std::span<const double> mv = measure_values(g, t, y, yp);
  return evaluate_expression<double>(g.exprs[k], t, mv, run_.request_expr,
                                     std::span<double>(run_.request_scratch));
}

MarkerState<double> RequestOutputs::marker(int mk, const double* y, const double* yp, Vec3* accel,
                                           Vec3* ang_accel) {
  MarkerState<double> ms;
  if (accel) accel->setZero();
  if (ang_accel) ang_accel->setZero();
  if (mk < 0) return ms;
  const Marker& m = sys_.model().markers[mk];
  const int o = sys_.body_offset(m.body);
  const double* s = o < 0 ? kGroundState : y + o;
  const BodyState<double> b = body_state(s);
  LocalMarker lm;
  lm.body = 0;
  lm.s = m.pos_body;
  lm.u = m.axes_body;
  ms = marker_state(lm, &b);
  if (o >= 0 && yp && (accel || ang_accel)) {
    const Vec3 arm = b.A * m.pos_body;
    const Vec3 wdot = b.A * Vec3(yp[o + 10], yp[o + 11], yp[o + 12]);
    if (accel) {
      *accel = Vec3(yp[o + 7], yp[o + 8], yp[o + 9]) + wdot.cross(arm) + b.w.cross(b.w.cross(arm));
    }
    if (ang_accel) *ang_accel = wdot;
  }
  return ms;
}

MarkerWrench RequestOutputs::constraint_reaction(int block, int side, const double* y) {
  return mb::constraint_reaction(sys_, block, side, y);
}

void RequestOutputs::local_inputs(int kn, const double* y, const double* yp, double* x) {
  const ForceKernel& k = sys_.force_kernels()[kn];
  for (int i = 0; i < k.inputs(); ++i) x[i] = (k.input_is_deriv[i] ? yp : y)[k.input_vars[i]];
}

double RequestOutputs::element_output(int kn, int channel, double t, const double* y,
                                      const double* yp, const Mat3& rm) {
  const ForceKernel& k = sys_.force_kernels()[kn];
  if (!k.active) return 0.0;  // a deactivated force reads zero
  double x[kMaxLocalInputs];
  local_inputs(kn, y, yp, x);
  double out[kMaxOutputChannels];
  const size_t n = element_output_names(k).size();
  element_output_values(k, x, t, rm, dissipated_energy(kn, y), std::span<double>(out, n),
                        {sys_, run_, run_.forces[static_cast<size_t>(kn)]});
  return channel >= 0 && static_cast<size_t>(channel) < n ? out[channel] : 0.0;
}

double RequestOutputs::dissipated_energy(int kn, const double* y) {
  const int e = dissipated_energy_state(sys_.model(), kn);
  return e < 0 ? 0.0 : y[sys_.state_offset() + sys_.model().state_elements[e].first_state];
}

MarkerWrench RequestOutputs::element_force(int kn, int side, double t, const double* y,
                                           const double* yp) {
  const ForceKernel& k = sys_.force_kernels()[kn];
  if (!k.active) return {};  // a deactivated force reads zero
  double x[kMaxLocalInputs];
  local_inputs(kn, y, yp, x);
  const Wrench<double> w = k.wrench(x, t, {sys_, run_, run_.forces[static_cast<size_t>(kn)]});
  const int mk = side == 0 ? k.model_i : k.model_j;
  const Vec3 R = marker(mk, y, nullptr).R;
  MarkerWrench out;
  out.force = side == 0 ? w.F_i : w.F_j;
  const Vec3 P = side == 0 ? w.P_i : w.P_j;
  out.torque = (side == 0 ? w.T_i : w.T_j) + (P - R).cross(out.force);
  return out;
}

MarkerWrench RequestOutputs::general_constraint_reaction(int k, double t, const double* y) {
  const GeneralConstraintKernel& gk = sys_.general_constraint_kernels()[k];
  double x[kMaxLocalInputs];
  for (int b = 0; b < gk.num_bodies(); ++b) {
    const int o = sys_.body_offset(gk.bodies[b]);
    for (int i = 0; i < kBodyStates; ++i) x[kBodyStates * b + i] = y[o + i];
  }
  const double lambda =
      y[kBodyStates * sys_.num_moving_bodies() + sys_.general_constraint_equation(k)];
  MarkerWrench w;
  gk.reaction(x, lambda, t, w.force, w.torque, {sys_, run_, run_.gcons[static_cast<size_t>(k)]});
  return w;
}

MarkerWrench RequestOutputs::coupler_reaction(int k, int term, int side, double t,
                                              const double* y) {
  const int eq = sys_.coupler_equation(k);
  if (eq < 0) return {};
  const CouplerKernel& ck = sys_.coupler_kernels()[k];
  const CouplerKernel::Term& ct = ck.terms[term];
  const double* yb[2];
  const int local[2] = {ct.bi, ct.bj};
  for (int s = 0; s < 2; ++s) {
    const int o = sys_.body_offset(ck.bodies[local[s]]);
    yb[s] = o < 0 ? kGroundState : y + o;
  }
  double row[12];
  ck.coordinate(ct, yb[0], yb[1], row);
  const double lambda = y[kBodyStates * sys_.num_moving_bodies() + eq];
  double coef = ct.scale;
  if (ck.user) {  // dPhi/dq_term at the current coordinates
    const double* ys[CouplerKernel::kMaxBodies];
    for (int b = 0; b < ck.num_bodies(); ++b) {
      const int o = sys_.body_offset(ck.bodies[b]);
      ys[b] = o < 0 ? kGroundState : y + o;
    }
    double q[CouplerKernel::kMaxTerms], g[CouplerKernel::kMaxTerms];
    ck.coordinates(ys, y + sys_.coupler_state_offset(k), q);
    ck.user_partials(q, t, g, nullptr, {sys_, run_, run_.couplers[static_cast<size_t>(k)]});
    coef = g[term];
  }
  // As for a joint: the term's share of B^T lambda is the force at the CM and the torque about
  // it in body axes; move it to the marker.
  Vec3 f, n;
  for (int c = 0; c < 3; ++c) {
    f(c) = coef * row[6 * side + c] * lambda;
    n(c) = coef * row[6 * side + 3 + c] * lambda;
  }
  const BodyState<double> b = body_state(yb[side]);
  const Vec3 arm = b.A * (side == 0 ? ct.joint.s_i : ct.joint.s_j);
  MarkerWrench w;
  w.force = f;
  w.torque = b.A * n - arm.cross(f);
  return w;
}

MarkerWrench RequestOutputs::ptcv_reaction(int k, int side, const double* y) {
  const double* lambda = y + kBodyStates * sys_.num_moving_bodies() + sys_.ptcv_equation(k);
  MarkerWrench w;
  w.force = Vec3(lambda[0], lambda[1], lambda[2]);
  if (side == 0) return w;
  const PtcvKernel& pk = sys_.ptcv_kernels()[static_cast<size_t>(k)];
  const int o = sys_.body_offset(sys_.model().markers[pk.ptcv->j_marker].body);
  const Vec3 contact = pk.contact_point(o < 0 ? kGroundState : y + o, y[sys_.ptcv_state_offset(k)]);
  w.force = -w.force;
  w.torque = (contact - marker(pk.ptcv->j_marker, y, nullptr).R).cross(w.force);
  return w;
}

MarkerWrench RequestOutputs::cvcv_reaction(int k, int side, const double* y) {
  const double* lambda = y + kBodyStates * sys_.num_moving_bodies() + sys_.cvcv_equation(k);
  const CvcvKernel& ck = sys_.cvcv_kernels()[static_cast<size_t>(k)];
  const int oi = sys_.body_offset(sys_.model().markers[ck.cvcv->i_marker].body);
  const int oj = sys_.body_offset(sys_.model().markers[ck.cvcv->j_marker].body);
  const double* yi = oi < 0 ? kGroundState : y + oi;
  const double* yj = oj < 0 ? kGroundState : y + oj;
  const double* s = y + sys_.cvcv_state_offset(k);  // alpha, beta
  const Vec3 contact = ck.contact_point(yj, s[1]);
  const Vec3 couple = ck.tangency_couple(yi, yj, s[0], s[1], lambda[3]);
  const int model_marker = side == 0 ? ck.cvcv->i_marker : ck.cvcv->j_marker;
  const double sign = side == 0 ? 1.0 : -1.0;
  MarkerWrench w;
  w.force = sign * Vec3(lambda[0], lambda[1], lambda[2]);
  w.torque = (contact - marker(model_marker, y, nullptr).R).cross(w.force) + sign * couple;
  return w;
}

MarkerWrench RequestOutputs::forces_at(int i, int j, double t, const double* y, const double* yp) {
  MarkerWrench sum;
  auto add = [&](const MarkerWrench& w) {
    sum.force += w.force;
    sum.torque += w.torque;
  };
  const Model& m = sys_.model();
  const int marker_blocks = static_cast<int>(m.joints.size() + m.motions.size());
  for (int b = 0; b < marker_blocks; ++b) {  // Body_Point rotation holds act on no marker
    const bool joint = b < static_cast<int>(m.joints.size());
    const int bi = joint ? m.joints[b].i_marker : m.motions[b - m.joints.size()].i_marker;
    const int bj = joint ? m.joints[b].j_marker : m.motions[b - m.joints.size()].j_marker;
    if (bi == i && (j < 0 || bj == j)) add(constraint_reaction(b, 0, y));
    if (bj == i && (j < 0 || bi == j)) add(constraint_reaction(b, 1, y));
  }
  // A coupler or gear acts on the I and J markers of each joint it couples.
  for (size_t k = 0; k < m.couplers.size(); ++k) {
    const Coupler& c = m.couplers[k];
    for (size_t n = 0; n < c.terms.size(); ++n) {
      const Joint& jt = m.joints[c.terms[n].joint];
      const int term = static_cast<int>(n), kk = static_cast<int>(k);
      if (jt.i_marker == i && (j < 0 || jt.j_marker == j)) add(coupler_reaction(kk, term, 0, t, y));
      if (jt.j_marker == i && (j < 0 || jt.i_marker == j)) add(coupler_reaction(kk, term, 1, t, y));
    }
  }
  // A Constraint_General acts at its I marker on every marker its expression reads.
  for (size_t k = 0; k < m.general_constraints.size(); ++k) {
    const GeneralConstraint& gc = m.general_constraints[k];
    if (gc.i_marker != i || i < 0) continue;
    bool reads_j = j < 0;
    for (const auto& ms : gc.expr.measures) reads_j |= ms.i == j || ms.j == j || ms.k == j;
    if (reads_j) add(general_constraint_reaction(static_cast<int>(k), t, y));
  }
  // A point-curve constraint acts on its I marker and on its J marker (the curve's frame).
  for (size_t k = 0; k < m.point_curves.size(); ++k) {
    const PointCurveConstraint& pc = m.point_curves[k];
    const int kk = static_cast<int>(k);
    if (pc.i_marker == i && (j < 0 || pc.j_marker == j)) add(ptcv_reaction(kk, 0, y));
    if (pc.j_marker == i && (j < 0 || pc.i_marker == j)) add(ptcv_reaction(kk, 1, y));
  }
  for (size_t k = 0; k < m.curve_curves.size(); ++k) {  // and a curve-curve constraint likewise
    const CurveCurveConstraint& cc = m.curve_curves[k];
    const int kk = static_cast<int>(k);
    if (cc.i_marker == i && (j < 0 || cc.j_marker == j)) add(cvcv_reaction(kk, 0, y));
    if (cc.j_marker == i && (j < 0 || cc.i_marker == j)) add(cvcv_reaction(kk, 1, y));
  }
  const auto& fks = sys_.force_kernels();
  for (size_t k = 0; k < fks.size(); ++k) {
    if (fks[k].model_i == i && (j < 0 || fks[k].model_j == j)) {
      add(element_force(static_cast<int>(k), 0, t, y, yp));
    }
    if (fks[k].model_j == i && (j < 0 || fks[k].model_i == j)) {
      add(element_force(static_cast<int>(k), 1, t, y, yp));
    }
  }
  return sum;
}

double RequestOutputs::measure(const MeasureSpec& m, double t, const double* y, const double* yp) {
  switch (m.kind) {
    case MeasureKind::kOrient: {
      const Mat3 R = marker(m.j, y, yp).A.transpose() * marker(m.i, y, yp).A;
      return euler_parameters_from_rotation(R)(m.comp - 1);
    }
    case MeasureKind::kJoint: {
      const MarkerWrench w = constraint_reaction(m.element, m.jflag, y);
      return wrench_component(w, m.comp, marker(m.k, y, yp));
    }
    case MeasureKind::kPtcv:
      return wrench_component(ptcv_reaction(m.element, m.jflag, y), m.comp, marker(m.k, y, yp));
    case MeasureKind::kCvcv:
      return wrench_component(cvcv_reaction(m.element, m.jflag, y), m.comp, marker(m.k, y, yp));
    case MeasureKind::kContact: {
      const int kn = contact_force_kernel(sys_.model(), m.element);
      return wrench_component(element_force(kn, m.jflag, t, y, yp), m.comp, marker(m.k, y, yp));
    }
    case MeasureKind::kElementForce: {
      if (m.comp >= kFirstOutputComponent) {
        return element_output(m.element, m.comp - kFirstOutputComponent, t, y, yp,
                              marker(m.k, y, yp).A);
      }
      const MarkerWrench w = element_force(m.element, m.jflag, t, y, yp);
      return wrench_component(w, m.comp, marker(m.k, y, yp));
    }
    case MeasureKind::kFX:
    case MeasureKind::kFY:
    case MeasureKind::kFZ:
    case MeasureKind::kFM:
    case MeasureKind::kTX:
    case MeasureKind::kTY:
    case MeasureKind::kTZ:
    case MeasureKind::kTM: {
      const MarkerWrench w = forces_at(m.i, m.j, t, y, yp);
      static constexpr int kComp[8] = {2, 3, 4, 1, 6, 7, 8, 5};
      const int c = kComp[static_cast<int>(m.kind) - static_cast<int>(MeasureKind::kFX)];
      return wrench_component(w, c, marker(m.k, y, yp));
    }
    case MeasureKind::kState:
      return (m.comp == 1 ? yp : y)[sys_.state_offset() + m.element];
    case MeasureKind::kArrayConst:
      return sys_.model().arrays[m.element].values[m.comp];
    case MeasureKind::kOutput: {
      const StateKernel& k = sys_.state_kernels()[m.element];
      double x[kMaxLocalInputs];
      for (size_t i = 0; i < k.input_vars.size(); ++i) {
        x[i] = (k.input_is_deriv[i] ? yp : y)[k.input_vars[i]];
      }
      double out[StateKernel::kMaxStates];
      k.outputs(x, t, out, {sys_, run_, run_.states[static_cast<size_t>(m.element)]});
      return out[m.comp];
    }
    case MeasureKind::kUserArray: {  // evaluated by the element that uses the array
      const ReferenceArray& a = sys_.model().arrays[m.element];
      if (a.owner < 0) {
        throw Error(ExitCode::kDeckError,
                    fmt::format("ARYVAL reads Reference_Array {}, an ARYSUB array that no state "
                                "element uses as u_array_id (that element evaluates it)",
                                a.id));
      }
      double u[StateKernel::kMaxStates];
      sys_.state_kernels()[a.owner].read_at(
          y, yp, t, true, u, {sys_, run_, run_.states[static_cast<size_t>(a.owner)]});
      return u[m.comp];
    }
    case MeasureKind::kVarval: {
      if (sys_.model().variables[m.element].user) return user_variable(m.element, t, y, yp);
      const ExpressionGroup& g = sys_.model().variables[m.element].expr;
      std::vector<double> mv(g.measures.size() + 1);
      for (size_t k = 0; k < g.measures.size(); ++k) mv[k] = measure(g.measures[k], t, y, yp);
      std::vector<double> scratch(mv.size());
      expr::Workspace ws(g.exprs[0].max_stack + 1);
      return evaluate_expression<double>(g.exprs[0], t,
                                         std::span<const double>(mv.data(), g.measures.size()), ws,
                                         std::span<double>(scratch));
    }
    default: {
      MarkerState<double> ms[4];
      MarkerAcceleration<double> ma[4];
      const int markers[4] = {m.i, m.j, m.k, m.l};
      for (int c = 0; c < 4; ++c) ms[c] = marker(markers[c], y, yp, &ma[c].a, &ma[c].alpha);
      LocalMeasure lm;
      lm.kind = m.kind;
      lm.i = m.i < 0 ? -1 : 0;
      lm.j = m.j < 0 ? -1 : 1;
      lm.k = m.k < 0 ? -1 : 2;
      lm.l = m.l < 0 ? -1 : 3;
      if (is_tracked_angle(m.kind)) lm.track = run_.angles.track(m.kind, m.i, m.j, m.k);
      if (is_acceleration_measure(m.kind)) return acceleration_measure_value(lm, ms, ma);
      return measure_value(lm, ms, run_.angles.tracks());
    }
  }
}

void RequestOutputs::user_request(const Request& r, double t, const double* y,
                                  std::span<double> out) {
  const UserSubroutine& sub = *r.user;
  std::vector<double> par = sub.par;
  double result[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  UserArgs args;
  args.id = r.id;
  args.time = t;
  args.par = par.data();
  args.npar = static_cast<int>(par.size());
  args.result = result;
  const SystemUserContext context(sys_, run_.angles);
  UserCallState state;
  state.context = &context;
  state.t = t;
  state.y = y;
  UserCall call(sub, state);
  call.run(args);
  std::copy(result, result + 8, out.begin());
}

double RequestOutputs::user_variable(int v, double t, const double* y, const double* yp) {
  const Variable& var = sys_.model().variables[v];
  std::vector<double> par;
  return user_scalar_value(sys_, run_.angles, *var.user, var.id, t, y, yp, par);  // yp: DIF1
}

void RequestOutputs::values(double t, const double* y, const double* yp, std::span<double> out) {
  size_t c = 0;
  for (const auto& r : sys_.model().requests) {
    if (r.type == Request::Type::kUser) {
      user_request(r, t, y, out.subspan(c, 8));
      c += 8;
      continue;
    }
    if (r.type == Request::Type::kExpression) {
      const std::span<const double> mv = measure_values(r.expr, t, y, yp);
      for (const auto& e : r.expr.exprs) {
        out[c++] = evaluate_expression<double>(e, t, mv, run_.request_expr,
                                               std::span<double>(run_.request_scratch));
      }
      continue;
    }
    const MarkerState<double> rm = marker(r.ref_marker, y, yp);
    if (r.type == Request::Type::kElementalForce) {
      // Force components 2-4 and 6-8 of the element's query, then its output channels.
      MeasureSpec q = r.element;
      for (int comp : {2, 3, 4, 6, 7, 8}) {
        q.comp = comp;
        out[c++] = measure(q, t, y, yp);
      }
      if (r.element.kind == MeasureKind::kElementForce) {
        const ForceKernel& k = sys_.force_kernels()[r.element.element];
        double x[kMaxLocalInputs];
        local_inputs(r.element.element, y, yp, x);
        const size_t n = element_output_names(k).size();
        element_output_values(k, x, t, rm.A, dissipated_energy(r.element.element, y),
                              out.subspan(c, n),
                              {sys_, run_, run_.forces[static_cast<size_t>(r.element.element)]});
        if (!k.active) std::fill_n(out.begin() + c, n, 0.0);  // a deactivated force reads zero
        c += n;
      }
      continue;
    }
    Vec3 ai, aj, wdi, wdj;
    const MarkerState<double> I = marker(r.i_marker, y, yp, &ai, &wdi);
    const MarkerState<double> J = marker(r.j_marker, y, yp, &aj, &wdj);
    Vec3 lin, ang;
    switch (r.type) {
      case Request::Type::kDisplacement: {
        lin = rm.A.transpose() * (I.R - J.R);
        const Mat3 R = J.A.transpose() * I.A;
        const std::array<double, 3> e = body313_angles<double>(R);
        ang = Vec3(e[0], e[1], e[2]);
        break;
      }
      case Request::Type::kVelocity:
        lin = rm.A.transpose() * (I.V - J.V);
        ang = rm.A.transpose() * (I.W - J.W);
        break;
      case Request::Type::kAcceleration:
        lin = rm.A.transpose() * (ai - aj);
        ang = rm.A.transpose() * (wdi - wdj);
        break;
      default: {
        const MarkerWrench w = forces_at(r.i_marker, r.j_marker, t, y, yp);
        lin = rm.A.transpose() * w.force;
        ang = rm.A.transpose() * w.torque;
        break;
      }
    }
    for (int k = 0; k < 3; ++k) out[c++] = lin(k);
    for (int k = 0; k < 3; ++k) out[c++] = ang(k);
  }
}

}  // namespace mb
