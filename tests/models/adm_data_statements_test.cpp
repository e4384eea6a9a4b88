// Adams data statements (issue 19): MATRIX in its FULL (RORDER, CORDER) and SPARSE forms and LSE,
// run end to end and compared with the closed-form solutions of the linear state equations they
// define; bad statements are reported at the argument, in Adams words.

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "parser/adm_reader.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

/// A dataset titled `title`: ground (marker 10), a part fixed to it (so that the solver has a
/// body; marker 20), the statements under test, END.
std::string with_body(const std::string& title, const std::string& statements) {
  return title + R"ADM(
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2
JOINT/1, FIXED, I=20, J=10
)ADM" + statements +
         "END\n";
}

/// Runs `statements` (in with_body) from 0 to `end` with 10 outputs per second and checks each
/// request column of `expected` against its closed form of time at every output, to `margin`.
void check_run(const std::string& name, const std::string& statements, int end,
               const std::vector<std::pair<std::string, std::function<double(double)>>>& expected,
               double margin) {
  const auto run = test::run_adm(name, with_body(name, statements),
                                 "SIMULATE/DYNAMIC, END=" + std::to_string(end) +
                                     ", STEPS=" + std::to_string(10 * end) + "\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == static_cast<size_t>(10 * end + 1));
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    for (const auto& [column, f] : expected) {
      INFO(column);
      CHECK(test::request_channel(run, column, k) == Approx(f(run.t[k])).margin(margin));
    }
  }
}

/// All messages of reading `adm` (one per line).
std::string read_messages(const std::string& adm) {
  Diagnostics diag;
  read_adm_deck_text(adm, "data.adm", diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

}  // namespace

TEST_CASE("LSE with FULL matrices: a first-order lag driven by TIME against its closed form") {
  // x' = -2 x + 3 u, y = x + 0.5 u, u = TIME, x(0) = 1:
  //   x(t) = e^{-2t} + 3 (t/2 - (1 - e^{-2t})/4),  y = x + t/2.
  const auto x = [](double t) {
    return std::exp(-2 * t) + 3 * (t / 2 - (1 - std::exp(-2 * t)) / 4);
  };
  check_run("lse_lag", R"ADM(VARIABLE/1, FUNCTION = TIME
ARRAY/10, X, SIZE = 1
ARRAY/11, U, SIZE = 1, VARIABLES = 1
ARRAY/12, Y, SIZE = 1
ARRAY/13, IC, SIZE = 1, NUMBERS = 1
MATRIX/1, FULL = RORDER, ROWS = 1, COLUMNS = 1, VALUES = -2
MATRIX/2, FULL = CORDER, ROWS = 1, COLUMNS = 1, VALUES = 3
MATRIX/3, FULL = RORDER, ROWS = 1, COLUMNS = 1, VALUES = 1
MATRIX/4, FULL = RORDER, ROWS = 1, COLUMNS = 1, VALUES = 0.5
LSE/1
, X = 10, A = 1
, U = 11, B = 2
, Y = 12, C = 3, D = 4
, IC = 13
REQUEST/7, F2 = ARYVAL(10, 1), F3 = ARYVAL(12, 1)
INTEGRATOR/GSTIFF, ERROR = 1E-9
)ADM",
            2, {{"req7.f2", x}, {"req7.f3", [&](double t) { return x(t) + 0.5 * t; }}}, 1e-6);
}

