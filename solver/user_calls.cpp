#include "solver/user_calls.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "common/error.hpp"
#include "common/text.hpp"
#include "include/mbsolve/usersub.h"
#include "models/model_binder.hpp"
#include "solver/request_outputs.hpp"
#include "solver/system.hpp"

namespace mb {

namespace {

thread_local UserCall* g_call = nullptr;

/// Records the first fatal problem of the current call and sets the routine's error flag.
void fail(UserCall& c, int* errflg, std::string message) {
  if (errflg) *errflg = 1;
  if (c.error.empty()) c.error = std::move(message);
}

/// `name` upper-cased into `buf` (false when it does not fit).
bool upper(const char* name, char* buf, size_t size) {
  if (!name) return false;
  size_t n = 0;
  for (; name[n] != '\0'; ++n) {
    if (n + 1 >= size) return false;
    buf[n] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[n])));
  }
  buf[n] = '\0';
  return true;
}

/// Body `b` may be read in this call (recorded in a dependency call).
bool readable_body(UserCall& c, int b, int* errflg, std::string_view what) {
  const Model& m = c.state.sys->model();
  if (m.bodies[b].ground) return true;
  if (c.state.record) {
    auto& v = c.state.record->bodies;
    if (std::find(v.begin(), v.end(), b) == v.end()) v.push_back(b);
    return true;
  }
  if (c.state.time_only) {
    const bool coupler = c.sub.subject.starts_with("Constraint_Coupler");
    fail(c, errflg,
         fmt::format("{} reads Body_Rigid {}, but {}", what, m.bodies[b].id,
                     coupler ? "a COUSUB is a function of its joint coordinates only "
                               "(it may not read bodies or reactions)"
                             : "a motion is a function of time only (a MOTSUB may not read "
                               "bodies or reactions)"));
    return false;
  }
  if (c.state.known_bodies && !c.state.known_bodies[b]) {
    fail(c, errflg,
         fmt::format("{} reads Body_Rigid {}, which it did not read in its dependency call "
                     "(iflag = 1); a routine must read the same quantities in every call",
                     what, m.bodies[b].id));
    return false;
  }
  return true;
}

/// Marker index of deck id `id` (0 = ground: -1); false after reporting.
bool marker_of(UserCall& c, int id, int& out, int* errflg, std::string_view what) {
  out = -1;
  if (id == 0) return true;
  const Model& m = c.state.sys->model();
  auto it = m.marker_index.find(id);
  if (it == m.marker_index.end()) {
    fail(c, errflg, fmt::format("{}: marker {} does not exist", what, id));
    return false;
  }
  out = it->second;
  return readable_body(c, m.markers[out].body, errflg, what);
}

/// Constraint block of Constraint_Joint `id`; false after reporting.
bool joint_block(UserCall& c, int id, int& block, int* errflg, std::string_view what) {
  const Model& m = c.state.sys->model();
  block = -1;
  for (size_t j = 0; j < m.joints.size(); ++j) {
    if (m.joints[j].id == id) block = static_cast<int>(j);
  }
  if (block < 0) {
    fail(c, errflg, fmt::format("{}: Constraint_Joint {} does not exist", what, id));
    return false;
  }
  const System& sys = *c.state.sys;
  for (int side = 0; side < 2; ++side) {
    if (!readable_body(c, sys.constraint_body(block, side), errflg, what)) return false;
  }
  if (c.state.record) {
    auto& v = c.state.record->blocks;
    if (std::find(v.begin(), v.end(), block) == v.end()) v.push_back(block);
  } else if (c.state.known_blocks && !c.state.known_blocks[block]) {
    fail(c, errflg,
         fmt::format("{} reads the reaction of Constraint_Joint {}, which it did not read in "
                     "its dependency call (iflag = 1)",
                     what, id));
    return false;
  }
  return true;
}

