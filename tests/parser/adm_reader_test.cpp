#include "parser/adm_reader.hpp"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <tuple>

#include "common/error.hpp"
#include "parser/acf_reader.hpp"
#include "parser/read_deck.hpp"

using namespace mb;

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

std::vector<const DeckNode*> nodes(const Deck& deck, std::string_view tag) {
  std::vector<const DeckNode*> out;
  for (const auto& n : deck.model) {
    if (n.tag == tag) out.push_back(&n);
  }
  return out;
}

/// The command nodes with this tag (OUTPUT/ and RESULTS/ become ResOutput commands).
std::vector<const DeckNode*> command_nodes(const Deck& deck, std::string_view tag) {
  std::vector<const DeckNode*> out;
  for (const auto& n : deck.commands) {
    if (n.tag == tag) out.push_back(&n);
  }
  return out;
}

const DeckNode* node(const Deck& deck, std::string_view tag, std::string_view id) {
  for (const auto& n : deck.model) {
    const DeckAttribute* a = n.find("id");
    if (n.tag == tag && a && a->value == id) return &n;
  }
  return nullptr;
}

std::string attr(const DeckNode* n, std::string_view name) {
  REQUIRE(n);
  const DeckAttribute* a = n->find(name);
  return a ? a->value : std::string("<absent>");
}

double num(const DeckNode* n, std::string_view name) { return std::stod(attr(n, name)); }

/// A file the reader finds as a user library (ROUTINE=<path>::routine): the reader only looks
/// for it; loading it is the model's part.
std::string library_file() {
  const auto path = std::filesystem::temp_directory_path() / "libmb_parser_test_subs.so";
  std::ofstream(path) << "";
  return path.string();
}

std::string errors(const Diagnostics& d) {
  std::string s;
  for (const auto& x : d.all()) {
    if (x.severity == Severity::kError) s += x.headline() + "\n";
  }
  return s;
}

/// The first error of the dataset "title" + `body` (file e.adm), or "no error".
std::string first_error(const std::string& body) {
  Diagnostics diag;
  read_adm_deck_text("title\n" + body, "e.adm", diag);
  for (const auto& d : diag.all()) {
    if (d.severity == Severity::kError) return d.headline();
  }
  return "no error";
}

// An independent 3-1-3 product: each elementary rotation written out, then multiplied.
using M3 = std::array<std::array<double, 3>, 3>;
M3 product(const M3& a, const M3& b) {
  M3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j];
  return r;
}
M3 about_z(double t) { return {{{cos(t), -sin(t), 0}, {sin(t), cos(t), 0}, {0, 0, 1}}}; }
M3 about_x(double t) { return {{{1, 0, 0}, {0, cos(t), -sin(t)}, {0, sin(t), cos(t)}}}; }
M3 euler313(double a, double b, double c) {
  return product(product(about_z(a), about_x(b)), about_z(c));
}

void check_axes(const DeckNode* m, const M3& want) {
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      const std::string name{'a', static_cast<char>('0' + r), static_cast<char>('0' + c)};
      INFO(name);
      CHECK(num(m, name) == Approx(want[r][c]).margin(1e-14));
    }
  }
}

}  // namespace

TEST_CASE("ADM reader: statements, continuations, comments, ids and locations") {
  const std::string text = R"ADM(My model title, not a statement
UNITS/
, FORCE = NEWTON, MASS = KILOGRAM   ! trailing comment
, LENGTH = METER, TIME = SECOND
!
PART/01, GROUND
MARKER/0101, PART = 01
PART/02, MASS = 1.5
, CM = 0201, IP = 0.04, 0.1, 0.2
, VX = 1, WZ = 2
MARKER/0201, PART = 02, QP = 1, 2, 3
, REULER = 90D, 90D, 0
JOINT/1, REVOLUTE
, I = 0201, J = 0101
ACCGRAV/
, KGRAV = -9.80665
REQUEST/05, F2=JOINT(1,0,2,0)\F3=JOINT(1,0,3,0)\F6=JOINT(1,0,6,0),C=RForce X Y Z
REQUEST/01, D,I=0201,J=0101,C=DISPLACEMENT: X Y Z
END
JUNK after END is never read
)ADM";
  Diagnostics diag;
  Deck deck = read_adm_deck_text(text, "t.adm", diag);
  REQUIRE(errors(diag) == "");
  CHECK(deck.root_tag == "adm");
  CHECK(deck.commands.empty());
  REQUIRE(deck.model.size() == 9);

  const DeckNode* units = &deck.model[0];
  CHECK(units->tag == "param_unit");
  CHECK(attr(units, "force_unit") == "NEWTON");
  CHECK(attr(units, "time_unit") == "SECOND");
  CHECK(units->find("length_unit")->loc.str() == "t.adm:4:3");

  const DeckNode* ground = node(deck, "body_rigid", "1");
  CHECK(attr(ground, "isground") == "TRUE");
  CHECK(ground->loc.str() == "t.adm:6:1");
  CHECK(ground->spelled == "PART");

  const DeckNode* body = node(deck, "body_rigid", "2");
  CHECK(attr(body, "mass") == "1.5");
  CHECK(attr(body, "cg_id") == "201");
  CHECK(attr(body, "inertia_xx") == "0.04");
  CHECK(attr(body, "inertia_zz") == "0.2");
  CHECK(body->find("inertia_yy")->value_loc.str() == "t.adm:9:25");
  CHECK(attr(body, "v_ic_x") == "1");
  // Adams WZ is along the CM marker's z axis, which REULER = 90D, 90D, 0 turns to global x.
  CHECK(num(body, "w_ic_x") == Approx(2).epsilon(1e-15));
  CHECK(std::abs(num(body, "w_ic_z")) < 1e-15);
  CHECK(body->find("w_ic_x")->value_loc.str() == "t.adm:10:16");
  CHECK(attr(body, "wm_id") == "<absent>");
  CHECK(body->find("id")->loc.str() == "t.adm:8:6");

  const DeckNode* m = node(deck, "reference_marker", "201");
  CHECK(attr(m, "body_id") == "2");
  CHECK(num(m, "pos_x") == 1);
  CHECK(num(m, "pos_z") == 3);
  CHECK(m->find("pos_y")->value_loc.str() == "t.adm:11:33");
  // 90D,90D,0: z along global x, x along global y.
  check_axes(m, {{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}});
  CHECK(m->find("a02")->loc.str() == "t.adm:12:3");
  const DeckNode* m0 = node(deck, "reference_marker", "101");
  check_axes(m0, {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}});
  CHECK(num(m0, "pos_x") == 0);

  const DeckNode* j = node(deck, "constraint_joint", "1");
  CHECK(attr(j, "type") == "REVOLUTE");
  CHECK(attr(j, "i_marker_id") == "201");
  CHECK(attr(j, "j_marker_id") == "101");
  CHECK(j->find("j_marker_id")->value_loc.str() == "t.adm:14:17");

  const DeckNode* g = nodes(deck, "force_gravity").at(0);
  CHECK(attr(g, "grav_z") == "-9.80665");
  CHECK(g->find("grav_x") == nullptr);

  const DeckNode* r5 = node(deck, "post_request", "5");
  CHECK(attr(r5, "type") == "EXPRESSION");
  CHECK(attr(r5, "expr1") == "NULL");
  CHECK(attr(r5, "expr2") == "JOINT(1,0,2,0)");
  CHECK(attr(r5, "expr3") == "JOINT(1,0,3,0)");
  CHECK(attr(r5, "expr4") == "NULL");
  CHECK(attr(r5, "expr6") == "JOINT(1,0,6,0)");
  CHECK(attr(r5, "expr8") == "NULL");
  CHECK(attr(r5, "comment") == "RForce X Y Z");
  CHECK(r5->find("expr3")->value_loc.str() == "t.adm:17:34");

  const DeckNode* r1 = node(deck, "post_request", "1");
  CHECK(attr(r1, "type") == "MARKER_DISPLACEMENT");
  CHECK(attr(r1, "i_marker_id") == "201");
  CHECK(attr(r1, "j_marker_id") == "101");
  CHECK(attr(r1, "comment") == "DISPLACEMENT: X Y Z");
}

