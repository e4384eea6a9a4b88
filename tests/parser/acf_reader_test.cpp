#include "parser/acf_reader.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "parser/adm_reader.hpp"

using namespace mb;

namespace {

std::string printed(const Diagnostics& d, Severity s) {
  std::string out;
  for (const auto& x : d.all()) {
    if (x.severity == s) out += x.headline() + "\n";
  }
  return out;
}

struct TempDir {
  // One folder per process: ctest runs this file's test cases in parallel processes.
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("mbsolve_acf_view_test_" + std::to_string(::getpid()));
  TempDir() { std::filesystem::create_directories(dir); }
  ~TempDir() { std::filesystem::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
};

constexpr const char* kModel =
    "title\nPART/1, GROUND\nPART/2, MASS=1, IP=1,1,1\nMARKER/1, PART=1\nMARKER/2, PART=2\n"
    "JOINT/1301, REVOLUTE, I=2, J=1\nJOINT/1305, REVOLUTE, I=2, J=1\n"
    "MOTION/4, JOINT=1301, ROTATION, FUNCTION=TIME\nVARIABLE/9105, FUNCTION=0\nEND\n";

}  // namespace

TEST_CASE("ACF reader: the Adams/View layout (blank line 1, file/model=NAME, & continuation)") {
  TempDir t;
  t.write("view.adm", kModel);
  const std::string acf = t.write("view.acf",
                                  "\n"
                                  "file/model=view\n"
                                  "! Insert ACF commands here:\n"
                                  "INTEGRATOR/ &\n"
                                  ", GSTIFF &\n"
                                  ", ERROR = 1.0E-05\n"
                                  "VARIABLE/9105 &\n"
                                  ", FUNCTION=STEP(TIME,0,0,1, &\n"
                                  " 60.0*PI/30)\n"
                                  "equil/maxit=50, err=1e-6\n"
                                  "output/reqsave\n"
                                  "output/grsave\n"
                                  "sim/stat\n"
                                  "DEACTIVATE/JOINT, RANGE = 1301, 1321\n"
                                  "MOTION/4, FUNCTION=2*TIME\n"
                                  "SIMULATE/DYNAMICS, END=1.0, DTOUT=0.01\n"
                                  "SIMULATE/INITIAL_CONDITIONS\n"
                                  "stop\n");
  Diagnostics diag;
  const Deck deck = read_acf_file(acf, diag);
  REQUIRE(printed(diag, Severity::kError) == "");
  // One warning for the two OUTPUT commands, with the count.
  CHECK(printed(diag, Severity::kWarning) ==
        acf +
            ":11:1: warning: Adams command OUTPUT sets options mbsolve does not have; ignored "
            "(2 occurrences; this is the first)\n");
  CHECK(deck.output_prefix == "view");
  CHECK(deck.model.size() == 8);  // the eight statements of kModel
  const auto& c = deck.commands;
  REQUIRE(c.size() == 10);  // nine commands and the closing stop
  CHECK(c[9].tag == "stop");
  CHECK(c[0].tag == "param_transient");
  CHECK(c[0].find("integr_tol")->value == "1.0E-05");
  CHECK(c[1].tag == "reference_variable");
  CHECK(c[1].find("id")->value == "9105");
  CHECK(c[1].find("expr")->value == "STEP(TIME,0,0,1, 60.0*PI/30)");
  CHECK(c[2].tag == "param_static");
  CHECK(c[2].find("max_num_iter")->value == "50");
  CHECK(c[2].find("max_error")->value == "1e-6");
  CHECK(c[3].find("analysis_type")->value == "Static");
  // RANGE= takes the dataset's joints in the range, not every number in it.
  CHECK(c[4].tag == "deactivate");
  CHECK(c[4].find("element_id")->value == "1301");
  CHECK(c[5].find("element_id")->value == "1305");
  CHECK(c[6].tag == "motion_joint");
  CHECK(c[6].find("expr")->value == "2*TIME");
  CHECK(c[7].find("analysis_type")->value == "Transient");
  CHECK(c[7].find("print_interval")->value == "0.01");
  CHECK(c[8].find("analysis_type")->value == "Assembly");
}

TEST_CASE("ACF reader: a command file in another layout is a deck error that says what to do") {
  TempDir t;
  t.write("m.adm", kModel);
  SECTION("the prefix line is missing") {
    const std::string acf = t.write("a.acf", "m\nSIMULATE/DYNAMIC, END=1, STEPS=10\nSTOP\n");
    Diagnostics diag;
    read_acf_file(acf, diag);
    CHECK(printed(diag, Severity::kError) ==
          acf +
              ":2:1: error: line 2 of an Adams command file is the output prefix, but it holds "
              "the command 'SIMULATE/DYNAMIC, END=1, STEPS=10': put the output prefix (e.g. m) "
              "on line 2, or leave line 2 blank, and the commands after it\n");
  }
  SECTION("XML given as a command file") {
    const std::string acf = t.write("x.acf", "<MotionSolve/>\n");
    Diagnostics diag;
    read_acf_file(acf, diag);
    CHECK(diag.error_count() == 1);
    CHECK(printed(diag, Severity::kError).find("not an Adams command file") != std::string::npos);
  }
  SECTION("no dataset named") {
    const std::string acf = t.write("n.acf", "\nSIMULATE/DYNAMIC, END=1, STEPS=10\nSTOP\n");
    Diagnostics diag;
    read_acf_file(acf, diag);
    CHECK(printed(diag, Severity::kError) ==
          acf +
              ":1: error: the command file names no dataset: give its name on line 1 (and the "
              "output prefix on line 2), or a FILE/MODEL=NAME command\n");
  }
  SECTION("commands Adams has but mbsolve does not run: once per kind") {
    const std::string acf =
        t.write("s.acf", "m\n\nsave/1, act\nSAVE/2, act\nCONTROL/FUNCTION=USER(1)\nFROB/1\nSTOP\n");
    Diagnostics diag;
    read_acf_file(acf, diag);
    CHECK(printed(diag, Severity::kError) ==
          acf +
              ":3:1: error: Adams command SAVE is not supported by mbsolve (2 occurrences; "
              "this is the first)\n" +
              acf + ":5:1: error: Adams command CONTROL is not supported by mbsolve\n" + acf +
              ":6:1: error: unknown command 'FROB' (Adams commands mbsolve runs: ACTIVATE, "
              "DEACTIVATE, ACCGRAV, EQUILIBRIUM, FILE, INTEGRATOR, LINEAR, MOTION, PART, SENSOR, "
              "SFORCE, SIMULATE, STOP, VARIABLE)\n");
    CHECK(diag.error_count() == 3);
  }
}

TEST_CASE("ADM reader: one error per statement kind and argument, not per line") {
  Diagnostics diag;
  read_adm_deck_text(
      "title\nPART/1, GROUND\nCLEARANCE/1, I=1\nCLEARANCE/2, I=1\nFE_PART/3\n"
      "PART/2, MASS=1, IP=1,1,1, FORMULATION=X\nPART/3, MASS=1, IP=1,1,1, FORMULATION=Y\n"
      "PART/4, MASS=1, IP=\n, 1, 1, 1, XD=3, 4, \"a\"\nEND\n",
      "e.adm", diag);
  CHECK(printed(diag, Severity::kError) ==
        "e.adm:3:1: error: Adams statement CLEARANCE is not supported by mbsolve (2 occurrences; "
        "this is the first)\n"
        "e.adm:5:1: error: Adams statement FE_PART is not supported by mbsolve\n"
        "e.adm:6:27: error: PART 2: FORMULATION is not supported by mbsolve (2 occurrences; this "
        "is the first)\n"
        "e.adm:9:12: error: PART 4: XD is not supported by mbsolve\n");
}

TEST_CASE("ADM reader: a dataset without END is a warning naming the last statement read") {
  Diagnostics diag;
  read_adm_deck_text("title\nPART/1, GROUND\nMARKER/7, PART=1\n", "t.adm", diag);
  CHECK(printed(diag, Severity::kWarning) ==
        "t.adm:3:1: warning: the dataset has no END statement: it may be cut short; the last "
        "statement read is MARKER 7 (a complete dataset ends with END)\n");
}

TEST_CASE("ACF reader: the SENSOR command becomes an Activate/Deactivate and a Sensor_Event") {
  TempDir t;
  t.write("m.adm", kModel);
  SECTION("DEACTIVATE and new settings") {
    const std::string acf =
        t.write("s.acf", "m\n\nSENSOR/7, DEACTIVATE, VALUE=0.5, GE, DT=0.01\nSTOP\n");
    Diagnostics diag;
    const Deck deck = read_acf_file(acf, diag);
    CHECK(printed(diag, Severity::kError).empty());
    REQUIRE(deck.commands.size() == 3);
    CHECK(deck.commands[0].tag == "deactivate");
    CHECK(deck.commands[0].find("element_type")->value == "SENSOR");
    CHECK(deck.commands[0].find("element_id")->value == "7");
    CHECK(deck.commands[1].tag == "sensor_event");
    CHECK(deck.commands[1].find("value")->value == "0.5");
    CHECK(deck.commands[1].find("compare")->value == "GE");
    CHECK(deck.commands[1].find("dt")->value == "0.01");
  }
  SECTION("FUNCTION=USER(...): a SENSUB with new PAR, the sensor's own routine") {
    const std::string acf = t.write("u.acf", "m\n\nSENSOR/7, FUNCTION=USER(20, 0.3)\nSTOP\n");
    Diagnostics diag;
    const Deck deck = read_acf_file(acf, diag);
    CHECK(printed(diag, Severity::kError).empty());
    REQUIRE(deck.commands.size() == 2);  // the Sensor_Event and STOP's
    CHECK(deck.commands[0].tag == "sensor_event");
    CHECK(deck.commands[0].find("type")->value == "USERSUB");
    CHECK(deck.commands[0].find("usrsub_param_string")->value == "USER(20, 0.3)");
    CHECK(deck.commands[0].find("expr") == nullptr);
  }
  SECTION("errors in Adams words") {
    const std::string acf = t.write("e.acf",
                                    "m\n\nSENSOR/7, ACTIVATE, DEACTIVATE\nSENSOR/8\nSENSOR/9, "
                                    "FUNCTION=DZ(2), ROUTINE=a::b\nSTOP\n");
    Diagnostics diag;
    read_acf_file(acf, diag);
    const std::string errors = printed(diag, Severity::kError);
    INFO(errors);
    CHECK(errors.find(acf + ":3:21: error: SENSOR 7: give ACTIVATE or DEACTIVATE, not both") !=
          std::string::npos);
    CHECK(errors.find(acf + ":4:1: error: SENSOR 8: nothing to do") != std::string::npos);
    CHECK(errors.find(":5:") != std::string::npos);
    CHECK(errors.find("SENSOR 9: ROUTINE is only used with FUNCTION=USER(...)") !=
          std::string::npos);
    CHECK(errors.find("SENSOR 9: nothing to do") == std::string::npos);
  }
}
