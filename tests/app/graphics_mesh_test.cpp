// The body graphics of a deck (models/body_graphics.hpp) as triangle meshes in the body's frame
// (app/graphics_mesh.hpp): Adams GRAPHICS and MotionSolve Post_Graphic read from a deck, placed
// on their markers, with the bounding boxes the marker poses and sizes give by hand, and faces
// wound outwards (the divergence theorem's volume is the solid's).

#include "app/graphics_mesh.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "models/model_builder.hpp"
#include "parser/adm_reader.hpp"
#include "parser/xml_reader.hpp"

using namespace mb;

namespace {

struct Built {
  Model model;
  std::vector<BodyGraphic> graphics;
  Diagnostics diag;
};

std::unique_ptr<Built> build(const Deck& deck, Diagnostics& read_diag) {
  auto b = std::make_unique<Built>();
  REQUIRE_FALSE(read_diag.has_errors());
  std::optional<Model> m = build_model(deck, b->diag);
  REQUIRE(m);
  REQUIRE_FALSE(b->diag.has_errors());
  b->model = std::move(*m);
  b->graphics = read_body_graphics(deck, b->model, b->diag);
  return b;
}

const BodyGraphic& graphic(const Built& b, int id) {
  for (const BodyGraphic& g : b.graphics) {
    if (g.id == id) return g;
  }
  FAIL("no graphic " << id);
  return b.graphics.front();
}

/// The volume the closed mesh encloses (positive when its faces wind outwards).
double volume(const TriangleMesh& m) {
  double v = 0;
  for (size_t i = 0; i < m.indices.size(); i += 3) {
    Vec3 p[3];
    for (int k = 0; k < 3; ++k) {
      const size_t j = 3 * m.indices[i + static_cast<size_t>(k)];
      p[k] = Vec3(m.positions[j], m.positions[j + 1], m.positions[j + 2]);
    }
    v += p[0].dot(p[1].cross(p[2])) / 6;
  }
  return v;
}

void check_box(const TriangleMesh& m, Vec3 lo, Vec3 hi) {
  const auto l = m.lower(), h = m.upper();
  for (int k = 0; k < 3; ++k) {
    INFO("axis " << k);
    CHECK(l[k] == Approx(lo(k)).margin(1e-6));
    CHECK(h[k] == Approx(hi(k)).margin(1e-6));
  }
}

}  // namespace

