#pragma once
// Child processes for the sweep runner: each child gets its own process group (so that a timeout
// kills everything it started) and dies with mbsweep (PR_SET_PDEATHSIG), so that a killed sweep
// leaves no orphan writing into a case directory that the resumed sweep runs again.

#include <sys/types.h>

#include <string>
#include <vector>

namespace mb::sweep {

struct Child {
  pid_t pid = -1;
  int pidfd = -1;   ///< pollable, readable when the child has ended; -1 if the kernel lacks it
  int in_fd = -1;   ///< write end of the child's stdin (pipe mode), else -1
  int out_fd = -1;  ///< read end of the child's stdout (pipe mode), else -1
};

/// Starts argv[0] (a path) with the arguments. `output` names a file that gets stdout and stderr
/// (truncated when `append` is false). With `pipes`, stdin and stdout are pipes to the caller and
/// only stderr goes to `output`. Returns pid -1 and sets `error` if it cannot start.
Child spawn_child(const std::vector<std::string>& argv, const std::string& output, bool append,
                  bool pipes, std::string& error);

/// SIGKILL to the child's process group.
void kill_group(pid_t pid);

/// Closes the fds the child record holds (not the process).
void close_fds(Child& c);

}  // namespace mb::sweep
