// The Adams result readers (.res XML results, .req request files) on files written by Adams
// (regression/realworld/adams/, unchanged), checked against the raw text read here by simple
// means (string search and stream extraction), and on malformed input.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "results/adams_req_reader.hpp"
#include "results/adams_res_reader.hpp"
#include "results/curve_reader.hpp"

using namespace mb;
using namespace mb::results;

namespace {

const std::string kAdams = std::string(MBSOLVE_SOURCE_DIR) + "/regression/realworld/adams/";

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The numbers of every <Step type="TYPE"> block, in file order, by plain text search.
std::vector<std::vector<double>> raw_steps(const std::string& text, const std::string& type) {
  std::vector<std::vector<double>> out;
  const std::string open = "<Step type=\"" + type + "\">";
  for (auto p = text.find(open); p != std::string::npos; p = text.find(open, p + 1)) {
    const auto b = p + open.size();
    std::istringstream in(text.substr(b, text.find("</Step>", b) - b));
    std::vector<double> v;
    for (double x; in >> x;) v.push_back(x);
    out.push_back(std::move(v));
  }
  return out;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kDeckError);
    return e.what();
  }
  return "no error";
}

void check_monotone(const CurveTable& t) {
  for (std::size_t i = 1; i < t.rows(); ++i) REQUIRE(t.time[i] >= t.time[i - 1]);
}

}  // namespace

TEST_CASE("Adams .res (RD3, Adams 2015): steps, channels and values against the raw text") {
  const std::string path = kAdams + "ss_rd3/RD3.res";
  const std::string text = slurp(path);
  const auto t = read_curves(path);  // chosen by the extension
  const auto ic = raw_steps(text, "initialConditions");
  const auto dyn = raw_steps(text, "dynamic");
  REQUIRE(ic.size() == 2);
  REQUIRE(dyn.size() == 200);
  CHECK(t.rows() == ic.size() + dyn.size());              // the model input step is left out
  CHECK(t.channels() == count(text, "<Component ") - 1);  // all but TIME
  check_monotone(t);
  CHECK(t.time.front() == 0);
  CHECK(t.time.back() == 1);

  // Component id k is value k of a step: PART Y_W_AntebrazoCompleto_4 X (id 2), PHI (id 7),
  // WZ (id 67) and the joint Coincidente11 FX (id 200).
  const auto x = t.find("Y_W_AntebrazoCompleto_4_XFORM.X");
  const auto phi = t.find("Y_W_AntebrazoCompleto_4_XFORM.PHI");
  const auto wz = t.find("Y_W_AntebrazoCompleto_4_XFORM.WZ");
  const auto fx = t.find("Coincidente11.FX");
  REQUIRE(x);
  REQUIRE(phi);
  REQUIRE(wz);
  REQUIRE(fx);
  CHECK(t.units[*x] == "meter");
  CHECK(t.units[*wz] == "rad/sec");
  CHECK(t.columns[*x][0] == ic[0][1]);
  CHECK(t.columns[*phi][1] == ic[1][6]);
  for (std::size_t row : {0u, 57u, 199u}) {
    CHECK(t.time[2 + row] == dyn[row][0]);
    CHECK(t.columns[*x][2 + row] == dyn[row][1]);
    CHECK(t.columns[*wz][2 + row] == dyn[row][66]);
    CHECK(t.columns[*fx][2 + row] == dyn[row][199]);
  }
  CHECK(t.columns[*x][2] == 0.0013012500845398);  // as printed in the file, first dynamic step
}

TEST_CASE("Adams .res part channels are the part reference frame, and the reader says so") {
  // RD3.adm: PART/2 (Y_W_AntebrazoCompleto_4), QG = 0.001542524, -0.1111214938, 0.0377424601,
  // CM = MARKER/10001 at QP = -0.0160892683, -0.1257410384, 0.0406493514 (0.13 m from QG).
  // The .res position at the initial conditions is QG (to the assembly's 1e-9), not the CM.
  const auto t = read_curves(kAdams + "ss_rd3/RD3.res");
  const double qg[3] = {0.001542524, -0.1111214938, 0.0377424601};
  const char* axes[3] = {"X", "Y", "Z"};
  for (int k = 0; k < 3; ++k) {
    const auto c = t.find(std::string("Y_W_AntebrazoCompleto_4_XFORM.") + axes[k]);
    REQUIRE(c);
    CHECK(t.columns[*c][0] == Approx(qg[k]).margin(1e-8));
  }
  REQUIRE(t.notes.size() == 1);
  CHECK(t.notes[0].find("the 10 part entities *_XFORM (Y_W_AntebrazoCompleto_4_XFORM, ") !=
        std::string::npos);
  CHECK(t.notes[0].find("are each part's reference frame (the frame of PART QG/REULER), not "
                        "its centre of mass") != std::string::npos);
}

