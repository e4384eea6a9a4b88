// 3-D contact through the collision library (models/mesh_collision.hpp: FCL) and triangle
// meshes (models/contact_mesh.hpp: STL, OBJ). Oracles: closed forms of resting contact (with a
// linear law, EXPONENT = 1, a body at rest on n equally loaded points sinks by m g / (n k) and
// carries m g), and the analytic primitive: a sphere given as a mesh bounces and rests as the
// primitive sphere does. The meshes are generated here (an icosphere refined from an icosahedron
// with a vertex at each pole, a cube) and written to temporary files.

#include <fmt/format.h>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <vector>

#include "parser/adm_reader.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.81;

struct Mesh {
  std::vector<Vec3> v;
  std::vector<std::array<int, 3>> f;
};

/// A sphere of radius r: an icosahedron with vertices at both poles, each triangle split in 4
/// `levels` times, the new vertices pushed out to the sphere.
Mesh icosphere(double r, int levels) {
  Mesh m;
  const double z = 1 / std::sqrt(5.0), rho = 2 / std::sqrt(5.0);
  m.v.push_back(Vec3(0, 0, 1));
  for (int ring = 0; ring < 2; ++ring) {
    for (int k = 0; k < 5; ++k) {
      const double a = (2 * k + ring) * std::numbers::pi / 5;
      m.v.push_back(Vec3(rho * std::cos(a), rho * std::sin(a), ring == 0 ? z : -z));
    }
  }
  m.v.push_back(Vec3(0, 0, -1));
  for (int k = 0; k < 5; ++k) {
    const int u0 = 1 + k, u1 = 1 + (k + 1) % 5, l0 = 6 + k, l1 = 6 + (k + 1) % 5;
    m.f.push_back({0, u0, u1});
    m.f.push_back({u0, l0, u1});
    m.f.push_back({u1, l0, l1});
    m.f.push_back({11, l1, l0});
  }
  for (int level = 0; level < levels; ++level) {
    std::map<std::pair<int, int>, int> mid;
    auto midpoint = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      auto it = mid.find(key);
      if (it != mid.end()) return it->second;
      m.v.push_back((m.v[static_cast<size_t>(a)] + m.v[static_cast<size_t>(b)]).normalized());
      return mid[key] = static_cast<int>(m.v.size()) - 1;
    };
    std::vector<std::array<int, 3>> next;
    for (const auto& t : m.f) {
      const int a = midpoint(t[0], t[1]), b = midpoint(t[1], t[2]), c = midpoint(t[2], t[0]);
      next.push_back({t[0], a, c});
      next.push_back({a, t[1], b});
      next.push_back({c, b, t[2]});
      next.push_back({a, b, c});
    }
    m.f = next;
  }
  for (Vec3& x : m.v) x *= r;
  return m;
}

/// An axis-aligned box from lo to hi (12 triangles).
Mesh box_mesh(const Vec3& lo, const Vec3& hi) {
  Mesh m;
  for (int k = 0; k < 8; ++k) {
    m.v.push_back(Vec3((k & 1) ? hi(0) : lo(0), (k & 2) ? hi(1) : lo(1), (k & 4) ? hi(2) : lo(2)));
  }
  const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const auto& q : quads) {
    m.f.push_back({q[0], q[1], q[2]});
    m.f.push_back({q[0], q[2], q[3]});
  }
  return m;
}

