// 3-D contact (Adams CONTACT, MotionSolve Force_Contact; models/force_contact.hpp).
// Oracles: closed forms (a bounce returns the restitution coefficient times the impact speed; a
// box at rest on a plane carries m g with its centre of pressure under the CG, the lever rule;
// a cylinder rolling without slip accelerates at 2/3 g sin(a)), and the exact Jacobian against
// finite differences.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <random>

#include "parser/adm_reader.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.81;

/// A ball (m = 1, R = 0.1) dropped from z = 1 onto the ground plane, POISSON restitution r.
std::string bounce_adm(double r) {
  return fmt::format(R"ADM(bounce
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=0.004, 0.004, 0.004
MARKER/20, PART=2, QP=0, 0, 1
GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=0.2, YSCALE=0.2, ZSCALE=0.2
GRAPHICS/2, PLANE, RM=10
CONTACT/1, IGEOM=1, JGEOM=2, POISSON, PENALTY=1E8, RESTITUTION_COEFFICIENT={}
ACCGRAV/KGRAV=-9.81
INTEGRATOR/GSTIFF, ERROR=1E-8, HMAX=1E-4
END
)ADM",
                     r);
}

}  // namespace

TEST_CASE("CONTACT POISSON: a ball bounces back with the restitution coefficient") {
  const double r = 0.8, R = 0.1;
  const auto run =
      test::run_adm("contact_bounce", bounce_adm(r), "SIMULATE/DYNAMIC, END=2.0, STEPS=2000\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  // In flight the speed at touch-down (gap 0) is sqrt(vz^2 + 2 g (z - R)); from one flight to
  // the next it drops by the factor r.
  std::vector<double> touch;  // one per flight
  bool flying = false;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double z = run.y[k][2], vz = run.y[k][9];
    const bool free = z > R + 1e-3;
    if (free) {
      const double s = std::sqrt(vz * vz + 2 * kG * (z - R));
      if (!flying) touch.push_back(s);
      CHECK(s == Approx(touch.back()).epsilon(1e-6));  // no force in flight
    }
    flying = free;
  }
  REQUIRE(touch.size() >= 4);
  CHECK(touch[0] == Approx(std::sqrt(2 * kG * 0.9)).epsilon(1e-6));
  for (size_t b = 1; b < touch.size(); ++b) {
    INFO("bounce " << b << ": " << touch[b - 1] << " -> " << touch[b]);
    CHECK(std::abs(touch[b] / touch[b - 1] - r) < 1e-3);
  }
}

TEST_CASE("CONTACT box on a plane: the vertices carry m g, split by the lever rule") {
  // A 1 x 0.5 x 0.2 box (m = 10) whose CG sits 0.3 from its left edge: at rest its two bottom
  // edges carry 0.7 m g (left) and 0.3 m g (right), so the centre of pressure is under the CG.
  // Request 1 is the contact force on the box (CONTACT on I, in ground axes) with its torque
  // about the box's corner marker 21.
  const std::string adm = R"ADM(box
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=10, CM=20, IP=0.3, 0.9, 1.0
MARKER/20, PART=2, QP=0.3, 0.25, 0.1
MARKER/21, PART=2, QP=0, 0, 0
GRAPHICS/1, BOX, CORNER=21, X=1, Y=0.5, Z=0.2
GRAPHICS/2, PLANE, RM=10
CONTACT/1, IGEOM=1, JGEOM=2, IMPACT, STIFFNESS=1E7, EXPONENT=1, DAMPING=2E4, DMAX=1E-5
REQUEST/1, F2=CONTACT(1, 0, 2, 10)\F3=CONTACT(1, 0, 3, 10)\F4=CONTACT(1, 0, 4, 10)\
, F6=CONTACT(1, 0, 6, 10)\F7=CONTACT(1, 0, 7, 10)\F8=CONTACT(1, 0, 8, 10)
ACCGRAV/KGRAV=-9.81
INTEGRATOR/GSTIFF, ERROR=1E-9, HMAX=1E-3
END
)ADM";
  const auto run = test::run_adm("contact_box", adm, "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double mg = 10 * kG;
  auto req = [&](const char* c) {
    return run.requests.back()[test::request_column(run, std::string("req1.") + c)];
  };
  CHECK(req("f4") == Approx(mg).epsilon(1e-7));  // the sum of the vertex forces
  CHECK(std::abs(req("f2")) < 1e-6 * mg);
  CHECK(std::abs(req("f3")) < 1e-6 * mg);
  // Torque about the corner marker (at the box's bottom-left edge): y component = -x_cp * m g
  // with the centre of pressure x_cp = 0.3 (0.7 m g at x = 0 and 0.3 m g at x = 1), x = 0.25 m g.
  const double tilt = run.y.back()[0] - 0.3;  // the CG's x moves by the (tiny) rest tilt only
  CHECK(std::abs(tilt) < 1e-6);
  CHECK(req("f7") == Approx(-0.3 * mg).epsilon(1e-5));
  CHECK(req("f6") == Approx(0.25 * mg).epsilon(1e-5));
  CHECK(std::abs(req("f8")) < 1e-6 * mg);
  // At rest: the box sinks by m g / (4 k) on average.
  CHECK(std::abs(run.y.back()[9]) < 1e-6);
}

