#include "parser/adm_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>

#include "common/text.hpp"
#include "parser/adams_vocabulary.hpp"
#include "parser/adm_build.hpp"
#include "parser/adm_constraint_statements.hpp"
#include "parser/adm_contact.hpp"
#include "parser/adm_data_statements.hpp"
#include "parser/adm_force_statements.hpp"
#include "parser/adm_gse.hpp"
#include "parser/adm_lexer.hpp"
#include "parser/adm_lse.hpp"
#include "parser/adm_matrix.hpp"
#include "parser/adm_sensor.hpp"
#include "parser/adm_setting_statements.hpp"
#include "parser/adm_tfsiso.hpp"
#include "parser/adm_user_routine.hpp"
#include "parser/euler.hpp"
#include "parser/read_file.hpp"

namespace mb {

namespace {

using adm::Arg;
using adm::ArgKind;
using adm::ArgSpec;
using adm::Mat3;
using adm::NodeBuilder;
using adm::Statement;
using adm::Vec3;

using namespace adm::arg_kinds;

constexpr ArgSpec kUnitsArgs[] = {{"FORCE", W}, {"MASS", W}, {"LENGTH", W},
                                  {"TIME", W},  {"UCF", R},  {"SYSTEM", W}};
constexpr ArgSpec kPartArgs[] = {
    {"GROUND", F}, {"MASS", R}, {"CM", I}, {"IM", I},    {"IP", RS},   {"QG", RS}, {"REULER", RS},
    {"XG", RS},    {"ZG", RS},  {"VX", R}, {"VY", R},    {"VZ", R},    {"WX", R},  {"WY", R},
    {"WZ", R},     {"VM", I},   {"WM", I}, {"EXACT", W}, {"PLANAR", F}};
constexpr ArgSpec kMarkerArgs[] = {{"PART", I},       {"QP", RS},       {"REULER", RS},  {"ZP", RS},
                                   {"XP", RS},        {"USEXP", F},     {"FLOATING", F}, {"RM", I},
                                   {"POINT_MASS", I}, {"FLEX_BODY", I}, {"NODE", I}};
/// Adams statements mbsolve recognises but does not support (the statements it reads are the
/// rows of table()).
constexpr std::string_view kUnsupported[] = {
    "CLEARANCE", "FLEX_BODY", "MFORCE",  "NFORCE",   "POINT_MASS", "SURFACE", "UCON", "CONTROL",
    "IC",        "LSOLVER",   "FEMDATA", "MREQUEST", "SFSF",       "PTSF",    "CVSF"};

struct PartFrame {
  Vec3 origin{0, 0, 0};
  Mat3 axes = adm::identity3();
};

/// A marker whose global pose is computed once every PART is known.
struct PendingMarker {
  size_t node = 0;  ///< index into deck.model
  long long id = 0;
  long long part = -1;
  SourceLoc part_loc;
  long long rm = -1;
  SourceLoc rm_loc;
  std::string subject;
  Vec3 qp{0, 0, 0};
  std::optional<Mat3> axes;     ///< from REULER or ZP/XP, relative to the BCS or RM
  const Arg* qp_arg = nullptr;  ///< for locations (points into Reader::statements_)
  const Arg* orient_arg = nullptr;
  // Resolution state.
  int state = 0;    ///< 0 not yet, 1 in progress, 2 done
  PartFrame local;  ///< pose in the part BCS
  bool ok = true;
  std::optional<Mat3> global_axes;  ///< set by finish_markers()
};

/// A PART's initial velocities, turned into ground axes once every marker is placed: VX..VZ
/// are along the VM marker's axes (default: ground), WX..WZ along the WM marker's (default: the
/// CM marker's).
struct PendingVelocity {
  size_t node = 0;
  long long part = 0;
  std::string subject;
  Vec3 v{0, 0, 0}, w{0, 0, 0};
  const Arg* v_arg = nullptr;  ///< the first of VX..VZ given (nullptr: none)
  const Arg* w_arg = nullptr;
  const Arg* vm = nullptr;
  const Arg* wm = nullptr;
  long long cm = -1;
};

class Reader {
 public:
  Reader(Deck& deck, Diagnostics& diag, const std::string* file)
      : deck_(deck), diag_(diag), file_(file) {}

