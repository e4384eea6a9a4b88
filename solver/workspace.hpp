#pragma once
// Workspace: the mutable data of one run of a System (MuJoCo's mjData beside its mjModel). The
// System (solver/system.hpp) is the const description of the DAE; everything an evaluation
// writes lives here: each kernel's expression stack and measure scratch, the PAR arrays its user
// subroutines may write to, the System-layout buffers their callbacks read, the VARSUB PAR
// arrays, the gravity cache, the request outputs' scratch and the whole turns of the angle
// measures (solver/angle_history.hpp: the kernels' measures name their tracks by index).
// System::make_workspace() builds one sized for every kernel (the only allocation); the
// residual, the Jacobian and every kernel take it as an argument, so one System may serve
// several runs, each with its own Workspace.

#include <limits>
#include <vector>

#include "expr/compile.hpp"
#include "solver/angle_history.hpp"
#include "solver/autodiff.hpp"

namespace mb {

class System;

/// One kernel's run buffers. A kernel keeps a sized copy as built (its `work`: the stack and
/// scratch sizes, PAR as its initialisation call left it, the System-layout buffers at the
/// initial state); each Workspace starts from that copy.
struct KernelWork {
  expr::Workspace expr;                 ///< expression stack
  std::vector<double> scratch;          ///< measure values and node sources
  std::vector<double> par, arysub_par;  ///< the user routines' PAR arrays
  std::vector<double> y_full, yp_full;  ///< System state with the kernel's inputs scattered
};

/// Gravity at the last time it was evaluated (solver/gravity_field.hpp).
struct GravityCache {
  V3<double> g = V3<double>::Zero();
  double t = std::numeric_limits<double>::quiet_NaN();
  expr::Workspace expr;
};

struct Workspace {
  /// Per kernel, in the System's order (body_kernels ... state_kernels; a body kernel's is
  /// empty).
  std::vector<KernelWork> bodies, joints, forces, gcons, couplers, ptcvs, states;
  /// Per model variable: the VARSUB's PAR array (empty for other variables).
  std::vector<std::vector<double>> variable_par;
  GravityCache gravity;
  /// Request outputs (solver/request_outputs.hpp): their expression stack and measure values.
  expr::Workspace request_expr;
  std::vector<double> request_scratch;
  /// The last sample time of the run's sampled GSEs (solver/discrete_samples.hpp), so that a
  /// time is sampled once however the analyses and restarts meet there.
  double last_sample_time = -std::numeric_limits<double>::infinity();
  /// The angle measures' tracks: the System's kernels' first (System::make_workspace), then
  /// those the request outputs and user subroutines read; moved on by System::follow_angles
  /// after each accepted step.
  AngleHistory angles;
};

/// What a kernel evaluation is given besides its inputs: the System it belongs to (for the
/// callbacks of user subroutines and the values of other elements it reads), the run's
/// Workspace, and its own buffers in it.
struct KernelCall {
  const System& sys;
  Workspace& ws;
  KernelWork& own;
};

}  // namespace mb