TEST_CASE("Adams .res (intento2, Adams 2010, degrees): dynamic steps only") {
  const std::string path = kAdams + "ss_intento2/intento2.res";
  const std::string text = slurp(path);
  const auto t = read_curves(path);
  const auto dyn = raw_steps(text, "dynamic");
  REQUIRE(dyn.size() == 37);
  CHECK(raw_steps(text, "initialConditions").empty());
  CHECK(t.rows() == 37);
  CHECK(t.channels() == count(text, "<Component ") - 1);
  check_monotone(t);
  const auto psi = t.find("AntebrazoCompleto-4_XFORM.PSI");
  REQUIRE(psi);
  CHECK(t.units[*psi] == "deg");
  for (std::size_t row : {0u, 18u, 36u}) {
    CHECK(t.time[row] == dyn[row][0]);
    CHECK(t.columns[*psi][row] == dyn[row][4]);
    CHECK(t.columns.back()[row] == dyn[row].back());  // the largest id is the last value
  }
}

TEST_CASE("Adams .req files (0 requests): every output time, CRLF and repeated times") {
  struct Case {
    const char* file;
    std::size_t lines;  // of the file: 3 header lines, then one time per line
  };
  for (const Case c : {Case{"ss_rd3/RD3.req", 205}, Case{"exo_pd/Controls_Plant_1.req", 829},
                       Case{"zzy_arm/Controls_Plant_1.req", 1004}}) {
    INFO(c.file);
    const std::string text = slurp(kAdams + c.file);
    REQUIRE(count(text, "\n") == c.lines);
    const auto t = read_curves(kAdams + c.file);
    CHECK(t.rows() == c.lines - 3);
    CHECK(t.channels() == 0);
    check_monotone(t);
    CHECK(t.time.front() == 0);
    // The last line's number, read here with a stream.
    const auto last_nl = text.find_last_not_of("\r\n");
    std::istringstream last(text.substr(text.rfind('\n', last_nl) + 1));
    double v = -1;
    last >> v;
    CHECK(t.time.back() == v);
  }
  // RD3.req repeats time 0 (the initial conditions are written twice).
  const auto rd3 = read_curves(kAdams + "ss_rd3/RD3.req");
  CHECK(rd3.time[0] == 0);
  CHECK(rd3.time[1] == 0);
  CHECK(rd3.time[2] == 0.005);
}

TEST_CASE("Adams .req with requests: six components per request, named like ours") {
  const std::string text =
      " A.R3    2024-01-01 00:00:00               0         0  3D\n"
      "hand-written\n"
      "    2     M_KGS_N_RACA 1.000000000000000E+00\n"
      "        7         1\n"
      "       12         3\n"
      "   0.00000E+00\n"
      "   1.0 2.0 3.0 4.0 5.0 6.0\n"
      "   7.0 8.0 9.0 1.0E+01 1.1E+01 1.2E+01\n"
      "   5.00000E-01\n"
      "   -1.0 -2.0 -3.0 -4.0 -5.0 -6.0\n"
      "   -7.0 -8.0 -9.0 -1.0E+01 -1.1E+01 -1.2E+01\n";
  const auto t = parse_adams_req(text, "h.req");
  CHECK(t.time == std::vector<double>{0, 0.5});
  CHECK(t.names == std::vector<std::string>{"req7.f2", "req7.f3", "req7.f4", "req7.f6", "req7.f7",
                                            "req7.f8", "req12.f2", "req12.f3", "req12.f4",
                                            "req12.f6", "req12.f7", "req12.f8"});
  CHECK(t.columns[0] == std::vector<double>{1, -1});
  CHECK(t.columns[11] == std::vector<double>{12, -12});
  CHECK(error_of([&] { parse_adams_req(text.substr(0, text.size() - 10), "h.req"); }) ==
        "h.req:9: the record of time 0.5 ends after 12 of its 13 values (1 time + 6 per "
        "request)");
}

