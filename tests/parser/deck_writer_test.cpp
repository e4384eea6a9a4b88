// Round trip: deck text -> Deck -> write_xml_deck -> Deck gives the same tags, spellings,
// attribute names and values (in order), element text and model/command split; and the written
// deck compiles to the same model.

#include "parser/deck_writer.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "models/model_builder.hpp"
#include "parser/read_file.hpp"
#include "parser/xml_reader.hpp"

using namespace mb;

namespace {

void require_same(const DeckNode& a, const DeckNode& b) {
  INFO("element " << a.spelled << " at " << a.loc.str());
  REQUIRE(a.tag == b.tag);
  REQUIRE(a.spelled == b.spelled);
  REQUIRE(a.text == b.text);
  REQUIRE(a.attributes.size() == b.attributes.size());
  for (size_t k = 0; k < a.attributes.size(); ++k) {
    CHECK(a.attributes[k].name == b.attributes[k].name);
    CHECK(a.attributes[k].spelled == b.attributes[k].spelled);
    CHECK(a.attributes[k].value == b.attributes[k].value);
  }
  REQUIRE(a.children.size() == b.children.size());
  for (size_t k = 0; k < a.children.size(); ++k) require_same(a.children[k], b.children[k]);
}

void require_same(const std::vector<DeckNode>& a, const std::vector<DeckNode>& b) {
  REQUIRE(a.size() == b.size());
  for (size_t k = 0; k < a.size(); ++k) require_same(a[k], b[k]);
}

/// Reads `text`, writes it, reads it back and compares; also compiles both when `compile`.
void check_round_trip(const std::string& text, bool compile = true) {
  Diagnostics d1, d2;
  const Deck first = read_xml_deck_text(text, "first.xml", d1);
  REQUIRE_FALSE(d1.has_errors());
  const std::string written = write_xml_deck(first);
  INFO(written);
  const Deck second = read_xml_deck_text(written, "second.xml", d2);
  REQUIRE_FALSE(d2.has_errors());
  CHECK(second.root_tag == "motionsolve");
  require_same(first.model, second.model);
  require_same(first.commands, second.commands);
  // Writing is idempotent: the second deck writes the same text.
  CHECK(write_xml_deck(second) == written);
  if (!compile) return;
  auto m1 = build_model(first, d1);
  auto m2 = build_model(second, d2);
  for (const auto& d : d2.all()) UNSCOPED_INFO(d.str());
  REQUIRE(m1);
  REQUIRE(m2);
  CHECK(m1->bodies.size() == m2->bodies.size());
  CHECK(m1->markers.size() == m2->markers.size());
  CHECK(m1->joints.size() == m2->joints.size());
  CHECK(m1->scalar_forces.size() == m2->scalar_forces.size());
  CHECK(m1->vector_forces.size() == m2->vector_forces.size());
  CHECK(m1->spring_dampers.size() == m2->spring_dampers.size());
  CHECK(m1->motions.size() == m2->motions.size());
  CHECK(m1->commands.size() == m2->commands.size());
  CHECK(d1.warning_count() == d2.warning_count());
}

}  // namespace

TEST_CASE("the pendulum example survives a write and re-read") {
  check_round_trip(read_text_file(MBSOLVE_SOURCE_DIR "/examples/pendulum.xml"));
}

TEST_CASE("the spring-damper example survives a write and re-read") {
  check_round_trip(
      read_text_file(MBSOLVE_SOURCE_DIR "/examples/spring_damper_sweep/spring_damper.xml"));
}

TEST_CASE("every supported element survives a write and re-read") {
  check_round_trip(R"XML(<?xml version="1.0"?>
<MotionSolve>
  <Model>
    <Param_Unit force_unit="newton" Mass_Unit="KILOGRAM" length_unit="METER" time_unit="SECOND"/>
    <FORCE_GRAVITY grav_x="0" grav_y="-9.81" grav_z="0"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="1" psi="0.1" theta="0.2" phi="0.3"/>
    <Body_Rigid id="2" label="Arm &amp; hub" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.2"
                inertia_zz="0.25" inertia_xy="0.01" v_ic_x="0.5" w_ic_z="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5" a00="1" a10="0" a20="0" a01="0" a11="0"
                      a21="1" a02="0" a12="-1" a22="0"/>
    <Reference_Marker id="21" body_id="2" rm_id="20" pos_x="-0.5"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="30" body_id="3" pos_y="-1"/>
    <Reference_Marker id="31" body_id="3" pos_y="-1"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="Translational" i_marker_id="31" j_marker_id="11"/>
    <Force_SpringDamper id="5" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="10"
                        stiffness="100" damping="1" length="1"> </Force_SpringDamper>
    <Force_Scalar_TwoBody id="6" type="Force" i_marker_id="30" j_marker_id="10"
                          val_expression="IF(TIME - 1: 0, 0, -10*STEP(TIME, 0, 0, 1, 1))"/>
    <Force_Vector_TwoBody id="7" type="ForceAndTorque" i_marker_id="20" j_floating_marker_id="30"
                          ref_marker_id="10" fx_expression="-VX(20)" fy_expression="0"
                          fz_expression="0" tx_expression="0" ty_expression="0"
                          tz_expression="-0.1*WZ(20)"/>
    <Force_Vector_OneBody id="8" type="ForceOnly" marker_id="20" fx_expression="1"
                          fy_expression="DX(20,10)" fz_expression="0"/>
    <Motion_Joint id="9" joint_id="2" joint_type="T" val_type="D" expr="0.1*SIN(TIME)"/>
    <Reference_Variable id="12" expr="DX(20, 10)"/>
    <Post_Request id="13" type="MARKER_DISPLACEMENT" i_marker_id="20" j_marker_id="10"/>
    <Post_Request id="14" type="EXPRESSION" expr1="VARVAL(12)" expr2="2*TIME"/>
    <Param_Transient integrator_type="DSTIFF" integr_tol="1e-6"/>
  </Model>
  <Command>
    <Param_Transient integr_tol="1e-7"/>
    <Simulate analysis_type="Transient" end_time="0.1" num_steps="10"/>
    <Stop/>
  </Command>
</MotionSolve>)XML");
}

TEST_CASE("element text, nesting, case and a <Model> root survive a write and re-read") {
  check_round_trip(R"XML(<Model>
  <Reference_Spline id="1">
    ! x and y rows
    0 1 2
    3 4 5
  </Reference_Spline>
  <reference_array ID="2">1, 2, 3</reference_array>
  <Force_MultiPoint id="3"><Inner a="1">x &lt; y</Inner></Force_MultiPoint>
  <Post_Request id="4" comment="quotes &quot;, apostrophes ', &amp; &lt;tags&gt;" expr1="1
    + 2"/>
  <Simulate analysis_type="Transient" end_time="1"/>
</Model>)XML",
                   false);
}
