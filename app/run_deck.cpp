#include "app/run_deck.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>

#include "app/adams_result_files.hpp"
#include "app/animation_gltf.hpp"
#include "app/animation_viewer.hpp"
#include "app/contact_arrows.hpp"
#include "app/csv_observer.hpp"
#include "app/graphics_mesh.hpp"
#include "app/hdf5_result_file.hpp"
#include "app/linear_files.hpp"
#include "app/quick_look_report.hpp"
#include "common/error.hpp"
#include "common/text.hpp"
#include "models/body_graphics.hpp"
#include "models/command_edits.hpp"
#include "models/model_builder.hpp"
#include "models/resoutput.hpp"
#include "parser/read_deck.hpp"
#include "results/atomic_file.hpp"
#include "results/csv_result_writer.hpp"
#include "results/output_prefix.hpp"
#include "solver/analysis_runner.hpp"
#include "solver/request_outputs.hpp"
#include "usersub/user_call.hpp"

namespace mb {

namespace {

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

/// One run of a deck: its log, its summary, its timing, and the paths out of it (each writes
/// the JSON and the log through finish, except where nothing can be written).
class DeckRun {
 public:
  explicit DeckRun(const RunOptions& opt)
      : opt_(opt),
        wall0_(std::chrono::steady_clock::now()),
        cpu0_(std::clock()),
        prefix_(output_prefix(opt.deck_path, opt.prefix)),
        log_(opt.verbosity),
        deck_read_(opt.preloaded_deck ? opt.preloaded_deck : &deck_),
        angles_(opt.angles) {
    log_.line(
        fmt::format("mbsolve {} on {} ({})", mbsolve_version(), opt.deck_path, now_iso8601()));
  }

  ExitCode run() {
    // A user routine that calls exit(): the rows so far, the JSON and the log, then exit 1.
    std::function<void()> on_exit = [this] { finish_after_exit(); };
    const UnexpectedExitGuard exit_guard(on_exit);
    try {
      std::optional<Model> model;
      if (const std::optional<ExitCode> early = load(model)) return *early;
      return solve(*model);
    } catch (const Error& e) {
      csv_in_run_ = nullptr;
      files_in_run_.clear();
      if (e.code() == ExitCode::kDeckError) {
        const std::string line = deck_error_line(deck_read_, {}, e.what());
        std::cerr << line << '\n';
        log_.line(line);
        return finish(e.code(), line);
      }
      std::cerr << "mbsolve: " << e.what() << '\n';
      if (e.code() == ExitCode::kInputNotFound) return e.code();
      return finish(e.code(), e.what());
    } catch (const std::exception& e) {
      csv_in_run_ = nullptr;
      files_in_run_.clear();
      std::cerr << "mbsolve: internal error: " << e.what() << '\n';
      return finish(ExitCode::kInternal, std::string("internal error: ") + e.what());
    }
  }

 private:
  /// The totals to the log, then PREFIX.json and PREFIX.log; the exit code (a failure to write
  /// them turns success into that failure's code).
  ExitCode finish(ExitCode code, const std::string& message) {
    sum_.code = code;
    sum_.message = message;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0_).count();
    const double cpu = static_cast<double>(std::clock() - cpu0_) / CLOCKS_PER_SEC;
    log_.line(
        fmt::format("steps {}, residual evaluations {}, Jacobian evaluations {}, Newton "
                    "iterations {}, error test failures {}",
                    sum_.stats.steps, sum_.stats.residual_evals, sum_.stats.jacobian_evals,
                    sum_.stats.newton_iters, sum_.stats.error_test_fails));
    log_.line(fmt::format("wall time {:.3f} s, cpu time {:.3f} s", wall, cpu));
    log_.line(code == ExitCode::kSuccess ? "status: ok"
              : is_interruption(code)    ? "status: interrupted: " + message
                                         : "status: failed: " + message);
    try {
      write_summary(prefix_, opt_.deck_path, opt_.overrides, sum_, wall, cpu);
      write_file_atomically(prefix_ + ".log", log_.text());
      const std::string viewer = opt_.animation_path.empty() ? "" : write_animation();
      if (!opt_.report_dir.empty()) write_report(viewer);
    } catch (const Error& e) {
      std::cerr << "mbsolve: " << e.what() << '\n';
      return code == ExitCode::kSuccess ? e.code() : code;
    }
    return code;
  }