  void run(const std::string& text) {
    raws_ = adm::split_statements(text, file_, 1, "END", diag_);
    warn_if_truncated();
    statements_.reserve(raws_.size());
    // PREFERENCES first: its LIBPATH names where the user libraries of every statement are.
    for (const auto& raw : raws_) {
      if (is_preferences(raw)) read_statement(raw);
    }
    for (const auto& raw : raws_) {
      if (!is_preferences(raw)) read_statement(raw);
    }
    finish_markers();
    finish_velocities();
  }

 private:
  using Handler = void (Reader::*)(NodeBuilder&);
  /// The builder of a statement that needs none of the reader's state (its own file pair,
  /// parser/adm_<statement>.hpp).
  using Builder = void (*)(NodeBuilder&);
  struct StatementSpec {
    std::string_view name;
    std::span<const ArgSpec> args;
    std::string_view tag;      ///< Deck node tag ("" = no node)
    Handler member = nullptr;  ///< a statement the Reader reads itself
    Builder build = nullptr;   ///< else one of parser/adm_*_statements.hpp
  };
  static std::span<const StatementSpec> table();

  /// The row of table() a statement name stands for (abbreviations of 3 or more letters), or
  /// a negative number (see adm::resolve_keyword).
  static int statement_row(const Statement& st) {
    std::vector<std::string_view> names;
    for (const auto& s : table()) names.push_back(s.name);
    int k = st.name.size() >= 3 ? adm::resolve_keyword(st.name, names) : -1;
    if (k == -1 && st.name.size() < 3) {
      for (size_t i = 0; i < names.size(); ++i) {
        if (names[i] == st.name) k = static_cast<int>(i);
      }
    }
    return k;
  }

  static bool is_preferences(const adm::RawStatement& raw) {
    size_t pos = 0;
    const int k = statement_row(adm::parse_head(raw, pos));
    return k >= 0 && table()[static_cast<size_t>(k)].name == "PREFERENCES";
  }

  void read_statement(const adm::RawStatement& raw) {
    size_t pos = 0;
    Statement st = adm::parse_head(raw, pos);
    const int k = statement_row(st);
    if (k < 0) {
      report_unknown(st);
      return;
    }
    const StatementSpec& spec = table()[static_cast<size_t>(k)];
    st.name = std::string(spec.name);
    if (spec.name == "END") return;
    if (spec.name == "GRAPHICS" && adm::graphics_kind_read(first_word(raw, pos))) {
      // The geometry of a CONTACT and of the animation (parser/adm_contact.hpp).
    } else if (spec.name == "GRAPHICS" || spec.name == "MATERIAL") {
      if (skipped_.insert(std::string(spec.name)).second) {
        diag_.info(st.loc, "",
                   std::string(spec.name) +
                       (spec.name == "MATERIAL"
                            ? " statements are used by Adams/View only (parts carry their "
                              "MASS and IP); skipped"
                            : " statements of kinds other than BOX, CYLINDER, ELLIPSOID, "
                              "FRUSTUM, CIRCLE, PLANE, EXTERNAL and OUTLINE are not used by "
                              "mbsolve; skipped"));
      }
      return;
    }
    const std::string subject = adm::subject_of(st);
    adm::parse_args(raw, pos, spec.args, st, subject, diag_);
    statements_.push_back(std::move(st));
    NodeBuilder b(spec.tag, statements_.back(), subject, diag_);
    b.set_library_folders(&library_folders_);
    if (spec.member) {
      (this->*spec.member)(b);
    } else {
      spec.build(b);
    }
    if (b.node().tag.empty()) return;
    // OUTPUT/ and RESULTS/ become a ResOutput, which is a command: ahead of the command file's.
    const bool command = is_command_only_element(b.node().tag);
    (command ? deck_.commands : deck_.model).push_back(b.finish());
  }

  /// A dataset ends with END; without it the file may have been cut short.
  void warn_if_truncated() {
    size_t pos = 0;
    if (!raws_.empty() && iequals(adm::parse_head(raws_.back(), pos).name, "END")) return;
    if (raws_.empty()) {
      diag_.warning({file_, 1, 0}, "", "the dataset has no statements and no END");
      return;
    }
    pos = 0;
    const Statement last = adm::parse_head(raws_.back(), pos);
    diag_.warning(last.loc, "",
                  "the dataset has no END statement: it may be cut short; the last statement read "
                  "is " +
                      adm::subject_of(last) + " (a complete dataset ends with END)");
  }

