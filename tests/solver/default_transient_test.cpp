// The default transient integrator (no integrator named; solver/default_transient.hpp) picks the
// form from the model. Oracles: the same decks with GSTIFF named (IDA on the Cartesian DAE: an
// independent formulation and integrator) for every body state, every joint reaction and the
// JOINT() request channels at every output; DSTIFF named for a model that is not a tree (the
// default must run exactly that); and, for a stiff model, GSTIFF's results and a bound on the
// work (an explicit method alone would take millions of steps there).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/run_comparison.hpp"
#include "tests/solver/tree/tree_decks.hpp"

using namespace mb;

namespace {

test::LoggedRun run_logged(const std::string& deck) {
  return test::run_logged(test::model_inline(deck));
}

/// The deck with GSTIFF named at `named_tol` (the oracle) and with no integrator at `tol`; both
/// runs must succeed.
struct NamedAndDefault {
  test::InlineRun named;
  test::LoggedRun dflt;
};
NamedAndDefault run_named_and_default(const std::string& deck, double named_tol, double tol) {
  NamedAndDefault r{test::run_inline(test::with_integrator(deck, "GSTIFF", named_tol)),
                    run_logged(test::with_integrator(deck, "", tol))};
  REQUIRE(r.named.report.message == "");
  REQUIRE(r.dflt.report.message == "");
  return r;
}

}  // namespace

TEST_CASE("Default integrator: a tree runs in joint coordinates on explicit Runge-Kutta") {
  for (const std::string& deck : {std::string(test::kMixedTree), test::chain_deck(5)}) {
    const auto [named, dflt] = run_named_and_default(deck, 1e-9, 1e-9);
    INFO(dflt.log);
    CHECK(dflt.log.find("no integrator named: joint coordinates on an explicit Runge-Kutta") !=
          std::string::npos);
    CHECK(dflt.log.find("the model is a tree of") != std::string::npos);
    CHECK(dflt.log.find("stiff:") == std::string::npos);
    REQUIRE(dflt.report.transient_forms.size() == 1);
    CHECK(dflt.report.transient_forms[0].integrator == "default");
    CHECK(dflt.report.transient_forms[0].form.find("joint coordinates") == 0);
    CHECK(named.report.transient_forms.at(0).integrator == "GSTIFF");
    CHECK(named.report.transient_forms.at(0).reason == "named in the deck");
    CHECK(test::max_state_difference(named, dflt) < 1e-6);
    CHECK(test::max_reaction_difference(named, dflt) < 1e-5);
    CHECK(test::max_request_difference(named, dflt) < 1e-5);
    CHECK(dflt.report.stats.newton_iters == 0);  // explicit: no Newton iterations
  }
}

TEST_CASE("Default integrator: at the default integr_tol a chain matches GSTIFF to the tolerance") {
  const std::string deck = test::chain_deck(5);
  const auto named = test::run_inline(test::with_integrator(deck, "GSTIFF", 1e-3));
  const auto tight = test::run_inline(test::with_integrator(deck, "GSTIFF", 1e-10));
  const auto dflt = test::run_inline(test::with_integrator(deck, "", 1e-3));
  REQUIRE(named.report.message == "");
  REQUIRE(dflt.report.message == "");
  // The default form is at least as accurate as GSTIFF at the same integr_tol.
  const double err_default = test::max_state_difference(tight, dflt);
  const double err_gstiff = test::max_state_difference(tight, named);
  INFO("default " << err_default << ", GSTIFF " << err_gstiff);
  CHECK(err_default <= std::max(err_gstiff, 1e-3));
}

