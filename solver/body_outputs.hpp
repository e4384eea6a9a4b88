#pragma once
// The body channels of the result contract: for every moving Body_Rigid N, `body<N>.x .y .z`
// (CM position, ground), `.e0 .e1 .e2 .e3` (Euler parameters of the CM frame relative to
// ground), `.vx .vy .vz` (CM velocity, ground), `.wx .wy .wz` (angular velocity, ground axes);
// on request (mbsolve --angles) its orientation as angles too: `.yaw .pitch .roll` (A = Rz(yaw)
// Ry(pitch) Rx(roll); yaw and roll in (-pi, pi], pitch in [-pi/2, pi/2]) or `.psi .theta .phi`
// (body 3-1-3, A = Rz(psi) Rx(theta) Rz(phi), as common/linalg.hpp euler313_from_rotation).

#include <span>
#include <string>
#include <vector>

#include "results/csv_result_writer.hpp"
#include "solver/system.hpp"

namespace mb {

/// Which angle columns follow a body's angular velocity.
enum class BodyAngles { kNone, kYawPitchRoll, kEuler313 };

std::vector<ResultColumn> body_output_columns(const System& sys,
                                              BodyAngles angles = BodyAngles::kNone);

/// Fills `out` (size = body_output_columns(sys, angles).size()) from the state y.
void body_output_values(const System& sys, const double* y, std::span<double> out,
                        BodyAngles angles = BodyAngles::kNone);

}  // namespace mb
