#include "solver/element_outputs.hpp"

#include "models/compliant_outputs.hpp"
#include "solver/state_layout.hpp"

namespace mb {

std::span<const std::string_view> element_output_names(const ForceKernel& k) {
  switch (k.kind) {
    case ForceKernel::Kind::kSpring:
      return kSpringDamperOutputs;
    case ForceKernel::Kind::kLinear:
      return kLinearForceOutputs;
    default:
      return {};
  }
}

void element_output_values(const ForceKernel& k, const double* x, double t, const Mat3& rm,
                           double ediss, std::span<double> out, const KernelCall& call) {
  ElementState<double> st;
  k.wrench(x, t, call, &st);
  size_t c = 0;
  if (k.kind == ForceKernel::Kind::kSpring) {
    BodyState<double> bodies[ForceKernel::kMaxBodies];
    for (size_t b = 0; b < k.bodies.size(); ++b) bodies[b] = body_state(x + kBodyStates * b);
    const MarkerState<double> ground{};
    const MarkerState<double> I = k.mi < 0 ? ground : marker_state(k.markers[k.mi], bodies);
    const MarkerState<double> J = k.mj < 0 ? ground : marker_state(k.markers[k.mj], bodies);
    out[c++] = st.q(0);
    out[c++] = st.qdot(0);
    out[c++] = st.g(0);
    const Vec3 d = rm.transpose() * (I.R - J.R), v = rm.transpose() * (I.V - J.V);
    for (int a = 0; a < 3; ++a) out[c++] = d(a);
    for (int a = 0; a < 3; ++a) out[c++] = v(a);
  } else if (k.kind == ForceKernel::Kind::kLinear) {
    for (int a = 0; a < 6; ++a) out[c++] = st.q(a);
    for (int a = 0; a < 6; ++a) out[c++] = st.qdot(a);
    for (int a = 0; a < 6; ++a) out[c++] = st.g(a);
  } else {
    return;
  }
  out[c++] = st.potential;
  out[c++] = st.dissipation;
  out[c++] = ediss;
}

}  // namespace mb
