#pragma once
// Post_Request channels (models/post_request.hpp): `req<id>.<component>` columns and their
// values at an output time, from the state, its derivative (accelerations) and the multipliers
// (reactions). Also evaluates the request-only measures: ORIENT, JOINT, SFORCE/VFORCE/...,
// FX..TM. Evaluated with doubles only; never inside a residual.

#include <span>
#include <vector>

#include "results/csv_result_writer.hpp"
#include "solver/measures.hpp"
#include "solver/system.hpp"

namespace mb {

/// Force and torque (ground axes; torque about the marker origin) on one side of an element.
struct MarkerWrench {
  Vec3 force = Vec3::Zero();
  Vec3 torque = Vec3::Zero();
};

class RequestOutputs {
 public:
  explicit RequestOutputs(const System& sys);

  std::vector<ResultColumn> columns() const;
  size_t size() const { return n_columns_; }
  /// Fills `out` (size()) at time t.
  void values(double t, const double* y, const double* yp, std::span<double> out) const;

  /// Reaction of constraint block `block` on its I (side 0) or J (side 1) marker.
  MarkerWrench constraint_reaction(int block, int side, const double* y) const;
  /// Force of applied-force kernel `k` on its I (side 0) or J (side 1) marker.
  MarkerWrench element_force(int k, int side, double t, const double* y) const;
  /// The force and torque Constraint_General k exerts on its I marker.
  MarkerWrench general_constraint_reaction(int k, double t, const double* y) const;

 private:
  MarkerState<double> marker(int model_marker, const double* y, const double* yp,
                             Vec3* accel = nullptr, Vec3* ang_accel = nullptr) const;
  double measure(const MeasureSpec& m, double t, const double* y, const double* yp) const;
  MarkerWrench forces_at(int i, int j, double t, const double* y) const;

  const System& sys_;
  size_t n_columns_ = 0;
  mutable expr::Workspace ws_;
  mutable std::vector<double> scratch_;
};

}  // namespace mb