TEST_CASE("LSE with SPARSE and CORDER matrices: an undamped 2x2 oscillator, exp(A t) x0") {
  // A = [0 1; -4 0], x(0) = (1, 0): exp(A t) x0 = (cos 2t, -2 sin 2t). LSE/1 gives A sparse
  // (its IC array sized by NUMBERS), LSE/2 the same A by columns (CORDER) with the output
  // y = C x, C = [1 0] by rows, so y = x1; its X and Y arrays have no SIZE (the LSE sizes
  // them, as in Adams).
  const auto c = [](double t) { return std::cos(2 * t); };
  const auto v = [](double t) { return -2 * std::sin(2 * t); };
  check_run("lse_oscillator", R"ADM(ARRAY/10, X, SIZE = 2
ARRAY/13, IC, NUMBERS = 1, 0
MATRIX/1, SPARSE, ROWS = 2, COLUMNS = 2
, I = 1, 2
, J = 2, 1
, VALUES = 1, -4
LSE/1, X = 10, A = 1, IC = 13
ARRAY/20, X
ARRAY/22, Y
ARRAY/23, IC, SIZE = 2, NUMBERS = 1, 0
MATRIX/2, FULL = CORDER, ROWS = 2, COLUMNS = 2, VALUES = 0, -4, 1, 0
MATRIX/3, FULL = RORDER, ROWS = 1, COLUMNS = 2, VALUES = 1, 0
LSE/2, X = 20, A = 2, Y = 22, C = 3, IC = 23
REQUEST/7, F2 = ARYVAL(10, 1), F3 = ARYVAL(10, 2), F4 = ARYVAL(20, 1), F5 = ARYVAL(20, 2)
, F6 = ARYVAL(22, 1)
INTEGRATOR/GSTIFF, ERROR = 1E-10
)ADM",
            3, {{"req7.f2", c}, {"req7.f3", v}, {"req7.f4", c}, {"req7.f5", v}, {"req7.f6", c}},
            1e-5);
}

TEST_CASE(
    "MATRIX FILE= reads a FULL matrix of an ADAMSMAT file by NAME, from the dataset's folder") {
  // The file holds two matrices; NAME=OSC picks the oscillator's A = [0 1; -4 0], by columns,
  // in fixed-width Fortran fields (2F6.1): `    10` has no decimal point, so it reads 1.0.
  // The LSE then runs against exp(A t) x0 = (cos 2t, -2 sin 2t).
  const auto dir = std::filesystem::temp_directory_path();
  std::ofstream(dir / "mbsolve_test_matrices.dat") << "ADAMSMAT two matrices for a test\n"
                                                      "2\n"
                                                      "TRF OSC\n"
                                                      "TRF FULL RORDER 1 2 2 ( 2F8.3 )\n"
                                                      "   1.000   2.000\n"
                                                      "OSC FULL CORDER 2 2 4 ( 2F6.1 )\n"
                                                      "   0.0  -4.0\n"
                                                      "    10   0.0\n";
  check_run("matrix_file", R"ADM(ARRAY/10, X, SIZE = 2
ARRAY/13, IC, NUMBERS = 1, 0
MATRIX/1, FILE = mbsolve_test_matrices.dat, NAME = OSC
LSE/1, X = 10, A = 1, IC = 13
REQUEST/7, F2 = ARYVAL(10, 1), F3 = ARYVAL(10, 2)
INTEGRATOR/GSTIFF, ERROR = 1E-10
)ADM",
            3,
            {{"req7.f2", [](double t) { return std::cos(2 * t); }},
             {"req7.f3", [](double t) { return -2 * std::sin(2 * t); }}},
            1e-5);
  std::filesystem::remove(dir / "mbsolve_test_matrices.dat");
}

TEST_CASE("LSE STATIC_HOLD keeps the states at IC in a static analysis; without it A x + B u = 0") {
  // x' = -2 x + 3 u, u = 1, x(0) = 1: LSE/1 (STATIC_HOLD) stays at 1; LSE/2 solves x = 1.5.
  const auto run =
      test::run_adm("lse_static", with_body("lse_static", R"ADM(VARIABLE/1, FUNCTION = 1
ARRAY/11, U, VARIABLES = 1
ARRAY/13, IC, NUMBERS = 1
ARRAY/10, X
ARRAY/20, X
MATRIX/1, FULL = RORDER, ROWS = 1, COLUMNS = 1, VALUES = -2
MATRIX/2, FULL = RORDER, ROWS = 1, COLUMNS = 1, VALUES = 3
LSE/1, X = 10, A = 1, U = 11, B = 2, IC = 13, STATIC_HOLD
LSE/2, X = 20, A = 1, U = 11, B = 2, IC = 13
REQUEST/7, F2 = ARYVAL(10, 1), F3 = ARYVAL(20, 1)
)ADM"),
                    "SIMULATE/STATIC\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 1);
  CHECK(test::request_channel(run, "req7.f2", 0) == Approx(1).margin(1e-12));
  CHECK(test::request_channel(run, "req7.f3", 0) == Approx(1.5).margin(1e-9));
}

TEST_CASE("ARRAY IC and ARRAY without a type are constants that ARYVAL reads in expressions") {
  check_run("array_constants", R"ADM(ARRAY/13, IC, NUMBERS = 1.5, -2.5
ARRAY/14, NUMBERS = 7
VARIABLE/1, FUNCTION = ARYVAL(13, 2)*TIME
REQUEST/7, F2 = ARYVAL(13, 1), F3 = ARYVAL(14, 1), F4 = VARVAL(1)
)ADM",
            1,
            {{"req7.f2", [](double) { return 1.5; }},
             {"req7.f3", [](double) { return 7.0; }},
             {"req7.f4", [](double t) { return -2.5 * t; }}},
            1e-12);
}

