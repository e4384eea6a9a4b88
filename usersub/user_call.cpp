#include "usersub/user_call.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "common/error.hpp"
#include "common/linalg.hpp"
#include "common/text.hpp"
#include "include/mbsolve/usersub.h"

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
  const UserContext& m = *c.state.context;
  if (m.is_ground(b)) return true;
  if (c.state.record) {
    auto& v = c.state.record->bodies;
    if (std::find(v.begin(), v.end(), b) == v.end()) v.push_back(b);
    return true;
  }
  if (c.state.time_only) {
    const bool coupler = c.sub.subject.starts_with("Constraint_Coupler");
    fail(c, errflg,
         fmt::format("{} reads Body_Rigid {}, but {}", what, m.body_id(b),
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
                     what, m.body_id(b)));
    return false;
  }
  return true;
}

/// Marker index of deck id `id` (0 = ground: -1); false after reporting.
bool marker_of(UserCall& c, int id, int& out, int* errflg, std::string_view what) {
  out = -1;
  if (id == 0) return true;
  const UserContext& m = *c.state.context;
  out = m.find_marker(id);
  if (out < 0) {
    fail(c, errflg, fmt::format("{}: marker {} does not exist", what, id));
    return false;
  }
  return readable_body(c, m.marker_body(out), errflg, what);
}

/// Constraint block of Constraint_Joint `id`; false after reporting.
bool joint_block(UserCall& c, int id, int& block, int* errflg, std::string_view what) {
  const UserContext& m = *c.state.context;
  block = m.find_joint(id);
  if (block < 0) {
    fail(c, errflg, fmt::format("{}: Constraint_Joint {} does not exist", what, id));
    return false;
  }
  for (int side = 0; side < 2; ++side) {
    if (!readable_body(c, m.constraint_body(block, side), errflg, what)) return false;
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
  const int s = c.state.context->find_diff(ipar[0]);
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
  value = src[c.state.context->state_index(s)];
  return true;
}

/// Kinematic measure `code` (UserContext::find_measure) of markers given by id; false after
/// reporting.
bool kinematic(UserCall& c, int code, int n_markers, const int* ipar, int nsize, double& value,
               int* errflg, std::string_view what) {
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
  value = c.state.context->measure(code, mk, c.state.y);
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
  value = c.state.context->joint_reaction(block, ipar[1], ipar[2], rm, c.state.y);
  return true;
}

UserCall* bound_call(const char* callback) {
  if (g_call) return g_call;
  std::fprintf(stderr, "mbsolve: %s called outside a user subroutine call; ignored\n", callback);
  return nullptr;
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
  int code = 0, markers = 0;
  // The acceleration measures need y' of the bodies, which a user subroutine's call does not
  // carry: the context does not offer them, and they fall through to the message below.
  if (c->state.context->find_measure(n, code, markers)) {
    mb::kinematic(*c, code, markers, ipar, nsize, *value, errflg, n);
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
  struct Form {
    std::string_view name;
    std::string_view measures[6];
    int count;
  };
  static constexpr Form kForms[] = {
      {"DISP", {"DX", "DY", "DZ", "PSI", "THETA", "PHI"}, 6},
      {"TDISP", {"DX", "DY", "DZ"}, 3},
      {"RDISP", {"PSI", "THETA", "PHI"}, 3},
      {"VEL", {"VX", "VY", "VZ", "WX", "WY", "WZ"}, 6},
      {"TVEL", {"VX", "VY", "VZ"}, 3},
      {"RVEL", {"WX", "WY", "WZ"}, 3},
  };
  const std::string_view n(name);
  for (const auto& f : kForms) {
    if (f.name != n) continue;
    for (int k = 0; k < f.count; ++k) {
      // Each measure takes the leading ids of the same argument list: (I, J) for the angles,
      // (I, J, K) for the displacements and angular velocities, (I, J, K, L) for velocities.
      int code = 0, markers = 0;
      c->state.context->find_measure(f.measures[k], code, markers);
      if (!mb::kinematic(*c, code, markers, ipar, std::min(nsize, markers), states[k], errflg, n)) {
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
  char el_buf[40], at_buf[40];
  if (!mb::upper(element, el_buf, sizeof el_buf) || !mb::upper(attribute, at_buf, sizeof at_buf)) {
    mb::fail(*c, errflg, "c_modfnc: element or attribute name too long");
    return;
  }
  bool element_found = false;
  if (c->state.context->model_attribute(el_buf, id, at_buf, value, element_found)) return;
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
    const mb::Vec3 e = mb::euler313_from_rotation(R);
    for (int k = 0; k < 3; ++k) coord2[k] = e(k);
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
  const std::string* text = c->state.context->string_text(id);
  if (!text) return;
  std::memcpy(string, text->c_str(), text->size() + 1);  // at most 1025 bytes (reader)
  if (nchars) *nchars = static_cast<int>(text->size());
  if (istat) *istat = 0;
}

}  // extern "C"
