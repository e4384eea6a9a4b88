#include "models/force_contact.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>

#include "common/text.hpp"
#include "models/contact_mesh.hpp"
#include "models/element_reader.hpp"
#include "models/mesh_collision.hpp"
#include "models/model.hpp"
#include "models/model_draft.hpp"

namespace mb {

ContactPairMethod contact_pair_method(ContactGeometry::Shape a, ContactGeometry::Shape b) {
  using S = ContactGeometry::Shape;
  if (a == S::kPlane && b == S::kPlane) return ContactPairMethod::kNone;
  if (a == S::kPlane || b == S::kPlane) return ContactPairMethod::kAnalytic;
  if (a == S::kCircle || b == S::kCircle) return ContactPairMethod::kNone;
  if (a == S::kSphere && b == S::kSphere) return ContactPairMethod::kAnalytic;
  return ContactPairMethod::kCollision;
}

namespace {

std::string spelled(ElementReader& in, std::string_view name) {
  const DeckAttribute* a = in.attr(name);
  return a ? a->spelled : std::string(name);
}

/// A list of graphics ids (blanks or commas between them).
std::vector<int> read_ids(ElementReader& in, std::string_view name, bool required) {
  std::vector<int> ids;
  const DeckAttribute* a = in.attr(name);
  if (!a) {
    if (required) in.missing(name, "the ids of the geometries (Post_Graphic / GRAPHICS)");
    return ids;
  }
  for (const std::string& w : split_list(a->value)) {
    const std::optional<long long> v = parse_int(w, 1, 2147483647);
    if (!v) {
      in.error(name, fmt::format("{}: '{}' is not a graphics id (an integer > 0)", a->spelled, w));
      continue;
    }
    ids.push_back(static_cast<int>(*v));
  }
  if (ids.empty()) in.error(name, a->spelled + " names no geometry");
  return ids;
}

/// A real attribute >= 0 (> 0 when `strict`).
double nonnegative(ElementReader& in, std::string_view name, double fallback, bool strict = false) {
  const double v = in.real_or(name, fallback);
  if (in.has(name) && (strict ? v <= 0 : v < 0)) {
    in.error(name,
             fmt::format("{} must be {} 0 (got {:g})", spelled(in, name), strict ? ">" : ">=", v));
    return fallback;
  }
  return v;
}

void read_normal_law(ElementReader& in, Contact& c) {
  static constexpr std::array<std::string_view, 4> kTypes = {"IMPACT", "POISSON", "VOLUME",
                                                             "USERCNF"};
  if (!in.has("cnf_type")) {
    in.missing("cnf_type", "IMPACT or POISSON");
    return;
  }
  const std::optional<std::string> t = in.keyword("cnf_type", kTypes);
  if (!t) return;
  if (*t == "VOLUME" || *t == "USERCNF") {
    in.error("cnf_type", fmt::format("the {} normal force is not supported (supported: IMPACT, "
                                     "POISSON)",
                                     *t));
    return;
  }
  if (*t == "IMPACT") {
    c.normal = Contact::Normal::kImpact;
    if (in.required_real("stiffness")) c.stiffness = nonnegative(in, "stiffness", 0);
    c.exponent = nonnegative(in, "exponent", 2.2, true);
    c.damping = nonnegative(in, "damping", 0);
    c.dmax = nonnegative(in, "dmax", 0.01, true);
  } else {
    c.normal = Contact::Normal::kPoisson;
    if (in.required_real("penalty")) c.penalty = nonnegative(in, "penalty", 0, true);
    if (in.required_real("restitution_coef")) {
      c.restitution = in.real_or("restitution_coef", 1);
      if (c.restitution < 0 || c.restitution > 1) {
        in.error("restitution_coef", fmt::format("{} must lie in [0, 1] (got {:g})",
                                                 spelled(in, "restitution_coef"), c.restitution));
      }
    }
    c.normal_transition_velocity = nonnegative(in, "normal_trans_vel", 0.01, true);
  }
}

void read_friction(ElementReader& in, Contact& c) {
  static constexpr std::array<std::string_view, 6> kTypes = {
      "COULOMB_ON", "COULOMB_OFF", "DYNAMICS_ONLY", "ON", "OFF", "USER"};
  if (!in.has("cff_type")) return;
  const std::optional<std::string> t = in.keyword("cff_type", kTypes);
  if (!t) return;
  if (*t == "USER") {
    in.error("cff_type",
             "a user friction routine is not supported (supported: ON, OFF, "
             "DYNAMICS_ONLY)");
    return;
  }
  if (*t == "COULOMB_OFF" || *t == "OFF") return;
  // DYNAMICS_ONLY: static analyses have no slip velocity, so no friction there anyway.
  c.friction = Contact::Friction::kOn;
  if (in.required_real("mu_static")) c.mu_static = nonnegative(in, "mu_static", 0);
  if (in.required_real("mu_dynamic")) c.mu_dynamic = nonnegative(in, "mu_dynamic", 0);
  c.stiction_velocity = nonnegative(in, "stiction_trans_vel", 0.1, true);
  c.friction_velocity = nonnegative(in, "friction_trans_vel", 1.0, true);
  if (c.friction_velocity < c.stiction_velocity) {
    in.error(in.has("friction_trans_vel") ? "friction_trans_vel" : "stiction_trans_vel",
             fmt::format("{} ({:g}) must not be smaller than {} ({:g})",
                         spelled(in, "friction_trans_vel"), c.friction_velocity,
                         spelled(in, "stiction_trans_vel"), c.stiction_velocity));
  }
}

/// The index of graphics `id` in Model::contact_geometries, or -1 after reporting why it cannot
/// be used (`problems`: graphics id -> what is wrong with it).
int geometry_index(const Model& m, int id, const SourceLoc& loc, const std::string& subject,
                   const std::string& word, const std::map<int, std::string>& problems,
                   Diagnostics& diag) {
  for (size_t g = 0; g < m.contact_geometries.size(); ++g) {
    if (m.contact_geometries[g].id == id) return static_cast<int>(g);
  }
  if (auto p = problems.find(id); p != problems.end()) {
    diag.error(loc, subject, fmt::format("{} {}: {}", word, id, p->second));
    return -1;
  }
  diag.error(loc, subject,
             fmt::format("{} {} is not a geometry a contact can use (GRAPHICS / Post_Graphic of "
                         "kind sphere, ellipsoid, box, cylinder, frustum, circle, plane or an "
                         "EXTERNAL mesh file)",
                         word, id));
  return -1;
}

std::string shape_word(const ContactGeometry& g) {
  return g.kind.empty() ? std::string("geometry") : g.kind;
}

/// Resolves one side's geometry ids; false after reporting.
/// Reads the mesh file of EXTERNAL geometry g (once); false after reporting at the file's line.
bool load_mesh(ContactGeometry& g, const Model& m, const std::string& subject,
               const std::string& word, Diagnostics& diag) {
  if (g.mesh) return true;
  const SourceLoc& at = g.file_loc.line > 0 ? g.file_loc : g.loc;
  if (g.file.empty()) {
    diag.error(at, subject, fmt::format("{} {} is EXTERNAL geometry without a FILE", word, g.id));
    return false;
  }
  std::filesystem::path file(g.file);
  if (file.is_relative()) file = std::filesystem::path(m.deck_path).parent_path() / file;
  std::error_code ec;
  std::string why;
  if (!mesh_file_supported(g.file, why)) {
    diag.error_grouped("contact-external:" + g.file, at, subject,
                       fmt::format("{} {}: the mesh file {} is not supported: {}", word, g.id,
                                   quoted_value(g.file), why));
    return false;
  }
  if (!std::filesystem::exists(file, ec)) {
    why = fmt::format("does not exist (looked for {})", quoted_value(file.string()));
  } else if (std::optional<ContactMesh> mesh = read_contact_mesh(file.string(), why)) {
    g.mesh = std::make_shared<const ContactMesh>(std::move(*mesh));
    return true;
  }
  // One root cause, one error: every contact on the same file is counted in it.
  diag.error_grouped(
      "contact-external:" + g.file, at, subject,
      fmt::format("{} {}: the mesh file {} {}", word, g.id, quoted_value(g.file), why));
  return false;
}

/// Resolves one side's geometry ids; false after reporting.
bool resolve_side(const DraftContact& d, bool j_side, Contact& c, Model& m,
                  const std::map<int, std::string>& problems, Diagnostics& diag) {
  const std::vector<int>& ids = j_side ? d.j_ids : d.i_ids;
  const std::vector<int>& flips = j_side ? d.j_flip_ids : d.i_flip_ids;
  const SourceLoc& loc = j_side ? d.j_loc : d.i_loc;
  const std::string& word = j_side ? d.j_word : d.i_word;
  std::vector<int>& out = j_side ? c.j_geometries : c.i_geometries;
  std::vector<char>& flip = j_side ? c.j_flip : c.i_flip;
  bool ok = true;
  int body = -2;
  for (int id : ids) {
    const int g = geometry_index(m, id, loc, c.subject, word, problems, diag);
    if (g < 0) {
      ok = false;
      continue;
    }
    ContactGeometry& geometry = m.contact_geometries[static_cast<size_t>(g)];
    if (geometry.shape == ContactGeometry::Shape::kExternal &&
        !load_mesh(geometry, m, c.subject, word, diag)) {
      ok = false;
      continue;
    }
    const int b = m.markers[static_cast<size_t>(geometry.marker)].body;
    if (body != -2 && b != body) {
      diag.error(loc, c.subject,
                 fmt::format("the geometries of {} are on different bodies; all of one side "
                             "must be on one body",
                             word));
      ok = false;
    }
    body = b;
    out.push_back(g);
    flip.push_back(std::find(flips.begin(), flips.end(), id) != flips.end());
  }
  for (int id : flips) {
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
      diag.error(j_side ? d.j_flip_loc : d.i_flip_loc, c.subject,
                 fmt::format("flipped geometry {} is not one of {}", id, word));
      ok = false;
    }
  }
  return ok && !out.empty();
}

}  // namespace

