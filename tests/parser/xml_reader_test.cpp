#include "parser/xml_reader.hpp"

#include <catch2/catch.hpp>

using namespace mb;

TEST_CASE("XML reader: any root, Model and Command blocks, lower-cased names, positions") {
  const std::string text = R"XML(<?xml version="1.0"?>
<MotionSolve>
  <!-- <Body_Rigid id="999"/> inside a comment is not an element -->
  <Model>
    <Body_Rigid id="2"
       Mass="1.5"   cg_id="20"/>
    <Force_Vector_TwoBody id="7" fx_expression="1 +
  BISTP(1)"/>
  </Model>
  <Command>
    <Simulate analysis_type="Transient" end_time="1"/>
  </Command>
  <Stop/>
</MotionSolve>
)XML";
  Diagnostics diag;
  Deck deck = read_xml_deck_text(text, "d.xml", diag);
  REQUIRE_FALSE(diag.has_errors());
  CHECK(deck.root_tag == "motionsolve");
  REQUIRE(deck.model.size() == 2);
  REQUIRE(deck.commands.size() == 2);
  const DeckNode& body = deck.model[0];
  CHECK(body.tag == "body_rigid");
  CHECK(body.spelled == "Body_Rigid");
  CHECK(body.loc.str() == "d.xml:5:5");
  const DeckAttribute* mass = body.find("mass");
  REQUIRE(mass);
  CHECK(mass->spelled == "Mass");
  CHECK(mass->value == "1.5");
  CHECK(mass->loc.str() == "d.xml:6:8");
  CHECK(mass->value_loc.str() == "d.xml:6:14");
  const DeckAttribute* fx = deck.model[1].find("fx_expression");
  REQUIRE(fx);
  CHECK(fx->value == "1 +   BISTP(1)");
  CHECK(fx->loc_at(6).str() == "d.xml:8:3");
  CHECK(deck.commands[0].tag == "simulate");
  CHECK(deck.commands[1].tag == "stop");
}

TEST_CASE("XML reader: a Model root and element text without comment lines") {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(
      "<Model><Reference_Array id=\"1\">\n! a comment\n1 2 3\n</Reference_Array></Model>", "m.xml",
      diag);
  REQUIRE(deck.model.size() == 1);
  CHECK(deck.model[0].text == "\n1 2 3\n");
}

TEST_CASE("XML reader: malformed input gives one error with file:line:col and a sentence") {
  Diagnostics diag;
  read_xml_deck_text("<Model>\n  <Body_Rigid id=\"1\">\n</Model>\n", "bad.xml", diag);
  REQUIRE(diag.error_count() == 1);
  CHECK(diag.all()[0].headline() ==
        "bad.xml:2:3: error: malformed XML: <Body_Rigid> is not closed: its end tag </Body_Rigid> "
        "is missing or misspelled (an element without content ends with '/>')");

  Diagnostics empty;
  read_xml_deck_text("", "empty.xml", empty);
  REQUIRE(empty.error_count() == 1);
  CHECK(empty.all()[0].headline() ==
        "empty.xml:1:1: error: malformed XML: the file holds no XML element");

  // An unclosed root: tinyxml2's generic XML_ERROR_PARSING, never shown by that name.
  Diagnostics root;
  read_xml_deck_text("<?xml version=\"1.0\"?>\n<MotionSolve>\n  <Model/>\n", "root.xml", root);
  REQUIRE(root.error_count() == 1);
  CHECK(root.all()[0].headline() ==
        "root.xml:2:1: error: malformed XML: <MotionSolve> is not closed: the file ends before its "
        "end tag </MotionSolve> (is the file truncated?)");

  // An unquoted attribute value: at the element, naming it.
  Diagnostics attr;
  read_xml_deck_text("<Model>\n <Body_Rigid id=1/>\n</Model>\n", "attr.xml", attr);
  REQUIRE(attr.error_count() == 1);
  CHECK(attr.all()[0].headline() ==
        "attr.xml:2:2: error: malformed XML: cannot read an attribute of <Body_Rigid>: each "
        "attribute is name=\"value\" with the value in quotes, and a name may appear once");
}
