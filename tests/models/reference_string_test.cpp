// Adams STRING/id, STRING=text read into Reference_String (models/reference_string.hpp), the
// text kept as written (c_gtstrg hands it to user routines: tests/usersub/gtstrg_test.cpp).
// Oracle: the texts of the statements, taken from the FAST dataset
// regression/realworld/adams/fast_test02/Test02_ADAMS.adm.

#include <catch2/catch.hpp>
#include <string>

#include "models/model_builder.hpp"
#include "parser/adm_reader.hpp"

using namespace mb;

namespace {

struct Built {
  std::optional<Model> model;
  Diagnostics diag;
  std::string messages;
};

Built build_adm(const std::string& adm) {
  Built b;
  const Deck deck = read_adm_deck_text(adm, "strings.adm", b.diag);
  if (!b.diag.has_errors()) b.model = build_model(deck, b.diag);
  for (const auto& d : b.diag.all()) b.messages += d.str() + "\n";
  return b;
}

const std::string kGround =
    "strings\nPART/1, GROUND\nMARKER/10, PART=1\nPART/2, MASS=1, CM=20, IP=1, 1, 1\n"
    "MARKER/20, PART=2\n";

}  // namespace

TEST_CASE("STRING statements are stored with their text, without a warning") {
  const Built b = build_adm(kGround + R"ADM(STRING/1
, STRING = v14.00.
!                             adams_view_name='FTitle_SG'
STRING/21
, STRING = FAST certification Test #02: AWT-27CR2 with many DOFs with startup and shutdown
, and steady wind.
STRING/22, STRING = ES10.3E2
END
)ADM");
  INFO(b.messages);
  REQUIRE(b.model);
  CHECK(b.diag.warning_count() == 0);
  REQUIRE(b.model->strings.size() == 3);
  CHECK(b.model->strings[0].id == 1);
  CHECK(b.model->strings[0].text == "v14.00.");
  CHECK(b.model->strings[1].id == 21);
  CHECK(b.model->strings[1].text ==
        "FAST certification Test #02: AWT-27CR2 with many DOFs with startup and shutdown  and "
        "steady wind.");
  CHECK(b.model->strings[2].text == "ES10.3E2");
}

TEST_CASE("STRING without STRING=, or with a duplicate id, is a deck error naming it") {
  SECTION("missing text") {
    const Built b = build_adm(kGround + "STRING/3\nEND\n");
    CHECK(b.diag.has_errors());
    CHECK(b.messages.find("strings.adm:6:1: error: STRING 3: missing STRING=") !=
          std::string::npos);
  }
  SECTION("duplicate id") {
    const Built b = build_adm(kGround + "STRING/3, STRING=a\nSTRING/3, STRING=b\nEND\n");
    CHECK(b.diag.has_errors());
    CHECK(b.messages.find("strings.adm:7:1: error: STRING 3: duplicate id 3 (first defined at "
                          "strings.adm:6:1)") != std::string::npos);
  }
}
