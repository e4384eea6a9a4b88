#include "compare/channel_map.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"

using namespace mb::compare;

namespace {
std::string error_of(std::string_view text) {
  try {
    parse_channel_map(text, "m.map");
  } catch (const mb::Error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("map entries with scale, kind and comments") {
  const auto m = parse_channel_map(
      "# revolute case 1\n\nbody2.x = X_Pos\nbody2.z = Revolute_Case01_ADAMS_Pos:Z_Pos -1  # sign\n"
      "req3.f1 = X_Force 0.001 force\nreq3.f2 = Y_Force torque\n",
      "m.map");
  REQUIRE(m.entries.size() == 4);
  CHECK(m.entries[0].result == "body2.x");
  CHECK(m.entries[0].reference == "X_Pos");
  CHECK(m.entries[0].scale == 1);
  CHECK_FALSE(m.entries[0].kind);
  CHECK(m.entries[1].reference == "Revolute_Case01_ADAMS_Pos:Z_Pos");
  CHECK(m.entries[1].scale == -1);
  CHECK(m.entries[2].scale == 0.001);
  CHECK(m.entries[2].kind == Kind::kForce);
  CHECK(m.entries[3].kind == Kind::kTorque);
  CHECK(m.entries[3].line == 6);
}

TEST_CASE("bad map lines name the file and line") {
  CHECK(error_of("body2.x X_Pos\n") == "m.map:1: expected 'RESULT = REFERENCE [SCALE] [KIND]'");
  CHECK(error_of("body2.x = \n") == "m.map:1: expected 'RESULT = REFERENCE [SCALE] [KIND]'");
  CHECK(error_of("a = b 2 speed\n") ==
        "m.map:1: unexpected 'speed' (expected a scale, then a kind)");
  CHECK(error_of("a = b\nA = c\n") == "m.map:2: result channel 'A' is already mapped on line 1");
}

TEST_CASE("kinds are guessed from our names and from ADAMS names") {
  CHECK(classify("body2.x") == Kind::kPosition);
  CHECK(classify("body12.vz") == Kind::kVelocity);
  CHECK(classify("body2.e3") == Kind::kAngle);
  CHECK(classify("body2.wx") == Kind::kAngularVelocity);
  CHECK(classify("X_Pos") == Kind::kPosition);
  CHECK(classify("Y_Vel") == Kind::kVelocity);
  CHECK(classify("e0") == Kind::kAngle);
  CHECK(classify("Z_Force") == Kind::kForce);
  CHECK(classify("X_Torque") == Kind::kTorque);
  CHECK(classify("req3.f1") == Kind::kOther);
  CHECK(parse_kind("Angular_Velocity") == Kind::kAngularVelocity);
  CHECK(kind_name(Kind::kAngle) == "angle");
}
