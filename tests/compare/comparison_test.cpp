#include "compare/comparison.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "common/error.hpp"
#include "compare/summary_json.hpp"
#include "compare/verdict_text.hpp"

using namespace mb::compare;
using mb::results::CurveTable;

namespace {

/// sin(t) and cos(t) on [0, t_end] with n samples, plus `offset` on the sine.
CurveTable table(const std::string& s, const std::string& c, int n, double t_end,
                 double offset = 0) {
  CurveTable t;
  t.source = "synthetic";
  for (int i = 0; i < n; ++i) t.time.push_back(t_end * i / (n - 1));
  std::vector<double> a, b;
  for (double x : t.time) {
    a.push_back(std::sin(x) + offset);
    b.push_back(std::cos(x));
  }
  t.add_channel(s, a);
  t.add_channel(c, b);
  return t;
}

std::string error_of(const CurveTable& res, const std::vector<Reference>& refs,
                     const ChannelMap* map) {
  try {
    compare_tables(res, refs, map, ToleranceSet{}, {});
  } catch (const mb::Error& e) {
    CHECK(e.code() == mb::ExitCode::kUsage);
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a finer result matched by name passes within the tolerance") {
  const auto res = table("body2.x", "body2.vx", 2001, 2.0, 1e-4);
  const auto ref = table("body2.x", "body2.vx", 21, 2.0);
  const std::vector<Reference> refs{{"ref", &ref}};
  const auto tol = parse_tolerances("kind position max_abs 2e-4\nkind velocity rms 1e-5\n", "t");
  const auto cmp = compare_tables(res, refs, nullptr, tol, {});
  REQUIRE(cmp.channels.size() == 2);
  CHECK(cmp.channels[0].reference_name == "ref:body2.x");
  CHECK(cmp.channels[0].time.size() == 21);
  CHECK(cmp.channels[0].errors.max_abs == Approx(1e-4).epsilon(1e-6));
  CHECK(cmp.channels[0].pass);
  CHECK(cmp.channels[1].pass);  // linear interpolation of the fine cosine is exact enough
  CHECK(cmp.pass());
  CHECK(
      verdict_line(cmp.channels[0]).starts_with("PASS body2.x <- ref:body2.x [position] max_abs"));
  const auto j = summary_json(cmp, "r.csv", {"ref.txt"});
  CHECK(j["verdict"] == "pass");
  CHECK(j["exit_code"] == 0);
  CHECK(j["channels"][0]["checks"][0]["metric"] == "max_abs");
}

TEST_CASE("an offset beyond the tolerance fails; a tighter rule fails the channel") {
  const auto res = table("body2.x", "body2.vx", 101, 1.0, 2e-3);
  const auto ref = table("X_Pos", "X_Vel", 101, 1.0);
  const std::vector<Reference> refs{{"Case_Pos", &ref}};
  const auto map = parse_channel_map("body2.x = X_Pos\nbody2.vx = Case_Pos:X_Vel\n", "m");
  const auto tol = parse_tolerances("kind position rms 1e-3\nkind velocity rms 1e-4\n", "t");
  const auto cmp = compare_tables(res, refs, &map, tol, {});
  CHECK_FALSE(cmp.channels[0].pass);
  CHECK(cmp.channels[0].kind == Kind::kPosition);
  CHECK(cmp.channels[1].pass);
  CHECK(cmp.failed() == 1);
  CHECK(verdict_line(cmp.channels[0]) ==
        "FAIL body2.x <- Case_Pos:X_Pos [position] rms 2.000e-03 > 0.001");
  CHECK(summary_json(cmp, "r", {})["exit_code"] == 1);
}

TEST_CASE("scale from the map multiplies the reference") {
  auto res = table("body2.x", "body2.vx", 11, 1.0);
  for (auto& v : res.columns[0]) v = -v;
  const auto ref = table("X_Pos", "X_Vel", 11, 1.0);
  const std::vector<Reference> refs{{"p", &ref}};
  const auto map = parse_channel_map("body2.x = X_Pos -1\n", "m");
  const auto cmp = compare_tables(res, refs, &map, ToleranceSet{}, {});
  CHECK(cmp.channels[0].errors.max_abs == 0);
  CHECK(cmp.pass());
}

TEST_CASE("a result that stops early fails on coverage") {
  const auto res = table("a", "b", 51, 0.5);
  const auto ref = table("a", "b", 11, 1.0);
  const std::vector<Reference> refs{{"r", &ref}};
  const auto cmp = compare_tables(res, refs, nullptr, ToleranceSet{}, {});
  CHECK(cmp.channels[0].uncovered == 5);
  CHECK_FALSE(cmp.channels[0].pass);
  CHECK(cmp.channels[0].problem == "5 reference time(s) lie outside the result's time range");
}

TEST_CASE("ISO rating computed on request and usable as a check") {
  const auto res = table("a", "b", 101, 3.0, 0.01);
  const auto ref = table("a", "b", 101, 3.0);
  const std::vector<Reference> refs{{"r", &ref}};
  const auto tol = parse_tolerances("default iso18571 0.9\n", "t");
  const auto cmp = compare_tables(res, refs, nullptr, tol, {});
  REQUIRE(cmp.channels[0].iso);
  CHECK(cmp.channels[0].checks[0].value == cmp.channels[0].iso->overall);
  CHECK(cmp.channels[0].pass);
  CHECK(cmp.channels[1].iso->overall == Approx(1.0));
}

TEST_CASE("matching errors") {
  const auto res = table("body2.x", "body2.vx", 11, 1.0);
  const auto ref = table("X_Pos", "X_Vel", 11, 1.0);
  const auto ref2 = table("X_Pos", "Y_Pos", 11, 1.0);
  CHECK(error_of(res, {{"r", &ref}}, nullptr) ==
        "no channel matched: the result and reference channel names differ; give a map file "
        "(--map)");
  auto map = parse_channel_map("body9.x = X_Pos\n", "m.map");
  CHECK(error_of(res, {{"r", &ref}}, &map) ==
        "m.map:1: result channel 'body9.x' is not in synthetic");
  map = parse_channel_map("body2.x = Z_Pos\n", "m.map");
  CHECK(error_of(res, {{"r", &ref}}, &map) ==
        "m.map:1: reference channel 'Z_Pos' is in no reference file");
  map = parse_channel_map("body2.x = X_Pos\n", "m.map");
  CHECK(error_of(res, {{"a", &ref}, {"b", &ref2}}, &map) ==
        "m.map:1: reference channel 'X_Pos' is in several references (a, b); write STEM:X_Pos in "
        "a map file");
  map = parse_channel_map("body2.x = b:X_Pos\n", "m.map");
  CHECK(error_of(res, {{"a", &ref}, {"b", &ref2}}, &map).empty());
}

TEST_CASE("a channel to compare that names two columns of one file is an error") {
  const auto res = table("body2.x", "body2.vx", 21, 2.0);
  auto ref = table("X_Pos", "Y_Pos", 21, 2.0);
  ref.source = "ref.txt";
  ref.add_channel("x_pos", std::vector<double>(ref.rows(), 7.0));  // the same name, other case
  const auto map = parse_channel_map("body2.x = X_Pos\n", "m.map");
  CHECK(error_of(res, {{"ref", &ref}}, &map) ==
        "m.map:1: reference channel 'x_pos' appears twice in ref.txt (columns 2 and 4, time "
        "being column 1); rename one of them");
  // A duplicate that is not compared is no error.
  const auto map_y = parse_channel_map("body2.x = Y_Pos\n", "m.map");
  CHECK(error_of(res, {{"ref", &ref}}, &map_y).empty());
  // Matched by name (no map): a duplicate result column is ambiguous too.
  auto res2 = table("body2.x", "body2.vx", 21, 2.0);
  res2.source = "res.csv";
  res2.add_channel("body2.vx", std::vector<double>(res2.rows(), 0.0));
  const auto ref2 = table("body2.x", "body2.vx", 21, 2.0);
  CHECK(error_of(res2, {{"ref", &ref2}}, nullptr) ==
        "result channel 'body2.vx' appears twice in res.csv (columns 3 and 4, time being "
        "column 1); rename one of them");
}

TEST_CASE("a tolerance rule naming a channel that is not compared is an error") {
  const auto res = table("body2.x", "body2.vx", 21, 2.0);
  const auto ref = table("body2.x", "body2.vx", 21, 2.0);
  const std::vector<Reference> refs{{"ref", &ref}};
  const auto bad = parse_tolerances("default max_abs 1\nchannel body2.xx max_abs 1e-3\n", "t.tol");
  try {
    compare_tables(res, refs, nullptr, bad, {});
    FAIL("no error");
  } catch (const mb::Error& e) {
    CHECK(e.code() == mb::ExitCode::kUsage);
    CHECK(std::string(e.what()) ==
          "t.tol:2: channel 'body2.xx' is not a compared channel (a rule names a result channel "
          "or STEM:REFERENCE of a compared pair: body2.x = ref:body2.x, body2.vx = "
          "ref:body2.vx; a file for several cases says 'shared')");
  }
  // By result name and by qualified reference name: both are rules of a compared channel.
  const auto good =
      parse_tolerances("channel body2.x max_abs 1e-3\nchannel ref:body2.vx rms 1\n", "t.tol");
  CHECK(compare_tables(res, refs, nullptr, good, {}).pass());
  // A file shared by several cases may name channels one case does not have.
  const auto shared = parse_tolerances("shared\nchannel req6.f2 max_abs 1e-3\n", "t.tol");
  CHECK(shared.shared);
  CHECK(compare_tables(res, refs, nullptr, shared, {}).pass());
}
