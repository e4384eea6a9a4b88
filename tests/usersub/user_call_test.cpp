// The callbacks of usersub/user_call.hpp on their own, without a solver: a routine's reads go to
// the UserContext the caller binds (here a small table standing in for a system), the dependency
// call records what was read, and a later read outside that record fails the call. Oracles: the
// table itself (ids, bodies, values it defines) and, for c_rcnvrt, rotations built
// independently by Eigen (common/linalg.hpp: rotation_from_euler313).

#include "usersub/user_call.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <string>

#include "common/error.hpp"
#include "common/linalg.hpp"
#include "include/mbsolve/usersub.h"

using namespace mb;

namespace {

/// Markers 10 (index 0, on body 1) and 20 (index 1, on the ground body 0); Constraint_Joint 5
/// (block 0, between bodies 1 and 0); Control_Diff 3 (state 0, at system index 4); measures DX
/// DY DZ (3 ids) and PSI THETA PHI (2 ids), whose value encodes the markers and y[0]; a string 7.
class TableContext final : public UserContext {
 public:
  int find_marker(int id) const override { return id == 10 ? 0 : id == 20 ? 1 : -1; }
  int marker_body(int marker) const override { return marker == 0 ? 1 : 0; }
  int body_id(int body) const override { return body == 1 ? 2 : 1; }
  bool is_ground(int body) const override { return body == 0; }
  int find_joint(int id) const override { return id == 5 ? 0 : -1; }
  int constraint_body(int, int side) const override { return side == 0 ? 1 : 0; }
  int find_diff(int id) const override { return id == 3 ? 0 : -1; }
  int state_index(int s) const override { return 4 + s; }
  bool find_measure(std::string_view name, int& code, int& markers) const override {
    if (name == "DX" || name == "DY" || name == "DZ") {
      code = 1, markers = 3;
    } else if (name == "PSI" || name == "THETA" || name == "PHI") {
      code = 2, markers = 2;
    } else {
      return false;
    }
    return true;
  }
  double measure(int code, const int mk[4], const double* y) const override {
    return 1000.0 * code + 100.0 * (mk[0] + 1) + 10.0 * (mk[1] + 1) + (mk[2] + 1) + y[0];
  }
  double joint_reaction(int block, int jflag, int comp, int rm, const double*) const override {
    return 100.0 * block + 10.0 * jflag + comp + 0.5 * rm;
  }
  bool model_attribute(std::string_view element, int id, std::string_view attribute, char* value,
                       bool& found) const override {
    found = element == "BODY_RIGID" && id == 2;
    if (!found || attribute != "MASS") return false;
    value[0] = '3', value[1] = '\0';
    return true;
  }
  const std::string* string_text(int id) const override { return id == 7 ? &text_ : nullptr; }

 private:
  std::string text_ = "seven";
};

UserSubroutine routine() {
  UserSubroutine s;
  s.subject = "Force_Scalar_TwoBody 1";
  s.routine = "SFOSUB";
  s.library = "libtest.so";
  return s;
}

double sysfnc(const char* name, std::initializer_list<int> ids, int& errflg) {
  int ipar[4] = {0, 0, 0, 0};
  int n = 0;
  for (int id : ids) ipar[n++] = id;
  double value = -1.0;
  c_sysfnc(name, ipar, n, &value, &errflg);
  return value;
}

}  // namespace

TEST_CASE("Callbacks read the bound context; outside a call they fail") {
  int errflg = 0;
  sysfnc("TIME", {}, errflg);
  CHECK(errflg == 1);  // no call bound
  CHECK(current_user_call() == nullptr);

  const TableContext context;
  const UserSubroutine sub = routine();
  const double y[6] = {0.25, 0, 0, 0, 7.5, 0};
  const double yp[6] = {0, 0, 0, 0, -1.5, 0};
  UserCallState state;
  state.context = &context;
  state.t = 1.75;
  state.y = y;
  state.yp = yp;
  UserCall call(sub, state);
  CHECK(current_user_call() == &call);
  CHECK(sysfnc("time", {}, errflg) == 1.75);
  CHECK(errflg == 0);
  // DX(10, 20): markers 0 and 1, no K.
  CHECK(sysfnc("DX", {10, 20}, errflg) == 1000 + 100 + 20 + 0 + 0.25);
  CHECK(sysfnc("DIF", {3}, errflg) == 7.5);
  CHECK(sysfnc("DIF1", {3}, errflg) == -1.5);
  CHECK(sysfnc("JOINT", {5, 1, 4}, errflg) == 14 - 0.5);
  CHECK(errflg == 0);
  double disp[6];
  int ipar[3] = {10, 20, 0}, n = 0;
  c_sysary("DISP", ipar, 3, disp, &n, &errflg);
  REQUIRE(n == 6);
  CHECK(disp[0] == 1000 + 100 + 20 + 0 + 0.25);
  CHECK(disp[3] == 2000 + 100 + 20 + 0 + 0.25);  // the angles take (I, J) only
  char value[80];
  c_modfnc("Body_Rigid", 2, "mass", value, &errflg);
  CHECK(std::string(value) == "3");
  char text[1025];
  int nchars = 0, istat = 1;
  c_gtstrg(7, text, &nchars, &istat);
  CHECK((istat == 0 && nchars == 5 && std::string(text) == "seven"));
  CHECK_NOTHROW(call.check({}));
  double timget = 0.0;
  c_timget(&timget);
  CHECK(timget == 1.75);
}