TEST_CASE("CONTACT cylinder on an incline: rolling without slip at 2/3 g sin(a)") {
  // A solid cylinder (m = 1, R = 0.1, length 0.2, axis along y) on the ground plane with gravity
  // tilted by a = 20 degrees (the slope pulls along +x). mu_static = 1 is far above the
  // tan(a) / 3 = 0.12 rolling needs, so it rolls on the stiction branch: the slip settles at
  // the small constant speed where m(s) N = m g sin(a) / 3, and x'' = 2/3 g sin(a) up to the
  // contact's compression (the rolling radius is R minus about m g cos(a) / (2 k) = 5e-6: a
  // relative 1e-4) and the short start-up until the slip settles (s / g ~ 1e-5 s).
  const double a = 20 * std::numbers::pi / 180;
  const std::string adm = fmt::format(R"ADM(roll
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP={:.17g}, 0.005, {:.17g}
MARKER/20, PART=2, QP=0, 0.1, 0.1
MARKER/21, PART=2, QP=0, 0, 0.1, REULER=0, -90D, 0
GRAPHICS/1, CYLINDER, CM=21, RADIUS=0.1, LENGTH=0.2, SIDES=20
GRAPHICS/2, PLANE, RM=10
CONTACT/1, IGEOM=1, JGEOM=2, IMPACT, STIFFNESS=1E6, EXPONENT=1, DAMPING=2E3, DMAX=1E-5
, COULOMB_FRICTION=ON, MU_STATIC=1, MU_DYNAMIC=0.8
, STICTION_TRANSITION_VELOCITY=1E-3, FRICTION_TRANSITION_VELOCITY=2E-3
ACCGRAV/IGRAV={:.17g}, KGRAV={:.17g}
INTEGRATOR/GSTIFF, ERROR=1E-9, HMAX=1E-3
END
)ADM",
                                      (3 * 0.01 + 0.04) / 12, (3 * 0.01 + 0.04) / 12,
                                      kG * std::sin(a), -kG * std::cos(a));
  const auto run = test::run_adm("contact_roll", adm, "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double expected = 2.0 / 3.0 * kG * std::sin(a);
  // Acceleration from the velocity gained between t = 0.2 and t = 1 (after the start-up).
  const size_t k0 = 2, k1 = run.t.size() - 1;
  const double accel = (run.y[k1][7] - run.y[k0][7]) / (run.t[k1] - run.t[k0]);
  CHECK(accel == Approx(expected).epsilon(5e-4));
  for (size_t k = 1; k < run.t.size(); ++k) {
    // Rolling: x' = -R w_y (w in global axes: the 13 body states hold w in body axes, equal to
    // global ones here as the body frame is aligned with ground up to the rotation about y).
    const double vx = run.y[k][7];
    const double rolled = run.y[k][0];  // distance along x from x = 0
    INFO("t = " << run.t[k] << " vx " << vx << " x " << rolled);
    CHECK(rolled == Approx(0.5 * expected * run.t[k] * run.t[k]).epsilon(2e-3));
  }
}

