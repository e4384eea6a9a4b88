#pragma once
// Post_Request channels (models/post_request.hpp): `req<id>.<component>` columns and their
// values at an output time, from the state, its derivative (accelerations) and the multipliers
// (reactions). Also evaluates the request-only measures: ORIENT, JOINT, SFORCE/VFORCE/...,
// FX..TM. Evaluated with doubles only; never inside a residual. Evaluated in a Workspace of the
// System: the run's (its angle tracks continue the angle measures, and a request's new angle
// measure is tracked from its first output on), or one of its own outside a run.

#include <memory>
#include <span>
#include <vector>

#include "results/csv_result_writer.hpp"
#include "solver/marker_reads.hpp"
#include "solver/measures.hpp"
#include "solver/system.hpp"

namespace mb {

class RequestOutputs {
 public:
  /// Room for the output channels of one compliant element.
  static constexpr size_t kMaxOutputChannels = 32;

  /// Evaluates in the run's Workspace `ws` (a Workspace of sys; its request scratch is sized
  /// here).
  RequestOutputs(const System& sys, Workspace& ws);
  /// Outside a run (the columns; values after a run): in a Workspace of its own, whose angle
  /// measures read their principal values.
  explicit RequestOutputs(const System& sys);

  std::vector<ResultColumn> columns() const;
  size_t size() const { return n_columns_; }
  /// Fills `out` (size()) at time t.
  void values(double t, const double* y, const double* yp, std::span<double> out);

  /// Expression k of `g` (a group compiled like a request's, e.g. a sensor's function) at time t.
  double expression(const ExpressionGroup& g, size_t k, double t, const double* y,
                    const double* yp);

  /// Reaction of constraint block `block` on its I (side 0) or J (side 1) marker.
  MarkerWrench constraint_reaction(int block, int side, const double* y);
  /// Force of applied-force kernel `k` on its I (side 0) or J (side 1) marker.
  MarkerWrench element_force(int k, int side, double t, const double* y, const double* yp);
  /// The force and torque Constraint_General k exerts on its I marker.
  MarkerWrench general_constraint_reaction(int k, double t, const double* y);
  /// The force and torque coupler or gear k (System::coupler_kernels order) exerts, through
  /// its coupled coordinate `term`, on that joint's I (side 0) or J (side 1) marker (zero when
  /// deactivated).
  MarkerWrench coupler_reaction(int k, int term, int side, double t, const double* y);
  /// The force Constraint_PTCV k exerts on its I marker (side 0: its multipliers, ground axes)
  /// or on its J marker (side 1: the opposite force at the contact point, the torque about J).
  MarkerWrench ptcv_reaction(int k, int side, const double* y);
  /// The force and torque Constraint_CVCV k exerts on its I marker (side 0) or J marker (side 1):
  /// the force (its first three multipliers, ground axes; opposite on J) acts at the contact
  /// point, the torque is about the marker's origin and includes the tangency couple.
  MarkerWrench cvcv_reaction(int k, int side, const double* y);

 private:
  MarkerState<double> marker(int model_marker, const double* y, const double* yp,
                             Vec3* accel = nullptr, Vec3* ang_accel = nullptr);
  double measure(const MeasureSpec& m, double t, const double* y, const double* yp);
  /// The measures of `g` at time t, in scratch_.
  std::span<const double> measure_values(const ExpressionGroup& g, double t, const double* y,
                                         const double* yp);
  MarkerWrench forces_at(int i, int j, double t, const double* y, const double* yp);
  /// The local inputs of force kernel `kn` (13 states per local body, then multipliers and the
  /// user states it reads, x or x').
  void local_inputs(int kn, const double* y, const double* yp, double* x);
  /// Output channel `channel` (models/compliant_outputs.hpp) of force kernel `kn`.
  double element_output(int kn, int channel, double t, const double* y, const double* yp,
                        const Mat3& rm);
  /// The dissipated-energy state of force kernel `kn` (0 for kernels without one).
  double dissipated_energy(int kn, const double* y);
  /// REQSUB channels f1..f8 and VARSUB values at output time (kernels read VARSUBs through
  /// solver/user_variables.hpp).
  void user_request(const Request& r, double t, const double* y, std::span<double> out);
  double user_variable(int v, double t, const double* y, const double* yp);

  /// Sizes the request scratch of run_.
  void size_scratch();

  const System& sys_;
  size_t n_columns_ = 0;
  std::unique_ptr<Workspace> own_;  ///< outside a run: the Workspace evaluated in
  /// The Workspace evaluated in (expression stacks, measure values, PAR arrays, angle tracks):
  /// evaluating writes it.
  Workspace& run_;
};

}  // namespace mb
