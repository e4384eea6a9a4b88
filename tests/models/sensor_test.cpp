// Sensor_Event and Adams SENSOR as read (models/sensor.hpp, parser/adm_sensor.hpp): bad
// arguments are deck errors at their file:line:col naming the attribute or Adams keyword; the
// arguments without meaning in mbsolve are one warning each; a .adm SENSOR halts a run.

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "models/model_builder.hpp"
#include "parser/adm_reader.hpp"
#include "parser/xml_reader.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

/// Every message of reading and building a deck (one per line).
std::string messages(const Deck& deck, Diagnostics& diag) {
  if (!diag.has_errors()) (void)build_model(deck, diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

std::string adm_messages(const std::string& statements) {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(R"ADM(sensors
PART/1, GROUND
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2, QP=0, 0, 1
ACCGRAV/KGRAV=-9.81
)ADM" + statements + "END\n",
                                       "s.adm", diag);
  return messages(deck, diag);
}

std::string xml_messages(const std::string& sensor) {
  Diagnostics diag;
  const Deck deck = read_xml_deck_text(R"XML(<MotionSolve><Model>
<Body_Rigid id="1" isground="TRUE"/>
<Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
<Reference_Marker id="20" body_id="2"/>
)XML" + sensor + "\n</Model></MotionSolve>",
                                       "s.xml", diag);
  return messages(deck, diag);
}

bool has(const std::string& all, const std::string& part) {
  return all.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("bad SENSOR arguments are deck errors at their line, in Adams words") {
  std::string m = adm_messages("SENSOR/1, VALUE=0.1, LE, HALT\n");
  INFO(m);
  CHECK(has(m, "s.adm:6:1: error: SENSOR 1: missing FUNCTION"));

  m = adm_messages("SENSOR/2, FUNCTION=DZ(20), LE, HALT\n");
  INFO(m);
  CHECK(has(m, "s.adm:6:1: error: SENSOR 2: missing VALUE"));

  m = adm_messages("SENSOR/3, FUNCTION=DZ(20), VALUE=0.1, LE, GE\n");
  INFO(m);
  CHECK((has(m, "s.adm:6:") && has(m, "error: SENSOR 3:") && has(m, "LE") && has(m, "GE")));

  m = adm_messages("SENSOR/4, FUNCTION=DZ(20), VALUE=0.1,\n, ERROR=-1, STEPSIZE=0\n");
  INFO(m);
  CHECK(has(m, "s.adm:7:3: error: SENSOR 4: ERROR must be a number > 0 (got -1)"));
  CHECK(has(m, "s.adm:7:13: error: SENSOR 4: STEPSIZE must be a number > 0 (got 0)"));

  m = adm_messages("SENSOR/5, FUNCTION=DZ(99), VALUE=0.1, HALT, RETURN\n");
  INFO(m);
  CHECK((has(m, "s.adm:6:") && has(m, "SENSOR 5") && has(m, "99")));
  CHECK(has(m, "error: SENSOR 5: give HALT or RETURN, not both"));

  m = adm_messages("SENSOR/6, FUNCTION=USER(1, 2), VALUE=0.1, HALT\n");
  INFO(m);
  CHECK((has(m, "error: SENSOR 6:") && has(m, "SENSUB")));
}

TEST_CASE("SENSOR arguments without meaning in mbsolve: one warning, not an error") {
  const std::string m = adm_messages(
      "SENSOR/1, FUNCTION=DZ(20), VALUE=0.1, LE, HALT, CODGEN, YYDUMP, TERROR=1e-6\n"
      "SENSOR/2, FUNCTION=DZ(20), VALUE=0.2, LE, CODGEN, DT=0.1\n");
  INFO(m);
  CHECK_FALSE(has(m, "error"));
  CHECK((has(m, "s.adm:6:") && has(m, "warning: SENSOR 1: CODGEN: no meaning in mbsolve")));
  CHECK(has(m, "YYDUMP: no meaning in mbsolve"));
  CHECK(has(m, "TERROR: the root finding"));
  CHECK_FALSE(has(m, "DT"));  // DT is an action (tests/solver/sensor_events_test.cpp)
}

TEST_CASE("bad Sensor_Event attributes are deck errors at their line") {
  std::string m =
      xml_messages(R"S(<Sensor_Event id="1" expr="DZ(20)" compare="ABOVE" value="1"/>)S");
  INFO(m);
  CHECK((has(m, "s.xml:5:") && has(m, "error: Sensor_Event 1: compare")));

  m = xml_messages(R"S(<Sensor_Event id="2" expr="DZ(20)"/>)S");
  INFO(m);
  CHECK((has(m, "s.xml:5:") && has(m, "Sensor_Event 2") && has(m, "value")));

  m = xml_messages(R"S(<Sensor_Event id="3" expr="DZ(20)" value="1" error_tol="0"/>)S");
  INFO(m);
  CHECK(has(m, "error: Sensor_Event 3: error_tol must be a number > 0 (got 0)"));

  m = xml_messages(R"S(<Sensor_Event id="4" expr="DZ(20)" value="1" hmax="-1"/>)S");
  INFO(m);
  CHECK(has(m, "error: Sensor_Event 4: hmax must be a number > 0 (got -1)"));

  m = xml_messages(R"S(<Sensor_Event id="5" expr="DZ(20)" value="1" dt="0"/>)S");
  INFO(m);
  CHECK(has(m, "error: Sensor_Event 5: dt must be a number > 0 (got 0)"));
}

TEST_CASE("an Adams SENSOR halts the run where the part's height crosses 0.1") {
  const auto run = test::run_adm("sensor_halt", R"ADM(sensor halt
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2, QP=0, 0, 1
ACCGRAV/KGRAV=-9.81
SENSOR/1, FUNCTION=DZ(20), VALUE=0.1, LE, ERROR=1e-6, HALT
INTEGRATOR/GSTIFF, ERROR=1e-10
END
)ADM",
                                 "SIMULATE/DYNAMIC, END=2, STEPS=40\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.halted_by);
  CHECK(run.report.halted_by->sensor == "SENSOR 1");
  CHECK(std::abs(run.report.halted_by->time - std::sqrt(2 * 0.9 / 9.81)) < 1e-9);
  CHECK(run.t.back() == run.report.halted_by->time);
}
