// c_gtstrg (include/mbsolve/usersub.h) and py_gtstrg: a C routine or a Python script reads the
// text of a Reference_String (Adams STRING). Oracle: the texts written in the deck (their
// leading number and length).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstring>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

const std::string kGtstrgLib = MB_TEST_USERSUB_LIB;
const std::string kGtstrgScript = MBSOLVE_SOURCE_DIR "/tests/usersub/test_subs.py";

/// VARVAL(id) from VARSUB_GTSTRG with USER(string, what): the C routine of test_subs.c
/// (c_gtstrg) or its Python twin in test_subs.py (py_gtstrg).
std::string gtstrg_variable(int id, int string, int what, bool python) {
  const std::string source =
      python ? fmt::format(R"U(script_name="{}" interpreter="Python")U", kGtstrgScript)
             : fmt::format(R"U(usrsub_dll_name="{}")U", kGtstrgLib);
  return fmt::format(R"U(<Reference_Variable id="{}" type="USERSUB" {}
      usrsub_fnc_name="VARSUB_GTSTRG" usrsub_param_string="USER({}, {})"/>)U",
                     id, source, string, what);
}

}  // namespace

TEST_CASE("A VARSUB reads a Reference_String's text with c_gtstrg (py_gtstrg in Python)") {
  const bool python = GENERATE(false, true);
  INFO((python ? "Python script" : "C library"));
  const std::string text = "2.5e3 N/m: spring rate, from the FAST input file";
  const std::string deck = fmt::format(
      R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_String id="7" string="{text}"/>
    {v1}{v2}{v3}{v4}
    <Post_Request id="1" type="EXPRESSION" expr1="VARVAL(1)" expr2="VARVAL(2)"
      expr3="VARVAL(3)" expr4="VARVAL(4)"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1" print_interval="0.05"/>
  </Command></MotionSolve>)XML",
      fmt::arg("text", text), fmt::arg("v1", gtstrg_variable(1, 7, 0, python)),
      fmt::arg("v2", gtstrg_variable(2, 7, 1, python)),
      fmt::arg("v3", gtstrg_variable(3, 7, 2, python)),
      fmt::arg("v4", gtstrg_variable(4, 8, 2, python)));
  const auto run = test::run_inline(deck);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.model->strings.size() == 1);
  CHECK(run.model->strings[0].text == text);
  RequestOutputs req(*run.sys);
  REQUIRE(req.size() == 4);
  std::vector<double> out(req.size());
  const std::vector<double> yp(run.y.back().size(), 0.0);
  req.values(run.t.back(), run.y.back().data(), yp.data(), out);
  CHECK(out[0] == 2500.0);                                          // the leading number
  CHECK(out[1] == static_cast<double>(std::strlen(text.c_str())));  // nchars
  CHECK(out[2] == 0.0);                                             // istat: found
  CHECK(out[3] != 0.0);                                             // Reference_String 8: none
}
