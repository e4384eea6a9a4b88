// Massless parts (solver/massless_bodies.hpp): a PART without MASS that its constraints carry
// runs, against the closed form of the pendulum it belongs to, in the DAE and both ODE forms; a
// massless part with a freedom of its own is refused in Adams words.

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/small_swing.hpp"

using namespace mb;

namespace {

/// A massless rod (PART/2, no MASS) pinned to ground about z at the origin, carrying a point
/// bob of mass 1 (PART/3, FIXED to the rod) 1 below the pin; released by JOINT IC.
std::string rod_and_bob(const std::string& ic, const std::string& integrator) {
  return R"ADM(massless rod carrying a bob
PART/1, GROUND
MARKER/10, PART=1
PART/2, CM=20
MARKER/20, PART=2, QP=0, -0.5, 0
MARKER/21, PART=2
MARKER/22, PART=2, QP=0, -1, 0
PART/3, MASS=1, CM=30, IP=0, 0, 0
MARKER/30, PART=3, QP=0, -1, 0
JOINT/1, REVOLUTE, I=21, J=10, )ADM" +
         ic + R"ADM(
JOINT/2, FIXED, I=30, J=22
ACCGRAV/JGRAV=-9.81
REQUEST/1, F2=AZ(21, 10), F3=WZ(21, 10)
INTEGRATOR/)ADM" +
         integrator + R"ADM(, ERROR=1E-10
END
)ADM";
}

constexpr double kG = 9.81;

}  // namespace

TEST_CASE("A massless part its joints carry: the pendulum's small swing in closed form") {
  // The closed form of tests/solver/small_swing.hpp (error below 1e-8 at this amplitude).
  const test::SmallSwing swing(0.01, 0.02, kG);
  const auto run = test::run_adm("massless_small", rod_and_bob("IC=0.01, 0.02", "GSTIFF"),
                                 "SIMULATE/DYNAMIC, END=2, STEPS=20\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 21);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(test::request_channel(run, "req1.f2", k) == Approx(swing.angle(t)).margin(5e-8));
    CHECK(test::request_channel(run, "req1.f3", k) == Approx(swing.rate(t)).margin(2e-7));
  }
}

TEST_CASE("A massless part its joints carry: energy kept, IDA, VSTIFF and ABAM agree") {
  // Released at 1 rad with 0.5 rad/s: w^2 / 2 - g cos(theta) is constant (m = l = 1).
  const double e0 = 0.5 * 0.5 * 0.5 - kG * std::cos(1.0);
  const auto dae = test::run_adm("massless_ida", rod_and_bob("IC=1, 0.5", "GSTIFF"),
                                 "SIMULATE/DYNAMIC, END=2, STEPS=20\n");
  REQUIRE(dae.report.code == ExitCode::kSuccess);
  for (const char* integrator : {"VSTIFF", "ABAM"}) {
    INFO(integrator);
    const auto ode = test::run_adm("massless_ode", rod_and_bob("IC=1, 0.5", integrator),
                                   "SIMULATE/DYNAMIC, END=2, STEPS=20\n");
    REQUIRE(ode.report.code == ExitCode::kSuccess);
    REQUIRE(ode.t.size() == dae.t.size());
    for (size_t k = 0; k < dae.t.size(); ++k) {
      INFO("t = " << dae.t[k]);
      const double th = test::request_channel(dae, "req1.f2", k),
                   w = test::request_channel(dae, "req1.f3", k);
      CHECK(0.5 * w * w - kG * std::cos(th) == Approx(e0).margin(1e-6));
      CHECK(test::request_channel(ode, "req1.f2", k) == Approx(th).margin(1e-5));
      CHECK(test::request_channel(ode, "req1.f3", k) == Approx(w).margin(1e-5));
    }
  }
}

TEST_CASE("A massless part with a freedom of its own is refused") {
  // A PART without MASS alone on a REVOLUTE joint keeps one rotation: a deck error naming it.
  const auto run = test::run_adm("massless_free", R"ADM(massless part alone on a revolute joint
PART/1, GROUND
MARKER/10, PART=1
PART/2, CM=20
MARKER/20, PART=2, QP=0, -0.5, 0
MARKER/21, PART=2
JOINT/1, REVOLUTE, I=21, J=10
END
)ADM",
                                 "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
  CHECK(run.report.code == ExitCode::kDeckError);
  CHECK(run.report.message ==
        "PART 2: the part has no mass but 1 degree of freedom that its constraints leave free; "
        "a massless part must be moved by its joints and motions alone (give it MASS= and IP=, "
        "or constrain it)");
  CHECK(run.t.empty());
}

TEST_CASE("A negative mass stays an error, mass 0 in a MotionSolve deck is a massless body") {
  CHECK_THROWS_WITH(test::model_inline(R"XML(<MotionSolve><Model>
  <Body_Rigid id="1" isground="TRUE"/>
  <Body_Rigid id="2" cg_id="20" mass="-1"/>
  <Reference_Marker id="20" body_id="2"/>
</Model></MotionSolve>)XML"),
                    Catch::Contains("mass must be >= 0 for a moving body (got -1"));
  const auto model = test::model_inline(R"XML(<MotionSolve><Model>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="10" body_id="1"/>
  <Body_Rigid id="2" cg_id="20" mass="0"/>
  <Reference_Marker id="20" body_id="2"/>
  <Constraint_Joint id="1" type="FIXED" i_marker_id="20" j_marker_id="10"/>
</Model></MotionSolve>)XML");
  CHECK(model->bodies[1].mass == 0);
}
