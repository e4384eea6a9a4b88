// The sampled GSE (Adams GSE with ND, XD, ICD, SAMPLE_PERIOD, SAMPLE_OFFSET; models/model.hpp
// StateElement::num_discrete, solver/discrete_samples.hpp) with the GSESUB of
// discrete_gse_subs.c. Oracles: the difference equation computed here at the sample times
// t_k = SAMPLE_OFFSET + k SAMPLE_PERIOD (exact for a time-driven discrete integrator), the closed
// forms of a lag and of a mass under a force held between samples, and IDA against CVODE.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>

#include "models/model_builder.hpp"
#include "parser/adm_reader.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

const std::string kLib = MB_TEST_DISCRETE_GSE_LIB;
/// The Python twin of discrete_gse_subs.c.
const std::string kScript = MBSOLVE_SOURCE_DIR "/tests/usersub/discrete_gse_subs.py";

constexpr double kPeriod = 0.03, kOffset = 0.005;

/// The sample times up to t (to round-off), in order.
std::vector<double> samples_until(double t, double offset = kOffset) {
  std::vector<double> out;
  for (int k = 0; offset + k * kPeriod <= t + 1e-12; ++k) out.push_back(offset + k * kPeriod);
  return out;
}

/// Ground, a part fixed to it (the model needs a body), `statements`, END.
std::string dataset(const std::string& statements) {
  return R"ADM(sampled GSE
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=3, CM=20, IP=2, 2, 2
MARKER/20, PART=2, QP=0, 0, 1
JOINT/1, FIXED, I=20, J=10
)ADM" + statements +
         "END\n";
}

/// A discrete integrator of u = 1 + sin(TIME): xd(k+1) = xd(k) + T u(t_k), xd(0) = 2 (ICD),
/// and the lag x1' = xd - x1, x1(0) = 0.5 (IC). Requests: f2 = xd (ARYVAL of the XD array),
/// f3 = x1 (X array), f4 = y1 = xd, f5 = y2 = x1 (Y array).
std::string integrator_statements(double offset, const std::string& integrator) {
  return fmt::format(R"ADM(VARIABLE/1, FUNCTION = 1 + SIN(TIME)
ARRAY/10, X, SIZE = 1
ARRAY/11, U, SIZE = 1, VARIABLES = 1
ARRAY/12, Y, SIZE = 2
ARRAY/13, IC, SIZE = 1, NUMBERS = 0.5
ARRAY/14, X, SIZE = 1
ARRAY/15, IC, SIZE = 1, NUMBERS = 2
GSE/1, NS = 1, NO = 2, X = 10, U = 11, Y = 12, IC = 13
, ND = 1, XD = 14, ICD = 15, SAMPLE_PERIOD = {T}, SAMPLE_OFFSET = {offset}
, FUNCTION = USER(0, {T}), ROUTINE = {lib}::GSESUB
REQUEST/7, F2 = ARYVAL(14, 1), F3 = ARYVAL(10, 1), F4 = ARYVAL(12, 1), F5 = ARYVAL(12, 2)
INTEGRATOR/{integrator}, ERROR = 1E-9
)ADM",
                     fmt::arg("T", kPeriod), fmt::arg("offset", offset), fmt::arg("lib", kLib),
                     fmt::arg("integrator", integrator));
}

/// The discrete integrator's xd and the lag's x1 at time t, computed from the difference
/// equation and the lag's closed form e^{-(t - s)} over each interval of constant xd.
std::pair<double, double> integrator_oracle(double t, double offset) {
  double xd = 2.0, x1 = 0.5, from = 0.0;
  for (double tk : samples_until(t, offset)) {
    x1 = xd + (x1 - xd) * std::exp(-(tk - from));
    xd += kPeriod * (1 + std::sin(tk));
    from = tk;
  }
  x1 = xd + (x1 - xd) * std::exp(-(t - from));
  return {xd, x1};
}

test::InlineRun run_dataset(const std::string& name, const std::string& adm, double end,
                            int steps) {
  return test::run_adm(name, adm, fmt::format("SIMULATE/DYNAMIC, END={}, STEPS={}\n", end, steps));
}

