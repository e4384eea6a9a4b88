#include "parser/acf_reader.hpp"

#include <filesystem>
#include <span>

#include "common/error.hpp"
#include "common/text.hpp"
#include "parser/adm_build.hpp"
#include "parser/adm_lexer.hpp"
#include "parser/adm_reader.hpp"
#include "parser/read_file.hpp"

namespace mb {

namespace {

using adm::Arg;
using adm::ArgKind;
using adm::ArgSpec;
using adm::NodeBuilder;
using adm::Statement;

constexpr ArgSpec kSimulateArgs[] = {{"DYNAMIC", ArgKind::kFlag},   {"TRANSIENT", ArgKind::kFlag},
                                     {"KINEMATIC", ArgKind::kFlag}, {"STATIC", ArgKind::kFlag},
                                     {"END", ArgKind::kReal},       {"DURATION", ArgKind::kReal},
                                     {"STEPS", ArgKind::kInt},      {"DTOUT", ArgKind::kReal}};

/// Adams element keywords of ACTIVATE/DEACTIVATE and the MotionSolve element_type they become.
constexpr std::pair<std::string_view, std::string_view> kElementTypes[] = {
    {"BEAM", "BEAM"},     {"BUSHING", "BUSH"},   {"DIFF", "DIFF"},     {"FIELD", "FIELD"},
    {"GCON", "GCON"},     {"GFORCE", "GFORCE"},  {"GSE", "GSE"},       {"JOINT", "JOINT"},
    {"JPRIM", "JPRIM"},   {"MOTION", "MOTION"},  {"SFORCE", "SFORCE"}, {"SPRINGDAMPER", "SPDP"},
    {"VFORCE", "VFORCE"}, {"VTORQUE", "VTORQUE"}};
constexpr ArgSpec kActivateArgs[] = {
    {"BEAM", ArgKind::kFlag},   {"BUSHING", ArgKind::kFlag}, {"DIFF", ArgKind::kFlag},
    {"FIELD", ArgKind::kFlag},  {"GCON", ArgKind::kFlag},    {"GFORCE", ArgKind::kFlag},
    {"GSE", ArgKind::kFlag},    {"JOINT", ArgKind::kFlag},   {"JPRIM", ArgKind::kFlag},
    {"MOTION", ArgKind::kFlag}, {"SFORCE", ArgKind::kFlag},  {"SPRINGDAMPER", ArgKind::kFlag},
    {"VFORCE", ArgKind::kFlag}, {"VTORQUE", ArgKind::kFlag}, {"ID", ArgKind::kInts}};

/// Adams commands mbsolve recognises but does not run.
constexpr std::string_view kUnsupported[] = {
    "ACCGRAV", "ARRAY",    "BEAM",   "BUSHING", "CONTROL", "DEBUG",  "ENVIRONMENT",  "EQUILIBRIUM",
    "FIELD",   "FILE",     "GFORCE", "HELP",    "IC",      "INFO",   "KINEMATICS",   "LINEAR",
    "LSOLVER", "MARKER",   "MENU",   "MOTION",  "OUTPUT",  "PART",   "PREFERENCES",  "RELOAD",
    "REQUEST", "SAVE",     "SENSOR", "SFORCE",  "SHOW",    "SPLINE", "SPRINGDAMPER", "STRING",
    "TIME",    "VARIABLE", "VFORCE", "VTORQUE", "JOINT"};

class CommandReader {
 public:
  CommandReader(Deck& deck, Diagnostics& diag) : deck_(deck), diag_(diag) {}

  void read(const adm::RawStatement& raw) {
    size_t pos = 0;
    Statement st = adm::parse_head(raw, pos);
    static constexpr std::string_view kNames[] = {"ACTIVATE", "DEACTIVATE", "INTEGRATOR",
                                                  "SIMULATE", "STOP"};
    int k = st.name.size() >= 3 ? adm::resolve_keyword(st.name, kNames) : -1;
    if (k < 0) {
      report_unknown(st);
      return;
    }
    st.name = std::string(kNames[k]);
    const std::string subject = st.name;
    switch (k) {
      case 0:
      case 1:
        adm::parse_args(raw, pos, kActivateArgs, st, subject, diag_);
        activate(st, k == 0 ? "activate" : "deactivate");
        break;
      case 2: {
        adm::parse_args(raw, pos, adm::kIntegratorArgs, st, subject, diag_);
        NodeBuilder b("param_transient", st, subject, diag_);
        adm::build_integrator(b);
        deck_.commands.push_back(b.finish());
        break;
      }
      case 3:
        adm::parse_args(raw, pos, kSimulateArgs, st, subject, diag_);
        simulate(st);
        break;
      case 4: {
        adm::parse_args(raw, pos, {}, st, subject, diag_);
        NodeBuilder b("stop", st, subject, diag_);
        deck_.commands.push_back(b.finish());
        break;
      }
    }
  }

 private:
  void report_unknown(const Statement& st) {
    for (auto u : kUnsupported) {
      if (u == st.name) {
        diag_.error(st.loc, "", "Adams command " + st.name + " is not supported by mbsolve");
        return;
      }
    }
    if (st.name.empty()) {
      diag_.error(st.loc, "", "expected a command name");
      return;
    }
    diag_.error(st.loc, "",
                "unknown command '" + st.spelled +
                    "' (expected SIMULATE, ACTIVATE, DEACTIVATE, INTEGRATOR or STOP)");
  }