  void report_unknown(const Statement& st) {
    if (st.name.empty()) {
      diag_.error(st.loc, "",
                  "expected a statement name (a line that is not a statement, a "
                  "comment or a continuation line)");
      return;
    }
    // One error per statement kind, with the count and the first occurrence.
    const bool known = adm::is_adams_statement(st.name) ||
                       std::find(std::begin(kUnsupported), std::end(kUnsupported), st.name) !=
                           std::end(kUnsupported);
    if (known) {
      diag_.error_grouped("adm-statement:" + st.name, st.loc, "",
                          "Adams statement " + st.name + " is not supported by mbsolve");
      return;
    }
    std::vector<std::string_view> names;
    for (const auto& s : table()) names.push_back(s.name);
    std::string msg = "unknown statement '" + st.spelled + "'";
    const std::string best = closest_match(st.name, names);
    if (!best.empty() && adm::is_misspelling_of(st.name, best))
      msg += " (did you mean " + best + "?)";
    diag_.error_grouped("adm-statement:" + st.name, st.loc, "", msg);
  }

  // ---- handlers -------------------------------------------------------------------------

  void units(NodeBuilder& b) {
    if (const Arg* a = b.arg("SYSTEM"); a && !a->values.empty()) {
      static constexpr std::array<std::array<std::string_view, 5>, 5> kSystems = {{
          {"MKS", "NEWTON", "KILOGRAM", "METER", "SECOND"},
          {"MMKS", "NEWTON", "KILOGRAM", "MILLIMETER", "SECOND"},
          {"CGS", "DYNE", "GRAM", "CENTIMETER", "SECOND"},
          {"FPS", "POUND_FORCE", "SLUG", "FOOT", "SECOND"},
          {"IPS", "POUND_FORCE", "POUND_MASS", "INCH", "SECOND"},
      }};
      bool found = iequals(a->values[0].text, "NONE");
      for (const auto& s : kSystems) {
        if (iequals(a->values[0].text, s[0])) {
          b.set_from("force_unit", std::string(s[1]), *a);
          b.set_from("mass_unit", std::string(s[2]), *a);
          b.set_from("length_unit", std::string(s[3]), *a);
          b.set_from("time_unit", std::string(s[4]), *a);
          found = true;
        }
      }
      if (!found) {
        b.diag().error(a->values[0].loc, b.subject(),
                       "SYSTEM: unknown unit system '" + a->values[0].text +
                           "' (expected MKS, MMKS, CGS, FPS, IPS or NONE)");
      }
    }
    b.copy_word("FORCE", "force_unit");
    b.copy_word("MASS", "mass_unit");
    b.copy_word("LENGTH", "length_unit");
    b.copy_word("TIME", "time_unit");
    if (const Arg* a = b.arg("UCF"); a && !a->values.empty()) {
      if (auto v = b.real(*a, a->values[0])) {
        if (*v == 0) {
          b.diag().error(a->values[0].loc, b.subject(), "UCF must not be 0");
        } else {
          b.set("mass_mult_factor", adm::format_real(1.0 / *v), a->loc, a->values[0].loc,
                a->spelled);
        }
      }
    }
  }