/// Every message of reading and building `adm` (one per line).
std::string deck_messages(const std::string& adm) {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(adm, "dgse.adm", diag);
  if (!diag.has_errors()) build_model(deck, diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

/// The line of `adm` (1-based) that holds `text`.
int line_of(const std::string& adm, const std::string& text) {
  const size_t at = adm.find(text);
  REQUIRE(at != std::string::npos);
  return 1 + static_cast<int>(std::count(adm.begin(), adm.begin() + static_cast<long>(at), '\n'));
}

}  // namespace

TEST_CASE("Sampled GSE: a discrete integrator matches its difference equation to 1e-10") {
  // Output step 0.1, sample period 0.03 (not a divisor), first sample at 0.005.
  for (const char* integrator : {"GSTIFF", "VSTIFF"}) {
    INFO(integrator);
    const auto run = run_dataset(std::string("dgse_int_") + integrator,
                                 dataset(integrator_statements(kOffset, integrator)), 1.0, 10);
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.t.size() == 11);
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      INFO("t = " << t);
      const auto [xd, x1] = integrator_oracle(t, kOffset);
      CHECK(test::request_channel(run, "req7.f2", k) == Approx(xd).epsilon(0).margin(1e-10));
      CHECK(test::request_channel(run, "req7.f4", k) == Approx(xd).epsilon(0).margin(1e-10));
      CHECK(test::request_channel(run, "req7.f3", k) == Approx(x1).epsilon(0).margin(1e-6));
      CHECK(test::request_channel(run, "req7.f5", k) == Approx(x1).epsilon(0).margin(1e-6));
    }
    // 34 samples in [0, 1]: xd moved from its ICD.
    CHECK(test::request_channel(run, "req7.f2", 10) > 2.5);
  }
}

TEST_CASE("Sampled GSE: SAMPLE_PERIOD as a constant expression") {
  // 3/100 is the 0.03 of the difference equation: the same samples, the same oracle.
  std::string adm = dataset(integrator_statements(kOffset, "GSTIFF"));
  adm.replace(adm.find("SAMPLE_PERIOD = 0.03"), 20, "SAMPLE_PERIOD = 3/100");
  const auto run = run_dataset("dgse_expr", adm, 0.3, 3);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    const auto [xd, x1] = integrator_oracle(run.t[k], kOffset);
    CHECK(test::request_channel(run, "req7.f2", k) == Approx(xd).epsilon(0).margin(1e-10));
    CHECK(test::request_channel(run, "req7.f3", k) == Approx(x1).epsilon(0).margin(1e-6));
  }
}

TEST_CASE("Sampled GSE: SAMPLE_OFFSET 0 updates at the start") {
  const auto run = run_dataset("dgse_zero", dataset(integrator_statements(0.0, "GSTIFF")), 0.2, 2);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 1; k < run.t.size(); ++k) {
    const auto [xd, x1] = integrator_oracle(run.t[k], 0.0);
    CHECK(test::request_channel(run, "req7.f2", k) == Approx(xd).epsilon(0).margin(1e-10));
    CHECK(test::request_channel(run, "req7.f3", k) == Approx(x1).epsilon(0).margin(1e-6));
  }
}

TEST_CASE("Sampled GSE: a purely discrete GSE (no NS) integrates its input") {
  const auto run =
      run_dataset("dgse_pure",
                  dataset(fmt::format(R"ADM(VARIABLE/1, FUNCTION = 1 + SIN(TIME)
ARRAY/11, U, SIZE = 1, VARIABLES = 1
ARRAY/12, Y, SIZE = 1
ARRAY/14, X, SIZE = 1
ARRAY/15, IC, SIZE = 1, NUMBERS = 2
GSE/1, NO = 1, U = 11, Y = 12, ND = 1, XD = 14, ICD = 15
, SAMPLE_PERIOD = {T}, SAMPLE_OFFSET = {offset}, FUNCTION = USER(2, {T}), ROUTINE = {lib}::GSESUB
REQUEST/7, F2 = ARYVAL(14, 1), F3 = ARYVAL(12, 1)
)ADM",
                                      fmt::arg("T", kPeriod), fmt::arg("offset", kOffset),
                                      fmt::arg("lib", kLib))),
                  1.0, 10);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 11);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double xd = integrator_oracle(run.t[k], kOffset).first;
    CHECK(test::request_channel(run, "req7.f2", k) == Approx(xd).epsilon(0).margin(1e-10));
    CHECK(test::request_channel(run, "req7.f3", k) == Approx(xd).epsilon(0).margin(1e-10));
  }
}

TEST_CASE("Sampled GSE: two SIMULATE commands that meet at a sample time sample it once") {
  // t_3 = 0.095 ends the first SIMULATE and starts the second.
  const auto run = test::run_adm("dgse_split", dataset(integrator_statements(kOffset, "GSTIFF")),
                                 "SIMULATE/DYNAMIC, END=0.095, STEPS=1\n"
                                 "SIMULATE/DYNAMIC, END=0.5, STEPS=4\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 6);
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    const auto [xd, x1] = integrator_oracle(run.t[k], kOffset);
    CHECK(test::request_channel(run, "req7.f2", k) == Approx(xd).epsilon(0).margin(1e-10));
    CHECK(test::request_channel(run, "req7.f3", k) == Approx(x1).epsilon(0).margin(1e-6));
  }
}

