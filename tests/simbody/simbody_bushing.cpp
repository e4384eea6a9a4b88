#include "tests/simbody/simbody_bushing.hpp"

#include <Simbody.h>

#include <cmath>

namespace mb::simbody {

namespace {

/// MotionSolve marker orientation: body-fixed 3-1-3 angles, A = Rz(psi) Rx(theta) Rz(phi).
SimTK::Rotation euler_313(double psi, double theta, double phi) {
  return SimTK::Rotation(SimTK::BodyRotationSequence, psi, SimTK::ZAxis, theta, SimTK::XAxis, phi,
                         SimTK::ZAxis);
}

}  // namespace

std::vector<BodySample> simulate_bushing_in_simbody(double end, double dt, double accuracy) {
  using namespace SimTK;
  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  Force::UniformGravity gravity(forces, matter, Vec3(0, -9.81, 0));

  // Body frame B at the centre of mass (deck marker 20), axes parallel to ground at t = 0. The
  // deck's inertia_xy is a product of inertia in the Adams sense (the tensor holds -Ixy); Simbody
  // takes the tensor's off-diagonal entries.
  const Vec3 cm0(0.2, -0.05, 0.3);
  Body::Rigid body(MassProperties(1.5, Vec3(0), Inertia(0.05, 0.08, 0.1, -0.004, 0, 0)));
  MobilizedBody::Free free_body(matter.Ground(), Transform(), body, Transform());

  // Frame F = ground marker 10 (the deck's J), frame M = body marker 21 (the deck's I).
  const Transform X_GF(euler_313(0.3, 0.2, -0.1), Vec3(0.1, -0.1, 0.2));
  const Transform X_BM(euler_313(0.25, 0.3, -0.2), Vec3(0.15, -0.1, 0.25) - cm0);
  // Rotational axes first (ktx, kty, ktz), then translational (kx, ky, kz).
  Force::LinearBushing bushing(forces, matter.Ground(), X_GF, free_body, X_BM,
                               Vec6(20, 25, 15, 400, 500, 300),
                               Vec6(0.02, 0.03, 0.015, 0.6, 0.4, 0.5));

  State state = system.realizeTopology();
  free_body.setQToFitTransform(state, Transform(Rotation(), cm0));
  // Ground-axes angular velocity (w_ic) and CM velocity (v_ic).
  free_body.setUToFitVelocity(state, SpatialVec(Vec3(2.4, -1.6, 3), Vec3(0.3, -0.2, 0.25)));

  RungeKuttaMersonIntegrator integ(system);
  integ.setAccuracy(accuracy);
  integ.setConstraintTolerance(accuracy);
  TimeStepper stepper(system, integ);
  stepper.initialize(state);

  std::vector<BodySample> out;
  Vec4 previous(1, 0, 0, 0);
  const int steps = static_cast<int>(std::lround(end / dt));
  for (int k = 0; k <= steps; ++k) {
    const double t = k * dt;
    if (k > 0) stepper.stepTo(t);
    const State& s = integ.getState();
    system.realize(s, Stage::Velocity);
    const Transform& X = free_body.getBodyTransform(s);
    const Vec3 v = free_body.getBodyOriginVelocity(s);
    const Mat33& A = X.R().asMat33();
    Vec4 e = X.R().convertRotationToQuaternion().asVec4();
    if (~e * previous < 0) e = -e;  // keep the sign continuous, as a simulation's e0..e3
    previous = e;
    BodySample b;
    b.t = t;
    for (int i = 0; i < 3; ++i) {
      b.r[i] = X.p()[i];
      b.v[i] = v[i];
      for (int j = 0; j < 3; ++j) b.A[3 * i + j] = A(i, j);
    }
    for (int i = 0; i < 4; ++i) b.e[i] = e[i];
    out.push_back(b);
  }
  return out;
}

}  // namespace mb::simbody