  void part(NodeBuilder& b) {
    const auto id = b.set_id();
    if (b.has("GROUND")) b.set_from("isground", "TRUE", *b.arg("GROUND"));
    // Adams's MASS defaults to 0: a massless part (solver/massless_bodies.hpp says when it may).
    if (b.has("MASS") || b.has("GROUND"))
      b.copy_real("MASS", "mass");
    else
      b.set_fixed("mass", "0");
    b.copy_int("CM", "cg_id");
    b.copy_int("IM", "im_id");
    if (const Arg* a = b.arg("IP")) {
      if (b.reals(*a, 3, 6)) {
        if (a->values.size() != 3 && a->values.size() != 6) {
          b.diag().error(a->loc, b.subject(),
                         "IP: expected 3 or 6 values, got " + std::to_string(a->values.size()));
        } else {
          static constexpr std::string_view kNames[] = {"inertia_xx", "inertia_yy", "inertia_zz",
                                                        "inertia_xy", "inertia_xz", "inertia_yz"};
          for (size_t k = 0; k < a->values.size(); ++k) {
            std::string text;
            b.real(*a, a->values[k], &text);
            b.set(kNames[k], text, a->loc, a->values[k].loc, a->spelled);
          }
        }
      }
    }
    // Initial velocities: resolved in ground axes by finish_velocities().
    PendingVelocity pv;
    pv.node = deck_.model.size();
    pv.part = id.value_or(0);
    pv.subject = b.subject();
    static constexpr std::string_view kV[] = {"VX", "VY", "VZ"};
    static constexpr std::string_view kW[] = {"WX", "WY", "WZ"};
    for (int k = 0; k < 3; ++k) {
      for (auto [name, vec, first] :
           {std::tuple{kV[k], &pv.v, &pv.v_arg}, std::tuple{kW[k], &pv.w, &pv.w_arg}}) {
        const Arg* a = b.arg(name);
        if (!a || a->values.empty()) continue;
        if (auto v = b.real(*a, a->values[0])) (*vec)[k] = *v;
        if (!*first) *first = a;
      }
    }
    pv.vm = b.arg("VM");
    pv.wm = b.arg("WM");
    if (const DeckAttribute* cm = b.node().find("cg_id")) pv.cm = std::stoll(cm->value);
    if (!b.has("GROUND") && (pv.v_arg || pv.w_arg)) velocities_.push_back(pv);
    // The part frame (BCS) for its markers.
    PartFrame frame;
    if (const Arg* a = b.arg("QG")) {
      if (auto v = b.reals(*a, 3, 3)) frame.origin = {(*v)[0], (*v)[1], (*v)[2]};
    }
    const Arg* reuler = b.arg("REULER");
    const Arg* zg = b.arg("ZG");
    const Arg* xg = b.arg("XG");
    if (reuler) {
      if (auto v = b.reals(*reuler, 3, 3)) frame.axes = adm::reuler_313((*v)[0], (*v)[1], (*v)[2]);
      if (zg || xg)
        b.diag().error((zg ? zg : xg)->loc, b.subject(), "give REULER or ZG/XG, not both");
    } else if (zg || xg) {
      orient_from_points(b, frame.origin, zg, xg, false, frame.axes);
    }
    part_exact(b);
    if (!b.has("GROUND")) {
      // The part frame travels with the body (mbsolve attribute part_frame): Adams reports part
      // results in it (XRF entity <part>_XFORM, app/adams_result_files.hpp).
      std::string text =
          fmt::format("{:.17g} {:.17g} {:.17g}", frame.origin[0], frame.origin[1], frame.origin[2]);
      for (const auto& row : frame.axes) {
        for (const double v : row) text += fmt::format(" {:.17g}", v);
      }
      b.set_fixed("part_frame", text);
    }
    if (id) {
      parts_[*id] = frame;
      last_part_ = *id;
    }
  }

  /// EXACT=c1:..:c6 (X, Y, Z, PSI, THETA, PHI) -> exact (the same list, colon-separated).
  void part_exact(NodeBuilder& b) {
    const Arg* a = b.arg("EXACT");
    if (!a) return;
    std::string list;
    bool ok = true;
    for (const adm::Token& t : a->values) {
      std::string colons = t.text;
      std::replace(colons.begin(), colons.end(), ':', ' ');
      for (const std::string& w : split_list(colons)) {
        static constexpr std::string_view kNames[] = {"X", "Y", "Z", "PSI", "THETA", "PHI"};
        if (std::none_of(std::begin(kNames), std::end(kNames),
                         [&](std::string_view n) { return iequals(w, n); })) {
          b.diag().error(t.loc, b.subject(),
                         fmt::format("EXACT: unknown coordinate '{}' (expected X, Y, Z, PSI, "
                                     "THETA or PHI, separated by ':')",
                                     w));
          ok = false;
        }
        list += (list.empty() ? "" : ":") + w;
      }
    }
    if (ok && !list.empty()) b.set("exact", list, a->loc, a->values.front().loc, a->spelled);
  }

