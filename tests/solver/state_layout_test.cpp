// The body states sit where solver/state_layout.hpp names them: the deck's initial position,
// orientation, velocity and angular velocity of each moving body land at kBodyR, kBodyP, kBodyV
// and kBodyW of its kBodyStates states (System::body_offset), in every DAE form.
//
// Oracle: the deck. Body 2's centre of mass is at (0.5, -0.25, 2), unrotated, moving with
// v = (1, 2, 3) and w = (4, 5, 6) (ground axes = body axes: unrotated); body 3 is at rest at the
// origin. Ground has no states.

#include "solver/state_layout.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

const char* const kTwoBodies = R"(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"
                v_ic_x="1" v_ic_y="2" v_ic_z="3" w_ic_x="4" w_ic_y="5" w_ic_z="6"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5" pos_y="-0.25" pos_z="2"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="30" body_id="3"/>
    <Constraint_Joint id="1" type="SPHERICAL" i_marker_id="30" j_marker_id="10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1" print_interval="0.1"/>
  </Command></MotionSolve>)";

}  // namespace

TEST_CASE("the deck's initial body states land at the named offsets in every DAE form") {
  const auto model = test::model_inline(kTwoBodies);
  for (DaeForm form : {DaeForm::kStabilisedIndex2, DaeForm::kIndex3, DaeForm::kStabilisedIndex1}) {
    const System sys(*model, form);
    REQUIRE(sys.num_moving_bodies() == 2);
    CHECK(sys.body_offset(0) == -1);
    const int o = sys.body_offset(1), o3 = sys.body_offset(2);
    CHECK(o == body_states_offset(0));
    CHECK(o3 == body_states_offset(1));
    CHECK(body_of_offset(o3 + kBodyW + 2) == 1);
    const std::vector<double> y = sys.initial_state();
    const double r[3] = {0.5, -0.25, 2}, v[3] = {1, 2, 3}, w[3] = {4, 5, 6};
    for (int i = 0; i < 3; ++i) {
      CHECK(y[o + kBodyR + i] == r[i]);
      CHECK(y[o + kBodyV + i] == v[i]);
      CHECK(y[o + kBodyW + i] == Approx(w[i]).epsilon(1e-15));
      CHECK(y[o3 + kBodyR + i] == 0.0);
    }
    CHECK(y[o + kBodyP] == 1.0);
    CHECK(y[o3 + kBodyP] == 1.0);
    CHECK(sys.describe_variable(o + kBodyR) == "Body_Rigid 2 (x)");
    CHECK(sys.describe_variable(o + kBodyP) == "Body_Rigid 2 (e0)");
    CHECK(sys.describe_variable(o + kBodyV + 1) == "Body_Rigid 2 (vy)");
    CHECK(sys.describe_variable(o3 + kBodyW + 2) == "Body_Rigid 3 (wz)");
    // The multipliers follow the body states: the spherical joint's three equations.
    CHECK(sys.lambda_offset(0) == 2 * kBodyStates);
    CHECK(sys.describe_variable(sys.lambda_offset(0)) == "Constraint_Joint 1 (equation 1)");
    if (form == DaeForm::kIndex3) {  // the velocities weighed by h, the positions not
      CHECK(sys.error_test_index()[static_cast<size_t>(o3 + kBodyV - 1)] == 1);
      CHECK(sys.error_test_index()[static_cast<size_t>(o3 + kBodyV)] == 2);
    }
    if (form == DaeForm::kStabilisedIndex1) {  // one velocity correction per velocity
      CHECK(sys.size() == sys.kappa_begin() + 3 + 2 * kBodyVelocities);
      CHECK(sys.describe_variable(sys.correction_offset(o3) + kBodyVelocities - 1) ==
            "Body_Rigid 3 (wz) (velocity correction)");
    }
  }
}