std::string temp_file(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("mbsolve_contact_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

std::string write_binary_stl(const Mesh& m, const std::string& name) {
  const std::string path = temp_file(name);
  std::ofstream out(path, std::ios::binary);
  char header[80] = "solid written as binary STL by contact_mesh_test";
  out.write(header, 80);
  const auto n = static_cast<uint32_t>(m.f.size());
  out.write(reinterpret_cast<const char*>(&n), 4);
  for (const auto& t : m.f) {
    float data[12] = {0, 0, 0};
    for (int v = 0; v < 3; ++v) {
      for (int c = 0; c < 3; ++c) {
        data[3 + 3 * v + c] = static_cast<float>(m.v[static_cast<size_t>(t[v])](c));
      }
    }
    out.write(reinterpret_cast<const char*>(data), 48);
    const uint16_t attributes = 0;
    out.write(reinterpret_cast<const char*>(&attributes), 2);
  }
  return path;
}

std::string write_ascii_stl(const Mesh& m, const std::string& name) {
  const std::string path = temp_file(name);
  std::ofstream out(path);
  out << "solid test\n";
  for (const auto& t : m.f) {
    out << "  facet normal 0 0 0\n    outer loop\n";
    for (int v : t) {
      const Vec3& x = m.v[static_cast<size_t>(v)];
      out << fmt::format("      vertex {:.17g} {:.17g} {:.17g}\n", x(0), x(1), x(2));
    }
    out << "    endloop\n  endfacet\n";
  }
  out << "endsolid test\n";
  return path;
}

/// OBJ with quads (the reader splits them) written as "v//vn" references.
std::string write_obj(const Mesh& m, const std::string& name) {
  const std::string path = temp_file(name);
  std::ofstream out(path);
  out << "# test mesh\no part\n";
  for (const Vec3& x : m.v) out << fmt::format("v {:.17g} {:.17g} {:.17g}\n", x(0), x(1), x(2));
  out << "vn 0 0 1\n";
  for (const auto& t : m.f)
    out << fmt::format("f {}//1 {}//1 {}//1\n", t[0] + 1, t[1] + 1, t[2] + 1);
  return path;
}

/// Runs a dataset of a ground part (marker 10, geometry `ground_geometry` as GRAPHICS/2) and a
/// part of mass m (CM marker 20 at `cm`, geometry `geometry` as GRAPHICS/1 on it), with the
/// contact `law`; request 1 is the contact force on the part in ground axes with its torque about
/// marker 20.
test::InlineRun resting(const std::string& name, double m, const std::string& cm,
                        const std::string& geometry, const std::string& ground_geometry,
                        const std::string& law, const std::string& extra = "",
                        const std::string& simulate = "SIMULATE/DYNAMIC, END=1, STEPS=10\n") {
  return test::run_adm(name,
                       fmt::format(R"ADM(resting
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS={}, CM=20, IP=0.01, 0.01, 0.01
MARKER/20, PART=2, QP={}
{}
{}
{}
CONTACT/1, IGEOM=1, JGEOM=2, {}
REQUEST/1, F2=CONTACT(1, 0, 2, 20)\F3=CONTACT(1, 0, 3, 20)\F4=CONTACT(1, 0, 4, 20)\
, F6=CONTACT(1, 0, 6, 20)\F7=CONTACT(1, 0, 7, 20)\F8=CONTACT(1, 0, 8, 20)
ACCGRAV/KGRAV=-9.81
INTEGRATOR/GSTIFF, ERROR=1E-9, HMAX=1E-3
END
)ADM",
                                   m, cm, extra, geometry, ground_geometry, law),
                       simulate);
}

double req(const test::InlineRun& run, const char* c) {
  return run.requests.back()[test::request_column(run, std::string("req1.") + c)];
}

/// The apex heights of the CG between bounces (the tops of the flights).
std::vector<double> apexes(const test::InlineRun& run) {
  std::vector<double> top;
  for (size_t k = 1; k + 1 < run.t.size(); ++k) {
    const double vz0 = run.y[k - 1][9], vz1 = run.y[k][9];
    if (vz0 > 0 && vz1 <= 0) {
      // The CG in free flight: its apex from the state at k (z + vz^2 / 2g).
      top.push_back(run.y[k][2] + vz1 * vz1 / (2 * kG));
    }
  }
  return top;
}

constexpr const char* kLinear = "IMPACT, STIFFNESS=1E6, EXPONENT=1, DAMPING=1E3, DMAX=1E-5";

}  // namespace

TEST_CASE("CONTACT mesh: a sphere given as a mesh bounces as the primitive sphere") {
  // A ball (m = 1, R = 0.1) dropped from z = 1 onto the ground plane, POISSON restitution 0.8,
  // once as an ELLIPSOID and once as an icosphere of 1280 triangles in a binary STL file with a
  // vertex at its lowest point (the only vertex that reaches the plane: the next ones are
  // R (1 - cos 7.9 deg) = 9.5e-4 above it, the deepest penetration is 4.2e-4).
  const std::string stl = write_binary_stl(icosphere(0.1, 3), "ball.stl");
  const std::string law = "POISSON, PENALTY=1E8, RESTITUTION_COEFFICIENT=0.8";
  const std::string simulate = "SIMULATE/DYNAMIC, END=2.0, STEPS=4000\n";
  const auto primitive = resting("contact_ball", 1, "0, 0, 1",
                                 "GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=0.2, "
                                 "YSCALE=0.2, ZSCALE=0.2",
                                 "GRAPHICS/2, PLANE, RM=10", law, "", simulate);
  const auto mesh = resting("contact_mesh_ball", 1, "0, 0, 1",
                            "GRAPHICS/1, EXTERNAL, RM=20, FILE=" + stl + ", ELEMENT=SOLID1",
                            "GRAPHICS/2, PLANE, RM=10", law, "", simulate);
  std::filesystem::remove(stl);
  REQUIRE(primitive.report.code == ExitCode::kSuccess);
  REQUIRE(mesh.report.code == ExitCode::kSuccess);
  const std::vector<double> a = apexes(primitive), b = apexes(mesh);
  REQUIRE(a.size() >= 3);
  REQUIRE(a.size() == b.size());
  for (size_t k = 0; k < a.size(); ++k) {
    INFO("apex " << k << ": primitive " << a[k] << " mesh " << b[k]);
    // Restitution 0.8: the rise above the contact height R scales by r^2 = 0.64 per bounce (to
    // 2e-3: the rebound speed is r times the impact speed to 1e-3, contact_test.cpp).
    const double before = k == 0 ? 0.9 : a[k - 1] - 0.1;
    CHECK((a[k] - 0.1) / before == Approx(0.64).epsilon(2e-3));
    CHECK(std::abs(b[k] - a[k]) < 1e-6);
  }
  double worst = 0;
  for (size_t k = 0; k < primitive.t.size(); ++k) {
    worst = std::max(worst, std::abs(primitive.y[k][2] - mesh.y[k][2]));
  }
  INFO("largest height difference " << worst);
  CHECK(worst < 1e-5);
}

