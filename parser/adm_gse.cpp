#include "parser/adm_gse.hpp"

#include <string>

namespace mb::adm {

namespace {
constexpr ArgSpec kGseTable[] = {{"NS", ArgKind::kInt},
                                 {"NO", ArgKind::kInt},
                                 {"X", ArgKind::kInt},
                                 {"U", ArgKind::kInt},
                                 {"Y", ArgKind::kInt},
                                 {"IC", ArgKind::kInt},
                                 {"FUNCTION", ArgKind::kExpr},
                                 {"STATIC_HOLD", ArgKind::kFlag},
                                 {"ND", ArgKind::kInt},
                                 {"XD", ArgKind::kInt},
                                 {"ICD", ArgKind::kInt},
                                 {"SAMPLE_PERIOD", ArgKind::kExpr},
                                 {"SAMPLE_OFFSET", ArgKind::kReal},
                                 {"INTERFACE", ArgKind::kText}};

/// The first of `names` given, or nullptr; every one given is marked as read.
const Arg* first_of(NodeBuilder& b, std::initializer_list<std::string_view> names) {
  const Arg* first = nullptr;
  for (const Arg& a : b.statement().args) {
    for (auto n : names) {
      if (a.name == n && !first) first = &a;
    }
  }
  for (auto n : names) b.arg(n);
  return first;
}
}  // namespace

const std::span<const ArgSpec> kGseArgs = kGseTable;

void build_gse(NodeBuilder& b) {
  b.set_id();
  b.set_fixed("type", "USERSUB");
  b.copy_int("NS", "num_state");
  b.copy_int("NO", "num_output");
  b.copy_int("X", "x_solver_array_id");
  b.copy_int("U", "u_solver_array_id");
  b.copy_int("Y", "y_solver_array_id");
  b.copy_int("IC", "ic_solver_array_id");
  if (b.require("FUNCTION")) b.copy_text("FUNCTION", "usrsub_param_string");
  if (const Arg* a = b.arg("STATIC_HOLD")) b.set_from("is_static_hold", "TRUE", *a);
  // ND=0 alone declares no discrete state; any other of these makes the GSE a sampled one.
  const Arg* nd = b.arg("ND");
  if (nd && nd->values.size() == 1 && nd->values[0].text == "0") nd = nullptr;
  const Arg* discrete = first_of(b, {"XD", "ICD", "SAMPLE_PERIOD", "SAMPLE_OFFSET"});
  if (nd && (!discrete || nd->loc.line < discrete->loc.line ||
             (nd->loc.line == discrete->loc.line && nd->loc.col < discrete->loc.col))) {
    discrete = nd;
  }
  if (const Arg* a = discrete) {
    b.diag().error_grouped("adm-gse-discrete", a->loc, b.subject(),
                           "discrete states (ND, XD, ICD, SAMPLE_PERIOD, SAMPLE_OFFSET: the "
                           "sampled form of GSE) are not supported by mbsolve");
  }
  if (const Arg* a = first_of(b, {"INTERFACE"})) {
    b.diag().error_grouped("adm-gse-interface", a->loc, b.subject(),
                           "INTERFACE (separate GSE_DERIV, GSE_OUTPUT, GSE_UPDATE, GSE_SAMP "
                           "routines) is not supported by mbsolve; a GSE runs with a GSESUB "
                           "(FUNCTION=USER(..))");
  }
}

}  // namespace mb::adm
