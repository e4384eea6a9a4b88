#include "parser/adm_constraint_statements.hpp"

#include <fmt/format.h>

#include <string>
#include <string_view>

#include "common/text.hpp"
#include "parser/adm_user_routine.hpp"

namespace mb::adm {

namespace {

using namespace arg_kinds;

constexpr ArgSpec kJointArgs[] = {{"CONVEL", F},
                                  {"CYLINDRICAL", F},
                                  {"FIXED", F},
                                  {"HOOKE", F},
                                  {"PLANAR", F},
                                  {"RACKPIN", F},
                                  {"RACK_PINION", F, "RACKPIN"},
                                  {"REVOLUTE", F},
                                  {"SCREW", F},
                                  {"SPHERICAL", F},
                                  {"TRANSLATIONAL", F},
                                  {"UNIVERSAL", F},
                                  {"I", I},
                                  {"J", I},
                                  {"PD", R},
                                  {"PITCH", R},
                                  {"IC", RS},
                                  {"ICTRANSLATIONAL", RS},
                                  {"ICROTATIONAL", RS}};
constexpr ArgSpec kJprimArgs[] = {
    {"ATPOINT", F},       {"INLINE", F},        {"INPLANE", F}, {"ORIENTATION", F},
    {"PARALLEL_AXES", F}, {"PERPENDICULAR", F}, {"I", I},       {"J", I}};
constexpr ArgSpec kGconArgs[] = {{"I", I}, {"FUNCTION", E}};
constexpr ArgSpec kCouplerArgs[] = {
    {"JOINTS", IS}, {"TYPE", T}, {"SCALES", RS}, {"FUNCTION", E}, {"ROUTINE", T}};
constexpr ArgSpec kGearArgs[] = {{"JOINTS", IS}, {"CV", I}};
constexpr ArgSpec kPtcvArgs[] = {{"I", I},     {"JFLOAT", I}, {"CURVE", I}, {"RM", I},
                                 {"DISP", RS}, {"ICM", I},    {"VEL", R}};
constexpr ArgSpec kCvcvArgs[] = {{"IFLOAT", I}, {"JFLOAT", I}, {"ICURVE", I}, {"JCURVE", I},
                                 {"IRM", I},    {"JRM", I},    {"IDISP", RS}, {"JDISP", RS},
                                 {"IVEL", R},   {"JVEL", R},   {"IICM", I},   {"JICM", I}};
constexpr ArgSpec kFrictionArgs[] = {{"JOINT", I},
                                     {"MU_STATIC", R},
                                     {"MU_DYNAMIC", R},
                                     {"STICTION_TRANSITION_VELOCITY", R},
                                     {"TRANSITION_VELOCITY_COEFFICIENT", R},
                                     {"MAX_STICTION_DEFORMATION", R},
                                     {"FRICTION_FORCE_PRELOAD", R},
                                     {"FRICTION_TORQUE_PRELOAD", R},
                                     {"FRICTION_ARM", R},
                                     {"BENDING_REACTION_ARM", R},
                                     {"BENDING_REFLECTION_ARM", R, "BENDING_REACTION_ARM"},
                                     {"PIN_RADIUS", R},
                                     {"BALL_RADIUS", R},
                                     {"REACTION_ARM", R},
                                     {"INITIAL_OVERLAP", R},
                                     {"OVERLAP_DELTA", W},
                                     {"EFFECT", W},
                                     {"INPUTS", T},
                                     {"INACTIVE_DURING", W},
                                     {"INACTIVE", W, "INACTIVE_DURING"},
                                     {"I_YOKE", F, {}, true},
                                     {"J_YOKE", F, {}, true}};
constexpr ArgSpec kMotionArgs[] = {{"JOINT", I},
                                   {"TRANSLATION", F},
                                   {"ROTATION", F},
                                   {"TRANSLATIONAL", F, "TRANSLATION"},
                                   {"ROTATIONAL", F, "ROTATION"},
                                   {"I", I},
                                   {"J", I},
                                   {"X", F},
                                   {"Y", F},
                                   {"Z", F},
                                   {"B1", F},
                                   {"B2", F},
                                   {"B3", F},
                                   {"DISPLACEMENT", F},
                                   {"VELOCITY", F},
                                   {"ACCELERATION", F},
                                   {"FUNCTION", E},
                                   {"ROUTINE", T},
                                   {"ICDISP", R},
                                   {"ICVEL", R}};

std::string_view joint_type(std::string_view flag) {
  if (flag == "CONVEL") return "CONSTANT_VELOCITY";
  if (flag == "RACKPIN") return "RACK_PINION";
  return flag;
}

/// IC=disp,vel (REVOLUTE: rotation, TRANSLATIONAL: translation), ICTRAN=disp,vel and
/// ICROT=disp,vel (CYLINDRICAL) -> ic_tran_disp/ic_tran_vel, ic_rot_disp/ic_rot_vel.
void joint_initial_conditions(NodeBuilder& b, std::string_view type) {
  const bool cylindrical = type == "CYLINDRICAL";
  struct Form {
    std::string_view arg, attr;
    bool allowed;
    std::string_view joints;
  };
  const Form forms[] = {
      {"IC", type == "TRANSLATIONAL" ? "ic_tran" : "ic_rot",
       type == "REVOLUTE" || type == "TRANSLATIONAL", "REVOLUTE and TRANSLATIONAL"},
      {"ICTRANSLATIONAL", "ic_tran", cylindrical, "CYLINDRICAL"},
      {"ICROTATIONAL", "ic_rot", cylindrical, "CYLINDRICAL"}};
  for (const Form& f : forms) {
    const Arg* a = b.arg(f.arg);
    if (!a || type.empty()) continue;
    if (!f.allowed) {
      b.diag().error(
          a->loc, b.subject(),
          fmt::format("{} applies to {} joints only (this JOINT is {}){}", a->name, f.joints, type,
                      cylindrical ? "; use ICTRAN= and ICROT= on a CYLINDRICAL joint" : ""));
      continue;
    }
    if (a->values.empty() || a->values.size() > 2) {
      b.diag().error(a->loc, b.subject(),
                     fmt::format("{}: expected a displacement and a velocity (e.g. {}=0.1, 2)",
                                 a->name, a->spelled));
      continue;
    }
    static constexpr std::string_view kLevel[] = {"_disp", "_vel"};
    for (size_t v = 0; v < a->values.size(); ++v) {
      // IC=,vel: the velocity alone (the displacement is left to the assembly).
      if (v == 0 && a->values.size() == 2 && a->values[0].text.empty()) continue;
      std::string text;
      if (b.real(*a, a->values[v], &text)) {
        b.set(std::string(f.attr) + std::string(kLevel[v]), text, a->loc, a->values[v].loc,
              a->spelled);
      }
    }
  }
}

/// JOINTS=j1,j2[,j3] -> joint1_id..; the number of joints (0 after an error).
size_t coupled_joints(NodeBuilder& b, size_t max) {
  const Arg* a = b.arg("JOINTS");
  if (!a) {
    b.require("JOINTS");
    return 0;
  }
  if (a->values.size() < 2 || a->values.size() > max) {
    b.diag().error(a->loc, b.subject(),
                   fmt::format("JOINTS: expected {} joint ids, got {}", max == 2 ? "2" : "2 or 3",
                               a->values.size()));
    return 0;
  }
  for (size_t k = 0; k < a->values.size(); ++k) {
    const auto id = b.integer(*a, a->values[k]);
    if (!id) return 0;
    b.set(fmt::format("joint{}_id", k + 1), std::to_string(*id), a->loc, a->values[k].loc,
          a->spelled);
  }
  return a->values.size();
}

/// COUPLER FUNCTION=USER(..) -> usrsub_param_string; ROUTINE=lib::cousub[, lib::couxx[,
/// lib::couxx2]] -> usrsub_dll_name, usrsub_fnc_name, usrsub_der1_name, usrsub_der2_name.
void user_coupler(NodeBuilder& b) {
  const Arg* f = b.arg("FUNCTION");
  if (!adm::is_user_call(f->value)) {
    b.diag().error(f->value_loc, b.subject(),
                   "FUNCTION must be USER(...) (a COUSUB user coupler); a linear coupler "
                   "gives SCALES");
    return;
  }
  b.copy_text("FUNCTION", "usrsub_param_string");
  if (const Arg* s = b.arg("SCALES")) {
    b.diag().error(s->loc, b.subject(), "give SCALES or FUNCTION=USER(...), not both");
  }
  const Arg* r = b.arg("ROUTINE");
  if (!r) {
    b.diag().error(f->loc, b.subject(),
                   "FUNCTION=USER(...) needs ROUTINE=library::COUSUB (mbsolve has no default "
                   "user library)");
    return;
  }
  static constexpr std::string_view kAttrs[] = {"usrsub_fnc_name", "usrsub_der1_name",
                                                "usrsub_der2_name"};
  std::string library;
  size_t k = 0;
  for (std::string_view rest = r->value; k < 3; ++k) {
    const size_t comma = rest.find(',');
    const std::string_view entry = trim(rest.substr(0, comma));
    const std::optional<adm::RoutineName> name = adm::split_routine(entry);
    if (!name) {
      b.diag().error(r->value_loc, b.subject(),
                     fmt::format("ROUTINE: '{}' is not of the form library::routine", entry));
      return;
    }
    if (k == 0) {
      library = name->library;
      b.set("usrsub_dll_name", library, r->loc, r->value_loc, r->spelled);
    } else if (name->library != library) {
      b.diag().error(r->value_loc, b.subject(),
                     fmt::format("ROUTINE: the partials must come from the COUSUB's library "
                                 "'{}', not '{}'",
                                 library, name->library));
      return;
    }
    b.set(kAttrs[k], name->routine, r->loc, r->value_loc, r->spelled);
    if (comma == std::string_view::npos) {
      adm::check_user_library(b, *r, library);
      return;
    }
    rest.remove_prefix(comma + 1);
  }
  b.diag().error(r->value_loc, b.subject(), "ROUTINE: at most 3 routines (COUSUB, COUXX, COUXX2)");
}

void build_joint(NodeBuilder& b) {
  b.set_id();
  static constexpr std::string_view kTypes[] = {"CONVEL",    "CYLINDRICAL",   "FIXED",    "HOOKE",
                                                "PLANAR",    "RACKPIN",       "REVOLUTE", "SCREW",
                                                "SPHERICAL", "TRANSLATIONAL", "UNIVERSAL"};
  const int k = b.pick_flag({kTypes[0], kTypes[1], kTypes[2], kTypes[3], kTypes[4], kTypes[5],
                             kTypes[6], kTypes[7], kTypes[8], kTypes[9], kTypes[10]},
                            true);
  if (k >= 0) {
    b.set_from("type", std::string(joint_type(kTypes[k])), *b.arg(kTypes[k]));
  }
  markers_ij(b);
  b.copy_real("PD", "pitch_diameter");
  b.copy_real("PITCH", "pitch");
  if (k == 5 && !b.node().find("pitch_diameter")) b.require("PD");
  if (k == 7 && !b.node().find("pitch")) b.require("PITCH");
  joint_initial_conditions(b, k >= 0 ? kTypes[k] : std::string_view());
}

void build_jprim(NodeBuilder& b) {
  b.set_id();
  static constexpr std::string_view kTypes[] = {"ATPOINT",     "INLINE",        "INPLANE",
                                                "ORIENTATION", "PARALLEL_AXES", "PERPENDICULAR"};
  const int k =
      b.pick_flag({kTypes[0], kTypes[1], kTypes[2], kTypes[3], kTypes[4], kTypes[5]}, true);
  if (k >= 0) b.set_from("type", std::string(kTypes[k]), *b.arg(kTypes[k]));
  markers_ij(b);
}

void build_gcon(NodeBuilder& b) {
  b.set_id();
  if (b.require("I")) b.copy_int("I", "i_marker_id");
  if (b.require("FUNCTION")) b.copy_text("FUNCTION", "expr");
}

void build_coupler(NodeBuilder& b) {
  b.set_id();
  const size_t n = coupled_joints(b, 3);
  if (const Arg* a = b.arg("TYPE"); a && n > 0) {
    std::vector<std::string> kinds;
    for (std::string_view rest = a->value;;) {
      const size_t colon = rest.find(':');
      kinds.emplace_back(trim(rest.substr(0, colon)));
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
    if (kinds.size() != n) {
      b.diag().error(a->value_loc, b.subject(),
                     fmt::format("TYPE: expected {} freedoms (one per joint, e.g. T:R), got {}", n,
                                 kinds.size()));
    } else {
      for (size_t k = 0; k < n; ++k) {
        const bool t = iequals(kinds[k], "T") || iequals(kinds[k], "TRANSLATIONAL");
        const bool r = iequals(kinds[k], "R") || iequals(kinds[k], "ROTATIONAL");
        if (!t && !r) {
          b.diag().error(
              a->value_loc, b.subject(),
              fmt::format("TYPE: freedom {} is '{}' (expected T or R)", k + 1, kinds[k]));
          continue;
        }
        b.set(fmt::format("freedom_{}", k + 1), t ? "T" : "R", a->loc, a->value_loc, a->spelled);
      }
    }
  }
  if (b.arg("FUNCTION")) {
    user_coupler(b);
    return;
  }
  if (const Arg* r = b.arg("ROUTINE")) {
    b.diag().error(r->loc, b.subject(), "ROUTINE is only used with FUNCTION=USER(...)");
  }
  const Arg* s = b.arg("SCALES");
  if (!s) {
    b.require("SCALES");
    return;
  }
  const auto scales = b.reals(*s, 1, 3);
  if (!scales || n == 0) return;
  if (scales->size() != n && scales->size() != n - 1) {
    b.diag().error(s->loc, b.subject(),
                   fmt::format("SCALES: expected {0} values (r1 to r{0}) or {1} (r2 to r{0}, "
                               "r1 = 1), got {2}",
                               n, n - 1, scales->size()));
    return;
  }
  // SCALES=[r1,]r2[,r3]: one value short means r1 = 1.
  std::string text = scales->size() == n ? "" : "1";
  for (size_t k = 0; k < scales->size(); ++k) {
    std::string v;
    b.real(*s, s->values[k], &v);
    text += (text.empty() ? "" : ", ") + v;
  }
  b.set("coefficients", text, s->loc, s->values[0].loc, s->spelled);
}

void build_gear(NodeBuilder& b) {
  b.set_id();
  coupled_joints(b, 2);
  if (b.require("CV")) b.copy_int("CV", "cv_marker_id");
}

/// FRICTION -> Force_JointFriction (models/force_jointfriction.hpp), Adams names mapped
/// one-to-one onto its attributes; the I_YOKE or J_YOKE flag (UNIVERSAL and HOOKE joints) ->
/// yoke="I" | "J".
void build_friction(NodeBuilder& b) {
  b.set_id();
  if (b.require("JOINT")) b.copy_int("JOINT", "joint_id");
  b.require("MU_STATIC");
  b.require("MU_DYNAMIC");
  for (auto [arg, attr] : {std::pair{"MU_STATIC", "mu_static"},
                           {"MU_DYNAMIC", "mu_dynamic"},
                           {"STICTION_TRANSITION_VELOCITY", "stiction_trans_vel"},
                           {"TRANSITION_VELOCITY_COEFFICIENT", "trans_vel_coeff"},
                           {"MAX_STICTION_DEFORMATION", "max_stiction_deform"},
                           {"FRICTION_FORCE_PRELOAD", "force_preload"},
                           {"FRICTION_TORQUE_PRELOAD", "torque_preload"},
                           {"FRICTION_ARM", "friction_arm"},
                           {"BENDING_REACTION_ARM", "bending_reaction_arm"},
                           {"PIN_RADIUS", "pin_radius"},
                           {"BALL_RADIUS", "ball_radius"},
                           {"REACTION_ARM", "reaction_arm"},
                           {"INITIAL_OVERLAP", "initial_overlap"}}) {
    b.copy_real(arg, attr);
  }
  b.copy_word("OVERLAP_DELTA", "overlap_delta");
  b.copy_word("EFFECT", "effect");
  b.copy_text("INPUTS", "inputs");
  b.copy_word("INACTIVE_DURING", "inactive");
  const int yoke = b.pick_flag({"I_YOKE", "J_YOKE"}, false);
  if (yoke >= 0) b.set_from("yoke", yoke == 0 ? "I" : "J", *b.arg(yoke == 0 ? "I_YOKE" : "J_YOKE"));
}

/// PTCV -> Constraint_PTCV (models/constraint_ptcv.hpp): I -> i_marker_id, RM -> j_marker_id
/// (the curve's frame), CURVE -> curve_id, DISP (RM axes) -> disp_x0..z0 with disp_frame RM,
/// ICM -> disp_marker_id (DISP in that marker's axes instead), VEL -> vel_0, JFLOAT ->
/// j_floating_marker_id (checked; the contact point is computed, so the floating marker itself is
/// not moved).
void build_ptcv(NodeBuilder& b) {
  b.set_id();
  if (b.require("I")) b.copy_int("I", "i_marker_id");
  if (b.require("RM")) b.copy_int("RM", "j_marker_id");
  if (b.require("CURVE")) b.copy_int("CURVE", "curve_id");
  if (b.require("JFLOAT")) b.copy_int("JFLOAT", "j_floating_marker_id");
  if (b.copy_reals("DISP", {"disp_x0", "disp_y0", "disp_z0"})) b.set_fixed("disp_frame", "RM");
  b.copy_int("ICM", "disp_marker_id");
  b.copy_real("VEL", "vel_0");
}

/// CVCV -> Constraint_CVCV (models/constraint_cvcv.hpp): IRM, JRM -> i_marker_id, j_marker_id
/// (the curves' frames), ICURVE, JCURVE -> i_curve_id, j_curve_id, IDISP, JDISP (IRM, JRM axes)
/// -> i_disp_x0..z0, j_disp_x0..z0 (IICM, JICM -> i_disp_marker_id, j_disp_marker_id: in those
/// markers' axes instead), IVEL, JVEL -> i_vel0, j_vel0, IFLOAT, JFLOAT ->
/// i_floating_marker_id, j_floating_marker_id (required; the contact point is computed, so the
/// floating markers themselves are not moved).
void build_cvcv(NodeBuilder& b) {
  b.set_id();
  if (b.require("IRM")) b.copy_int("IRM", "i_marker_id");
  if (b.require("JRM")) b.copy_int("JRM", "j_marker_id");
  if (b.require("ICURVE")) b.copy_int("ICURVE", "i_curve_id");
  if (b.require("JCURVE")) b.copy_int("JCURVE", "j_curve_id");
  if (b.require("IFLOAT")) b.copy_int("IFLOAT", "i_floating_marker_id");
  if (b.require("JFLOAT")) b.copy_int("JFLOAT", "j_floating_marker_id");
  b.copy_reals("IDISP", {"i_disp_x0", "i_disp_y0", "i_disp_z0"});
  b.copy_reals("JDISP", {"j_disp_x0", "j_disp_y0", "j_disp_z0"});
  b.copy_int("IICM", "i_disp_marker_id");
  b.copy_int("JICM", "j_disp_marker_id");
  b.copy_real("IVEL", "i_vel0");
  b.copy_real("JVEL", "j_vel0");
}

void build_motion(NodeBuilder& b) {
  b.set_id();
  const bool on_joint = b.has("JOINT");
  if (on_joint) {
    b.node().tag = "motion_joint";
    b.copy_int("JOINT", "joint_id");
    const int k = b.pick_flag({"TRANSLATION", "ROTATION"}, true);
    if (k >= 0)
      b.set_from("joint_type", k == 0 ? "T" : "R", *b.arg(k == 0 ? "TRANSLATION" : "ROTATION"));
  } else {
    b.node().tag = "motion_marker";
    markers_ij(b);
    static constexpr std::string_view kDirs[] = {"X", "Y", "Z", "B1", "B2", "B3"};
    const int k = b.pick_flag({"X", "Y", "Z", "B1", "B2", "B3"}, true);
    if (k >= 0) b.set_from("direction", std::string(kDirs[k]), *b.arg(kDirs[k]));
  }
  const int v = b.pick_flag({"DISPLACEMENT", "VELOCITY", "ACCELERATION"}, false);
  static constexpr std::string_view kVal[] = {"D", "V", "A"};
  static constexpr std::string_view kValArg[] = {"DISPLACEMENT", "VELOCITY", "ACCELERATION"};
  if (v >= 0) {
    b.set_from("val_type", std::string(kVal[v]), *b.arg(kValArg[v]));
  } else {
    b.set_fixed("val_type", "D");
  }
  function_or_user(b, "expr", "MOTSUB");
  b.copy_real("ICDISP", "ic_disp");
  b.copy_real("ICVEL", "ic_vel");
}

}  // namespace

std::span<const StatementRow> constraint_statements() {
  static const StatementRow kRows[] = {
      {"COUPLER", kCouplerArgs, "constraint_coupler", build_coupler},
      {"CVCV", kCvcvArgs, "constraint_cvcv", build_cvcv},
      {"FRICTION", kFrictionArgs, "force_jointfriction", build_friction},
      {"GCON", kGconArgs, "constraint_general", build_gcon},
      {"GEAR", kGearArgs, "constraint_gear", build_gear},
      {"JOINT", kJointArgs, "constraint_joint", build_joint},
      {"JPRIM", kJprimArgs, "constraint_jprim", build_jprim},
      {"MOTION", kMotionArgs, "motion_joint", build_motion},
      {"PTCV", kPtcvArgs, "constraint_ptcv", build_ptcv},
  };
  return kRows;
}

}  // namespace mb::adm