TEST_CASE("CONTACT collision pairs: resting forces and depths of the closed form") {
  // With the linear law (k = 1e6, EXPONENT = 1) a part of m = 2 resting on n equally loaded
  // points sinks by m g / (n k) and carries m g. The ground geometry's top face is z = 0.
  const double m = 2, k = 1e6, w = m * kG;
  struct Case {
    const char* name;
    std::string part, ground;
    double cg_z;  ///< the CG's height at rest
    std::string cm = "0, 0, 0.11";
  };
  const std::string ball = write_binary_stl(icosphere(0.1, 3), "ball2.stl");
  const std::string cube =
      write_obj(box_mesh(Vec3(-0.5, -0.5, -0.2), Vec3(0.5, 0.5, 0)), "ground.obj");
  const std::string ground_box = "GRAPHICS/2, BOX, CORNER=11, X=1, Y=1, Z=0.2";
  const std::vector<Case> cases = {
      // The sphere's lowest point on the box's top face.
      {"sphere on box", "GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=0.2, YSCALE=0.2, ZSCALE=0.2",
       ground_box, 0.1 - w / k},
      // The icosphere's bottom vertex on the box's top face.
      {"mesh sphere on box", "GRAPHICS/1, EXTERNAL, RM=20, FILE=" + ball, ground_box, 0.1 - w / k},
      // FCL box-box (ODE's): the four corners of the 0.4 x 0.4 x 0.2 box.
      {"box on box", "GRAPHICS/1, BOX, CORNER=21, X=0.4, Y=0.4, Z=0.2", ground_box,
       0.1 - w / (4 * k), "0, 0, 0.15"},
      // A cylinder lying on its side (axis along x) on the box: the lowest point of each end.
      {"cylinder on box", "GRAPHICS/1, CYLINDER, CM=22, RADIUS=0.1, LENGTH=0.3", ground_box,
       0.1 - w / (2 * k)},
      // A frustum standing on the top end face of a cylinder of radius 0.3: its bottom rim (8
      // points sharing the force: one spring k), CG 0.08 above its bottom face. The cylinder
      // hangs down from its marker at z = 0 (a negative LENGTH, as Adams/View writes them).
      {"frustum on cylinder", "GRAPHICS/1, FRUSTUM, CM=23, BOTTOM=0.1, TOP=0.05, LENGTH=0.2",
       "GRAPHICS/2, CYLINDER, CM=13, RADIUS=0.3, LENGTH=-0.2", 0.08 - w / k, "0, 0, 0.081"},
      // The same on a cylinder of positive length whose marker is at its bottom, z = -0.2.
      {"frustum on cylinder (positive length)",
       "GRAPHICS/1, FRUSTUM, CM=23, BOTTOM=0.1, TOP=0.05, LENGTH=0.2",
       "GRAPHICS/2, CYLINDER, CM=12, RADIUS=0.3, LENGTH=0.2", 0.08 - w / k, "0, 0, 0.081"},
      // The icosphere on the OBJ box: mesh against mesh (FCL's triangle test).
      {"mesh sphere on mesh box", "GRAPHICS/1, EXTERNAL, RM=20, FILE=" + ball,
       "GRAPHICS/2, EXTERNAL, RM=10, FILE=" + cube, 0.1 - w / k},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const std::string extra =
        "MARKER/21, PART=2, QP=-0.2, -0.2, 0.05\n"
        "MARKER/22, PART=2, QP=-0.15, 0, 0.11, REULER=90D, 90D, 0\n"
        "MARKER/23, PART=2, QP=0, 0, 0.001\n"
        "MARKER/11, PART=1, QP=-0.5, -0.5, -0.2\n"
        "MARKER/12, PART=1, QP=0, 0, -0.2\n"
        "MARKER/13, PART=1, QP=0, 0, 0\n";
    const auto run = resting("contact_pairs", m, c.cm, c.part, c.ground, kLinear, extra);
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(run.y.back()[2] == Approx(c.cg_z).margin(1e-7));
    CHECK(req(run, "f4") == Approx(w).epsilon(1e-6));
    CHECK(std::abs(req(run, "f2")) < 1e-6 * w);
    CHECK(std::abs(req(run, "f3")) < 1e-6 * w);
    CHECK(std::hypot(run.y.back()[7], run.y.back()[8], run.y.back()[9]) < 1e-6);
  }
  std::filesystem::remove(ball);
  std::filesystem::remove(cube);
}