TEST_CASE("Default integrator: a tree's dissipated-energy state rides with joint coordinates") {
  // The five-link chain with a spring-damper from the third link's tip to ground: the
  // spring-damper's dissipated energy is a user state (x' = the power it absorbs).
  std::string deck = test::chain_deck(5);
  deck.insert(deck.find("<Post_Request"),
              R"(<Reference_Marker id="90" body_id="1" pos_x="0.3" pos_y="-0.6"/>
                 <Force_SpringDamper id="1" type="TRANSLATIONAL" i_marker_id="11" j_marker_id="90"
                     stiffness="20" damping="0.5" length="0.2"/>)");
  const auto [ida, dflt] = run_named_and_default(deck, 1e-10, 1e-9);
  INFO(dflt.log);
  CHECK(dflt.log.find("no integrator named: joint coordinates on an explicit") !=
        std::string::npos);
  CHECK(test::max_state_difference(ida, dflt) < 1e-6);
  CHECK(test::max_reaction_difference(ida, dflt) < 1e-5);
  const auto energy = static_cast<size_t>(dflt.sys->state_offset());
  REQUIRE(dflt.model->num_states == 1);
  double largest = 0, worst = 0;
  for (size_t k = 0; k < dflt.t.size(); ++k) {
    largest = std::max(largest, std::abs(ida.y[k][energy]));
    worst = std::max(worst, std::abs(ida.y[k][energy] - dflt.y[k][energy]));
    worst = std::max(worst, std::abs(ida.yp[k][energy] - dflt.yp[k][energy]));
  }
  INFO("dissipated energy up to " << largest << " J, largest difference " << worst);
  CHECK(largest > 1e-3);
  CHECK(worst < 1e-6);
}

TEST_CASE("Default integrator: a model that is not a tree runs exactly DSTIFF, and says why") {
  // The four-bar driven by a motion: no joint coordinates with motions (yet).
  std::string deck = test::kFourBar;
  deck.insert(deck.find("<Param_Transient"),
              R"(<Motion_Joint id="1" joint_id="1" joint_type="R" expr="2*TIME"/>)");
  const auto named = test::run_inline(test::with_integrator(deck, "DSTIFF", 1e-7));
  const auto dflt = run_logged(test::with_integrator(deck, "", 1e-7));
  REQUIRE(named.report.message == "");
  REQUIRE(dflt.report.message == "");
  INFO(dflt.log);
  CHECK(dflt.log.find("no integrator named: Cartesian stabilised index-2 DAE (SI2) on IDA") !=
        std::string::npos);
  CHECK(dflt.log.find("the model has motions") != std::string::npos);
  REQUIRE(dflt.report.transient_forms.size() == 1);
  CHECK(dflt.report.transient_forms[0].reason.find("joint coordinates do not apply") == 0);
  REQUIRE(dflt.y.size() == named.y.size());
  for (size_t k = 0; k < dflt.y.size(); ++k) CHECK(dflt.y[k] == named.y[k]);
}

TEST_CASE("Default integrator: a closed loop runs joint coordinates with a cut joint") {
  // The spatial four-bar (revolute, two spherical, revolute: no redundant equation, so the
  // reactions are unique): three tree joints and one cut joint.
  const auto [ida, dflt] = run_named_and_default(test::kFourBar, 1e-10, 1e-9);
  INFO(dflt.log);
  CHECK(dflt.log.find("no integrator named: joint coordinates with loop closures (cut joints)") !=
        std::string::npos);
  CHECK(dflt.log.find("a spanning tree of 3 joints (16 coordinates) and 1 cut joints") !=
        std::string::npos);
  CHECK(dflt.log.find("continues") == std::string::npos);  // no hand-over
  CHECK(test::max_state_difference(ida, dflt) < 1e-6);
  CHECK(test::max_reaction_difference(ida, dflt) < 1e-5);
}

