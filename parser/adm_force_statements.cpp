#include "parser/adm_force_statements.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "parser/adm_user_routine.hpp"

namespace mb::adm {

namespace {

using namespace arg_kinds;

constexpr ArgSpec kSforceArgs[] = {{"I", I},           {"J", I},
                                   {"TRANSLATION", F}, {"TRANSLATIONAL", F, "TRANSLATION"},
                                   {"ROTATION", F},    {"ROTATIONAL", F, "ROTATION"},
                                   {"ACTIONONLY", F},  {"FUNCTION", E},
                                   {"ROUTINE", T}};
constexpr ArgSpec kSpringArgs[] = {{"I", I},           {"J", I},
                                   {"TRANSLATION", F}, {"TRANSLATIONAL", F, "TRANSLATION"},
                                   {"ROTATION", F},    {"ROTATIONAL", F, "ROTATION"},
                                   {"K", R},           {"C", R},
                                   {"LENGTH", R},      {"FORCE", R},
                                   {"KT", R},          {"CT", R},
                                   {"ANGLE", R},       {"TORQUE", R}};
constexpr ArgSpec kBushingArgs[] = {{"I", I},   {"J", I},   {"K", RS},     {"C", RS},
                                    {"KT", RS}, {"CT", RS}, {"FORCE", RS}, {"TORQUE", RS}};
constexpr ArgSpec kFieldArgs[] = {{"I", I},        {"J", I},
                                  {"KMATRIX", RS}, {"K", RS, "KMATRIX"},
                                  {"CMATRIX", RS}, {"C", RS, "CMATRIX"},
                                  {"CRATIO", R},   {"LENGTH", RS},
                                  {"FORCE", RS},   {"FUNCTION", E}};
constexpr ArgSpec kBeamArgs[] = {{"I", I},        {"J", I},          {"LENGTH", R},   {"IXX", R},
                                 {"IYY", R},      {"IZZ", R},        {"AREA", R},     {"ASY", R},
                                 {"ASZ", R},      {"EMODULUS", R},   {"GMODULUS", R}, {"CRATIO", R},
                                 {"CMATRIX", RS}, {"FORMULATION", W}};
constexpr ArgSpec kGforceArgs[] = {{"I", I},  {"JFLOAT", I},   {"RM", I},     {"FX", E},
                                   {"FY", E}, {"FZ", E},       {"TX", E},     {"TY", E},
                                   {"TZ", E}, {"FUNCTION", E}, {"ROUTINE", T}};
constexpr ArgSpec kVforceArgs[] = {{"I", I},  {"JFLOAT", I}, {"RM", I},       {"FX", E},
                                   {"FY", E}, {"FZ", E},     {"FUNCTION", E}, {"ROUTINE", T}};
constexpr ArgSpec kVtorqueArgs[] = {{"I", I},  {"JFLOAT", I}, {"RM", I},       {"TX", E},
                                    {"TY", E}, {"TZ", E},     {"FUNCTION", E}, {"ROUTINE", T}};

void vector_force(NodeBuilder& b, std::string_view type, std::string_view routine,
                  std::initializer_list<std::string_view> components) {
  b.set_id();
  b.set_fixed("type", std::string(type));
  if (b.require("I")) b.copy_int("I", "i_marker_id");
  if (b.require("JFLOAT")) b.copy_int("JFLOAT", "j_floating_marker_id");
  if (!b.copy_int("RM", "ref_marker_id")) b.require("RM");
  if (const Arg* f = b.arg("FUNCTION")) {
    b.set_from("type", std::string(type), *f);
    if (!adm::is_user_call(f->value)) {
      b.diag().error(f->value_loc, b.subject(),
                     "FUNCTION must be USER(...) (a user subroutine); expressions go in " +
                         std::string(*components.begin()) + "..");
      return;
    }
    adm::user_routine(b, routine);
    return;
  }
  if (const Arg* r = b.arg("ROUTINE")) {
    b.diag().error(r->loc, b.subject(), "ROUTINE is only used with FUNCTION=USER(...)");
  }
  for (auto c : components) {
    const std::string attr = to_lower(c) + "_expression";
    if (!b.copy_text(c, attr)) b.require(c);
  }
}

void build_sforce(NodeBuilder& b) {
  b.set_id();
  const int k = b.pick_flag({"TRANSLATION", "ROTATION"}, true);
  if (k >= 0) {
    b.set_from("type", k == 0 ? "Force" : "Torque", *b.arg(k == 0 ? "TRANSLATION" : "ROTATION"));
  }
  markers_ij(b);
  if (const Arg* a = b.arg("ACTIONONLY")) b.set_from("is_action_only", "TRUE", *a);
  const Arg* f = b.arg("FUNCTION");
  if (!f) {
    b.require("FUNCTION");
  } else if (!adm::is_user_call(f->value)) {
    b.copy_text("FUNCTION", "val_expression");
  }
  adm::user_routine(b, "SFOSUB");
}

void build_springdamper(NodeBuilder& b) {
  b.set_id();
  const int k = b.pick_flag({"TRANSLATION", "ROTATION"}, true);
  markers_ij(b);
  if (k == 0) {
    b.set_from("type", "TRANSLATIONAL", *b.arg("TRANSLATION"));
    b.copy_real("K", "stiffness");
    b.copy_real("C", "damping");
    b.copy_real("LENGTH", "length");
    b.copy_real("FORCE", "preload");
  } else if (k == 1) {
    b.set_from("type", "ROTATIONAL", *b.arg("ROTATION"));
    b.copy_real("KT", "stiffness");
    b.copy_real("CT", "damping");
    b.copy_real("ANGLE", "length");
    b.copy_real("TORQUE", "preload");
  }
}

void build_bushing(NodeBuilder& b) {
  b.set_id();
  markers_ij(b);
  b.copy_reals("K", {"kx", "ky", "kz"});
  b.copy_reals("C", {"cx", "cy", "cz"});
  b.copy_reals("KT", {"ktx", "kty", "ktz"});
  b.copy_reals("CT", {"ctx", "cty", "ctz"});
  b.copy_reals("FORCE", {"preload_x", "preload_y", "preload_z"});
  b.copy_reals("TORQUE", {"preload_tx", "preload_ty", "preload_tz"});
}

void build_field(NodeBuilder& b) {
  b.set_id();
  markers_ij(b);
  // 6x6 matrices are entered by columns: value n is row n % 6, column n / 6.
  for (auto [arg, prefix] : {std::pair{"KMATRIX", 'k'}, std::pair{"CMATRIX", 'c'}}) {
    const Arg* a = b.arg(arg);
    if (!a || !b.reals(*a, 36, 36)) continue;
    for (size_t n = 0; n < 36; ++n) {
      std::string name{prefix, static_cast<char>('1' + n % 6), static_cast<char>('1' + n / 6)};
      std::string text;
      b.real(*a, a->values[n], &text);
      b.set(name, text, a->loc, a->values[n].loc, a->spelled);
    }
  }
  b.copy_real("CRATIO", "cratio");
  b.copy_reals("LENGTH",
               {"length_x", "length_y", "length_z", "length_tx", "length_ty", "length_tz"});
  b.copy_reals("FORCE",
               {"preload_x", "preload_y", "preload_z", "preload_tx", "preload_ty", "preload_tz"});
  if (b.statement().args.end() != std::find_if(b.statement().args.begin(), b.statement().args.end(),
                                               [](const Arg& a) { return a.name == "FUNCTION"; })) {
    function_or_user(b, "expr", "FIESUB");
  }
}

void build_beam(NodeBuilder& b) {
  b.set_id();
  markers_ij(b);
  for (auto [arg, attr] :
       {std::pair{"LENGTH", "length"}, std::pair{"IXX", "ixx"}, std::pair{"IYY", "iyy"},
        std::pair{"IZZ", "izz"}, std::pair{"AREA", "area"}, std::pair{"ASY", "asy"},
        std::pair{"ASZ", "asz"}, std::pair{"EMODULUS", "e"}, std::pair{"GMODULUS", "g"},
        std::pair{"CRATIO", "cratio"}}) {
    b.copy_real(arg, attr);
  }
  if (const Arg* a = b.arg("CMATRIX")) {
    b.diag().error(a->loc, b.subject(), "CMATRIX is not supported; use CRATIO");
  }
  // mbsolve's beam is Adams' default LINEAR formulation (small deflections about the
  // undeformed beam); STRING and NONLINEAR run as LINEAR, with a warning.
  if (const Arg* a = b.arg("FORMULATION"); a && !a->values.empty()) {
    const std::string& f = a->values[0].text;
    if (iequals(f, "STRING") || iequals(f, "NONLINEAR")) {
      b.diag().warning_grouped(
          "adm-beam-formulation:" + to_lower(f), a->values[0].loc, b.subject(),
          "FORMULATION=" + std::string(iequals(f, "STRING") ? "STRING" : "NONLINEAR") +
              " is not available in mbsolve; the beam runs with the LINEAR "
              "formulation (exact for small deflections only)");
    } else if (!iequals(f, "LINEAR")) {
      b.diag().error(a->values[0].loc, b.subject(),
                     "FORMULATION: expected LINEAR, STRING or NONLINEAR, got '" + f + "'");
    }
  }
}

void build_gforce(NodeBuilder& b) {
  vector_force(b, "ForceAndTorque", "GFOSUB", {"FX", "FY", "FZ", "TX", "TY", "TZ"});
}

void build_vforce(NodeBuilder& b) { vector_force(b, "ForceOnly", "VFOSUB", {"FX", "FY", "FZ"}); }

void build_vtorque(NodeBuilder& b) { vector_force(b, "TorqueOnly", "VTOSUB", {"TX", "TY", "TZ"}); }

}  // namespace

std::span<const StatementRow> force_statements() {
  static const StatementRow kRows[] = {
      {"BEAM", kBeamArgs, "force_beam", build_beam},
      {"BUSHING", kBushingArgs, "force_bushing", build_bushing},
      {"FIELD", kFieldArgs, "force_field", build_field},
      {"GFORCE", kGforceArgs, "force_vector_twobody", build_gforce},
      {"SFORCE", kSforceArgs, "force_scalar_twobody", build_sforce},
      {"SPRINGDAMPER", kSpringArgs, "force_springdamper", build_springdamper},
      {"VFORCE", kVforceArgs, "force_vector_twobody", build_vforce},
      {"VTORQUE", kVtorqueArgs, "force_vector_twobody", build_vtorque},
  };
  return kRows;
}

}  // namespace mb::adm