void build_force_contact(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftContact d;
  Contact& c = d.contact;
  c.id = in.require_id();
  c.subject = in.subject();
  c.loc = in.node().loc;
  d.i_ids = read_ids(in, "i_graphics_id", true);
  d.j_ids = read_ids(in, "j_graphics_id", true);
  d.i_loc = in.loc_of("i_graphics_id");
  d.j_loc = in.loc_of("j_graphics_id");
  d.i_word = spelled(in, "i_graphics_id");
  d.j_word = spelled(in, "j_graphics_id");
  for (auto [name, list] : {std::pair{"num_i_graphics", &d.i_ids}, {"num_j_graphics", &d.j_ids}}) {
    if (!in.has(name)) continue;
    const std::optional<long long> n = in.integer(name, 1, 1000000);
    if (n && static_cast<size_t>(*n) != list->size()) {
      in.error(name,
               fmt::format("{} is {} but the list names {} geometries", name, *n, list->size()));
    }
  }
  if (in.has("i_flip_geometry")) {
    d.i_flip_ids = read_ids(in, "i_flip_geometry", false);
    d.i_flip_loc = in.loc_of("i_flip_geometry");
  }
  if (in.has("j_flip_geometry")) {
    d.j_flip_ids = read_ids(in, "j_flip_geometry", false);
    d.j_flip_loc = in.loc_of("j_flip_geometry");
  }
  if (in.has("i_flexbody_id") || in.has("j_flexbody_id")) {
    in.error(in.has("i_flexbody_id") ? "i_flexbody_id" : "j_flexbody_id",
             "contact with flexible bodies is not supported");
  }
  read_normal_law(in, c);
  read_friction(in, c);
  for (auto n : {"ignore_penetration_larger_than", "master_surface", "enable_node_mode",
                 "enable_analytical", "contact_stability_2d", "label", "full_label"}) {
    if (in.has(n)) in.attr(n);
  }
  if (c.id > 0) draft.contacts.push_back(std::move(d));
}

