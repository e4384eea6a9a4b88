#include "solver/initial_conditions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "common/error.hpp"
#include "solver/held_coordinates.hpp"
#include "solver/massless_bodies.hpp"
#include "solver/redundant_constraints.hpp"
#include "solver/state_layout.hpp"

namespace mb {

namespace {
/// A removed (redundant) equation must hold to this after assembly (model units).
constexpr double kRedundantTolerance = 1e-8;

/// The inverse of the kinetic-energy metric of the body velocities nu (per moving body 1/m for
/// v, J^-1 for w in body axes): a change of velocity measured in it does not depend on the
/// units of length, mass or angle. A body without rotational inertia (a Body_Point, or a body
/// whose moments are all zero) gets a unit weight on w, which its constraints then fix.
SpMat velocity_metric_inverse(const System& sys, Eigen::Index columns) {
  std::vector<Eigen::Triplet<double>> trip;
  for (int k = 0; k < sys.num_moving_bodies(); ++k) {
    const BodyKernel& bk = sys.body_kernel(k);
    // A massless body (held by its constraints, solver/massless_bodies.hpp): a unit weight.
    const double w = bk.mass > 0 ? 1.0 / bk.mass : 1.0;
    for (int i = 0; i < 3; ++i) trip.emplace_back(6 * k + i, 6 * k + i, w);
    const Mat3 J = bk.inertia;
    const double scale = J.trace();
    Eigen::LLT<Mat3> llt(J);
    const bool usable = scale > 0 && llt.info() == Eigen::Success;
    const Mat3 Jinv = usable ? Mat3(llt.solve(Mat3::Identity())) : Mat3::Identity();
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) trip.emplace_back(6 * k + 3 + i, 6 * k + 3 + j, Jinv(i, j));
    }
  }
  // The curve-parameter rates after the body velocities (massless: a unit weight).
  for (auto i = static_cast<Eigen::Index>(6 * sys.num_moving_bodies()); i < columns; ++i) {
    trip.emplace_back(i, i, 1.0);
  }
  const Eigen::Index n = columns;
  SpMat W(n, n);
  W.setFromTriplets(trip.begin(), trip.end());
  return W;
}

/// Rows that hold the velocity components the deck gives (Body::velocity_given; w in ground
/// axes) at their present values: C dnu = 0.
SpMat given_velocity_rows(const System& sys, const std::vector<double>& y) {
  std::vector<Eigen::Triplet<double>> trip;
  int rows = 0;
  const Model& m = sys.model();
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    const int o = sys.body_offset(static_cast<int>(b));
    if (o < 0) continue;
    const int k = body_of_offset(o);
    const auto& given = m.bodies[b].velocity_given;
    const Vec4 p(y[o + 3], y[o + 4], y[o + 5], y[o + 6]);
    const Mat3 A = rotation_from_euler_parameters<double>(p / p.norm());
    for (int c = 0; c < 6; ++c) {
      if (!given[static_cast<size_t>(c)]) continue;
      if (c < 3) {
        trip.emplace_back(rows, 6 * k + c, 1.0);
      } else {
        for (int j = 0; j < 3; ++j) trip.emplace_back(rows, 6 * k + 3 + j, A(c - 3, j));
      }
      ++rows;
    }
  }
  SpMat C(rows, 6 * sys.num_moving_bodies());
  C.setFromTriplets(trip.begin(), trip.end());
  return C;
}

/// The smallest dx in the metric W^-1 with A dx = -r: dx = -Winv A^T (A Winv A^T)^-1 r, or
/// nothing if A Winv A^T is singular or the solve does not meet the equations.
std::optional<Eigen::VectorXd> weighted_min_norm_step(const SpMat& A, const Eigen::VectorXd& r,
                                                      const SpMat& Winv) {
  if (A.rows() == 0) return Eigen::VectorXd::Zero(A.cols());
  const SpMat WAt = Winv * A.transpose();
  const SpMat S = A * WAt;
  Eigen::SimplicialLDLT<SpMat> ldlt(S);
  if (ldlt.info() != Eigen::Success) return std::nullopt;
  const Eigen::VectorXd dx = -(WAt * ldlt.solve(r));
  const double check = (A * dx + r).cwiseAbs().maxCoeff();
  if (!(check <= 1e-9 * (1.0 + r.cwiseAbs().maxCoeff()))) return std::nullopt;
  return dx;
}

