// VSTIFF and MSTIFF in joint coordinates (BDF on the joint-coordinate ODE form,
// solver/tree/tree_ode_integrator.hpp). Oracles: GSTIFF named on the same deck (IDA on the
// Cartesian DAE: an independent formulation, integrator and constraint handling) for every body
// state and joint reaction at every output; GSTIFF's step count for the stiff model (BDF's steps
// are not limited by stability, an explicit or Adams method's are); the Cartesian ODE form on the
// same CVODE BDF for the size limit.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <string>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/run_comparison.hpp"
#include "tests/solver/tree/tree_decks.hpp"

using namespace mb;

namespace {

test::LoggedRun run(const std::string& deck, const std::string& integrator, double tol) {
  test::LoggedRun r =
      test::run_logged(test::model_inline(test::with_integrator(deck, integrator, tol)));
  INFO(integrator << ": " << r.log);
  REQUIRE(r.report.message == "");
  return r;
}

}  // namespace

TEST_CASE("VSTIFF on a closed loop runs joint coordinates on BDF and agrees with GSTIFF") {
  const test::LoggedRun gstiff = run(test::kFourBar, "GSTIFF", 1e-10);
  const test::LoggedRun vstiff = run(test::kFourBar, "VSTIFF", 1e-9);
  INFO(vstiff.log);
  CHECK(vstiff.log.find("(VSTIFF, ODE form, joint coordinates: 3 joints, 16 coordinates, 1 cut "
                        "joints)") != std::string::npos);
  CHECK(vstiff.log.find("continues") == std::string::npos);  // no hand-over
  REQUIRE(vstiff.report.transient_forms.size() == 1);
  CHECK(vstiff.report.transient_forms[0].integrator == "VSTIFF");
  CHECK(test::max_state_difference(gstiff, vstiff) < 1e-6);
  CHECK(test::max_reaction_difference(gstiff, vstiff) < 1e-5);
}

TEST_CASE("VSTIFF on a stiff tree takes BDF's steps in joint coordinates") {
  // The damper's mode (rate about 1e6 / s) limits an explicit or Adams step to about 1e-6 s:
  // 5e5 steps over the 0.5 s. BDF is not limited by it.
  const test::LoggedRun gstiff = run(test::kStiffPendulum, "GSTIFF", 1e-6);
  const test::LoggedRun vstiff = run(test::kStiffPendulum, "VSTIFF", 1e-6);
  INFO(vstiff.log);
  CHECK(vstiff.log.find("(VSTIFF, ODE form, joint coordinates: 1 joints, 2 coordinates)") !=
        std::string::npos);
  INFO("VSTIFF steps " << vstiff.report.stats.steps << ", GSTIFF " << gstiff.report.stats.steps);
  CHECK(vstiff.report.stats.steps < 3 * gstiff.report.stats.steps + 100);
  CHECK(test::max_state_difference(gstiff, vstiff) < 1e-4);
  CHECK(test::max_reaction_difference(gstiff, vstiff) < 1e-4);
  CHECK(test::max_request_difference(gstiff, vstiff) < 1e-4);
}

TEST_CASE("VSTIFF through a singular position: the DAE path, then joint coordinates again") {
  const std::string deck = test::planar_parallelogram(1.0);
  const test::LoggedRun gstiff = run(deck, "GSTIFF", 1e-10);
  const test::LoggedRun vstiff = run(deck, "VSTIFF", 1e-9);
  test::check_singular_crossing_reported(vstiff);
  CHECK(test::max_state_difference(gstiff, vstiff) < 1e-3);
}

TEST_CASE("MSTIFF runs VSTIFF's method in joint coordinates, and says so") {
  const test::LoggedRun vstiff = run(test::kFourBar, "VSTIFF", 1e-8);
  const test::LoggedRun mstiff = run(test::kFourBar, "MSTIFF", 1e-8);
  CHECK(mstiff.log.find("joint coordinates: 3 joints, 16 coordinates, 1 cut joints, MSTIFF runs "
                        "as VSTIFF (the same BDF method)") != std::string::npos);
  REQUIRE(mstiff.y.size() == vstiff.y.size());
  for (size_t k = 0; k < mstiff.y.size(); ++k) CHECK(mstiff.y[k] == vstiff.y[k]);
}

TEST_CASE("VSTIFF on more joint-coordinate states than the dense Newton matrix takes") {
  // 201 revolute links: 402 states, above TreeOdeIntegrator::kMaxBdfStates.
  std::string deck = test::chain_deck(201);
  const std::string end = "end_time=\"1\"";
  deck.replace(deck.find(end), end.size(), "end_time=\"0.02\"");
  const test::LoggedRun vstiff = run(deck, "VSTIFF", 1e-6);
  CHECK(vstiff.log.find("ODE form, Cartesian: 402 joint-coordinate states, more than the 400 of "
                        "the dense Newton matrix") != std::string::npos);
}

TEST_CASE("ABAM and VSTIFF locate sensor events in joint coordinates, as IDA does") {
  // The spatial four-bar's crank angle AZ rises through 0.3 rad; the event is located on each
  // run's own solution, so the event times agree as closely as the integrations do. VSTIFF runs
  // the loop, ABAM the tree without its last joint (ABAM takes no loop closures).
  std::string deck = test::kFourBar;
  const std::string sensor =
      R"XML(<Sensor_Event id="1" expr="AZ(20)" value="0.3" compare="GE" print="TRUE"/>
    <Param_Transient)XML";
  deck.replace(deck.find("<Param_Transient"), 16, sensor);
  const test::LoggedRun ida = run(deck, "GSTIFF", 1e-10);
  REQUIRE(ida.report.sensor_event_count == 1);
  const test::LoggedRun vstiff = run(deck, "VSTIFF", 1e-9);
  CHECK(vstiff.log.find("joint coordinates: 3 joints, 16 coordinates, 1 cut joints") !=
        std::string::npos);
  REQUIRE(vstiff.report.sensor_event_count == 1);
  CHECK(vstiff.report.sensor_events[0].time ==
        Approx(ida.report.sensor_events[0].time).margin(1e-6).epsilon(0));

  std::string tree = deck;
  const size_t cut = tree.find("<Constraint_Joint id=\"4\"");
  tree.erase(cut, tree.find("/>", cut) + 2 - cut);
  const test::LoggedRun tree_ida = run(tree, "GSTIFF", 1e-10);
  REQUIRE(tree_ida.report.sensor_event_count == 1);
  for (const char* integrator : {"ABAM", "VSTIFF"}) {
    const test::LoggedRun r = run(tree, integrator, 1e-9);
    INFO(integrator << ": " << r.log);
    CHECK(r.log.find("joint coordinates: 3 joints, 16 coordinates)") != std::string::npos);
    REQUIRE(r.report.sensor_event_count == 1);
    CHECK(r.report.sensor_events[0].time ==
          Approx(tree_ida.report.sensor_events[0].time).margin(1e-6).epsilon(0));
  }
}
