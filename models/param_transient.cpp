#include "models/param_transient.hpp"

#include <algorithm>
#include <array>

namespace mb {

namespace {
/// integrator_type's keywords, in the order of enum Integrator.
constexpr std::array<std::string_view, 6> kIntegratorNames = {"DSTIFF", "GSTIFF", "HSTIFF",
                                                              "VSTIFF", "MSTIFF", "ABAM"};

std::optional<double> positive(ElementReader& in, std::string_view name) {
  auto v = in.real(name);
  if (v && *v <= 0) {
    in.error(name, std::string(name) + " must be > 0 (got " + in.attr(name)->value + ")");
    return std::nullopt;
  }
  return v;
}
}  // namespace

std::string_view integrator_name(Integrator integrator) {
  return kIntegratorNames[static_cast<size_t>(integrator)];
}

void build_param_transient(ElementReader& in, ModelDraft& draft, bool in_command) {
  TransientParams p = settings_in_force(draft, in_command, Command::Kind::kParamTransient,
                                        &ModelDraft::transient, &Command::transient);
  if (auto t = in.keyword("integrator_type", kIntegratorNames)) {
    const auto at = std::find(kIntegratorNames.begin(), kIntegratorNames.end(), *t);
    p.integrator = static_cast<Integrator>(at - kIntegratorNames.begin());
    p.integrator_named = true;
  }
  if (in.has("dae_index")) p.integrator_named = true;
  if (auto v = positive(in, "integr_tol")) p.integr_tol = *v;
  if (auto v = positive(in, "h_max")) p.h_max = *v;
  if (auto v = positive(in, "h_min")) p.h_min = *v;
  if (auto v = positive(in, "h0_max")) p.h0 = *v;
  if (auto v = positive(in, "rel_abs_tol_ratio")) p.rel_abs_tol_ratio = *v;
  if (auto v = in.integer("max_order", 1, 5)) p.max_order = static_cast<int>(*v);
  if (auto v = in.integer("dae_index", 1, 3)) p.dae_index = static_cast<int>(*v);
  for (auto n : {"dae_constr_tol", "dae_corrector_maxit", "dae_corrector_minit", "dae_vel_ctrl",
                 "dae_jacob_eval", "dae_eval_expiry", "dae_jacob_init", "dae_interpolation",
                 "vel_tol_factor", "dae_alg_tol_factor"}) {
    if (in.has(n)) in.warning(n, std::string(n) + " is not honoured yet and is ignored");
  }
  if (in_command) {
    Command c;
    c.kind = Command::Kind::kParamTransient;
    c.transient = p;
    c.loc = in.node().loc;
    draft.commands.push_back(c);
  } else {
    draft.transient = p;
  }
}

}  // namespace mb
