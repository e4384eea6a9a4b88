#include "solver/linear_strain_energy.hpp"

#include "common/linalg.hpp"
#include "solver/autodiff.hpp"
#include "solver/force_kernel.hpp"
#include "solver/linear_modes.hpp"

namespace mb {

namespace {

/// dQ/dq of kernel `k` at y: its Newton-Euler outputs against its bodies' position inputs.
Eigen::MatrixXd position_jacobian(const System& sys, Workspace& ws, size_t kn, double t,
                                  const std::vector<double>& y, const std::vector<double>& yp) {
  const ForceKernel& k = sys.force_kernels()[kn];
  const int n_in = k.inputs();
  AD x[kMaxLocalInputs];
  AD out[kMaxLocalInputs];
  for (int i = 0; i < n_in; ++i) {
    const auto v = static_cast<size_t>(k.input_vars[static_cast<size_t>(i)]);
    x[i] = AD(k.input_is_deriv[static_cast<size_t>(i)] ? yp[v] : y[v], n_in, i);
  }
  k.eval(x, out, t, {sys, ws, ws.forces[kn]});
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(k.outputs(), k.outputs());
  for (int r = 0; r < k.outputs(); ++r) {
    const ADVector& d = out[r].derivatives();
    for (Eigen::Index c = 0; c < d.size() && c < k.outputs(); ++c) J(r, c) = d(c);
  }
  return J;
}

}  // namespace

std::vector<ElementStrainEnergy> strain_energies(const Dae& dae, const LinearSystem& lin,
                                                 const Eigen::VectorXcd& shape) {
  const System& sys = dae.system();
  // The mode's displacement of each local body's inputs (position rows only) and its virtual
  // displacement (CM translation, small rotation in body axes), per moving body offset.
  std::vector<ElementStrainEnergy> out;
  std::vector<double> yp(lin.y.size(), 0.0);
  for (size_t kn = 0; kn < sys.force_kernels().size(); ++kn) {
    const ForceKernel& k = sys.force_kernels()[kn];
    if (!k.active || !k.compliant()) continue;
    const Eigen::MatrixXd J = position_jacobian(sys, dae.workspace(), kn, lin.t, lin.y, yp);
    const auto nb = static_cast<Eigen::Index>(k.bodies.size());
    Eigen::VectorXcd dq = Eigen::VectorXcd::Zero(kBodyStates * nb);
    Eigen::VectorXcd dpi = Eigen::VectorXcd::Zero(kBodyStates * nb);
    for (Eigen::Index b = 0; b < nb; ++b) {
      const int o = sys.body_offset(k.bodies[static_cast<size_t>(b)]);
      const int at = lin.position_of(o);
      for (int i = 0; i < kBodyV; ++i) dq(kBodyStates * b + i) = shape(at + i);
      const BodyModeShape s = body_mode_shape(lin, shape, o);
      const Vec4 e(lin.y[o + kBodyP], lin.y[o + kBodyP + 1], lin.y[o + kBodyP + 2],
                   lin.y[o + kBodyP + 3]);
      const Mat3 R = rotation_from_euler_parameters<double>(e / e.norm());
      const Eigen::Vector3cd rot(s.rotation[0], s.rotation[1], s.rotation[2]);
      dpi.segment<3>(kBodyStates * b + kBodyV) =
          Eigen::Vector3cd(s.translation[0], s.translation[1], s.translation[2]);
      dpi.segment<3>(kBodyStates * b + kBodyW) = R.transpose().cast<std::complex<double>>() * rot;
    }
    const Eigen::VectorXcd dg = J.cast<std::complex<double>>() * dq;  // -dQ: rows v, w
    out.push_back({k.subject, 0.5 * dpi.dot(dg).real()});
  }
  return out;
}

}  // namespace mb