TEST_CASE("ADM reader: global marker poses through the part frame (QG/REULER) and RM") {
  const std::string text = R"ADM(title
PART/1, GROUND
PART/2, MASS=1, CM=20, QG=1, 2, 3, REULER=30D, 45D, 60D
MARKER/20, PART=2, QP=0.5, -1, 2, REULER=10D, 20D, 30D
MARKER/21, PART=2, RM=20, QP=1, 0, 0, REULER=0.1, 0.2, 0.3
)ADM";
  Diagnostics diag;
  Deck deck = read_adm_deck_text(text, "p.adm", diag);
  REQUIRE(errors(diag) == "");
  const M3 part = euler313(30 * kDeg, 45 * kDeg, 60 * kDeg);
  const M3 rel = euler313(10 * kDeg, 20 * kDeg, 30 * kDeg);
  const M3 want = product(part, rel);
  const DeckNode* m = node(deck, "reference_marker", "20");
  check_axes(m, want);
  const double qp[3] = {0.5, -1, 2};
  const double qg[3] = {1, 2, 3};
  for (int i = 0; i < 3; ++i) {
    const double p = qg[i] + part[i][0] * qp[0] + part[i][1] * qp[1] + part[i][2] * qp[2];
    CHECK(num(m, std::string("pos_") + "xyz"[i]) == Approx(p).margin(1e-14));
  }
  // Marker 21 is given in marker 20's frame.
  const DeckNode* m21 = node(deck, "reference_marker", "21");
  check_axes(m21, product(want, euler313(0.1, 0.2, 0.3)));
  CHECK(num(m21, "pos_x") == Approx(num(m, "pos_x") + want[0][0]).margin(1e-14));
  CHECK(num(m21, "pos_y") == Approx(num(m, "pos_y") + want[1][0]).margin(1e-14));
}

TEST_CASE("ADM reader: ZP/XP orientation, with and without USEXP; default PART") {
  const std::string text = R"ADM(title
PART/3, MASS=1, CM=30
MARKER/30, QP=1, 0, 0, ZP=1, 0, 5, XP=2, 1, 0
MARKER/31, QP=0, 0, 0, ZP=0, 1, 1, XP=3, 0, 0, USEXP
)ADM";
  Diagnostics diag;
  Deck deck = read_adm_deck_text(text, "z.adm", diag);
  REQUIRE(errors(diag) == "");
  const DeckNode* m = node(deck, "reference_marker", "30");
  CHECK(attr(m, "body_id") == "3");
  const double h = std::sqrt(0.5);
  check_axes(m, {{{h, -h, 0}, {h, h, 0}, {0, 0, 1}}});
  // USEXP: x exactly towards XP, ZP only fixes the x-z plane.
  check_axes(node(deck, "reference_marker", "31"), {{{1, 0, 0}, {0, h, h}, {0, -h, h}}});
}

