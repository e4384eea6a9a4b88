#include "models/contact_geometry.hpp"

#include <fmt/format.h>

#include <array>

#include "common/text.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

namespace {

/// The attribute's name as the deck spells it (Adams words in a dataset).
std::string spelled(ElementReader& in, std::string_view name) {
  const DeckAttribute* a = in.attr(name);
  return a ? a->spelled : std::string(name);
}

/// A length > 0 (or != 0 when `signed_ok`: Adams BOX edges may point backwards). An absent one
/// is noted in d.missing: only a contact needs it (drawing does not), so the contact reports it.
double length(ElementReader& in, DraftGraphic& d, std::string_view name, bool signed_ok = false) {
  if (!in.has(name)) {
    if (d.missing.empty()) d.missing = std::string(name);
    return 0;
  }
  const double v = in.real_or(name, 0);
  if (signed_ok ? v == 0 : v <= 0) {
    in.error(name, fmt::format("{} must be {} (got {:g})", spelled(in, name),
                               signed_ok ? "nonzero" : "> 0", v));
  }
  return v;
}

/// The geometry's marker: the first of `names` given (noted in d.missing when none is).
void read_marker(ElementReader& in, DraftGraphic& d,
                 std::initializer_list<std::string_view> names) {
  for (std::string_view name : names) {
    if (!in.has(name)) continue;
    if (auto id = in.ref(name)) d.marker_id = *id;
    d.marker_loc = in.loc_of(name);
    return;
  }
  if (d.missing.empty()) d.missing = std::string(*names.begin());
}

}  // namespace

void build_post_graphic(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  using S = ContactGeometry::Shape;
  DraftGraphic d;
  d.subject = in.subject();
  ContactGeometry& g = d.geometry;
  g.id = in.require_id();
  g.loc = in.node().loc;
  const DeckAttribute* type = in.attr("type");
  const std::string kind = type ? std::string(trim(type->value)) : std::string();
  // In messages the deck's word: Adams' (BOX, CYLINDER, ...) or the Post_Graphic type.
  g.kind = type && !iequals(type->spelled, "type") ? type->spelled : kind;
  auto is = [&](std::string_view k) { return iequals(kind, k); };
  if (is("Sphere")) {
    g.shape = S::kSphere;
    read_marker(in, d, {"center_marker_id", "cm_id", "rm_id"});
    g.radius = length(in, d, "radius");
  } else if (is("Ellipsoid")) {
    g.shape = S::kEllipsoid;
    read_marker(in, d, {"center_marker_id", "cm_id", "rm_id"});
    g.size = Vec3(length(in, d, "length_x"), length(in, d, "length_y"), length(in, d, "length_z"));
    if (g.size(0) == g.size(1) && g.size(1) == g.size(2)) {
      g.shape = S::kSphere;
      g.radius = 0.5 * g.size(0);
    }
  } else if (is("BoxDefinedFromCorner") || is("BoxDefinedFromCenter")) {
    g.shape = S::kBox;
    const bool corner = is("BoxDefinedFromCorner");
    if (corner) {
      read_marker(in, d, {"corner_marker_id", "rm_id"});
    } else {
      read_marker(in, d, {"center_marker_id", "cm_id", "rm_id"});
    }
    g.size = Vec3(length(in, d, "length_x", true), length(in, d, "length_y", true),
                  length(in, d, "length_z", true));
    if (!corner) g.corner_offset = -0.5 * g.size;
  } else if (is("Cylinder") || is("Frustum")) {
    g.shape = is("Cylinder") ? S::kCylinder : S::kFrustum;
    read_marker(in, d, {"center_marker_id", "cm_id", "rm_id"});
    g.length = length(in, d, "length", true);  // Adams draws a negative LENGTH along -z
    if (g.shape == S::kCylinder) {
      g.radius = length(in, d, "radius");
    } else {
      g.radius = length(in, d, "bottom_radius");
      g.top_radius = in.real_or("top_radius", 0);
      if (g.top_radius < 0) {
        in.error("top_radius", fmt::format("{} must be >= 0 (got {:g})", spelled(in, "top_radius"),
                                           g.top_radius));
      }
    }
  } else if (is("Circle")) {
    g.shape = S::kCircle;
    read_marker(in, d, {"center_marker_id", "cm_id", "rm_id"});
    g.radius = length(in, d, "radius");
  } else if (is("Plane")) {
    g.shape = S::kPlane;
    read_marker(in, d, {"center_marker_id", "cm_id", "rm_id"});
    g.xmin = in.real_or("x_min", g.xmin);
    g.xmax = in.real_or("x_max", g.xmax);
    g.ymin = in.real_or("y_min", g.ymin);
    g.ymax = in.real_or("y_max", g.ymax);
    if (g.xmin >= g.xmax || g.ymin >= g.ymax) {
      in.error_here("the plane's bounds are empty (x_min < x_max and y_min < y_max needed)");
    }
  } else if (is("External") || is("TriaMesh") || is("Parasolid")) {
    g.shape = S::kExternal;
    if (const DeckAttribute* f = in.attr("file")) {
      g.file = f->value;
      g.file_loc = in.loc_of("file");
    }
    read_marker(in, d, {"ref_marker_id", "rm_id"});
  } else {
    // Drawn only: no contact can use it. Its attributes are known, not reported.
    for (const DeckAttribute& a : in.node().attributes) in.attr(a.name);
    d.draw_only = true;
  }
  for (auto n : {"label", "color", "refinement_level", "is_material_inside", "ends_type", "hidden",
                 "element", "sides", "segments", "range_angle", "faceting_tolerance"}) {
    if (in.has(n)) in.attr(n);
  }
  if (d.draw_only) {
    d.missing.clear();
  } else {
    for (const DeckAttribute& a : in.node().attributes) in.attr(a.name);  // drawing attributes
  }
  draft.graphics.push_back(std::move(d));
}

}  // namespace mb
