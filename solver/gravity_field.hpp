#pragma once
// Gravity at time t for the body kernels: the constant of Force_Gravity, or its grav_x/y/z
// expressions of TIME (models/force_gravity.hpp), evaluated once per distinct time and cached in
// the run's Workspace, so a residual evaluation computes it once, not once per body. No
// allocation after the cache is made.

#include "models/model.hpp"
#include "solver/autodiff.hpp"
#include "solver/workspace.hpp"

namespace mb {

class GravityField {
 public:
  explicit GravityField(const Model& m);

  /// A cache sized for the expressions (holding the constant when there are none).
  GravityCache make_cache() const;
  /// Ground-axes gravitational acceleration at time t (model units).
  const V3<double>& at(double t, GravityCache& cache) const;

 private:
  const ExpressionGroup* expr_ = nullptr;
  V3<double> constant_ = V3<double>::Zero();
  size_t stack_ = 1;
};

}  // namespace mb
