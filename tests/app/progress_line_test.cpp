// The terminal progress line (app/progress_line.hpp): its text, the end time it reads from the
// deck's Simulates, and what it writes to the terminal.

#include "app/progress_line.hpp"

#include <catch2/catch.hpp>
#include <sstream>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

TEST_CASE("progress text: time, end time, percentage, steps and the ETA") {
  ProgressState s;
  s.t = 0.25;
  s.t_begin = 0;
  s.t_end = 1;
  s.steps = 412;
  s.elapsed = 3;
  // A quarter done in 3 s: 9 s to go.
  CHECK(progress_text(s, "second") == "t = 0.25 / 1 second    25%   412 steps   ETA 0:09");
  s.steps = -1;     // no transient yet
  s.elapsed = 0.1;  // too early for an estimate
  CHECK(progress_text(s, "s") == "t = 0.25 / 1 s    25%");
  s.t = 1;
  s.elapsed = 4000;
  CHECK(progress_text(s, "s") == "t = 1 / 1 s   100%");
  s.t = 0.5;
  s.elapsed = 4000;
  CHECK(progress_text(s, "s") == "t = 0.5 / 1 s    50%   ETA 1:06:40");
}

TEST_CASE("progress end time: the Simulates in order, end times and durations") {
  const auto model = test::model_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
  </Model><Command>
    <Simulate analysis_type="Static"/>
    <Simulate analysis_type="Transient" end_time="2"/>
    <Simulate analysis_type="Transient" duration="0.5"/>
  </Command></MotionSolve>)XML");
  CHECK(progress_end_time(*model, 0.0) == Approx(2.5));
}

TEST_CASE("progress line: redraws in place and clears at the end") {
  std::ostringstream os;
  ProgressLine line(os, 0, 2, "s");
  line.steps(10);
  line.at(1);
  const std::string drawn = os.str();
  CHECK(drawn == "\rt = 1 / 2 s    50%   10 steps");
  line.at(1.5);  // within a tenth of a second: not redrawn
  CHECK(os.str() == drawn);
  line.end();
  CHECK(os.str() == drawn + "\r" + std::string(drawn.size() - 1, ' ') + "\r");
}