  /// ZP/XP (or ZG/XG) orientation about `origin`; both points in the same frame.
  bool orient_from_points(NodeBuilder& b, const Vec3& origin, const Arg* zp, const Arg* xp,
                          bool use_xp, Mat3& out) {
    std::optional<std::vector<double>> z, x;
    if (zp) z = b.reals(*zp, 3, 3);
    if (xp) x = b.reals(*xp, 3, 3);
    if ((zp && !z) || (xp && !x)) return false;
    const SourceLoc loc = (zp ? zp : xp)->loc;
    if (!zp) {
      b.diag().error(loc, b.subject(), xp->name + " needs " + (xp->name == "XG" ? "ZG" : "ZP"));
      return false;
    }
    const Vec3 zv{(*z)[0], (*z)[1], (*z)[2]};
    if (!x) {
      const Vec3 dz = adm::sub(zv, origin);
      const double n = adm::norm(dz);
      if (!(n > 0)) {
        b.diag().error(loc, b.subject(), zp->name + " coincides with the origin");
        return false;
      }
      const Vec3 uz = adm::scale(dz, 1.0 / n);
      const Vec3 ux = adm::any_normal(uz);
      out = adm::from_columns(ux, adm::cross(uz, ux), uz);
      return true;
    }
    const Vec3 xv{(*x)[0], (*x)[1], (*x)[2]};
    if (!adm::frame_from_points(origin, zv, xv, use_xp, out)) {
      b.diag().error(loc, b.subject(),
                     zp->name + "/" + xp->name +
                         ": the points are coincident or collinear with "
                         "the origin");
      return false;
    }
    return true;
  }

  void marker(NodeBuilder& b) {
    const auto id = b.set_id();
    PendingMarker m;
    m.id = id.value_or(0);
    m.subject = b.subject();
    m.node = deck_.model.size();
    for (auto name : {"POINT_MASS", "FLEX_BODY", "NODE"}) {
      if (const Arg* a = b.arg(name)) {
        b.diag().error(a->loc, b.subject(),
                       a->name +
                           ": markers on point masses and flexible "
                           "bodies are not supported");
      }
    }
    if (const Arg* a = b.arg("PART"); a && !a->values.empty()) {
      if (auto v = b.integer(*a, a->values[0])) m.part = *v;
      m.part_loc = a->values[0].loc;
      b.set("body_id", std::to_string(m.part), a->loc, a->values[0].loc, a->spelled);
    } else if (last_part_ >= 0) {
      m.part = last_part_;
      m.part_loc = b.statement().loc;
      b.set_fixed("body_id", std::to_string(m.part));
    } else {
      b.diag().error(b.statement().loc, b.subject(), "missing PART= (no PART precedes it)");
    }
    if (const Arg* a = b.arg("RM"); a && !a->values.empty()) {
      if (auto v = b.integer(*a, a->values[0])) m.rm = *v;
      m.rm_loc = a->values[0].loc;
    }
    const bool floating = b.has("FLOATING");
    m.qp_arg = b.arg("QP");
    if (m.qp_arg) {
      if (auto v = b.reals(*m.qp_arg, 3, 3))
        m.qp = {(*v)[0], (*v)[1], (*v)[2]};
      else
        m.ok = false;
    }
    const Arg* reuler = b.arg("REULER");
    const Arg* zp = b.arg("ZP");
    const Arg* xp = b.arg("XP");
    const bool use_xp = b.has("USEXP");
    if (reuler) {
      m.orient_arg = reuler;
      if (auto v = b.reals(*reuler, 3, 3))
        m.axes = adm::reuler_313((*v)[0], (*v)[1], (*v)[2]);
      else
        m.ok = false;
      if (zp || xp) {
        b.diag().error((zp ? zp : xp)->loc, b.subject(), "give REULER or ZP/XP, not both");
      }
    } else if (zp || xp) {
      m.orient_arg = zp ? zp : xp;
      Mat3 axes;
      if (orient_from_points(b, m.qp, zp, xp, use_xp, axes))
        m.axes = axes;
      else
        m.ok = false;
    }
    if (floating && (m.qp_arg || m.orient_arg)) {
      b.diag().warning(b.arg("FLOATING")->loc, b.subject(),
                       "a FLOATING marker has no fixed position; QP/orientation ignored");
    }
    if (id) {
      marker_index_[*id] = pending_.size();
    }
    pending_.push_back(m);
  }

  void nothing(NodeBuilder&) {}

  // ---- markers ---------------------------------------------------------------------------

