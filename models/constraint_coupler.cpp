#include "models/constraint_coupler.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "models/constraint_joint.hpp"
#include "models/expression_element_reader.hpp"
#include "models/state_reader.hpp"

namespace mb {

namespace {

constexpr std::array<std::string_view, 2> kFreedoms = {"T", "R"};

/// Reads joint<k>_id (and, for a coupler, freedom_<k>) for k = 1 .. max_joints.
void read_joints(ElementReader& in, DraftCoupler& d, int max_joints) {
  for (int k = 1; k <= max_joints; ++k) {
    const std::string joint = fmt::format("joint{}_id", k);
    const std::string freedom = fmt::format("freedom_{}", k);
    const bool required = k <= 2;
    const bool has_joint = in.has(joint);
    if (!has_joint && required) {
      in.missing(joint);
    }
    if (has_joint) {
      d.joint_ids.push_back(in.required_ref(joint).value_or(0));
      d.joint_locs.push_back(in.loc_of(joint));
    }
    if (d.gear) continue;
    if (!in.has(freedom)) {
      if (has_joint) d.freedoms.push_back(0);
      continue;
    }
    const auto f = in.keyword(freedom, kFreedoms);
    if (!has_joint) {
      in.error(freedom, fmt::format("{} is given but {} is not", freedom, joint));
      continue;
    }
    d.freedoms.push_back(f ? (*f)[0] : 0);
    d.freedom_locs.resize(d.joint_ids.size());
    d.freedom_locs.back() = in.loc_of(freedom);
  }
  d.freedom_locs.resize(d.joint_ids.size());
}

DraftCoupler start(ElementReader& in, bool gear) {
  DraftCoupler d;
  d.id = in.require_id();
  d.subject = in.subject();
  d.loc = in.node().loc;
  d.gear = gear;
  return d;
}

void finish(ElementReader& in, bool user) {
  if (!user) reject_user_subroutines(in);
  if (auto v = in.boolean("is_virtual"); v && *v) {
    in.warning("is_virtual", "is_virtual=TRUE is treated as an ordinary constraint");
  }
}

/// The index of joint `id` in Model::joints (Constraint_Joint only), or -1 after an error.
int find_joint(const Model& m, const DraftCoupler& d, size_t k, Diagnostics& diag) {
  for (size_t j = 0; j < m.joints.size(); ++j) {
    if (m.joints[j].id == d.joint_ids[k] && !m.joints[j].primitive) {
      const JointType t = m.joints[j].type;
      if (t == JointType::kRevolute || t == JointType::kTranslational ||
          t == JointType::kCylindrical) {
        return static_cast<int>(j);
      }
      diag.error(d.joint_locs[k], d.subject,
                 fmt::format("joint{}_id {} is a {} joint (allowed: REVOLUTE, TRANSLATIONAL or "
                             "CYLINDRICAL)",
                             k + 1, d.joint_ids[k], joint_type_name(t)));
      return -1;
    }
  }
  diag.error(d.joint_locs[k], d.subject,
             fmt::format("joint{}_id {} is not a Constraint_Joint", k + 1, d.joint_ids[k]));
  return -1;
}

/// Coupler terms: one per joint, the freedom implied by the joint type or given.
bool coupler_terms(const Model& m, const DraftCoupler& d, Coupler& c, Diagnostics& diag) {
  bool ok = true;
  for (size_t k = 0; k < d.joint_ids.size(); ++k) {
    const int j = find_joint(m, d, k, diag);
    if (j < 0) {
      ok = false;
      continue;
    }
    const JointType t = m.joints[j].type;
    const char given = d.freedoms[k];
    const char implied = t == JointType::kRevolute ? 'R' : t == JointType::kTranslational ? 'T' : 0;
    if (implied == 0 && given == 0) {
      diag.error(d.joint_locs[k], d.subject,
                 fmt::format("joint{0}_id {1} is CYLINDRICAL: freedom_{0} must say which of its "
                             "motions is coupled (T or R)",
                             k + 1, d.joint_ids[k]));
      ok = false;
      continue;
    }
    if (implied != 0 && given != 0 && given != implied) {
      diag.error(d.freedom_locs[k], d.subject,
                 fmt::format("freedom_{} is {} but joint {} is {} (its only freedom is {})", k + 1,
                             given, d.joint_ids[k], joint_type_name(t), implied));
      ok = false;
      continue;
    }
    Coupler::Term term;
    term.joint = j;
    term.rotational = (given ? given : implied) == 'R';
    term.scale = k < d.scales.size() ? d.scales[k] : 1.0;  // a COUSUB: unused
    for (const auto& other : c.terms) {
      if (other.joint == j && other.rotational == term.rotational) {
        diag.error(d.joint_locs[k], d.subject,
                   fmt::format("joint {} is coupled twice with the same freedom", d.joint_ids[k]));
        ok = false;
      }
    }
    c.terms.push_back(term);
  }
  return ok;
}

/// Gear terms: a_k from the CV marker (see the header), -a_2 for the second gear.
bool gear_terms(const Model& m, const DraftCoupler& d, Coupler& c, Diagnostics& diag) {
  const auto cv = m.marker_index.find(d.cv_id);
  if (d.cv_id != 0 && cv == m.marker_index.end()) {
    diag.error(d.cv_loc, d.subject,
               fmt::format("cv_marker_id {} is not a Reference_Marker", d.cv_id));
  }
  int joints[2] = {-1, -1};
  for (size_t k = 0; k < d.joint_ids.size() && k < 2; ++k) joints[k] = find_joint(m, d, k, diag);
  if (joints[0] < 0 || joints[1] < 0 || cv == m.marker_index.end()) return false;
  const Marker& p = m.markers[cv->second];
  const int carrier = m.markers[m.joints[joints[0]].j_marker].body;
  if (m.markers[m.joints[joints[1]].j_marker].body != carrier || p.body != carrier) {
    diag.error(d.cv_loc, d.subject,
               fmt::format("the J markers of joints {} and {} and the CV marker {} must be on one "
                           "carrier body",
                           d.joint_ids[0], d.joint_ids[1], d.cv_id));
    return false;
  }
  const Vec3 z_cv = p.axes_global0.col(2);
  bool ok = true;
  for (int k = 0; k < 2; ++k) {
    const Joint& jt = m.joints[joints[k]];
    const Marker& mj = m.markers[jt.j_marker];
    const Vec3 z = mj.axes_global0.col(2);
    const double sign = k == 0 ? 1.0 : -1.0;
    // A lever below 1e-9 of the marker distances (or of 1) is taken as zero.
    const double size = std::max(1.0, (p.pos_global0 - mj.pos_global0).norm());
    bool any = false;
    if (jt.type != JointType::kTranslational) {
      const double a = z.cross(p.pos_global0 - mj.pos_global0).dot(z_cv);
      if (std::abs(a) > 1e-9 * size) {
        c.terms.push_back({joints[k], true, sign * a});
        any = true;
      }
    }
    if (jt.type != JointType::kRevolute) {
      const double a = z.dot(z_cv);
      if (std::abs(a) > 1e-9) {
        c.terms.push_back({joints[k], false, sign * a});
        any = true;
      }
    }
    if (!any) {
      diag.error(d.joint_locs[k], d.subject,
                 fmt::format("joint {} does not move the CV point along z of CV marker {} (the "
                             "marker lies on the joint axis or its z axis is perpendicular to "
                             "the pitch-point velocity)",
                             d.joint_ids[k], d.cv_id));
      ok = false;
    }
  }
  return ok;
}

}  // namespace

void build_constraint_coupler(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftCoupler d = start(in, false);
  read_joints(in, d, 3);
  const bool user = has_user_subroutine(in);
  if (user) {
    // COUSUB gives Phi(q); COUXX and COUXX2 (optional) its first and second partials.
    bool failed = false;
    d.user = read_user_subroutine(in, "COUSUB", failed, {"COUXX", "COUXX2"},
                                  {"usrsub_der1_name", "usrsub_der2_name"});
    if (!d.user && !failed) {
      in.error_here("a COUSUB coupler needs usrsub_dll_name and usrsub_param_string");
    }
    if (in.has("coefficients")) {
      in.error("coefficients", "give coefficients or a COUSUB user subroutine, not both");
    }
  } else if (!in.has("coefficients")) {
    in.missing("coefficients", "one per joint, e.g. \"1, -2\"");
  } else if (auto v = read_number_list(in, "coefficients")) {
    if (v->size() != d.joint_ids.size()) {
      in.error("coefficients", fmt::format("coefficients has {} values for {} joints (give one "
                                           "per joint)",
                                           v->size(), d.joint_ids.size()));
    } else {
      for (size_t k = 0; k < v->size(); ++k) {
        if ((*v)[k] == 0.0) {
          in.error("coefficients",
                   fmt::format("coefficient {} is 0: joint {} would not take part (remove it, or "
                               "give a nonzero scale)",
                               k + 1, d.joint_ids[k]));
        }
      }
      d.scales = *v;
    }
  }
  finish(in, user);
  draft.couplers.push_back(std::move(d));
}

void build_constraint_gear(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftCoupler d = start(in, true);
  read_joints(in, d, 2);
  d.cv_id = in.required_ref("cv_marker_id").value_or(0);
  d.cv_loc = in.loc_of("cv_marker_id");
  finish(in, false);
  draft.couplers.push_back(std::move(d));
}

void resolve_couplers(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  for (bool gear : {false, true}) {
    for (const DraftCoupler& d : draft.couplers) {
      if (d.gear != gear || d.joint_ids.size() < 2) continue;
      const bool user = d.user.has_value();
      if (!gear && !user && d.scales.size() != d.joint_ids.size()) continue;  // reported
      if (std::find(d.joint_ids.begin(), d.joint_ids.end(), 0) != d.joint_ids.end()) continue;
      Coupler c;
      c.id = d.id;
      c.gear = gear;
      c.loc = d.loc;
      c.user = d.user;
      if (gear ? gear_terms(m, d, c, diag) : coupler_terms(m, d, c, diag)) {
        m.couplers.push_back(std::move(c));
      }
    }
  }
}

}  // namespace mb
