#pragma once
// The interface of every transient integrator (IDA, CVODE, the joint-coordinate forms, the
// default form) to the transient stage (stages/output_integration.hpp):
//   constructed at a consistent state y0 (compute_initial_conditions) at t0;
//   advance_to(tout, t_stop) integrates to tout without passing t_stop (a failure throws
//     Error(kAnalysisFailed) naming the time, the step size and the variable with the largest
//     weighted local error);
//   time(), y(), yp(): where it is, in the full DAE layout (IntegratorState below);
//   stats(): its counters (IntegratorStats).
// An integrator keeps its solver objects behind an ImplPtr to a struct defined in its .cpp.

#include <memory>
#include <utility>
#include <vector>

namespace mb {

/// A pointer to an integrator's solver objects whose deleter is made where the type is complete
/// (make_impl, in the integrator's .cpp), so that its header declares neither the type nor a
/// destructor.
template <class Impl>
using ImplPtr = std::unique_ptr<Impl, void (*)(Impl*)>;

template <class Impl, class... Args>
ImplPtr<Impl> make_impl(Args&&... args) {
  return ImplPtr<Impl>(new Impl(std::forward<Args>(args)...), [](Impl* p) { delete p; });
}

/// What an integrator reports after advance_to; it is not copied (each owns solver memory).
class IntegratorState {
 public:
  IntegratorState(const IntegratorState&) = delete;
  IntegratorState& operator=(const IntegratorState&) = delete;

  double time() const { return t_; }
  const std::vector<double>& y() const { return y_; }
  const std::vector<double>& yp() const { return yp_; }

 protected:
  IntegratorState(double t0, std::vector<double> y0, std::vector<double> yp0)
      : t_(t0), y_(std::move(y0)), yp_(std::move(yp0)) {}
  ~IntegratorState() = default;

  double t_ = 0;
  std::vector<double> y_, yp_;
};

}  // namespace mb
