#include "parser/acf_reader.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <span>

#include "common/error.hpp"
#include "common/text.hpp"
#include "parser/acf_linear.hpp"
#include "parser/adams_vocabulary.hpp"
#include "parser/adm_build.hpp"
#include "parser/adm_lexer.hpp"
#include "parser/adm_reader.hpp"
#include "parser/adm_sensor.hpp"
#include "parser/read_file.hpp"

namespace mb {

namespace {

using adm::Arg;
using adm::ArgKind;
using adm::ArgSpec;
using adm::NodeBuilder;
using adm::Statement;

constexpr ArgKind F = ArgKind::kFlag;
constexpr ArgKind R = ArgKind::kReal;
constexpr ArgKind IS = ArgKind::kInts;
constexpr ArgKind E = ArgKind::kExpr;
constexpr ArgKind W = ArgKind::kWord;
constexpr ArgKind T = ArgKind::kText;

constexpr ArgSpec kSimulateArgs[] = {{"DYNAMICS", F, "DYNAMIC"},
                                     {"DYNAMIC", F},
                                     {"TRANSIENT", F},
                                     {"KINEMATICS", F, "KINEMATIC"},
                                     {"KINEMATIC", F},
                                     {"STATICS", F, "STATIC"},
                                     {"STATIC", F},
                                     {"INITIAL_CONDITIONS", F},
                                     {"END", R},
                                     {"DURATION", R},
                                     {"STEPS", ArgKind::kInt},
                                     {"DTOUT", R}};

/// Adams element keywords of ACTIVATE/DEACTIVATE and the MotionSolve element_type they become.
constexpr std::pair<std::string_view, std::string_view> kElementTypes[] = {
    {"BEAM", "BEAM"},     {"BUSHING", "BUSH"},      {"CONTACT", "CONTACT"}, {"DIFF", "DIFF"},
    {"FIELD", "FIELD"},   {"GCON", "GCON"},         {"GFORCE", "GFORCE"},   {"GSE", "GSE"},
    {"JOINT", "JOINT"},   {"JPRIM", "JPRIM"},       {"MOTION", "MOTION"},   {"SENSOR", "SENSOR"},
    {"SFORCE", "SFORCE"}, {"SPRINGDAMPER", "SPDP"}, {"VFORCE", "VFORCE"},   {"VTORQUE", "VTORQUE"}};
/// Element keywords Adams accepts in ACTIVATE/DEACTIVATE that mbsolve has no elements for.
constexpr std::string_view kUnsupportedElementTypes[] = {"COUPLER", "FLEX_BODY", "FRICTION",
                                                         "GEAR",    "NFORCE",    "UCON"};
constexpr ArgSpec kActivateArgs[] = {
    {"BEAM", F},    {"BUSHING", F},      {"DIFF", F},     {"FIELD", F},   {"GCON", F},
    {"GFORCE", F},  {"GSE", F},          {"JOINT", F},    {"JPRIM", F},   {"MOTION", F},
    {"SFORCE", F},  {"SPRINGDAMPER", F}, {"VFORCE", F},   {"VTORQUE", F}, {"CONTACT", F},
    {"COUPLER", F}, {"FLEX_BODY", F},    {"FRICTION", F}, {"GEAR", F},    {"NFORCE", F},
    {"SENSOR", F},  {"UCON", F},         {"ID", IS},      {"RANGE", IS}};

constexpr ArgSpec kEquilibriumArgs[] = {{"ERROR", R},        {"MAXIT", ArgKind::kInt},
                                        {"IMBALANCE", R},    {"STABILITY", R},
                                        {"TLIMIT", R},       {"ALIMIT", W},
                                        {"PATTERN", W},      {"DEFAULT", F},
                                        {"STATIC", F},       {"DYNAMIC", F},
                                        {"METHOD", W},       {"ATOL", R},
                                        {"RTOL", R},         {"MAXITL", ArgKind::kInt},
                                        {"ETAMAX", R},       {"ETA", R},
                                        {"SETTLING_TIME", R}};
constexpr ArgSpec kFileArgs[] = {{"MODEL", W}, {"OUTPUT_PREFIX", W}, {"COMMAND", W}};
constexpr ArgSpec kVariableArgs[] = {{"FUNCTION", E}, {"IC", R}};
constexpr ArgSpec kFunctionArgs[] = {{"FUNCTION", E}};
constexpr ArgSpec kPartArgs[] = {{"MASS", R}, {"VX", R}, {"VY", R}, {"VZ", R},
                                 {"WX", R},   {"WY", R}, {"WZ", R}};
/// SENSOR/id: ACTIVATE|DEACTIVATE, and the settings of the SENSOR statement it redefines.
constexpr ArgSpec kSensorCommandArgs[] = {
    {"ACTIVATE", F}, {"DEACTIVATE", F}, {"FUNCTION", E}, {"ROUTINE", T}, {"VALUE", R},
    {"EQ", F},       {"GE", F},         {"LE", F},       {"ERROR", R},   {"TERROR", R},
    {"HALT", F},     {"RETURN", F},     {"PRINT", F},    {"RESTART", F}, {"STEPSIZE", R},
    {"DT", R},       {"CODGEN", F},     {"YYDUMP", F},   {"BISTOP", F},  {"LIST", F}};
constexpr ArgSpec kAccgravArgs[] = {{"IGRAV", R}, {"JGRAV", R}, {"KGRAV", R}};

/// Commands that only set output or solver options mbsolve does not have: one warning each.
constexpr std::string_view kIgnored[] = {"DEBUG",       "ENVIRONMENT", "HELP", "INFO",
                                         "KINEMATICS",  "LSOLVER",     "MENU", "OUTPUT",
                                         "PREFERENCES", "RETURN",      "SHOW", "TIME"};

enum class Cmd {
  kActivate,
  kDeactivate,
  kAccgrav,
  kEquilibrium,
  kFile,
  kIntegrator,
  kLinear,
  kMotion,
  kPart,
  kSensor,
  kSforce,
  kSimulate,
  kStop,
  kVariable
};
constexpr std::pair<std::string_view, Cmd> kCommands[] = {
    {"ACTIVATE", Cmd::kActivate}, {"DEACTIVATE", Cmd::kDeactivate},
    {"ACCGRAV", Cmd::kAccgrav},   {"EQUILIBRIUM", Cmd::kEquilibrium},
    {"FILE", Cmd::kFile},         {"INTEGRATOR", Cmd::kIntegrator},
    {"LINEAR", Cmd::kLinear},     {"MOTION", Cmd::kMotion},
    {"PART", Cmd::kPart},         {"SENSOR", Cmd::kSensor},
    {"SFORCE", Cmd::kSforce},     {"SIMULATE", Cmd::kSimulate},
    {"STOP", Cmd::kStop},         {"VARIABLE", Cmd::kVariable}};

/// The commands of kCommands as a list for messages: "ACTIVATE, DEACTIVATE, ...".
std::string commands_run() {
  std::string list;
  for (const auto& c : kCommands) list += (list.empty() ? "" : ", ") + std::string(c.first);
  return list;
}

/// Every Adams command name, so that abbreviations resolve against all of them (`int` is
/// INTEGRATOR, `sens` is SENSOR).
std::vector<std::string_view> all_command_names() {
  std::vector<std::string_view> names;
  for (const auto& c : kCommands) names.push_back(c.first);
  for (auto n :
       {"ACCGRAV",      "ACTIVATE",    "ARRAY",    "BEAM",       "BUSHING",     "CONTACT",
        "CONTROL",      "DEACTIVATE",  "DEBUG",    "DIFF",       "ENVIRONMENT", "EQUILIBRIUM",
        "FIELD",        "FILE",        "FRICTION", "GCON",       "GFORCE",      "GSE",
        "HELP",         "IC",          "INFO",     "INTEGRATOR", "JOINT",       "KINEMATICS",
        "LINEAR",       "LSOLVER",     "MARKER",   "MENU",       "MOTION",      "OUTPUT",
        "PART",         "PREFERENCES", "PSTATE",   "RELOAD",     "REQUEST",     "RETURN",
        "SAVE",         "SENSOR",      "SFORCE",   "SHOW",       "SIMULATE",    "SPLINE",
        "SPRINGDAMPER", "STOP",        "STRING",   "TIME",       "UNITS",       "VARIABLE",
        "VFORCE",       "VTORQUE"}) {
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  return names;
}

/// The Adams command a statement name stands for ("" if none; `ambiguous` when it abbreviates
/// several).
std::string resolve_command(std::string_view upper_name, bool* ambiguous = nullptr) {
  static const std::vector<std::string_view> names = all_command_names();
  int k = adm::resolve_keyword(upper_name, names);
  // Abbreviations need three letters at least; shorter words must be exact.
  if (upper_name.size() < 3 && (k < 0 || names[static_cast<size_t>(k)] != upper_name)) k = -1;
  if (ambiguous) *ambiguous = k == -2;
  return k >= 0 ? std::string(names[static_cast<size_t>(k)]) : std::string();
}

class CommandReader {
 public:
  CommandReader(Deck& deck, std::vector<DeckNode>& commands, Diagnostics& diag,
                const std::string& acf_path)
      : deck_(deck), commands_(commands), diag_(diag), acf_path_(acf_path) {}

  bool has_dataset() const { return has_dataset_; }
  void set_has_dataset() { has_dataset_ = true; }
  const std::string& prefix_from_file_command() const { return file_prefix_; }

  void read(const adm::RawStatement& raw) {
    size_t pos = 0;
    Statement st = adm::parse_head(raw, pos);
    if (st.name.empty()) {
      diag_.error(st.loc, "",
                  "expected a command name (a line that is not a command, a comment or a "
                  "continuation line; a line ending in '&' continues on the next)");
      return;
    }
    bool ambiguous = false;
    const std::string name = resolve_command(st.name, &ambiguous);
    if (name.empty()) {
      report_unknown(st, ambiguous);
      return;
    }
    st.name = name;
    const auto it = std::find_if(std::begin(kCommands), std::end(kCommands),
                                 [&](const auto& c) { return c.first == name; });
    if (it == std::end(kCommands)) {
      if (std::find(std::begin(kIgnored), std::end(kIgnored), name) != std::end(kIgnored)) {
        diag_.warning_grouped(
            "acf-ignored:" + name, st.loc, "",
            "Adams command " + name + " sets options mbsolve does not have; ignored");
      } else {
        diag_.error_grouped("acf-unsupported:" + name, st.loc, "",
                            "Adams command " + name + " is not supported by mbsolve");
      }
      return;
    }
    const std::string subject = adm::subject_of(st);
    switch (it->second) {
      case Cmd::kActivate:
      case Cmd::kDeactivate:
        adm::parse_args(raw, pos, kActivateArgs, st, subject, diag_);
        activate(st, it->second == Cmd::kActivate ? "activate" : "deactivate");
        break;
      case Cmd::kAccgrav:
        adm::parse_args(raw, pos, kAccgravArgs, st, subject, diag_);
        accgrav(st);
        break;
      case Cmd::kEquilibrium:
        adm::parse_args(raw, pos, kEquilibriumArgs, st, subject, diag_);
        equilibrium(st);
        break;
      case Cmd::kFile:
        adm::parse_args(raw, pos, kFileArgs, st, subject, diag_);
        file(st);
        break;
      case Cmd::kIntegrator: {
        adm::parse_args(raw, pos, adm::kIntegratorArgs, st, subject, diag_);
        NodeBuilder b("param_transient", st, subject, diag_);
        adm::build_integrator(b);
        commands_.push_back(b.finish());
        break;
      }
      case Cmd::kLinear:
        adm::parse_args(raw, pos, adm::kLinearArgs, st, subject, diag_);
        adm::build_linear(st, commands_, diag_);
        break;
      case Cmd::kMotion:
        adm::parse_args(raw, pos, kFunctionArgs, st, subject, diag_);
        motion(st, subject);
        break;
      case Cmd::kPart:
        adm::parse_args(raw, pos, kPartArgs, st, subject, diag_);
        part(st, subject);
        break;
      case Cmd::kSensor:
        adm::parse_args(raw, pos, kSensorCommandArgs, st, subject, diag_);
        sensor(st, subject);
        break;
      case Cmd::kSforce:
        adm::parse_args(raw, pos, kFunctionArgs, st, subject, diag_);
        function_edit(st, subject, "force_scalar_twobody", "val_expression");
        break;
      case Cmd::kSimulate:
        adm::parse_args(raw, pos, kSimulateArgs, st, subject, diag_);
        simulate(st);
        break;
      case Cmd::kStop: {
        adm::parse_args(raw, pos, {}, st, subject, diag_);
        NodeBuilder b("stop", st, subject, diag_);
        commands_.push_back(b.finish());
        break;
      }
      case Cmd::kVariable:
        adm::parse_args(raw, pos, kVariableArgs, st, subject, diag_);
        function_edit(st, subject, "reference_variable", "expr");
        break;
    }
  }

 private:
  void report_unknown(const Statement& st, bool ambiguous) {
    if (ambiguous) {
      diag_.error(st.loc, "",
                  "'" + st.spelled + "' abbreviates several Adams commands; write more of it");
      return;
    }
    if (adm::is_adams_statement(st.name)) {
      diag_.error_grouped("acf-unsupported:" + st.name, st.loc, "",
                          "Adams command " + st.name + " is not supported by mbsolve");
      return;
    }
    diag_.error_grouped("acf-unknown:" + st.name, st.loc, "",
                        "unknown command '" + st.spelled +
                            "' (Adams commands mbsolve runs: " + commands_run() + ")");
  }

  void simulate(const Statement& st) {
    NodeBuilder b("simulate", st, "SIMULATE", diag_);
    static constexpr std::string_view kKinds[] = {"DYNAMIC", "TRANSIENT", "KINEMATIC", "STATIC",
                                                  "INITIAL_CONDITIONS"};
    const int k = b.pick_flag({kKinds[0], kKinds[1], kKinds[2], kKinds[3], kKinds[4]}, true);
    if (k >= 0) {
      const Arg& a = *b.arg(kKinds[k]);
      b.set_from("analysis_type", k == 3 ? "Static" : k == 4 ? "Assembly" : "Transient", a);
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
    if (k >= 0 && k <= 2) {
      if (!end && !duration) {
        diag_.error(st.loc, "SIMULATE", "missing END= (or DURATION=)");
      }
      if (!steps && !dtout) {
        diag_.error(st.loc, "SIMULATE", "missing STEPS= (or DTOUT=)");
      }
    }
    commands_.push_back(b.finish());
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
    for (auto u : kUnsupportedElementTypes) {
      if (const Arg* a = b.arg(u)) {
        diag_.error_grouped("acf-unsupported:" + st.name + "/" + std::string(u), a->loc, st.name,
                            std::string(u) + " elements are not supported by mbsolve");
        return;
      }
    }
    const Arg* ids = b.arg("ID");
    const Arg* range = b.arg("RANGE");
    if (type < 0) {
      diag_.error(st.loc, st.name, "missing the element type (e.g. " + st.name + "/JOINT, ID=1)");
    }
    if (ids && range) diag_.error(range->loc, st.name, "give ID= or RANGE=, not both");
    if (!ids && !range) diag_.error(st.loc, st.name, "missing ID= (or RANGE=first,last)");
    if (type < 0 || (!ids && !range) || (ids && range)) return;
    const Arg& type_arg = *b.arg(kElementTypes[type].first);
    const Arg& id_arg = ids ? *ids : *range;
    std::vector<std::pair<long long, const adm::Token*>> list;
    for (const auto& t : id_arg.values) {
      if (const auto v = b.integer(id_arg, t)) list.emplace_back(*v, &t);
    }
    if (range) {
      if (list.size() != 2 || list[0].first > list[1].first) {
        diag_.error(range->loc, st.name,
                    "RANGE= takes two ids, the first not larger than the second (RANGE=1301,1321)");
        return;
      }
      // Only the ids the dataset has in that range (Adams skips the gaps).
      const std::string_view adams_type = kElementTypes[type].first;
      std::vector<std::pair<long long, const adm::Token*>> in_range;
      for (long long id : ids_in_range(adams_type, list[0].first, list[1].first)) {
        in_range.emplace_back(id, list[0].second);
      }
      if (in_range.empty()) {
        diag_.error(range->loc, st.name,
                    "the dataset has no " + std::string(adams_type) + " with an id in RANGE=" +
                        std::to_string(list[0].first) + "," + std::to_string(list[1].first));
        return;
      }
      list = std::move(in_range);
    }
    for (const auto& [v, t] : list) {
      NodeBuilder one(tag, st, st.name, diag_);
      one.set_from("element_type", std::string(kElementTypes[type].second), type_arg);
      one.set("element_id", std::to_string(v), id_arg.loc, t->loc, id_arg.spelled);
      one.arg(type_arg.name);
      one.arg(id_arg.name);
      commands_.push_back(one.finish());
    }
  }

  /// The ids of the dataset's elements of an Adams element type in [lo, hi].
  std::vector<long long> ids_in_range(std::string_view adams_type, long long lo, long long hi) {
    static constexpr std::pair<std::string_view, std::string_view> kTags[] = {
        {"BEAM", "force_beam"},
        {"BUSHING", "force_bushing"},
        {"CONTACT", "force_contact"},
        {"DIFF", "control_diff"},
        {"FIELD", "force_field"},
        {"GCON", "constraint_general"},
        {"GFORCE", "force_vector_twobody"},
        {"GSE", "control_stateeqn"},
        {"JOINT", "constraint_joint"},
        {"JPRIM", "constraint_jprim"},
        {"MOTION", "motion_joint"},
        {"MOTION", "motion_marker"},
        {"SENSOR", "sensor_event"},
        {"SFORCE", "force_scalar_twobody"},
        {"SPRINGDAMPER", "force_springdamper"},
        {"VFORCE", "force_vector_twobody"},
        {"VTORQUE", "force_vector_twobody"}};
    std::vector<long long> out;
    for (const auto& n : deck_.model) {
      const bool match = std::any_of(std::begin(kTags), std::end(kTags), [&](const auto& p) {
        return p.first == adams_type && p.second == n.tag;
      });
      if (!match && !(adams_type == "JOINT" && n.tag.starts_with("constraint_"))) continue;
      const DeckAttribute* id = n.find("id");
      if (!id) continue;
      const auto v = parse_int(id->value, 0, 1LL << 53);
      if (v && *v >= lo && *v <= hi) out.push_back(*v);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  void equilibrium(const Statement& st) {
    NodeBuilder b("param_static", st, "EQUILIBRIUM", diag_);
    b.copy_real("ERROR", "max_error");
    b.copy_int("MAXIT", "max_num_iter");
    b.copy_real("IMBALANCE", "max_imbalance");
    b.copy_real("STABILITY", "stability");
    commands_.push_back(b.finish());
  }

  void file(const Statement& st) {
    NodeBuilder b("", st, "FILE", diag_);
    if (const Arg* c = b.arg("COMMAND")) {
      diag_.error(c->loc, "FILE",
                  "FILE/COMMAND= (reading another command file) is not supported by mbsolve; "
                  "put its commands into this file");
    }
    const Arg* model = b.arg("MODEL");
    const Arg* prefix = b.arg("OUTPUT_PREFIX");
    if (model && !model->values.empty()) {
      if (has_dataset_) {
        diag_.error(model->loc, "FILE",
                    "the command file already names its dataset; give one FILE/MODEL= only");
      } else {
        load_dataset(model->values[0].text, model->values[0].loc, deck_, diag_, acf_path_);
        has_dataset_ = true;
        // Adams names the output files after the model unless OUTPUT_PREFIX= is given.
        file_prefix_ = std::filesystem::path(model->values[0].text).stem().string();
      }
    }
    if (prefix && !prefix->values.empty()) file_prefix_ = prefix->values[0].text;
    if (!model && !prefix && !b.arg("COMMAND")) {
      diag_.error(st.loc, "FILE", "missing MODEL= (FILE/MODEL=NAME reads the dataset NAME.adm)");
    }
    b.finish();
  }

 public:
  /// Reads the dataset `name` (relative to the .acf's folder, `.adm` appended when it has no
  /// extension and does not exist as written) into `deck`.
  static void load_dataset(const std::string& name, const SourceLoc& loc, Deck& deck,
                           Diagnostics& diag, const std::string& acf_path) {
    namespace fs = std::filesystem;
    fs::path p(name);
    if (p.is_relative()) p = fs::path(acf_path).parent_path() / p;
    std::error_code ec;
    if (!p.has_extension() && !fs::exists(p, ec)) p += ".adm";
    if (!fs::exists(p, ec)) {
      throw Error(ExitCode::kInputNotFound,
                  loc.str() + ": dataset file '" + p.string() + "' does not exist");
    }
    Deck dataset = read_adm_deck_file(p.string(), diag);
    deck.model = std::move(dataset.model);
    deck.commands.insert(deck.commands.begin(), dataset.commands.begin(), dataset.commands.end());
  }

 private:
  /// An edit of one element's FUNCTION= (VARIABLE, SFORCE).
  void function_edit(const Statement& st, const std::string& subject, std::string_view tag,
                     std::string_view attr) {
    NodeBuilder b(tag, st, subject, diag_);
    b.set_id();
    const Arg* f = b.arg("FUNCTION");
    if (!f) {
      diag_.error(st.loc, subject,
                  "mbsolve changes only FUNCTION= here (e.g. " + st.name + "/" +
                      (st.id ? st.id->text : std::string("id")) + ", FUNCTION=...)");
    } else if (std::string_view v = trim(f->value);
               v.size() >= 5 && iequals(v.substr(0, 4), "USER")) {
      diag_.error(f->value_loc, subject,
                  "FUNCTION=USER(...) in a command is not supported by mbsolve; give an "
                  "expression");
    } else {
      b.copy_text("FUNCTION", attr);
    }
    b.copy_real("IC", "ic");
    commands_.push_back(b.finish());
  }

  void motion(const Statement& st, const std::string& subject) {
    // MOTION/id names no joint or markers: the dataset's motion of that id says which it is.
    std::string tag = "motion_joint";
    if (st.id) {
      for (const auto& n : deck_.model) {
        const DeckAttribute* id = n.find("id");
        if (n.tag == "motion_marker" && id &&
            parse_int(id->value, 0, 1LL << 53) == parse_int(st.id->text, 0, 1LL << 53)) {
          tag = "motion_marker";
        }
      }
    }
    function_edit(st, subject, tag, "expr");
  }

  /// SENSOR/id: ACTIVATE or DEACTIVATE (an Activate / Deactivate of the sensor), and the
  /// settings it redefines (a Sensor_Event command; models/sensor.hpp).
  void sensor(const Statement& st, const std::string& subject) {
    NodeBuilder b("sensor_event", st, subject, diag_);
    const std::optional<long long> id = b.set_id();
    const Arg* on = b.arg("ACTIVATE");
    const Arg* off = b.arg("DEACTIVATE");
    if (on && off) diag_.error(off->loc, subject, "give ACTIVATE or DEACTIVATE, not both");
    const Arg* f = b.arg("FUNCTION");
    adm::copy_sensor_command_function(b);
    b.copy_real("VALUE", "value");
    adm::copy_sensor_settings(b);
    if (const Arg* list = b.arg("LIST")) {
      diag_.warning(list->loc, subject, "LIST: mbsolve does not list sensor data; ignored");
    }
    const bool changes = std::any_of(b.node().attributes.begin(), b.node().attributes.end(),
                                     [](const DeckAttribute& a) { return a.name != "id"; });
    if (!on && !off && !changes && !f) {
      diag_.error(st.loc, subject,
                  "nothing to do: give ACTIVATE, DEACTIVATE or the settings to change (FUNCTION, "
                  "VALUE, EQ|GE|LE, ERROR, HALT, RETURN, PRINT, RESTART, STEPSIZE, DT)");
    }
    if (id && (on || off)) {
      const Arg& a = on ? *on : *off;
      Statement bare = st;  // the other arguments belong to the Sensor_Event
      bare.args.clear();
      NodeBuilder act(on ? "activate" : "deactivate", bare, subject, diag_);
      act.set_from("element_type", "SENSOR", a);
      act.set("element_id", std::to_string(*id), st.loc, st.id ? st.id->loc : st.loc, "SENSOR");
      commands_.push_back(act.finish());
    }
    DeckNode node = b.finish();
    if (changes) commands_.push_back(std::move(node));
  }

  void part(const Statement& st, const std::string& subject) {
    NodeBuilder b("body_rigid", st, subject, diag_);
    b.set_id();
    b.copy_real("MASS", "mass");
    b.copy_real("VX", "v_ic_x");
    b.copy_real("VY", "v_ic_y");
    b.copy_real("VZ", "v_ic_z");
    b.copy_real("WX", "w_ic_x");
    b.copy_real("WY", "w_ic_y");
    b.copy_real("WZ", "w_ic_z");
    commands_.push_back(b.finish());
  }

  void accgrav(const Statement& st) {
    NodeBuilder b("force_gravity", st, "ACCGRAV", diag_);
    b.copy_real("IGRAV", "grav_x");
    b.copy_real("JGRAV", "grav_y");
    b.copy_real("KGRAV", "grav_z");
    commands_.push_back(b.finish());
  }

  Deck& deck_;
  std::vector<DeckNode>& commands_;
  Diagnostics& diag_;
  const std::string& acf_path_;
  bool has_dataset_ = false;
  std::string file_prefix_;
};

/// Line `n` (1-based) without its comment and surrounding blanks; `col0` is its first column.
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

/// True if the line reads as a command: `NAME/...`, `NAME,...` or `NAME` alone, where NAME is
/// an Adams command (or its abbreviation).
bool is_command_line(std::string_view line) {
  size_t e = 0;
  while (e < line.size() && (std::isalnum(static_cast<unsigned char>(line[e])) || line[e] == '_'))
    ++e;
  if (e == 0) return false;
  const std::string_view rest = trim(line.substr(e));
  if (!rest.empty() && rest[0] != '/' && rest[0] != ',') return false;
  std::string name(line.substr(0, e));
  for (auto& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (rest.empty() && name != "STOP") return false;  // a bare word is a file name
  return !resolve_command(name).empty();
}

/// Adams command files continue a line that ends in `&` on the next one: the `&` becomes a
/// blank and the next line is marked as a continuation (a leading `,` in the column before its
/// first character, or inserted at its start), so every other column keeps its place.
std::string join_ampersand_lines(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 16);
  bool continue_next = false;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    const bool last = nl == std::string_view::npos;
    if (last) nl = text.size();
    std::string line(text.substr(start, nl - start));
    const size_t bang = line.find('!');
    size_t end = bang == std::string::npos ? line.size() : bang;
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' || line[end - 1] == '\r'))
      --end;
    const bool blank_or_comment = end == 0;
    if (continue_next && !blank_or_comment) {
      size_t first = 0;
      while (first < line.size() && (line[first] == ' ' || line[first] == '\t')) ++first;
      if (line[first] != ',') {
        if (first > 0) {
          line[first - 1] = ',';
        } else {
          line.insert(line.begin(), ',');
          ++end;
        }
      }
      continue_next = false;
    }
    if (end > 0 && line[end - 1] == '&') {
      line[end - 1] = ' ';
      continue_next = true;
    }
    out += line;
    if (last) break;
    out += '\n';
    start = nl + 1;
  }
  return out;
}

/// True if `name` (relative to the .acf's folder, with or without `.adm`) is a file: then
/// line 1 is a dataset name even when it reads like a command (`sim/model`).
bool names_existing_file(const std::string& name, const std::string& acf_path) {
  namespace fs = std::filesystem;
  fs::path p(name);
  if (p.is_relative()) p = fs::path(acf_path).parent_path() / p;
  std::error_code ec;
  return fs::is_regular_file(p, ec) || fs::is_regular_file(fs::path(p) += ".adm", ec);
}

}  // namespace

Deck read_acf_text(const std::string& raw_text, const std::string& path, Diagnostics& diag) {
  const std::string* file = intern_path(path);
  Deck deck;
  deck.path = path;
  deck.root_tag = "acf";
  const size_t first = raw_text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && raw_text[first] == '<') {
    diag.error({file, 1, 0}, "",
               "this is not an Adams command file: it starts with '<' (XML). A MotionSolve deck "
               "needs the .xml extension; an Adams command file names the dataset on line 1 "
               "(or has FILE/MODEL=NAME), then commands such as SIMULATE/DYNAMIC, END=1, "
               "STEPS=100 and STOP");
    return deck;
  }
  if (raw_text.find('\0') != std::string::npos) {
    diag.error({file, 1, 0}, "",
               "this is not an Adams command file: it holds binary data (NUL bytes)");
    return deck;
  }
  const std::string text = join_ampersand_lines(raw_text);
  size_t col0 = 0;
  const std::string line1(line_at(text, 1, col0));
  const SourceLoc line1_loc{file, 1, static_cast<int>(col0 + 1)};
  std::vector<DeckNode> commands;
  CommandReader reader(deck, commands, diag, path);
  int skip_lines = 0;
  bool classic = false;
  if (line1.empty()) {
    skip_lines = 1;  // Adams/View: no dataset on line 1, FILE/MODEL= names it
  } else if (is_command_line(line1) && !names_existing_file(line1, path)) {
    skip_lines = 0;  // the commands start on line 1
  } else {
    classic = true;
    skip_lines = 2;
    if (line1.find_first_of("=,<>{}\"") != std::string::npos) {
      diag.error(line1_loc, "",
                 "line 1 of an Adams command file names the dataset (e.g. model or model.adm), "
                 "is blank, or is a command such as FILE/MODEL=model; '" +
                     line1 + "' is none of these");
      return deck;
    }
    const std::string line2(line_at(text, 2, col0));
    // An output prefix is a path (it may hold '/', as `out/run1`); a command on line 2 shows
    // itself by its arguments.
    if (is_command_line(line2) && line2.find_first_of("=,") != std::string::npos) {
      diag.error({file, 2, static_cast<int>(col0 + 1)}, "",
                 "line 2 of an Adams command file is the output prefix, but it holds the "
                 "command '" +
                     line2 + "': put the output prefix (e.g. " +
                     std::filesystem::path(line1).stem().string() +
                     ") on line 2, or leave line 2 blank, and the commands after it");
      return deck;
    }
    CommandReader::load_dataset(line1, line1_loc, deck, diag, path);
    reader.set_has_dataset();
    deck.output_prefix = line2;
  }
  for (const auto& raw : adm::split_statements(text, file, skip_lines, "STOP", diag)) {
    reader.read(raw);
  }
  if (!classic) {
    if (!reader.has_dataset()) {
      diag.error({file, 1, 0}, "",
                 "the command file names no dataset: give its name on line 1 (and the output "
                 "prefix on line 2), or a FILE/MODEL=NAME command");
    }
    deck.output_prefix = reader.prefix_from_file_command();
  }
  deck.commands.insert(deck.commands.end(), commands.begin(), commands.end());
  return deck;
}

Deck read_acf_file(const std::string& path, Diagnostics& diag) {
  return read_acf_text(read_text_file(path), path, diag);
}

}  // namespace mb
