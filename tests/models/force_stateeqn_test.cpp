// A LINEAR Force_StateEqn against the closed form. A body of mass m slides along global z on a
// translational joint; inputs u = [DZ, VZ] of its marker relative to ground; one state x, a
// first-order lag of the displacement, x' = -a x + b DZ; outputs FZ = -k DZ - c VZ - g x (the
// other five outputs 0) act on the body, the reaction on ground. With s = [DZ, VZ, x]:
//   s' = M s,  M = [[0, 1, 0], [-k/m, -c/m, -g/m], [b, 0, -a]],  s(t) = exp(M t) s(0),
// evaluated with Eigen's matrix exponential (an independent method). Checked with IDA and CVODE.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <unsupported/Eigen/MatrixFunctions>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kM = 2.0, kK = 50.0, kC = 0.8, kG = 30.0, kA = 3.0, kB = 4.0, kZ0 = 0.1;

std::string deck(const std::string& integrator) {
  // C is 6 x 1 and D 6 x 2, column-major: C = [0 0 -g 0 0 0]^T, D column 1 = [0 0 -k 0 0 0].
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m}" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_z="{z0}"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Reference_Variable id="1" expr="DZ(20, 10)"/>
    <Reference_Variable id="2" expr="VZ(20, 10)"/>
    <Reference_Array id="100" type="U" num_element="2"> 1, 2 </Reference_Array>
    <Reference_Array id="101" type="X" num_element="1"/>
    <Reference_Array id="102" type="IC" num_element="1"> 0 </Reference_Array>
    <Reference_Matrix id="201" nrow="1" ncol="1"> -{a} </Reference_Matrix>
    <Reference_Matrix id="202" nrow="1" ncol="2" isroworder="TRUE"> {b} 0 </Reference_Matrix>
    <Reference_Matrix id="203" nrow="6" ncol="1"> 0 0 -{g} 0 0 0 </Reference_Matrix>
    <Reference_Matrix id="204" nrow="6" ncol="2" nval="2" issparse="TRUE"> 3 1 -{k}  3 2 -{c}
    </Reference_Matrix>
    <Force_StateEqn id="9" type="LINEAR" x_array_id="101" u_array_id="100" ic_array_id="102"
        a_matrix_id="201" b_matrix_id="202" c_matrix_id="203" d_matrix_id="204"
        i_marker_id="20" j_floating_marker_id="10" ref_marker_id="10" is_static_hold="FALSE"/>
    <Param_Transient integr_tol="1e-8" integrator_type="{integ}"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("m", kM), fmt::arg("z0", kZ0), fmt::arg("a", kA), fmt::arg("b", kB),
                     fmt::arg("g", kG), fmt::arg("k", kK), fmt::arg("c", kC),
                     fmt::arg("integ", integrator));
}

}  // namespace

TEST_CASE("a LINEAR Force_StateEqn agrees with the closed form (IDA and CVODE)") {
  Eigen::Matrix3d M;
  M << 0, 1, 0, -kK / kM, -kC / kM, -kG / kM, kB, 0, -kA;
  const Eigen::Vector3d s0(kZ0, 0, 0);
  for (const char* integrator : {"DSTIFF", "VSTIFF"}) {
    INFO(integrator);
    auto run = test::run_inline(deck(integrator));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const int xs = run.sys->state_offset();
    REQUIRE(run.t.size() == 41);
    double worst_z = 0, worst_v = 0, worst_x = 0;
    for (size_t k = 0; k < run.t.size(); ++k) {
      const Eigen::Matrix3d E = (M * run.t[k]).exp();
      const Eigen::Vector3d s = E * s0;
      worst_z = std::max(worst_z, std::abs(run.y[k][2] - s(0)));
      worst_v = std::max(worst_v, std::abs(run.y[k][9] - s(1)));
      worst_x = std::max(worst_x, std::abs(run.y[k][xs] - s(2)));
    }
    CHECK(worst_z < 5e-6);
    CHECK(worst_v < 2e-5);
    CHECK(worst_x < 5e-6);
  }
}