  void simulate(const Statement& st) {
    NodeBuilder b("simulate", st, "SIMULATE", diag_);
    const int k = b.pick_flag({"DYNAMIC", "TRANSIENT", "KINEMATIC", "STATIC"}, true);
    static constexpr std::string_view kKinds[] = {"DYNAMIC", "TRANSIENT", "KINEMATIC", "STATIC"};
    if (k >= 0) {
      const Arg& a = *b.arg(kKinds[k]);
      b.set_from("analysis_type", k == 3 ? "Static" : "Transient", a);
      if (k == 2) b.set_from("analysis_kind", "kinematic", a);
    }
    const bool end = b.copy_real("END", "end_time");
    const bool duration = b.copy_real("DURATION", "duration");
    if (end && duration) {
      diag_.error(b.arg("DURATION")->loc, "SIMULATE", "give END= or DURATION=, not both");
    }
    const bool steps = b.copy_int("STEPS", "num_steps");
    const bool dtout = b.copy_real("DTOUT", "print_interval");
    if (steps && dtout) {
      diag_.error(b.arg("DTOUT")->loc, "SIMULATE", "give STEPS= or DTOUT=, not both");
    }
    if (k >= 0 && k != 3) {
      if (!end && !duration) {
        diag_.error(st.loc, "SIMULATE", "missing END= (or DURATION=)");
      }
      if (!steps && !dtout) {
        diag_.error(st.loc, "SIMULATE", "missing STEPS= (or DTOUT=)");
      }
    }
    deck_.commands.push_back(b.finish());
  }

  void activate(const Statement& st, std::string_view tag) {
    NodeBuilder b(tag, st, st.name, diag_);
    int type = -1;
    for (size_t i = 0; i < std::size(kElementTypes); ++i) {
      if (const Arg* a = b.arg(kElementTypes[i].first)) {
        if (type >= 0) {
          diag_.error(a->loc, st.name, "give one element type only");
        } else {
          type = static_cast<int>(i);
        }
      }
    }
    const Arg* ids = b.arg("ID");
    if (type < 0) {
      diag_.error(st.loc, st.name, "missing the element type (e.g. " + st.name + "/JOINT, ID=1)");
    }
    if (!ids) diag_.error(st.loc, st.name, "missing ID=");
    if (type < 0 || !ids) return;
    const Arg& type_arg = *b.arg(kElementTypes[type].first);
    for (const auto& t : ids->values) {
      const auto v = b.integer(*ids, t);
      if (!v) continue;
      NodeBuilder one(tag, st, st.name, diag_);
      one.set_from("element_type", std::string(kElementTypes[type].second), type_arg);
      one.set("element_id", std::to_string(*v), ids->loc, t.loc, ids->spelled);
      one.arg(type_arg.name);
      one.arg("ID");
      deck_.commands.push_back(one.finish());
    }
  }

  Deck& deck_;
  Diagnostics& diag_;
};

std::string_view line_at(std::string_view text, int n, size_t& col0) {
  size_t start = 0;
  for (int i = 1; i < n; ++i) {
    const size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  size_t end = text.find('\n', start);
  if (end == std::string_view::npos) end = text.size();
  std::string_view line = text.substr(start, end - start);
  const size_t bang = line.find('!');
  if (bang != std::string_view::npos) line = line.substr(0, bang);
  const std::string_view t = trim(line);
  col0 = t.empty() ? 0 : static_cast<size_t>(t.data() - line.data());
  return t;
}

}  // namespace

Deck read_acf_text(const std::string& text, const std::string& path, Diagnostics& diag) {
  const std::string* file = intern_path(path);
  size_t col0 = 0;
  const std::string dataset(line_at(text, 1, col0));
  const SourceLoc dataset_loc{file, 1, static_cast<int>(col0 + 1)};
  Deck deck;
  if (dataset.empty()) {
    diag.error({file, 1, 0}, "", "line 1 of a command file must name the dataset (.adm) file");
  } else {
    namespace fs = std::filesystem;
    fs::path p(dataset);
    if (p.is_relative()) p = fs::path(path).parent_path() / p;
    std::error_code ec;
    if (!p.has_extension() && !fs::exists(p, ec)) p += ".adm";
    if (!fs::exists(p, ec)) {
      throw Error(ExitCode::kInputNotFound,
                  dataset_loc.str() + ": dataset file '" + p.string() + "' does not exist");
    }
    deck = read_adm_deck_file(p.string(), diag);
  }
  deck.path = path;
  deck.root_tag = "acf";
  deck.output_prefix = std::string(line_at(text, 2, col0));

  CommandReader reader(deck, diag);
  for (const auto& raw : adm::split_statements(text, file, 2, "STOP", diag)) reader.read(raw);
  return deck;
}

Deck read_acf_file(const std::string& path, Diagnostics& diag) {
  return read_acf_text(read_text_file(path), path, diag);
}

}  // namespace mb