  /// The pose of marker `m` in its part's BCS (resolving RM chains).
  bool resolve_local(PendingMarker& m, int depth = 0) {
    if (m.state == 2) return m.ok;
    if (depth > 1000) {
      diag_.error(m.rm_loc, m.subject, "RM markers are chained more than 1000 deep");
      m.ok = false;
      m.state = 2;
      return false;
    }
    if (m.state == 1) {
      diag_.error(m.rm_loc, m.subject, "RM markers refer to each other in a cycle");
      m.ok = false;
      return false;
    }
    m.state = 1;
    PartFrame ref;  // identity: the BCS
    if (m.rm > 0) {
      auto it = marker_index_.find(m.rm);
      if (it == marker_index_.end()) {
        diag_.error(m.rm_loc, m.subject, "RM: MARKER " + std::to_string(m.rm) + " is not defined");
        m.ok = false;
      } else {
        PendingMarker& r = pending_[it->second];
        if (!resolve_local(r, depth + 1)) {
          m.ok = false;
        } else if (r.part != m.part) {
          diag_.error(m.rm_loc, m.subject,
                      "RM: MARKER " + std::to_string(m.rm) + " is on PART " +
                          std::to_string(r.part) + ", not on PART " + std::to_string(m.part));
          m.ok = false;
        } else {
          ref = r.local;
        }
      }
    }
    m.local.origin = adm::add(ref.origin, adm::mul(ref.axes, m.qp));
    m.local.axes = adm::mul(ref.axes, m.axes.value_or(adm::identity3()));
    m.state = 2;
    return m.ok;
  }

  void finish_markers() {
    for (auto& m : pending_) {
      if (!resolve_local(m) || m.part < 0) continue;
      auto it = parts_.find(m.part);
      if (it == parts_.end()) {
        diag_.error(m.part_loc, m.subject, "PART " + std::to_string(m.part) + " is not defined");
        continue;
      }
      const PartFrame& p = it->second;
      const Vec3 r = adm::add(p.origin, adm::mul(p.axes, m.local.origin));
      const Mat3 a = adm::mul(p.axes, m.local.axes);
      m.global_axes = a;
      DeckNode& node = deck_.model[m.node];
      auto put = [&](std::string_view name, double v, const Arg* from, size_t k) {
        DeckAttribute at;
        at.name = std::string(name);
        at.value = adm::format_real(v);
        if (from) {
          at.spelled = from->spelled;
          at.loc = from->loc;
          at.value_loc = k < from->values.size() ? from->values[k].loc : from->loc;
        } else {
          at.spelled = node.spelled;
          at.loc = at.value_loc = node.loc;
        }
        node.attributes.push_back(std::move(at));
      };
      put("pos_x", r[0], m.qp_arg, 0);
      put("pos_y", r[1], m.qp_arg, 1);
      put("pos_z", r[2], m.qp_arg, 2);
      for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col) {
          const std::string name{'a', static_cast<char>('0' + row), static_cast<char>('0' + col)};
          put(name, a[row][col], m.orient_arg, 99);
        }
      }
    }
  }

  /// The axes (in ground) of the marker `arg` names, for VM/WM; reports a bad one.
  std::optional<Mat3> marker_axes(const Arg& arg, const std::string& subject) {
    if (arg.values.empty()) return std::nullopt;
    const auto id = parse_int(arg.values[0].text, 1, (1LL << 31) - 1);
    if (!id) {
      diag_.error(arg.values[0].loc, subject,
                  arg.name + ": bad marker id '" + arg.values[0].text + "'");
      return std::nullopt;
    }
    auto it = marker_index_.find(*id);
    if (it == marker_index_.end()) {
      diag_.error(arg.values[0].loc, subject,
                  arg.name + ": MARKER " + std::to_string(*id) + " is not defined");
      return std::nullopt;
    }
    return pending_[it->second].global_axes;
  }

  void finish_velocities() {
    for (const auto& pv : velocities_) {
      DeckNode& node = deck_.model[pv.node];
      auto put = [&](std::string_view name, double v, const Arg& from) {
        DeckAttribute at;
        at.name = std::string(name);
        at.value = adm::format_real(v);
        at.spelled = from.spelled;
        at.loc = from.loc;
        at.value_loc = from.values.empty() ? from.loc : from.values[0].loc;
        node.attributes.push_back(std::move(at));
      };
      if (pv.v_arg) {
        std::optional<Mat3> axes = adm::identity3();
        if (pv.vm) axes = marker_axes(*pv.vm, pv.subject);
        if (axes) {
          const Vec3 v = adm::mul(*axes, pv.v);
          put("v_ic_x", v[0], *pv.v_arg);
          put("v_ic_y", v[1], *pv.v_arg);
          put("v_ic_z", v[2], *pv.v_arg);
        }
      }
      if (pv.w_arg) {
        std::optional<Mat3> axes;
        if (pv.wm) {
          axes = marker_axes(*pv.wm, pv.subject);
        } else if (auto it = marker_index_.find(pv.cm); it != marker_index_.end()) {
          axes = pending_[it->second].global_axes;  // WX..WZ default to the CM marker's axes
        } else if (auto p = parts_.find(pv.part); p != parts_.end()) {
          axes = p->second.axes;  // no CM marker (reported elsewhere): the part's axes
        }
        if (axes) {
          const Vec3 w = adm::mul(*axes, pv.w);
          put("w_ic_x", w[0], *pv.w_arg);
          put("w_ic_y", w[1], *pv.w_arg);
          put("w_ic_z", w[2], *pv.w_arg);
        }
      }
    }
  }

