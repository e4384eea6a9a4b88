// Adams TFSISO statements end to end (parser/adm_tfsiso.cpp -> Control_SISO), against the
// closed-form step responses (u = 1 from t = 0, zero initial states):
//   TFSISO/5  H(s) = 1 / (1 + tau s)                       y = 1 - exp(-t / tau)
//   TFSISO/6  H(s) = (w^2 + b1 s) / (w^2 + 2 z w s + s^2)   y = 1 - e^{-sig t} (cos wd t +
//             sig/wd sin wd t) + b1 e^{-sig t} sin(wd t) / wd,  sig = z w, wd = w sqrt(1 - z^2)
// The b1 term fails if the coefficient order (ascending powers of s) is reversed.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "parser/adm_reader.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kTau = 0.5, kW = 2.0, kZ = 0.3, kB1 = 0.7;

std::string tfsiso_deck() {
  return fmt::format(R"ADM(tfsiso
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2
VARIABLE/1, FUNCTION = 1
ARRAY/1, U, VARIABLES=1
ARRAY/2, X, SIZE=1
ARRAY/3, Y, SIZE=1
TFSISO/5, NUMERATOR=1, DENOMINATOR=1, {}, U=1, X=2, Y=3
ARRAY/4, X, SIZE=2
ARRAY/5, Y, SIZE=1
TFSISO/6, NUMERATOR={}, {}
, DENOMINATOR={}, {}, 1
, U=1, X=4, Y=5
REQUEST/7, F1 = ARYVAL(3, 1), F2 = ARYVAL(5, 1)
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM",
                     kTau, kW * kW, kB1, kW * kW, 2 * kZ * kW);
}

}  // namespace

TEST_CASE("TFSISO step responses match the closed form") {
  const auto run = test::run_adm("tfsiso", tfsiso_deck(), "SIMULATE/DYNAMIC, END=3, STEPS=30\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 31);
  const double sig = kZ * kW, wd = kW * std::sqrt(1 - kZ * kZ);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k], e = std::exp(-sig * t);
    INFO("t = " << t);
    const double first = 1 - std::exp(-t / kTau);
    const double second =
        1 - e * (std::cos(wd * t) + sig / wd * std::sin(wd * t)) + kB1 * e * std::sin(wd * t) / wd;
    CHECK(test::request_channel(run, "req7.f1", k) == Approx(first).margin(1e-5));
    CHECK(test::request_channel(run, "req7.f2", k) == Approx(second).margin(1e-5));
  }
}

TEST_CASE("TFSISO without its arrays or coefficients is refused in Adams words") {
  Diagnostics diag;
  read_adm_deck_text("t\nPART/1, GROUND\nTFSISO/5, NUMERATOR=1, U=1\nEND\n", "t.adm", diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  CHECK(all.find("TFSISO 5: missing DENOMINATOR=") != std::string::npos);
  CHECK(all.find("TFSISO 5: missing X=") != std::string::npos);
  CHECK(all.find("TFSISO 5: missing Y=") != std::string::npos);
  CHECK(all.find("not supported") == std::string::npos);
}
