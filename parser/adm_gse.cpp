#include "parser/adm_gse.hpp"

#include <string>

#include "parser/adm_user_routine.hpp"

namespace mb::adm {

namespace {
constexpr ArgSpec kGseTable[] = {{"NS", ArgKind::kInt},
                                 {"NO", ArgKind::kInt},
                                 {"X", ArgKind::kInt},
                                 {"U", ArgKind::kInt},
                                 {"Y", ArgKind::kInt},
                                 {"IC", ArgKind::kInt},
                                 {"FUNCTION", ArgKind::kExpr},
                                 {"ROUTINE", ArgKind::kText},
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
  const Arg* interface = b.arg("INTERFACE");
  if (b.require("FUNCTION") && !interface) {
    user_routine(b, "GSESUB");
  } else if (b.has("FUNCTION")) {
    // INTERFACE=lib::gse_deriv, ...: the library is checked like ROUTINE's.
    b.copy_text("FUNCTION", "usrsub_param_string");
    const std::string_view list = interface->value;
    if (const auto name = split_routine(list.substr(0, list.find(',')))) {
      check_user_library(b, *interface, name->library);
    }
  }
  if (const Arg* a = b.arg("STATIC_HOLD")) b.set_from("is_static_hold", "TRUE", *a);
  // The sampled form: ND discrete states updated at SAMPLE_OFFSET + k SAMPLE_PERIOD by the
  // GSESUB (models/control_stateeqn.hpp checks the values and the arrays).
  const Arg* nd = b.arg("ND");
  b.copy_int("ND", "num_discrete_state");
  b.copy_int("XD", "xd_solver_array_id");
  b.copy_int("ICD", "icd_solver_array_id");
  b.copy_text("SAMPLE_PERIOD", "sample_period");
  b.copy_real("SAMPLE_OFFSET", "sample_offset");
  const bool discrete = nd && !(nd->values.size() == 1 && nd->values[0].text == "0");
  if (discrete && !b.has("SAMPLE_PERIOD")) {
    b.diag().error(nd->loc, b.subject(),
                   "ND declares discrete states, which need SAMPLE_PERIOD (the time between "
                   "their updates; SAMPLE_OFFSET, default 0, the first update)");
  }
  if (const Arg* a = first_of(b, {"XD", "ICD", "SAMPLE_PERIOD", "SAMPLE_OFFSET"}); a && !discrete) {
    b.diag().error(a->loc, b.subject(),
                   a->name +
                       " belongs to the discrete states of a sampled GSE, but ND (their "
                       "number) is " +
                       (nd ? "0" : "not given"));
  }
  if (const Arg* a = first_of(b, {"INTERFACE"})) {
    b.diag().error_grouped("adm-gse-interface", a->loc, b.subject(),
                           "INTERFACE (separate GSE_DERIV, GSE_OUTPUT, GSE_UPDATE, GSE_SAMP "
                           "routines) is not supported by mbsolve; a GSE runs with a GSESUB "
                           "(FUNCTION=USER(..))");
  }
}

}  // namespace mb::adm