/// DIF(id) (deriv false) or DIF1(id) of Control_Diff `id`; false after reporting.
bool diff_state(UserCall& c, bool deriv, const int* ipar, int nsize, double& value, int* errflg) {
  const char* what = deriv ? "DIF1" : "DIF";
  if (nsize != 1) {
    fail(c, errflg, fmt::format("{} takes one Control_Diff id (got {} values)", what, nsize));
    return false;
  }
  const Model& m = c.state.sys->model();
  int s = -1;
  for (const auto& e : m.state_elements) {
    if (e.kind == StateElement::Kind::kDiff && e.id == ipar[0]) s = e.first_state;
  }
  if (s < 0) {
    fail(c, errflg, fmt::format("{}: Control_Diff {} does not exist", what, ipar[0]));
    return false;
  }
  const int key = 2 * s + (deriv ? 1 : 0);
  if (c.state.record) {
    auto& v = c.state.record->states;
    if (std::find(v.begin(), v.end(), key) == v.end()) v.push_back(key);
  } else if (c.state.known_states && !c.state.known_states[key]) {
    fail(c, errflg,
         fmt::format("{}({}) was not read in the dependency call (iflag = 1); a routine must "
                     "read the same quantities in every call",
                     what, ipar[0]));
    return false;
  }
  const double* src = deriv ? c.state.yp : c.state.y;
  if (!src) {
    fail(c, errflg, fmt::format("{} is not available in this routine", what));
    return false;
  }
  value = src[c.state.sys->state_offset() + s];
  return true;
}

/// A kinematic measure (DX, AZ, VR, ...) of markers given by id; false after reporting.
bool kinematic(UserCall& c, MeasureKind kind, int n_markers, const int* ipar, int nsize,
               double& value, int* errflg, std::string_view what) {
  if (nsize < 1 || nsize > n_markers) {
    fail(c, errflg, fmt::format("{} takes 1 to {} marker ids (got {})", what, n_markers, nsize));
    return false;
  }
  int mk[4] = {-1, -1, -1, -1};
  for (int a = 0; a < nsize; ++a) {
    if (!marker_of(c, ipar[a], mk[a], errflg, what)) return false;
  }
  if (mk[0] < 0) {
    fail(c, errflg, fmt::format("{} needs a marker I other than 0", what));
    return false;
  }
  // VM and VR take (I, J, L): the third argument is the frame of differentiation.
  if (kind == MeasureKind::kVM || kind == MeasureKind::kVR) std::swap(mk[2], mk[3]);
  MarkerState<double> ms[4];
  LocalMeasure lm;
  lm.kind = kind;
  int* fields[4] = {&lm.i, &lm.j, &lm.k, &lm.l};
  for (int a = 0; a < 4; ++a) {
    ms[a] = marker_state_at(*c.state.sys, mk[a], c.state.y);
    *fields[a] = mk[a] < 0 ? -1 : a;
  }
  value = measure_value(lm, ms);
  return true;
}

/// JOINT(id, jflag, comp[, RM]).
bool joint_reaction(UserCall& c, const int* ipar, int nsize, double& value, int* errflg) {
  if (nsize < 3 || nsize > 4) {
    fail(c, errflg, fmt::format("JOINT takes (id, jflag, comp[, RM]) (got {} values)", nsize));
    return false;
  }
  int block = -1, rm = -1;
  if (!joint_block(c, ipar[0], block, errflg, "JOINT")) return false;
  if ((ipar[1] != 0 && ipar[1] != 1) || ipar[2] < 1 || ipar[2] > 8) {
    fail(
        c, errflg,
        fmt::format("JOINT: jflag must be 0 or 1 and comp 1..8 (got {} and {})", ipar[1], ipar[2]));
    return false;
  }
  if (nsize == 4 && !marker_of(c, ipar[3], rm, errflg, "JOINT")) return false;
  const MarkerWrench w = constraint_reaction(*c.state.sys, block, ipar[1], c.state.y);
  value = wrench_component(w, ipar[2], marker_state_at(*c.state.sys, rm, c.state.y));
  return true;
}

UserCall* bound_call(const char* callback) {
  if (g_call) return g_call;
  std::fprintf(stderr, "mbsolve: %s called outside a user subroutine call; ignored\n", callback);
  return nullptr;
}

