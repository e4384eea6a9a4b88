#include "common/diagnostics.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using namespace mb;

TEST_CASE("diagnostics print as file:line:col: severity: subject: message") {
  Diagnostics d;
  const std::string* f = intern_path("deck.xml");
  d.error({f, 12, 30}, "Body_Rigid 2", "mass must be > 0 (got -1)");
  d.warning({f, 3, 0}, "", "something odd");
  std::ostringstream os;
  d.print(os);
  CHECK(os.str() ==
        "deck.xml:12:30: error: Body_Rigid 2: mass must be > 0 (got -1)\n"
        "deck.xml:3: warning: something odd\n");
  CHECK(d.error_count() == 1);
  CHECK(d.warning_count() == 1);
}
