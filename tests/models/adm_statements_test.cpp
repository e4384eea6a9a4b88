// Adams dataset statements and argument forms run end to end (issue 19), each against a closed
// form: a slider of mass 2 on a translational joint along global x, driven by what the statement
// under test provides, or a pendulum whose motion is prescribed.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "results/csv_result_writer.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

/// Ground (markers 10, 11), a slider PART/2 (mass 2, CM 20) on a translational joint along x
/// (z axes of 20 and 10 along global x; ground marker 11 at x = -1), then `extra` statements.
std::string slider(const std::string& extra) {
  return R"ADM(slider
PART/1, GROUND
MARKER/10, PART=1, REULER=90D, 90D, 0
MARKER/11, PART=1, QP=-1, 0, 0
PART/2, MASS=2, CM=20, IP=1, 1, 1
MARKER/20, PART=2, REULER=90D, 90D, 0
JOINT/1, TRANSLATIONAL, I=20, J=10
)ADM" + extra +
         "END\n";
}

}  // namespace

TEST_CASE("MOTION with ROTATIONAL and TRANSLATIONAL, as Adams/View writes them") {
  // A pendulum turned by MOTION ROTATIONAL at 2 rad/s and a slider moved by MOTION
  // TRANSLATIONAL by 0.5 t^2: the joint coordinates follow the functions exactly.
  const auto run = test::run_adm("motion_words", slider(R"ADM(PART/3, MASS=1, CM=30, IP=1, 1, 1
MARKER/30, PART=3, QP=1, 0, 0
MARKER/31, PART=3
MARKER/12, PART=1
JOINT/2, REVOLUTE, I=31, J=12
MOTION/1, JOINT=2
, ROTATIONAL
, FUNCTION = 2*TIME
MOTION/2, JOINT=1
, TRANSLATIONAL
, FUNCTION = 0.5*TIME**2
REQUEST/7, F2=AZ(31, 12), F3=DX(20, 10)
INTEGRATOR/GSTIFF, ERROR=1E-9
)ADM"),
                                 "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 11);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(std::remainder(test::request_channel(run, "req7.f2", k) - 2 * t, 2 * M_PI) ==
          Approx(0).margin(1e-8));
    CHECK(test::request_channel(run, "req7.f3", k) == Approx(0.5 * t * t).margin(1e-8));
  }
}

TEST_CASE("PINPUT and POUTPUT carry VARIABLEs that PINVAL and POUVAL read") {
  // PINPUT/1 holds VARIABLE/3 = 6 t; the slider's force is PINVAL(1, 1), so x = t^3 / 2 (mass
  // 2; the SFORCE pushes away from ground marker 11). POUTPUT/1 holds VARIABLE/4 (TIME) and
  // VARIABLE/5 (DX of the slider): POUVAL(1, 2) reads x back.
  const auto run = test::run_adm("plant_io", slider(R"ADM(VARIABLE/3, FUNCTION = 6*TIME
VARIABLE/4, FUNCTION = TIME
VARIABLE/5, FUNCTION = DX(20, 10)
PINPUT/1
, VARIABLES = 3
POUTPUT/1
, VARIABLES = 4, 5
SFORCE/1, TRANSLATIONAL, I=20, J=11, FUNCTION = PINVAL(1, 1)
REQUEST/7, F2=POUVAL(1, 2), F3=POUVAL(1, 1), F4=PINVAL(1, 1)
INTEGRATOR/GSTIFF, ERROR=1E-9
)ADM"),
                                 "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 11);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(test::request_channel(run, "req7.f2", k) == Approx(0.5 * t * t * t).margin(1e-7));
    CHECK(test::request_channel(run, "req7.f3", k) == Approx(t).margin(1e-12));
    CHECK(test::request_channel(run, "req7.f4", k) == Approx(6 * t).margin(1e-12));
  }
}