void resolve_contacts(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  std::map<int, std::string> problems;  // geometries a contact cannot use, and why
  for (const DraftGraphic& d : draft.graphics) {
    ContactGeometry g = d.geometry;
    if (d.draw_only) {
      problems[g.id] = fmt::format(
          "{} only draws; a contact needs a sphere, ellipsoid, box, "
          "cylinder, frustum, circle, plane or an EXTERNAL mesh file",
          g.kind.empty() ? std::string("this graphic") : g.kind);
      continue;
    }
    if (!d.missing.empty()) {
      problems[g.id] = fmt::format("{} has no {}", d.subject, d.missing);
      continue;
    }
    auto it = m.marker_index.find(d.marker_id);
    if (it == m.marker_index.end()) {
      problems[g.id] =
          fmt::format("{}: marker {} is not a Reference_Marker", d.subject, d.marker_id);
      continue;
    }
    g.marker = it->second;
    m.contact_geometries.push_back(std::move(g));
  }
  for (const DraftContact& d : draft.contacts) {
    Contact c = d.contact;
    bool ok = resolve_side(d, false, c, m, problems, diag);
    ok = resolve_side(d, true, c, m, problems, diag) && ok;
    if (!ok) continue;
    const int bi =
        m.markers[static_cast<size_t>(
                      m.contact_geometries[static_cast<size_t>(c.i_geometries[0])].marker)]
            .body;
    const int bj =
        m.markers[static_cast<size_t>(
                      m.contact_geometries[static_cast<size_t>(c.j_geometries[0])].marker)]
            .body;
    if (bi == bj) {
      diag.error(c.loc, c.subject, "the I and J geometries are on the same body");
      continue;
    }
    for (size_t a = 0; a < c.i_geometries.size(); ++a) {
      for (size_t b = 0; b < c.j_geometries.size(); ++b) {
        ContactGeometry& gi = m.contact_geometries[static_cast<size_t>(c.i_geometries[a])];
        ContactGeometry& gj = m.contact_geometries[static_cast<size_t>(c.j_geometries[b])];
        using S = ContactGeometry::Shape;
        const ContactPairMethod method = contact_pair_method(gi.shape, gj.shape);
        // Flipped normals: a plane's, or a hollow sphere around a sphere.
        const bool hollow = gi.shape == S::kSphere && gj.shape == S::kSphere;
        const bool flip_ok = (!c.i_flip[a] || gi.shape == S::kPlane || hollow) &&
                             (!c.j_flip[b] || gj.shape == S::kPlane || hollow);
        if (method == ContactPairMethod::kNone || !flip_ok) {
          diag.error_grouped(
              fmt::format("contact-pair:{}:{}:{}", shape_word(gi), shape_word(gj), flip_ok), c.loc,
              c.subject,
              fmt::format("contact between {} {} and {} {}{} is not supported (supported: any "
                          "two of sphere, ellipsoid, box, cylinder, frustum and EXTERNAL mesh; "
                          "a plane against any of those or a circle; flipped normals on a "
                          "plane or a hollow sphere)",
                          shape_word(gi), gi.id, shape_word(gj), gj.id,
                          flip_ok ? "" : " with a flipped normal"));
          ok = false;
          continue;
        }
        if (method != ContactPairMethod::kCollision) continue;
        for (ContactGeometry* g : {&gi, &gj}) {
          if (!g->collision) g->collision = make_collision_shape(*g);
        }
      }
    }
    if (ok) m.contacts.push_back(std::move(c));
  }
}

}  // namespace mb
