#pragma once
// SIGINT, SIGTERM and SIGHUP during a run: the handler only records the signal (async-signal
// safe); the integrators and the command runner poll it at every step and residual, and stop
// with Error(128 + signal number) (ExitCode kHangup, kInterrupted, kTerminated), so the run
// writes the rows so far, the JSON (status "interrupted") and the log, and removes its
// temporaries, as for a failure.

namespace mb {

/// Installs the handlers for SIGINT, SIGTERM and SIGHUP (mbsolve's main; a signal that the
/// parent set to be ignored stays ignored, as for nohup).
void install_interrupt_handlers();

/// The signal received since the handlers were installed, or 0.
int interrupt_signal();

/// Throws Error(128 + signal) naming the signal when one was received. Cheap: one load.
void throw_if_interrupted();

/// "SIGINT", "SIGTERM", "SIGHUP" (or "signal N").
const char* signal_name(int signal);

}  // namespace mb
