// Redundant constraints. A planar four-bar built from spatial REVOLUTE joints has 20 joint
// equations on 18 velocities but one degree of freedom: 3 equations are redundant. Oracles: the
// count (Gruebler: 6 * 3 - 20 = -2 against the known mobility 1), and Freudenstein's closed-form
// relation between the crank angle theta2 and the rocker angle theta4,
//   (d/a) cos(theta4) - (d/c) cos(theta2) + (a^2 - b^2 + c^2 + d^2) / (2 a c) = cos(theta2 -
//   theta4),
// at every output time. Two FIXED joints holding one body at different places are inconsistent.
// The sparse detection (QR of B^T in equation order) removes exactly the equations a dense
// Gram-Schmidt on the rows of B removes, on a closed planar loop of eight links.

#include "solver/redundant_constraints.hpp"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kA = 0.2, kB = 0.6, kC = 0.5, kD = 0.55;  // crank, coupler, rocker, ground

/// Ground pivots A = 0 and D = (d, 0, 0); crank AB at angle theta2, coupler BC, rocker DC, all
/// rods with their CM at the midpoint, all joint z axes along the global z.
std::string four_bar(double theta2, const std::string& integrator) {
  const Vec3 A(0, 0, 0), D(kD, 0, 0);
  const Vec3 B(kA * std::cos(theta2), kA * std::sin(theta2), 0);
  // C: the upper intersection of the circles |C - B| = b and |C - D| = c.
  const Vec3 BD = D - B;
  const double L = BD.norm();
  const double along = (kB * kB - kC * kC + L * L) / (2 * L);
  const double h = std::sqrt(kB * kB - along * along);
  const Vec3 u = BD / L, nrm(-u.y(), u.x(), 0);
  const Vec3 C = B + along * u + h * nrm;
  const Vec3 m1 = 0.5 * (A + B), m2 = 0.5 * (B + C), m3 = 0.5 * (C + D);
  auto p = [](const Vec3& v) {
    return fmt::format(R"(pos_x="{:.17g}" pos_y="{:.17g}" pos_z="{:.17g}")", v.x(), v.y(), v.z());
  };
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" {A}/>
    <Reference_Marker id="11" body_id="1" {D}/>
    <Body_Rigid id="2" cg_id="20" mass="0.4" inertia_xx="0.002" inertia_yy="0.003" inertia_zz="0.004"
                w_ic_z="4"/>
    <Reference_Marker id="20" body_id="2" {m1}/>
    <Reference_Marker id="21" body_id="2" {A}/>
    <Reference_Marker id="22" body_id="2" {B}/>
    <Body_Rigid id="3" cg_id="30" mass="1.1" inertia_xx="0.003" inertia_yy="0.03" inertia_zz="0.033"/>
    <Reference_Marker id="30" body_id="3" {m2}/>
    <Reference_Marker id="31" body_id="3" {B}/>
    <Reference_Marker id="32" body_id="3" {C}/>
    <Body_Rigid id="4" cg_id="40" mass="0.9" inertia_xx="0.002" inertia_yy="0.02" inertia_zz="0.021"/>
    <Reference_Marker id="40" body_id="4" {m3}/>
    <Reference_Marker id="41" body_id="4" {C}/>
    <Reference_Marker id="42" body_id="4" {D}/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="REVOLUTE" i_marker_id="31" j_marker_id="22"/>
    <Constraint_Joint id="3" type="REVOLUTE" i_marker_id="41" j_marker_id="32"/>
    <Constraint_Joint id="4" type="REVOLUTE" i_marker_id="42" j_marker_id="11"/>
    <Param_Transient integrator_type="{integ}" integr_tol="1e-8"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.02"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("A", p(A)), fmt::arg("B", p(B)), fmt::arg("C", p(C)),
                     fmt::arg("D", p(D)), fmt::arg("m1", p(m1)), fmt::arg("m2", p(m2)),
                     fmt::arg("m3", p(m3)), fmt::arg("integ", integrator));
}

}  // namespace

TEST_CASE("redundant: a planar four-bar of REVOLUTE joints runs and obeys Freudenstein") {
  for (const char* integrator : {"DSTIFF", "VSTIFF"}) {
    INFO(integrator);
    const auto run = test::run_inline(four_bar(std::numbers::pi / 3, integrator));
    REQUIRE(run.report.message == "");
    CHECK(run.report.redundant_constraints_removed == 3);
    REQUIRE(run.t.size() == 51);
    const double K1 = kD / kA, K2 = kD / kC;
    const double K3 = (kA * kA - kB * kB + kC * kC + kD * kD) / (2 * kA * kC);
    double worst = 0, theta_min = 10, theta_max = -10, z_max = 0;
    for (const auto& y : run.y) {
      // Crank CM (body 2, states 0..) is the midpoint of AB, rocker CM (body 4, states 26..)
      // the midpoint of CD.
      const double bx = 2 * y[0], by = 2 * y[1];
      const double cx = 2 * y[26] - kD, cy = 2 * y[27];
      const double th2 = std::atan2(by, bx), th4 = std::atan2(cy, cx - kD);
      worst = std::max(
          worst, std::abs(K1 * std::cos(th4) - K2 * std::cos(th2) + K3 - std::cos(th2 - th4)));
      theta_min = std::min(theta_min, th2);
      theta_max = std::max(theta_max, th2);
      z_max = std::max({z_max, std::abs(y[2]), std::abs(y[15]), std::abs(y[28])});
    }
    CHECK(worst < 1e-8);
    CHECK(theta_max - theta_min > 1.0);  // the mechanism really moves
    CHECK(z_max < 1e-10);                // and stays in its plane
  }
}

