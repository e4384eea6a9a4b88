// The product-of-inertia sign convention (Adams, docs/motionsolve-format.md 2.2): the deck's
// inertia_xy is +integral(x y dm), so the tensor about the CM is
// [[Ixx, -Ixy, -Ixz], [-Ixy, Iyy, -Iyz], [-Ixz, -Iyz, Izz]]. Checked on the compiled model and on
// the motion of a free body spinning about a non-principal axis, against Euler's equations
// integrated here independently (RK4).

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

const char* kSpinningBody = R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="3" inertia_xx="2" inertia_yy="3" inertia_zz="4"
                inertia_xy="0.5" inertia_xz="0.3" inertia_yz="-0.2" w_ic_x="2" w_ic_y="0.1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="2" pos_z="3"/>
    <Param_Transient integr_tol="1e-11"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="2" num_steps="20"/></Command>
  </MotionSolve>)XML";

Mat3 hand_built_tensor() {
  Mat3 J;
  J << 2, -0.5, -0.3, -0.5, 3, 0.2, -0.3, 0.2, 4;
  return J;
}

/// Torque-free Euler equations in body axes, J w' = -w x J w, integrated with classical RK4.
Vec3 euler_equations_rk4(const Mat3& J, Vec3 w, double t_end, int steps) {
  const Mat3 Jinv = J.inverse();
  auto f = [&](const Vec3& x) -> Vec3 { return Jinv * (-x.cross(J * x)); };
  const double h = t_end / steps;
  for (int k = 0; k < steps; ++k) {
    const Vec3 k1 = f(w), k2 = f(w + 0.5 * h * k1), k3 = f(w + 0.5 * h * k2), k4 = f(w + h * k3);
    w += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return w;
}

}  // namespace

TEST_CASE("the compiled inertia tensor has the Adams product signs") {
  Diagnostics diag;
  const Deck deck = read_xml_deck_text(kSpinningBody, "spin.xml", diag);
  const auto model = build_model(deck, diag);
  REQUIRE(model);
  const Mat3& J = model->bodies[1].inertia_cm;
  const Mat3 want = hand_built_tensor();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) CHECK(J(r, c) == Approx(want(r, c)).margin(1e-15));
  }
}

TEST_CASE("a body spinning about a non-principal axis follows Euler's equations") {
  const auto run = test::run_inline(kSpinningBody);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const Mat3 J = hand_built_tensor();
  const Vec3 w0(2, 0.1, 0);  // the CM marker's axes are the ground axes at t = 0
  bool precesses = false;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const Vec3 want = euler_equations_rk4(J, w0, run.t[k], 20000);
    const auto& y = run.y[k];
    const Vec3 w(y[10], y[11], y[12]);  // body axes
    for (int c = 0; c < 3; ++c) CHECK(w(c) == Approx(want(c)).margin(1e-7));
    precesses |= (w - w0).norm() > 0.1;
  }
  CHECK(precesses);  // not a principal axis: w changes, so the products mattered
}
