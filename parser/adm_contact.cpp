#include "parser/adm_contact.hpp"

#include <array>

#include "common/text.hpp"
#include "parser/adm_lexer.hpp"

namespace mb::adm {

namespace {

using namespace arg_kinds;

constexpr ArgSpec kContactTable[] = {{"IGEOM", IS},
                                     {"JGEOM", IS},
                                     {"IFLIP_GEOMETRY", IS},
                                     {"JFLIP_GEOMETRY", IS},
                                     {"TYPE", W},
                                     {"IMPACT", F},
                                     {"POISSON", F},
                                     {"STIFFNESS", R},
                                     {"EXPONENT", R},
                                     {"DAMPING", R},
                                     {"DMAX", R},
                                     {"PENALTY", R},
                                     {"RESTITUTION_COEFFICIENT", R},
                                     {"AUGMENTED_LAGRANGIAN_FORMULATION", F},
                                     {"COULOMB_FRICTION", W},
                                     {"MU_STATIC", R},
                                     {"MU_DYNAMIC", R},
                                     {"STICTION_TRANSITION_VELOCITY", R},
                                     {"FRICTION_TRANSITION_VELOCITY", R},
                                     {"NORMAL_FUNCTION", T},
                                     {"NORMAL_ROUTINE", T},
                                     {"FRICTION_FUNCTION", T},
                                     {"FRICTION_ROUTINE", T}};

constexpr std::array<std::string_view, 8> kKinds = {"BOX",    "CYLINDER", "ELLIPSOID", "FRUSTUM",
                                                    "CIRCLE", "PLANE",    "EXTERNAL",  "OUTLINE"};

constexpr ArgSpec kGraphicsTable[] = {
    {"BOX", F},     {"CYLINDER", F}, {"ELLIPSOID", F}, {"FRUSTUM", F}, {"CIRCLE", F},
    {"PLANE", F},   {"EXTERNAL", F}, {"CM", I},        {"CORNER", I},  {"RM", I},
    {"X", R},       {"Y", R},        {"Z", R},         {"XSCALE", R},  {"YSCALE", R},
    {"ZSCALE", R},  {"RADIUS", R},   {"LENGTH", R},    {"TOP", R},     {"BOTTOM", R},
    {"SIDES", I},   {"SEG", I},      {"RANGLE", R},    {"XMIN", R},    {"XMAX", R},
    {"YMIN", R},    {"YMAX", R},     {"FILE", T},      {"ELEMENT", T}, {"FACETING_TOLERANCE", R},
    {"OUTLINE", IS}};

/// Copies an integer list argument to `attr` as blank-separated ids.
void copy_ids(NodeBuilder& b, std::string_view arg_name, std::string_view attr) {
  const Arg* a = b.arg(arg_name);
  if (!a || a->values.empty()) return;
  std::string s;
  for (const Token& t : a->values) {
    if (!s.empty()) s += ' ';
    s += t.text;
  }
  b.set(attr, s, a->loc, a->values[0].loc, a->spelled);
}

}  // namespace

const std::span<const ArgSpec> kContactArgs = kContactTable;
const std::span<const ArgSpec> kGraphicsArgs = kGraphicsTable;

bool graphics_kind_read(std::string_view kind) {
  // Every kind Adams has, so that an abbreviation is resolved as Adams resolves it.
  static constexpr std::string_view kAll[] = {
      "ARC",   "BOX",     "CIRCLE",  "CURVE", "CYLINDER", "ELLIPSOID", "EXTERNAL",
      "FORCE", "FRUSTUM", "OUTLINE", "PLANE", "POINT",    "SPDP",      "TORUS"};
  const int k = resolve_keyword(kind, kAll);
  if (k < 0) return false;
  for (std::string_view read : kKinds) {
    if (read == kAll[static_cast<size_t>(k)]) return true;
  }
  return false;
}

void build_contact(NodeBuilder& b) {
  b.set_id();
  if (b.require("IGEOM")) copy_ids(b, "IGEOM", "i_graphics_id");
  if (b.require("JGEOM")) copy_ids(b, "JGEOM", "j_graphics_id");
  copy_ids(b, "IFLIP_GEOMETRY", "i_flip_geometry");
  copy_ids(b, "JFLIP_GEOMETRY", "j_flip_geometry");
  const int law = b.pick_flag({"IMPACT", "POISSON"}, true);
  if (law >= 0) {
    const char* word = law == 0 ? "IMPACT" : "POISSON";
    b.set_from("cnf_type", word, *b.arg(word));
  }
  for (auto [arg, attr] : {std::pair{"STIFFNESS", "stiffness"},
                           {"EXPONENT", "exponent"},
                           {"DAMPING", "damping"},
                           {"DMAX", "dmax"},
                           {"PENALTY", "penalty"},
                           {"RESTITUTION_COEFFICIENT", "restitution_coef"},
                           {"MU_STATIC", "mu_static"},
                           {"MU_DYNAMIC", "mu_dynamic"},
                           {"STICTION_TRANSITION_VELOCITY", "stiction_trans_vel"},
                           {"FRICTION_TRANSITION_VELOCITY", "friction_trans_vel"}}) {
    b.copy_real(arg, attr);
  }
  b.copy_word("COULOMB_FRICTION", "cff_type");
  for (auto user : {"NORMAL_FUNCTION", "NORMAL_ROUTINE", "FRICTION_FUNCTION", "FRICTION_ROUTINE"}) {
    if (const Arg* a = b.arg(user)) {
      b.diag().error(a->loc, b.subject(),
                     std::string(a->spelled) +
                         ": user contact routines (CNFSUB, CFFSUB) are not "
                         "supported");
    }
  }
  b.ignore_rest("the contact type and the augmented Lagrangian option");
}

void build_graphics(NodeBuilder& b) {
  b.set_id();
  if (const Arg* outline = b.arg("OUTLINE")) {
    b.set_from("type", "Outline", *outline);
    copy_ids(b, "OUTLINE", "marker_id");
    b.ignore_rest("they only draw");
    return;
  }
  const int k =
      b.pick_flag({"BOX", "CYLINDER", "ELLIPSOID", "FRUSTUM", "CIRCLE", "PLANE", "EXTERNAL"}, true);
  if (k < 0) return;
  const Arg& kind = *b.arg(kKinds[static_cast<size_t>(k)]);
  auto type = [&](const char* t) { b.set_from("type", t, kind); };
  switch (k) {
    case 0:
      type("BoxDefinedFromCorner");
      b.copy_int("CORNER", "corner_marker_id");
      b.copy_real("X", "length_x");
      b.copy_real("Y", "length_y");
      b.copy_real("Z", "length_z");
      break;
    case 1:
    case 2:
    case 3:
    case 4:
      type(k == 1 ? "Cylinder" : k == 2 ? "Ellipsoid" : k == 3 ? "Frustum" : "Circle");
      b.copy_int("CM", "center_marker_id");
      b.copy_real("RADIUS", "radius");
      b.copy_real("LENGTH", "length");
      b.copy_real("XSCALE", "length_x");
      b.copy_real("YSCALE", "length_y");
      b.copy_real("ZSCALE", "length_z");
      b.copy_real("TOP", "top_radius");
      b.copy_real("BOTTOM", "bottom_radius");
      break;
    case 5:
      type("Plane");
      b.copy_int("RM", "center_marker_id");
      b.copy_real("XMIN", "x_min");
      b.copy_real("XMAX", "x_max");
      b.copy_real("YMIN", "y_min");
      b.copy_real("YMAX", "y_max");
      break;
    default:
      type("External");
      b.copy_int("RM", "ref_marker_id");
      b.copy_text("FILE", "file");
      b.copy_text("ELEMENT", "element");
      break;
  }
  b.copy_int("SIDES", "sides");
  for (auto n : {"SEG", "RANGLE", "FACETING_TOLERANCE"}) b.arg(n);
  b.ignore_rest("they only draw");
}

}  // namespace mb::adm
