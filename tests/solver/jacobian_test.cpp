// Oracle: the exact (AD) Jacobian dF/dy + cj dF/dy' equals central finite differences of the
// residual, for the body kernel and every joint type, at random states and multipliers.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <random>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

std::unique_ptr<Model> two_body_model(const std::string& type) {
  // Markers with general orientations (3-1-3 angles) so that no term vanishes by symmetry.
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.4" inertia_zz="0.5"
                inertia_xy="0.01"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.2" inertia_yy="0.25" inertia_zz="0.3"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" pos_z="0.1" psi="0.3" theta="0.2"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.4" pos_y="0.1" pos_z="0.3" psi="0.1"
                      theta="0.4" phi="0.2"/>
    <Reference_Marker id="30" body_id="3" pos_x="2" pos_y="0.5" pos_z="-0.2" phi="0.5"/>
    <Reference_Marker id="31" body_id="3" pos_x="1.4" pos_y="0.1" pos_z="0.3" psi="0.1"
                      theta="0.4" phi="0.2"/>
    <Constraint_Joint id="1" type="{}" i_marker_id="31" j_marker_id="21"/>
  </Model></MotionSolve>)XML",
                                      type);
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, "jac.xml", diag);
  auto model = build_model(deck, diag);
  REQUIRE(model);
  return std::make_unique<Model>(std::move(*model));
}

}  // namespace

TEST_CASE("exact Jacobian equals central finite differences for every joint type") {
  for (const char* type : {"SPHERICAL", "REVOLUTE", "FIXED", "TRANSLATIONAL", "CYLINDRICAL",
                           "PLANAR", "UNIVERSAL", "HOOKE"}) {
    INFO("joint type " << type);
    auto model = two_body_model(type);
    const System sys(*model);
    const int n = sys.size();
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> uni(-1, 1);
    std::vector<double> y = sys.initial_state(), yp(n);
    for (auto& v : y) v += 0.3 * uni(rng);
    for (auto& v : yp) v = uni(rng);
    const double cj = 37.5;
    std::vector<double> values(sys.pattern().nnz());
    sys.jacobian(0.0, y.data(), yp.data(), cj, values.data());
    // Dense copy of the analytic Jacobian.
    std::vector<double> analytic(static_cast<size_t>(n) * n, 0.0);
    const auto& p = sys.pattern();
    for (int c = 0; c < n; ++c) {
      for (int k = p.col_ptr[c]; k < p.col_ptr[c + 1]; ++k)
        analytic[p.row_idx[k] * n + c] = values[k];
    }
    std::vector<double> rp(n), rm(n);
    double worst = 0;
    for (int c = 0; c < n; ++c) {
      const double h = 1e-6;
      auto yy = y, yyp = yp;
      yy[c] += h;
      yyp[c] += cj * h;  // d/dy + cj d/dy' along one direction
      sys.residual(0.0, yy.data(), yyp.data(), rp.data());
      yy[c] -= 2 * h;
      yyp[c] -= 2 * cj * h;
      sys.residual(0.0, yy.data(), yyp.data(), rm.data());
      for (int r = 0; r < n; ++r) {
        const double fd = (rp[r] - rm[r]) / (2 * h);
        worst = std::max(worst, std::abs(fd - analytic[r * n + c]) / (1.0 + std::abs(fd)));
      }
    }
    CHECK(worst < 1e-6);
  }
}