TEST_CASE("LSE sizes that do not fit are reported with the Adams argument names") {
  // A is 2 x 2 but X has SIZE 3; B is 1 x 1 for 2 states and 1 input; the IC array has 1 value.
  const std::string adm = with_body("sizes", R"ADM(VARIABLE/1, FUNCTION = 1
ARRAY/10, X, SIZE = 3
ARRAY/11, U, VARIABLES = 1
ARRAY/13, IC, NUMBERS = 1
ARRAY/20, X
MATRIX/1, FULL = RORDER, ROWS = 2, COLUMNS = 2, VALUES = 0, 1, -4, 0
MATRIX/2, FULL = RORDER, ROWS = 1, COLUMNS = 1, VALUES = 1
LSE/1, X = 10, A = 1
LSE/2, X = 20, A = 1, U = 11, B = 2, IC = 13
)ADM");
  try {
    test::run_adm("lse_sizes", adm, "SIMULATE/DYNAMIC, END=1, STEPS=1\n");
    FAIL("the deck ran");
  } catch (const std::runtime_error& e) {
    const std::string m = e.what();
    CHECK_THAT(m, Catch::Contains(":14:16: error: LSE 1: A 1 is 2 x 2; it must be n x n with "
                                  "n = 3 (the states of X 10)"));
    CHECK_THAT(m, Catch::Contains(":15:31: error: LSE 2: B 2 is 1 x 1; 2 x 1 is needed"));
    CHECK_THAT(m, Catch::Contains(":15:38: error: LSE 2: IC 13 has 1 values for 2 states"));
  }
}

