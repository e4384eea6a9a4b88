#include "solver/user_context.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "models/model_binder.hpp"
#include "solver/angle_history.hpp"
#include "solver/marker_reads.hpp"

namespace mb {

namespace {

/// Writes `v` as text into the 80-byte buffer of c_modfnc (without allocating).
template <class V>
void write_text(char* out, const V& v) {
  const auto r = fmt::format_to_n(out, 79, "{}", v);
  out[std::min<size_t>(r.size, 79)] = '\0';
}

}  // namespace

int SystemUserContext::find_marker(int id) const {
  const Model& m = sys_.model();
  auto it = m.marker_index.find(id);
  return it == m.marker_index.end() ? -1 : it->second;
}

int SystemUserContext::marker_body(int marker) const { return sys_.model().markers[marker].body; }

int SystemUserContext::body_id(int body) const { return sys_.model().bodies[body].id; }

bool SystemUserContext::is_ground(int body) const { return sys_.model().bodies[body].ground; }

int SystemUserContext::find_joint(int id) const {
  const Model& m = sys_.model();
  int block = -1;
  for (size_t j = 0; j < m.joints.size(); ++j) {
    if (m.joints[j].id == id) block = static_cast<int>(j);
  }
  return block;
}

int SystemUserContext::constraint_body(int block, int side) const {
  return sys_.constraint_body(block, side);
}

int SystemUserContext::find_diff(int id) const {
  int s = -1;
  for (const auto& e : sys_.model().state_elements) {
    if (e.kind == StateElement::Kind::kDiff && e.id == id) s = e.first_state;
  }
  return s;
}

int SystemUserContext::state_index(int s) const { return sys_.state_offset() + s; }

bool SystemUserContext::find_measure(std::string_view name, int& code, int& markers) const {
  MeasureKind kind;
  if (!find_kinematic_measure(name, kind, markers) || is_acceleration_measure(kind)) return false;
  code = static_cast<int>(kind);
  return true;
}

double SystemUserContext::measure(int code, const int mk[4], const double* y) const {
  const auto kind = static_cast<MeasureKind>(code);
  int m[4] = {mk[0], mk[1], mk[2], mk[3]};
  // VM and VR take (I, J, L): the third argument is the frame of differentiation.
  if (kind == MeasureKind::kVM || kind == MeasureKind::kVR) std::swap(m[2], m[3]);
  MarkerState<double> ms[4];
  LocalMeasure lm;
  lm.kind = kind;
  int* fields[4] = {&lm.i, &lm.j, &lm.k, &lm.l};
  for (int a = 0; a < 4; ++a) {
    ms[a] = marker_state_at(sys_, m[a], y);
    *fields[a] = m[a] < 0 ? -1 : a;
  }
  if (is_tracked_angle(kind)) lm.track = angles_.track(kind, m[0], m[1], m[2]);
  return measure_value(lm, ms, angles_.tracks());
}

double SystemUserContext::joint_reaction(int block, int jflag, int comp, int rm,
                                         const double* y) const {
  const MarkerWrench w = constraint_reaction(sys_, block, jflag, y);
  return wrench_component(w, comp, marker_state_at(sys_, rm, y));
}

bool SystemUserContext::model_attribute(std::string_view el, int id, std::string_view at,
                                        char* value, bool& element_found) const {
  const Model& m = sys_.model();
  auto marker_id = [&](int mk) { return mk < 0 ? 0 : m.markers[mk].id; };
  auto text = [&](auto v) {
    write_text(value, v);
    return true;
  };
  element_found = false;
  if (el == "CONSTRAINT_JOINT") {
    for (const auto& j : m.joints) {
      if (j.id != id) continue;
      element_found = true;
      if (at == "I_MARKER_ID") return text(marker_id(j.i_marker));
      if (at == "J_MARKER_ID") return text(marker_id(j.j_marker));
    }
  } else if (el == "REFERENCE_MARKER") {
    auto it = m.marker_index.find(id);
    if (it != m.marker_index.end()) {
      element_found = true;
      if (at == "BODY_ID") return text(m.bodies[m.markers[it->second].body].id);
    }
  } else if (el == "BODY_RIGID") {
    auto it = m.body_index.find(id);
    if (it != m.body_index.end()) {
      element_found = true;
      const Body& b = m.bodies[it->second];
      if (at == "MASS") return text(b.mass);
      if (at == "CM_ID") return text(marker_id(b.cm_marker));
    }
  } else if (el == "FORCE_SCALAR_TWOBODY") {
    for (const auto& f : m.scalar_forces) {
      if (f.id != id) continue;
      element_found = true;
      if (at == "I_MARKER_ID") return text(marker_id(f.i_marker));
      if (at == "J_MARKER_ID") return text(marker_id(f.j_marker));
    }
  } else if (el == "FORCE_VECTOR_TWOBODY" || el == "FORCE_VECTOR_ONEBODY") {
    for (const auto& f : m.vector_forces) {
      if (f.id != id) continue;
      element_found = true;
      if (at == "I_MARKER_ID") return text(marker_id(f.i_marker));
      if (at == "J_FLOATING_MARKER_ID") return text(marker_id(f.j_marker));
      if (at == "REF_MARKER_ID") return text(marker_id(f.ref_marker));
    }
  }
  return false;
}

const std::string* SystemUserContext::string_text(int id) const {
  for (const auto& s : sys_.model().strings) {
    if (s.id == id) return &s.text;
  }
  return nullptr;
}

}  // namespace mb
