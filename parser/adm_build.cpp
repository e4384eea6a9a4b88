#include "parser/adm_build.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>

#include "common/text.hpp"

namespace mb::adm {

std::optional<double> parse_number(std::string_view s, bool* degrees) {
  s = trim(s);
  if (degrees) *degrees = false;
  if (auto v = parse_real(s)) return v;
  if (s.size() >= 2 && (s.back() == 'D' || s.back() == 'd')) {
    if (auto v = parse_real(s.substr(0, s.size() - 1))) {
      if (degrees) *degrees = true;
      return *v * std::numbers::pi / 180.0;
    }
  }
  return std::nullopt;
}

std::string format_real(double v) {
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, ptr) : std::to_string(v);
}

std::string subject_of(const Statement& st) {
  if (!st.id) return st.name;
  if (auto v = parse_int(st.id->text, 0, 1LL << 53)) return st.name + " " + std::to_string(*v);
  return st.name + " " + st.id->text;
}

NodeBuilder::NodeBuilder(std::string_view tag, const Statement& st, std::string subject,
                         Diagnostics& diag)
    : st_(st), subject_(std::move(subject)), diag_(diag), used_(st.args.size(), false) {
  node_.tag = std::string(tag);
  node_.spelled = st.spelled;
  node_.loc = st.loc;
}

DeckNode NodeBuilder::finish() {
  for (size_t i = 0; i < st_.args.size(); ++i) {
    if (!used_[i]) {
      diag_.warning_grouped("adm-unused:" + st_.name + ":" + st_.args[i].name, st_.args[i].loc,
                            subject_, st_.args[i].name + " is not used by mbsolve here; ignored");
    }
  }
  return std::move(node_);
}

const Arg* NodeBuilder::arg(std::string_view name) {
  for (size_t i = 0; i < st_.args.size(); ++i) {
    if (st_.args[i].name == name) {
      used_[i] = true;
      return &st_.args[i];
    }
  }
  return nullptr;
}

void NodeBuilder::set(std::string_view name, std::string value, const SourceLoc& loc,
                      const SourceLoc& value_loc, std::string_view spelled,
                      std::vector<unsigned> line_breaks) {
  DeckAttribute a;
  a.name = std::string(name);
  a.spelled = std::string(spelled);
  a.value = std::move(value);
  a.loc = loc;
  a.value_loc = value_loc;
  a.line_breaks = std::move(line_breaks);
  if (DeckAttribute* old = node_.find(name)) {
    *old = std::move(a);
  } else {
    node_.attributes.push_back(std::move(a));
  }
}

void NodeBuilder::set_fixed(std::string_view name, std::string value) {
  set(name, std::move(value), st_.loc, st_.loc, st_.spelled);
}

void NodeBuilder::set_from(std::string_view name, std::string value, const Arg& a) {
  set(name, std::move(value), a.loc, a.loc, a.spelled);
}

std::optional<long long> NodeBuilder::set_id() {
  if (!st_.id) {
    diag_.error(st_.loc, subject_, "missing id: expected '" + st_.name + "/<id>'");
    return std::nullopt;
  }
  const auto v = parse_int(st_.id->text, 1, (1LL << 31) - 1);
  if (!v) {
    diag_.error(st_.id->loc, subject_,
                "bad id '" + st_.id->text + "': expected an integer from 1 to 2147483647");
    return std::nullopt;
  }
  set("id", std::to_string(*v), st_.id->loc, st_.id->loc, "id");
  return v;
}

std::optional<long long> NodeBuilder::integer(const Arg& a, const Token& t) {
  if (t.text.empty()) {
    diag_.error(t.loc, subject_, a.name + ": the first value is missing before ','");
    return std::nullopt;
  }
  const auto v = parse_int(t.text, 0, (1LL << 31) - 1);
  if (!v) {
    diag_.error(t.loc, subject_,
                a.name + ": bad integer '" + t.text + "' (expected an id from 0 to 2147483647)");
  }
  return v;
}

std::optional<double> NodeBuilder::real(const Arg& a, const Token& t, std::string* text) {
  if (t.text.empty()) {
    diag_.error(t.loc, subject_,
                a.name +
                    ": the first value is missing before ',' (only a JOINT's IC, ICTRAN and "
                    "ICROT may leave out the displacement: IC=,velocity)");
    return std::nullopt;
  }
  bool degrees = false;
  const auto v = parse_number(t.text, &degrees);
  if (!v) {
    diag_.error(t.loc, subject_, a.name + ": bad number '" + t.text + "'");
    return v;
  }
  if (text) *text = degrees ? format_real(*v) : t.text;
  return v;
}

