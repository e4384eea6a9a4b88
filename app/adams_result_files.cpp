#include "app/adams_result_files.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "app/run_log.hpp"
#include "common/linalg.hpp"
#include "solver/marker_reads.hpp"

namespace mb {

namespace {

/// The Adams unit word for one of ours.
std::string adams_unit_word(const std::string& w) {
  static const std::pair<const char*, const char*> kWords[] = {{"second", "sec"},
                                                               {"millisecond", "millisec"},
                                                               {"minute", "min"},
                                                               {"radian", "rad"},
                                                               {"degree", "deg"},
                                                               {"kilogram", "kg"},
                                                               {"millimeter", "mm"},
                                                               {"centimeter", "cm"},
                                                               {"kilometer", "km"},
                                                               {"pound_mass", "lbm"},
                                                               {"pound_force", "pound_force"}};
  for (const auto& [ours, adams] : kWords) {
    if (w == ours) return adams;
  }
  return w;
}

/// "YYYY-MM-DD hh:mm:ss" from now_iso8601's "YYYY-MM-DDThh:mm:ssZ".
std::string adams_date() {
  std::string d = now_iso8601().substr(0, 19);
  std::replace(d.begin(), d.end(), 'T', ' ');
  return d;
}

/// The .req units label and length scale Adams writes for the model's units.
std::pair<std::string, double> req_units(const Units& u) {
  const bool kgsn = u.mass == "kilogram" && u.time == "second" && u.force == "newton";
  if (kgsn && u.length == "meter") return {"M_KGS_N_RACA", 1.0};
  if (kgsn && u.length == "millimeter") return {"MMKGS_N_RACA", 1000.0};
  return {"USER", 1.0};
}

bool is_numbered_channel(const std::string& c) {
  return c.size() == 2 && c[0] == 'f' && c[1] >= '1' && c[1] <= '8';
}

}  // namespace

std::string adams_unit_label(const std::string& unit) {
  std::string out, word;
  auto flush = [&] {
    if (!word.empty()) out += adams_unit_word(word);
    word.clear();
  };
  for (size_t i = 0; i < unit.size(); ++i) {
    const char c = unit[i];
    if (c == '/' || c == '*') {
      flush();
      out += c == '*' ? '-' : '/';
    } else if (c == '^') {
      flush();
      out += "**";
    } else {
      word += c;
    }
  }
  flush();
  return out;
}

AdamsResultFiles::AdamsResultFiles(const std::string& prefix, const System& sys,
                                   const RequestOutputs& requests, bool res, bool req,
                                   const std::string& title, const std::string& solver) {
  const Model& m = sys.model();
  const Units& u = m.units;
  const std::string len = adams_unit_label(u.length.empty() ? "length" : u.length);
  const std::string time = adams_unit_label(u.time.empty() ? "time" : u.time);
  const std::string vel = len + "/" + time, acc = len + "/" + time + "**2";
  const std::string ang = "rad", angv = "rad/" + time, anga = "rad/" + time + "**2";
  std::vector<ResEntity> entities;
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    if (sys.body_offset(static_cast<int>(b)) < 0) continue;
    bodies_.push_back(static_cast<int>(b));
    ref_pos_.push_back(m.bodies[b].ref_pos);
    ref_axes_.push_back(m.bodies[b].ref_axes);
    const std::string part = fmt::format("PART_{}", m.bodies[b].id);
    entities.push_back({part + "_XFORM",
                        part,
                        "Part",
                        m.bodies[b].id,
                        {{"X", len},
                         {"Y", len},
                         {"Z", len},
                         {"PSI", ang},
                         {"THETA", ang},
                         {"PHI", ang},
                         {"VX", vel},
                         {"VY", vel},
                         {"VZ", vel},
                         {"WX", angv},
                         {"WY", angv},
                         {"WZ", angv},
                         {"ACCX", acc},
                         {"ACCY", acc},
                         {"ACCZ", acc},
                         {"WDX", anga},
                         {"WDY", anga},
                         {"WDZ", anga}}});
  }
  const std::string force = adams_unit_label(u.force.empty() ? "force" : u.force);
  const std::string torque = adams_unit_label((u.force.empty() ? "force" : u.force) + "*" +
                                              (u.length.empty() ? "length" : u.length));
  for (size_t j = 0; j < m.joints.size() && static_cast<int>(j) < sys.num_constraint_blocks();
       ++j) {
    const std::string name = fmt::format("JOINT_{}", m.joints[j].id);
    entities.push_back({name,
                        name,
                        "Joint",
                        m.joints[j].id,
                        {{"FX", force},
                         {"FY", force},
                         {"FZ", force},
                         {"TX", torque},
                         {"TY", torque},
                         {"TZ", torque}}});
    ++n_joints_;
  }
  const std::vector<ResultColumn> columns = requests.columns();
  std::vector<int> request_ids;
  size_t col = 0;
  for (const Request& r : m.requests) {
    ResEntity e{
        fmt::format("REQUEST_{}", r.id), fmt::format("REQUEST_{}", r.id), "Request", r.id, {}};
    const std::string prefix_name = fmt::format("req{}.", r.id);
    for (size_t c = 0; c < r.channels.size(); ++c) {
      const ResultColumn& rc = columns[col + c];
      e.components.push_back({rc.name.substr(prefix_name.size()), adams_unit_label(rc.unit)});
    }
    const bool numbered = std::all_of(r.channels.begin(), r.channels.end(), is_numbered_channel);
    static constexpr const char* kNumbered[] = {"f2", "f3", "f4", "f6", "f7", "f8"};
    for (size_t k = 0; k < 6; ++k) {
      int pick = -1;
      if (numbered) {
        const auto it = std::find(r.channels.begin(), r.channels.end(), kNumbered[k]);
        if (it != r.channels.end()) pick = static_cast<int>(col + (it - r.channels.begin()));
      } else if (k < r.channels.size()) {
        pick = static_cast<int>(col + k);
      }
      req_pick_.push_back(pick);
    }
    request_ids.push_back(r.id);
    col += r.channels.size();
    entities.push_back(std::move(e));
  }
  const std::string date = adams_date();
  if (res) {
    ResHeader h;
    h.analysis = "Last_Run";
    h.title = title;
    h.date = date;
    h.solver = solver;
    h.length = len;
    h.mass = adams_unit_label(u.mass.empty() ? "mass" : u.mass);
    h.time = time;
    h.time_unit = time;
    res_.emplace(prefix + ".res", h, entities);
    res_values_.resize(res_->width());
  }
  if (req) {
    const auto [label, scale] = req_units(u);
    req_.emplace(prefix + ".req", ReqHeader{date, title, label, scale}, request_ids);
    req_values_.resize(6 * request_ids.size());
  }
}