TEST_CASE("MATRIX and LSE mistakes are reported at the argument, in Adams words") {
  const std::string head = "t\nPART/1, GROUND\n";
  SECTION("FULL with too few VALUES") {
    const auto m = read_messages(head +
                                 "MATRIX/1, FULL = RORDER, ROWS = 2, COLUMNS = 2, VALUES = 1, 2, "
                                 "3\nEND\n");
    CHECK_THAT(m, Catch::Contains("data.adm:3:49: error: MATRIX 1: VALUES: expected 4 values, got "
                                  "3"));
  }
  SECTION("FULL with an order that is neither RORDER nor CORDER") {
    const auto m = read_messages(head +
                                 "MATRIX/1, FULL = ROWS, ROWS = 1, COLUMNS = 1, VALUES = 1\n"
                                 "END\n");
    CHECK_THAT(m, Catch::Contains("data.adm:3:18: error: MATRIX 1: FULL: expected RORDER"));
  }
  SECTION("SPARSE with an index outside ROWS") {
    const auto m = read_messages(
        head + "MATRIX/1, SPARSE, ROWS = 2, COLUMNS = 2, I = 1, 3, J = 1, 1, VALUES = 1, 2\nEND\n");
    CHECK_THAT(m, Catch::Contains("data.adm:3:49: error: MATRIX 1: I: '3' is not an index from 1 "
                                  "to 2 (ROWS=2)"));
  }
  SECTION("SPARSE with fewer J than VALUES") {
    const auto m = read_messages(
        head + "MATRIX/1, SPARSE, ROWS = 2, COLUMNS = 2, I = 1, 2, J = 1, VALUES = 1, 2\nEND\n");
    CHECK_THAT(m, Catch::Contains("MATRIX 1: SPARSE: I, J and VALUES must have one entry per "
                                  "value; got 2 I, 1 J, 2 VALUES"));
  }
  SECTION("neither FULL nor SPARSE") {
    const auto m = read_messages(head + "MATRIX/1, ROWS = 1, COLUMNS = 1, VALUES = 1\nEND\n");
    CHECK_THAT(m, Catch::Contains("data.adm:3:1: error: MATRIX 1: missing one of FULL, SPARSE"));
  }
  SECTION("FILE that does not exist") {
    const auto m = read_messages(head + "MATRIX/1, FILE = no_such_matrix.dat, NAME = A\nEND\n");
    CHECK_THAT(m, Catch::Contains("data.adm:3:18: error: MATRIX 1: FILE: cannot read the matrix "
                                  "file 'no_such_matrix.dat'"));
  }
  SECTION("FILE with a matrix NAME the file does not hold") {
    const auto path = std::filesystem::temp_directory_path() / "mbsolve_test_one_matrix.dat";
    std::ofstream(path) << "ADAMSMAT\n1\nK\nK FULL RORDER 1 1 1 (F8.3)\n   2.500\n";
    const auto m = read_messages(head + "MATRIX/1, FILE = " + path.string() + ", NAME = KK\nEND\n");
    std::filesystem::remove(path);
    CHECK_THAT(m, Catch::Contains("error: MATRIX 1: FILE '" + path.string() +
                                  "': the file holds no matrix named KK"));
  }
  SECTION("ARRAY IC whose SIZE differs from the NUMBERS given") {
    const auto m = read_messages(head + "ARRAY/1, IC, SIZE = 3, NUMBERS = 1, 2\nEND\n");
    CHECK_THAT(m, Catch::Contains("data.adm:3:14: error: ARRAY 1: SIZE is 3 but NUMBERS gives 2 "
                                  "values"));
  }
  SECTION("LSE with U but no B, and no A") {
    const auto m = read_messages(head + "LSE/1, X = 10, U = 11\nEND\n");
    CHECK_THAT(m, Catch::Contains("data.adm:3:1: error: LSE 1: missing A="));
    CHECK_THAT(m, Catch::Contains("data.adm:3:16: error: LSE 1: U needs B="));
  }
  SECTION("the discrete GSE is read; INTERFACE is refused in Adams words") {
    // The sampled form runs (tests/usersub/discrete_gse_test.cpp); GSE 2 gives ND without
    // SAMPLE_PERIOD and the INTERFACE form, which mbsolve does not have.
    const auto m = read_messages(head +
                                 "GSE/1, NO = 1, FUNCTION = USER(1)\\\n, U = 20, Y = 22\n"
                                 ", XD = 21, ND = 1, ICD = 23, SAMPLE_PERIOD = 1\n"
                                 "GSE/2, NO = 1, FUNCTION = USER(0)\\\n, ND = 1, XD = 31\n"
                                 ", INTERFACE = lib::gse_deriv, lib::gse_output\n"
                                 ", lib::gse_update, lib::gse_samp\nEND\n");
    CHECK_THAT(m, !Catch::Contains("data.adm:5:"));  // GSE 1's discrete arguments are fine
    CHECK_THAT(m, Catch::Contains("data.adm:7:3: error: GSE 2: ND declares discrete states, which "
                                  "need SAMPLE_PERIOD"));
    CHECK_THAT(m, Catch::Contains("data.adm:8:3: error: GSE 2: INTERFACE (separate GSE_DERIV"));
    CHECK_THAT(m, !Catch::Contains("unknown"));
    CHECK_THAT(m, !Catch::Contains("lib::gse_update"));
  }
}

TEST_CASE("VARIABLE IC (Adams' first guess of an implicit variable) is one warning for all") {
  // mbsolve evaluates every VARIABLE from its expression, so IC has no use; it is said once,
  // in Adams words, with the count, and the variables keep their values.
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(
      with_body("ic",
                "VARIABLE/1, FUNCTION=2*TIME, IC=0.5\nVARIABLE/2, IC=1, FUNCTION=3\n"
                "VARIABLE/3, FUNCTION=4\n"),
      "ic.adm", diag);
  REQUIRE(!diag.has_errors());
  REQUIRE(build_model(deck, diag));
  std::string warnings;
  for (const auto& d : diag.all()) {
    if (d.severity == Severity::kWarning) warnings += d.headline() + "\n";
  }
  CHECK(warnings ==
        "ic.adm:7:30: warning: VARIABLE 1: IC (the first guess of a variable defined "
        "through itself) is not used: mbsolve evaluates each variable from its expression; "
        "ignored (2 occurrences; this is the first)\n");
}
