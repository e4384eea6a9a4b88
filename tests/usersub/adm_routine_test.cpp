// Adams statements that name their user subroutine with ROUTINE=library::routine (the library
// found by bare name through MBSOLVE_USERSUB_PATH, as a user would install it), with the
// routines of test_subs.c, on the two wheels of tests/solver/coupled_wheels.hpp. Closed forms:
// * MOTION/5 on joint 1, ROUTINE=lib::MOTSUB with USER(0.3, 2): wheel 2 turns 0.3 sin(2t);
// * VARIABLE/9, ROUTINE=lib::VARSUB with USER(20, 30, 2): 2 DM(20, 30) = 6 (the wheel centres
//   are 3 apart); SFORCE/4 applies 0.1 VARVAL(9) = 0.6 to wheel 3 (Izz 0.2): it turns 1.5 t^2;
// * REQUEST/1, ROUTINE=lib::REQSUB with USER(20, 10): f6 = WZ(20, 10, 10) = 0.6 cos(2t).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>

#include "tests/solver/coupled_wheels.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

TEST_CASE("Adams ROUTINE=library::routine runs MOTSUB, VARSUB and REQSUB of that library") {
  ::setenv("MBSOLVE_USERSUB_PATH", "/nonexistent:" MB_TEST_USERSUB_DIR, 1);
  const auto run = test::run_adm(
      "adm_routine",
      test::two_wheels_adm("MOTION/5, JOINT=1, ROTATION, FUNCTION=USER(0.3, 2)\\\n"
                           ", ROUTINE=mb_test_usersubs::MOTSUB\n"
                           "VARIABLE/9, FUNCTION=USER(20, 30, 2)\\\n"
                           ", ROUTINE = mb_test_usersubs::VARSUB\n"
                           "SFORCE/4, ROTATION, I=30, J=11, FUNCTION=0.1*VARVAL(9)\n"
                           "REQUEST/1, FUNCTION=USER(20, 10), ROUTINE=mb_test_usersubs::REQSUB\n"),
      "INTEGRATOR/GSTIFF, ERROR=1.0E-9\nSIMULATE/DYNAMIC, END=2, DTOUT=0.1\n");
  ::unsetenv("MBSOLVE_USERSUB_PATH");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 21);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(std::abs(test::wrap_angle(test::wheel_angle(run, k, 2) - 0.3 * std::sin(2 * t))) < 1e-6);
    CHECK(std::abs(test::wrap_angle(test::wheel_angle(run, k, 3) - 1.5 * t * t)) < 1e-6);
    CHECK(test::request_channel(run, "req1.f6", k) == Approx(0.6 * std::cos(2 * t)).margin(1e-6));
  }
}

// PREFERENCES/LIBPATH names the folder of the library (here the build folder of
// mb_test_usersubs, on no other search path): the statements before it find the library too.
TEST_CASE("Adams PREFERENCES/LIBPATH is searched for ROUTINE=library::routine") {
  ::unsetenv("MBSOLVE_USERSUB_PATH");
  const std::string model = test::two_wheels_adm(
      "MOTION/5, JOINT=1, ROTATION, FUNCTION=USER(0.3, 2)\\\n"
      ", ROUTINE=mb_test_usersubs::MOTSUB\n");
  const std::string commands =
      "INTEGRATOR/GSTIFF, ERROR=1.0E-9\nSIMULATE/DYNAMIC, END=1, DTOUT=0.1\n";
  const size_t end = model.rfind("END");
  REQUIRE(end != std::string::npos);
  const std::string with_libpath = model.substr(0, end) +
                                   "PREFERENCES/LIBPATH=/nonexistent:" MB_TEST_USERSUB_DIR "\n" +
                                   model.substr(end);
  const auto run = test::run_adm("adm_libpath", with_libpath, commands);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 11);
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    CHECK(std::abs(test::wrap_angle(test::wheel_angle(run, k, 2) - 0.3 * std::sin(2 * run.t[k]))) <
          1e-6);
  }
  // Without LIBPATH: a deck error naming the folders searched.
  REQUIRE_THROWS_WITH(test::run_adm("adm_no_libpath", model, commands),
                      Catch::Contains("ROUTINE: user library 'mb_test_usersubs' not found") &&
                          Catch::Contains("(MBSOLVE_USERSUB_PATH is not set)"));
  // LIBPATH that does not hold it: the message lists the LIBPATH folders.
  const std::string wrong =
      model.substr(0, end) + "PREFERENCES/LIBPATH=/nonexistent:/no/such\n" + model.substr(end);
  REQUIRE_THROWS_WITH(test::run_adm("adm_wrong_libpath", wrong, commands),
                      Catch::Contains("LIBPATH (/nonexistent:/no/such)"));
}
