#pragma once
// The strain energy distribution of a mode, as Adams reports it: each elastic element's share
// of the mode's strain energy. The elastic elements are the compliant force kernels
// (Force_SpringDamper, Force_Bushing, Force_Field, Force_Beam and the links of Body_Beam:
// ForceKernel::compliant()). An element's stiffness is its kernel's exact Jacobian (AD) with
// respect to the positions and Euler parameters of its bodies at the operating point (preload
// terms included), and its strain energy in a mode with displacement dq (the position part of
// the mode shape) is
//   E = 1/2 Re(dpi^H dg),   dg = -dQ/dq dq
// with dQ the element's generalised forces on its bodies' Newton-Euler rows (force, ground axes;
// torque, body axes) and dpi the matching virtual displacement (the CM translation and the small
// rotation in body axes). Gravity and constraint (geometric) stiffness are not elements and carry
// no share.

#include <string>
#include <vector>

#include "solver/linearization.hpp"

namespace mb {

struct ElementStrainEnergy {
  std::string subject;  ///< "<Element> <id>"
  double energy = 0;    ///< model units, for the mode shape's scaling
};

/// The strain energy of every active compliant element in mode shape `shape` (over lin.vars),
/// at lin's operating point, in force-kernel order.
std::vector<ElementStrainEnergy> strain_energies(const Dae& dae, const LinearSystem& lin,
                                                 const Eigen::VectorXcd& shape);

}  // namespace mb
