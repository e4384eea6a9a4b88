#include "solver/held_coordinates.hpp"

#include <fmt/format.h>

#include <Eigen/SparseQR>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "models/constraint_joint.hpp"
#include "solver/redundant_constraints.hpp"
#include "solver/state_layout.hpp"
#include "solver/system.hpp"

namespace mb {

namespace {

/// The joint coordinate (d . z_J or AZ(I, J)) and its rate row at the bodies' positions.
template <class T>
T joint_coordinate(const HeldCoordinates::Coordinate& c, const T* yi, const T* yj, T* row) {
  const M3<T> Ai = rotation_from_euler_parameters<T>(V4<T>(yi[3], yi[4], yi[5], yi[6]));
  const M3<T> Aj = rotation_from_euler_parameters<T>(V4<T>(yj[3], yj[4], yj[5], yj[6]));
  const JointKernel& g = c.geometry;
  if (c.rotational) return g.angle_z(Ai, Aj, row);
  const V3<T> si = g.s_i.cast<T>(), sj = g.s_j.cast<T>();
  const V3<T> d = V3<T>(yi[0], yi[1], yi[2]) + Ai * si - V3<T>(yj[0], yj[1], yj[2]) - Aj * sj;
  return dot2_row<T>(g.u_j.col(2).cast<T>(), Ai, Aj, si, sj, d, row);
}

/// Body coordinate `fn` (HeldCoordinates::Coordinate::body_fn) at the body state y (r, p).
template <class T>
T body_coordinate(int fn, const T* y) {
  using std::acos;
  using std::atan2;
  if (fn < 3) return y[fn];
  const M3<T> A = rotation_from_euler_parameters<T>(V4<T>(y[3], y[4], y[5], y[6]));
  switch (fn) {
    case 3:
      return atan2(A(0, 2), -A(1, 2));
    case 4:
      return acos(A(2, 2));
    case 5:
      return atan2(A(2, 0), A(2, 1));
    case 6:
      return atan2(A(1, 0), A(0, 0));
    case 7:
      return A(0, 2);
    default:
      return A(1, 2);
  }
}

double wrapped(double angle) {
  const double two_pi = 2.0 * std::numbers::pi;
  return angle - two_pi * std::round(angle / two_pi);
}

}  // namespace

HeldCoordinates::HeldCoordinates(const System& sys) : sys_(sys) {
  const Model& m = sys.model();
  for (const Joint& j : m.joints) {
    if (!j.active) continue;
    for (int c = 0; c < 2; ++c) {
      if (!j.ic_disp[c] && !j.ic_vel[c]) continue;
      const bool rotational = c == 1;
      bool driven = false;
      for (const MotionJoint& mo : m.motions) {
        driven |= mo.active && !mo.on_markers && mo.joint >= 0 && &m.joints[mo.joint] == &j &&
                  mo.rotational == rotational;
      }
      if (driven) continue;
      Coordinate h;
      h.subject = fmt::format("Constraint_Joint {} ({} initial condition)", j.id,
                              rotational ? "rotational" : "translational");
      const Marker& mi = m.markers[j.i_marker];
      const Marker& mj = m.markers[j.j_marker];
      h.geometry.s_i = mi.pos_body;
      h.geometry.u_i = mi.axes_body;
      h.geometry.s_j = mj.pos_body;
      h.geometry.u_j = mj.axes_body;
      h.oi = sys.body_offset(mi.body);
      h.oj = sys.body_offset(mj.body);
      h.rotational = rotational;
      h.disp = j.ic_disp[c];
      h.vel = j.ic_vel[c];
      coords_.push_back(std::move(h));
    }
  }
  static constexpr std::string_view kNames[] = {"X", "Y", "Z", "PSI", "THETA", "PHI"};
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    const Body& body = m.bodies[b];
    const int o = sys.body_offset(static_cast<int>(b));
    if (o < 0 || body.point) continue;
    double y0[7] = {body.r0(0), body.r0(1), body.r0(2), body.p0(0),
                    body.p0(1), body.p0(2), body.p0(3)};
    // The deck's theta at 0 or pi: psi and phi are not separately defined.
    const bool degenerate = std::abs(std::sin(body_coordinate<double>(4, y0))) < 1e-6;
    std::vector<int> fns;
    for (int c = 0; c < 6; ++c) {
      if (!body.exact[static_cast<size_t>(c)]) continue;
      if (!degenerate || c < 3) {
        fns.push_back(c);
      } else if (c == 4) {
        fns.push_back(7);
        fns.push_back(8);
      } else if (std::find(fns.begin(), fns.end(), 6) == fns.end()) {
        fns.push_back(6);
      }
    }
    for (int fn : fns) {
      Coordinate h;
      h.subject = fmt::format("{} (EXACT {})", body.subject,
                              fn < 6    ? kNames[fn]
                              : fn == 6 ? "PSI/PHI"
                                        : "THETA");
      h.oi = o;
      h.body_fn = fn;
      h.disp = body_coordinate<double>(fn, y0);
      coords_.push_back(std::move(h));
    }
  }
}

double HeldCoordinates::value(const Coordinate& c, const std::vector<double>& y, double* dq) const {
  AD x[14];
  for (int side = 0; side < 2; ++side) {
    const int o = side == 0 ? c.oi : c.oj;
    for (int k = 0; k < 7; ++k) {
      AD& a = x[7 * side + k];
      a.value() = o < 0 ? kGroundState[k] : y[static_cast<size_t>(o + k)];
      a.derivatives() = ADVector::Zero(14);
      if (o >= 0) a.derivatives()(7 * side + k) = 1.0;
    }
  }
  AD row[12];
  const AD q =
      c.body_fn >= 0 ? body_coordinate<AD>(c.body_fn, x) : joint_coordinate<AD>(c, x, x + 7, row);
  for (int k = 0; k < 14; ++k) dq[k] = q.derivatives().size() ? q.derivatives()(k) : 0.0;
  return q.value();
}

