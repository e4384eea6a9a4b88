#pragma once
// The exit codes of every mbsolve tool (docs/architecture.md section 4). Scripts depend on them.

namespace mb {

enum class ExitCode : int {
  kSuccess = 0,         ///< analysis finished, results written
  kAnalysisFailed = 1,  ///< the analysis failed; results up to the failure are kept
  kUsage = 2,           ///< bad command line
  kDeckError = 65,      ///< the deck has errors (EX_DATAERR); every problem is listed
  kInputNotFound = 66,  ///< the deck or an input file does not exist (EX_NOINPUT)
  kInternal = 70,       ///< a bug in mbsolve (EX_SOFTWARE)
  /// Stopped by a signal (128 + its number, as a shell reports it); the rows up to the signal,
  /// the JSON (status "interrupted") and the log are written (common/interrupt.hpp).
  kHangup = 129,       ///< SIGHUP
  kInterrupted = 130,  ///< SIGINT (Ctrl-C)
  kTerminated = 143,   ///< SIGTERM
};

inline bool is_interruption(ExitCode c) {
  return c == ExitCode::kHangup || c == ExitCode::kInterrupted || c == ExitCode::kTerminated;
}

inline int to_int(ExitCode c) { return static_cast<int>(c); }

}  // namespace mb