std::optional<std::vector<double>> NodeBuilder::reals(const Arg& a, size_t min, size_t max) {
  std::vector<double> out;
  bool ok = true;
  for (const auto& t : a.values) {
    if (auto v = real(a, t)) {
      out.push_back(*v);
    } else {
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  if (out.size() < min || out.size() > max) {
    std::string want = std::to_string(min);
    if (max != min) want += max > 1000 ? " or more" : " to " + std::to_string(max);
    diag_.error(a.loc, subject_,
                a.name + ": expected " + want + " values, got " + std::to_string(out.size()));
    return std::nullopt;
  }
  return out;
}

bool NodeBuilder::copy_int(std::string_view arg_name, std::string_view attr) {
  const Arg* a = arg(arg_name);
  if (!a || a->values.empty()) return false;
  if (a->values.size() > 1) {
    diag_.error(a->values[1].loc, subject_, a->name + ": expected one value");
    return false;
  }
  const auto v = integer(*a, a->values[0]);
  if (!v) return false;
  set(attr, std::to_string(*v), a->loc, a->values[0].loc, a->spelled);
  return true;
}

bool NodeBuilder::copy_real(std::string_view arg_name, std::string_view attr) {
  const Arg* a = arg(arg_name);
  if (!a || a->values.empty()) return false;
  if (a->values.size() > 1) {
    diag_.error(a->values[1].loc, subject_, a->name + ": expected one value");
    return false;
  }
  std::string text;
  if (!real(*a, a->values[0], &text)) return false;
  set(attr, text, a->loc, a->values[0].loc, a->spelled);
  return true;
}

bool NodeBuilder::copy_reals(std::string_view arg_name,
                             std::initializer_list<std::string_view> attrs) {
  const Arg* a = arg(arg_name);
  if (!a) return false;
  if (!reals(*a, attrs.size(), attrs.size())) return false;
  size_t k = 0;
  for (auto name : attrs) {
    std::string text;
    real(*a, a->values[k], &text);
    set(name, text, a->loc, a->values[k].loc, a->spelled);
    ++k;
  }
  return true;
}

bool NodeBuilder::copy_word(std::string_view arg_name, std::string_view attr) {
  const Arg* a = arg(arg_name);
  if (!a || a->values.empty()) return false;
  set(attr, a->values[0].text, a->loc, a->values[0].loc, a->spelled);
  return true;
}

bool NodeBuilder::copy_text(std::string_view arg_name, std::string_view attr) {
  const Arg* a = arg(arg_name);
  if (!a) return false;
  set(attr, a->value, a->loc, a->value_loc, a->spelled, a->line_breaks);
  return true;
}

void NodeBuilder::ignore_rest(std::string_view why, std::string_view lead) {
  std::vector<std::string_view> names;
  SourceLoc first = st_.loc;
  for (size_t i = 0; i < st_.args.size(); ++i) {
    if (used_[i]) continue;
    used_[i] = true;
    if (names.empty()) first = st_.args[i].loc;
    if (std::find(names.begin(), names.end(), st_.args[i].name) == names.end()) {
      names.push_back(st_.args[i].name);
    }
  }
  std::string msg(lead);
  if (!names.empty()) {
    std::string list;
    for (auto n : names) list += (list.empty() ? "" : ", ") + std::string(n);
    msg += (msg.empty() ? "" : "; ") + list + (names.size() == 1 ? " is" : " are") +
           " not used by mbsolve (" + std::string(why) + "); ignored";
  }
  // The same warning for many statements of a kind (REQUEST n: RESULTS_NAME is not used ...)
  // is one line with the count and the first statement.
  if (!msg.empty()) {
    diag_.warning_grouped("adm-ignored:" + st_.name + ":" + msg, lead.empty() ? first : st_.loc,
                          subject_, msg);
  }
}

bool NodeBuilder::require(std::string_view arg_name) {
  for (const auto& a : st_.args) {
    if (a.name == arg_name) return true;
  }
  diag_.error(st_.loc, subject_, "missing " + std::string(arg_name) + "=");
  return false;
}

int NodeBuilder::pick_flag(std::initializer_list<std::string_view> flags, bool required) {
  int found = -1;
  int k = 0;
  std::string choices;
  for (auto f : flags) {
    if (!choices.empty()) choices += ", ";
    choices += f;
    if (const Arg* a = arg(f)) {
      if (found >= 0) {
        diag_.error(a->loc, subject_,
                    a->name + " conflicts with " + std::string(*(flags.begin() + found)));
      } else {
        found = k;
      }
    }
    ++k;
  }
  if (found < 0 && required) diag_.error(st_.loc, subject_, "missing one of " + choices);
  return found;
}

namespace {
constexpr ArgKind F = ArgKind::kFlag;
constexpr ArgKind I = ArgKind::kInt;
constexpr ArgKind R = ArgKind::kReal;
constexpr ArgKind RS = ArgKind::kReals;
constexpr ArgKind W = ArgKind::kWord;
constexpr ArgSpec kIntegratorTable[] = {
    {"GSTIFF", F},       {"WSTIFF", F},    {"HASTIFF", F}, {"HHT", F},     {"NEWMARK", F},
    {"CONSTANT_BDF", F}, {"DSTIFF", F},    {"VSTIFF", F},  {"MSTIFF", F},  {"ABAM", F},
    {"RKF45", F},        {"I3", F},        {"SI2", F},     {"SI1", F},     {"ERROR", R},
    {"HMAX", R},         {"HMIN", R},      {"HINIT", R},   {"KMAX", I},    {"MAXIT", I},
    {"INTERPOLATE", W},  {"CORRECTOR", W}, {"ALPHA", R},   {"PATTERN", W}, {"ADAPTIVITY", R},
    {"SCALE", RS},       {"BETA", R},      {"GAMMA", R}};
}  // namespace

const std::span<const ArgSpec> kIntegratorArgs = kIntegratorTable;

void build_integrator(NodeBuilder& b) {
  // Adams integrator -> the nearest mbsolve has (models/param_transient.hpp): the BDF family on
  // IDA; HHT and NEWMARK (index-3 Newmark family) as GSTIFF I3; RKF45 (explicit) as ABAM.
  struct Mapping {
    std::string_view adams, mbsolve, note;
  };
  static constexpr Mapping kTypes[] = {
      {"GSTIFF", "GSTIFF", ""},
      {"WSTIFF", "GSTIFF", "a BDF with variable coefficients; runs as GSTIFF (IDA's BDF)"},
      {"HASTIFF", "GSTIFF", "runs as GSTIFF (IDA's BDF)"},
      {"HHT", "GSTIFF", "runs as GSTIFF I3 (IDA's BDF on the index-3 equations); ALPHA ignored"},
      {"NEWMARK", "GSTIFF",
       "runs as GSTIFF I3 (IDA's BDF on the index-3 equations); BETA and GAMMA ignored"},
      {"CONSTANT_BDF", "GSTIFF", "runs as GSTIFF (IDA's variable-step BDF)"},
      {"DSTIFF", "DSTIFF", ""},
      {"VSTIFF", "VSTIFF", ""},
      {"MSTIFF", "MSTIFF", ""},
      {"ABAM", "ABAM", ""},
      {"RKF45", "ABAM", "an explicit Runge-Kutta; runs as ABAM (CVODE's non-stiff Adams method)"},
  };
  const int k = b.pick_flag({kTypes[0].adams, kTypes[1].adams, kTypes[2].adams, kTypes[3].adams,
                             kTypes[4].adams, kTypes[5].adams, kTypes[6].adams, kTypes[7].adams,
                             kTypes[8].adams, kTypes[9].adams, kTypes[10].adams},
                            false);
  static constexpr std::string_view kIndex[] = {"I3", "SI2", "SI1"};
  const int f = b.pick_flag({"I3", "SI2", "SI1"}, false);
  if (f >= 0) b.set_from("dae_index", std::to_string(3 - f), *b.arg(kIndex[f]));
  std::string note;
  if (k >= 0) {
    const Mapping& m = kTypes[k];
    const Arg& a = *b.arg(m.adams);
    b.set_from("integrator_type", std::string(m.mbsolve), a);
    if (!m.note.empty()) {
      // HHT and NEWMARK solve the index-3 equations; keep that unless SI2/SI1 is given.
      if ((m.adams == "HHT" || m.adams == "NEWMARK") && f < 0) b.set_from("dae_index", "3", a);
      note = std::string(m.adams) + " is not an mbsolve integrator: it " + std::string(m.note);
      b.arg("ALPHA");
      b.arg("BETA");
      b.arg("GAMMA");
    }
  }
  b.copy_real("ERROR", "integr_tol");
  b.copy_real("HMAX", "h_max");
  b.copy_real("HMIN", "h_min");
  b.copy_real("HINIT", "h0_max");
  b.copy_int("KMAX", "max_order");
  for (const Arg& a : b.statement().args) {  // checked, then ignored below with the rest
    if (a.name != "INTERPOLATE" || a.values.empty()) continue;
    const std::string& v = a.values[0].text;
    if (!iequals(v, "ON") && !iequals(v, "OFF")) {
      b.diag().error(a.values[0].loc, b.subject(),
                     "INTERPOLATE: expected ON or OFF, got '" + v + "'");
    }
  }
  // One warning for the whole statement: the mapping and what has no meaning here.
  b.ignore_rest(
      "IDA and CVODE choose their own corrector iterations, patterns and output interpolation",
      note);
}

void markers_ij(NodeBuilder& b) {
  if (b.require("I")) b.copy_int("I", "i_marker_id");
  if (b.require("J")) b.copy_int("J", "j_marker_id");
}

}  // namespace mb::adm