TEST_CASE("Default integrator: redundant planar loop closures agree with GSTIFF") {
  // Gravity out of the plane too: the loop's out-of-plane reactions are statically
  // indeterminate, so they agree only if both forms leave the same equations open.
  std::string deck = test::planar_parallelogram(0.4);
  deck.replace(deck.find("grav_y=\"-9.81\""), 14, "grav_y=\"-9.81\" grav_z=\"-5\"");
  const auto [ida, dflt] = run_named_and_default(deck, 1e-10, 1e-9);
  INFO(dflt.log);
  CHECK(dflt.log.find("joint coordinates with loop closures") != std::string::npos);
  CHECK(dflt.log.find("continues") == std::string::npos);
  CHECK(test::max_state_difference(ida, dflt) < 1e-6);
  // The joint whose equations the assembly removed (4, on ground) is the cut: its removed
  // equations stay open, so the reactions are the Cartesian form's.
  CHECK(dflt.log.find("a spanning tree of 3 joints (6 coordinates) and 1 cut joints") !=
        std::string::npos);
  CHECK(test::max_reaction_difference(ida, dflt) < 1e-5);
}

TEST_CASE("Default integrator: a loop at a singular position hands over to IDA") {
  const std::string deck = test::planar_parallelogram(1.0);
  const auto [ida, dflt] = run_named_and_default(deck, 1e-10, 1e-9);
  INFO(dflt.log);
  // Near the flat position K's weakest pivot falls: the DAE path takes over from the last
  // output, and joint coordinates take over again after it.
  test::check_singular_crossing_reported(dflt);
  // Before the flat position, and after it (both forms pass it on the parallelogram branch).
  REQUIRE(ida.t.size() == dflt.t.size());
  double before = 0, after = 0;
  for (size_t k = 0; k < ida.t.size(); ++k) {
    double d = 0;
    for (int i = 0; i < 13 * ida.sys->num_moving_bodies(); ++i) {
      d = std::max(d, std::abs(ida.y[k][i] - dflt.y[k][i]));
    }
    (ida.t[k] < 0.5 ? before : after) = std::max(ida.t[k] < 0.5 ? before : after, d);
  }
  INFO("largest state difference before t = 0.5: " << before << ", after: " << after);
  CHECK(before < 1e-6);
  CHECK(after < 1e-3);
}

TEST_CASE("Default integrator: a stiff tree hands over to BDF and does not crawl") {
  const auto [named, dflt] = run_named_and_default(test::kStiffPendulum, 1e-6, 1e-6);
  INFO(dflt.log);
  CHECK(dflt.log.find("the model is stiff: at t = ") != std::string::npos);
  REQUIRE(dflt.report.transient_forms.size() == 1);
  // A small tree: BDF in joint coordinates (a dense Newton matrix of 2 states).
  CHECK(dflt.report.transient_forms[0].form.find("then joint coordinates on CVODE BDF") !=
        std::string::npos);
  CHECK(dflt.report.transient_forms[0].reason.find("limited by stability") != std::string::npos);
  // The explicit method gets one check's worth of steps, then BDF's step count.
  INFO("default steps " << dflt.report.stats.steps << ", GSTIFF " << named.report.stats.steps);
  CHECK(dflt.report.stats.steps < named.report.stats.steps + 2000);
  CHECK(test::max_state_difference(named, dflt) < 1e-4);
  CHECK(test::max_reaction_difference(named, dflt) < 1e-4);
  CHECK(test::max_request_difference(named, dflt) < 1e-4);
}