TEST_CASE("ADM reader: force, motion, data and integrator statements") {
  const std::string text = R"ADM(title
SFORCE/1, ROTATIONAL, I=207, J=208
, FUNCTION = -1.0*RTOD*(az(207,208)-0.0*DTOR)
, - 5.0E-002*RTOD*wz(207,208,208)
, + 0.0
SFORCE/2, I=1, J=2, TRANSLATION, ACTIONONLY, FUNCTION=STEP(TIME,0,0,1,90D)
SPRINGDAMPER/3, ROTATION, I=1, J=2, KT=10, CT=0.5, ANGLE=30D, TORQUE=2
SPRINGDAMPER/4, TRANSLATION, I=1, J=2, K=100, C=1, LENGTH=2, FORCE=0
BUSHING/5, I=1, J=2, K=1,2,3, C=4,5,6, KT=7,8,9, CT=10,11,12, FORCE=0,0,1, TORQUE=0,1,0
BEAM/6, I=1, J=2, LENGTH=1, IXX=1e-6, IYY=2e-6, IZZ=3e-6, AREA=1e-4, ASY=1.2, ASZ=1.2
, EMODULUS=2.1E11, GMODULUS=8E10, CRATIO=0.01
GFORCE/7, I=1, JFLOAT=3, RM=2, FX=1\FY=2\FZ=TIME\TX=0\TY=0\TZ=-WZ(1,2,2)
VFORCE/8, I=1, JFLOAT=3, RM=2, FX=0\FY=0\FZ=-9.81*DM(1,2)
VTORQUE/9, I=1, JFLOAT=3, RM=0, TX=0\TY=0\TZ=1
VARIABLE/10, FUNCTION=AZ(1,2), IC=0.5
ARRAY/11, IC, NUMBERS=1, 2, 3.5
ARRAY/12, U, VARIABLES=10, 13
SPLINE/13, X=0, 1, 2, Y=0, 1, 4, LINEAR_EXTRAPOLATE
DIFF/14, IC=1, 0, FUNCTION=-DIF(14), STATIC_HOLD
GSE/15, NS=2, NO=1, X=16, U=12, Y=17, IC=11, FUNCTION=USER(1, 2)\
, ROUTINE=@LIB@::GSESUB
MOTION/16, JOINT=1, ROTATION, VELOCITY, FUNCTION=360D*TIME, ICDISP=0
JPRIM/17, INPLANE, I=1, J=2
JOINT/18, RACKPIN, I=1, J=2, PD=0.1
JOINT/19, CONVEL, I=1, J=2
FIELD/20, I=1, J=2, KMATRIX=11,21,31,41,51,61,12,22,32,42,52,62,13,23,33,43,53,63,
, 14,24,34,44,54,64,15,25,35,45,55,65,16,26,36,46,56,66, CRATIO=0.1
, LENGTH=1,0,0,0,0,0
GCON/21, I=1, FUNCTION=DM(2, 1)-2
INTEGRATOR/SI2, GSTIFF, ERROR=1.0E-4, HMAX=1D-2, KMAX=5, INTERPOLATE=ON
)ADM";
  Diagnostics diag;
  const std::string lib = library_file();
  Deck deck =
      read_adm_deck_text(std::string(text).replace(text.find("@LIB@"), 5, lib), "f.adm", diag);
  REQUIRE(errors(diag) == "");

  const DeckNode* s1 = node(deck, "force_scalar_twobody", "1");
  CHECK(attr(s1, "type") == "Torque");
  CHECK(attr(s1, "val_expression") ==
        "-1.0*RTOD*(az(207,208)-0.0*DTOR)  - 5.0E-002*RTOD*wz(207,208,208)  + 0.0");
  const DeckAttribute* fn = s1->find("val_expression");
  CHECK(fn->loc.str() == "f.adm:3:3");
  CHECK(fn->loc_at(fn->value.find("5.0E-002")).str() == "f.adm:4:5");
  CHECK(fn->loc_at(fn->value.find("+ 0.0")).str() == "f.adm:5:3");
  const DeckNode* s2 = node(deck, "force_scalar_twobody", "2");
  CHECK(attr(s2, "type") == "Force");
  CHECK(attr(s2, "is_action_only") == "TRUE");
  CHECK(attr(s2, "val_expression") == "STEP(TIME,0,0,1,90D)");  // D suffix kept in expressions

  const DeckNode* sd = node(deck, "force_springdamper", "3");
  CHECK(attr(sd, "type") == "ROTATIONAL");
  CHECK(attr(sd, "stiffness") == "10");
  CHECK(attr(sd, "damping") == "0.5");
  CHECK(num(sd, "length") == Approx(30 * kDeg));
  CHECK(attr(sd, "preload") == "2");
  CHECK(attr(node(deck, "force_springdamper", "4"), "type") == "TRANSLATIONAL");

  const DeckNode* bu = node(deck, "force_bushing", "5");
  CHECK(attr(bu, "ky") == "2");
  CHECK(attr(bu, "cz") == "6");
  CHECK(attr(bu, "ktx") == "7");
  CHECK(attr(bu, "ctz") == "12");
  CHECK(attr(bu, "preload_z") == "1");
  CHECK(attr(bu, "preload_ty") == "1");

  const DeckNode* be = node(deck, "force_beam", "6");
  CHECK(attr(be, "e") == "2.1E11");
  CHECK(attr(be, "g") == "8E10");
  CHECK(attr(be, "asz") == "1.2");
  CHECK(attr(be, "cratio") == "0.01");

  const DeckNode* gf = node(deck, "force_vector_twobody", "7");
  CHECK(attr(gf, "type") == "ForceAndTorque");
  CHECK(attr(gf, "j_floating_marker_id") == "3");
  CHECK(attr(gf, "ref_marker_id") == "2");
  CHECK(attr(gf, "fz_expression") == "TIME");
  CHECK(attr(gf, "tz_expression") == "-WZ(1,2,2)");
  CHECK(attr(node(deck, "force_vector_twobody", "8"), "type") == "ForceOnly");
  CHECK(attr(node(deck, "force_vector_twobody", "8"), "fz_expression") == "-9.81*DM(1,2)");
  CHECK(attr(node(deck, "force_vector_twobody", "9"), "type") == "TorqueOnly");
  CHECK(attr(node(deck, "force_vector_twobody", "9"), "ref_marker_id") == "0");

  const DeckNode* v = node(deck, "reference_variable", "10");
  CHECK(attr(v, "type") == "EXPRESSION");
  CHECK(attr(v, "expr") == "AZ(1,2)");
  CHECK(attr(v, "ic") == "0.5");

  const DeckNode* a11 = node(deck, "reference_array", "11");
  CHECK(attr(a11, "type") == "IC");
  CHECK(attr(a11, "num_element") == "3");
  CHECK(a11->text == "1 2 3.5");
  const DeckNode* a12 = node(deck, "reference_array", "12");
  CHECK(attr(a12, "type") == "U");
  CHECK(attr(a12, "variable_id") == "10 13");

  const DeckNode* sp = node(deck, "reference_spline", "13");
  CHECK(attr(sp, "num_xy_pair") == "3");
  CHECK(attr(sp, "linear_extrap") == "TRUE");
  CHECK(sp->text == "0 0\n1 1\n2 4\n");

  const DeckNode* d = node(deck, "control_diff", "14");
  CHECK(attr(d, "expr") == "-DIF(14)");
  CHECK(attr(d, "ic") == "1");
  CHECK(attr(d, "ic_dot") == "0");
  CHECK(attr(d, "is_static_hold") == "TRUE");

  const DeckNode* gse = node(deck, "control_stateeqn", "15");
  CHECK(attr(gse, "type") == "USERSUB");
  CHECK(attr(gse, "num_state") == "2");
  CHECK(attr(gse, "x_solver_array_id") == "16");
  CHECK(attr(gse, "usrsub_param_string") == "USER(1, 2)");
  CHECK(attr(gse, "usrsub_dll_name") == lib);
  CHECK(attr(gse, "usrsub_fnc_name") == "GSESUB");

  const DeckNode* mo = node(deck, "motion_joint", "16");
  CHECK(attr(mo, "joint_id") == "1");
  CHECK(attr(mo, "joint_type") == "R");
  CHECK(attr(mo, "val_type") == "V");
  CHECK(attr(mo, "type") == "EXPRESSION");
  CHECK(attr(mo, "expr") == "360D*TIME");
  CHECK(attr(mo, "ic_disp") == "0");

  CHECK(attr(node(deck, "constraint_jprim", "17"), "type") == "INPLANE");
  CHECK(attr(node(deck, "constraint_joint", "18"), "type") == "RACK_PINION");
  CHECK(attr(node(deck, "constraint_joint", "18"), "pitch_diameter") == "0.1");
  CHECK(attr(node(deck, "constraint_joint", "19"), "type") == "CONSTANT_VELOCITY");

  const DeckNode* fi = node(deck, "force_field", "20");
  CHECK(attr(fi, "k11") == "11");
  CHECK(attr(fi, "k21") == "21");  // entered by columns
  CHECK(attr(fi, "k12") == "12");
  CHECK(attr(fi, "k66") == "66");
  CHECK(attr(fi, "cratio") == "0.1");
  CHECK(attr(fi, "length_x") == "1");
  CHECK(fi->find("k14")->value_loc.str() == "f.adm:27:3");

  const DeckNode* gc = node(deck, "constraint_general", "21");
  CHECK(attr(gc, "i_marker_id") == "1");
  CHECK(attr(gc, "expr") == "DM(2, 1)-2");

  const DeckNode* in = nodes(deck, "param_transient").at(0);
  CHECK(attr(in, "integrator_type") == "GSTIFF");
  CHECK(attr(in, "dae_index") == "2");
  CHECK(attr(in, "integr_tol") == "1.0E-4");
  CHECK(attr(in, "h_max") == "1D-2");
  CHECK(attr(in, "max_order") == "5");
  CHECK(attr(in, "dae_interpolation") == "<absent>");  // IDA interpolates its own way
}

TEST_CASE("ADM reader: INTEGRATOR/SI1, SI2 and I3 select dae_index 1, 2 and 3") {
  for (const auto& [flag, index] :
       {std::pair{"SI1", "1"}, std::pair{"SI2", "2"}, std::pair{"I3", "3"}}) {
    INFO(flag);
    const std::string text =
        std::string("title\nINTEGRATOR/GSTIFF, ") + flag + ", ERROR=1E-5\nEND\n";
    Diagnostics diag;
    Deck deck = read_adm_deck_text(text, "i.adm", diag);
    REQUIRE(errors(diag) == "");
    CHECK(diag.all().empty());  // no warning: SI1 is a formulation of its own
    const DeckNode* in = nodes(deck, "param_transient").at(0);
    CHECK(attr(in, "dae_index") == index);
    CHECK(attr(in, "integrator_type") == "GSTIFF");
  }
}

