// Output channels of the compliant elements (models/compliant_outputs.hpp) through Post_Request
// ELEMENTAL_FORCE and the BUSH()/SPDP() components 9.., against the laws evaluated independently
// from the body states, and the energy balance of a chain of every compliant element: kinetic
// energy (from the states) + the elements' potential energies + the time integral of their
// dissipated powers stays constant.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "solver/request_outputs.hpp"
#include "tests/models/compliant_support.hpp"

using namespace mb;
using namespace mb::test;

namespace {

/// Request channel values at output row s, by column name.
struct Channels {
  const InlineRun& run;
  RequestOutputs req;
  std::vector<ResultColumn> cols;
  explicit Channels(const InlineRun& r) : run(r), req(*r.sys), cols(req.columns()) {}
  std::vector<double> row(size_t s) {
    std::vector<double> yp(run.y[s].size(), 0.0), out(req.size());
    req.values(run.t[s], run.y[s].data(), yp.data(), out);
    return out;
  }
  size_t index(const std::string& name) const {
    for (size_t c = 0; c < cols.size(); ++c) {
      if (cols[c].name == name) return c;
    }
    FAIL("no column " << name);
    return 0;
  }
};

}  // namespace

TEST_CASE("ELEMENTAL_FORCE on a bushing: forces as BUSH(), channels as the law") {
  const Vec6 k = (Vec6() << 1000, 1500, 900, 40, 50, 60).finished();
  const Vec6 c = (Vec6() << 7, 5, 6, 0.3, 0.2, 0.4).finished();
  const Vec6 pre = (Vec6() << 2, -1, 0.5, 0.1, 0.2, -0.3).finished();
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" psi="0.2"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.2" inertia_yy="0.3" inertia_zz="0.4"
      v_ic_x="0.2" v_ic_y="-0.1" v_ic_z="0.3" w_ic_x="0.5" w_ic_y="-0.4" w_ic_z="0.6"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Marker id="21" body_id="2" pos_x="0.01" pos_y="0.02" pos_z="-0.01" psi="0.25"
      theta="0.05" phi="-0.03"/>
    <Force_Bushing id="9" i_marker_id="21" j_marker_id="10" kx="{}" ky="{}" kz="{}" ktx="{}"
      kty="{}" ktz="{}" cx="{}" cy="{}" cz="{}" ctx="{}" cty="{}" ctz="{}" preload_x="{}"
      preload_y="{}" preload_z="{}" preload_tx="{}" preload_ty="{}" preload_tz="{}"/>
    <Post_Request id="5" type="ELEMENTAL_FORCE" elem_type="Force_Bushing" element_id="9"
      jflag="1" ref_marker_id="20"/>
    <Post_Request id="6" type="EXPRESSION" expr1="BUSH(9, 1, 2, 20)" expr2="BUSH(9, 1, 8, 20)"
      expr3="BUSH(9, 0, 14)" expr4="BUSH(9, 0, 27)"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.5" print_interval="0.05"/>
  </Command></MotionSolve>)XML",
                                      k(0), k(1), k(2), k(3), k(4), k(5), c(0), c(1), c(2), c(3),
                                      c(4), c(5), pre(0), pre(1), pre(2), pre(3), pre(4), pre(5));
  const InlineRun run = run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  Channels ch(run);
  REQUIRE(ch.cols.size() == 6 + 21 + 4);
  CHECK(ch.cols[ch.index("req5.fx")].unit == "newton");
  for (size_t s = 0; s < run.t.size(); ++s) {
    const std::vector<double> out = ch.row(s);
    const Pose I = marker_pose(*run.sys, 21, run.y[s]);
    const Pose J = marker_pose(*run.sys, 10, run.y[s]);
    const Pose R = marker_pose(*run.sys, 20, run.y[s]);
    // The law, independently: x in J axes, Adams' AX/AY/AZ-like angles, rates in J axes.
    const Vec3 d = I.r - J.r;
    Vec6 x, xd;
    x.head<3>() = J.A.transpose() * d;
    x(3) = std::atan2(I.A.col(1).dot(J.A.col(2)), I.A.col(1).dot(J.A.col(1)));
    x(4) = std::atan2(I.A.col(2).dot(J.A.col(0)), I.A.col(2).dot(J.A.col(2)));
    x(5) = std::atan2(I.A.col(0).dot(J.A.col(1)), I.A.col(0).dot(J.A.col(0)));
    xd.head<3>() = J.A.transpose() * ((I.v - J.v) - J.w.cross(d));
    xd.tail<3>() = J.A.transpose() * (I.w - J.w);
    const Vec6 g = -k.cwiseProduct(x) - c.cwiseProduct(xd) + pre;
    const double pe = 0.5 * x.dot(k.cwiseProduct(x)) - pre.dot(x);
    const double pdiss = xd.dot(c.cwiseProduct(xd));
    // The reaction on J's body acts at R_I: about J's origin add (R_I - R_J) x (-F).
    const Vec3 F = J.A * g.head<3>();
    const Vec3 Tj = -(J.A * g.tail<3>()) + d.cross(-F);
    const Vec3 Fr = R.A.transpose() * (-F), Tr = R.A.transpose() * Tj;
    for (int a = 0; a < 3; ++a) {
      CHECK(std::abs(out[ch.index("req5.f" + std::string(1, "xyz"[a]))] - Fr(a)) < 1e-9);
      CHECK(std::abs(out[ch.index("req5.t" + std::string(1, "xyz"[a]))] - Tr(a)) < 1e-9);
    }
    const char* axes[6] = {"x", "y", "z", "tx", "ty", "tz"};
    for (int a = 0; a < 6; ++a) {
      CHECK(std::abs(out[ch.index(std::string("req5.q") + axes[a])] - x(a)) < 1e-12);
      CHECK(std::abs(out[ch.index(std::string("req5.qd") + axes[a])] - xd(a)) < 1e-12);
      CHECK(std::abs(out[ch.index(std::string("req5.g") + axes[a])] - g(a)) < 1e-9);
    }
    CHECK(std::abs(out[ch.index("req5.pe")] - pe) < 1e-12);
    CHECK(std::abs(out[ch.index("req5.pdiss")] - pdiss) < 1e-12);
    // The query components: force on J in RM axes, and channels 9 + k.
    CHECK(std::abs(out[ch.index("req6.f1")] - Fr(0)) < 1e-9);
    CHECK(std::abs(out[ch.index("req6.f2")] - Tr(2)) < 1e-9);
    CHECK(std::abs(out[ch.index("req6.f3")] - x(5)) < 1e-12);  // 9 + 5: qtz
    CHECK(std::abs(out[ch.index("req6.f4")] - pe) < 1e-12);    // 9 + 18: pe
  }
}