void HeldCoordinates::rate_row(const Coordinate& c, const std::vector<double>& y,
                               double* row) const {
  double yi[7], yj[7];
  for (int k = 0; k < 7; ++k) {
    yi[k] = c.oi < 0 ? kGroundState[k] : y[static_cast<size_t>(c.oi + k)];
    yj[k] = c.oj < 0 ? kGroundState[k] : y[static_cast<size_t>(c.oj + k)];
  }
  joint_coordinate<double>(c, yi, yj, row);
}

void HeldCoordinates::position_rows(const Blocks& b, const std::vector<double>& y,
                                    const std::vector<int>& which, SpMat& C,
                                    Eigen::VectorXd& r) const {
  // The q columns are 7 per moving body in body order, then the curve parameters (blocks_of).
  std::vector<Eigen::Triplet<double>> trip;
  r.resize(static_cast<Eigen::Index>(which.size()));
  for (size_t n = 0; n < which.size(); ++n) {
    const Coordinate& c = coords_[static_cast<size_t>(which[n])];
    double dq[14];
    const double q = value(c, y, dq);
    const double diff = q - *c.disp;
    r(static_cast<Eigen::Index>(n)) = c.angle() ? wrapped(diff) : diff;
    for (int side = 0; side < 2; ++side) {
      const int o = side == 0 ? c.oi : c.oj;
      if (o < 0) continue;
      for (int k = 0; k < kBodyPositions; ++k) {
        trip.emplace_back(static_cast<int>(n), kBodyPositions * body_of_offset(o) + k,
                          dq[kBodyPositions * side + k]);
      }
    }
  }
  C.resize(static_cast<Eigen::Index>(which.size()), static_cast<Eigen::Index>(b.q.size()));
  C.setFromTriplets(trip.begin(), trip.end());
}

void HeldCoordinates::velocity_rows(const std::vector<double>& y, const std::vector<int>& which,
                                    SpMat& C, Eigen::VectorXd& r) const {
  std::vector<Eigen::Triplet<double>> trip;
  r.resize(static_cast<Eigen::Index>(which.size()));
  for (size_t n = 0; n < which.size(); ++n) {
    const Coordinate& c = coords_[static_cast<size_t>(which[n])];
    double row[12];
    rate_row(c, y, row);
    double rate = 0;
    for (int side = 0; side < 2; ++side) {
      const int o = side == 0 ? c.oi : c.oj;
      if (o < 0) continue;
      for (int k = 0; k < kBodyVelocities; ++k) {
        const double g = row[kBodyVelocities * side + k];
        trip.emplace_back(static_cast<int>(n), kBodyVelocities * body_of_offset(o) + k, g);
        rate += g * y[static_cast<size_t>(o + kBodyV + k)];
      }
    }
    r(static_cast<Eigen::Index>(n)) = rate - *c.vel;
  }
  C.resize(static_cast<Eigen::Index>(which.size()), 6 * sys_.num_moving_bodies());
  C.setFromTriplets(trip.begin(), trip.end());
}

std::vector<int> HeldCoordinates::with_displacement() const {
  std::vector<int> out;
  for (size_t k = 0; k < coords_.size(); ++k) {
    if (coords_[k].disp) out.push_back(static_cast<int>(k));
  }
  return out;
}

std::vector<int> HeldCoordinates::with_velocity() const {
  std::vector<int> out;
  for (size_t k = 0; k < coords_.size(); ++k) {
    if (coords_[k].vel) out.push_back(static_cast<int>(k));
  }
  return out;
}

std::vector<int> independent_extra_rows(const SpMat& A, const SpMat& extra) {
  // [A; extra]^T with unit columns, factored in column order without pivoting: a column whose
  // pivot falls under the threshold is dependent on the columns before it.
  const Eigen::Index na = A.rows(), ne = extra.rows();
  std::vector<Eigen::Triplet<double>> trip;
  auto add = [&](const SpMat& M, Eigen::Index offset) {
    const SpMat Mt = M.transpose();
    for (Eigen::Index k = 0; k < Mt.outerSize(); ++k) {
      const double norm = Mt.col(k).norm();
      for (SpMat::InnerIterator it(Mt, k); it; ++it) {
        trip.emplace_back(static_cast<int>(it.row()), static_cast<int>(offset + k),
                          norm > 0 ? it.value() / norm : 0.0);
      }
    }
  };
  add(A, 0);
  add(extra, na);
  SpMat T(A.cols(), na + ne);
  T.setFromTriplets(trip.begin(), trip.end());
  T.makeCompressed();
  std::vector<int> kept;
  Eigen::SparseQR<SpMat, Eigen::NaturalOrdering<int>> qr;
  qr.setPivotThreshold(kRedundancyThreshold);
  qr.compute(T);
  if (qr.info() != Eigen::Success) return kept;
  const auto& order = qr.colsPermutation().indices();
  std::vector<bool> independent(static_cast<size_t>(na + ne), false);
  for (Eigen::Index k = 0; k < qr.rank(); ++k) independent[static_cast<size_t>(order(k))] = true;
  for (Eigen::Index k = 0; k < ne; ++k) {
    if (independent[static_cast<size_t>(na + k)]) kept.push_back(static_cast<int>(k));
  }
  return kept;
}

}  // namespace mb
