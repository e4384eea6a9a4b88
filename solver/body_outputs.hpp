#pragma once
// The body channels of the result contract: for every moving Body_Rigid N, `body<N>.x .y .z`
// (CM position, ground), `.e0 .e1 .e2 .e3` (Euler parameters of the CM frame relative to
// ground), `.vx .vy .vz` (CM velocity, ground), `.wx .wy .wz` (angular velocity, ground axes).

#include <span>
#include <string>
#include <vector>

#include "results/csv_result_writer.hpp"
#include "solver/system.hpp"

namespace mb {

std::vector<ResultColumn> body_output_columns(const System& sys);

/// Fills `out` (size = body_output_columns().size()) from the state y.
void body_output_values(const System& sys, const double* y, std::span<double> out);

}  // namespace mb
