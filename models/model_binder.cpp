#include "models/model_binder.hpp"

#include <fmt/format.h>

#include <array>

#include "models/compliant_outputs.hpp"

namespace mb {

namespace {

struct KindName {
  std::string_view name;
  MeasureKind kind;
  int markers;  ///< how many leading arguments are markers
};

constexpr std::array<KindName, 34> kKinematic = {{
    {"ACCM", MeasureKind::kACCM, 3},
    {"ACCX", MeasureKind::kACCX, 4},
    {"ACCY", MeasureKind::kACCY, 4},
    {"ACCZ", MeasureKind::kACCZ, 4},
    {"WDTM", MeasureKind::kWDTM, 3},
    {"WDTX", MeasureKind::kWDTX, 4},
    {"WDTY", MeasureKind::kWDTY, 4},
    {"WDTZ", MeasureKind::kWDTZ, 4},
    {"AX", MeasureKind::kAX, 2},
    {"AY", MeasureKind::kAY, 2},
    {"AZ", MeasureKind::kAZ, 2},
    {"DM", MeasureKind::kDM, 2},
    {"DX", MeasureKind::kDX, 3},
    {"DY", MeasureKind::kDY, 3},
    {"DZ", MeasureKind::kDZ, 3},
    {"PHI", MeasureKind::kPHI, 2},
    {"PITCH", MeasureKind::kPITCH, 2},
    {"PSI", MeasureKind::kPSI, 2},
    {"ROLL", MeasureKind::kROLL, 2},
    {"THETA", MeasureKind::kTHETA, 2},
    {"VM", MeasureKind::kVM, 3},
    {"VR", MeasureKind::kVR, 3},
    {"VX", MeasureKind::kVX, 4},
    {"VY", MeasureKind::kVY, 4},
    {"VZ", MeasureKind::kVZ, 4},
    {"WM", MeasureKind::kWM, 2},
    {"WX", MeasureKind::kWX, 3},
    {"WY", MeasureKind::kWY, 3},
    {"WZ", MeasureKind::kWZ, 3},
    {"YAW", MeasureKind::kYAW, 2},
    {"INCANG", MeasureKind::kINCANG, 3},
    // MotionSolve's unwrapped AXU, AYU, AZU: AX, AY, AZ already count whole turns.
    {"AXU", MeasureKind::kAX, 2},
    {"AYU", MeasureKind::kAY, 2},
    {"AZU", MeasureKind::kAZ, 2},
}};

}  // namespace

bool find_kinematic_measure(std::string_view name, MeasureKind& kind, int& markers) {
  for (const auto& kn : kKinematic) {
    if (kn.name != name) continue;
    kind = kn.kind;
    markers = kn.markers;
    return true;
  }
  return false;
}

int ModelBinder::marker(long long id, std::string& error) const {
  if (id == 0) return -1;
  auto it = model_.marker_index.find(static_cast<int>(id));
  if (it == model_.marker_index.end()) {
    error = fmt::format("marker {} does not exist", id);
    return -2;
  }
  return it->second;
}

expr::BindResult ModelBinder::slot_of(const MeasureSpec& m) {
  for (size_t s = 0; s < measures_.size(); ++s) {
    if (measures_[s] == m) return expr::BindResult::ok(static_cast<int>(s));
  }
  measures_.push_back(m);
  return expr::BindResult::ok(static_cast<int>(measures_.size() - 1));
}

/// The displacement, velocity and acceleration measures (DX, VM, ACCX, ...).
std::optional<expr::BindResult> ModelBinder::bind_kinematic(std::string_view name,
                                                            std::span<const long long> args) {
  std::string error;
  for (const auto& kn : kKinematic) {
    if (kn.name != name) continue;
    MeasureSpec m;
    m.kind = kn.kind;
    int* fields[4] = {&m.i, &m.j, &m.k, &m.l};
    for (int a = 0; a < kn.markers && a < static_cast<int>(args.size()); ++a) {
      *fields[a] = marker(args[a], error);
      if (!error.empty()) return expr::BindResult::fail(error);
    }
    if (m.i < 0)
      return expr::BindResult::fail(std::string(name) + " needs a marker I other than 0");
    // VM and VR take (I, J, L): the third argument is the frame of differentiation.
    if (m.kind == MeasureKind::kVM || m.kind == MeasureKind::kVR || m.kind == MeasureKind::kACCM ||
        m.kind == MeasureKind::kWDTM) {
      std::swap(m.k, m.l);
    }
    return slot_of(m);
  }
  return std::nullopt;
}

/// ORIENT (requests only).
std::optional<expr::BindResult> ModelBinder::bind_orient(std::string_view name,
                                                         std::span<const long long> args) {
  std::string error;
  if (name == "ORIENT") {
    if (!allow_multipliers_) return expr::BindResult::fail("ORIENT may be used in requests only");
    if (args[0] != 27) {
      return expr::BindResult::fail(fmt::format(
          "ORIENT type {} is not supported (supported: 27, Euler parameters)", args[0]));
    }
    if (args[1] < 1 || args[1] > 4) {
      return expr::BindResult::fail("ORIENT(27, comp, ...) needs comp 1..4 (e0..e3)");
    }
    MeasureSpec m;
    m.kind = MeasureKind::kOrient;
    m.comp = static_cast<int>(args[1]);
    m.i = marker(args[2], error);
    if (error.empty()) m.j = marker(args[3], error);
    if (!error.empty()) return expr::BindResult::fail(error);
    return slot_of(m);
  }
  return std::nullopt;
}

/// JOINT, JPRIM, MOTION, PTCV and CVCV reactions (requests only).
std::optional<expr::BindResult> ModelBinder::bind_reaction(std::string_view name,
                                                           std::span<const long long> args) {
  if (name == "PTCV" || name == "CVCV") return bind_curve_reaction(name, args);
  if (name == "JOINT" || name == "JPRIM" || name == "MOTION") {
    if (!allow_multipliers_) {
      return expr::BindResult::fail(
          std::string(name) +
          "() may be used in requests only for now (reaction feedback into forces is not "
          "supported yet)");
    }
    MeasureSpec m;
    m.kind = MeasureKind::kJoint;
    m.element = -1;
    // Constraint blocks are numbered joints first, then motions (solver/system.hpp).
    if (name == "JOINT" || name == "JPRIM") {
      const bool primitive = name == "JPRIM";
      for (size_t jn = 0; jn < model_.joints.size(); ++jn) {
        const Joint& j = model_.joints[jn];
        if (j.id == args[0] && j.primitive == primitive) m.element = static_cast<int>(jn);
      }
    } else {
      // A Motion_Joint id first, then a Motion_Marker id (motions are in that order).
      for (size_t k = model_.motions.size(); k-- > 0;) {
        if (model_.motions[k].id == args[0]) m.element = static_cast<int>(model_.joints.size() + k);
      }
    }
    if (m.element < 0) {
      return expr::BindResult::fail(fmt::format("{} {} does not exist",
                                                name == "JOINT"   ? "joint"
                                                : name == "JPRIM" ? "joint primitive"
                                                                  : "motion",
                                                args[0]));
    }
    return bind_wrench_query(m, args);
  }
  return std::nullopt;
}

/// The jflag (0 I, 1 J), comp (1..8) and optional RM of a reaction or force query whose element
/// `m` names.
expr::BindResult ModelBinder::bind_wrench_query(MeasureSpec m, std::span<const long long> args) {
  if (args[1] != 0 && args[1] != 1) return expr::BindResult::fail("jflag must be 0 (I) or 1 (J)");
  if (args[2] < 1 || args[2] > 8) return expr::BindResult::fail("comp must be 1..8");
  m.jflag = static_cast<int>(args[1]);
  m.comp = static_cast<int>(args[2]);
  std::string error;
  m.k = args.size() > 3 ? marker(args[3], error) : -1;
  if (!error.empty()) return expr::BindResult::fail(error);
  return slot_of(m);
}

/// PTCV(id, jflag, comp[, rm]) and CVCV(...): the reaction of a Constraint_PTCV or
/// Constraint_CVCV on its I (jflag 0) or J (jflag 1) marker (solver/request_outputs.hpp).
expr::BindResult ModelBinder::bind_curve_reaction(std::string_view name,
                                                  std::span<const long long> args) {
  if (!allow_multipliers_) {
    return expr::BindResult::fail(std::string(name) + "() may be used in requests only for now");
  }
  MeasureSpec m;
  const bool ptcv = name == "PTCV";
  m.kind = ptcv ? MeasureKind::kPtcv : MeasureKind::kCvcv;
  auto find = [&](const auto& list) {
    for (size_t e = 0; e < list.size(); ++e) {
      if (list[e].id == args[0]) m.element = static_cast<int>(e);
    }
  };
  if (ptcv) {
    find(model_.point_curves);
  } else {
    find(model_.curve_curves);
  }
  if (m.element < 0) {
    return expr::BindResult::fail(
        fmt::format("{} {} does not exist", ptcv ? "Constraint_PTCV" : "Constraint_CVCV", args[0]));
  }
  return bind_wrench_query(m, args);
}

/// The force element queries SFORCE, VFORCE, SPDP, BUSH, ... (requests only).
std::optional<expr::BindResult> ModelBinder::bind_element_force(std::string_view name,
                                                                std::span<const long long> args) {
  std::string error;
  struct ForceQuery {
    std::string_view name;
    int family;  ///< 0 scalar, 1 vector, 2 spring, 3 bushing, 4 field, 5 beam
  };
  static constexpr std::array<ForceQuery, 8> kForceQueries = {{{"SFORCE", 0},
                                                               {"VFORCE", 1},
                                                               {"VTORQ", 1},
                                                               {"GFORCE", 1},
                                                               {"SPDP", 2},
                                                               {"BUSH", 3},
                                                               {"FIELD", 4},
                                                               {"BEAM", 5}}};
  for (const auto& q : kForceQueries) {
    if (q.name != name) continue;
    if (!allow_multipliers_) {
      return expr::BindResult::fail(std::string(name) + "() may be used in requests only for now");
    }
    MeasureSpec m;
    m.kind = MeasureKind::kElementForce;
    // Force kernels are numbered as make_force_kernels() builds them (solver/force_kernel.hpp):
    // scalar forces, vector forces, spring-dampers, bushings, fields, beams (then contacts:
    // CONTACT is bind_contact's).
    const size_t ns = model_.scalar_forces.size(), nv = model_.vector_forces.size();
    const size_t nsd = model_.spring_dampers.size(), nbu = model_.bushings.size();
    const size_t nf = model_.fields.size();
    auto find = [&](const auto& list, size_t base) {
      for (size_t e = 0; e < list.size(); ++e) {
        if (list[e].id == args[0]) m.element = static_cast<int>(base + e);
      }
    };
    if (q.family == 0) find(model_.scalar_forces, 0);
    if (q.family == 1) find(model_.vector_forces, ns);
    if (q.family == 2) find(model_.spring_dampers, ns + nv);
    if (q.family == 3) find(model_.bushings, ns + nv + nsd);
    if (q.family == 4) find(model_.fields, ns + nv + nsd + nbu);
    if (q.family == 5) find(model_.beams, ns + nv + nsd + nbu + nf);
    if (m.element < 0) {
      return expr::BindResult::fail(fmt::format("{} element {} does not exist", name, args[0]));
    }
    if (args[1] != 0 && args[1] != 1) return expr::BindResult::fail("jflag must be 0 (I) or 1 (J)");
    // Compliant elements have output channels after the 8 force components.
    const int channels = q.family == 2   ? static_cast<int>(kSpringDamperOutputs.size())
                         : q.family >= 3 ? static_cast<int>(kLinearForceOutputs.size())
                                         : 0;
    const int last = kFirstOutputComponent - 1 + channels;
    if (args[2] < 1 || args[2] > last) {
      return expr::BindResult::fail(
          channels ? fmt::format("comp must be 1..8 (forces) or 9..{} (the element's output "
                                 "channels)",
                                 last)
                   : std::string("comp must be 1..8"));
    }
    m.jflag = static_cast<int>(args[1]);
    m.comp = static_cast<int>(args[2]);
    m.k = args.size() > 3 ? marker(args[3], error) : -1;
    if (!error.empty()) return expr::BindResult::fail(error);
    return slot_of(m);
  }
  return std::nullopt;
}

/// CONTACT(id, jflag, comp[, rm]): the force of a Force_Contact on its first I (jflag 0) or J
/// (jflag 1) geometry's marker. A function of the two bodies' positions and velocities, so
/// forces, state elements and variables may read it as well as requests (solver/contact_read.hpp).
std::optional<expr::BindResult> ModelBinder::bind_contact(std::string_view name,
                                                          std::span<const long long> args) {
  if (name != "CONTACT") return std::nullopt;
  MeasureSpec m;
  m.kind = MeasureKind::kContact;
  for (size_t e = 0; e < model_.contacts.size(); ++e) {
    if (model_.contacts[e].id == args[0]) m.element = static_cast<int>(e);
  }
  if (m.element < 0) {
    return expr::BindResult::fail(
        fmt::format("contact {} (Force_Contact, Adams CONTACT) does not exist", args[0]));
  }
  return bind_wrench_query(m, args);
}

/// FM, FX, ..., TZ: the force at a marker (requests only).
std::optional<expr::BindResult> ModelBinder::bind_force_at_marker(std::string_view name,
                                                                  std::span<const long long> args) {
  std::string error;
  struct AtMarker {
    std::string_view name;
    MeasureKind kind;
  };
  static constexpr std::array<AtMarker, 8> kAtMarker = {{{"FM", MeasureKind::kFM},
                                                         {"FX", MeasureKind::kFX},
                                                         {"FY", MeasureKind::kFY},
                                                         {"FZ", MeasureKind::kFZ},
                                                         {"TM", MeasureKind::kTM},
                                                         {"TX", MeasureKind::kTX},
                                                         {"TY", MeasureKind::kTY},
                                                         {"TZ", MeasureKind::kTZ}}};
  for (const auto& q : kAtMarker) {
    if (q.name != name) continue;
    if (!allow_multipliers_) {
      return expr::BindResult::fail(std::string(name) + "() may be used in requests only for now");
    }
    MeasureSpec m;
    m.kind = q.kind;
    int* fields[3] = {&m.i, &m.j, &m.k};
    for (size_t a = 0; a < args.size() && a < 3; ++a) {
      *fields[a] = marker(args[a], error);
      if (!error.empty()) return expr::BindResult::fail(error);
    }
    if (m.i < 0)
      return expr::BindResult::fail(std::string(name) + " needs a marker I other than 0");
    return slot_of(m);
  }
  return std::nullopt;
}

/// VARVAL.
std::optional<expr::BindResult> ModelBinder::bind_variable(std::string_view name,
                                                           std::span<const long long> args) {
  if (name == "VARVAL") {
    MeasureSpec m;
    m.kind = MeasureKind::kVarval;
    for (size_t v = 0; v < model_.variables.size(); ++v) {
      if (model_.variables[v].id == args[0]) m.element = static_cast<int>(v);
    }
    if (m.element < 0) {
      return expr::BindResult::fail(fmt::format("Reference_Variable {} does not exist", args[0]));
    }
    return slot_of(m);
  }
  return std::nullopt;
}

expr::BindResult ModelBinder::bind(std::string_view name, std::span<const long long> args) {
  for (auto family : {&ModelBinder::bind_kinematic, &ModelBinder::bind_orient,
                      &ModelBinder::bind_reaction, &ModelBinder::bind_element_force,
                      &ModelBinder::bind_contact, &ModelBinder::bind_force_at_marker,
                      &ModelBinder::bind_state, &ModelBinder::bind_variable}) {
    if (auto r = (this->*family)(name, args)) return *r;
  }
  return expr::BindResult::fail(std::string(name) + " is not supported yet in mbsolve");
}

std::optional<expr::BindResult> ModelBinder::bind_state(std::string_view name,
                                                        std::span<const long long> args) {
  if (name != "ARYVAL" && name != "DIF" && name != "DIF1" && name != "PINVAL" && name != "POUVAL" &&
      name != "SENVAL") {
    return std::nullopt;
  }
  MeasureSpec m;
  if (name == "SENVAL") {  // the held value is a state (models/sensor_evaluate.hpp)
    for (const SensorEvaluate& e : model_.sensor_evaluates) {
      if (e.id == args[0]) m.element = e.state;
    }
    if (m.element < 0) {
      return expr::BindResult::fail(fmt::format(
          "Sensor_Evaluate {} does not exist (SENVAL reads a Sensor_Evaluate, or the EVALUATE "
          "of an Adams SENSOR by the sensor's id)",
          args[0]));
    }
    m.kind = MeasureKind::kState;
    return slot_of(m);
  }
  if (name == "PINVAL" || name == "POUVAL") {
    const bool in = name == "PINVAL";
    for (const auto& p : in ? model_.plant_inputs : model_.plant_outputs) {
      if (p.id != args[0]) continue;
      if (args[1] < 1 || args[1] > p.size) {
        return expr::BindResult::fail(fmt::format("{} {} has {} entries; k = {} is out of range",
                                                  in ? "Control_PlantInput" : "Control_PlantOutput",
                                                  args[0], p.size, args[1]));
      }
      m.kind = MeasureKind::kVarval;
      m.element = p.variables[static_cast<size_t>(args[1] - 1)];
      if (m.element < 0) return expr::BindResult::fail("a variable of the list does not exist");
      return slot_of(m);
    }
    return expr::BindResult::fail(fmt::format(
        "{} {} does not exist", in ? "Control_PlantInput" : "Control_PlantOutput", args[0]));
  }
  if (name != "ARYVAL") {
    for (const auto& e : model_.state_elements) {
      if (e.kind == StateElement::Kind::kDiff && e.id == args[0]) m.element = e.first_state;
    }
    if (m.element < 0)
      return expr::BindResult::fail(fmt::format("Control_Diff {} does not exist", args[0]));
    m.kind = MeasureKind::kState;
    m.comp = name == "DIF1" ? 1 : 0;
    return slot_of(m);
  }
  return bind_array(args);
}

expr::BindResult ModelBinder::bind_array(std::span<const long long> args) {
  MeasureSpec m;
  const ReferenceArray* a = nullptr;
  int index = -1;
  for (size_t k = 0; k < model_.arrays.size(); ++k) {
    if (model_.arrays[k].id == args[0]) {
      a = &model_.arrays[k];
      index = static_cast<int>(k);
    }
  }
  if (!a) return expr::BindResult::fail(fmt::format("Reference_Array {} does not exist", args[0]));
  if (args[1] < 1 || args[1] > a->size) {
    return expr::BindResult::fail(
        fmt::format("Reference_Array {} has {} entries; k = {} is out of range (1-based)", args[0],
                    a->size, args[1]));
  }
  const int k = static_cast<int>(args[1]) - 1;
  switch (a->type) {
    case ReferenceArray::Type::kX:
    case ReferenceArray::Type::kY:
      if (a->owner < 0) {
        return expr::BindResult::fail(
            fmt::format("Reference_Array {} (type {}) belongs to no state element", args[0],
                        a->type == ReferenceArray::Type::kX ? "X" : "Y"));
      }
      if (a->type == ReferenceArray::Type::kX) {
        m.kind = MeasureKind::kState;
        m.element = model_.state_elements[a->owner].first_state + a->first_owner_state + k;
      } else {
        m.kind = MeasureKind::kOutput;
        m.element = a->owner;
        m.comp = k;
      }
      break;
    case ReferenceArray::Type::kU:
      if (a->user) {
        m.kind = MeasureKind::kUserArray;
        m.element = index;
        m.comp = k;
        break;
      }
      if (a->variables[k] < 0)
        return expr::BindResult::fail("a variable of the array does not exist");
      m.kind = MeasureKind::kVarval;
      m.element = a->variables[k];
      break;
    case ReferenceArray::Type::kIC:
      m.kind = MeasureKind::kArrayConst;
      m.element = index;
      m.comp = k;
      break;
  }
  return slot_of(m);
}

std::variant<expr::SplineData, std::string> ModelBinder::spline(long long id) {
  for (const auto& s : model_.splines) {
    if (s.id != id) continue;
    expr::SplineData d;
    d.x = s.x;
    d.y = s.y;
    d.z = s.z;
    d.linear_extrapolation = s.linear_extrapolation;
    return d;
  }
  return fmt::format("Reference_Spline {} does not exist", id);
}

std::variant<expr::CurveData, std::string> ModelBinder::curve(long long id) {
  for (const auto& c : model_.curves) {
    if (c.id == id) return c.data;
  }
  return fmt::format("curve {} (Reference_ParamCurve, Adams CURVE) does not exist", id);
}

}  // namespace mb
