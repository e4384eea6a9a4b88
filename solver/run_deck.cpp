#include "solver/run_deck.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <filesystem>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "common/text.hpp"
#include "models/command_edits.hpp"
#include "models/model_builder.hpp"
#include "parser/read_deck.hpp"
#include "results/atomic_file.hpp"
#include "results/csv_result_writer.hpp"
#include "results/output_prefix.hpp"
#include "solver/analysis_runner.hpp"
#include "solver/body_outputs.hpp"
#include "solver/request_outputs.hpp"
#include "usersub/user_call.hpp"

namespace mb {

const char* mbsolve_version() { return "0.1.0"; }

namespace {

/// Log lines go to PREFIX.log and, depending on verbosity, to stderr.
class Log {
 public:
  explicit Log(Verbosity v) : verbosity_(v) {}
  void line(const std::string& s, bool important = false) {
    text_ << s << '\n';
    if (verbosity_ == Verbosity::kVerbose || (important && verbosity_ != Verbosity::kQuiet)) {
      std::cerr << s << '\n';
    }
  }
  std::string text() const { return text_.str(); }

 private:
  Verbosity verbosity_;
  std::ostringstream text_;
};

std::string now_iso8601() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

/// Writes result rows as the analysis produces them; a progress line when stderr is a TTY.
/// Commands between Simulates may rebuild the System (Activate, Deactivate, modifications): the
/// request evaluator follows the System of each row; the columns stay those of the first.
/// Several rows at one time (a restart) are kept as ResOutput abf_unique_time says.
class CsvObserver : public AnalysisObserver {
 public:
  CsvObserver(CsvResultWriter& csv, Log& log, const System& sys, const RequestOutputs& requests,
              bool progress)
      : csv_(csv),
        log_(log),
        sys_(&sys),
        requests_(&requests),
        unique_time_(sys.model().results.unique_time),
        n_body_(body_output_columns(sys).size()),
        row_(1 + n_body_ + requests.size()),
        progress_(progress) {}
  void output(double t, const System& sys, const std::vector<double>& y,
              const std::vector<double>& yp) override {
    using UniqueTime = ResultOptions::UniqueTime;
    const bool repeated = (csv_.rows() > 0 || held_) && t <= last_t_;
    if (repeated && unique_time_ == UniqueTime::kFirst) return;
    if (&sys != sys_) {
      rebuilt_.emplace_back(sys);
      sys_ = &sys;
      requests_ = &rebuilt_.back();
    }
    if (held_ && !repeated) csv_.write_row(row_);  // LAST: the held row was the last at its time
    row_[0] = t;
    body_output_values(sys, y.data(), std::span<double>(row_).subspan(1, n_body_));
    requests_->values(t, y.data(), yp.data(), std::span<double>(row_).subspan(1 + n_body_));
    if (unique_time_ == UniqueTime::kLast) {
      held_ = true;
    } else {
      csv_.write_row(row_);
    }
    last_t_ = t;
    if (progress_) std::cerr << fmt::format("\rt = {:<12.6g}", t) << std::flush;
  }
  void log(const std::string& line) override { log_.line(line); }
  /// Writes a held row (abf_unique_time LAST) and ends the progress line.
  void end() {
    if (held_) csv_.write_row(row_);
    held_ = false;
    if (progress_) std::cerr << '\r' << std::string(20, ' ') << '\r';
  }

