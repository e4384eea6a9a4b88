#include "solver/sundials/sundials_session.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "solver/sundials/integration_failure.hpp"

namespace mb {

SundialsSession::SundialsSession(const SundialsPackage& package) : package_(package) {
  check(SUNContext_Create(nullptr, &ctx), "SUNContext_Create");
}

SundialsSession::~SundialsSession() {
  if (mem) package_.free_memory(&mem);
  if (nls) SUNNonlinSolFree(nls);
  if (ls) SUNLinSolFree(ls);
  if (matrix) SUNMatDestroy(matrix);
  for (N_Vector v : vectors_) N_VDestroy(v);
  if (ctx) SUNContext_Free(&ctx);
}

N_Vector SundialsSession::vector(sunindextype n) {
  N_Vector v = N_VNew_Serial(n, ctx);
  if (!v) throw Error(ExitCode::kInternal, "cannot create a SUNDIALS vector");
  vectors_.push_back(v);
  return v;
}

void SundialsSession::adopt(void* memory, const char* create) {
  mem = memory;
  if (!mem) throw Error(ExitCode::kInternal, fmt::format("{} failed", create));
}

void SundialsSession::check(int flag, const char* what) const {
  if (flag < 0) {
    throw Error(ExitCode::kInternal,
                fmt::format("{} setup failed in {} (flag {})", package_.setup_name, what, flag));
  }
}

void SundialsSession::set_step_limits(const TransientParams& params,
                                      std::optional<double> print_interval) {
  double hmax = params.h_max.value_or(0.0);
  if (print_interval && (hmax == 0.0 || hmax > *print_interval)) hmax = *print_interval;
  const auto named = [&](const char* function) {
    return fmt::format("{}{}", package_.prefix, function);
  };
  if (hmax > 0) check(package_.set_max_step(mem, hmax), named("SetMaxStep").c_str());
  if (params.h_min) check(package_.set_min_step(mem, *params.h_min), named("SetMinStep").c_str());
  if (params.h0) check(package_.set_init_step(mem, *params.h0), named("SetInitStep").c_str());
}

void SundialsSession::rethrow_pending() {
  if (pending_) {
    auto e = pending_;
    pending_ = nullptr;
    std::rethrow_exception(e);
  }
}

void SundialsSession::fail(int flag, double t_fallback, N_Vector like, int n,
                           const std::function<std::string(int)>& describe) const {
  realtype tcur = t_fallback, hlast = 0;
  package_.get_current_time(mem, &tcur);
  package_.get_last_step(mem, &hlast);
  N_Vector ele = N_VClone(like), ewt = N_VClone(like);
  std::string culprit = "unknown";
  if (package_.get_est_local_errors(mem, ele) == 0 && package_.get_err_weights(mem, ewt) == 0) {
    const int worst = largest_weighted_error(ele, ewt, n);
    if (worst >= 0) culprit = describe(worst);
  }
  N_VDestroy(ele);
  N_VDestroy(ewt);
  throw_integration_failure(package_.failure_name, tcur, hlast, package_.get_return_flag_name(flag),
                            flag, culprit);
}

double relative_tolerance(const TransientParams& params) {
  return std::max(1e-14, params.rel_abs_tol_ratio * params.integr_tol);
}

}  // namespace mb
