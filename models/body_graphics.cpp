#include "models/body_graphics.hpp"

#include <fmt/format.h>

#include <set>

#include "common/diagnostics.hpp"
#include "common/text.hpp"
#include "models/contact_geometry.hpp"
#include "models/element_reader.hpp"
#include "models/model.hpp"
#include "models/model_draft.hpp"
#include "parser/deck.hpp"

namespace mb {

namespace {

/// The deck's name of the graphic's kind ("CYLINDER", "Sphere", ...).
std::string kind_word(const DeckNode& node) {
  for (const DeckAttribute& a : node.attributes) {
    if (a.name == "type") return !iequals(a.spelled, "type") ? a.spelled : std::string(a.value);
  }
  return "Post_Graphic";
}

/// Adams OUTLINE / Post_Graphic Outline: the marker ids of its points, or nothing when a point
/// is not a marker of the first point's body (reported as not drawn).
std::optional<BodyGraphic> read_outline(const DeckNode& node, const Model& m) {
  std::vector<int> markers;
  for (const DeckAttribute& a : node.attributes) {
    if (a.name != "marker_id") continue;
    for (const std::string& w : split_list(a.value)) {
      const std::optional<long long> id = parse_int(w, 1, 2147483647);
      const auto it = id ? m.marker_index.find(static_cast<int>(*id)) : m.marker_index.end();
      if (it == m.marker_index.end()) return std::nullopt;
      markers.push_back(it->second);
    }
  }
  if (markers.size() < 2) return std::nullopt;
  BodyGraphic g;
  g.kind = BodyGraphic::Kind::kOutline;
  g.body = m.markers[static_cast<size_t>(markers[0])].body;
  for (int k : markers) {
    const Marker& mk = m.markers[static_cast<size_t>(k)];
    if (mk.body != g.body) return std::nullopt;
    g.outline.push_back(mk.pos_body);
  }
  return g;
}

/// The facets around of a cylinder or frustum: the deck's SIDES (Adams) / sides, if given.
int sides_of(const DeckNode& node) {
  for (const DeckAttribute& a : node.attributes) {
    if (a.name != "sides") continue;
    const std::optional<long long> v = parse_int(trim(a.value), 3, 360);
    return v ? static_cast<int>(*v) : 0;
  }
  return 0;
}

}  // namespace

std::vector<BodyGraphic> read_body_graphics(const Deck& deck, const Model& model,
                                            Diagnostics& diag) {
  std::vector<BodyGraphic> out;
  std::set<std::string> not_drawn;  // one info line per kind
  auto skip = [&](const DeckNode& node, const std::string& why) {
    const std::string kind = kind_word(node);
    if (!not_drawn.insert(to_lower(kind)).second) return;
    diag.info(node.loc, "",
              fmt::format("{} graphics are not drawn in the animation ({})", kind, why));
  };
  for (const DeckNode& node : deck.model) {
    if (node.tag != "post_graphic") continue;
    // The model build has read this node and reported its errors; this reading is for drawing.
    Diagnostics quiet;
    ModelDraft draft;
    ElementReader in(node, quiet);
    build_post_graphic(in, draft, false);
    if (draft.graphics.empty()) continue;
    const DraftGraphic& d = draft.graphics.front();
    if (d.draw_only) {
      if (iequals(kind_word(node), "Outline")) {
        if (std::optional<BodyGraphic> g = read_outline(node, model)) {
          g->id = d.geometry.id;
          out.push_back(std::move(*g));
        } else {
          skip(node, "its points must be two or more markers of one body");
        }
      } else {
        skip(node,
             "mbsolve draws boxes, cylinders, frustums, ellipsoids, spheres, circles, "
             "bounded planes and outlines");
      }
      continue;
    }
    if (quiet.has_errors() || !d.missing.empty()) continue;  // reported by the model build
    if (d.geometry.shape == ContactGeometry::Shape::kExternal) {
      skip(node, "geometry files are not read");
      continue;
    }
    if (d.geometry.shape == ContactGeometry::Shape::kPlane &&
        (d.geometry.xmax - d.geometry.xmin > 1e200 || d.geometry.ymax - d.geometry.ymin > 1e200)) {
      skip(node, "a plane is drawn only with its bounds XMIN, XMAX, YMIN, YMAX");
      continue;
    }
    const auto it = model.marker_index.find(d.marker_id);
    if (it == model.marker_index.end()) continue;  // reported by the model build
    const Marker& mk = model.markers[static_cast<size_t>(it->second)];
    BodyGraphic g;
    g.id = d.geometry.id;
    g.body = mk.body;
    g.shape = d.geometry;
    g.shape.marker = it->second;
    g.origin = mk.pos_body;
    g.axes = mk.axes_body;
    g.sides = sides_of(node);
    out.push_back(std::move(g));
  }
  return out;
}

void note_graphics_not_drawn(const Deck& deck, Diagnostics& diag) {
  for (const DeckNode& node : deck.model) {
    if (node.tag != "post_graphic") continue;
    const bool adams = iequals(node.spelled, "GRAPHICS");
    diag.info(node.loc, "",
              std::string(adams ? "GRAPHICS statements" : "Post_Graphic elements") +
                  " only draw (mbsolve --animation FILE.gltf draws them)");
    return;
  }
}

}  // namespace mb