 private:
  CsvResultWriter& csv_;
  Log& log_;
  const System* sys_;
  const RequestOutputs* requests_;
  std::deque<RequestOutputs> rebuilt_;
  ResultOptions::UniqueTime unique_time_;
  size_t n_body_;
  std::vector<double> row_;
  double last_t_ = 0;
  bool held_ = false;
  bool progress_;
};

struct Summary {
  ExitCode code = ExitCode::kSuccess;
  std::string message;
  IntegratorStats stats;
  int bodies = 0, constraints = 0, dof = 0, redundant_removed = 0;
  double end_time = 0;
  long outputs = 0;
  std::vector<TransientForm> transient_forms;
};

void write_summary(const std::string& prefix, const RunOptions& opt, const Summary& s, double wall,
                   double cpu) {
  nlohmann::ordered_json j;
  j["status"] = s.code == ExitCode::kSuccess ? "ok"
                : is_interruption(s.code)    ? "interrupted"
                                             : "failed";
  j["exit_code"] = to_int(s.code);
  j["message"] = s.message;
  j["mbsolve_version"] = mbsolve_version();
  j["deck"] = opt.deck_path;
  nlohmann::ordered_json overrides = nlohmann::ordered_json::object();
  for (const auto& o : opt.overrides) overrides[o.name] = o.value;
  j["overrides"] = overrides;
  j["end_time"] = s.end_time;
  j["output_rows"] = s.outputs;
  j["steps"] = s.stats.steps;
  j["residual_evals"] = s.stats.residual_evals;
  j["jacobian_evals"] = s.stats.jacobian_evals;
  j["newton_iters"] = s.stats.newton_iters;
  j["error_test_fails"] = s.stats.error_test_fails;
  j["wall_s"] = wall;
  j["cpu_s"] = cpu;
  j["bodies"] = s.bodies;
  j["constraints"] = s.constraints;
  j["dof"] = s.dof;
  j["redundant_constraints_removed"] = s.redundant_removed;
  nlohmann::ordered_json forms = nlohmann::ordered_json::array();
  for (const TransientForm& f : s.transient_forms) {
    forms.push_back({{"integrator", f.integrator}, {"form", f.form}, {"reason", f.reason}});
  }
  j["transient_forms"] = forms;
  write_file_atomically(prefix + ".json", j.dump(2) + "\n");
}

/// The deck with the --set overrides applied: read from the file, or copied from the deck a
/// worker read once.
Deck read_deck_for_run(const RunOptions& opt, Diagnostics& diag) {
  if (!opt.preloaded_deck) {
    return read_deck_file(opt.deck_path, opt.overrides, diag);
  }
  Deck deck = *opt.preloaded_deck;
  apply_path_overrides(deck, opt.overrides, diag);
  return deck;
}

/// An Adams dataset holds the model only; the analysis comes from a command file. Says how to
/// write one, in Adams words, when a dataset is run on its own.
void require_adams_analysis(const Deck& deck, Diagnostics& diag) {
  if (deck.root_tag != "adm") return;
  if (std::any_of(deck.commands.begin(), deck.commands.end(),
                  [](const DeckNode& n) { return n.tag == "simulate"; })) {
    return;
  }
  const std::filesystem::path p(deck.path);
  const std::string name = p.stem().string();
  diag.add({Severity::kError,
            {intern_path(deck.path), 0, 0},
            "",
            fmt::format("an Adams dataset holds the model, not the analysis: write a command "
                        "file {0}.acf beside it (line 1 the dataset, line 2 the output prefix, "
                        "then the commands) and run mbsolve {0}.acf; for example:",
                        name),
            fmt::format("  {}\n  {}\n  SIMULATE/DYNAMIC, END=1.0, STEPS=100\n  STOP",
                        p.filename().string(), name)});
}

/// A copy of the worker's model with the case's value overrides applied, or nothing when the
/// case needs a build from the deck.
std::optional<Model> reuse_preloaded_model(const RunOptions& opt) {
  if (!opt.preloaded_model || !opt.preloaded_deck) return std::nullopt;
  Model m = *opt.preloaded_model;
  if (!apply_value_overrides(*opt.preloaded_deck, opt.overrides, m)) return std::nullopt;
  return m;
}

/// A user routine that calls exit() ends the process in the middle of the analysis, where no
/// result would be written and the exit status would be the routine's. The atexit handler runs
/// the function bound here (the run's failure path: rows so far, JSON, log) and ends the process
/// with exit 1 instead.
std::function<void()>* g_on_unexpected_exit = nullptr;

void finish_unexpected_exit() {
  if (std::function<void()>* f = g_on_unexpected_exit) {
    g_on_unexpected_exit = nullptr;
    (*f)();
  }
}

class UnexpectedExitGuard {
 public:
  explicit UnexpectedExitGuard(std::function<void()>& on_exit) : previous_(g_on_unexpected_exit) {
    static const bool registered = std::atexit(finish_unexpected_exit) == 0;
    (void)registered;
    g_on_unexpected_exit = &on_exit;
  }
  ~UnexpectedExitGuard() { g_on_unexpected_exit = previous_; }
  UnexpectedExitGuard(const UnexpectedExitGuard&) = delete;
  UnexpectedExitGuard& operator=(const UnexpectedExitGuard&) = delete;

