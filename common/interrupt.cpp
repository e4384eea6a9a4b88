#include "common/interrupt.hpp"

#include <csignal>
#include <string>

#include "common/error.hpp"

namespace mb {

namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void record_signal(int signal) { g_signal = signal; }

}  // namespace

void install_interrupt_handlers() {
  for (int s : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    if (sigaction(s, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction sa {};
    sa.sa_handler = record_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;  // a write in progress completes; the run stops at its next step
    sigaction(s, &sa, nullptr);
  }
}

int interrupt_signal() { return g_signal; }

const char* signal_name(int signal) {
  switch (signal) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return "a signal";
  }
}

void throw_if_interrupted() {
  const int s = g_signal;
  if (s == 0) return;
  throw Error(static_cast<ExitCode>(128 + s), std::string("interrupted by ") + signal_name(s) +
                                                  "; the results hold the rows up to "
                                                  "the last output time reached");
}

}  // namespace mb
