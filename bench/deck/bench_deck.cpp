// bench_deck: generates, in memory, a chain of N bodies hung from ground by N revolute joints
// (2 markers per body: CM and pin, plus one ground marker), then times read_xml_deck_text and
// build_model on it. Target: both together under 1 s for N = 10,000 in a Release build.
// Usage: bench_deck [N] [repeats]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>

#include "models/model_builder.hpp"
#include "parser/xml_reader.hpp"

namespace {

std::string chain_deck(int n) {
  std::string s;
  s.reserve(static_cast<size_t>(n) * 600);
  s += "<?xml version=\"1.0\"?>\n<MotionSolve>\n<Model>\n";
  s += "<Force_Gravity grav_x=\"0\" grav_y=\"-9.81\" grav_z=\"0\"/>\n";
  s += "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n";
  s += "<Reference_Marker id=\"1\" body_id=\"1\"/>\n";
  for (int k = 0; k < n; ++k) {
    const int body = k + 2, cm = 2 * k + 2, pin = 2 * k + 3;
    const int parent = k == 0 ? 1 : 2 * k;  // the previous body's CM marker, or ground
    s += fmt::format(
        "<Body_Rigid id=\"{}\" label=\"link {}\" cg_id=\"{}\" mass=\"1.5\" inertia_xx=\"0.01\" "
        "inertia_yy=\"0.125\" inertia_zz=\"0.125\" inertia_xy=\"0.001\"/>\n",
        body, k, cm);
    s += fmt::format(
        "<Reference_Marker id=\"{}\" body_id=\"{}\" pos_x=\"{}\" pos_y=\"0\" pos_z=\"0\"/>\n", cm,
        body, k + 0.5);
    s += fmt::format(
        "<Reference_Marker id=\"{}\" body_id=\"{}\" pos_x=\"{}\" pos_y=\"0\" pos_z=\"0\" "
        "a00=\"1\" a10=\"0\" a20=\"0\" a01=\"0\" a11=\"1\" a21=\"0\" a02=\"0\" a12=\"0\" "
        "a22=\"1\"/>\n",
        pin, body, k);
    s += fmt::format(
        "<Constraint_Joint id=\"{}\" type=\"REVOLUTE\" i_marker_id=\"{}\" j_marker_id=\"{}\"/>\n",
        k + 1, pin, parent);
  }
  s += "</Model>\n<Command>\n<Simulate analysis_type=\"Transient\" end_time=\"1\" "
       "num_steps=\"100\"/>\n</Command>\n</MotionSolve>\n";
  return s;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 10000;
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
  const std::string text = chain_deck(n);
  double best_read = 1e300, best_build = 1e300;
  size_t bodies = 0, markers = 0, joints = 0;
  for (int r = 0; r < repeats; ++r) {
    mb::Diagnostics diag;
    auto t0 = std::chrono::steady_clock::now();
    const mb::Deck deck = mb::read_xml_deck_text(text, "bench.xml", diag);
    best_read = std::min(best_read, seconds_since(t0));
    t0 = std::chrono::steady_clock::now();
    const auto model = mb::build_model(deck, diag);
    best_build = std::min(best_build, seconds_since(t0));
    if (!model || diag.has_errors()) {
      for (const auto& d : diag.all()) fmt::print(stderr, "{}\n", d.str());
      return 1;
    }
    bodies = model->bodies.size() - 1;
    markers = model->markers.size();
    joints = model->joints.size();
  }
  fmt::print("deck: {:.1f} MB, {} moving bodies, {} markers, {} joints\n",
             static_cast<double>(text.size()) / 1e6, bodies, markers, joints);
  fmt::print("read_xml_deck_text  {:8.3f} s (best of {})\n", best_read, repeats);
  fmt::print("build_model         {:8.3f} s\n", best_build);
  fmt::print("total               {:8.3f} s (target < 1 s)\n", best_read + best_build);
  return 0;
}
