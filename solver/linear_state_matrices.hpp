#pragma once
// The state matrices of a linear analysis with plant inputs u and outputs y (Control_PlantInput
// and Control_PlantOutput lists of Reference_Variables; Adams LINEAR/STATEMAT, PINPUT, POUTPUT):
//   x' = A x + B u,   y = C x + D u
// about the operating point, all derivatives exact: the inputs are held states and the outputs
// probes of an augmented model (solver/linear_plant_model.hpp), so the System's AD Jacobian
// gives dF/du (F the differential rows d of solver/linearization.hpp) and dy/dd, dy/dd', dy/du.
// With E d' + K d + L a + F_u u = 0 and the minimal coordinates d = N z of the linearisation,
//   z' = A_z z + B_z u,  A_z = N^T S K N,  B_z = N^T S F_u
//   y  = -(Y_d N z + Y_d' N z' + Y_u u)       (the probe rows x' - y(d, d', u))
// The states x are then physical: x = T z, T the rows of the physical coordinates P N that a
// column-pivoting QR picks as independent (P maps d to each moving body's CM displacement x y
// z, small rotation ax ay az and the velocities vx vy vz, wx wy wz, all in ground axes, and the
// user states), so A = T A_z T^-1, B = T B_z, C = C_z T^-1, and a state is named as
// "body<id>.x" or "<element>.x<k>". A plant input that a constraint reads (a motion driven by
// the variable) is refused: its input would enter as a constraint rate, not a force.

#include <vector>

#include "solver/linear_result.hpp"
#include "solver/linearization.hpp"

namespace mb {

/// `inputs`, `outputs`: indices into Model::variables (either may be empty).
LinearResult::StateMatrices state_matrices(const Dae& dae, double t, const std::vector<double>& y,
                                           const std::vector<double>& yp,
                                           const std::vector<int>& inputs,
                                           const std::vector<int>& outputs,
                                           const LinearizationOptions& options);

}  // namespace mb