TEST_CASE("ADM reader: COUPLER and GEAR") {
  const std::string text = R"ADM(title
COUPLER/1, JOINTS=3, 4, TYPE=T:R, SCALES=1, -0.3
COUPLER/2, JOINTS=3, 4, 5, TYPE=R:R:T, SCALES=2, -0.5
COUPLER/3, JOINTS=3, 4, SCALES=-2
GEAR/4, JOINTS=3, 4, CV=12
COUPLER/5, JOINTS=3, 4, FUNCTION=USER(2, 1)
, ROUTINE=@LIB@::COU, @LIB@::COUXX
)ADM";
  Diagnostics diag;
  const std::string lib = library_file();
  std::string deck_text = text;
  for (size_t at; (at = deck_text.find("@LIB@")) != std::string::npos;) {
    deck_text.replace(at, 5, lib);
  }
  Deck deck = read_adm_deck_text(deck_text, "c.adm", diag);
  REQUIRE(errors(diag) == "");
  const DeckNode* c1 = node(deck, "constraint_coupler", "1");
  CHECK(attr(c1, "joint1_id") == "3");
  CHECK(attr(c1, "joint2_id") == "4");
  CHECK(attr(c1, "joint3_id") == "<absent>");
  CHECK(attr(c1, "freedom_1") == "T");
  CHECK(attr(c1, "freedom_2") == "R");
  CHECK(attr(c1, "coefficients") == "1, -0.3");
  // SCALES=[r1,]r2[,r3]: one value short, r1 = 1.
  const DeckNode* c2 = node(deck, "constraint_coupler", "2");
  CHECK(attr(c2, "joint3_id") == "5");
  CHECK(attr(c2, "freedom_3") == "T");
  CHECK(attr(c2, "coefficients") == "1, 2, -0.5");
  const DeckNode* c3 = node(deck, "constraint_coupler", "3");
  CHECK(attr(c3, "freedom_1") == "<absent>");
  CHECK(attr(c3, "coefficients") == "1, -2");
  const DeckNode* g = node(deck, "constraint_gear", "4");
  CHECK(attr(g, "joint1_id") == "3");
  CHECK(attr(g, "joint2_id") == "4");
  CHECK(attr(g, "cv_marker_id") == "12");
  const DeckNode* c5 = node(deck, "constraint_coupler", "5");
  CHECK(attr(c5, "usrsub_param_string") == "USER(2, 1)");
  CHECK(attr(c5, "usrsub_dll_name") == lib);
  CHECK(attr(c5, "usrsub_fnc_name") == "COU");
  CHECK(attr(c5, "usrsub_der1_name") == "COUXX");
  CHECK(attr(c5, "usrsub_der2_name") == "<absent>");
  CHECK(attr(c5, "coefficients") == "<absent>");

  CHECK(first_error("COUPLER/1, JOINTS=1, SCALES=1\n") ==
        "e.adm:2:12: error: COUPLER 1: JOINTS: expected 2 or 3 joint ids, got 1");
  CHECK(first_error("COUPLER/1, JOINTS=1,2, SCALES=1,2,3\n") ==
        "e.adm:2:24: error: COUPLER 1: SCALES: expected 2 values (r1 to r2) or 1 (r2 to r2, "
        "r1 = 1), got 3");
  CHECK(first_error("COUPLER/1, JOINTS=1,2, TYPE=T:R:R, SCALES=1,2\n") ==
        "e.adm:2:29: error: COUPLER 1: TYPE: expected 2 freedoms (one per joint, e.g. T:R), "
        "got 3");
  CHECK(first_error("COUPLER/1, JOINTS=1,2, TYPE=T:X, SCALES=1,2\n") ==
        "e.adm:2:29: error: COUPLER 1: TYPE: freedom 2 is 'X' (expected T or R)");
  CHECK(first_error("COUPLER/1, JOINTS=1,2, TYPE=R:R\n") ==
        "e.adm:2:1: error: COUPLER 1: missing SCALES=");
  CHECK(first_error("COUPLER/1, JOINTS=1,2, FUNCTION=USER(1,2)\n") ==
        "e.adm:2:24: error: COUPLER 1: FUNCTION=USER(...) needs ROUTINE=library::COUSUB "
        "(mbsolve has no default user library)");
  CHECK(first_error("COUPLER/1, JOINTS=1,2, FUNCTION=USER(1), ROUTINE=libx.so\n") ==
        "e.adm:2:50: error: COUPLER 1: ROUTINE: 'libx.so' is not of the form library::routine");
  CHECK(first_error("COUPLER/1, JOINTS=1,2, FUNCTION=USER(1), ROUTINE=a::C, b::D\n") ==
        "e.adm:2:50: error: COUPLER 1: ROUTINE: the partials must come from the COUSUB's "
        "library 'a', not 'b'");
  CHECK(first_error("COUPLER/1, JOINTS=1,2, FUNCTION=2*AZ(1,2)\n") ==
        "e.adm:2:33: error: COUPLER 1: FUNCTION must be USER(...) (a COUSUB user coupler); a "
        "linear coupler gives SCALES");
  CHECK(first_error("GEAR/1, JOINTS=1,2,3, CV=4\n") ==
        "e.adm:2:9: error: GEAR 1: JOINTS: expected 2 joint ids, got 3");
  CHECK(first_error("GEAR/1, JOINTS=1,2\n") == "e.adm:2:1: error: GEAR 1: missing CV=");
}

TEST_CASE("ADM reader: keyword abbreviations, GRAPHICS read, kinds not drawn skipped") {
  const std::string text = R"ADM(title
PART/1, GROUND
MARK/2, PART=1, QP=0,0,0, REU=0,0,90D
GRAPHICS/1, CYL, CM=2, LENGTH=-1, RADIUS=0.1, SIDES=12
GRAPHICS/2, BOX, CORNER=2, X=1, Y=1, Z=1
GRAPHICS/3, OUTL=2, 2
GRAPHICS/4, FORCE, ETYPE=SFORCE, EID=1
GRAPHICS/5, SPDP, I=2, J=2
REQ/3, DISP, I=2
END
)ADM";
  Diagnostics diag;
  Deck deck = read_adm_deck_text(text, "a.adm", diag);
  REQUIRE(errors(diag) == "");
  CHECK(num(node(deck, "reference_marker", "2"), "a10") == Approx(1));
  CHECK(attr(node(deck, "post_request", "3"), "type") == "MARKER_DISPLACEMENT");
  // The kinds a contact or the animation uses become post_graphic nodes.
  CHECK(attr(node(deck, "post_graphic", "1"), "type") == "Cylinder");
  CHECK(num(node(deck, "post_graphic", "1"), "length") == Approx(-1));
  CHECK(num(node(deck, "post_graphic", "1"), "sides") == Approx(12));
  CHECK(attr(node(deck, "post_graphic", "2"), "type") == "BoxDefinedFromCorner");
  CHECK(attr(node(deck, "post_graphic", "3"), "type") == "Outline");
  CHECK(attr(node(deck, "post_graphic", "3"), "marker_id") == "2 2");
  // FORCE and SPDP: one info line for both.
  REQUIRE(diag.all().size() == 1);
  CHECK(diag.all()[0].headline() ==
        "a.adm:7:1: info: GRAPHICS statements of kinds other than BOX, CYLINDER, ELLIPSOID, "
        "FRUSTUM, CIRCLE, PLANE, EXTERNAL and OUTLINE are not used by mbsolve; skipped");
}

TEST_CASE("ADM reader: exact error messages for malformed input") {
  CHECK(first_error("JOINTT/1, REVOLUTE, I=1, J=2\n") ==
        "e.adm:2:1: error: unknown statement 'JOINTT' (did you mean JOINT?)");
  CHECK(first_error("FOO/1\n") == "e.adm:2:1: error: unknown statement 'FOO'");
  CHECK(first_error("NFORCE/1, I=1\n") ==
        "e.adm:2:1: error: Adams statement NFORCE is not supported by mbsolve");
  CHECK(first_error("LSE/1, X=1\n") == "e.adm:2:1: error: LSE 1: missing A=");
  CHECK(first_error("PART/, MASS=1\n") ==
        "e.adm:2:1: error: PART: missing id: expected 'PART/<id>'");
  CHECK(first_error("PART/2, MASS=1.2.3\n") ==
        "e.adm:2:14: error: PART 2: MASS: bad number '1.2.3'");
  CHECK(first_error("MARKER/2, PART=1, QP=1, 2\n") ==
        "e.adm:2:19: error: MARKER 2: QP: expected 3 values, got 2");
  CHECK(first_error(", MASS=1\nPART/1, GROUND\n") ==
        "e.adm:2:1: error: continuation line (starting with ',') does not follow a statement");
  CHECK(first_error("REQUEST/5, F2=JOINT(1,0,2,0\\F3=JOINT(1,0,3,0)\n") ==
        "e.adm:2:20: error: REQUEST 5: F2: unterminated expression: '(' is not closed before "
        "the '\\'");
  CHECK(first_error("REQUEST/5, F2=JOINT(1,0,2,0)\\F3=JOINT(1,0,3,0\n, C=x\n") ==
        "e.adm:2:38: error: REQUEST 5: F3: unterminated expression: '(' is not closed before "
        "the end of the statement");
  CHECK(first_error("JOINT/1, REVOLUTE, I=1, J=2, FOO=3\n") ==
        "e.adm:2:30: error: JOINT 1: unknown argument 'FOO'");
  CHECK(first_error("JOINT/1, I=1, J=2\n") ==
        "e.adm:2:1: error: JOINT 1: missing one of CONVEL, CYLINDRICAL, FIXED, HOOKE, PLANAR, "
        "RACKPIN, REVOLUTE, SCREW, SPHERICAL, TRANSLATIONAL, UNIVERSAL");
  CHECK(first_error("JOINT/1, REVOLUTE, I=1\n") == "e.adm:2:1: error: JOINT 1: missing J=");
  CHECK(first_error("MARKER/3, PART=9\n") == "e.adm:2:16: error: MARKER 3: PART 9 is not defined");
  CHECK(first_error("PART/1, GROUND\nMARKER/1, PART=1, RM=2\nMARKER/2, PART=1, RM=1\n") ==
        "e.adm:3:22: error: MARKER 1: RM markers refer to each other in a cycle");
  CHECK(first_error("PART/1, MASS=1, MASS=2\n") ==
        "e.adm:2:17: error: PART 1: argument MASS is given twice");
}

