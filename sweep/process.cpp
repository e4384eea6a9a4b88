#include "sweep/process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace mb::sweep {

Child spawn_child(const std::vector<std::string>& argv, const std::string& output, bool append,
                  bool pipes, std::string& error) {
  Child c;
  // Everything the child needs is prepared before fork: after it only async-signal-safe calls.
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int out =
      ::open(output.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0644);
  if (out < 0) {
    error = output + ": " + std::strerror(errno);
    return c;
  }
  int in_pipe[2] = {-1, -1}, out_pipe[2] = {-1, -1};
  if (pipes && (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0)) {
    error = std::string("pipe: ") + std::strerror(errno);
    ::close(out);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) {
      if (fd >= 0) ::close(fd);
    }
    return c;
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    error = std::string("fork: ") + std::strerror(errno);
    ::close(out);
    return c;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // the parent died before prctl
    if (pipes) {
      ::dup2(in_pipe[0], 0);
      ::dup2(out_pipe[1], 1);
    } else {
      const int devnull = ::open("/dev/null", O_RDONLY);
      if (devnull >= 0) ::dup2(devnull, 0);
      ::dup2(out, 1);
    }
    ::dup2(out, 2);
    ::signal(SIGPIPE, SIG_DFL);
    ::execv(args[0], args.data());
    const char msg[] = "mbsweep: cannot execute mbsolve\n";
    (void)!::write(2, msg, sizeof msg - 1);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also from the parent, so that kill_group works at once
  ::close(out);
  c.pid = pid;
  c.pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  if (pipes) {
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    c.in_fd = in_pipe[1];
    c.out_fd = out_pipe[0];
  }
  return c;
}

void kill_group(pid_t pid) {
  if (pid > 0) ::kill(-pid, SIGKILL);
}

void close_fds(Child& c) {
  for (int* fd : {&c.pidfd, &c.in_fd, &c.out_fd}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
}

}  // namespace mb::sweep
