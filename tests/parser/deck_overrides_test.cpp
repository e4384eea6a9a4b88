#include "parser/deck_overrides.hpp"

#include <catch2/catch.hpp>

#include "parser/xml_reader.hpp"

using namespace mb;

namespace {

const char* kDeck = R"XML(<MotionSolve>
  <Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" mass="1.0" cg_id="20"/>
    <Force_SpringDamper id="3" type="TRANSLATION" i_marker_id="20" j_marker_id="10"
                        stiffness="${k}" damping="${c}"/>
  </Model>
  <Command>
    <Simulate analysis_type="Transient" end_time="1"/>
    <Simulate analysis_type="Transient" end_time="2"/>
  </Command>
</MotionSolve>
)XML";

std::vector<Override> parse_all(std::initializer_list<const char*> specs) {
  std::vector<Override> out;
  for (const char* s : specs) {
    std::string error;
    auto o = parse_override(s, error);
    REQUIRE(o);
    out.push_back(*o);
  }
  return out;
}

std::vector<std::string> headlines(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const auto& x : d.all()) out.push_back(x.headline());
  return out;
}

Deck read_with(std::initializer_list<const char*> specs, Diagnostics& diag) {
  const auto o = parse_all(specs);
  Deck deck = read_xml_deck_text(substitute_placeholders(kDeck, "d.xml", o, diag), "d.xml", diag);
  apply_path_overrides(deck, o, diag);
  return deck;
}

}  // namespace

TEST_CASE("overrides: spec parsing") {
  std::string error;
  auto o = parse_override(" Body_Rigid[2].mass = 2.5 ", error);
  REQUIRE(o);
  CHECK(o->name == "Body_Rigid[2].mass");
  CHECK(o->value == "2.5");
  CHECK(o->is_path());
  o = parse_override("k=1e3", error);
  REQUIRE(o);
  CHECK_FALSE(o->is_path());
  o = parse_override("Simulate.end_time=", error);
  REQUIRE(o);
  CHECK(o->value.empty());

  CHECK_FALSE(parse_override("mass", error));
  CHECK(error == "--set 'mass': expected NAME=VALUE");
  CHECK_FALSE(parse_override("=3", error));
  CHECK(error == "--set '=3': the name before '=' is empty");
  CHECK_FALSE(parse_override("my-k=3", error));
  CHECK(error ==
        "--set 'my-k=3': a placeholder name is letters, digits and '_', an element path is "
        "Type[id].attribute");
  CHECK_FALSE(parse_override("Body_Rigid[2.mass=3", error));
  CHECK(error == "--set 'Body_Rigid[2.mass=3': missing ']' in 'Body_Rigid[2.mass'");
  CHECK_FALSE(parse_override("Body_Rigid[].mass=3", error));
  CHECK(error ==
        "--set 'Body_Rigid[].mass=3': empty id between '[' and ']' in 'Body_Rigid[].mass'");
  CHECK_FALSE(parse_override("Body_Rigid[2]mass.x=3", error));
  CHECK(error == "--set 'Body_Rigid[2]mass.x=3': expected '.attribute' after 'Body_Rigid[2]'");
  CHECK_FALSE(parse_override("Body_Rigid[2].=3", error));
  CHECK(error ==
        "--set 'Body_Rigid[2].=3': expected an attribute name after '.' in 'Body_Rigid[2].'");
  CHECK_FALSE(parse_override(".mass=3", error));
  CHECK(error == "--set '.mass=3': expected an element name at the start of '.mass'");
}

TEST_CASE("overrides: element paths replace or add attributes, case-insensitively") {
  Diagnostics diag;
  Deck deck = read_with({"k=10", "c=0.5", "BODY_RIGID[2].Mass=2.5", "body_rigid[02].v_ic_x=1",
                         "Simulate.end_time=5", "Force_SpringDamper[3].stiffness=200"},
                        diag);
  INFO((diag.all().empty() ? std::string() : diag.all()[0].headline()));
  REQUIRE_FALSE(diag.has_errors());
  const DeckNode& body = deck.model[1];
  REQUIRE(body.find("mass"));
  CHECK(body.find("mass")->value == "2.5");
  CHECK(body.find("mass")->loc.str() == "<--set>");
  CHECK(body.find("mass")->spelled == "mass");  // the file's spelling is kept
  REQUIRE(body.find("v_ic_x"));
  CHECK(body.find("v_ic_x")->value == "1");
  CHECK(body.find("v_ic_x")->spelled == "v_ic_x");
  CHECK(deck.model[0].find("mass") == nullptr);
  CHECK(deck.model[2].find("stiffness")->value == "200");
  CHECK(deck.model[2].find("damping")->value == "0.5");
  CHECK(deck.commands[0].find("end_time")->value == "5");
  CHECK(deck.commands[1].find("end_time")->value == "5");
}

TEST_CASE("overrides: placeholders are substituted, XML-escaped, and located when unfilled") {
  Diagnostics diag;
  const auto o = parse_all({"k=a<b&\"c\""});
  const std::string text =
      substitute_placeholders("<A x=\"${k}\" y=\"${c}\"/>\n <B z=\"${k}${c}\"/>", "t.xml", o, diag);
  CHECK(text == "<A x=\"a&lt;b&amp;&quot;c&quot;\" y=\"\"/>\n <B z=\"a&lt;b&amp;&quot;c&quot;\"/>");
  CHECK(headlines(diag) ==
        std::vector<std::string>{
            "t.xml:1:16: error: placeholder ${c} has no value (give one with --set c=VALUE)",
            "t.xml:2:12: error: placeholder ${c} has no value (give one with --set c=VALUE)"});
}

TEST_CASE("overrides: text that is not a placeholder is left alone") {
  Diagnostics diag;
  const std::string text = substitute_placeholders("a $x ${ k } ${1} ${", "t.xml", {}, diag);
  CHECK(text == "a $x ${ k } ${1} ${");
  CHECK_FALSE(diag.has_errors());
}

TEST_CASE("overrides: unknown paths and unused names are errors that name them") {
  Diagnostics diag;
  read_with(
      {"k=1", "c=2", "Body_Rigd[2].mass=3", "Body_Rigid[9].mass=3", "Stop.x=1", "stiffness=5"},
      diag);
  CHECK(headlines(diag) ==
        std::vector<std::string>{
            "<--set>: error: stiffness=5: the deck has no placeholder ${stiffness}, and "
            "'stiffness' is not an element path (Type[id].attribute)",
            "<--set>: error: Body_Rigd[2].mass: no Body_Rigd element in the deck (did you mean "
            "'Body_Rigid'?)",
            "<--set>: error: Body_Rigid[9].mass: no Body_Rigid element with id 9 (ids: 1, 2)",
            "<--set>: error: Stop.x: no Stop element in the deck"});
}

TEST_CASE("overrides: the last of several values for one name wins") {
  Diagnostics diag;
  Deck deck =
      read_with({"k=1", "c=2", "k=7", "Body_Rigid[2].mass=3", "Body_Rigid[2].mass=4"}, diag);
  REQUIRE_FALSE(diag.has_errors());
  CHECK(deck.model[2].find("stiffness")->value == "7");
  CHECK(deck.model[1].find("mass")->value == "4");
}