TEST_CASE("ADM reader: every refdata dataset loads with the expected element counts") {
  struct Expect {
    const char* file;
    size_t parts, markers, joints, requests;
  };
  const Expect expected[] = {
      {"test_Cylindrical_Case01.adm", 2, 7, 1, 5}, {"test_Cylindrical_Case02.adm", 2, 7, 1, 5},
      {"test_Cylindrical_Case03.adm", 2, 7, 1, 5}, {"test_Distance_Case01.adm", 2, 5, 0, 5},
      {"test_Distance_Case02.adm", 2, 5, 0, 5},    {"test_Distance_Case03.adm", 2, 5, 0, 5},
      {"test_Prismatic_Case01.adm", 2, 5, 1, 5},   {"test_Prismatic_Case02.adm", 2, 4, 1, 6},
      {"test_Prismatic_Case03.adm", 2, 4, 1, 5},   {"test_RackPinion_Case01.adm", 3, 11, 3, 11},
      {"test_Revolute_Case01.adm", 2, 7, 1, 5},    {"test_Revolute_Case02.adm", 2, 7, 1, 5},
      {"test_RotSpring_Case01.adm", 2, 9, 1, 5},   {"test_Spherical_Case01.adm", 2, 5, 1, 5},
      {"test_Spherical_Case02.adm", 2, 5, 1, 5},   {"test_TransSpring_Case01.adm", 2, 7, 0, 5},
      {"test_Universal_Case01.adm", 2, 7, 1, 5},   {"test_Universal_Case02.adm", 2, 7, 1, 5},
      {"test_Universal_Case03.adm", 2, 7, 1, 5},
  };
  const std::filesystem::path dir =
      std::filesystem::path(MBSOLVE_REFDATA_DIR) / "chrono_adams_joints/adams_models";
  size_t seen = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".adm") continue;
    ++seen;
    const std::string name = entry.path().filename().string();
    INFO(name);
    const Expect* e = nullptr;
    for (const auto& x : expected) {
      if (name == x.file) e = &x;
    }
    REQUIRE(e);
    Diagnostics diag;
    Deck deck = read_adm_deck_file(entry.path().string(), diag);
    CHECK(errors(diag) == "");
    CHECK(diag.warning_count() == 0);
    CHECK(nodes(deck, "body_rigid").size() == e->parts);
    CHECK(nodes(deck, "reference_marker").size() == e->markers);
    CHECK(nodes(deck, "constraint_joint").size() == e->joints);
    CHECK(nodes(deck, "post_request").size() == e->requests);
    CHECK(nodes(deck, "force_gravity").size() == 1);
    CHECK(nodes(deck, "param_unit").size() == 1);
    for (const auto* m : nodes(deck, "reference_marker")) {
      for (auto a : {"body_id", "pos_x", "pos_y", "pos_z", "a00", "a11", "a22"}) {
        CHECK(m->find(a) != nullptr);
      }
    }
  }
  CHECK(seen == std::size(expected));

  // Spot checks on one deck: -45 deg about x written as REULER=180D,45D,180D.
  Diagnostics diag;
  Deck deck = read_deck_file((dir / "test_Revolute_Case02.adm").string(), diag);
  CHECK(deck.root_tag == "adm");
  const DeckNode* m = node(deck, "reference_marker", "102");
  check_axes(m, about_x(-45 * kDeg));
  CHECK(num(m, "pos_y") == 2);
  CHECK(attr(node(deck, "body_rigid", "2"), "cg_id") == "201");
  const DeckNode* r4 = node(deck, "post_request", "4");
  CHECK(attr(r4, "expr6") == "ORIENT(27,4,0201,0101)");
  CHECK(attr(r4, "comment") == "EULER PARAMETERS");
  Diagnostics d2;
  Deck spring = read_adm_deck_file((dir / "test_TransSpring_Case01.adm").string(), d2);
  CHECK(attr(node(spring, "reference_variable", "3"), "expr") ==
        "(DX(204,205)*FX(204,205) +  DY(204,205)*FY(204,205) +  DZ(204,205)*FZ(204,205))/  "
        "DM(204,205)");
  CHECK(attr(node(spring, "force_scalar_twobody", "1"), "type") == "Force");
  // COMMENT before the F channels ends at the comma that starts the next KEY=.
  const DeckNode* sr4 = node(spring, "post_request", "4");
  CHECK(attr(sr4, "comment") == "EULER PARAMETERS");
  CHECK(attr(sr4, "expr2") == "ORIENT(27,1,201,101)");
  CHECK(attr(sr4, "expr6") == "ORIENT(27,4,201,101)");
}