void AdamsResultFiles::write(const OutputRow& row) {
  if (res_) {
    size_t k = 0;
    for (size_t i = 0; i < bodies_.size(); ++i) {
      const int o = row.sys->body_offset(bodies_[i]);
      const double* y = row.y + o;
      const double* yp = row.yp + o;
      const Vec4 p = Vec4(y[3], y[4], y[5], y[6]).normalized();
      const Mat3 A = rotation_from_euler_parameters<double>(p);
      const Vec3 d = A * ref_pos_[i];
      const Vec3 w = A * Vec3(y[10], y[11], y[12]);
      const Vec3 wd = A * Vec3(yp[10], yp[11], yp[12]);
      const Vec3 x = Vec3(y[0], y[1], y[2]) + d;
      const Vec3 angles = euler313_from_rotation(A * ref_axes_[i]);
      const Vec3 v = Vec3(y[7], y[8], y[9]) + w.cross(d);
      const Vec3 a = Vec3(yp[7], yp[8], yp[9]) + wd.cross(d) + w.cross(w.cross(d));
      for (const Vec3* q : {&x, &angles, &v, &w, &a, &wd}) {
        for (int c = 0; c < 3; ++c) res_values_[k++] = (*q)(c);
      }
    }
    for (size_t j = 0; j < n_joints_; ++j) {
      const MarkerWrench w = constraint_reaction(*row.sys, static_cast<int>(j), 0, row.y);
      for (int c = 0; c < 3; ++c) res_values_[k++] = w.force(c);
      for (int c = 0; c < 3; ++c) res_values_[k++] = w.torque(c);
    }
    for (const double r : row.requests) res_values_[k++] = r;
    res_->write_step(row.t, res_values_);
  }
  if (req_) {
    for (size_t k = 0; k < req_pick_.size(); ++k) {
      req_values_[k] = req_pick_[k] < 0 ? 0.0 : row.requests[req_pick_[k]];
    }
    req_->write_record(row.t, req_values_);
  }
}

void AdamsResultFiles::finish(bool successful, const RunSummary& /*summary*/) {
  if (res_) res_->finish(successful);
  if (req_) req_->finish();
}

}  // namespace mb
