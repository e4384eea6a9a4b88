// The builtin table: sorted, unique, complete for the names of docs/motionsolve-format.md 5.5, and
// consistent arities.
#include "expr/builtins.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <sstream>

namespace mb::expr {
namespace {

TEST_CASE("the builtin table is sorted and unique", "[expr][builtins]") {
  const auto table = builtins();
  for (size_t i = 1; i < table.size(); ++i) CHECK(table[i - 1].name < table[i].name);
}

TEST_CASE("the builtin table holds every name of the complete list", "[expr][builtins]") {
  const std::string names =
      "ABS ACOS AINT ANINT ASIN ATAN ATAN2 COS COSH DIM EXP LOG LOG10 MAX MIN MOD SIGN SIN SINH "
      "SQRT TAN TANH IF PI DTOR RTOD TIME DX DY DZ DM AX AY AZ AXU AYU AZU PSI THETA PHI YAW "
      "PITCH ROLL VX VY VZ VM VR WX WY WZ WM ACCX ACCY ACCZ ACCM WDTX WDTY WDTZ WDTM FX FY FZ FM "
      "TX TY TZ TM JOINT JPRIM MOTION SFORCE VFORCE VTORQ GFORCE BUSH BEAM FIELD SPDP VARVAL "
      "ARYVAL DIF DIF1 PINVAL POUVAL STEP STEP5 HAVSIN SHF POLY CHEBY FORCOS FORSIN IMPACT BISTOP "
      "AKISPL CUBSPL LINSPL INCANG CURVE CONTACT SENVAL PTCV CVCV "
      "ORIENT";  // Adams request function used by the ADAMS reference decks
  std::istringstream in(names);
  std::string n;
  std::set<std::string> listed;
  while (in >> n) {
    INFO(n);
    const Builtin* b = find_builtin(n);
    REQUIRE(b != nullptr);
    CHECK(b->name == n);
    CHECK(b->min_args <= b->max_args);
    listed.insert(n);
  }
  CHECK(listed.size() == builtins().size());
  CHECK(find_builtin("bistop") == find_builtin("BISTOP"));
  CHECK(find_builtin("Bistop")->max_args == 8);
  CHECK(find_builtin("NOPE") == nullptr);
}

TEST_CASE("arities of representative builtins", "[expr][builtins]") {
  auto arity = [](const char* n) {
    const Builtin* b = find_builtin(n);
    return std::make_pair(b->min_args, b->max_args);
  };
  CHECK(arity("DX") == std::make_pair(1, 3));
  CHECK(arity("VX") == std::make_pair(1, 4));
  CHECK(arity("VM") == std::make_pair(1, 3));
  CHECK(arity("DM") == std::make_pair(1, 2));
  CHECK(arity("JOINT") == std::make_pair(3, 4));
  CHECK(arity("ARYVAL") == std::make_pair(2, 2));
  CHECK(arity("IMPACT") == std::make_pair(7, 7));
  CHECK(arity("BISTOP") == std::make_pair(8, 8));
  CHECK(arity("POLY") == std::make_pair(3, 33));
  CHECK(arity("FORCOS") == std::make_pair(4, 34));
  CHECK(arity("AKISPL") == std::make_pair(3, 4));
  CHECK(arity("PI") == std::make_pair(0, 0));
  CHECK(arity_phrase(*find_builtin("MAX")) == "at least 2 arguments");
  CHECK(suggest_builtin("BISTP", true) == "BISTOP");
  CHECK(suggest_builtin("TIMX", false) == "TIME");
}

}  // namespace
}  // namespace mb::expr
