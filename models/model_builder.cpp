#include "models/model_builder.hpp"

#include <fmt/format.h>

#include <functional>
#include <set>

#include "common/text.hpp"
#include "models/body_beam.hpp"
#include "models/body_inertia.hpp"
#include "models/command_edits.hpp"
#include "models/constraint_coupler.hpp"
#include "models/constraint_cvcv.hpp"
#include "models/constraint_joint.hpp"
#include "models/constraint_ptcv.hpp"
#include "models/dissipated_energy.hpp"
#include "models/element_registry.hpp"
#include "models/expression_elements.hpp"
#include "models/force_contact.hpp"
#include "models/force_gravity.hpp"
#include "models/force_jointfriction.hpp"
#include "models/param_linear.hpp"
#include "models/reference_paramcurve.hpp"
#include "models/sensor.hpp"
#include "models/sensor_evaluate.hpp"
#include "models/state_elements.hpp"

namespace mb {

namespace {

/// Pass 1: one node through the element table.
void build_node(const DeckNode& node, bool in_command, bool motionsolve_xml, ModelDraft& draft,
                Diagnostics& diag, std::set<std::string>& skipped_tags,
                std::vector<PendingEdit>& edits) {
  const ElementInfo* info = find_element(node.tag);
  ElementReader in(node, diag);
  if (!info) {
    std::vector<std::string_view> names;
    for (const auto& e : element_table()) names.push_back(e.name);
    const std::string guess = closest_match(node.spelled, names);
    in.error_here("unknown element " + quoted_value(node.spelled) + " (" +
                  (guess.empty() ? "" : "did you mean '" + guess + "'? ") +
                  "mbsolve --list-elements shows every element)");
    return;
  }
  if (info->support == ElementSupport::kSkipped) {
    if (skipped_tags.insert(node.tag).second) {
      diag.info(node.loc, "", std::string(info->name) + " elements are skipped (graphics only)");
    }
    return;
  }
  if (in_command && info->scope == ElementScope::kModel) {
    in.error_here(std::string(info->name) + " is a model element and cannot be a command");
    return;
  }
  if (!in_command && info->scope == ElementScope::kCommand) {
    in.error_here(std::string(info->name) + " is a command; put it in the <Command> block");
    return;
  }
  if (in_command && is_edit_command(node.tag, info->scope == ElementScope::kBoth)) {
    // Resolved once the model is built (models/command_edits.hpp).
    edits.push_back({&node, draft.commands.size()});
    Command c;
    c.kind = Command::Kind::kEdit;
    c.loc = node.loc;
    draft.commands.push_back(std::move(c));
    return;
  }
  if (info->support == ElementSupport::kNotSupported || !info->build) {
    in.error_here(std::string(info->name) +
                  " is not supported yet (mbsolve --list-elements shows the supported elements)");
    return;
  }
  if (motionsolve_xml) in.require_all(info->name, info->required);
  info->build(in, draft, in_command);
  in.finish();
}

/// Global pose at t = 0 of every marker, resolving rm_id chains (cycles are errors).
void resolve_marker_poses(const ModelDraft& d, Model& m, Diagnostics& diag) {
  std::map<int, const DraftMarker*> by_id;
  for (const auto& dm : d.markers) by_id.emplace(dm.id, &dm);
  enum class State { kTodo, kBusy, kDone };
  std::map<int, State> state;
  std::map<int, std::pair<Vec3, Mat3>> pose;
  std::function<bool(const DraftMarker&)> resolve = [&](const DraftMarker& dm) -> bool {
    State& s = state[dm.id];
    if (s == State::kDone) return true;
    if (s == State::kBusy) {
      diag.error(dm.rm_loc, dm.subject, "rm_id forms a cycle of markers");
      return false;
    }
    s = State::kBusy;
    Vec3 p = dm.pos;
    Mat3 A = dm.axes;
    if (dm.rm_id) {
      auto it = by_id.find(*dm.rm_id);
      if (it == by_id.end()) {
        diag.error(dm.rm_loc, dm.subject,
                   fmt::format("rm_id {} is not a Reference_Marker", *dm.rm_id));
        state[dm.id] = State::kDone;
        return false;
      }
      if (!resolve(*it->second)) {
        state[dm.id] = State::kDone;
        return false;
      }
      const auto& [rp, rA] = pose[*dm.rm_id];
      p = rp + rA * dm.pos;
      A = rA * dm.axes;
    }
    pose[dm.id] = {p, A};
    state[dm.id] = State::kDone;
    return true;
  };
  for (const auto& dm : d.markers) {
    if (dm.id == 0) continue;
    resolve(dm);
    Marker mk;
    mk.id = dm.id;
    mk.loc = dm.loc;
    auto it = pose.find(dm.id);
    mk.pos_global0 = it != pose.end() ? it->second.first : dm.pos;
    mk.axes_global0 = it != pose.end() ? it->second.second : dm.axes;
    auto b = m.body_index.find(dm.body_id);
    if (dm.body_id != 0 && b == m.body_index.end()) {
      diag.error(dm.body_loc, dm.subject,
                 fmt::format("body_id {} is not a Body_Rigid", dm.body_id));
    } else if (b != m.body_index.end()) {
      mk.body = b->second;
    }
    m.marker_index.emplace(mk.id, static_cast<int>(m.markers.size()));
    m.markers.push_back(mk);
  }
}

/// Inertia about the CM in CM-marker axes, from the deck's values about IM in IM axes.
Mat3 inertia_about_cm(const DraftBody& b, const Marker& cm, const Marker& im) {
  return inertia_about_cm(b.mass, inertia_matrix(b.ixx, b.iyy, b.izz, b.ixy, b.iyz, b.ixz), cm, im);
}

void validate_inertia(const DraftBody& b, const Mat3& J, Diagnostics& diag) {
  Eigen::SelfAdjointEigenSolver<Mat3> eig(J);
  const Vec3 k = eig.eigenvalues();  // ascending
  const double scale = std::max(1e-300, k.cwiseAbs().maxCoeff());
  if (k.cwiseAbs().maxCoeff() == 0.0) {
    diag.warning(b.inertia_loc, b.subject,
                 "all moments of inertia are zero: the body's rotation is undetermined unless "
                 "constraints fix it");
    return;
  }
  if (k(0) <= 1e-12 * scale) {
    diag.error(b.inertia_loc, b.subject,
               fmt::format("the inertia tensor about the CM is not positive definite (principal "
                           "moments {:g}, {:g}, {:g})",
                           k(0), k(1), k(2)));
    return;
  }
  if (k(0) + k(1) < k(2) * (1 - 1e-9)) {
    diag.error(b.inertia_loc, b.subject,
               fmt::format("the principal moments of inertia {:g}, {:g}, {:g} break the triangle "
                           "inequality (I1 + I2 >= I3)",
                           k(0), k(1), k(2)));
  }
}

void resolve_bodies(const ModelDraft& d, Model& m, Diagnostics& diag) {
  for (size_t k = 0; k < d.bodies.size(); ++k) {
    const DraftBody& db = d.bodies[k];
    Body& b = m.bodies[k];
    if (db.ground) {
      b.r0 = Vec3::Zero();
      b.p0 = Vec4(1, 0, 0, 0);
      b.inertia_cm = Mat3::Zero();
      continue;
    }
    auto cm = db.cg_id ? m.marker_index.find(*db.cg_id) : m.marker_index.end();
    if (db.cg_id && cm == m.marker_index.end()) {
      diag.error(db.cg_loc, db.subject,
                 fmt::format("cg_id {} is not a Reference_Marker", *db.cg_id));
      continue;
    }
    if (!db.cg_id) continue;
    const Marker& cmk = m.markers[cm->second];
    if (cmk.body != static_cast<int>(k)) {
      diag.error(db.cg_loc, db.subject,
                 fmt::format("cg_id {} is a marker of another body", *db.cg_id));
      continue;
    }
    const Marker* imk = &cmk;
    if (db.im_id) {
      auto im = m.marker_index.find(*db.im_id);
      if (im == m.marker_index.end()) {
        diag.error(db.im_loc, db.subject,
                   fmt::format("im_id {} is not a Reference_Marker", *db.im_id));
        continue;
      }
      imk = &m.markers[im->second];
      if (imk->body != static_cast<int>(k)) {
        diag.error(db.im_loc, db.subject,
                   fmt::format("im_id {} is a marker of another body", *db.im_id));
      }
    }
    b.cm_marker = cm->second;
    b.im_marker = imk == &cmk ? cm->second : m.marker_index.at(*db.im_id);
    b.r0 = cmk.pos_global0;
    if (db.point) continue;  // frame = global axes, no inertia
    b.p0 = euler_parameters_from_rotation(cmk.axes_global0);
    b.inertia_cm = inertia_about_cm(db, cmk, *imk);
    if (db.mass > 0 && db.inertia_read) validate_inertia(db, b.inertia_cm, diag);
  }
}

/// JointInitialVel_* elements: the velocity of their joint's coordinate (Joint::ic_vel).
void resolve_joint_initial_velocities(const ModelDraft& d, Model& m, Diagnostics& diag) {
  for (const DraftJointInitialVelocity& v : d.joint_initial_velocities) {
    Joint* joint = nullptr;
    for (Joint& j : m.joints) {
      if (!j.primitive && j.id == v.joint_id) joint = &j;
    }
    if (!joint) {
      if (v.joint_id > 0) {
        diag.error(v.joint_loc, v.subject,
                   fmt::format("joint_id {} is not a Constraint_Joint", v.joint_id));
      }
      continue;
    }
    if (joint->type != v.type) {
      diag.error(v.joint_loc, v.subject,
                 fmt::format("joint_id {} is a {} joint; this element is for {} joints", v.joint_id,
                             joint_type_name(joint->type), joint_type_name(v.type)));
      continue;
    }
    for (int c = 0; c < 2; ++c) {
      if (v.vel[c]) joint->ic_vel[c] = v.vel[c];
    }
  }
}

/// Constraint_Joint elements, then Constraint_Jprim elements (Model::joints in that order).
void resolve_joints(const ModelDraft& d, Model& m, Diagnostics& diag) {
  std::vector<const DraftJoint*> all;
  for (const auto& dj : d.joints) all.push_back(&dj);
  for (const auto& dj : d.jprims) all.push_back(&dj);
  for (const DraftJoint* pj : all) {
    const DraftJoint& dj = *pj;
    Joint j;
    j.id = dj.id;
    j.type = dj.type;
    j.primitive = dj.primitive;
    j.pitch = dj.pitch;
    j.ic_disp = dj.ic_disp;
    j.ic_vel = dj.ic_vel;
    j.loc = dj.loc;
    bool ok = true;
    auto find = [&](int id, const SourceLoc& loc, const char* what) {
      auto it = m.marker_index.find(id);
      if (id != 0 && it == m.marker_index.end()) {
        diag.error(loc, dj.subject, fmt::format("{} {} is not a Reference_Marker", what, id));
        ok = false;
        return -1;
      }
      return id == 0 ? -1 : it->second;
    };
    j.i_marker = find(dj.i_id, dj.i_loc, "i_marker_id");
    j.j_marker = find(dj.j_id, dj.j_loc, "j_marker_id");
    if (!ok || j.i_marker < 0 || j.j_marker < 0) continue;
    if (m.markers[j.i_marker].body == m.markers[j.j_marker].body) {
      diag.error(dj.loc, dj.subject, "i_marker_id and j_marker_id are on the same body");
      continue;
    }
    m.joints.push_back(j);
  }
}

/// Model::bodies: the ground first (index 0), then the moving bodies in deck order (draft.bodies
/// is put in that order too). False, after reporting it, when the model has no ground or nothing
/// that moves.
bool order_bodies(const Deck& deck, ModelDraft& draft, Model& m, Diagnostics& diag) {
  std::vector<DraftBody> bodies;
  const DraftBody* ground = nullptr;
  for (const auto& b : draft.bodies) {
    if (!b.ground) continue;
    if (ground) {
      diag.error(b.loc, b.subject,
                 "a second ground body (the first is " + ground->subject + " at " +
                     ground->loc.str() + "); a model has exactly one");
      continue;
    }
    ground = &b;
  }
  if (!ground) {
    diag.error({intern_path(deck.path), 1, 1}, "",
               "the model has no ground body (a Body_Rigid with isground=\"TRUE\")");
    return false;
  }
  bodies.push_back(*ground);
  for (const auto& b : draft.bodies) {
    if (!b.ground) bodies.push_back(b);
  }
  // Body_Beam elements add moving bodies too (expand_body_beams, below).
  if (bodies.size() == 1 && draft.body_beams.empty()) {
    diag.error(ground->loc, ground->subject,
               "the model has no moving body: nothing to simulate (add a Body_Rigid without "
               "isground=\"TRUE\")");
    return false;
  }
  draft.bodies = bodies;
  for (size_t k = 0; k < bodies.size(); ++k) {
    Body b;
    b.id = bodies[k].id;
    b.ground = bodies[k].ground;
    b.point = bodies[k].point;
    b.mass = bodies[k].mass;
    b.v0 = bodies[k].v0;
    b.w0 = bodies[k].w0;
    b.velocity_given = bodies[k].velocity_given;
    b.exact = bodies[k].exact;
    b.subject = bodies[k].subject;
    b.loc = bodies[k].loc;
    m.body_index.emplace(b.id, static_cast<int>(k));
    m.bodies.push_back(b);
  }
  return true;
}

}  // namespace

std::optional<Model> build_model(const Deck& deck, Diagnostics& diag) {
  ModelDraft draft;
  std::set<std::string> skipped;
  std::vector<PendingEdit> edits;
  for (const auto& node : deck.model) {
    build_node(node, false, deck.motionsolve_xml, draft, diag, skipped, edits);
  }
  for (const auto& node : deck.commands) {
    build_node(node, true, deck.motionsolve_xml, draft, diag, skipped, edits);
  }

  check_unique_ids(draft, diag);  // every row of the element table that has ids
  check_linear_plant_ids(draft, diag);

  Model m;
  m.deck_path = deck.path;
  m.units = draft.units;
  m.transient = draft.transient;
  m.statics = draft.statics;
  m.linear = draft.linear;
  m.commands = draft.commands;
  m.results = draft.results;

  if (!order_bodies(deck, draft, m, diag)) return std::nullopt;
  resolve_marker_poses(draft, m, diag);
  resolve_bodies(draft, m, diag);
  expand_body_beams(draft, m, diag);
  // Body-frame marker data, now that every body's initial frame is known.
  for (auto& mk : m.markers) {
    if (mk.body < 0) continue;
    const Body& b = m.bodies[mk.body];
    const Mat3 A = rotation_from_euler_parameters<double>(b.p0);
    mk.pos_body = A.transpose() * (mk.pos_global0 - b.r0);
    mk.axes_body = A.transpose() * mk.axes_global0;
  }
  for (size_t k = 0; k < draft.bodies.size() && k < m.bodies.size(); ++k) {
    if (const auto& f = draft.bodies[k].part_frame) {
      Body& b = m.bodies[k];
      const Mat3 A = rotation_from_euler_parameters<double>(b.p0);
      b.ref_pos = A.transpose() * (Vec3((*f)[0], (*f)[1], (*f)[2]) - b.r0);
      Mat3 axes;
      axes << (*f)[3], (*f)[4], (*f)[5], (*f)[6], (*f)[7], (*f)[8], (*f)[9], (*f)[10], (*f)[11];
      b.ref_axes = A.transpose() * axes;
    }
  }
  resolve_joints(draft, m, diag);
  expand_joint_frictions(draft, m, diag);
  resolve_joint_initial_velocities(draft, m, diag);
  resolve_couplers(draft, m, diag);
  expand_sensor_evaluates(draft);
  resolve_state_data(draft, m, diag);
  resolve_sensor_evaluates(draft, m, diag);
  resolve_curves(draft, m, diag);
  resolve_contacts(draft, m, diag);
  resolve_point_curves(draft, m, diag);
  resolve_curve_curves(draft, m, diag);
  resolve_expression_elements(draft, m, diag);
  resolve_sensors(draft, m, diag);
  resolve_gravity(draft, m, diag);
  resolve_state_expressions(draft, m, diag);
  add_dissipated_energy_states(m);
  // Command errors are reported together with the model's (a model with errors is not run).
  resolve_command_edits(deck, edits, m, diag, diag.has_errors());

  if (diag.has_errors()) return std::nullopt;
  return m;
}

}  // namespace mb
