#include "compare/report.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compare/summary_json.hpp"
#include "plot/gnuplot.hpp"

using namespace mb::compare;

namespace {

Comparison one_channel() {
  Comparison cmp;
  ChannelComparison ch;
  ch.result_name = "body2.x";
  ch.reference_name = "ref:X_Pos";
  ch.time = {0, 1, 2};
  ch.reference = {0, 1, 0};
  ch.result = {0, 1.1, 0};
  ch.pass = false;
  cmp.channels.push_back(ch);
  return cmp;
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("without gnuplot the report is written without figures and says why") {
  const auto dir = std::filesystem::temp_directory_path() / "mb_report_nognuplot";
  std::filesystem::remove_all(dir);
  ::setenv("MBCOMPARE_GNUPLOT", "/nonexistent/gnuplot", 1);
  const auto cmp = one_channel();
  const auto r = write_report(dir.string(), cmp, summary_json(cmp, "r.csv", {"ref.txt"}));
  ::unsetenv("MBCOMPARE_GNUPLOT");
  CHECK_FALSE(r.plotted);
  CHECK(r.message ==
        "gnuplot not found ('/nonexistent/gnuplot'): the report has no figures; install it with "
        "`apt-get install gnuplot-nox` (or scripts/install-deps.sh)");
  const auto html = slurp(dir / "index.html");
  CHECK(html.find("body2.x") != std::string::npos);
  CHECK(html.find("<svg") == std::string::npos);
  CHECK(slurp(dir / "data" / "ch1.dat") ==
        "# time reference result difference\n0 0 0 0\n1 1 1.1000000000000001 "
        "0.10000000000000009\n2 0 0 0\n");
  CHECK(std::filesystem::exists(dir / "summary.json"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("with gnuplot every channel gets an inline SVG figure") {
  if (!mb::plot::find_program("gnuplot")) {
    // Under CI (CI set, as .ci/run does) a missing tool is a failure, not a skip.
    if (std::getenv("CI") != nullptr) FAIL("gnuplot not installed (apt-get install gnuplot-nox)");
    WARN("gnuplot not installed (apt-get install gnuplot-nox): figure check skipped");
    return;
  }
  const auto dir = std::filesystem::temp_directory_path() / "mb_report_gnuplot";
  std::filesystem::remove_all(dir);
  const auto cmp = one_channel();
  const auto r = write_report(dir.string(), cmp, summary_json(cmp, "r.csv", {"ref.txt"}));
  CHECK(r.plotted);
  const auto html = slurp(dir / "index.html");
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("<path") != std::string::npos);
  CHECK(html.find("id='ch1_") != std::string::npos);  // ids made unique per figure
  std::filesystem::remove_all(dir);
}
