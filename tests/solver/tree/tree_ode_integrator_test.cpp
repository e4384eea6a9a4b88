// The joint-coordinate ODE form (ABAM on a tree of joints, solver/tree/). Oracles:
//   * the DAE form (IDA, DSTIFF/GSTIFF) on the Cartesian equations: independent formulation,
//     integrator and constraint handling; every body state and every joint multiplier
//     (reaction) at every output, and the JOINT() reaction requests, on a mixed tree of every
//     supported joint type with a branch and a free body, and on a five-link chain;
//   * conservation of energy on a double pendulum at tight tolerance (closed form: no
//     dissipation);
//   * GSTIFF again on a four-bar loop, which ABAM runs on a spanning tree with a cut joint.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "solver/redundant_constraints.hpp"
#include "solver/tree/tree_topology.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/run_comparison.hpp"
#include "tests/solver/tree/tree_decks.hpp"

using namespace mb;

namespace {

/// Runs a deck with ABAM, in joint coordinates (the default) or forced Cartesian; keeps the log.
test::LoggedRun run_abam(const std::string& deck, double tol, bool joint_coordinates) {
  auto model = test::model_inline(test::with_integrator(deck, "ABAM", tol));
  model->transient.joint_coordinates = joint_coordinates;
  return test::run_logged(std::move(model));
}

bool qualifies(const std::string& deck, std::string& why_not) {
  auto model = test::model_inline(test::with_integrator(deck, "ABAM", 1e-6));
  System sys(*model);
  Workspace ws = sys.make_workspace();
  const Dae dae(sys, ws, find_redundant_equations(sys, 0.0, sys.initial_state()));
  TreeTopology tree;
  return find_tree_topology(dae, tree, why_not);
}

/// Two rods (1 m and 0.7 m) hinged about z at the origin and at the end of the first rod.
constexpr const char* kDoublePendulum = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.001" inertia_yy="0.0843" inertia_zz="0.0843"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.35355339059327373" pos_y="-0.35355339059327373"/>
    <Reference_Marker id="21" body_id="2"/>
    <Reference_Marker id="22" body_id="2" pos_x="0.70710678118654746" pos_y="-0.70710678118654746"/>
    <Body_Rigid id="3" cg_id="30" mass="0.6" inertia_xx="0.001" inertia_yy="0.0245" inertia_zz="0.0245"
                w_ic_z="1.5"/>
    <Reference_Marker id="30" body_id="3" pos_x="0.70710678118654746" pos_y="-1.0571067811865475"/>
    <Reference_Marker id="31" body_id="3" pos_x="0.70710678118654746" pos_y="-0.70710678118654746"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="REVOLUTE" i_marker_id="31" j_marker_id="22"/>
    <Param_Transient integr_tol="TOL"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.01"/>
  </Command></MotionSolve>)XML";

}  // namespace

TEST_CASE("Joint-coordinate ODE form: trees qualify, loops and other constraints do not") {
  std::string why;
  CHECK(qualifies(test::kMixedTree, why));
  CHECK(qualifies(kDoublePendulum, why));
  CHECK(qualifies(test::chain_deck(5), why));
  CHECK_FALSE(qualifies(test::kFourBar, why));
  CHECK(why.find("loop") != std::string::npos);
  std::string planar = kDoublePendulum;  // a PLANAR joint (no joint coordinates for it)
  planar.replace(planar.find("REVOLUTE"), 8, "PLANAR");
  CHECK_FALSE(qualifies(planar, why));
  INFO(why);
  CHECK(why.find("not a supported joint type") != std::string::npos);
  std::string motion = kDoublePendulum;
  motion.insert(motion.find("<Param_Transient"),
                R"(<Motion_Joint id="1" joint_id="1" joint_type="R" expr="0.1*TIME"/>)");
  CHECK_FALSE(qualifies(motion, why));
  CHECK(why.find("motions") != std::string::npos);
  // A Body_Point is a point mass on its parent only on a spherical joint at the point.
  std::string pin = test::kMixedTree;
  const std::string spherical9 = R"(id="9" type="SPHERICAL")";
  pin.replace(pin.find(spherical9), spherical9.size(), R"(id="9" type="REVOLUTE")");
  CHECK_FALSE(qualifies(pin, why));
  CHECK(why.find("Body_Point 11 hangs from Constraint_Joint 9, which is not SPHERICAL") == 0);
  std::string free_point = test::kMixedTree;
  free_point.insert(free_point.find("<Param_Transient"),
                    R"(<Body_Point id="13" cg_id="130" mass="1"/>
                       <Reference_Marker id="130" body_id="13" pos_y="3"/>)");
  CHECK_FALSE(qualifies(free_point, why));
  CHECK(why == "Body_Point 13 is not jointed to a body");
}

TEST_CASE("Joint-coordinate ODE form agrees with IDA on a tree of every supported joint type") {
  const auto ida = test::run_inline(test::with_integrator(test::kMixedTree, "GSTIFF", 1e-10));
  REQUIRE(ida.report.message == "");
  const auto tree = run_abam(test::kMixedTree, 1e-10, true);
  REQUIRE(tree.report.message == "");
  CHECK(tree.log.find("joint coordinates: 11 joints") != std::string::npos);
  CHECK(test::max_state_difference(ida, tree) < 1e-6);
  CHECK(test::max_reaction_difference(ida, tree) < 1e-5);
  CHECK(test::max_request_difference(ida, tree) < 1e-5);
  // The Cartesian ODE form (projection onto the constraints) agrees too.
  const auto cart = run_abam(test::kMixedTree, 1e-10, false);
  REQUIRE(cart.report.message == "");
  CHECK(test::max_state_difference(cart, tree) < 1e-6);
  CHECK(test::max_reaction_difference(cart, tree) < 1e-5);
}