TEST_CASE("CONTACT cylinder standing on its flat face: it rests on its rim, upright") {
  // A cylinder (m = 2, R = 0.1, length 0.2, axis z) dropped 1 mm onto the ground plane with its
  // CG 0.04 off the axis: standing on one point at the face's centre it would topple; on the
  // 8 rim points it stays upright, the centre of pressure under the CG (torque about the bottom
  // centre marker 21: -0.04 m g about y), tilted by the springs' compliance only: the 8 rim
  // points share the law (k / 8 each: k = 1e6 when the face is flat), so a tilt theta gives the
  // moment (k / 8) theta 8 R^2 / 2 = 0.04 m g, theta = 1.5696e-4 rad (plus 0.04 %: the CG,
  // 0.1 above the face, moves sideways as it tilts).
  const double m = 2;
  const std::string adm = R"ADM(standing
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=0.008, 0.008, 0.01
MARKER/20, PART=2, QP=0.04, 0, 0.101
MARKER/21, PART=2, QP=0, 0, 0.001
GRAPHICS/1, CYLINDER, CM=21, RADIUS=0.1, LENGTH=0.2
GRAPHICS/2, PLANE, RM=10
CONTACT/1, IGEOM=1, JGEOM=2, IMPACT, STIFFNESS=1E6, EXPONENT=1, DAMPING=2E3, DMAX=1E-5
REQUEST/1, F2=CONTACT(1, 0, 2, 10)\F3=CONTACT(1, 0, 3, 10)\F4=CONTACT(1, 0, 4, 10)\
, F6=CONTACT(1, 0, 6, 10)\F7=CONTACT(1, 0, 7, 10)\F8=CONTACT(1, 0, 8, 10)
ACCGRAV/KGRAV=-9.81
INTEGRATOR/GSTIFF, ERROR=1E-9, HMAX=1E-3
END
)ADM";
  const auto run = test::run_adm("contact_standing", adm, "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  auto req = [&](const char* c) {
    return run.requests.back()[test::request_column(run, std::string("req1.") + c)];
  };
  const double mg = m * kG;
  const std::vector<double>& y = run.y.back();
  const double tilt = 2 * std::hypot(y[4], y[5]);  // 2 |(e1, e2)|: the angle off upright
  INFO("tilt " << tilt << " rad, x " << y[0] << ", torque y " << req("f7"));
  CHECK(tilt == Approx(0.04 * mg / (1e6 * 0.01 / 2)).epsilon(1e-3));
  CHECK(std::abs(y[0] - 0.04) < 1e-5);
  CHECK(std::hypot(y[7], y[8], y[9]) < 1e-6);
  CHECK(req("f4") == Approx(mg).epsilon(1e-7));
  // Torque about the bottom centre 21 (it moves by the sink and the tilt only: 1e-5).
  CHECK(req("f7") == Approx(-0.04 * mg).epsilon(1e-3));
  CHECK(std::abs(req("f6")) < 1e-3 * mg);
}

TEST_CASE("CONTACT: the analytic Jacobian matches finite differences") {
  // "onbox": a sphere on a box's face (FCL finds the face, the points are the closed form's).
  for (const char* pair :
       {"sphere", "box", "cylinder", "frustum", "ellipsoid", "spheres", "onbox"}) {
    const std::string geometry =
        std::string(pair) == "sphere" ? "GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=2, YSCALE=2, ZSCALE=2"
        : std::string(pair) == "box"  ? "GRAPHICS/1, BOX, CORNER=20, X=1, Y=-0.6, Z=0.4"
        : std::string(pair) == "cylinder" ? "GRAPHICS/1, CYLINDER, CM=20, RADIUS=1, LENGTH=0.5"
        : std::string(pair) == "frustum"
            ? "GRAPHICS/1, FRUSTUM, CM=20, BOTTOM=1, TOP=0.5, LENGTH=0.5"
        : std::string(pair) == "ellipsoid"
            ? "GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=2, YSCALE=1, ZSCALE=1.5"
            : "GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=2, YSCALE=2, ZSCALE=2";
    const std::string other = std::string(pair) == "spheres"
                                  ? "GRAPHICS/2, ELLIPSOID, CM=30, XSCALE=1, YSCALE=1, ZSCALE=1"
                              : std::string(pair) == "onbox"
                                  ? "GRAPHICS/2, BOX, CORNER=31, X=10, Y=10, Z=-2"
                                  : "GRAPHICS/2, PLANE, RM=30";
    for (const char* law : {"IMPACT, STIFFNESS=1E4, EXPONENT=1.5, DAMPING=10, DMAX=0.5",
                            "POISSON, PENALTY=1E4, RESTITUTION_COEFFICIENT=0.5"}) {
      INFO(pair << " " << law);
      const std::string adm = fmt::format(R"ADM(jacobian
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=1, 2, 3
MARKER/20, PART=2, QP=0.1, 0.2, 0.3, REULER=10D, 20D, 30D
PART/3, MASS=1, CM=30, IP=1, 1, 1
MARKER/30, PART=3, QP=0, 0, 0.4, REULER=5D, -10D, 0
MARKER/31, PART=3, QP=-5, -5, -0.4
{}
{}
CONTACT/1, IGEOM=1, JGEOM=2, {}
, COULOMB_FRICTION=ON, MU_STATIC=0.5, MU_DYNAMIC=0.3
, STICTION_TRANSITION_VELOCITY=0.1, FRICTION_TRANSITION_VELOCITY=1
END
)ADM",
                                          geometry, other, law);
      const auto path = std::filesystem::temp_directory_path() /
                        ("mbsolve_contact_jac_" + std::to_string(::getpid()) + ".adm");
      std::ofstream(path) << adm;
      Diagnostics diag;
      const Deck deck = read_adm_deck_file(path.string(), diag);
      std::filesystem::remove(path);
      auto model = build_model(deck, diag);
      REQUIRE(model);
      REQUIRE(model->contacts.size() == 1);
      const System sys(*model);
      std::mt19937 rng(5);
      for (int trial = 0; trial < 6; ++trial) {
        const auto check = test::check_jacobian_at_random_state(sys, 0.1, 20.0, rng, 0.1);
        INFO(check.where);
        CHECK(check.worst < 1e-5);
      }
    }
  }
}