/// Writes `v` as text into the 80-byte buffer of c_modfnc (without allocating).
template <class V>
void write_text(char* out, const V& v) {
  const auto r = fmt::format_to_n(out, 79, "{}", v);
  out[std::min<size_t>(r.size, 79)] = '\0';
}

}  // namespace

UserCall::UserCall(const UserSubroutine& s, const UserCallState& st)
    : sub(s), state(st), previous_(g_call) {
  g_call = this;
}

UserCall::~UserCall() { g_call = previous_; }

UserCall* current_user_call() { return g_call; }

UserArgs user_args(int id, double time, std::vector<double>& par) {
  UserArgs args;
  args.id = id;
  args.time = time;
  args.par = par.empty() ? nullptr : par.data();
  args.npar = static_cast<int>(par.size());
  return args;
}

void UserCall::run(const UserArgs& args, bool check_outputs) {
  std::string script_error;
  if (!sub.call(args, script_error) && error.empty()) error = std::move(script_error);
  check(check_outputs ? std::span<const double>(args.result) : std::span<const double>());
  if (check_outputs) check(args.output);
}

void UserCall::check(std::span<const double> outputs) const {
  if (!error.empty()) {
    // A script's traceback follows the message on its own lines.
    const size_t nl = error.find('\n');
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("{}: user subroutine {}: {} (t = {:.10g}){}", sub.subject,
                            sub.describe(), std::string_view(error).substr(0, nl), state.t,
                            nl == std::string::npos ? "" : std::string_view(error).substr(nl)));
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (!std::isfinite(outputs[k])) {
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("{}: user subroutine {} returned {} in output {} at t = {:.10g}",
                              sub.subject, sub.describe(), outputs[k], k + 1, state.t));
    }
  }
}

}  // namespace mb

using mb::UserCall;