namespace {

/// A mass (2 kg) on a translational joint along z, pushed by the held output of a sampled PD
/// controller: xd(k+1) = -kp z(t_k) - kd vz(t_k), kp = 20, kd = 4, force FZ = xd.
std::string pd_dataset(const std::string& integrator) {
  return fmt::format(R"ADM(sampled PD controller
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=1, 1, 1
MARKER/20, PART=2, QP=0, 0, 1
MARKER/21, PART=2, QP=0, 0, 1
MARKER/11, PART=1, FLOATING
JOINT/1, TRANSLATIONAL, I=20, J=10
VARIABLE/1, FUNCTION = DZ(20, 10)
VARIABLE/2, FUNCTION = VZ(20, 10)
ARRAY/10, X, SIZE = 1
ARRAY/11, U, SIZE = 2, VARIABLES = 1, 2
ARRAY/12, Y, SIZE = 2
ARRAY/14, X, SIZE = 1
GSE/1, NS = 1, NO = 2, X = 10, U = 11, Y = 12
, ND = 1, XD = 14, SAMPLE_PERIOD = {T}, SAMPLE_OFFSET = {offset}
, FUNCTION = USER(1, 20, 4), ROUTINE = {lib}::GSESUB
VFORCE/3, I=21, JFLOAT=11, RM=10, FX=0\FY=0\FZ=ARYVAL(12, 1)
REQUEST/7, F2 = DZ(20, 10), F3 = VZ(20, 10), F4 = ARYVAL(14, 1)
INTEGRATOR/{integrator}, ERROR = 1E-9
END
)ADM",
                     fmt::arg("T", kPeriod), fmt::arg("offset", kOffset), fmt::arg("lib", kLib),
                     fmt::arg("integrator", integrator));
}

/// z, vz and the held force at time t: the exact recurrence of a mass under a force that is
/// constant between samples (z += v h + F h^2 / 2m, v += F h / m).
std::array<double, 3> pd_oracle(double t) {
  constexpr double m = 2, kp = 20, kd = 4;
  double z = 1, v = 0, f = 0, from = 0;
  auto advance = [&](double to) {
    const double h = to - from;
    z += v * h + f * h * h / (2 * m);
    v += f * h / m;
    from = to;
  };
  for (double tk : samples_until(t)) {
    advance(tk);
    f = -kp * z - kd * v;
  }
  advance(t);
  return {z, v, f};
}

}  // namespace