TEST_CASE("malformed Adams results: file and line, never a crash") {
  const std::string res = slurp(kAdams + "ss_intento2/intento2.res");
  // Cut in the middle of the data: not well-formed XML.
  CHECK(error_of([&] {
          parse_adams_res(res.substr(0, res.size() / 2), "cut.res");
        }).starts_with("cut.res:"));
  CHECK(error_of([&] {
          parse_adams_res(res.substr(0, res.size() / 2), "cut.res");
        }).find("not well-formed XML here") != std::string::npos);
  // A value missing from the first dynamic step.
  std::string short_step = res;
  const auto p = short_step.find("<Step type=\"dynamic\">");
  const auto q = short_step.find("</Step>", p);
  const auto last_space = short_step.find_last_of(' ', q);
  short_step.erase(last_space, q - last_space);
  const auto line = 1 + std::count(res.begin(), res.begin() + static_cast<long>(p), '\n');
  CHECK(error_of([&] { parse_adams_res(short_step, "s.res"); }) ==
        "s.res:" + std::to_string(line) +
            ": <Step type=\"dynamic\"> holds 306 values, its <StepMap> has 307 components");
  // A value that is not a number, on its own line of the step.
  std::string bad = res;
  bad.replace(bad.find(' ', p + 30), 1, " 1.#QNAN ");
  CHECK(error_of([&] {
          parse_adams_res(bad, "b.res");
        }).find("is not a finite number: '1.#QNAN'") != std::string::npos);
  CHECK(error_of([&] { parse_adams_res("<?xml version=\"1.0\"?>\n<Other/>\n", "o.res"); }) ==
        "o.res:2: the root element is <Other>, an Adams XML results file has <Results>");
  CHECK(error_of([&] { parse_adams_res("", "e.res"); }) ==
        "e.res:1: the file is empty, not an Adams XML results file");
  CHECK(error_of([&] { parse_adams_req("hello\n", "x.req"); }) ==
        "x.req:1: not an Adams request file: the first line must start with its format tag "
        "(A.R3)");
  CHECK(error_of([&] {
          parse_adams_req(" A.R3 x\nt\n    0     M 1\n   0.0\n   abc\n", "y.req");
        }) == "y.req:5: 'abc' is not a finite number");
  CHECK(error_of([&] {
          parse_adams_req(" A.R3 x\nt\n    0     M 1\n   1.0\n   0.5\n", "z.req");
        }) == "z.req:5: time decreases (0.5 after 1)");
}

TEST_CASE("cut and mutated Adams files: a table or a file:line error, never a crash") {
  // Every prefix length and byte change below gives either a table whose time is monotone or an
  // mb::Error naming the file and a line; anything else (a crash, another exception) fails.
  const auto check = [](const std::string& text, bool res) {
    try {
      const auto t = res ? parse_adams_res(text, "m.res") : parse_adams_req(text, "m.req");
      check_monotone(t);
      for (const auto& c : t.columns) REQUIRE(c.size() == t.rows());
    } catch (const Error& e) {
      const std::string what = e.what();
      REQUIRE(e.code() == ExitCode::kDeckError);
      REQUIRE((what.starts_with("m.res:") || what.starts_with("m.req:")));
    }
  };
  const std::string res = slurp(kAdams + "ss_intento2/intento2.res");
  const std::string req = slurp(kAdams + "zzy_arm/Controls_Plant_1.req");
  std::uint64_t state = 12345;  // a fixed linear congruential sequence: reproducible
  const auto next = [&](std::size_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>((state >> 33) % n);
  };
  const char bytes[] = {'<', '>', '"', '/', '\n', ' ', '1', '-', 'e', '.', '\0', 'x'};
  for (int k = 0; k < 60; ++k) {
    check(res.substr(0, next(res.size())), true);
    check(req.substr(0, next(req.size())), false);
    std::string r = res, q = req;
    for (int m = 0; m < 3; ++m) {
      r[next(r.size())] = bytes[next(sizeof bytes)];
      q[next(q.size())] = bytes[next(sizeof bytes)];
    }
    check(r, true);
    check(q, false);
  }
}