TEST_CASE("CONTACT: unsupported geometry is a deck error naming the file or the pair") {
  const std::string adm = R"ADM(errors
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2
GRAPHICS/1, EXTERNAL, RM=20, FILE=no_such_part.xmt_txt, ELEMENT=SOLID1
GRAPHICS/2, PLANE, RM=10
GRAPHICS/3, BOX, CORNER=20, X=1, Y=1, Z=1
GRAPHICS/4, CIRCLE, CM=10, RADIUS=1
CONTACT/1, IGEOM=1, JGEOM=2, IMPACT, STIFFNESS=1E5
CONTACT/2, IGEOM=3, JGEOM=4, IMPACT, STIFFNESS=1E5
CONTACT/3, IGEOM=3, JGEOM=9, POISSON, PENALTY=1E5, RESTITUTION_COEFFICIENT=1.5
END
)ADM";
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(adm, "errors.adm", diag);
  const auto model = build_model(deck, diag);
  CHECK_FALSE(model);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  INFO(all);
  CHECK(all.find("errors.adm:6:") != std::string::npos);  // at the FILE of GRAPHICS 1
  CHECK(all.find("CONTACT 1: IGEOM 1: the mesh file 'no_such_part.xmt_txt' is not supported: "
                 "only triangle meshes in STL (.stl) or Wavefront OBJ (.obj) files are read") !=
        std::string::npos);
  CHECK(all.find("CONTACT 2: contact between BOX 3 and CIRCLE 4 is not supported") !=
        std::string::npos);
  CHECK(all.find("JGEOM 9 is not a geometry") != std::string::npos);
  CHECK(all.find("RESTITUTION_COEFFICIENT must lie in [0, 1]") != std::string::npos);
}

TEST_CASE("Force_Contact IMPACT: a ball settles at the depth where k d^e = m g") {
  // MotionSolve XML with Post_Graphic geometry: a sphere (m = 2, R = 0.05) on a plane marker
  // tilted by 30 degrees about x, gravity along the plane's normal. At rest the IMPACT law
  // leaves only its spring: d = (m g / k)^(1/e) below the plane along its normal.
  const double k = 1e5, e = 1.5, m = 2, R = 0.05, th = std::numbers::pi / 6;
  const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="{:.17g}" grav_z="{:.17g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" theta="{:.17g}"/>
    <Body_Rigid id="2" cg_id="20" mass="{}" inertia_xx="0.002" inertia_yy="0.002"
                inertia_zz="0.002"/>
    <Reference_Marker id="20" body_id="2" pos_y="{:.17g}" pos_z="{:.17g}"/>
    <Post_Graphic id="1" type="Sphere" center_marker_id="20" radius="{}"/>
    <Post_Graphic id="2" type="Plane" center_marker_id="10"/>
    <Force_Contact id="1" num_i_graphics="1" i_graphics_id="1" num_j_graphics="1"
                   j_graphics_id="2" cnf_type="Impact" stiffness="{}" exponent="{}"
                   damping="50" dmax="1e-3" cff_type="Coulomb_On" mu_static="0.3"
                   mu_dynamic="0.2" stiction_trans_vel="1e-3" friction_trans_vel="2e-3"/>
    <Post_Request id="1" type="ELEMENTAL_FORCE" elem_type="Force_Contact" element_id="1"
                  jflag="1" ref_marker_id="10"/>
    <Param_Transient integr_tol="1e-9"/>
    </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.1"/>
    </Command></MotionSolve>)XML",
                                                kG * std::sin(th), -kG * std::cos(th), th, m,
                                                -R * std::sin(th), R * std::cos(th), R, k, e));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double d = std::pow(m * kG / k, 1 / e);
  const std::vector<double>& y = run.y.back();
  const double height = -y[1] * std::sin(th) + y[2] * std::cos(th);  // along the plane normal
  CHECK(height == Approx(R - d).epsilon(1e-7));
  CHECK(std::hypot(y[7], y[8], y[9]) < 1e-6);
  // ELEMENTAL_FORCE on J (the ground plane) in the plane's axes: -m g along its normal.
  auto req = [&](const char* c) {
    return run.requests.back()[test::request_column(run, std::string("req1.") + c)];
  };
  CHECK(req("fz") == Approx(-m * kG).epsilon(1e-7));
  CHECK(std::abs(req("fx")) < 1e-7 * m * kG);
  CHECK(std::abs(req("fy")) < 1e-7 * m * kG);
}