TEST_CASE("ELEMENTAL_FORCE on a spring-damper: distance, vectors, scalar force, energy") {
  const double k = 40, cd = 0.3, L = 0.8, F0 = 2.5, vo = 0.2;
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.1" pos_y="-0.2" pos_z="0.05"/>
    <Reference_Marker id="11" body_id="1" psi="0.7" theta="0.3"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.05" inertia_yy="0.08" inertia_zz="0.1"
                v_ic_x="0.3" v_ic_y="1.1" v_ic_z="-0.4" w_ic_x="2" w_ic_y="-1" w_ic_z="3"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" pos_z="0.3"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.1" pos_y="0.25" pos_z="0.2"/>
    <Force_SpringDamper id="7" type="TRANSLATIONAL" i_marker_id="21" j_marker_id="10"
        stiffness="{}" damping="{}" length="{}" preload="{}" velocity_offset="{}"/>
    <Post_Request id="3" type="ELEMENTAL_FORCE" elem_type="SPDP" element_id="7" ref_marker_id="11"/>
    <Post_Request id="4" type="EXPRESSION" expr1="SPDP(7, 0, 9)" expr2="SPDP(7, 0, 11)"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.5" print_interval="0.05"/>
  </Command></MotionSolve>)XML",
                                      k, cd, L, F0, vo);
  const InlineRun run = run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  Channels ch(run);
  REQUIRE(ch.cols.size() == 6 + 12 + 2);
  for (size_t s = 0; s < run.t.size(); ++s) {
    const std::vector<double> out = ch.row(s);
    const Pose I = marker_pose(*run.sys, 21, run.y[s]);
    const Pose J = marker_pose(*run.sys, 10, run.y[s]);
    const Pose R = marker_pose(*run.sys, 11, run.y[s]);
    const Vec3 d = I.r - J.r, v = I.v - J.v;
    const double l = d.norm(), ldot = v.dot(d) / l;
    const double f = -k * (l - L) - cd * (ldot - vo) + F0;
    const Vec3 Fr = R.A.transpose() * (f * d / l), dr = R.A.transpose() * d,
               vr = R.A.transpose() * v;
    CHECK(std::abs(out[ch.index("req3.l")] - l) < 1e-12);
    CHECK(std::abs(out[ch.index("req3.ldot")] - ldot) < 1e-12);
    CHECK(std::abs(out[ch.index("req3.f")] - f) < 1e-10);
    for (int a = 0; a < 3; ++a) {
      const std::string ax(1, "xyz"[a]);
      CHECK(std::abs(out[ch.index("req3.f" + ax)] - Fr(a)) < 1e-10);
      CHECK(std::abs(out[ch.index("req3.d" + ax)] - dr(a)) < 1e-12);
      CHECK(std::abs(out[ch.index("req3.v" + ax)] - vr(a)) < 1e-12);
    }
    CHECK(std::abs(out[ch.index("req3.pe")] - (0.5 * k * (l - L) * (l - L) - F0 * (l - L))) <
          1e-12);
    CHECK(std::abs(out[ch.index("req3.pdiss")] - cd * (ldot - vo) * ldot) < 1e-12);
    CHECK(std::abs(out[ch.index("req4.f1")] - l) < 1e-12);
    CHECK(std::abs(out[ch.index("req4.f2")] - f) < 1e-10);
  }
}

