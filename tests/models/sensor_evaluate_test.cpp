// Sensor_Evaluate and SENVAL as read (models/sensor_evaluate.hpp): references that name nothing,
// user subroutines and an EVALUATE beside evaluate_id are deck errors at their line.

#include <catch2/catch.hpp>
#include <string>

#include "models/model_builder.hpp"
#include "parser/adm_reader.hpp"
#include "parser/xml_reader.hpp"

using namespace mb;

namespace {

std::string xml_messages(const std::string& elements) {
  Diagnostics diag;
  const Deck deck = read_xml_deck_text(R"XML(<MotionSolve><Model>
<Body_Rigid id="1" isground="TRUE"/>
<Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
<Reference_Marker id="20" body_id="2"/>
)XML" + elements + "\n</Model></MotionSolve>",
                                       "e.xml", diag);
  if (!diag.has_errors()) (void)build_model(deck, diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

bool has(const std::string& all, const std::string& part) {
  return all.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("Sensor_Evaluate: bad references and attributes are deck errors at their line") {
  std::string m =
      xml_messages(R"S(<Sensor_Event id="1" expr="DZ(20)" value="0.5" evaluate_id="9"/>)S");
  INFO(m);
  CHECK((has(m, "e.xml:5:") &&
         has(m, "error: Sensor_Event 1: evaluate_id 9: the deck has no Sensor_Evaluate")));

  m = xml_messages(R"S(<Post_Request id="1" type="EXPRESSION" expr1="SENVAL(4)"/>)S");
  INFO(m);
  CHECK((has(m, "e.xml:5:") && has(m, "Sensor_Evaluate 4 does not exist")));

  m = xml_messages(R"S(<Sensor_Evaluate id="2" type="USERSUB" usrsub_param_string="USER(1)"/>)S");
  INFO(m);
  CHECK((has(m, "error: Sensor_Evaluate 2:") && has(m, "usrsub_dll_name")));

  m = xml_messages(R"S(<Sensor_Evaluate id="2"/>)S");
  INFO(m);
  CHECK((has(m, "Sensor_Evaluate 2") && has(m, "expr")));

  m = xml_messages(R"S(<Sensor_Evaluate id="2" expr="1"/><Sensor_Evaluate id="2" expr="2"/>)S");
  INFO(m);
  CHECK(has(m, "duplicate Sensor_Evaluate id 2"));

  m = xml_messages(R"S(<Sensor_Evaluate id="2" expr="VZ(20)"/>
      <Sensor_Event id="1" expr="DZ(20)" value="0.5" evaluate_id="2" evaluate_expr="VX(20)"/>)S");
  INFO(m);
  CHECK(has(m, "error: Sensor_Event 1: give evaluate_id or the sensor's own evaluate, not both"));
}

TEST_CASE("SENSOR EVALUATE_ROUTINE without EVALUATE=USER(..) is refused in Adams words") {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(R"ADM(sensor
PART/1, GROUND
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2, QP=0, 0, 1
SENSOR/3, FUNCTION=DZ(20), VALUE=0.1, LE, EVALUATE_ROUTINE=lib::sev
END
)ADM",
                                       "s.adm", diag);
  if (!diag.has_errors()) (void)build_model(deck, diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  INFO(all);
  CHECK(has(all,
            "s.adm:5:43: error: SENSOR 3: EVALUATE_ROUTINE is only used with "
            "EVALUATE=USER(...)"));
}
