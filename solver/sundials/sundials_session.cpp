#include "solver/sundials/sundials_session.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "solver/sensor_events.hpp"
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
  default_hmax_ = hmax;
  default_h0_ = params.h0.value_or(0.0);
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

void SundialsSession::watch_events(const System& sys, Workspace& ws,
                                   const std::function<int(int)>& root_init) {
  if (sys.model().sensors.empty()) return;
  events_ = std::make_unique<SensorEvents>(sys, ws);
  const int n = events_->count();
  found_.assign(static_cast<size_t>(n), 0);
  check(root_init(n), fmt::format("{}RootInit", package_.prefix).c_str());
  std::vector<int> directions = events_->directions();
  check(package_.set_root_direction(mem, directions.data()),
        fmt::format("{}SetRootDirection", package_.prefix).c_str());
}

void SundialsSession::note_event(int flag) {
  event_ = flag == kRootReturn && events_;
  if (event_) check(package_.get_root_info(mem, found_.data()), "GetRootInfo");
}

void SundialsSession::set_restart_step(std::optional<double> h0) {
  check(package_.set_init_step(mem, h0.value_or(default_h0_)), "SetInitStep");
}

namespace {

/// The smallest positive of the limits (0: none).
double tightest(std::initializer_list<double> limits) {
  double h = 0;
  for (double l : limits) {
    if (l > 0 && (h == 0 || l < h)) h = l;
  }
  return h;
}

}  // namespace

void SundialsSession::limit_max_step(double hmax) {
  event_hmax_ = hmax;
  check(package_.set_max_step(mem, tightest({default_hmax_, event_hmax_, turn_hmax_})),
        "SetMaxStep");
}

void SundialsSession::limit_turn_per_step(double rate) {
  const double h = rate > 0 ? kMaxTurnPerStep / rate : 0.0;
  // Re-set only when the limit moves by more than a quarter or comes or goes (every step would
  // do, but the packages check their inputs on each call).
  if (h == turn_hmax_ || (h > 0 && turn_hmax_ > 0 && std::abs(h - turn_hmax_) < 0.25 * turn_hmax_))
    return;
  turn_hmax_ = h;
  check(package_.set_max_step(mem, tightest({default_hmax_, event_hmax_, turn_hmax_})),
        "SetMaxStep");
}

double relative_tolerance(const TransientParams& params) {
  return std::max(1e-14, params.rel_abs_tol_ratio * params.integr_tol);
}

}  // namespace mb