/// [A; C] (same columns).
SpMat stacked(const SpMat& A, const SpMat& C) {
  std::vector<Eigen::Triplet<double>> trip;
  for (Eigen::Index c = 0; c < A.outerSize(); ++c) {
    for (SpMat::InnerIterator it(A, c); it; ++it) trip.emplace_back(it.row(), c, it.value());
    for (SpMat::InnerIterator it(C, c); it; ++it) {
      trip.emplace_back(A.rows() + it.row(), c, it.value());
    }
  }
  SpMat AC(A.rows() + C.rows(), A.cols());
  AC.setFromTriplets(trip.begin(), trip.end());
  return AC;
}

/// [a; c].
Eigen::VectorXd stacked(const Eigen::VectorXd& a, const Eigen::VectorXd& c) {
  Eigen::VectorXd ac(a.size() + c.size());
  ac << a, c;
  return ac;
}

/// Velocity assembly (Adams keeps the velocities the deck gives exactly when it can): the
/// change of nu that satisfies the velocity constraints A dnu = -r, is the smallest in kinetic
/// energy, and keeps the held joint rates (H dnu = -rh) and then the given body components; if
/// the given components and the constraints conflict, only the joint rates are kept, and if
/// those conflict too, the smallest change in kinetic energy of all components.
Eigen::VectorXd velocity_assembly_step(const System& sys, const std::vector<double>& y,
                                       const SpMat& A, const Eigen::VectorXd& r, const SpMat& H,
                                       const Eigen::VectorXd& rh, std::vector<std::string>& notes) {
  // The columns: nu, then the curve-parameter rates (Blocks::curve_rates), which the held and
  // given velocity rows do not involve.
  const SpMat Winv = velocity_metric_inverse(sys, A.cols());
  SpMat C = given_velocity_rows(sys, y);
  C.conservativeResize(C.rows(), A.cols());
  SpMat H_all = H;
  H_all.conservativeResize(H.rows(), A.cols());
  const SpMat AH = stacked(A, H_all);
  const Eigen::VectorXd rah = stacked(r, rh);
  if (C.rows() > 0) {
    const Eigen::VectorXd rc = stacked(rah, Eigen::VectorXd::Zero(C.rows()));
    if (auto dx = weighted_min_norm_step(stacked(AH, C), rc, Winv)) return *dx;
  }
  if (H.rows() > 0) {
    if (auto dx = weighted_min_norm_step(AH, rah, Winv)) return *dx;
    notes.push_back(
        "the joint initial velocities conflict with the constraints; they are not held");
  }
  if (auto dx = weighted_min_norm_step(A, r, Winv)) return *dx;
  return min_norm_step(A, r, "velocity assembly");  // names the failure
}

/// The held displacements whose rows are independent of the constraints and of the held rows before
/// them, at the deck's state; notes the others.
std::vector<int> independent_held_rows(const Dae& dae, double t, const std::vector<double>& y,
                                       const Blocks& b, const HeldCoordinates& held,
                                       InitialConditions& ic) {
  const std::vector<int> all = held.with_displacement();
  if (all.empty()) return {};
  SpMat C;
  Eigen::VectorXd rc;
  held.position_rows(b, y, all, C, rc);
  const std::vector<double> yp(y.size(), 0.0);
  const SpMat A = block(jacobian_matrix(dae, t, y, yp, 0.0), b.pos_rows, b.q);
  const std::vector<int> kept = independent_extra_rows(A, C);
  std::vector<int> rows;
  size_t next = 0;
  for (size_t k = 0; k < all.size(); ++k) {
    if (next < kept.size() && kept[next] == static_cast<int>(k)) {
      rows.push_back(all[k]);
      ++next;
    } else {
      ic.notes.push_back(
          fmt::format("{}: the coordinate is fixed by the constraints (or by the initial "
                      "conditions before it) and is not held",
                      held.coordinates()[static_cast<size_t>(all[k])].subject));
    }
  }
  return rows;
}