TEST_CASE("redundant: two FIXED joints to different ground points are inconsistent") {
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="1.5"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Marker id="21" body_id="2" pos_x="1"/>
    <Constraint_Joint id="7" type="FIXED" i_marker_id="20" j_marker_id="10"/>
    <Constraint_Joint id="9" type="FIXED" i_marker_id="21" j_marker_id="11"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1"/>
  </Command></MotionSolve>)XML");
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  CHECK(run.report.message ==
        "inconsistent constraints: Constraint_Joint 9 (equation 1) is redundant with "
        "Constraint_Joint 7 but cannot be satisfied together with it (constraint error 0.5); "
        "the joints overconstrain the model");
}

namespace {

/// A closed planar zigzag of n links (n even) between ground points (0, 0) and (n * 0.3, 0),
/// revolute joints about z at every corner: 5 (n + 1) equations on 6 n velocities, n - 2 planar
/// degrees of freedom, so 3 equations are redundant.
std::string closed_loop(int n) {
  auto corner = [](int k) { return Vec3(0.3 * k, k % 2 ? 0.2 : 0.0, 0); };
  auto p = [](const Vec3& v) {
    return fmt::format(R"(pos_x="{:.17g}" pos_y="{:.17g}")", v.x(), v.y());
  };
  std::string s = R"(<MotionSolve><Model><Body_Rigid id="1" isground="TRUE"/>)";
  s += fmt::format(R"(<Reference_Marker id="10" body_id="1" {}/>)", p(corner(0)));
  s += fmt::format(R"(<Reference_Marker id="11" body_id="1" {}/>)", p(corner(n)));
  for (int k = 1; k <= n; ++k) {
    const int b = k + 1;
    s += fmt::format(
        R"(<Body_Rigid id="{0}" cg_id="{0}0" mass="1" inertia_xx="0.01" inertia_yy="0.01"
           inertia_zz="0.01"/><Reference_Marker id="{0}0" body_id="{0}" {1}/>
           <Reference_Marker id="{0}1" body_id="{0}" {2}/>
           <Reference_Marker id="{0}2" body_id="{0}" {3}/>)",
        b, p(0.5 * (corner(k - 1) + corner(k))), p(corner(k - 1)), p(corner(k)));
    s += fmt::format(R"(<Constraint_Joint id="{}" type="REVOLUTE" i_marker_id="{}1"
                        j_marker_id="{}"/>)",
                     k, b, k == 1 ? 10 : 10 * (b - 1) + 2);
  }
  s += fmt::format(R"(<Constraint_Joint id="{}" type="REVOLUTE" i_marker_id="{}2"
                      j_marker_id="11"/>)",
                   n + 1, n + 1);
  return s + R"(</Model><Command><Simulate analysis_type="Transient" end_time="0.1"/>
    </Command></MotionSolve>)";
}

}  // namespace

TEST_CASE("redundant: the sparse detection removes what dense Gram-Schmidt removes") {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(closed_loop(8), "loop.xml", diag);
  auto model = build_model(deck, diag);
  REQUIRE(model);
  REQUIRE_FALSE(diag.has_errors());
  const System sys(*model);
  const std::vector<double> y = sys.initial_state();
  const std::vector<int> removed = find_redundant_equations(sys, 0.0, y);

  // Dense Gram-Schmidt on the rows of B (velocity constraints against the velocities), in
  // equation order, with the same relative threshold.
  Workspace ws = sys.make_workspace();
  const Dae full(sys, ws);
  const Blocks b = blocks_of(full);
  const std::vector<double> yp(sys.size(), 0.0);
  const Eigen::MatrixXd B(block(jacobian_matrix(full, 0.0, y, yp, 0.0), b.vel_rows, b.nu));
  std::vector<Eigen::VectorXd> basis;
  std::vector<int> dense;
  for (Eigen::Index e = 0; e < B.rows(); ++e) {
    Eigen::VectorXd v = B.row(e).transpose();
    const double norm0 = v.norm();
    for (int pass = 0; pass < 2; ++pass) {
      for (const auto& u : basis) v -= u.dot(v) * u;
    }
    if (norm0 == 0.0 || v.norm() <= kRedundancyThreshold * norm0) {
      dense.push_back(static_cast<int>(e));
    } else {
      basis.push_back(v / v.norm());
    }
  }
  CHECK(B.rows() == 45);
  CHECK(dense.size() == 3);
  CHECK(removed == dense);
}