  Deck& deck_;
  Diagnostics& diag_;
  const std::string* file_;
  std::vector<adm::RawStatement> raws_;
  std::vector<Statement> statements_;  ///< reserved up front: PendingMarker points into it
  std::vector<std::filesystem::path> library_folders_;  ///< PREFERENCES/LIBPATH
  std::map<long long, PartFrame> parts_;
  std::map<long long, size_t> marker_index_;
  std::vector<PendingMarker> pending_;
  std::vector<PendingVelocity> velocities_;
  long long last_part_ = -1;
  std::set<std::string> skipped_;

  /// The first word after `pos` (a GRAPHICS statement's kind).
  static std::string first_word(const adm::RawStatement& raw, size_t pos) {
    const std::string& t = raw.text;
    while (pos < t.size() && (t[pos] == ',' || t[pos] == ' ' || t[pos] == '\t')) ++pos;
    size_t end = pos;
    while (end < t.size() && (std::isalnum(static_cast<unsigned char>(t[end])) || t[end] == '_')) {
      ++end;
    }
    return t.substr(pos, end - pos);
  }
};

std::span<const Reader::StatementSpec> Reader::table() {
  // One row per statement, sorted by name: the Reader's own (units, parts and markers, whose
  // poses it resolves at the end) and those of parser/adm_*_statements.
  static const std::vector<StatementSpec> kTable = [] {
    std::vector<StatementSpec> rows = {
        {"END", {}, "", &Reader::nothing},
        {"CONTACT", adm::kContactArgs, "force_contact", nullptr, adm::build_contact},
        {"GRAPHICS", adm::kGraphicsArgs, "post_graphic", nullptr, adm::build_graphics},
        {"GSE", adm::kGseArgs, "control_stateeqn", nullptr, adm::build_gse},
        {"INTEGRATOR", adm::kIntegratorArgs, "param_transient", nullptr, adm::build_integrator},
        {"LSE", adm::kLseArgs, "control_stateeqn", nullptr, adm::build_lse},
        {"MARKER", kMarkerArgs, "reference_marker", &Reader::marker},
        {"MATERIAL", {}, "", &Reader::nothing},
        {"MATRIX", adm::kMatrixArgs, "reference_matrix", nullptr, adm::build_matrix},
        {"PART", kPartArgs, "body_rigid", &Reader::part},
        {"SENSOR", adm::kSensorArgs, "sensor_event", nullptr, adm::build_sensor},
        {"TFSISO", adm::kTfsisoArgs, "control_siso", nullptr, adm::build_tfsiso},
        {"UNITS", kUnitsArgs, "param_unit", &Reader::units},
    };
    for (const auto group : {adm::constraint_statements(), adm::force_statements(),
                             adm::data_statements(), adm::setting_statements()}) {
      for (const adm::StatementRow& r : group) {
        rows.push_back({r.name, r.args, r.tag, nullptr, r.build});
      }
    }
    std::sort(rows.begin(), rows.end(),
              [](const StatementSpec& a, const StatementSpec& b) { return a.name < b.name; });
    return rows;
  }();
  return kTable;
}

}  // namespace

Deck read_adm_deck_text(const std::string& text, const std::string& path, Diagnostics& diag) {
  Deck deck;
  deck.path = path;
  deck.root_tag = "adm";
  Reader(deck, diag, intern_path(path)).run(text);
  return deck;
}

Deck read_adm_deck_file(const std::string& path, Diagnostics& diag) {
  return read_adm_deck_text(read_text_file(path), path, diag);
}

}  // namespace mb