  /// --animation FILE: the glTF of the CSV just written; the viewer's HTML for the report (empty
  /// when there are no rows to animate: a warning says so).
  std::string write_animation() const {
    std::error_code ec;
    const bool quiet = opt_.verbosity == Verbosity::kQuiet;
    if (!std::filesystem::exists(prefix_ + ".csv", ec)) {
      if (!quiet) std::cerr << "mbsolve: warning: no results, so no animation written\n";
      return "";
    }
    AnimationResult a;
    try {
      a = write_animation_gltf(
          opt_.animation_path, prefix_ + ".csv", animation_meshes_,
          contact_arrows_ ? contact_arrows_->tracks() : std::vector<ContactArrowTrack>{});
    } catch (const Error& e) {
      if (e.code() == ExitCode::kUsage) throw;
      if (!quiet) std::cerr << "mbsolve: warning: no animation written: " << e.what() << '\n';
      return "";
    }
    if (!quiet) {
      std::cerr << fmt::format(
          "mbsolve: animation written to {} ({} bodies, {} drawn with their graphics; {} "
          "contact force arrows; {} frames)\n",
          opt_.animation_path, a.bodies, a.drawn, a.contacts, a.frames);
    }
    std::ifstream in(opt_.animation_path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return animation_viewer_html(text.str());
  }

  /// --report DIR: the quick-look page of the files just written.
  void write_report(const std::string& viewer) const {
    const QuickLookResult r = write_quick_look(opt_.report_dir, prefix_, viewer);
    if (opt_.verbosity == Verbosity::kQuiet) return;
    if (!r.plotted) std::cerr << "mbsolve: warning: report without figures: " << r.message << '\n';
    std::cerr << fmt::format("mbsolve: report written to {}\n", r.index_path);
  }

  /// A user routine called exit() during the analysis: the rows so far, the JSON and the log,
  /// then the process ends with exit 1.
  [[noreturn]] void finish_after_exit() {
    const std::string message = unexpected_exit_message();
    std::cerr << "mbsolve: analysis failed: " << message << '\n';
    try {
      if (csv_in_run_) {
        sum_.outputs = static_cast<long>(csv_in_run_->rows());
        csv_in_run_->finish();
        for (ResultFileWriter* f : files_in_run_) f->finish(false, sum_);
      }
      finish(ExitCode::kAnalysisFailed, message);
    } catch (const std::exception& e) {
      std::cerr << "mbsolve: " << e.what() << '\n';
    }
    std::cerr.flush();
    std::_Exit(to_int(ExitCode::kAnalysisFailed));
  }

  /// The model of the run (the worker's copy, or read and built from the deck); an exit code
  /// instead when the run ends here (no deck, no writable prefix, deck errors).
  std::optional<ExitCode> load(std::optional<Model>& model) {
    std::error_code ec;
    if (!std::filesystem::exists(opt_.deck_path, ec)) {
      std::cerr << "mbsolve: " << opt_.deck_path << ": no such file\n";
      return ExitCode::kInputNotFound;
    }
    Diagnostics diag;
    model = reuse_preloaded_model(opt_);
    const bool reused = model.has_value();
    if (model) log_.line("model reused from the worker's first build (value overrides only)");
    if (!model) deck_ = read_deck_for_run(opt_, diag);
    const std::string& acf_prefix =
        model ? opt_.preloaded_deck->output_prefix : deck_.output_prefix;
    if (opt_.prefix.empty() && !acf_prefix.empty()) {
      // An Adams command file names its output prefix, relative to the file's folder.
      prefix_ = (std::filesystem::path(opt_.deck_path).parent_path() / acf_prefix).string();
    }
    if (const auto problem = output_prefix_problem(prefix_)) {
      std::cerr << "mbsolve: " << *problem << '\n';
      return ExitCode::kUsage;  // nothing can be written, not even the JSON
    }
    if (!model && !diag.has_errors()) require_adams_analysis(deck_, diag);
    if (!model && !diag.has_errors()) model = build_model(deck_, diag);
    if (model && !diag.has_errors()) {
      const Deck& deck = reused ? *opt_.preloaded_deck : deck_;
      if (!opt_.animation_path.empty()) {
        animation_meshes_ = body_meshes(read_body_graphics(deck, *model, diag), *model);
      } else {
        note_graphics_not_drawn(deck, diag);
      }
      // --angles wins over the deck's ResOutput mbsolve_body_angles.
      const std::string deck_angles = deck_body_angles(deck);
      if (angles_ == BodyAngles::kNone && deck_angles == "ypr") {
        angles_ = BodyAngles::kYawPitchRoll;
      }
      if (angles_ == BodyAngles::kNone && deck_angles == "313") angles_ = BodyAngles::kEuler313;
    }
    for (const auto& d : diag.all()) {
      log_.line(d.str(), opt_.verbosity != Verbosity::kQuiet || d.severity == Severity::kError);
    }
    if (!diag.has_errors() && model) return std::nullopt;
    if (opt_.verbosity == Verbosity::kQuiet) {
      for (const auto& d : diag.all()) {
        if (d.severity == Severity::kError) std::cerr << d.str() << '\n';
      }
    }
    std::filesystem::remove(prefix_ + ".csv", ec);  // no stale result may claim success
    std::cerr << fmt::format("mbsolve: {} error(s) in {}; nothing was solved\n", diag.error_count(),
                             opt_.deck_path);
    return finish(ExitCode::kDeckError, fmt::format("{} error(s) in the deck", diag.error_count()));
  }

  /// The header lines of the result CSV.
  std::vector<std::string> csv_comments(const Model& model) const {
    const Units& u = model.units;
    return {fmt::format("mbsolve {}", mbsolve_version()), "deck: " + opt_.deck_path,
            "date: " + now_iso8601(),
            u.mass.empty()
                ? fmt::format("units: deck units with mass_mult_factor {:g}; angles in radians",
                              u.mass_factor)
                : fmt::format("units: force={} mass={} length={} time={} angle=radian", u.force,
                              u.mass, u.length, u.time)};
  }

  /// Runs the model's commands with the rows going to PREFIX.csv.
  ExitCode solve(const Model& model) {
    const System sys(model);
    sum_.bodies = sys.num_moving_bodies();
    sum_.constraints = sys.num_constraint_equations();
    sum_.dof = sys.dof();
    // The degrees of freedom are logged after the analyses, once the redundant constraint
    // equations are known, so that the log and the JSON give the same number.
    log_.line(
        fmt::format("model: {} moving bodies, {} markers, {} joints ({} constraint equations)",
                    sum_.bodies, model.markers.size(), model.joints.size(), sum_.constraints));
    RequestOutputs requests(sys);
    const std::vector<ResultColumn> columns = result_columns(sys, requests, angles_);
    CsvResultWriter csv(prefix_ + ".csv", csv_comments(model), columns);
    csv_in_run_ = &csv;
    std::optional<ProgressLine> progress;
    if (opt_.verbosity != Verbosity::kQuiet && ::isatty(2)) {
      progress.emplace(std::cerr, 0.0, progress_end_time(model, 0.0), model.units.time);
    }
    const auto wants = [&](std::string_view f) {
      return std::find(opt_.formats.begin(), opt_.formats.end(), f) != opt_.formats.end();
    };
    const bool res = wants("res") || model.results.adams_res;
    const bool req = wants("req") || model.results.adams_req;
    std::optional<AdamsResultFiles> adams;
    if (res || req) {
      adams.emplace(prefix_, sys, requests, res, req,
                    std::filesystem::path(opt_.deck_path).filename().string(),
                    fmt::format("mbsolve {}", mbsolve_version()));
      files_in_run_.push_back(&*adams);
      if (res) more_files_.push_back(prefix_ + ".res");
      if (req) more_files_.push_back(prefix_ + ".req");
    }
    std::optional<Hdf5ResultFile> hdf5;
    if (wants("hdf5")) {
      hdf5.emplace(prefix_, model, columns, opt_.deck_path);
      files_in_run_.push_back(&*hdf5);
      more_files_.push_back(prefix_ + ".h5");
    }
    if (!opt_.animation_path.empty() && !model.contacts.empty()) {
      contact_arrows_.emplace(model);  // the contact forces the animation draws
      files_in_run_.push_back(&*contact_arrows_);
    }
    CsvObserver obs(csv, log_, sys, requests, progress ? &*progress : nullptr, angles_,
                    files_in_run_);
    const RunReport rep = run_analyses(sys, obs);
    obs.end();
    sum_.stats = rep.stats;
    sum_.redundant_removed = rep.redundant_constraints_removed;
    sum_.transient_forms = rep.transient_forms;
    sum_.sensor_events = rep.sensor_events;
    sum_.sensor_event_count = rep.sensor_event_count;
    sum_.halted_by = rep.halted_by;
    sum_.linear = rep.linear;
    if (!rep.linear.empty() && rep.code != ExitCode::kDeckError) {
      for (std::string& path : write_linear_files(prefix_, model.units, rep.linear)) {
        more_files_.push_back(std::move(path));
      }
    }
    sum_.dof = sys.dof() + rep.redundant_constraints_removed;
    log_.line(rep.redundant_constraints_removed > 0
                  ? fmt::format("{} degrees of freedom ({} of the {} constraint equations are "
                                "redundant and were removed)",
                                sum_.dof, rep.redundant_constraints_removed, sum_.constraints)
                  : fmt::format("{} degrees of freedom", sum_.dof));
    sum_.end_time = rep.time;
    sum_.outputs = static_cast<long>(csv.rows());
    csv_in_run_ = nullptr;
    const ExitCode code = conclude(rep, csv);
    files_in_run_.clear();
    return code;
  }

  /// The exit path of a run that was solved: a deck error found while running removes the CSV;
  /// otherwise the rows up to a failure or an interruption are kept.
  ExitCode conclude(const RunReport& rep, CsvResultWriter& csv) {
    if (rep.code == ExitCode::kDeckError) {  // the other files are left unwritten
      std::error_code ec;
      std::filesystem::remove(prefix_ + ".csv", ec);
      const std::string line = deck_error_line(deck_read_, rep.loc, rep.message);
      std::cerr << line << '\n';
      log_.line(line);
      return finish(rep.code, line);
    }
    csv.finish();
    for (ResultFileWriter* f : files_in_run_) f->finish(rep.code == ExitCode::kSuccess, sum_);
    if (is_interruption(rep.code)) {
      std::cerr << fmt::format("mbsolve: {} at t = {:g}; {} rows written to {}.csv\n",
                               rep.message.substr(0, rep.message.find(';')), rep.time, sum_.outputs,
                               prefix_);
      return finish(rep.code, rep.message);
    }
    if (rep.code != ExitCode::kSuccess) {
      std::cerr << "mbsolve: analysis failed: " << rep.message << '\n';
      return finish(rep.code, rep.message);
    }
    if (opt_.verbosity != Verbosity::kQuiet) {
      std::string more;
      for (const std::string& path : more_files_) more += ", " + path;
      std::cerr << fmt::format("mbsolve: results written to {}.csv ({} rows){}, {}.json, {}.log\n",
                               prefix_, sum_.outputs, more, prefix_, prefix_);
    }
    if (rep.halted_by) {  // a sensor's HALT ended the run: a clean end, said in the message
      return finish(ExitCode::kSuccess, fmt::format("halted by {} at t = {:.15g}",
                                                    rep.halted_by->sensor, rep.halted_by->time));
    }
    return finish(ExitCode::kSuccess, "");
  }

  const RunOptions& opt_;
  const std::chrono::steady_clock::time_point wall0_;
  const std::clock_t cpu0_;
  std::string prefix_;
  std::vector<std::string> more_files_;  ///< result files beside the CSV, JSON and log
  RunLog log_;
  RunSummary sum_;
  CsvResultWriter* csv_in_run_ = nullptr;        ///< the CSV being written (rows up to an exit())
  std::vector<ResultFileWriter*> files_in_run_;  ///< the other result files being written
  Deck deck_;
  const Deck* deck_read_;
  BodyAngles angles_;  ///< the CSV's body angle columns: --angles, else the deck's ResOutput
  /// --animation: the graphics of each body ("body<id>", "ground"), read with the model.
  std::map<std::string, std::vector<TriangleMesh>> animation_meshes_;
  /// --animation: the contact forces at the CSV's rows (a model with contacts).
  std::optional<ContactArrowRecorder> contact_arrows_;
};

}  // namespace

ExitCode run_deck(const RunOptions& opt) { return DeckRun(opt).run(); }

}  // namespace mb