namespace {

/// The slider under gravity along -x (ACCGRAV IGRAV) held by a stiffening spring from ground
/// marker 11: equilibrium where 100 x + 1000 x^3 = -2 * 9.81 (x = DX(20, 10)).
test::InlineRun static_slider(const std::string& equilibrium) {
  return test::run_adm("equilibrium",
                       slider("ACCGRAV/\n, IGRAV = -9.81\n"
                              "SFORCE/1, TRANSLATIONAL, I=20, J=11\n"
                              ", FUNCTION = -100*(DX(20, 11) - 1) - 1000*(DX(20, 11) - 1)**3\n"
                              "REQUEST/7, F2=DX(20, 10)\n" +
                              equilibrium),
                       "SIMULATE/STATIC\n");
}

/// The root of 100 x + 1000 x^3 + 19.62 = 0 by bisection (the left side increases with x).
double spring_equilibrium() {
  double lo = -1, hi = 0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (100 * mid + 1000 * mid * mid * mid + 19.62 > 0 ? hi : lo) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace

TEST_CASE(
    "EQUILIBRIUM: IMBALANCE is the force imbalance the static analysis accepts, MAXIT its "
    "iterations") {
  const double x = spring_equilibrium();
  REQUIRE(x == Approx(-0.1575).margin(0.002));
  SECTION("a tight IMBALANCE finds the equilibrium") {
    const auto run = static_slider("EQUILIBRIUM/\n, IMBALANCE = 1E-10\n, MAXIT = 100\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(test::request_channel(run, "req7.f2", 0) == Approx(x).margin(1e-11));
  }
  SECTION("an IMBALANCE above the weight accepts the starting position") {
    // The imbalance at x = 0 is the weight, 19.62 < 25: no iteration is needed.
    const auto run = static_slider("EQUILIBRIUM/\n, IMBALANCE = 25\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(test::request_channel(run, "req7.f2", 0) == Approx(0).margin(1e-12));
  }
  SECTION("MAXIT = 1 is too few Newton steps for the stiffening spring") {
    const auto run = static_slider("EQUILIBRIUM/\n, IMBALANCE = 1E-10\n, MAXIT = 1\n");
    CHECK(run.report.code == ExitCode::kAnalysisFailed);
    CHECK_THAT(run.report.message,
               Catch::Contains("static analysis did not converge in 1 iterations"));
  }
  SECTION("Adams-only arguments are ignored with one warning, the run is unchanged") {
    const auto run = static_slider(
        "EQUILIBRIUM/\n, IMBALANCE = 1E-10\n, ALIMIT = 1D\n, ERROR = 1\n, STABILITY = 1E-5\n"
        ", TLIMIT = 20\n, MAXIT = 100\nKINEMATICS/\n, HMAX = 0.01\nPREFERENCES/\n, NTHREADS = 4\n"
        "OUTPUT/\n, REQSAVE\n, GRSAVE\n, NOSEPARATOR\nRESULTS/\n, XRF\n, NOACCELERATIONS\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(test::request_channel(run, "req7.f2", 0) == Approx(x).margin(1e-11));
  }
}

TEST_CASE("INTEGRATOR/HHT runs as GSTIFF I3 and integrates a constant force exactly") {
  // A constant force 3 on the mass 2: x = 0.75 t^2, v = 1.5 t (a quadratic, which BDF of order
  // >= 2 integrates exactly up to the corrector tolerance).
  const auto run = test::run_adm("hht", slider(R"ADM(SFORCE/1, TRANSLATIONAL, I=20, J=11, FUNCTION=3
REQUEST/7, F2=DX(20, 10), F3=VX(20, 10)
INTEGRATOR/
, HHT
, ERROR = 1E-8
, ALPHA = -0.25
)ADM"),
                                 "SIMULATE/DYNAMIC, END=2, STEPS=20\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(run.model->transient.integrator == Integrator::kGstiff);
  CHECK(run.model->transient.dae_index == 3);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(test::request_channel(run, "req7.f2", k) == Approx(0.75 * t * t).margin(1e-6));
    CHECK(test::request_channel(run, "req7.f3", k) == Approx(1.5 * t).margin(1e-5));
  }
}

TEST_CASE("UNITS in each Adams form: 3 N on 2 kg moves 750 t^2 millimetres") {
  // The three ways Adams writes mm-kg-N-s; IP's values stand on the continuation line, ACCGRAV
  // gives its components on continuation lines (gravity along z, across the slider's joint).
  for (const std::string units :
       {"UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=MILLIMETER, TIME=SECOND\n",
        "UNITS/\n, SYSTEM = MMKS\n", "UNITS/UCF = 1000\n"}) {
    INFO(units);
    // The title line, the UNITS, then the slider's statements.
    const auto run = test::run_adm("units",
                                   "slider\n" + units +
                                       slider(R"ADM(ACCGRAV/
, IGRAV = 0
, JGRAV = 0
, KGRAV = -9806.65
PART/3, MASS=1, CM=30
, IP =
, 1, 1, 1
MARKER/30, PART=3
SFORCE/1, TRANSLATIONAL, I=20, J=11, FUNCTION=3
REQUEST/7, F2=DX(20, 10), F3=DZ(30, 10)
INTEGRATOR/GSTIFF, ERROR=1E-6
MATERIAL/1, NAME = steel, YOUNGS_MODULUS = 2.07E+05, DENSITY = 7.801E-06
)ADM")
                                           .substr(7),
                                   "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      INFO("t = " << t);
      CHECK(test::request_channel(run, "req7.f2", k) == Approx(750 * t * t).margin(1e-4));
      // Part 3 falls freely: z = -9806.65 t^2 / 2 mm.
      CHECK(test::request_channel(run, "req7.f3", k) ==
            Approx(-0.5 * 9806.65 * t * t).margin(1e-3));
    }
  }
}

TEST_CASE("PART VX..WZ are along VM's and WM's axes (defaults: ground and the CM marker)") {
  // Free parts without gravity keep their initial velocities (spherical inertia: the spin
  // stays constant). Part 2's CM marker has its z axis along global x, so WZ = 3 spins it about
  // global x; VX = 1 along VM marker 12 (x along global y) moves it along global y. Part 3
  // gives WX in the axes of WM marker 31 and VZ in ground.
  const auto run = test::run_adm("part_velocity", R"ADM(free parts
PART/1, GROUND
MARKER/10, PART=1
MARKER/12, PART=1, REULER=90D, 0, 0
PART/2, MASS=2, CM=20, IP=1, 1, 1, WZ=3, VX=1, VM=12
MARKER/20, PART=2, REULER=90D, 90D, 0
PART/3, MASS=1, CM=30, IP=2, 2, 2
, WX = -2
, WM = 31
, VZ = 0.5
MARKER/30, PART=3, QP=5, 0, 0
MARKER/31, PART=3, REULER=0, 90D, 90D
REQUEST/7, F2=WX(20), F3=WY(20), F4=WZ(20), F5=DX(20), F6=DY(20), F7=DZ(20)
REQUEST/8, F2=WX(30), F3=WY(30), F4=WZ(30), F5=DX(30), F6=DY(30), F7=DZ(30)
INTEGRATOR/GSTIFF, ERROR=1E-10
END
)ADM",
                                 "SIMULATE/DYNAMIC, END=1, STEPS=4\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(test::request_channel(run, "req7.f2", k) == Approx(3).margin(1e-9));
    CHECK(test::request_channel(run, "req7.f3", k) == Approx(0).margin(1e-9));
    CHECK(test::request_channel(run, "req7.f4", k) == Approx(0).margin(1e-9));
    CHECK(test::request_channel(run, "req7.f5", k) == Approx(0).margin(1e-9));
    CHECK(test::request_channel(run, "req7.f6", k) == Approx(t).margin(1e-7));
    CHECK(test::request_channel(run, "req7.f7", k) == Approx(0).margin(1e-9));
    // Marker 31 (REULER 0, 90D, 90D) has its x axis along global z: WX = -2 spins part 3
    // about -z.
    CHECK(test::request_channel(run, "req8.f2", k) == Approx(0).margin(1e-9));
    CHECK(test::request_channel(run, "req8.f3", k) == Approx(0).margin(1e-9));
    CHECK(test::request_channel(run, "req8.f4", k) == Approx(-2).margin(1e-9));
    CHECK(test::request_channel(run, "req8.f5", k) == Approx(5).margin(1e-7));
    CHECK(test::request_channel(run, "req8.f7", k) == Approx(0.5 * t).margin(1e-7));
  }
}

TEST_CASE("REQUEST CNAMES/CUNITS and TITLE/CLABELS name the CSV columns and give their units") {
  // The slider pushed by 3 N (x = 0.75 t^2): the named columns carry the values of their
  // channels. CUNITS are Adams unit types (in the model's units), CLABELS labels as written.
  const auto run = test::run_adm("request_names", slider(R"ADM(
SFORCE/1, TRANSLATIONAL, I=20, J=11, FUNCTION=3
REQUEST/7
, CNAMES = "Slider_X", "Slider_VX"
, "Push"
, CUNITS = "length", "velocity", "force"
, RESULTS_NAME = slider_results
, F1 = DX(20, 10)\
, F2 = VX(20, 10)\
, F3 = SFORCE(1, 0, 1, 0)
REQUEST/8, TITLE = x:speed, CLABELS = "(mm)", "(mm/s)", F1 = DX(20, 10)\F2 = VX(20, 10)\F4 = 1
REQUEST/9, D, I=20, J=10, CNAMES = "", "dx", "dy", "dz", "", "psi", "theta", "phi"
INTEGRATOR/GSTIFF, ERROR=1E-9
)ADM"),
                                 "SIMULATE/DYNAMIC, END=1, STEPS=4\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto cols = RequestOutputs(*run.sys).columns();
  std::vector<std::string> names, units;
  for (const auto& c : cols) {
    names.push_back(c.name);
    units.push_back(c.unit);
  }
  CHECK(names == std::vector<std::string>{"req7.Slider_X", "req7.Slider_VX", "req7.Push", "req8.x",
                                          "req8.speed", "req8.f4", "req9.dx", "req9.dy", "req9.dz",
                                          "req9.psi", "req9.theta", "req9.phi"});
  CHECK(units == std::vector<std::string>{"meter", "meter/second", "newton", "mm", "mm/s", "",
                                          "meter", "meter", "meter", "radian", "radian", "radian"});
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(test::request_channel(run, "req7.Slider_X", k) == Approx(0.75 * t * t).margin(1e-7));
    CHECK(test::request_channel(run, "req7.Slider_VX", k) == Approx(1.5 * t).margin(1e-6));
    CHECK(std::abs(test::request_channel(run, "req7.Push", k)) == Approx(3).margin(1e-9));
    CHECK(test::request_channel(run, "req8.speed", k) == Approx(1.5 * t).margin(1e-6));
    CHECK(test::request_channel(run, "req9.dx", k) == Approx(0.75 * t * t).margin(1e-7));
  }
}

TEST_CASE("Post_Request column_names: CSV-safe, and unique across requests by their ids") {
  // Two requests name their columns alike: the ids keep them apart. Blanks, quotes and '#'
  // (which pandas' comment="#" would take for the start of a comment, cutting the header row)
  // become '_' in names; units keep their blanks.
  const auto model = test::model_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Post_Request id="5" type="EXPRESSION" expr1="DX(20, 10)" expr2="1" expr3="2"
      column_names="tip x,load#1,&quot;q&quot;" column_units="length,(kN m)"/>
    <Post_Request id="6" type="EXPRESSION" expr1="DY(20, 10)" expr2="3"
      column_names="tip x,load#1"/>
  </Model></MotionSolve>)XML");
  const System sys(*model);
  std::vector<std::string> names, units;
  for (const auto& c : RequestOutputs(sys).columns()) {
    names.push_back(c.name);
    units.push_back(c.unit);
  }
  CHECK(names == std::vector<std::string>{"req5.tip_x", "req5.load_1", "req5._q_", "req6.tip_x",
                                          "req6.load_1"});
  CHECK(units[1] == "kN m");
}

TEST_CASE("PART QG/REULER: the part frame in the CM frame (Body::ref_pos, ref_axes)") {
  // PART/3's frame at QG = (1, 2, 3) turned 90 degrees about z; its CM marker 30 at QP = (0.5,
  // 0, 0) in that frame, turned 90 degrees about its x axis. In ground the CM is at (1, 2.5, 3);
  // the part frame's origin is 0.5 behind the CM along the part frame's x axis, which is the CM
  // frame's x axis: ref_pos = (-0.5, 0, 0); ref_axes = Rx(90)^T (the part frame's axes in the CM
  // frame: x = (1, 0, 0), y = (0, 0, -1), z = (0, 1, 0)).
  const auto run = test::run_adm("part_frame", slider(R"ADM(PART/3, MASS=1, CM=30, IP=1, 1, 1
, QG = 1, 2, 3
, REULER = 90D, 0, 0
MARKER/30, PART=3, QP=0.5, 0, 0, REULER=0, 90D, 0
MARKER/31, PART=3
MARKER/12, PART=1, QP=1, 2, 3
JOINT/2, FIXED, I=31, J=12
)ADM"),
                                 "SIMULATE/DYNAMIC, END=0.1, STEPS=1\n");
  REQUIRE(run.model);
  const Body* b = nullptr;
  for (const Body& body : run.model->bodies) {
    if (body.id == 3) b = &body;
  }
  REQUIRE(b);
  CHECK(b->r0.isApprox(Vec3(1, 2.5, 3), 1e-14));
  CHECK((b->ref_pos - Vec3(-0.5, 0, 0)).norm() < 1e-14);
  Mat3 expected;
  expected << 1, 0, 0, 0, 0, 1, 0, -1, 0;
  CHECK((b->ref_axes - expected).norm() < 1e-14);
}
