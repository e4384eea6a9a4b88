#pragma once
// The sample times of sampled GSEs (Adams GSE with ND, XD, ICD, SAMPLE_PERIOD, SAMPLE_OFFSET;
// models/model.hpp StateElement::num_discrete): their discrete states x_d are held constant
// between t_k = SAMPLE_OFFSET + k SAMPLE_PERIOD (k = 0, 1, ...); the transient stops exactly at
// each t_k (solver/stages/output_integration.hpp), sample_discrete_states sets
// x_d(k+1) = f_d(x_c, x_d(k), u, t_k) from the GSESUB's stated entries for them, and the
// integrator restarts from there. An output row at t_k shows the values after the update.

#include <optional>
#include <vector>

#include "models/model.hpp"

namespace mb {

class System;
struct Workspace;

/// The first sample time of the model's sampled GSEs in (after, until] (a sample within
/// round-off of `until` is `until`), or nothing.
std::optional<double> next_sample_time(const Model& m, double after, double until);

/// True when `t` is one of e's sample times (to round-off).
bool is_sample_time(const StateElement& e, double t);

/// Every sampled GSE of the System sampled at `t`: x_d(k+1) into its entries of y (the
/// System-layout prefix of y; yp the derivatives there). False when none is sampled at t, or
/// when t was sampled already in this run (Workspace::last_sample_time).
bool sample_discrete_states(const System& sys, Workspace& ws, double t, std::vector<double>& y,
                            const std::vector<double>& yp);

}  // namespace mb