TEST_CASE(
    "energy balance: kinetic + potential + dissipated of a chain of every compliant element") {
  // A planar chain (motion in x-y, rotation about z, where the small-angle coordinates are exact):
  // ground -bushing- body 2 -field (asymmetric K)- body 3 -beam- body 4 -spring-damper- ground.
  // No gravity; the energy is the elements' potential energies plus the kinetic energy. The
  // balance error is the trapezoid rule's on the dissipated power (measured: 6.1e-6, 1.5e-6,
  // 3.9e-7 J at output steps 0.5, 0.25, 0.125 ms: second order), not a modelling error.
  const std::string xml = R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="3" pos_y="1.5"/>
    <Reference_Marker id="12" body_id="1" pos_x="0.95" pos_y="0.02"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.2" inertia_yy="0.3" inertia_zz="0.4"
      v_ic_x="0.3" v_ic_y="0.5" w_ic_z="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1"/>
    <Reference_Marker id="21" body_id="2" pos_x="1"/>
    <Reference_Marker id="22" body_id="2" pos_x="1.5"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.1" inertia_yy="0.15" inertia_zz="0.2"
      v_ic_x="-0.2" v_ic_y="0.4" w_ic_z="-0.5"/>
    <Reference_Marker id="30" body_id="3" pos_x="2" pos_y="0.2"/>
    <Reference_Marker id="31" body_id="3" pos_x="2" pos_y="0.2"/>
    <Reference_Marker id="32" body_id="3" pos_x="2.4" pos_y="0.2"/>
    <Body_Rigid id="4" cg_id="40" mass="1" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"
      v_ic_x="0.1" v_ic_y="-0.6" w_ic_z="2"/>
    <Reference_Marker id="40" body_id="4" pos_x="3" pos_y="0.2"/>
    <Reference_Marker id="41" body_id="4" pos_x="2.9" pos_y="0.2"/>
    <Reference_Marker id="42" body_id="4" pos_x="3.2" pos_y="0.3"/>
    <Force_Bushing id="9" i_marker_id="21" j_marker_id="12" kx="400" ky="500" kz="300" ktx="20"
      kty="25" ktz="15" cx="0.6" cy="0.4" cz="0.5" ctx="0.02" cty="0.03" ctz="0.015"
      preload_x="2" preload_tz="0.1"/>
    <Force_Field id="8" i_marker_id="31" j_marker_id="22" k11="300" k22="250" k33="200" k44="10"
      k55="10" k66="20" k12="30" k21="30" k16="5" k61="5" k26="8" k62="2" c11="0.5" c22="0.4"
      c66="0.01" c12="0.1" length_x="0.4" length_y="0.15" preload_y="1"/>
    <Force_Beam id="7" i_marker_id="41" j_marker_id="32" length="0.5" e="2e5" g="8e4"
      area="0.01" ixx="2e-5" iyy="1e-5" izz="1.5e-5" asy="1.2" asz="1.1" cratio="0.002"/>
    <Force_SpringDamper id="6" type="TRANSLATIONAL" i_marker_id="42" j_marker_id="11"
      stiffness="40" damping="0.3" length="1" preload="1"/>
    <Post_Request id="1" type="ELEMENTAL_FORCE" elem_type="Force_Bushing" element_id="9"/>
    <Post_Request id="2" type="ELEMENTAL_FORCE" elem_type="Force_Field" element_id="8"/>
    <Post_Request id="3" type="ELEMENTAL_FORCE" elem_type="Force_Beam" element_id="7"/>
    <Post_Request id="4" type="ELEMENTAL_FORCE" elem_type="Force_SpringDamper" element_id="6"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.00025"/>
  </Command></MotionSolve>)XML";
  const InlineRun run = run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  Channels ch(run);
  const size_t n = run.t.size();
  std::vector<double> e(n), power(n), e_state(n);
  double potential0 = 0, field_antisymmetric_power = 0, ediss0 = 0;
  for (size_t s = 0; s < n; ++s) {
    const std::vector<double> out = ch.row(s);
    double pe = 0, pd = 0, ed = 0;
    for (int r = 1; r <= 4; ++r) {
      pe += out[ch.index(fmt::format("req{}.pe", r))];
      pd += out[ch.index(fmt::format("req{}.pdiss", r))];
      ed += out[ch.index(fmt::format("req{}.ediss", r))];
    }
    if (s == 0) ediss0 = ed;
    e_state[s] = kinetic_energy(*run.sys, run.y[s]) + pe + ed;
    if (s == 0) potential0 = pe;
    e[s] = kinetic_energy(*run.sys, run.y[s]) + pe;
    power[s] = pd;
    // The field's circulatory part (k26 != k62) does work: its dissipated power has a sign.
    field_antisymmetric_power = std::max(field_antisymmetric_power, -out[ch.index("req2.pdiss")]);
  }
  double worst = 0, out_of_plane = 0, max_angle = 0, worst_state = 0;
  for (size_t s = 0; s < n; ++s) {
    worst = std::max(worst, std::abs(e[s] + trapezoid(run.t, power, s) - e[0]));
    worst_state = std::max(worst_state, std::abs(e_state[s] - e_state[0]));
    for (int b = 1; b <= 3; ++b) {
      const Pose p = body_pose(*run.sys, b, run.y[s]);
      out_of_plane += std::abs(p.r.z());
      max_angle = std::max(max_angle, std::abs(std::atan2(p.A(1, 0), p.A(0, 0))));
    }
  }
  const double dissipated = trapezoid(run.t, power, n - 1);
  INFO("initial energy " << e[0] << " (potential " << potential0 << "), dissipated " << dissipated
                         << ", worst balance error " << worst << " (with the ediss states "
                         << worst_state << "), largest rotation " << max_angle);
  CHECK(std::abs(potential0) > 0.05 * e[0]);  // the elements store energy from the start
  CHECK(dissipated > 0.02 * e[0]);            // the dampers matter
  CHECK(field_antisymmetric_power > 0);       // negative dissipation occurs: K's circulatory part
  CHECK(out_of_plane < 1e-9);                 // planar: the small-angle coordinates are exact
  CHECK(worst < 1e-6 * e[0]);
  // The dissipated-energy states (integrated with the motion, E(0) = 0) close the balance too.
  CHECK(ediss0 == 0.0);
  CHECK(worst_state < 1e-6 * e[0]);
}

