#include "sweep/runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "common/text.hpp"
#include "sweep/process.hpp"

namespace mb::sweep {

namespace {

using Clock = std::chrono::steady_clock;

volatile sig_atomic_t g_interrupted = 0;
extern "C" void on_stop_signal(int) { g_interrupted = 1; }

/// One place where a case runs: a per-case process or a long-lived worker.
struct Slot {
  Child child;
  std::string buffer;       ///< worker output not yet taken as a reply or forwarded
  bool ready_seen = false;  ///< the worker's `ready` line has been read
  std::optional<std::size_t> index;
  Clock::time_point start, deadline;
};

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

ProcessEnd end_from_status(int status, double wall) {
  ProcessEnd e;
  e.wall_s = wall;
  if (WIFSIGNALED(status)) {
    e.kind = ProcessEnd::Kind::kSignaled;
    e.code = WTERMSIG(status);
  } else {
    e.kind = ProcessEnd::Kind::kExited;
    e.code = WEXITSTATUS(status);
  }
  return e;
}

int wait_blocking(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

class Runner {
 public:
  Runner(const SweepPlan& plan, const std::string& dir, const RunnerOptions& opt,
         const CaseFinished& finished)
      : plan_(plan), dir_(dir), opt_(opt), finished_(finished) {}

  bool run(const std::vector<std::size_t>& todo, const Tick& tick) {
    std::vector<Slot> slots(static_cast<std::size_t>(std::max(1, opt_.jobs)));
    if (slots.size() > todo.size()) slots.resize(std::max<std::size_t>(1, todo.size()));
    std::size_t next = 0;
    auto last_tick = Clock::now();
    while (true) {
      if (g_interrupted) {
        for (auto& s : slots) stop(s);
        return false;
      }
      for (auto& s : slots) {
        if (!s.index && next < todo.size()) start(s, todo[next++]);
      }
      const bool busy = std::any_of(slots.begin(), slots.end(),
                                    [](const Slot& s) { return s.index.has_value(); });
      if (!busy && next >= todo.size()) break;

      // Sleep until a child ends, a worker answers, a deadline passes or the next tick.
      std::vector<pollfd> fds;
      bool need_polling = false;
      int timeout_ms = 200;
      for (auto& s : slots) {
        if (!s.index) continue;
        const int fd = opt_.workers ? s.child.out_fd : s.child.pidfd;
        if (fd >= 0) fds.push_back({fd, POLLIN, 0});
        if (!opt_.workers && s.child.pidfd < 0) need_polling = true;
        if (opt_.timeout_s > 0) {
          const auto left =
              std::chrono::duration_cast<std::chrono::milliseconds>(s.deadline - Clock::now())
                  .count();
          timeout_ms = std::min<int>(timeout_ms, static_cast<int>(std::max<long>(0, left + 1)));
        }
      }
      if (need_polling) timeout_ms = std::min(timeout_ms, 5);
      ::poll(fds.data(), fds.size(), timeout_ms);

      for (auto& s : slots) {
        if (!s.index) continue;
        if (opt_.workers) {
          read_worker(s);
        } else {
          int status = 0;
          if (::waitpid(s.child.pid, &status, WNOHANG) == s.child.pid) {
            const std::size_t i = *s.index;
            const double wall = seconds_since(s.start);
            close_fds(s.child);
            s.child.pid = -1;
            s.index.reset();
            finished_(i, end_from_status(status, wall));
          }
        }
        if (s.index && opt_.timeout_s > 0 && Clock::now() >= s.deadline) time_out(s);
      }
      if (tick && seconds_since(last_tick) >= 0.2) {
        tick();
        last_tick = Clock::now();
      }
    }
    for (auto& s : slots) retire(s);
    return true;
  }

 private:
  std::vector<std::string> worker_argv() const {
    std::vector<std::string> argv = {plan_.mbsolve, plan_.deck, "--worker"};
    if (plan_.results == "hdf5") argv.insert(argv.end(), {"--format", "hdf5"});
    for (const auto& s : plan_.sets) {
      argv.push_back("--set");
      argv.push_back(s);
    }
    return argv;
  }

  void start(Slot& s, std::size_t i) {
    const std::string& id = plan_.ids[i];
    const std::string cdir = case_dir(dir_, id);
    std::error_code ec;
    std::filesystem::remove_all(cdir, ec);  // no stale result from an interrupted run
    std::filesystem::create_directories(cdir, ec);
    s.index = i;
    s.start = Clock::now();
    s.deadline = s.start + std::chrono::milliseconds(static_cast<long>(opt_.timeout_s * 1000));
    std::string error;
    if (!opt_.workers) {
      std::vector<std::string> argv = {plan_.mbsolve, plan_.deck, "-q", "-o",
                                       result_prefix(dir_, id)};
      if (plan_.results == "hdf5") argv.insert(argv.end(), {"--format", "hdf5"});
      for (const auto& set : plan_.case_sets(i)) {
        argv.push_back("--set");
        argv.push_back(set);
      }
      s.child = spawn_child(argv, cdir + "/mbsolve.out", false, false, error);
    } else {
      if (s.child.pid < 0) {
        s.child = spawn_child(worker_argv(), dir_ + "/workers.log", true, true, error);
        s.buffer.clear();
        s.ready_seen = false;
      }
      if (s.child.pid >= 0) {
        std::string line = result_prefix(dir_, id);
        for (std::size_t k = 0; k < plan_.design.names.size(); ++k) {
          line += '\t' + plan_.design.names[k] + "=" + plan_.design.rows[i][k];
        }
        line += '\n';
        // A failed write means the worker died; its end of output reports that.
        (void)!::write(s.child.in_fd, line.data(), line.size());
      }
    }
    if (s.child.pid < 0) {
      ProcessEnd e;
      e.kind = ProcessEnd::Kind::kNotStarted;
      e.error = error;
      s.index.reset();
      finished_(i, e);
    }
  }

  /// Reads what a worker wrote: its reply to the current case, and anything else. The reply is
  /// the line `done<TAB>PREFIX<TAB>CODE` with this case's PREFIX, the case's result path in the
  /// sweep directory, which user code does not print by accident; it is recognised anywhere in the
  /// stream (after output without a final newline too). Everything else the worker writes on
  /// stdout while the case runs (what user routines print) goes to the case's mbsolve.out, as
  /// in one-process-per-case mode; the worker's own `ready` line is dropped.
  void read_worker(Slot& s) {
    pollfd p{s.child.out_fd, POLLIN, 0};
    while (s.index && ::poll(&p, 1, 0) > 0) {
      char buf[4096];
      const ssize_t n = ::read(s.child.out_fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {  // the worker ended without answering: crashed (or exited)
        const std::size_t i = *s.index;
        forward_user_output(s, s.buffer.size());
        const double wall = seconds_since(s.start);
        const pid_t pid = s.child.pid;
        close_fds(s.child);
        s.child.pid = -1;
        s.index.reset();
        const int status = wait_blocking(pid);
        ProcessEnd e = end_from_status(status, wall);
        if (e.kind == ProcessEnd::Kind::kExited) {
          e.kind = ProcessEnd::Kind::kNotStarted;
          e.error = "the worker exited with code " + std::to_string(e.code) + " before answering";
        }
        finished_(i, e);
        return;
      }
      s.buffer.append(buf, static_cast<std::size_t>(n));
      take_reply(s);
    }
  }

  /// Finishes the slot's case if the buffer holds its reply; else forwards the user output that
  /// cannot be the start of the reply.
  void take_reply(Slot& s) {
    if (!s.ready_seen) {
      std::size_t r = s.buffer.find("ready\n");
      while (r != std::string::npos && r > 0 && s.buffer[r - 1] != '\n') {
        r = s.buffer.find("ready\n", r + 1);
      }
      if (r == std::string::npos) return;  // output before `ready` waits for it
      s.buffer.erase(r, 6);
      s.ready_seen = true;
    }
    const std::string marker = "done\t" + result_prefix(dir_, plan_.ids[*s.index]) + "\t";
    const std::size_t at = s.buffer.find(marker);
    const std::size_t nl =
        at == std::string::npos ? std::string::npos : s.buffer.find('\n', at + marker.size());
    if (nl == std::string::npos) {
      // Keep what may be the start of the reply; the rest is the user's.
      const std::size_t keep = std::min(s.buffer.size(), marker.size() + 8);
      if (at == std::string::npos) forward_user_output(s, s.buffer.size() - keep);
      return;
    }
    forward_user_output(s, at);
    const auto code = parse_int(s.buffer.substr(marker.size(), nl - at - marker.size()), 0, 255);
    s.buffer.erase(0, nl - at + 1);
    ProcessEnd e;
    e.kind = ProcessEnd::Kind::kExited;
    e.code = code ? static_cast<int>(*code) : 70;
    e.wall_s = seconds_since(s.start);
    const std::size_t i = *s.index;
    s.index.reset();
    finished_(i, e);
  }

  /// Appends the first `n` bytes of the slot's buffer to its case's mbsolve.out and drops them.
  void forward_user_output(Slot& s, std::size_t n) {
    if (n == 0 || !s.index) return;
    const std::string path = case_dir(dir_, plan_.ids[*s.index]) + "/mbsolve.out";
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd >= 0) {
      (void)!::write(fd, s.buffer.data(), n);
      ::close(fd);
    }
    s.buffer.erase(0, n);
  }

  void time_out(Slot& s) {
    const std::size_t i = *s.index;
    ProcessEnd e;
    e.kind = ProcessEnd::Kind::kTimedOut;
    e.timeout_s = opt_.timeout_s;
    e.wall_s = seconds_since(s.start);
    stop(s);
    finished_(i, e);
  }

  /// Kills the slot's process group and forgets its case.
  void stop(Slot& s) {
    if (s.child.pid > 0) {
      kill_group(s.child.pid);
      wait_blocking(s.child.pid);
    }
    close_fds(s.child);
    s.child.pid = -1;
    s.index.reset();
  }

  /// Ends an idle worker: end of input makes it exit.
  void retire(Slot& s) {
    if (s.child.pid <= 0) return;
    if (s.child.in_fd >= 0) ::close(s.child.in_fd);
    s.child.in_fd = -1;
    wait_blocking(s.child.pid);
    close_fds(s.child);
    s.child.pid = -1;
  }

  const SweepPlan& plan_;
  const std::string& dir_;
  const RunnerOptions& opt_;
  const CaseFinished& finished_;
};

}  // namespace

bool run_cases(const SweepPlan& plan, const std::string& dir, const std::vector<std::size_t>& todo,
               const RunnerOptions& options, const CaseFinished& finished, const Tick& tick) {
  g_interrupted = 0;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  struct sigaction old_int {
  }, old_term{};
  ::sigaction(SIGINT, &sa, &old_int);
  ::sigaction(SIGTERM, &sa, &old_term);
  ::signal(SIGPIPE, SIG_IGN);
  Runner runner(plan, dir, options, finished);
  const bool done = runner.run(todo, tick);
  ::sigaction(SIGINT, &old_int, nullptr);
  ::sigaction(SIGTERM, &old_term, nullptr);
  return done;
}

}  // namespace mb::sweep
