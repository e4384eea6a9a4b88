// Commands as data: a modification command resolves to a ModelEdit (a value), apply_edit gives
// the next model state from it and leaves the model it was given alone; the element table is
// the one source of what a command may change (EditRule) and of the duplicate-id checks.

#include "models/model_edit.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "models/element_registry.hpp"
#include "models/model_builder.hpp"
#include "parser/xml_reader.hpp"

using namespace mb;

namespace {

Model build(const std::string& commands) {
  const std::string xml = R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1.5"/>
    <Force_SpringDamper id="5" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
                        stiffness="4" damping="0" length="1"/>
  </Model><Command>)XML" + commands +
                          R"XML(</Command></MotionSolve>)XML";
  Diagnostics diag;
  const Deck deck = read_xml_deck_text(xml, "edit.xml", diag);
  auto m = build_model(deck, diag);
  REQUIRE(m.has_value());
  return *m;
}

}  // namespace

TEST_CASE("a modification command is a value; apply_edit makes the next model") {
  const Model m = build(R"XML(<Simulate analysis_type="Transient" end_time="1"/>
    <Force_SpringDamper id="5" stiffness="9" length="2"/>
    <Deactivate element_type="SPDP" element_id="5"/>
    <Body_Rigid id="2" mass="3" v_ic_x="0.25"/>)XML");
  REQUIRE(m.commands.size() == 4);
  const ModelEdit& spring = m.commands[1].edit;
  REQUIRE(std::holds_alternative<ModelEdit::SpringLaw>(spring.change));
  CHECK(m.commands[1].description == "Force_SpringDamper 5: stiffness, length changed");

  const Model next = apply_edit(m, spring);
  CHECK(next.spring_dampers[0].stiffness == 9);
  CHECK(next.spring_dampers[0].length == 2);
  CHECK(next.spring_dampers[0].damping == 0);  // not given: kept
  CHECK(m.spring_dampers[0].stiffness == 4);   // the model it was given is unchanged
  CHECK(!velocity_reset(spring));

  const Model off = apply_edit(next, m.commands[2].edit);
  CHECK(!off.spring_dampers[0].active);
  CHECK(next.spring_dampers[0].active);

  const ModelEdit& body = m.commands[3].edit;
  const Model heavier = apply_edit(off, body);
  CHECK(heavier.bodies[1].mass == 3);
  CHECK(heavier.bodies[1].v0(0) == 0.25);
  const auto reset = velocity_reset(body);
  REQUIRE(reset);
  CHECK(reset->body == 1);
  CHECK(reset->v[0] == 0.25);
  CHECK(!reset->v[1]);
}

TEST_CASE("an empty edit (a command that failed) changes nothing") {
  const Model m = build(R"XML(<Simulate analysis_type="Transient" end_time="1"/>)XML");
  const Model same = apply_edit(m, ModelEdit{});
  CHECK(same.spring_dampers[0].stiffness == m.spring_dampers[0].stiffness);
  CHECK(same.bodies[1].mass == m.bodies[1].mass);
}

TEST_CASE("the element table is the one list of changeable elements and attributes") {
  std::set<std::string> changeable;
  for (const ElementInfo& e : element_table()) {
    if (!e.edit) continue;
    changeable.insert(std::string(e.name));
    CHECK(e.support == ElementSupport::kSupported);
    CHECK(e.scope == ElementScope::kBoth);  // a model element that is also a command
    CHECK(e.edit->resolve != nullptr);
    CHECK(!edit_attributes(*e.edit).empty());
  }
  CHECK(changeable == std::set<std::string>{"Body_Rigid", "Force_Beam", "Force_Bushing",
                                            "Force_Field", "Force_Gravity", "Force_Scalar_TwoBody",
                                            "Force_SpringDamper", "Force_Vector_OneBody",
                                            "Force_Vector_TwoBody", "Motion_Joint", "Motion_Marker",
                                            "Post_Request", "Reference_Variable", "Sensor_Event"});
  const ElementInfo* spring = find_element("force_springdamper");
  REQUIRE(spring);
  REQUIRE(spring->edit);
  CHECK(edit_attributes(*spring->edit) ==
        std::vector<std::string_view>{"stiffness", "damping", "length", "preload"});
}

TEST_CASE("the element table is sorted by tag, one row per tag") {
  const auto table = element_table();
  for (size_t k = 1; k < table.size(); ++k) CHECK(table[k - 1].tag < table[k].tag);
}

TEST_CASE("duplicate ids are found through the element table's rows") {
  const std::string xml = R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Force_SpringDamper id="5" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
                        stiffness="4" damping="0" length="1"/>
    <Force_SpringDamper id="5" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
                        stiffness="4" damping="0" length="1"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="1"/></Command></MotionSolve>)XML";
  Diagnostics diag;
  const Deck deck = read_xml_deck_text(xml, "dup.xml", diag);
  build_model(deck, diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  CHECK(all.find("duplicate Force_SpringDamper id 5 (first defined at dup.xml:6:5)") !=
        std::string::npos);
  CHECK(diag.error_count() == 1);
}
