#include "sweep/emit.hpp"

#include <fmt/format.h>

#include <cmath>

namespace mb::sweep {

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string slurm_script(const std::string& mbsweep, const std::string& dir, std::size_t cases,
                         int max_parallel, double timeout_s) {
  std::string s = "#!/bin/bash\n";
  s += "# Written by mbsweep: task i of this Slurm job array runs case i of the sweep in\n";
  s += "# " + dir + " (row i of cases.csv).\n";
  s += "# Submit: sbatch " + dir + "/slurm.sh\n";
  s += "# Then:   mbsweep collect " + dir + "\n";
  s += "#SBATCH --job-name=mbsweep\n";
  s += fmt::format("#SBATCH --array=1-{}{}\n", cases,
                   max_parallel > 0 ? fmt::format("%{}", max_parallel) : std::string());
  s += "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n";
  if (timeout_s > 0) {
    // The case timeout is enforced by run-case; Slurm's limit is a backstop one minute later.
    s += fmt::format("#SBATCH --time={}\n", static_cast<long>(std::ceil(timeout_s / 60)) + 1);
  }
  s += "#SBATCH --output=" + dir + "/cases/slurm-%a.out\n";
  s += "set -eu\n";
  s += "exec " + shell_quote(mbsweep) + " run-case " + shell_quote(dir) +
       " \"$SLURM_ARRAY_TASK_ID\"\n";
  return s;
}

std::string parallel_script(const std::string& mbsweep, const std::string& dir, std::size_t cases,
                            int jobs) {
  std::string s = "#!/bin/bash\n";
  s += "# Written by mbsweep: runs every case of the sweep in " + dir + " with GNU parallel,\n";
  s += "# then collects the summary. Run: bash " + dir + "/parallel.sh\n";
  s += "set -eu\n";
  s += fmt::format("seq 1 {} | parallel --jobs {} --joblog {} {} run-case {} {{}}\n", cases, jobs,
                   shell_quote(dir + "/parallel.joblog"), shell_quote(mbsweep), shell_quote(dir));
  s += "exec " + shell_quote(mbsweep) + " collect " + shell_quote(dir) + "\n";
  return s;
}

}  // namespace mb::sweep