TEST_CASE("graphics mesh: Adams BOX and CYLINDER in the body's CM frame") {
  // The part's CM marker 20 is 0.1 along the part's x: the body frame is the CM frame, so every
  // point of the part frame appears at x - 0.1. Marker 21 at (0.5, 0, 0), turned 90 deg about
  // z: its x is the part's +y, its y the part's -x. Marker 22 at (0, 0, -1), turned 90 deg about
  // x (3-1-3: 0, 90, 0): its z is the part's -y, its y the part's +z.
  const std::string text = R"ADM(graphics
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
MARKER/1, PART=1
PART/2, MASS=1, CM=20, IP=1, 1, 1, QG=1, 2, 3
MARKER/20, PART=2, QP=0.1, 0, 0
MARKER/21, PART=2, QP=0.5, 0, 0, REULER=90D, 0, 0
MARKER/22, PART=2, QP=0, 0, -1, REULER=0, 90D, 0
MARKER/23, PART=2, QP=1, 0, 0
MARKER/24, PART=2, QP=1, 1, 0
GRAPHICS/1, BOX, CORNER=21, X=2, Y=1, Z=0.5
GRAPHICS/2, CYLINDER, CM=22, RADIUS=0.25, LENGTH=2, SIDES=16
GRAPHICS/3, FRUSTUM, CM=1, BOTTOM=0.3, TOP=0.1, LENGTH=-0.4
GRAPHICS/4, OUTLINE=20, 23, 24
GRAPHICS/5, FORCE, ETYPE=SFORCE, EID=1
END
)ADM";
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(text, "g.adm", diag);
  const auto b = build(deck, diag);
  REQUIRE(b->graphics.size() == 4);

  const BodyGraphic& box = graphic(*b, 1);
  CHECK(b->model.bodies[static_cast<size_t>(box.body)].id == 2);
  const TriangleMesh bm = graphic_mesh(box);
  CHECK(bm.indices.size() == 36);
  // Part frame: x in [0.5 - 1, 0.5], y in [0, 2], z in [0, 0.5]; body frame: x - 0.1.
  check_box(bm, Vec3(-0.6, 0, 0), Vec3(0.4, 2, 0.5));
  CHECK(volume(bm) == Approx(1.0).epsilon(1e-6));

  const TriangleMesh cm = graphic_mesh(graphic(*b, 2));
  // Along the part's -y from y = 0 to -2; radius 0.25 about (0, *, -1); 16 facets reach the
  // radius on both axes.
  check_box(cm, Vec3(-0.35, -2, -1.25), Vec3(0.15, 0, -0.75));
  const double polygon = 8 * 0.25 * 0.25 * std::sin(2 * std::numbers::pi / 16);
  CHECK(volume(cm) == Approx(polygon * 2).epsilon(1e-6));

  // A negative LENGTH draws below the marker's xy plane (on the ground, the global frame).
  const BodyGraphic& fr = graphic(*b, 3);
  CHECK(b->model.bodies[static_cast<size_t>(fr.body)].ground);
  const TriangleMesh fm = graphic_mesh(fr);
  check_box(fm, Vec3(-0.3, -0.3, -0.4), Vec3(0.3, 0.3, 0));
  CHECK(volume(fm) > 0);

  // The outline's bars through (1, 0, 0), (1, 1, 0) of the part from its CM, (0.1, 0, 0).
  const TriangleMesh om = graphic_mesh(graphic(*b, 4));
  const auto lo = om.lower(), hi = om.upper();
  CHECK(lo[0] == Approx(0).margin(1e-6));
  CHECK(lo[1] == Approx(-0.01).margin(1e-6));  // half width: 1 % of the longest segment (1)
  CHECK(hi[0] == Approx(0.91).margin(1e-6));
  CHECK(hi[1] == Approx(1.0).margin(1e-6));

  // FORCE graphics are skipped by the reader with one info line, the others are all drawn.
  const auto meshes = body_meshes(b->graphics, b->model);
  CHECK(meshes.at("body2").size() == 3);
  CHECK(meshes.at("ground").size() == 1);
}

TEST_CASE("graphics mesh: Post_Graphic box from its centre and a sphere") {
  const std::string text = R"XML(<MotionSolve><Model>
<Body_Rigid id="1" isground="TRUE"/>
<Reference_Marker id="10" body_id="1"/>
<Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
<Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0" pos_z="0"/>
<Reference_Marker id="21" body_id="2" pos_x="1" pos_y="1" pos_z="0"/>
<Post_Graphic id="50" type="BoxDefinedFromCenter" center_marker_id="21" length_x="0.4"
  length_y="0.2" length_z="0.6"/>
<Post_Graphic id="51" type="Sphere" center_marker_id="20" radius="0.5"/>
<Post_Graphic id="52" type="Arc" center_marker_id="20" radius="0.5"/>
</Model><Command><Simulate analysis_type="Transient" end_time="0.1" num_steps="1"/></Command>
</MotionSolve>)XML";
  Diagnostics diag;
  const Deck deck = read_xml_deck_text(text, "g.xml", diag);
  const auto b = build(deck, diag);
  REQUIRE(b->graphics.size() == 2);
  const TriangleMesh box = graphic_mesh(graphic(*b, 50));
  check_box(box, Vec3(-0.2, 0.9, -0.3), Vec3(0.2, 1.1, 0.3));
  CHECK(volume(box) == Approx(0.4 * 0.2 * 0.6).epsilon(1e-6));
  const TriangleMesh sphere = graphic_mesh(graphic(*b, 51));
  check_box(sphere, Vec3(-0.5, -0.5, -0.5), Vec3(0.5, 0.5, 0.5));
  CHECK(volume(sphere) > 0.9 * 4.0 / 3 * std::numbers::pi * 0.125);
  // The Arc: one info line saying it is not drawn.
  bool said = false;
  for (const auto& d : b->diag.all()) {
    said = said || d.message.find("Arc graphics are not drawn in the animation") == 0;
  }
  CHECK(said);
}