TEST_CASE("ACF reader: dataset, output prefix and commands") {
  const auto dir = std::filesystem::temp_directory_path() / "mbsolve_acf_test";
  std::filesystem::create_directories(dir / "sub");
  {
    std::ofstream(dir / "sub" / "model.adm") << "title\nPART/1, GROUND\nMARKER/1, PART=1\nEND\n";
    std::ofstream(dir / "run.acf") << "sub/model\n"
                                      "out/run1\n"
                                      "! static first\n"
                                      "SIM/STAT\n"
                                      "DEACTIVATE/JOINT, ID=1, 2\n"
                                      "SIMULATE/DYNAMIC, END=1.5\n"
                                      ", STEPS=150\n"
                                      "ACTIVATE/SPRINGDAMPER, ID=3\n"
                                      "SIMULATE/KINEMATIC, END=2, DTOUT=0.01\n"
                                      "SIMULATE/TRANSIENT, DURATION=1, STEPS=10\n"
                                      "STOP\n"
                                      "not read\n";
  }
  Diagnostics diag;
  Deck deck = read_deck_file((dir / "run.acf").string(), diag);
  REQUIRE(errors(diag) == "");
  CHECK(deck.output_prefix == "out/run1");
  CHECK(deck.root_tag == "acf");
  REQUIRE(deck.model.size() == 2);
  CHECK(deck.model[0].loc.file->find("model.adm") != std::string::npos);
  REQUIRE(deck.commands.size() == 8);
  const auto& c = deck.commands;
  CHECK(c[0].tag == "simulate");
  CHECK(c[0].find("analysis_type")->value == "Static");
  CHECK(c[0].loc.str() == (dir / "run.acf").string() + ":4:1");
  CHECK(c[1].tag == "deactivate");
  CHECK(c[1].find("element_type")->value == "JOINT");
  CHECK(c[1].find("element_id")->value == "1");
  CHECK(c[2].find("element_id")->value == "2");
  CHECK(c[3].find("analysis_type")->value == "Transient");
  CHECK(c[3].find("end_time")->value == "1.5");
  CHECK(c[3].find("num_steps")->value == "150");
  CHECK(c[3].find("num_steps")->loc.str() == (dir / "run.acf").string() + ":7:3");
  CHECK(c[4].tag == "activate");
  CHECK(c[4].find("element_type")->value == "SPDP");
  CHECK(c[5].find("analysis_kind")->value == "kinematic");
  CHECK(c[5].find("print_interval")->value == "0.01");
  CHECK(c[6].find("duration")->value == "1");
  CHECK(c[7].tag == "stop");

  // Errors in commands name the line.
  std::ofstream(dir / "bad.acf") << "sub/model.adm\n\nSIMULATE/DYNAMIC, END=1\nRUN/FAST\n";
  Diagnostics bad;
  Deck b = read_acf_file((dir / "bad.acf").string(), bad);
  CHECK(b.output_prefix == "");
  const std::string p = (dir / "bad.acf").string();
  CHECK(errors(bad) ==
        p + ":3:1: error: SIMULATE: missing STEPS= (or DTOUT=)\n" + p +
            ":4:1: error: unknown command 'RUN' (Adams commands mbsolve runs: ACTIVATE, "
            "DEACTIVATE, ACCGRAV, EQUILIBRIUM, FILE, INTEGRATOR, LINEAR, MOTION, PART, SENSOR, "
            "SFORCE, SIMULATE, STOP, VARIABLE)\n");

  std::ofstream(dir / "missing.acf") << "nowhere\nout\n";
  Diagnostics none;
  CHECK_THROWS_AS(read_acf_file((dir / "missing.acf").string(), none), Error);
  std::filesystem::remove_all(dir);
}

TEST_CASE("PINPUT and POUTPUT become plant input and output lists") {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(
      "t\nPINPUT/1\n, VARIABLES = 3\nPOUTPUT/2, VARIABLES=4,\n, 5\n", "p.adm", diag);
  CHECK(errors(diag) == "");
  CHECK(attr(node(deck, "control_plantinput", "1"), "variable_id_list") == "3");
  CHECK(attr(node(deck, "control_plantinput", "1"), "num_element") == "1");
  CHECK(attr(node(deck, "control_plantoutput", "2"), "variable_id_list") == "4 5");
  CHECK(attr(node(deck, "control_plantoutput", "2"), "num_element") == "2");
  CHECK(first_error("PINPUT/1\n") == "e.adm:2:1: error: PINPUT 1: missing VARIABLES=");
  CHECK(first_error("POUTPUT/1, VARIABLES=2.5\n") ==
        "e.adm:2:22: error: POUTPUT 1: VARIABLES: bad integer '2.5' (expected an id from 0 to "
        "2147483647)");
}

namespace {
/// The warnings of the dataset "title" + `body` (file w.adm), one per line.
std::string warnings(const std::string& body) {
  Diagnostics diag;
  read_adm_deck_text("title\n" + body + "END\n", "w.adm", diag);
  std::string s;
  for (const auto& d : diag.all()) {
    if (d.severity == Severity::kWarning) s += d.headline() + "\n";
  }
  CHECK(errors(diag) == "");
  return s;
}
}  // namespace

TEST_CASE("ADM reader: solver-setting statements map what they can, one warning for the rest") {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(
      "t\nEQUILIBRIUM/\n, ALIMIT = 1D\n, ERROR = 1\n, IMBALANCE = 0.5\n, MAXIT = 500\n"
      ", STABILITY = 1E-5\n, TLIMIT = 20\n",
      "s.adm", diag);
  CHECK(errors(diag) == "");
  const DeckNode* eq = nodes(deck, "param_static").at(0);
  CHECK(attr(eq, "max_error") == "0.5");
  CHECK(attr(eq, "max_num_iter") == "500");
  CHECK(warnings("EQUILIBRIUM/\n, ALIMIT = 1D\n, ERROR = 1\n, MAXIT=5\n, TLIMIT = 20\n") ==
        "w.adm:3:3: warning: EQUILIBRIUM: ALIMIT, ERROR, TLIMIT are not used by mbsolve "
        "(mbsolve's static analysis is a Newton iteration on the force imbalance, controlled "
        "by IMBALANCE and MAXIT); ignored\n");
  CHECK(warnings("EQUILIBRIUM/\n") == "");
  CHECK(first_error("EQUILIBRIUM/, IMBALANCE=0\n") ==
        "e.adm:2:25: error: EQUILIBRIUM: IMBALANCE must be > 0, got 0");
  CHECK(warnings("KINEMATICS/\n, HMAX = 0.01\n, ERROR=1E-4\n") ==
        "w.adm:3:3: warning: KINEMATICS: HMAX, ERROR are not used by mbsolve (its kinematic "
        "analysis solves positions, velocities and accelerations to fixed tight tolerances); "
        "ignored\n");
  CHECK(warnings("PREFERENCES/\n, CONTACT_FACETING_TOLERANCE = 300.0028\n, NTHREADS = 8\n") ==
        "w.adm:3:3: warning: PREFERENCES: CONTACT_FACETING_TOLERANCE, NTHREADS are not used by "
        "mbsolve (Adams/Solver preferences); ignored\n");
  CHECK(warnings("DEBUG/EPRINT, DOF\n") ==
        "w.adm:2:7: warning: DEBUG: EPRINT, DOF are not used by mbsolve (Adams/Solver "
        "diagnostics; see the .log file); ignored\n");
  CHECK(warnings("LIST\nNOLIST\n") ==
        "w.adm:2:1: warning: LIST (the Adams listing of the dataset) is not used by mbsolve; "
        "ignored\nw.adm:3:1: warning: NOLIST (the Adams listing of the dataset) is not used by "
        "mbsolve; ignored\n");
  // REQSAVE and RESULTS/ ask for the .req and .res files; GRSAVE/XRF/FORMATTED: no warning.
  CHECK(warnings("OUTPUT/\n, REQSAVE\n, GRSAVE\nRESULTS/\n, XRF\n") == "");
  {
    Diagnostics d;
    const Deck files = read_adm_deck_text("t\nOUTPUT/\n, REQSAVE\nRESULTS/\n, XRF\n", "o.adm", d);
    const auto res_outputs = command_nodes(files, "resoutput");
    REQUIRE(res_outputs.size() == 2);
    CHECK(attr(res_outputs[0], "adams_req_file") == "TRUE");
    CHECK(attr(res_outputs[1], "adams_res_file") == "TRUE");
    const Deck none = read_adm_deck_text("t\nOUTPUT/\n, GRSAVE\n", "n.adm", d);
    CHECK(attr(command_nodes(none, "resoutput").at(0), "adams_req_file") == "<absent>");
    CHECK(nodes(files, "resoutput").empty());
  }
  CHECK(warnings("OUTPUT/\n, REQSAVE\n, NOSEPARATOR\n, NOPRINT\nRESULTS/\n, FORMATTED\n"
                 ", NOACCELERATIONS\n, NOLINEAR\n") ==
        "w.adm:4:3: warning: OUTPUT: NOSEPARATOR, NOPRINT are not used by mbsolve (Adams "
        "output-file options; mbsolve writes its CSV, JSON and log files); ignored\n"
        "w.adm:8:3: warning: RESULTS: NOACCELERATIONS, NOLINEAR are not used by mbsolve (Adams "
        "results-file options; mbsolve writes the XML results file (XRF)); ignored\n");
}

