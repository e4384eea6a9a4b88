// Oracle: the ODE right-hand side differenced. The sparse Newton matrix of the ODE form
// (solver/ode_newton_matrix.hpp) is the exact one, so its solve x of (I - gamma J) x = b must
// satisfy the same equation with J the central finite-difference Jacobian of the right-hand side
// f(x) = y'_d (AccelerationSolver) to difference accuracy. A spinning, moving rigid body on a
// stiff spring-damper to the ground with gravity: J holds the stiffness, the damping, the
// gyroscopic terms and the Euler-parameter kinematics. A swinging, spinning pendulum on a revolute
// joint: J holds the constraints' curvature C too (velocity-squared terms over the link length;
// without C the defect was gamma C x, about 17 gamma relative).

#include "solver/ode_newton_matrix.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr const char* kSpringBody = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.2" pos_y="1.0" pos_z="0.1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.2" inertia_zz="0.3"
                v_ic_x="0.5" v_ic_z="-0.3" w_ic_x="1.5" w_ic_y="-2" w_ic_z="3"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Marker id="21" body_id="2" pos_x="0.3" pos_y="0.1"/>
    <Force_SpringDamper id="1" type="TRANSLATIONAL" i_marker_id="21" j_marker_id="10"
                        stiffness="5000" damping="40" length="0.5"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1"/>
  </Command></MotionSolve>)XML";

constexpr const char* kPendulum = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.01" inertia_yy="0.02" inertia_zz="0.03"
                w_ic_z="0.5" v_ic_y="0.6"/>
    <Reference_Marker id="20" body_id="2" pos_x="1.2"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1"/>
  </Command></MotionSolve>)XML";

/// Largest |(I - gamma J_fd) x - b| / max|b| for the Newton solve x of b, J_fd the central
/// difference Jacobian of the right-hand side at the model's initial state.
double newton_solve_defect(const char* deck_text, double gamma) {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(deck_text, "deck.xml", diag);
  auto model = build_model(deck, diag);
  REQUIRE(model);
  REQUIRE_FALSE(diag.has_errors());
  const System sys(*model);
  Workspace ws = sys.make_workspace();
  const Dae dae(sys, ws);
  const Blocks b = blocks_of(dae);
  AccelerationSolver acc(dae);
  const int nd = static_cast<int>(b.diff.size());
  const double t = 0.0;
  std::vector<double> y = sys.initial_state(), yp(sys.size(), 0.0);
  acc.solve(t, y, yp);
  OdeNewtonMatrix newton(dae);
  newton.evaluate(t, y, yp);
  REQUIRE(newton.factor(gamma));

  auto rhs = [&](const std::vector<double>& x) {
    std::vector<double> yy = y, yyp(sys.size(), 0.0), f(nd);
    for (int i = 0; i < nd; ++i) yy[b.diff[i]] = x[i];
    acc.solve(t, yy, yyp);
    for (int i = 0; i < nd; ++i) f[i] = yyp[b.diff[i]];
    return f;
  };
  std::vector<double> x0(nd);
  for (int i = 0; i < nd; ++i) x0[i] = y[b.diff[i]];
  Eigen::MatrixXd J(nd, nd);
  const double h = 1e-6;
  for (int c = 0; c < nd; ++c) {
    auto xp = x0, xm = x0;
    xp[c] += h;
    xm[c] -= h;
    const auto fp = rhs(xp), fm = rhs(xm);
    for (int r = 0; r < nd; ++r) J(r, c) = (fp[r] - fm[r]) / (2 * h);
  }
  Eigen::VectorXd rhs_b(nd);
  for (int i = 0; i < nd; ++i) rhs_b(i) = std::sin(1.0 + 0.7 * i);  // any right side
  std::vector<double> x(rhs_b.data(), rhs_b.data() + nd);
  newton.solve(x.data());
  const Eigen::Map<const Eigen::VectorXd> xv(x.data(), nd);
  const Eigen::VectorXd defect = (Eigen::MatrixXd::Identity(nd, nd) - gamma * J) * xv - rhs_b;
  return defect.cwiseAbs().maxCoeff() / rhs_b.cwiseAbs().maxCoeff();
}

}  // namespace

TEST_CASE("ODE Newton matrix: exact without constraints (against the differenced RHS)") {
  // gamma from a small step to one where the spring (5000 N/m on 2 kg: 50 rad/s) dominates
  for (double gamma : {1e-4, 1e-2, 0.1}) {
    INFO("gamma " << gamma);
    CHECK(newton_solve_defect(kSpringBody, gamma) < 1e-6);
  }
}

TEST_CASE("ODE Newton matrix: exact with constraints, their curvature included") {
  // gamma up to 0.1, where gamma C (about 17 gamma) is larger than the identity
  for (double gamma : {1e-4, 1e-2, 0.1}) {
    INFO("gamma " << gamma);
    CHECK(newton_solve_defect(kPendulum, gamma) < 1e-6);
  }
}