extern "C" {

void c_sysfnc(const char* fncnam, int* ipar, int nsize, double* value, int* errflg) {
  if (errflg) *errflg = 0;
  if (value) *value = 0.0;
  UserCall* c = mb::bound_call("c_sysfnc");
  if (!c) {
    if (errflg) *errflg = 1;
    return;
  }
  char name[16];
  if (!mb::upper(fncnam, name, sizeof name) || !value || (nsize > 0 && !ipar)) {
    mb::fail(*c, errflg, "c_sysfnc: invalid arguments (name, ipar or value)");
    return;
  }
  const std::string_view n(name);
  if (n == "TIME") {
    *value = c->state.t;
    return;
  }
  if (n == "JOINT") {
    mb::joint_reaction(*c, ipar, nsize, *value, errflg);
    return;
  }
  if (n == "DIF" || n == "DIF1") {
    mb::diff_state(*c, n == "DIF1", ipar, nsize, *value, errflg);
    return;
  }
  mb::MeasureKind kind;
  int markers = 0;
  // The acceleration measures need y' of the bodies, which a user subroutine's call does not
  // carry: they fall through to the message below.
  if (mb::find_kinematic_measure(n, kind, markers) && !mb::is_acceleration_measure(kind)) {
    mb::kinematic(*c, kind, markers, ipar, nsize, *value, errflg, n);
    return;
  }
  mb::fail(*c, errflg,
           fmt::format(
               "c_sysfnc: function '{}' is not supported (supported: TIME, JOINT, DIF, DIF1, DX DY "
               "DZ DM AX AY AZ PSI THETA PHI YAW PITCH ROLL VX VY VZ VM VR WX WY WZ WM)",
               n));
}

void c_sysary(const char* fncnam, int* ipar, int nsize, double* states, int* nstates, int* errflg) {
  if (errflg) *errflg = 0;
  if (nstates) *nstates = 0;
  UserCall* c = mb::bound_call("c_sysary");
  if (!c) {
    if (errflg) *errflg = 1;
    return;
  }
  char name[16];
  if (!mb::upper(fncnam, name, sizeof name) || !states || !nstates || (nsize > 0 && !ipar)) {
    mb::fail(*c, errflg, "c_sysary: invalid arguments (name, ipar, states or nstates)");
    return;
  }
  using K = mb::MeasureKind;
  struct Form {
    std::string_view name;
    K kinds[6];
    int count;
    int markers;
  };
  static constexpr Form kForms[] = {
      {"DISP", {K::kDX, K::kDY, K::kDZ, K::kPSI, K::kTHETA, K::kPHI}, 6, 3},
      {"TDISP", {K::kDX, K::kDY, K::kDZ}, 3, 3},
      {"RDISP", {K::kPSI, K::kTHETA, K::kPHI}, 3, 2},
      {"VEL", {K::kVX, K::kVY, K::kVZ, K::kWX, K::kWY, K::kWZ}, 6, 4},
      {"TVEL", {K::kVX, K::kVY, K::kVZ}, 3, 4},
      {"RVEL", {K::kWX, K::kWY, K::kWZ}, 3, 3},
  };
  const std::string_view n(name);
  for (const auto& f : kForms) {
    if (f.name != n) continue;
    for (int k = 0; k < f.count; ++k) {
      // Angles take (I, J) and angular velocities (I, J, K) of the same argument list.
      const int markers =
          (f.kinds[k] == K::kPSI || f.kinds[k] == K::kTHETA || f.kinds[k] == K::kPHI) ? 2
          : (f.kinds[k] == K::kWX || f.kinds[k] == K::kWY || f.kinds[k] == K::kWZ)    ? 3
                                                                                      : f.markers;
      if (!mb::kinematic(*c, f.kinds[k], markers, ipar, std::min(nsize, markers), states[k], errflg,
                         n)) {
        return;
      }
    }
    *nstates = f.count;
    return;
  }
  mb::fail(*c, errflg,
           fmt::format("c_sysary: function '{}' is not supported (supported: DISP, TDISP, "
                       "RDISP, VEL, TVEL, RVEL)",
                       n));
}

void c_modfnc(const char* element, int id, const char* attribute, char* value, int* errflg) {
  if (errflg) *errflg = 0;
  UserCall* c = mb::bound_call("c_modfnc");
  if (!c) {
    if (errflg) *errflg = 1;
    return;
  }
  if (!element || !attribute || !value) {
    mb::fail(*c, errflg, "c_modfnc: invalid arguments (element, attribute or value)");
    return;
  }
  value[0] = '\0';
  const mb::Model& m = c->state.sys->model();
  char el_buf[40], at_buf[40];
  if (!mb::upper(element, el_buf, sizeof el_buf) || !mb::upper(attribute, at_buf, sizeof at_buf)) {
    mb::fail(*c, errflg, "c_modfnc: element or attribute name too long");
    return;
  }
  const std::string_view el(el_buf), at(at_buf);
  auto marker_id = [&](int mk) { return mk < 0 ? 0 : m.markers[mk].id; };
  auto text = [&](auto v) { mb::write_text(value, v); };
  bool element_found = false;
  if (el == "CONSTRAINT_JOINT") {
    for (const auto& j : m.joints) {
      if (j.id != id) continue;
      element_found = true;
      if (at == "I_MARKER_ID") return text((marker_id(j.i_marker)));
      if (at == "J_MARKER_ID") return text((marker_id(j.j_marker)));
    }
  } else if (el == "REFERENCE_MARKER") {
    auto it = m.marker_index.find(id);
    if (it != m.marker_index.end()) {
      element_found = true;
      if (at == "BODY_ID") return text((m.bodies[m.markers[it->second].body].id));
    }
  } else if (el == "BODY_RIGID") {
    auto it = m.body_index.find(id);
    if (it != m.body_index.end()) {
      element_found = true;
      const mb::Body& b = m.bodies[it->second];
      if (at == "MASS") return text(b.mass);
      if (at == "CM_ID") return text((marker_id(b.cm_marker)));
    }
  } else if (el == "FORCE_SCALAR_TWOBODY") {
    for (const auto& f : m.scalar_forces) {
      if (f.id != id) continue;
      element_found = true;
      if (at == "I_MARKER_ID") return text((marker_id(f.i_marker)));
      if (at == "J_MARKER_ID") return text((marker_id(f.j_marker)));
    }
  } else if (el == "FORCE_VECTOR_TWOBODY" || el == "FORCE_VECTOR_ONEBODY") {
    for (const auto& f : m.vector_forces) {
      if (f.id != id) continue;
      element_found = true;
      if (at == "I_MARKER_ID") return text((marker_id(f.i_marker)));
      if (at == "J_FLOATING_MARKER_ID") return text((marker_id(f.j_marker)));
      if (at == "REF_MARKER_ID") return text((marker_id(f.ref_marker)));
    }
  }
  mb::fail(*c, errflg,
           element_found
               ? fmt::format("c_modfnc: attribute '{}' of {} {} is not available", attribute,
                             element, id)
               : fmt::format("c_modfnc: {} {} does not exist or is not supported (supported: "
                             "Constraint_Joint, Reference_Marker, Body_Rigid, "
                             "Force_Scalar_TwoBody, Force_Vector_*)",
                             element, id));
}

void c_errmes(int* errflg, const char* mesage, int* id, int* endflg) {
  if (!errflg || *errflg == 0) return;
  const std::string text = fmt::format("{} (id {})", mesage ? mesage : "", id ? *id : 0);
  UserCall* c = mb::bound_call("c_errmes");
  if (c && endflg && *endflg != 0) {
    mb::fail(*c, nullptr, text);
    return;
  }
  std::fprintf(stderr, "warning: %s%s%s\n", c ? c->sub.subject.c_str() : "", c ? ": " : "",
               text.c_str());
}

void c_rcnvrt(const char* sys1, double* coord1, const char* sys2, double* coord2, int* istat) {
  if (istat) *istat = 1;
  char a[16], b[16];
  if (!mb::upper(sys1, a, sizeof a) || !mb::upper(sys2, b, sizeof b) || !coord1 || !coord2) {
    return;
  }
  mb::Mat3 R;
  const std::string_view from(a), to(b);
  if (from == "EULER") {
    R = mb::rotation_from_euler313(coord1[0], coord1[1], coord1[2]);
  } else if (from == "EULPAR") {
    R = mb::rotation_from_euler_parameters<double>(
        mb::Vec4(coord1[0], coord1[1], coord1[2], coord1[3]).normalized());
  } else if (from == "RMATRIX") {
    for (int k = 0; k < 9; ++k) R(k % 3, k / 3) = coord1[k];
  } else {
    return;
  }
  if (to == "EULER") {
    const std::array<double, 3> e = mb::body313_angles<double>(R);
    for (int k = 0; k < 3; ++k) coord2[k] = e[static_cast<size_t>(k)];
  } else if (to == "EULPAR") {
    const mb::Vec4 p = mb::euler_parameters_from_rotation(R);
    for (int k = 0; k < 4; ++k) coord2[k] = p(k);
  } else if (to == "RMATRIX") {
    for (int k = 0; k < 9; ++k) coord2[k] = R(k % 3, k / 3);
  } else {
    return;
  }
  if (istat) *istat = 0;
}

void c_timget(double* time) {
  UserCall* c = mb::bound_call("c_timget");
  if (time) *time = c ? c->state.t : 0.0;
}

void c_gtstrg(int id, char* string, int* nchars, int* istat) {
  if (istat) *istat = 1;
  if (nchars) *nchars = 0;
  if (string) string[0] = '\0';
  UserCall* c = mb::bound_call("c_gtstrg");
  if (!c || !string) return;
  for (const auto& s : c->state.sys->model().strings) {
    if (s.id != id) continue;
    std::memcpy(string, s.text.c_str(), s.text.size() + 1);  // at most 1025 bytes (reader)
    if (nchars) *nchars = static_cast<int>(s.text.size());
    if (istat) *istat = 0;
    return;
  }
}

}  // extern "C"