TEST_CASE("ADM reader: Adams integrators map to the nearest mbsolve has, with one warning") {
  for (const auto& [adams, type, index] :
       {std::tuple{"HHT", "GSTIFF", "3"}, std::tuple{"NEWMARK", "GSTIFF", "3"},
        std::tuple{"WSTIFF", "GSTIFF", "<absent>"},
        std::tuple{"CONSTANT_BDF", "GSTIFF", "<absent>"},
        std::tuple{"HASTIFF", "GSTIFF", "<absent>"}, std::tuple{"RKF45", "ABAM", "<absent>"},
        std::tuple{"GSTIFF", "GSTIFF", "<absent>"}, std::tuple{"VSTIFF", "VSTIFF", "<absent>"}}) {
    INFO(adams);
    Diagnostics diag;
    const Deck deck = read_adm_deck_text(
        std::string("t\nINTEGRATOR/\n, ") + adams + "\n, HMAX = 0.005\nEND\n", "i.adm", diag);
    CHECK(errors(diag) == "");
    const DeckNode* in = nodes(deck, "param_transient").at(0);
    CHECK(attr(in, "integrator_type") == type);
    CHECK(attr(in, "dae_index") == index);
    CHECK(attr(in, "h_max") == "0.005");
    size_t n = 0;
    for (const auto& d : diag.all()) n += d.severity == Severity::kWarning;
    CHECK(n == (std::string(adams) == type ? 0u : 1u));
  }
  CHECK(warnings("INTEGRATOR/\n, HHT\n, HMAX = 0.005\n, ALPHA = -0.25\n, MAXIT = 20\n") ==
        "w.adm:2:1: warning: INTEGRATOR: HHT is not an mbsolve integrator: it runs as GSTIFF I3 "
        "(IDA's BDF on the index-3 equations); ALPHA ignored; MAXIT is not used by mbsolve (IDA "
        "and CVODE choose their own corrector iterations, patterns and output interpolation); "
        "ignored\n");
  // SI2 given with HHT: kept.
  Diagnostics diag;
  const Deck deck = read_adm_deck_text("t\nINTEGRATOR/HHT, SI2\n", "i.adm", diag);
  CHECK(attr(nodes(deck, "param_transient").at(0), "dae_index") == "2");
  CHECK(warnings("INTEGRATOR/GSTIFF, INTERPOLATE=ON\n") ==
        "w.adm:2:20: warning: INTEGRATOR: INTERPOLATE is not used by mbsolve (IDA and CVODE "
        "choose their own corrector iterations, patterns and output interpolation); ignored\n");
  CHECK(first_error("INTEGRATOR/GSTIFF, INTERPOLATE=MAYBE\n") ==
        "e.adm:2:32: error: INTEGRATOR: INTERPOLATE: expected ON or OFF, got 'MAYBE'");
}

TEST_CASE("ADM reader: a value list may start on the continuation line, MATERIAL is skipped") {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(
      "t\nPART/2, MASS=2, CM=20\n, IP =\n, 1, 2,\n, 3\nMATERIAL/1, NAME = steel, DENSITY = 7.8E-6\n"
      "MATERIAL/2, NAME = aluminium\n",
      "c.adm", diag);
  CHECK(errors(diag) == "");
  const DeckNode* p = node(deck, "body_rigid", "2");
  CHECK(attr(p, "inertia_xx") == "1");
  CHECK(attr(p, "inertia_yy") == "2");
  CHECK(attr(p, "inertia_zz") == "3");
  CHECK(p->find("inertia_xx")->value_loc.str() == "c.adm:4:3");
  size_t infos = 0;
  for (const auto& d : diag.all()) infos += d.severity == Severity::kInfo;
  CHECK(infos == 1);  // one for both MATERIALs
  // A keyword on the continuation line is not a value.
  CHECK(first_error("PART/2, IP =\n, MASS = 2\n") ==
        "e.adm:2:9: error: PART 2: IP: missing value after '='");
}

TEST_CASE("ADM reader: PART VM/WM name Adams markers in their messages") {
  CHECK(first_error("PART/2, MASS=1, CM=20, WX=1, WM=99\nMARKER/20, PART=2\n") ==
        "e.adm:2:33: error: PART 2: WM: MARKER 99 is not defined");
  CHECK(first_error("PART/2, MASS=1, CM=20, VY=1, VM=98\nMARKER/20, PART=2\n") ==
        "e.adm:2:33: error: PART 2: VM: MARKER 98 is not defined");
  CHECK(first_error("PART/2, MASS=1, CM=20, WX=1, WY=2, WZ=3\nMARKER/20, PART=2\n") == "no error");
}

TEST_CASE("ADM reader: REQUEST CNAMES, CUNITS, CLABELS, TITLE and RESULTS_NAME") {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(
      "t\nREQUEST/1\n, CNAMES = \"Measured Depth\", \"Radial,Displacement\"\n, \"Twist\"\n"
      ", CLABELS = \"(ft)\", \"(ft)\", \"(Kft-lbf)\"\n, RESULTS_NAME = test_pdc_01_Motion\n"
      ", F1 = DX(2, 1)\\\n, F2 = DY(2, 1)\n"
      "REQUEST/2, TITLE = a:b, CUNITS = \"force\", F1 = 1\nEND\n",
      "r.adm", diag);
  CHECK(errors(diag) == "");
  CHECK(attr(node(deck, "post_request", "1"), "column_names") ==
        "Measured_Depth,Radial_Displacement,Twist");
  CHECK(attr(node(deck, "post_request", "1"), "column_units") == "(ft),(ft),(Kft-lbf)");
  CHECK(attr(node(deck, "post_request", "2"), "column_names") == "a,b");
  CHECK(attr(node(deck, "post_request", "2"), "column_units") == "force");
  std::string w;
  for (const auto& d : diag.all()) w += d.headline() + "\n";
  CHECK(w ==
        "r.adm:6:3: warning: REQUEST 1: RESULTS_NAME is not used by mbsolve (the columns are "
        "named req<id>.<CNAMES entry>); ignored\n");
}

TEST_CASE("ADM reader: CNAMES beyond 8 entries and repeated warnings are one line each") {
  // Adams/View writes more CNAMES than a request has columns (bt_drillsim): the extra entries
  // name no column, one warning for all requests; the same ignored argument on many statements
  // is one warning with the count and the first statement.
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(
      "t\nREQUEST/1, CNAMES=a,b,c,d,e,f,g,h,i, F1=1\n"
      "REQUEST/2, CNAMES = \"p\", \"q\", \"\", \"\", \"\", \"\", \"\", \"\", \"\", \"\""
      ", RESULTS_NAME = x, F1=1\n"
      "REQUEST/3, RESULTS_NAME = y, F1=2\n"
      "BEAM/4, I=1, J=2, LENGTH=1, IXX=1, IYY=1, IZZ=1, AREA=1, EMODULUS=1, GMODULUS=1, "
      "FORMULATION=STRING\n"
      "BEAM/5, I=1, J=2, LENGTH=1, IXX=1, IYY=1, IZZ=1, AREA=1, EMODULUS=1, GMODULUS=1, "
      "FORMULATION=STRING\nEND\n",
      "r.adm", diag);
  CHECK(errors(diag) == "");
  CHECK(attr(node(deck, "post_request", "1"), "column_names") == "a,b,c,d,e,f,g,h");
  CHECK(attr(node(deck, "post_request", "2"), "column_names") == "p,q,,,,,,");
  std::string w;
  for (const auto& d : diag.all()) w += d.headline() + "\n";
  CHECK(w ==
        "r.adm:2:19: warning: REQUEST 1: CNAMES: a request has 8 columns; the entries after the "
        "8th name none and are ignored (2 occurrences; this is the first)\n"
        "r.adm:3:63: warning: REQUEST 2: RESULTS_NAME is not used by mbsolve (the columns are "
        "named req<id>.<CNAMES entry>); ignored (2 occurrences; this is the first)\n"
        "r.adm:5:94: warning: BEAM 4: FORMULATION=STRING is not available in mbsolve; the beam "
        "runs with the LINEAR formulation (exact for small deflections only) (2 occurrences; "
        "this is the first)\n");
}

