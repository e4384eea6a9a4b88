#include "parser/adm_setting_statements.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "common/user_library.hpp"
#include "parser/adm_user_routine.hpp"

namespace mb::adm {

namespace {

using namespace arg_kinds;

constexpr ArgSpec kEquilibriumArgs[] = {{"IMBALANCE", R},
                                        {"MAXIT", I},
                                        {"ALIMIT", R},
                                        {"ERROR", R},
                                        {"PATTERN", W},
                                        {"STABILITY", R},
                                        {"TLIMIT", R},
                                        {"METHOD", W},
                                        {"ATOL", R},
                                        {"RTOL", R},
                                        {"MAXITL", I},
                                        {"ETAMAX", R},
                                        {"ETA", R},
                                        {"STATIC", F},
                                        {"DYNAMIC", F},
                                        {"SETTLING_TIME", R},
                                        {"GLOBAL_DAMPING", R},
                                        {"ACCELERATION_ERROR", R},
                                        {"KINETIC_ENERGY_ERROR", R}};
constexpr ArgSpec kKinematicsArgs[] = {{"AERROR", R},   {"ALIMIT", R},  {"AMAXIT", I},
                                       {"APATTERN", W}, {"ERROR", R},   {"HMAX", R},
                                       {"MAXIT", I},    {"PATTERN", W}, {"TLIMIT", R}};
constexpr ArgSpec kPreferencesArgs[] = {{"CONTACT_FACETING_TOLERANCE", R},
                                        {"CONTACT_GEOMETRY_LIBRARY", W},
                                        {"FLEX_LIMIT_CHECK", W},
                                        {"FLEX_LIMIT_CHECK_ACTION", W},
                                        {"NTHREADS", I},
                                        {"SIMFAIL", W},
                                        {"SOLVERBIAS", W},
                                        {"STATUS_MESSAGE", W},
                                        {"LIBPATH", T}};
constexpr ArgSpec kDebugArgs[] = {{"DOF", F},     {"DUMP", F},    {"EPRINT", F},   {"JMDUMP", F},
                                  {"REQDUMP", F}, {"RHSDUMP", F}, {"TOPOLOGY", F}, {"VERBOSE", F}};
constexpr ArgSpec kOutputArgs[] = {
    {"REQSAVE", F}, {"GRSAVE", F},   {"NOPRINT", F},  {"NOSEPARATOR", F}, {"SEPARATOR", F},
    {"DSCALE", R},  {"OSFORMAT", F}, {"TELETYPE", F}, {"YPR", F},         {"DAC", F},
    {"RPCIII", F},  {"CHART", F},    {"DACSAVE", F},  {"RPCSAVE", F}};
constexpr ArgSpec kResultsArgs[] = {{"XRF", F},
                                    {"FORMATTED", F},
                                    {"COMMENT", T},
                                    {"DECIMALS", I},
                                    {"NOACCELERATIONS", F},
                                    {"NOAPPLIEDFORCES", F},
                                    {"NOCONTACTS", F},
                                    {"NODATASTRUCTURES", F},
                                    {"NODISPLACEMENTS", F},
                                    {"NOFLOATINGMARKERS", F},
                                    {"NOLINEAR", F},
                                    {"NOREACTIONFORCES", F},
                                    {"NOREQUESTS", F},
                                    {"NOSYSTEMELEMENTS", F},
                                    {"NOTIRES", F},
                                    {"NOVELOCITIES", F},
                                    {"ROUNDOFF", F},
                                    {"SCIENTIFIC", RS},
                                    {"SIGNIFICANT_FIGURES", I},
                                    {"TRAILING_ZEROS", F},
                                    {"ZERO_THRESHOLD", R}};

/// EQUILIBRIUM -> param_static: IMBALANCE (largest force/torque imbalance) -> max_error;
/// MAXIT -> max_num_iter. The rest (ALIMIT, ERROR, PATTERN, STABILITY, TLIMIT, METHOD, ..) tunes
/// Adams' own static methods: one warning.
void build_equilibrium(NodeBuilder& b) {
  if (const Arg* a = b.arg("IMBALANCE"); a && !a->values.empty()) {
    std::string text;
    if (auto v = b.real(*a, a->values[0], &text)) {
      if (*v > 0) {
        b.set("max_error", text, a->loc, a->values[0].loc, a->spelled);
      } else {
        b.diag().error(a->values[0].loc, b.subject(), "IMBALANCE must be > 0, got " + text);
      }
    }
  }
  if (const Arg* a = b.arg("MAXIT"); a && !a->values.empty()) {
    if (auto v = b.integer(*a, a->values[0])) {
      if (*v >= 1 && *v <= 100000) {
        b.set("max_num_iter", std::to_string(*v), a->loc, a->values[0].loc, a->spelled);
      } else {
        b.diag().error(a->values[0].loc, b.subject(), "MAXIT must be from 1 to 100000");
      }
    }
  }
  b.ignore_rest(
      "mbsolve's static analysis is a Newton iteration on the force imbalance, controlled by "
      "IMBALANCE and MAXIT");
}

/// Solver statements with no mbsolve setting: one warning naming what is ignored.
void build_kinematics(NodeBuilder& b) {
  b.ignore_rest(
      "its kinematic analysis solves positions, velocities and accelerations to "
      "fixed tight tolerances");
}

/// PREFERENCES/LIBPATH="a:b" names folders to look for user libraries in (after the dataset's
/// own folder; a relative folder is relative to the dataset's). The rest tunes Adams/Solver.
void build_preferences(NodeBuilder& b) {
  if (const Arg* a = b.arg("LIBPATH"); a && b.library_folders()) {
    const SourceLoc& loc = b.statement().loc;
    const std::filesystem::path deck_dir =
        loc.file ? std::filesystem::path(*loc.file).parent_path() : std::filesystem::path();
    std::string_view list = trim(a->value);
    if (list.size() >= 2 && (list.front() == '"' || list.front() == '\'') &&
        list.back() == list.front()) {
      list = list.substr(1, list.size() - 2);
    }
    for (const std::filesystem::path& p : split_folders(list, ":;")) {
      b.library_folders()->push_back(p.is_absolute() || deck_dir.empty() ? p : deck_dir / p);
    }
    if (b.library_folders()->empty()) {
      b.diag().error(a->value_loc, b.subject(),
                     "LIBPATH names no folder (a list of folders separated by ':' or ';')");
    }
  }
  b.ignore_rest("Adams/Solver preferences");
}

void build_debug(NodeBuilder& b) { b.ignore_rest("Adams/Solver diagnostics; see the .log file"); }

void build_listing(NodeBuilder& b) {
  b.diag().warning(b.statement().loc, "",
                   b.statement().name +
                       " (the Adams listing of the dataset) is not used by "
                       "mbsolve; ignored");
}

// OUTPUT/REQSAVE and RESULTS/ become a ResOutput with the mbsolve attributes adams_req_file and
// adams_res_file: the request file PREFIX.req and the XML results file PREFIX.res
// (app/adams_result_files.hpp), beside the CSV, JSON and log.
void build_output(NodeBuilder& b) {
  if (b.has("REQSAVE")) b.set_fixed("adams_req_file", "TRUE");
  b.arg("GRSAVE");  // mbsolve always writes the parts' poses (CSV body<id>.*, .res parts)
  b.ignore_rest("Adams output-file options; mbsolve writes its CSV, JSON and log files");
}

void build_results(NodeBuilder& b) {
  b.set_fixed("adams_res_file", "TRUE");  // always the XML format (XRF)
  b.arg("XRF");
  b.arg("FORMATTED");
  b.ignore_rest("Adams results-file options; mbsolve writes the XML results file (XRF)");
}

}  // namespace

std::span<const StatementRow> setting_statements() {
  static const StatementRow kRows[] = {
      {"DEBUG", kDebugArgs, "", build_debug},
      {"EQUILIBRIUM", kEquilibriumArgs, "param_static", build_equilibrium},
      {"KINEMATICS", kKinematicsArgs, "", build_kinematics},
      {"LIST", {}, "", build_listing},
      {"NOLIST", {}, "", build_listing},
      {"OUTPUT", kOutputArgs, "resoutput", build_output},
      {"PREFERENCES", kPreferencesArgs, "", build_preferences},
      {"RESULTS", kResultsArgs, "resoutput", build_results},
  };
  return kRows;
}

}  // namespace mb::adm
