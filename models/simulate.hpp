#pragma once
// Simulate (command): one analysis (format reference 3.1).
//   analysis_type: Transient | Static | Assembly | Kinematic (supported); Linear, Frequency
//   Response (not yet). Static with end_time or duration is quasi-static: an equilibrium at
//   every output time. Kinematic (also analysis_kind="kinematic", from Adams
//   SIMULATE/KINEMATIC): a zero-DOF model driven by displacement motions, solved by position,
//   velocity and acceleration solves at every output time, with reactions; needs end_time or
//   duration.
//   start_time (default: where the previous analysis ended, 0 at first), end_time (> start) or
//   duration (> 0); output: num_steps (also num_step) | print_interval (mutually exclusive;
//   print_increment and print_array_id are not supported yet).
//   Checked against the commands before it: end_time must lie after the time the analysis starts
//   at (where the previous one ended), and the run writes at most kMaxOutputRows output rows.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

/// The most output rows a run writes (all its Simulates together): 10 million rows of a
/// one-body model are about 2 GB of CSV.
inline constexpr long kMaxOutputRows = 10'000'000;

void build_simulate(ElementReader& in, ModelDraft& draft, bool in_command);
}  // namespace mb