TEST_CASE("ADM reader: an empty first value gives a joint its initial velocity only") {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(
      "t\nJOINT/1, REVOLUTE, I=1, J=2, IC=,2.5\nJOINT/2, TRANSLATIONAL, I=3, J=4, IC = , -1\n"
      "JOINT/3, CYLINDRICAL, I=5, J=6, ICTRAN=,0.5, ICROT=0.1,3\nEND\n",
      "j.adm", diag);
  CHECK(errors(diag) == "");
  const DeckNode* j1 = node(deck, "constraint_joint", "1");
  CHECK(attr(j1, "ic_rot_vel") == "2.5");
  CHECK(attr(j1, "ic_rot_disp") == "<absent>");
  CHECK(attr(node(deck, "constraint_joint", "2"), "ic_tran_vel") == "-1");
  CHECK(attr(node(deck, "constraint_joint", "2"), "ic_tran_disp") == "<absent>");
  const DeckNode* j3 = node(deck, "constraint_joint", "3");
  CHECK(attr(j3, "ic_tran_vel") == "0.5");
  CHECK(attr(j3, "ic_tran_disp") == "<absent>");
  CHECK(attr(j3, "ic_rot_disp") == "0.1");
  CHECK(attr(j3, "ic_rot_vel") == "3");
  // Elsewhere a value list may not start empty.
  CHECK(first_error("MARKER/1, PART=1, QP=,1,2\n") ==
        "e.adm:2:22: error: MARKER 1: QP: the first value is missing before ',' (only a JOINT's "
        "IC, ICTRAN and ICROT may leave out the displacement: IC=,velocity)");
  CHECK(first_error("JOINT/1, REVOLUTE, I=1, J=2, IC=\n") ==
        "e.adm:2:30: error: JOINT 1: IC: missing value after '='");
}

TEST_CASE("ADM reader: FRICTION I_YOKE / J_YOKE after INPUTS end the text, become yoke") {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(
      "t\nFRICTION/1, JOINT=1, MU_STATIC=0.3, MU_DYNAMIC=0.2, INPUTS=PRELOAD:REACTION_FORCE, "
      "I_YOKE\nFRICTION/2, JOINT=2, MU_STATIC=0.3, MU_DYNAMIC=0.2, J_YOKE, INPUTS=ALL\n"
      "FRICTION/3, JOINT=3, MU_STATIC=0.3, MU_DYNAMIC=0.2, INPUTS=(PRELOAD, REACTION_FORCE)\n"
      "FRICTION/4, JOINT=4, MU_STATIC=0.3, MU_DYNAMIC=0.2, I_YOKE, J_YOKE\nEND\n",
      "f.adm", diag);
  CHECK(errors(diag) == "f.adm:5:61: error: FRICTION 4: J_YOKE conflicts with I_YOKE\n");
  const DeckNode* f1 = node(deck, "force_jointfriction", "1");
  CHECK(attr(f1, "inputs") == "PRELOAD:REACTION_FORCE");
  CHECK(attr(f1, "yoke") == "I");
  const DeckNode* f2 = node(deck, "force_jointfriction", "2");
  CHECK(attr(f2, "inputs") == "ALL");
  CHECK(attr(f2, "yoke") == "J");
  const DeckNode* f3 = node(deck, "force_jointfriction", "3");
  CHECK(attr(f3, "inputs") == "(PRELOAD, REACTION_FORCE)");  // words, not flags, stay text
  CHECK(attr(f3, "yoke") == "<absent>");
}

TEST_CASE("ADM reader: ROUTINE=library::routine, a missing library once per library") {
  ::unsetenv("MBSOLVE_USERSUB_PATH");  // the message names the folders searched
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(
      "t\nSFORCE/1, I=1, J=2, TRANSLATION, FUNCTION=USER(1, 2)\\\n, ROUTINE=no_such_lib::Force\n"
      "VFORCE/2, I=1, JFLOAT=3, RM=2, FUNCTION=USER(3)\\\n, ROUTINE = no_such_lib::Push\n"
      "VARIABLE/3, FUNCTION=USER(4), ROUTINE=other_lib::Var\n"
      "DIFF/4, FUNCTION=USER(5)\nMOTION/5, JOINT=1, ROTATION, FUNCTION=USER(6)\n"
      "REQUEST/6, F1=1, ROUTINE=no_such_lib::Req\nEND\n",
      "/nonexistent/u.adm", diag);
  CHECK(attr(node(deck, "force_scalar_twobody", "1"), "usrsub_dll_name") == "no_such_lib");
  CHECK(attr(node(deck, "force_scalar_twobody", "1"), "usrsub_fnc_name") == "Force");
  CHECK(attr(node(deck, "force_scalar_twobody", "1"), "usrsub_param_string") == "USER(1, 2)");
  CHECK(attr(node(deck, "force_vector_twobody", "2"), "usrsub_fnc_name") == "Push");
  CHECK(attr(node(deck, "reference_variable", "3"), "type") == "USERSUB");
  CHECK(
      errors(diag) ==
      "/nonexistent/u.adm:3:3: error: SFORCE 1: ROUTINE: user library 'no_such_lib' not found: "
      "looked for no_such_lib, libno_such_lib.so, no_such_lib.so in /nonexistent "
      "(MBSOLVE_USERSUB_PATH is not set) and on the system library path (2 occurrences; this "
      "is the first)\n"
      "/nonexistent/u.adm:6:31: error: VARIABLE 3: ROUTINE: user library 'other_lib' not found: "
      "looked for other_lib, libother_lib.so, other_lib.so in /nonexistent "
      "(MBSOLVE_USERSUB_PATH is not set) and on the system library path\n"
      "/nonexistent/u.adm:7:9: error: DIFF 4: FUNCTION=USER(...) without ROUTINE=library::routine "
      "calls the statement's routine (DIFSUB here) in the default user library (the one Adams "
      "Solver is started with); mbsolve has no default library: name it with "
      "ROUTINE=library::DIFSUB (looked for next to the dataset, then in PREFERENCES/LIBPATH and "
      "MBSOLVE_USERSUB_PATH) "
      "(2 occurrences; this is the first)\n"
      "/nonexistent/u.adm:9:18: error: REQUEST 6: ROUTINE is only used with FUNCTION=USER(...)\n");
  CHECK(first_error("SFORCE/1, I=1, J=2, ROTATION, FUNCTION=USER(1), ROUTINE=a::F, a::G\n") ==
        "e.adm:2:57: error: SFORCE 1: ROUTINE: one library::routine for SFORCE (got 'a::F, a::G')");
}

TEST_CASE("ADM reader: BEAM FORMULATION") {
  const std::string beam =
      "BEAM/3, I=1, J=2, LENGTH=1, IXX=1, IYY=1, IZZ=1, AREA=1, EMODULUS=1, "
      "GMODULUS=1, FORMULATION=";
  CHECK(warnings(beam + "LINEAR\n") == "");
  CHECK(warnings(beam + "NONLINEAR\n") ==
        "w.adm:2:94: warning: BEAM 3: FORMULATION=NONLINEAR is not available in mbsolve; the "
        "beam runs with the LINEAR formulation (exact for small deflections only)\n");
  CHECK(first_error(beam + "CURVED\n") ==
        "e.adm:2:94: error: BEAM 3: FORMULATION: expected LINEAR, STRING or NONLINEAR, got "
        "'CURVED'");
}
