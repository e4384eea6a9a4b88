// The Adams results writers (results/adams_res_writer.hpp, adams_req_writer.hpp) and the HDF5
// results writer (hdf5_result_writer.hpp) read back by their readers: every double comes back
// bit for bit (17 significant digits in text, binary in HDF5), names and units as written.

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "results/adams_req_reader.hpp"
#include "results/adams_req_writer.hpp"
#include "results/adams_res_reader.hpp"
#include "results/adams_res_writer.hpp"
#include "results/curve_reader.hpp"
#include "results/hdf5_reader.hpp"
#include "results/hdf5_result_writer.hpp"

using namespace mb;

namespace {

std::filesystem::path test_dir() {
  const auto dir = std::filesystem::temp_directory_path() / "mb_result_writers_test";
  std::filesystem::create_directories(dir);
  return dir;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Values that a short decimal form would not give back exactly.
double value(size_t row, size_t col) {
  static const double kSpecial[] = {0.1,     1.0 / 3.0, -2.0 / 7.0, 1e-300, -1e300,
                                    5e-324,  -0.0,      M_PI,       1e22,   123456789.123456789,
                                    -1.5e-8, 0.0};
  return kSpecial[(row + 3 * col) % std::size(kSpecial)] * (1.0 + 1e-15 * static_cast<double>(row));
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("Adams .res writer: the reader gets every value back bit for bit") {
  const std::string path = (test_dir() / "w.res").string();
  const std::vector<ResEntity> entities = {
      {"PART_2_XFORM", "PART_2", "Part", 2, {{"X", "meter"}, {"PSI", "rad"}, {"VX", "meter/sec"}}},
      {"REQUEST_<&\"1\">", "REQUEST_1", "Request", 1, {{"f1", "newton-meter"}}}};
  ResHeader h;
  h.analysis = "Last_Run";
  h.title = "a & b < c";
  const size_t rows = 7;
  {
    AdamsResWriter w(path, h, entities);
    REQUIRE(w.width() == 4);
    for (size_t r = 0; r < rows; ++r) {
      const std::vector<double> v = {value(r, 0), value(r, 1), value(r, 2), value(r, 3)};
      w.write_step(0.01 * static_cast<double>(r), v);
    }
    w.finish();
  }
  const std::string text = slurp(path);
  CHECK(text.find("<Step type=\"initialConditions\">") != std::string::npos);
  CHECK(text.find("<Data name=\"dynamic_001\" id=\"2\">") != std::string::npos);
  CHECK(text.find("runStatus=\"Successful\"") != std::string::npos);
  const auto t = results::parse_adams_res(text, path);
  REQUIRE(t.rows() == rows);
  REQUIRE(t.channels() == 4);
  CHECK(t.names[0] == "PART_2_XFORM.X");
  CHECK(t.names[1] == "PART_2_XFORM.PSI");
  CHECK(t.names[3] == "REQUEST_<&\"1\">.f1");
  CHECK(t.units[2] == "meter/sec");
  CHECK(t.units[3] == "newton-meter");
  for (size_t r = 0; r < rows; ++r) {
    CHECK(t.time[r] == 0.01 * static_cast<double>(r));
    for (size_t c = 0; c < 4; ++c) {
      INFO("row " << r << " column " << c);
      CHECK(same_bits(t.columns[c][r], value(r, c)));
    }
  }
}

TEST_CASE("Adams .res writer: a failed run says so, a missing folder is a usage error") {
  const std::string path = (test_dir() / "failed.res").string();
  {
    AdamsResWriter w(path, ResHeader{}, {{"PART_2_XFORM", "PART_2", "Part", 2, {{"X", "m"}}}});
    w.write_step(0, std::vector<double>{1.0});
    w.finish(false);
  }
  CHECK(slurp(path).find("runStatus=\"Failed\"") != std::string::npos);
  try {
    AdamsResWriter w((test_dir() / "no" / "such" / "x.res").string(), ResHeader{}, {});
    w.finish();
    FAIL("no error for a missing folder");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kUsage);
  }
}

TEST_CASE("Adams .req writer: the reader gets every value back bit for bit") {
  const std::string path = (test_dir() / "w.req").string();
  const std::vector<int> ids = {7, 12};
  const size_t rows = 5;
  {
    AdamsReqWriter w(path, ReqHeader{"2026-01-01 00:00:00", "title", "M_KGS_N_RACA", 1.0}, ids);
    for (size_t r = 0; r < rows; ++r) {
      std::vector<double> v(12);
      for (size_t c = 0; c < v.size(); ++c) v[c] = value(r, c);
      w.write_record(0.5 * static_cast<double>(r), v);
    }
    w.finish();
  }
  const std::string text = slurp(path);
  REQUIRE(results::looks_like_adams_req(text));
  const auto t = results::parse_adams_req(text, path);
  REQUIRE(t.rows() == rows);
  REQUIRE(t.channels() == 12);
  CHECK(t.names[0] == "req7.f2");
  CHECK(t.names[5] == "req7.f8");
  CHECK(t.names[6] == "req12.f2");
  CHECK(t.comments[0] == "title");
  for (size_t r = 0; r < rows; ++r) {
    CHECK(t.time[r] == 0.5 * static_cast<double>(r));
    for (size_t c = 0; c < 12; ++c) {
      INFO("row " << r << " column " << c);
      CHECK(same_bits(t.columns[c][r], value(r, c)));
    }
  }
}

TEST_CASE("HDF5 results writer: read back bit for bit across block boundaries") {
  const std::string path = (test_dir() / "w.h5").string();
  const size_t rows = 2500;  // more than two blocks of 1024 rows
  {
    Hdf5ResultWriter w(path, {{"time", "second", "simulation time"},
                              {"body2.x", "meter", "Body_Rigid 2: CM position x, ground"},
                              {"req3.f1", "", "Post_Request 3 channel f1"}});
    for (size_t r = 0; r < rows; ++r) {
      const std::vector<double> v = {1e-3 * static_cast<double>(r), value(r, 1), value(r, 2)};
      w.write_row(v);
    }
    CHECK(w.rows() == rows);
    w.set_group("solver", {{"steps", std::int64_t{42}}, {"status", std::string("ok")}});
    w.finish();
  }
  REQUIRE(results::looks_like_hdf5(slurp(path)));
  const auto t = results::read_curves(path);  // chosen by the extension and the signature
  REQUIRE(t.rows() == rows);
  REQUIRE(t.channels() == 2);
  CHECK(t.names[0] == "body2.x");
  CHECK(t.names[1] == "req3.f1");
  CHECK(t.units[0] == "meter");
  for (size_t r = 0; r < rows; ++r) {
    INFO("row " << r);
    CHECK(same_bits(t.time[r], 1e-3 * static_cast<double>(r)));
    CHECK(same_bits(t.columns[0][r], value(r, 1)));
    CHECK(same_bits(t.columns[1][r], value(r, 2)));
  }
}

TEST_CASE("HDF5 reader: not an HDF5 file, a missing file") {
  const std::string path = (test_dir() / "text.h5").string();
  std::ofstream(path) << "time,x\n0,1\n";
  try {
    results::read_hdf5_results(path);
    FAIL("no error for a text file");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kDeckError);
    CHECK(std::string(e.what()).find("not an HDF5 file") != std::string::npos);
  }
  try {
    results::read_hdf5_results((test_dir() / "missing.h5").string());
    FAIL("no error for a missing file");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kInputNotFound);
  }
}