TEST_CASE("Joint-coordinate ODE form agrees with GSTIFF on a five-link chain, reactions too") {
  const std::string deck = test::chain_deck(5);
  const auto ida = test::run_inline(test::with_integrator(deck, "GSTIFF", 1e-9));
  REQUIRE(ida.report.message == "");
  const auto tree = run_abam(deck, 1e-9, true);
  REQUIRE(tree.report.message == "");
  CHECK(tree.log.find("joint coordinates: 5 joints, 10 coordinates") != std::string::npos);
  CHECK(test::max_state_difference(ida, tree) < 1e-6);
  CHECK(test::max_reaction_difference(ida, tree) < 1e-5);
  CHECK(test::max_request_difference(ida, tree) < 1e-5);
}

TEST_CASE("Joint-coordinate ODE form conserves a double pendulum's energy") {
  const auto run = run_abam(kDoublePendulum, 1e-11, true);
  REQUIRE(run.report.message == "");
  REQUIRE(run.log.find("joint coordinates") != std::string::npos);
  const int nb = run.sys->num_moving_bodies();
  const auto energy = [&](const std::vector<double>& y) {
    double e = 0;
    for (int b = 0; b < nb; ++b) {
      const BodyKernel& k = run.sys->body_kernel(b);
      const double* s = &y[static_cast<size_t>(13 * b)];
      const Vec3 v(s[7], s[8], s[9]), w(s[10], s[11], s[12]);
      e += 0.5 * k.mass * v.squaredNorm() + 0.5 * w.dot(k.inertia * w) + k.mass * 9.81 * s[1];
    }
    return e;
  };
  const double e0 = energy(run.y.front());
  double drift = 0;
  for (const auto& y : run.y) drift = std::max(drift, std::abs(energy(y) - e0));
  INFO("energy " << e0 << " J, drift " << drift << " J");
  CHECK(drift < 2e-9);  // measured 1.5e-10 J on 9.6 J over 3 s
}

TEST_CASE("ABAM on a loop (four-bar) runs joint coordinates with a cut joint") {
  // The loop closes by the cut joint's constraints; the output state is projected onto them
  // (CVODE projects only with BDF), so it agrees with GSTIFF in states and reactions.
  const auto abam = run_abam(test::kFourBar, 1e-9, true);
  REQUIRE(abam.report.message == "");
  INFO(abam.log);
  CHECK(abam.log.find("(ABAM, ODE form, joint coordinates: 3 joints, 16 coordinates, 1 cut "
                      "joints)") != std::string::npos);
  const test::InlineRun ida =
      test::run_inline(test::with_integrator(test::kFourBar, "GSTIFF", 1e-10));
  REQUIRE(ida.report.message == "");
  CHECK(test::max_state_difference(ida, abam) < 1e-6);
  CHECK(test::max_reaction_difference(ida, abam) < 1e-5);
  // At a loose tolerance over 3 s the integrated state drifts off the closure; the outputs are
  // projected back onto it (within kClosureDrift * integr_tol = 1e-6 m).
  std::string longer = test::kFourBar;
  longer.replace(longer.find("end_time=\"0.5\""), 15, "end_time=\"3\"");
  longer.replace(longer.find("<Param_Transient"), 16,
                 "<Post_Request id=\"9\" type=\"EXPRESSION\" expr1=\"DM(42,11)\"/>"
                 "<Param_Transient");
  const auto loose = run_abam(longer, 1e-5, true);
  REQUIRE(loose.report.message == "");
  double gap = 0;
  for (const auto& row : loose.requests) gap = std::max(gap, std::abs(row[0]));
  CHECK(gap < 1e-6);
  // Forced Cartesian, it runs the Cartesian ODE form.
  const auto cartesian = run_abam(test::kFourBar, 1e-9, false);
  REQUIRE(cartesian.report.message == "");
  CHECK(cartesian.log.find("(ABAM, ODE form, Cartesian)") != std::string::npos);
  CHECK(test::max_state_difference(ida, cartesian) < 1e-6);
}

TEST_CASE("ABAM through a singular position: the DAE path, then joint coordinates again") {
  // CVODE Adams on the Cartesian ODE form crawls at flat positions; the DAE path (SI2, with its
  // re-selection of removed equations) carries ABAM through them.
  const std::string deck = test::planar_parallelogram(1.0);
  const auto abam = run_abam(deck, 1e-9, true);
  REQUIRE(abam.report.message == "");
  test::check_singular_crossing_reported(abam);
  const test::InlineRun ida = test::run_inline(test::with_integrator(deck, "GSTIFF", 1e-10));
  REQUIRE(ida.report.message == "");
  CHECK(test::max_state_difference(ida, abam) < 1e-3);
}

TEST_CASE("Joint-coordinate ODE form: an integration failure names time, step and coordinate") {
  // h_min far above the step this tolerance needs: CVODE's error test fails at h_min.
  std::string deck = kDoublePendulum;
  deck.replace(deck.find("<Param_Transient "), 17, "<Param_Transient h_min=\"0.005\" ");
  const auto run = run_abam(deck, 1e-12, true);
  REQUIRE(run.log.find("joint coordinates") != std::string::npos);
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  INFO(run.report.message);
  CHECK(run.report.message.find("CVODE failed at t = ") != std::string::npos);
  CHECK(run.report.message.find("with step size") != std::string::npos);
  CHECK(run.report.message.find("largest local error in Constraint_Joint") != std::string::npos);
}
