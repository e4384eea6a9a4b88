#pragma once
// Gravity at time t for the body kernels: the constant of Force_Gravity, or its grav_x/y/z
// expressions of TIME (models/force_gravity.hpp), evaluated once per distinct time and cached,
// so a residual evaluation computes it once, not once per body. No allocation after
// construction.

#include <limits>

#include "models/model.hpp"
#include "solver/autodiff.hpp"

namespace mb {

class GravityField {
 public:
  explicit GravityField(const Model& m);

  /// Ground-axes gravitational acceleration at time t (model units).
  const V3<double>& at(double t) const;

 private:
  const ExpressionGroup* expr_ = nullptr;
  mutable V3<double> g_ = V3<double>::Zero();
  mutable double t_ = std::numeric_limits<double>::quiet_NaN();
  mutable expr::Workspace ws_;
};

}  // namespace mb