TEST_CASE("The dependency call records reads; a later read outside them fails the call") {
  const TableContext context;
  const UserSubroutine sub = routine();
  const double y[6] = {};
  UserDependencies deps;
  UserCallState record;
  record.context = &context;
  record.y = y;
  record.yp = y;
  record.record = &deps;
  {
    UserCall call(sub, record);
    int errflg = 0;
    sysfnc("DX", {10, 20}, errflg);  // body 1 (marker 10); the ground is not recorded
    sysfnc("JOINT", {5, 0, 1}, errflg);
    sysfnc("DIF1", {3}, errflg);
    CHECK(errflg == 0);
  }
  CHECK(deps.bodies == std::vector<int>{1});
  CHECK(deps.blocks == std::vector<int>{0});
  CHECK(deps.states == std::vector<int>{1});  // 2 s + 1 for DIF1 of state 0

  const std::vector<char> none(2, 0);
  UserCallState later;
  later.context = &context;
  later.y = y;
  later.known_bodies = none.data();
  later.known_blocks = none.data();
  UserCall call(sub, later);
  int errflg = 0;
  sysfnc("DX", {10}, errflg);
  CHECK(errflg == 1);
  try {
    call.check({});
    FAIL("the read outside the dependency call passed");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kAnalysisFailed);
    CHECK_THAT(std::string(e.what()),
               Catch::Contains("Force_Scalar_TwoBody 1: user subroutine SFOSUB in libtest.so") &&
                   Catch::Contains("reads Body_Rigid 2, which it did not read in its dependency"));
  }
}

TEST_CASE("A time-only routine may not read bodies; unknown names and ids are reported") {
  const TableContext context;
  UserSubroutine sub = routine();
  sub.subject = "Motion_Joint 4";
  const std::vector<char> none(2, 0);
  const UserCallState state = time_only_state(context, 0.5, none, none);
  UserCall call(sub, state);
  int errflg = 0;
  sysfnc("DX", {10}, errflg);
  CHECK(errflg == 1);
  CHECK_THAT(call.error, Catch::Contains("a motion is a function of time only"));
  call.error.clear();
  sysfnc("ACCX", {10}, errflg);  // not offered by the context
  CHECK_THAT(call.error, Catch::Contains("function 'ACCX' is not supported"));
  call.error.clear();
  sysfnc("DX", {99}, errflg);
  CHECK_THAT(call.error, Catch::Contains("DX: marker 99 does not exist"));
}

TEST_CASE("c_rcnvrt converts 3-1-3 Euler angles, Euler parameters and matrices both ways") {
  const double pi = std::numbers::pi;
  const double angles[][3] = {{0.3, 1.1, -2.0}, {-2.9, 0.2, 0.7}, {1.0, pi - 0.4, 3.0}};
  for (const auto& a : angles) {
    const Mat3 R = rotation_from_euler313(a[0], a[1], a[2]);
    double in[3] = {a[0], a[1], a[2]}, m[9], back[3], p[4];
    int istat = 1;
    c_rcnvrt("EULER", in, "RMATRIX", m, &istat);
    REQUIRE(istat == 0);
    for (int k = 0; k < 9; ++k) CHECK(m[k] == Approx(R(k % 3, k / 3)).margin(1e-15));
    c_rcnvrt("RMATRIX", m, "EULER", back, &istat);
    for (int k = 0; k < 3; ++k) CHECK(back[k] == Approx(a[k]).margin(1e-12));
    c_rcnvrt("RMATRIX", m, "EULPAR", p, &istat);
    const Mat3 Rp = rotation_from_euler_parameters<double>(Vec4(p[0], p[1], p[2], p[3]));
    CHECK((Rp - R).norm() < 1e-14);
  }
  // theta = 0: one z rotation, carried by psi alone.
  const Vec3 e = euler313_from_rotation(rotation_from_euler313(0.5, 0.0, 0.25));
  CHECK(e(0) == Approx(0.75));
  CHECK(e(1) == 0.0);
  CHECK(e(2) == 0.0);
  double bad[3] = {0, 0, 0}, out[3];
  int istat = 0;
  c_rcnvrt("QUATERNION", bad, "EULER", out, &istat);
  CHECK(istat == 1);
}