TEST_CASE("ELEMENTAL_FORCE: deck errors name what is wrong") {
  const std::string base = R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Force_Bushing id="9" i_marker_id="20" j_marker_id="10" kx="10"/>
    REQUEST
  </Model></MotionSolve>)XML";
  auto with = [&](const std::string& request) {
    std::string xml = base;
    xml.replace(xml.find("REQUEST"), 7, request);
    return deck_errors(xml);
  };
  CHECK_THAT(with(R"(<Post_Request id="5" type="ELEMENTAL_FORCE" elem_type="Force_Bushing"
                       element_id="8"/>)"),
             Catch::Contains("error: Post_Request 5: ELEMENTAL_FORCE: BUSH element 8 does not "
                             "exist"));
  CHECK_THAT(with(R"(<Post_Request id="5" type="ELEMENTAL_FORCE" element_id="9"/>)"),
             Catch::Contains("error: Post_Request 5: missing required attribute 'elem_type'"));
  CHECK_THAT(with(R"(<Post_Request id="5" type="ELEMENTAL_FORCE" elem_type="Body_Rigid"
                       element_id="9"/>)"),
             Catch::Contains("Post_Request 5:"));
  CHECK_THAT(with(R"(<Post_Request id="5" type="ELEMENTAL_FORCE" elem_type="BUSH"
                       element_id="9" jflag="2"/>)"),
             Catch::Contains("jflag"));
  CHECK_THAT(with(R"X(<Post_Request id="5" type="EXPRESSION" expr1="BUSH(9, 0, 30)"/>)X"),
             Catch::Contains("comp must be 1..8 (forces) or 9..29 (the element's output "
                             "channels)"));
}