TEST_CASE("Default integrator: a stiff tree too large for a dense Newton matrix hands to IDA") {
  // 201 links (402 joint-coordinate states), the first link's tip tied to ground by a stiff
  // spring-damper as in kStiffPendulum.
  std::string deck = test::chain_deck(201);
  const double tip_x = 0.2 * std::cos(-0.5236), tip_y = 0.2 * std::sin(-0.5236);
  deck.replace(
      deck.find("<Post_Request"), 13,
      fmt::format(R"XML(<Reference_Marker id="9999" body_id="1" pos_x="{:.17g}" pos_y="{:.17g}"/>
    <Force_Scalar_TwoBody id="1" type="Force" i_marker_id="5" j_marker_id="9999"
        val_expression="-1e6*(DM(5,9999)-0.5)-1e6*VR(5,9999)"/><Post_Request)XML",
                  tip_x + 0.5, tip_y));
  deck.replace(deck.find("end_time=\"1\""), 12, "end_time=\"0.03\"");
  deck.replace(deck.find("print_interval=\"0.02\""), 21, "print_interval=\"0.01\"");
  const auto [named, dflt] = run_named_and_default(deck, 1e-9, 1e-8);
  INFO(dflt.log);
  REQUIRE(dflt.report.transient_forms.size() == 1);
  CHECK(dflt.report.transient_forms[0].form.find("then Cartesian stabilised index-2") !=
        std::string::npos);
  CHECK(test::max_state_difference(named, dflt) < 1e-4);
}

TEST_CASE("Default integrator: many loop equations run the Cartesian DAE, and say why") {
  // 100 four-bars close 200 equations, at the limit: joint coordinates with cut joints. 101
  // close 202: their dense G M^-1 G^T would cost more than the Cartesian DAE's sparse solve.
  const auto at_limit = run_logged(test::with_integrator(test::n_four_bar_deck(100), "", 1e-6));
  REQUIRE(at_limit.report.message == "");
  CHECK(at_limit.log.find("no integrator named: joint coordinates with loop closures") !=
        std::string::npos);
  CHECK(at_limit.log.find("and 100 cut joints") != std::string::npos);
  const auto above = run_logged(test::with_integrator(test::n_four_bar_deck(101), "", 1e-6));
  REQUIRE(above.report.message == "");
  INFO(above.log);
  CHECK(above.log.find("no integrator named: Cartesian stabilised index-2 DAE (SI2) on IDA (BDF) "
                       "(joint coordinates do not apply: 101 cut joints close 202 loop equations, "
                       "more than the 200") != std::string::npos);
  // The named ODE integrators keep to the same limit.
  const auto abam = run_logged(test::with_integrator(test::n_four_bar_deck(101), "ABAM", 1e-6));
  REQUIRE(abam.report.message == "");
  CHECK(abam.log.find("(ABAM, ODE form, Cartesian: 101 cut joints close 202 loop equations") !=
        std::string::npos);
}

TEST_CASE("Default integrator: a deck that names an integrator or a DAE index keeps it") {
  const auto abam = run_logged(test::with_integrator(test::chain_deck(5), "ABAM", 1e-6));
  REQUIRE(abam.report.message == "");
  CHECK(abam.log.find("no integrator named") == std::string::npos);
  CHECK(abam.log.find("(ABAM, ODE form, joint coordinates") != std::string::npos);
  std::string deck = test::with_integrator(test::chain_deck(5), "", 1e-6);
  deck.replace(deck.find("<Param_Transient "), 17, "<Param_Transient dae_index=\"3\" ");
  const auto i3 = run_logged(deck);
  REQUIRE(i3.report.message == "");
  CHECK(i3.log.find("no integrator named") == std::string::npos);
  CHECK(i3.log.find("(DSTIFF, DAE form, index-3 (I3))") != std::string::npos);
}

TEST_CASE("Default integrator: an integration failure names time, step and coordinate") {
  // h_min far above the step this tolerance needs: the error test fails at h_min.
  std::string deck = test::with_integrator(test::chain_deck(5), "", 1e-12);
  deck.replace(deck.find("<Param_Transient "), 17, "<Param_Transient h_min=\"0.005\" ");
  const auto run = run_logged(deck);
  REQUIRE(run.log.find("no integrator named: joint coordinates") != std::string::npos);
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  INFO(run.report.message);
  CHECK(run.report.message.find("ARKODE ERKStep failed at t = ") != std::string::npos);
  CHECK(run.report.message.find("with step size") != std::string::npos);
  CHECK(run.report.message.find("largest local error in Constraint_Joint") != std::string::npos);
}