TEST_CASE("CONTACT JFLIP_GEOMETRY: a ball under a flipped plane, a ball in a hollow sphere") {
  // Gravity up (+z) presses a ball (m = 1, R = 0.1) against a plane whose normal JFLIP turns
  // down; gravity down keeps a ball of R = 0.1 at the bottom of a flipped sphere of R = 0.5.
  // At rest both penetrate by d = (m g / k)^(1/e).
  const double k = 1e5, e = 1.5, d = std::pow(kG / k, 1 / e);
  for (const bool hollow : {false, true}) {
    INFO((hollow ? "hollow sphere" : "flipped plane"));
    const std::string adm =
        fmt::format(R"ADM(flip
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=0.004, 0.004, 0.004
MARKER/20, PART=2, QP=0, 0, {}
GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=0.2, YSCALE=0.2, ZSCALE=0.2
GRAPHICS/2, {}
CONTACT/1, IGEOM=1, JGEOM=2, JFLIP_GEOMETRY=2, IMPACT, STIFFNESS={}, EXPONENT={}
, DAMPING=20, DMAX=1E-3
ACCGRAV/KGRAV={}
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM",
                    hollow ? -0.4 : -0.1,
                    hollow ? "ELLIPSOID, CM=10, XSCALE=1, YSCALE=1, ZSCALE=1" : "PLANE, RM=10", k,
                    e, hollow ? -kG : kG);
    const auto run = test::run_adm("contact_flip", adm, "SIMULATE/DYNAMIC, END=2, STEPS=4\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(run.y.back()[2] == Approx(hollow ? -0.4 - d : -0.1 + d).epsilon(1e-7));
  }
}

TEST_CASE("DEACTIVATE/CONTACT: a ball resting on a plane falls through it") {
  // A ball (m = 1, R = 0.1) resting on an IMPACT plane at the depth where k d^e = m g; at
  // t = 0.5 the contact is switched off and the ball falls freely from where it was.
  const double k = 1e5, e = 1.5, m = 1, R = 0.1;
  const double d = std::pow(m * kG / k, 1 / e), z0 = R - d;
  const auto run = test::run_adm("contact_deactivate",
                                 fmt::format(R"ADM(resting ball
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS={}, CM=20, IP=0.004, 0.004, 0.004
MARKER/20, PART=2, QP=0, 0, {:.17g}
GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=0.2, YSCALE=0.2, ZSCALE=0.2
GRAPHICS/2, PLANE, RM=10
CONTACT/1, IGEOM=1, JGEOM=2, IMPACT, STIFFNESS={}, EXPONENT={}, DAMPING=50, DMAX=1E-3
ACCGRAV/KGRAV=-9.81
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM",
                                             m, z0, k, e),
                                 "SIMULATE/DYNAMIC, END=0.5, STEPS=5\n"
                                 "DEACTIVATE/CONTACT, ID=1\n"
                                 "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  size_t k1 = 0;  // the row at t = 0.5
  for (size_t j = 0; j < run.t.size(); ++j) {
    if (run.t[j] <= 0.5 + 1e-12) {
      CHECK(run.y[j][2] == Approx(z0).margin(1e-7).epsilon(0));  // at rest on the plane
      k1 = j;
    }
  }
  const double z1 = run.y[k1][2], v1 = run.y[k1][9];
  for (size_t j = k1 + 1; j < run.t.size(); ++j) {
    const double s = run.t[j] - 0.5;
    INFO("t = " << run.t[j]);
    CHECK(run.y[j][2] == Approx(z1 + v1 * s - 0.5 * kG * s * s).margin(1e-7).epsilon(0));
  }
  CHECK(run.t.back() == Approx(1.0));
  CHECK(run.y.back()[2] < -1.0);  // through the plane
}