/// Newton on the position constraints and the held rows `rows` from y (min-norm steps). False
/// when it fails and `last` is false; when `last`, a failure throws Error(kAnalysisFailed).
bool assemble_positions(const Dae& dae, double t, std::vector<double>& y, const Blocks& b,
                        const HeldCoordinates* held, const std::vector<int>& rows, bool last,
                        InitialConditions& ic) {
  std::vector<double> yp(static_cast<size_t>(dae.size()), 0.0), res(yp.size(), 0.0);
  for (int iter = 0;; ++iter) {
    dae.residual(t, y.data(), yp.data(), res.data());
    Eigen::VectorXd r = gather(res, b.pos_rows);
    SpMat C;
    Eigen::VectorXd rc;
    if (!rows.empty()) {
      held->position_rows(b, y, rows, C, rc);
      r = stacked(r, rc);
    }
    ic.position_residual = r.size() ? r.cwiseAbs().maxCoeff() : 0.0;
    ic.position_iterations = iter;
    if (ic.position_residual < 1e-12) return true;
    if (iter == 50) {
      if (!last) return false;
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("position assembly did not converge in 50 iterations (largest "
                              "constraint error {:g}); check that the joints can be assembled",
                              ic.position_residual));
    }
    SpMat A = block(jacobian_matrix(dae, t, y, yp, 0.0), b.pos_rows, b.q);
    if (!rows.empty()) A = stacked(A, C);
    Eigen::VectorXd dq;
    try {
      dq = min_norm_step(A, r, "position assembly");
    } catch (const Error&) {
      if (last) throw;
      return false;
    }
    for (size_t i = 0; i < b.q.size(); ++i) y[b.q[i]] += dq(static_cast<Eigen::Index>(i));
  }
}

}  // namespace

InitialConditions compute_initial_conditions(const Dae& dae, double t, std::vector<double> y,
                                             const HeldCoordinates* held, bool check_removed) {
  const int n = dae.size();
  const Blocks b = blocks_of(dae);
  InitialConditions ic;
  std::vector<double> yp(n, 0.0), res(n, 0.0);

  // 1. Position assembly, with the held displacements as further rows: all of them, else
  // (they cannot all be met) the joint initial conditions alone, else none.
  std::vector<std::vector<int>> attempts;
  if (held) {
    attempts.push_back(independent_held_rows(dae, t, y, b, *held, ic));
    std::vector<int> joint_rows;
    for (int r : attempts.back()) {
      if (held->coordinates()[static_cast<size_t>(r)].body_fn < 0) joint_rows.push_back(r);
    }
    if (joint_rows.size() < attempts.back().size()) attempts.push_back(joint_rows);
  }
  if (attempts.empty() || !attempts.back().empty()) attempts.emplace_back();
  const std::vector<double> y_deck = y;
  for (size_t k = 0; k < attempts.size(); ++k) {
    y = y_deck;
    if (assemble_positions(dae, t, y, b, held, attempts[k], k + 1 == attempts.size(), ic)) break;
    const bool exact_dropped = std::any_of(attempts[k].begin(), attempts[k].end(), [&](int r) {
      return held->coordinates()[static_cast<size_t>(r)].body_fn >= 0;
    });
    ic.notes.push_back(exact_dropped
                           ? "the EXACT part coordinates cannot be kept with the constraints and "
                             "the joint initial conditions; they are treated as guesses"
                           : "the held initial displacements cannot be met with the "
                             "constraints; they are not held");
  }
  if (check_removed) check_redundant_consistent(dae, t, y, kRedundantTolerance);
  check_massless_bodies(dae, t, y);

  // 2. Velocity assembly (the velocity rows are linear in nu).
  {
    dae.residual(t, y.data(), yp.data(), res.data());
    const Eigen::VectorXd r = gather(res, b.vel_rows);
    const SpMat J = jacobian_matrix(dae, t, y, yp, 0.0);
    SpMat H(0, static_cast<Eigen::Index>(b.nu.size()));
    Eigen::VectorXd rh;
    if (held && !held->empty()) held->velocity_rows(y, held->with_velocity(), H, rh);
    // The curve-parameter rates keep what the deck gives (vel_0, or its body velocities) unless
    // the body velocities alone cannot meet the velocity rows: a point driven along its curve
    // (a Kinematic analysis) moves along it, so its rate is an unknown too.
    std::vector<int> cols = b.nu;
    Eigen::VectorXd dx;
    try {
      dx = velocity_assembly_step(dae.system(), y, block(J, b.vel_rows, cols), r, H, rh, ic.notes);
    } catch (const Error&) {
      if (b.curve_rates.empty()) throw;
      cols.insert(cols.end(), b.curve_rates.begin(), b.curve_rates.end());
      dx = velocity_assembly_step(dae.system(), y, block(J, b.vel_rows, cols), r, H, rh, ic.notes);
    }
    for (size_t i = 0; i < cols.size(); ++i) y[cols[i]] += dx(static_cast<Eigen::Index>(i));
  }

  // 3. Derivatives and reactions (q' = H nu, [M -B^T; B 0] [nu'; lambda] = [Q; -gamma]).
  AccelerationSolver(dae).solve(t, y, yp);
  ic.y = std::move(y);
  ic.yp = std::move(yp);
  return ic;
}

}  // namespace mb