 private:
  std::function<void()>* previous_;
};

/// The message for a process that exits during the analysis, naming the user routine that
/// called exit() when there is one.
std::string unexpected_exit_message() {
  if (const UserCall* c = current_user_call()) {
    return fmt::format(
        "{}: user subroutine {} called exit() at t = {:.10g}; a routine must return (report a "
        "fatal error with c_errmes(..., endflg = 1), in Python py_errmes or an exception)",
        c->sub.subject, c->sub.describe(), c->state.t);
  }
  return "the process was ended by exit() during the analysis (a user library called it?)";
}

/// A deck error found while solving (building the System, running a Simulate) as a diagnostic
/// line: at the element its message names ("Force_Scalar_TwoBody 4: ..."), else at the Simulate
/// that was running (`running`), else without a position.
std::string deck_error_line(const Deck* deck, const SourceLoc& running,
                            const std::string& message) {
  SourceLoc loc = running;
  const size_t colon = message.find(": ");
  const std::string_view subject = std::string_view(message).substr(0, colon);
  const size_t space = subject.rfind(' ');
  if (deck && colon != std::string::npos && space != std::string_view::npos) {
    const std::string tag = to_lower(subject.substr(0, space));
    const std::string_view id = subject.substr(space + 1);
    for (const auto* nodes : {&deck->model, &deck->commands}) {
      for (const DeckNode& n : *nodes) {
        // The element's tag, or its name as written (an Adams statement: PART for body_rigid).
        const bool named = n.tag == tag || to_lower(n.spelled) == tag;
        const DeckAttribute* a = named ? n.find("id") : nullptr;
        if (a && trim(a->value) == id) loc = n.loc;
      }
    }
  }
  return loc.line > 0 ? loc.str() + ": error: " + message : "error: " + message;
}

}  // namespace

ExitCode run_deck(const RunOptions& opt) {
  const auto wall0 = std::chrono::steady_clock::now();
  const std::clock_t cpu0 = std::clock();
  std::string prefix = output_prefix(opt.deck_path, opt.prefix);
  Log log(opt.verbosity);
  Summary sum;
  log.line(fmt::format("mbsolve {} on {} ({})", mbsolve_version(), opt.deck_path, now_iso8601()));

  auto finish = [&](ExitCode code, const std::string& message) {
    sum.code = code;
    sum.message = message;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    log.line(
        fmt::format("steps {}, residual evaluations {}, Jacobian evaluations {}, Newton "
                    "iterations {}, error test failures {}",
                    sum.stats.steps, sum.stats.residual_evals, sum.stats.jacobian_evals,
                    sum.stats.newton_iters, sum.stats.error_test_fails));
    log.line(fmt::format("wall time {:.3f} s, cpu time {:.3f} s", wall, cpu));
    log.line(code == ExitCode::kSuccess ? "status: ok"
             : is_interruption(code)    ? "status: interrupted: " + message
                                        : "status: failed: " + message);
    try {
      write_summary(prefix, opt, sum, wall, cpu);
      write_file_atomically(prefix + ".log", log.text());
    } catch (const Error& e) {
      std::cerr << "mbsolve: " << e.what() << '\n';
      return code == ExitCode::kSuccess ? e.code() : code;
    }
    return code;
  };

  // A user routine that calls exit(): the rows so far, the JSON and the log, then exit 1.
  CsvResultWriter* csv_in_run = nullptr;
  std::function<void()> on_exit = [&] {
    const std::string message = unexpected_exit_message();
    std::cerr << "mbsolve: analysis failed: " << message << '\n';
    try {
      if (csv_in_run) {
        sum.outputs = static_cast<long>(csv_in_run->rows());
        csv_in_run->finish();
      }
      finish(ExitCode::kAnalysisFailed, message);
    } catch (const std::exception& e) {
      std::cerr << "mbsolve: " << e.what() << '\n';
    }
    std::cerr.flush();
    std::_Exit(to_int(ExitCode::kAnalysisFailed));
  };
  const UnexpectedExitGuard exit_guard(on_exit);

  Deck deck;
  const Deck* deck_read = opt.preloaded_deck ? opt.preloaded_deck : &deck;
  try {
    std::error_code ec;
    if (!std::filesystem::exists(opt.deck_path, ec)) {
      std::cerr << "mbsolve: " << opt.deck_path << ": no such file\n";
      return ExitCode::kInputNotFound;
    }
    Diagnostics diag;
    std::optional<Model> model = reuse_preloaded_model(opt);
    if (model) log.line("model reused from the worker's first build (value overrides only)");
    if (!model) deck = read_deck_for_run(opt, diag);
    const std::string& acf_prefix = model ? opt.preloaded_deck->output_prefix : deck.output_prefix;
    if (opt.prefix.empty() && !acf_prefix.empty()) {
      // An Adams command file names its output prefix, relative to the file's folder.
      prefix = (std::filesystem::path(opt.deck_path).parent_path() / acf_prefix).string();
    }
    if (const auto problem = output_prefix_problem(prefix)) {
      std::cerr << "mbsolve: " << *problem << '\n';
      return ExitCode::kUsage;  // nothing can be written, not even the JSON
    }
    if (!model && !diag.has_errors()) require_adams_analysis(deck, diag);
    if (!model && !diag.has_errors()) model = build_model(deck, diag);
    for (const auto& d : diag.all()) {
      log.line(d.str(), opt.verbosity != Verbosity::kQuiet || d.severity == Severity::kError);
    }
    if (diag.has_errors() || !model) {
      if (opt.verbosity == Verbosity::kQuiet) {
        for (const auto& d : diag.all()) {
          if (d.severity == Severity::kError) std::cerr << d.str() << '\n';
        }
      }
      std::filesystem::remove(prefix + ".csv", ec);  // no stale result may claim success
      std::cerr << fmt::format("mbsolve: {} error(s) in {}; nothing was solved\n",
                               diag.error_count(), opt.deck_path);
      return finish(ExitCode::kDeckError,
                    fmt::format("{} error(s) in the deck", diag.error_count()));
    }
    const System sys(*model);
    sum.bodies = sys.num_moving_bodies();
    sum.constraints = sys.num_constraint_equations();
    sum.dof = sys.dof();
    // The degrees of freedom are logged after the analyses, once the redundant constraint
    // equations are known, so that the log and the JSON give the same number.
    log.line(fmt::format("model: {} moving bodies, {} markers, {} joints ({} constraint equations)",
                         sum.bodies, model->markers.size(), model->joints.size(), sum.constraints));
    std::vector<ResultColumn> cols = {
        {"time", model->units.time.empty() ? "time" : model->units.time}};
    for (auto& c : body_output_columns(sys)) cols.push_back(std::move(c));
    const RequestOutputs requests(sys);
    for (auto& c : requests.columns()) cols.push_back(std::move(c));
    const Units& u = model->units;
    const std::vector<std::string> comments = {
        fmt::format("mbsolve {}", mbsolve_version()), "deck: " + opt.deck_path,
        "date: " + now_iso8601(),
        u.mass.empty()
            ? fmt::format("units: deck units with mass_mult_factor {:g}; angles in radians",
                          u.mass_factor)
            : fmt::format("units: force={} mass={} length={} time={} angle=radian", u.force, u.mass,
                          u.length, u.time)};
    CsvResultWriter csv(prefix + ".csv", comments, cols);
    csv_in_run = &csv;
    CsvObserver obs(csv, log, sys, requests, opt.verbosity != Verbosity::kQuiet && ::isatty(2));
    const RunReport rep = run_analyses(sys, obs);
    obs.end();
    sum.stats = rep.stats;
    sum.redundant_removed = rep.redundant_constraints_removed;
    sum.transient_forms = rep.transient_forms;
    sum.dof = sys.dof() + rep.redundant_constraints_removed;
    log.line(rep.redundant_constraints_removed > 0
                 ? fmt::format("{} degrees of freedom ({} of the {} constraint equations are "
                               "redundant and were removed)",
                               sum.dof, rep.redundant_constraints_removed, sum.constraints)
                 : fmt::format("{} degrees of freedom", sum.dof));
    sum.end_time = rep.time;
    sum.outputs = static_cast<long>(csv.rows());
    if (rep.code == ExitCode::kDeckError) {
      csv_in_run = nullptr;
      std::filesystem::remove(prefix + ".csv", ec);
      const std::string line = deck_error_line(deck_read, rep.loc, rep.message);
      std::cerr << line << '\n';
      log.line(line);
      return finish(rep.code, line);
    }
    csv_in_run = nullptr;
    csv.finish();  // rows up to a failure or an interruption are kept
    if (is_interruption(rep.code)) {
      std::cerr << fmt::format("mbsolve: {} at t = {:g}; {} rows written to {}.csv\n",
                               rep.message.substr(0, rep.message.find(';')), rep.time, sum.outputs,
                               prefix);
      return finish(rep.code, rep.message);
    }
    if (rep.code != ExitCode::kSuccess) {
      std::cerr << "mbsolve: analysis failed: " << rep.message << '\n';
      return finish(rep.code, rep.message);
    }
    if (opt.verbosity != Verbosity::kQuiet) {
      std::cerr << fmt::format("mbsolve: results written to {}.csv ({} rows), {}.json, {}.log\n",
                               prefix, sum.outputs, prefix, prefix);
    }
    return finish(ExitCode::kSuccess, "");
  } catch (const Error& e) {
    csv_in_run = nullptr;
    if (e.code() == ExitCode::kDeckError) {
      const std::string line = deck_error_line(deck_read, {}, e.what());
      std::cerr << line << '\n';
      log.line(line);
      return finish(e.code(), line);
    }
    std::cerr << "mbsolve: " << e.what() << '\n';
    if (e.code() == ExitCode::kInputNotFound) return e.code();
    return finish(e.code(), e.what());
  } catch (const std::exception& e) {
    csv_in_run = nullptr;
    std::cerr << "mbsolve: internal error: " << e.what() << '\n';
    return finish(ExitCode::kInternal, std::string("internal error: ") + e.what());
  }
}

}  // namespace mb