TEST_CASE("CONTACT OBJ and ASCII STL meshes on a plane: the vertices carry m g") {
  // The cube 0.4 x 0.4 x 0.2 (m = 2, CG at its centre) as an OBJ and as an ASCII STL file on the
  // ground plane: its 4 bottom vertices carry m g / 4 each, so it sinks by m g / (4 k).
  const double m = 2, k = 1e6, w = m * kG;
  const Mesh cube = box_mesh(Vec3(-0.2, -0.2, -0.1), Vec3(0.2, 0.2, 0.1));
  for (const std::string& file : {write_obj(cube, "cube.obj"), write_ascii_stl(cube, "cube.stl")}) {
    INFO(file);
    const auto run =
        resting("contact_cube", m, "0, 0, 0.1", "GRAPHICS/1, EXTERNAL, RM=20, FILE=" + file,
                "GRAPHICS/2, PLANE, RM=10", kLinear);
    std::filesystem::remove(file);
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(run.y.back()[2] == Approx(0.1 - w / (4 * k)).margin(1e-8));
    CHECK(req(run, "f4") == Approx(w).epsilon(1e-7));
    CHECK(std::abs(req(run, "f6")) < 1e-6 * w);
    CHECK(std::abs(req(run, "f7")) < 1e-6 * w);
  }
}

TEST_CASE("CONTACT mesh files that cannot be used: errors naming the file at its line") {
  const std::string shl = temp_file("part.shl");
  std::ofstream(shl) << "1\n";
  const std::string adm = fmt::format(R"ADM(errors
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2
GRAPHICS/1, EXTERNAL, RM=20, FILE=no_such_part.stl, ELEMENT=SOLID1
GRAPHICS/2, PLANE, RM=10
GRAPHICS/3, EXTERNAL, RM=20, FILE={}
CONTACT/1, IGEOM=1, JGEOM=2, IMPACT, STIFFNESS=1E5
CONTACT/2, IGEOM=3, JGEOM=2, IMPACT, STIFFNESS=1E5
END
)ADM",
                                      shl);
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(adm, "errors.adm", diag);
  const auto model = build_model(deck, diag);
  std::filesystem::remove(shl);
  CHECK_FALSE(model);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  INFO(all);
  CHECK(all.find("errors.adm:6:") != std::string::npos);
  CHECK(all.find("CONTACT 1: IGEOM 1: the mesh file 'no_such_part.stl' does not exist") !=
        std::string::npos);
  CHECK(all.find("errors.adm:8:") != std::string::npos);
  CHECK(all.find("is not supported: Adams shell (.shl) files are not read") != std::string::npos);
}

TEST_CASE("Force_Contact with a Post_Graphic mesh file: the vertices carry m g") {
  // The MotionSolve form of the OBJ cube test: Post_Graphic type="External" with its file and
  // reference marker; 4 bottom vertices on the ground plane, each m g / 4 (sink m g / (4 k)).
  const double m = 2, k = 1e6, w = m * kG;
  const std::string file =
      write_obj(box_mesh(Vec3(-0.2, -0.2, -0.1), Vec3(0.2, 0.2, 0.1)), "cube_xml.obj");
  const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="0" grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{}" inertia_xx="0.01" inertia_yy="0.01"
                inertia_zz="0.01"/>
    <Reference_Marker id="20" body_id="2" pos_z="0.1001"/>
    <Post_Graphic id="1" type="External" file="{}" ref_marker_id="20"/>
    <Post_Graphic id="2" type="Plane" center_marker_id="10"/>
    <Force_Contact id="1" num_i_graphics="1" i_graphics_id="1" num_j_graphics="1"
                   j_graphics_id="2" cnf_type="Impact" stiffness="{}" exponent="1"
                   damping="1e3" dmax="1e-5"/>
    <Param_Transient integr_tol="1e-9"/>
    </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
    </Command></MotionSolve>)XML",
                                                m, file, k));
  std::filesystem::remove(file);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(run.y.back()[2] == Approx(0.1 - w / (4 * k)).margin(1e-8));
  CHECK(std::hypot(run.y.back()[7], run.y.back()[8], run.y.back()[9]) < 1e-6);
}
