#include "parser/acf_linear.hpp"

#include <string>

#include "common/text.hpp"

namespace mb::adm {

namespace {

constexpr ArgKind F = ArgKind::kFlag;
constexpr ArgKind IS = ArgKind::kInts;
constexpr ArgKind W = ArgKind::kWord;

/// LINEAR/EIGENSOL | STATEMAT: the analysis (a Param_Linear, then a Simulate of type Linear).
constexpr ArgSpec kLinearArgTable[] = {{"EIGENSOL", F},
                                       {"STATEMAT", F},
                                       {"MKB", F},
                                       {"EXPORT", F},
                                       {"NODAMPING", F},
                                       {"PINPUT", ArgKind::kInt},
                                       {"POUTPUT", ArgKind::kInt},
                                       {"FORMAT", W},
                                       {"FILE", W},
                                       {"COORDS", IS},
                                       {"DAMPING", IS},
                                       {"ENERGY", IS},
                                       {"KINETIC", F},
                                       {"STRAIN", F},
                                       {"DISSIPAT", F},
                                       {"NOVECTOR", F},
                                       {"PSTATE", ArgKind::kInt},
                                       {"RM", ArgKind::kInt}};

/// COORDS=i1[,i2] / ENERGY=i1[,i2]: a range of mode numbers, as the Param_Linear attribute
/// `attr` ("i1,i2").
void mode_list(NodeBuilder& b, const char* name, const char* attr, Diagnostics& diag) {
  const Arg* a = b.arg(name);
  if (!a) return;
  std::vector<long long> modes;
  for (const Token& t : a->values) {
    if (auto v = b.integer(*a, t)) modes.push_back(*v);
  }
  if (modes.size() != a->values.size()) return;  // reported by integer()
  if (modes.empty() || modes.size() > 2 || modes.front() < 1 || modes.front() > modes.back()) {
    diag.error(a->loc, "LINEAR",
               std::string(name) +
                   "= expects one mode number or two (first, last), from 1, first <= last");
    return;
  }
  b.set_from(attr, std::to_string(modes.front()) + "," + std::to_string(modes.back()), *a);
}

}  // namespace

const std::span<const ArgSpec> kLinearArgs = kLinearArgTable;

/// LINEAR/EIGENSOL (eigenvalues and mode shapes) or LINEAR/STATEMAT (the state matrices of
/// PINPUT= and POUTPUT=), with NODAMPING: a Param_Linear command, then a Simulate of type
/// Linear at the state reached.
void build_linear(const Statement& st, std::vector<DeckNode>& commands, Diagnostics& diag) {
  NodeBuilder b("param_linear", st, "LINEAR", diag);
  const Arg* eigensol = b.arg("EIGENSOL");
  const Arg* statemat = b.arg("STATEMAT");
  for (auto kind : {"MKB", "EXPORT"}) {
    if (const Arg* a = b.arg(kind)) {
      diag.error(a->loc, "LINEAR",
                 std::string("LINEAR/") + kind +
                     " is not supported by mbsolve (supported: EIGENSOL, STATEMAT)");
    }
  }
  if (!eigensol && !statemat && !b.has("MKB") && !b.has("EXPORT")) {
    diag.error(st.loc, "LINEAR",
               "missing EIGENSOL or STATEMAT (LINEAR/EIGENSOL or "
               "LINEAR/STATEMAT, PINPUT=id, POUTPUT=id)");
  }
  // Each LINEAR command stands alone: both settings are set, not carried from the last one.
  b.set_fixed("eigen_analysis", eigensol || !statemat ? "TRUE" : "FALSE");
  const Arg* nodamping = b.arg("NODAMPING");
  if (nodamping) {
    b.set_from("disable_damping", "TRUE", *nodamping);
  } else {
    b.set_fixed("disable_damping", "FALSE");
  }
  const bool pinput = b.copy_int("PINPUT", "pinput_id");
  const bool poutput = b.copy_int("POUTPUT", "poutput_id");
  if ((pinput || poutput) && !statemat) {
    diag.error(b.arg(pinput ? "PINPUT" : "POUTPUT")->loc, "LINEAR",
               "PINPUT= and POUTPUT= belong to LINEAR/STATEMAT");
  }
  if (statemat && !pinput && !poutput) {
    diag.error(st.loc, "LINEAR",
               "STATEMAT needs PINPUT=id and/or POUTPUT=id (the plant "
               "inputs and outputs of the state matrices)");
  }
  if (const Arg* a = b.arg("FORMAT")) {
    const std::string f = a->values.empty() ? "" : a->values[0].text;
    if (!iequals(f, "MATLAB") && !iequals(f, "MATRIXX")) {
      diag.error(a->loc, "LINEAR", "FORMAT: expected MATLAB or MATRIXX, got '" + f + "'");
    } else if (iequals(f, "MATRIXX")) {
      diag.warning(a->loc, "LINEAR",
                   "FORMAT=MATRIXX is not written by mbsolve: the state matrices go to "
                   "MATLAB ASCII files (PREFIX.a, .b, .c, .d) and PREFIX_statemat.csv");
    }
  }
  mode_list(b, "COORDS", "shape_modes", diag);
  mode_list(b, "ENERGY", "energy_modes", diag);
  // ENERGY= with KINETIC, STRAIN or DISSIPAT chooses the energy tables; mbsolve computes the
  // kinetic share per body (PREFIX_modes.csv) and the strain share per element.
  const Arg* kinetic = b.arg("KINETIC");
  const Arg* strain = b.arg("STRAIN");
  const Arg* dissipat = b.arg("DISSIPAT");
  if ((kinetic || dissipat) && !strain) b.set_fixed("write_energy_dist", "FALSE");
  if (dissipat) {
    diag.warning(dissipat->loc, "LINEAR",
                 "DISSIPAT: mbsolve does not compute the dissipative energy distribution "
                 "(it reports kinetic energy per body and strain energy per element)");
  }
  if (const Arg* file = b.arg("FILE")) {
    if (!statemat) {
      diag.warning(file->loc, "LINEAR",
                   "FILE= names the state matrices' file: it belongs to LINEAR/STATEMAT and "
                   "is ignored here");
    } else {
      b.copy_word("FILE", "matrix_file");
    }
  }
  for (auto ignored : {"DAMPING", "NOVECTOR", "PSTATE", "RM"}) {
    if (const Arg* a = b.arg(ignored)) {
      diag.warning(a->loc, "LINEAR",
                   std::string(ignored) +
                       "= is not honoured by mbsolve and is ignored (the eigenvalues go to "
                       "PREFIX_eigen.csv, the mode shapes of every body to PREFIX_modes.csv, "
                       "the state matrices to PREFIX.a .. .d and PREFIX_statemat.csv)");
    }
  }
  commands.push_back(b.finish());
  Statement bare = st;  // the arguments belong to the Param_Linear
  bare.args.clear();
  NodeBuilder s("simulate", bare, "LINEAR", diag);
  s.set_fixed("analysis_type", "Linear");
  commands.push_back(s.finish());
}

}  // namespace mb::adm