TEST_CASE("Sampled GSE: a zero-order-hold PD controller on a mass, IDA and CVODE") {
  std::vector<std::vector<double>> runs;
  for (const char* integrator : {"GSTIFF", "VSTIFF"}) {
    INFO(integrator);
    const auto run = test::run_adm(std::string("dgse_pd_") + integrator, pd_dataset(integrator),
                                   "SIMULATE/DYNAMIC, END=2, STEPS=20\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.t.size() == 21);
    std::vector<double> z;
    for (size_t k = 0; k < run.t.size(); ++k) {
      INFO("t = " << run.t[k]);
      const auto [zo, vo, fo] = pd_oracle(run.t[k]);
      CHECK(test::request_channel(run, "req7.f2", k) == Approx(zo).epsilon(0).margin(1e-6));
      CHECK(test::request_channel(run, "req7.f3", k) == Approx(vo).epsilon(0).margin(1e-6));
      CHECK(test::request_channel(run, "req7.f4", k) == Approx(fo).epsilon(0).margin(1e-5));
      z.push_back(test::request_channel(run, "req7.f2", k));
    }
    runs.push_back(std::move(z));
  }
  // The controller brings the mass from z = 1 towards 0, and both integrators agree.
  CHECK(std::abs(runs[0].back()) < 0.2);
  for (size_t k = 0; k < runs[0].size(); ++k)
    CHECK(runs[0][k] == Approx(runs[1][k]).epsilon(0).margin(1e-6));
}

TEST_CASE("Sampled GSE: deck errors at the argument's line, in Adams words") {
  const std::string base = integrator_statements(kOffset, "GSTIFF");
  SECTION("SAMPLE_PERIOD = 0, < 0, or reading TIME or the model") {
    for (const char* bad : {"0", "-0.1", "0.01+TIME", "DZ(20)"}) {
      std::string adm = dataset(base);
      adm.replace(adm.find("SAMPLE_PERIOD = 0.03"), 20, std::string("SAMPLE_PERIOD = ") + bad);
      const std::string m = deck_messages(adm);
      CHECK_THAT(m, Catch::Contains(fmt::format(
                        "dgse.adm:{}:", line_of(adm, std::string("SAMPLE_PERIOD = ") + bad))));
      CHECK_THAT(m, Catch::Contains(fmt::format("error: GSE 1: SAMPLE_PERIOD is '{}'; it must be "
                                                "a positive number or constant expression",
                                                bad)));
    }
  }
  SECTION("ND without SAMPLE_PERIOD") {
    std::string adm = dataset(base);
    adm.replace(adm.find(", SAMPLE_PERIOD = 0.03"), 22, "");
    const std::string m = deck_messages(adm);
    CHECK_THAT(m, Catch::Contains(fmt::format("dgse.adm:{}:3: error: GSE 1: ND declares discrete "
                                              "states, which need SAMPLE_PERIOD",
                                              line_of(adm, ", ND = 1"))));
  }
  SECTION("ND without a routine (no FUNCTION)") {
    std::string adm = dataset(base);
    const size_t at = adm.find(", FUNCTION = USER(0, 0.03)");
    adm.erase(at, adm.find('\n', at) - at + 1);
    const std::string m = deck_messages(adm);
    CHECK_THAT(m, Catch::Contains(fmt::format("dgse.adm:{}:1: error: GSE 1: missing FUNCTION=",
                                              line_of(adm, "GSE/1"))));
  }
  SECTION("XD and SAMPLE_OFFSET without ND") {
    std::string adm = dataset(base);
    adm.replace(adm.find(", ND = 1"), 8, "");
    const std::string m = deck_messages(adm);
    CHECK_THAT(m, Catch::Contains("error: GSE 1: XD belongs to the discrete states of a sampled "
                                  "GSE, but ND (their number) is not given"));
  }
  SECTION("ICD with more values than ND") {
    std::string adm = dataset(base);
    adm.replace(adm.find("ARRAY/15, IC, SIZE = 1, NUMBERS = 2"), 35,
                "ARRAY/15, IC, SIZE = 2, NUMBERS = 2, 3");
    const std::string m = deck_messages(adm);
    CHECK_THAT(m, Catch::Contains(fmt::format("dgse.adm:{}:", line_of(adm, ", ND = 1"))));
    CHECK_THAT(m, Catch::Contains("error: GSE 1: ICD 15 has 2 values for 1 discrete states"));
  }
}

TEST_CASE("Sampled GSE in XML: Control_StateEqn with num_discrete_state, on CVODE") {
  // The discrete integrator of the Adams test under mbsolve's XML names, with the C library and
  // with its Python twin.
  const bool python = GENERATE(false, true);
  INFO((python ? "Python script" : "C library"));
  const std::string source =
      python ? fmt::format(R"U(script_name="{}" interpreter="PYTHON")U", kScript)
             : fmt::format(R"U(usrsub_dll_name="{}")U", kLib);
  const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Array id="100" type="X" num_element="1"/>
    <Reference_Array id="104" type="X" num_element="1"/>
    <Reference_Array id="102" type="Y" num_element="2"/>
    <Reference_Array id="103" type="IC" num_element="1">0.5</Reference_Array>
    <Reference_Array id="105" type="IC" num_element="1">2</Reference_Array>
    <Reference_Array id="101" type="U" num_element="1" variable_id="5"/>
    <Reference_Variable id="5" type="EXPRESSION" expr="1 + SIN(TIME)"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Control_StateEqn id="4" type="USERSUB" num_state="1" num_output="2" x_array_id="100"
       u_array_id="101" y_array_id="102" ic_array_id="103" num_discrete_state="1"
       xd_array_id="104" icd_array_id="105" sample_period="{T}" sample_offset="{offset}"
       {source} usrsub_param_string="USER(0, {T})"/>
    <Post_Request id="7" type="EXPRESSION" expr1="ARYVAL(104,1)" expr2="ARYVAL(100,1)"/>
    <Param_Transient integrator_type="VSTIFF" integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.5" print_interval="0.1"/>
  </Command></MotionSolve>)XML",
                                                fmt::arg("T", kPeriod), fmt::arg("offset", kOffset),
                                                fmt::arg("source", source)));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 6);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const auto [xd, x1] = integrator_oracle(run.t[k], kOffset);
    CHECK(test::request_channel(run, "req7.f1", k) == Approx(xd).epsilon(0).margin(1e-10));
    CHECK(test::request_channel(run, "req7.f2", k) == Approx(x1).epsilon(0).margin(1e-6));
  }
}
