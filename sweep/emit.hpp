#pragma once
// Scripts that run a sweep directory elsewhere. Both run `mbsweep run-case DIR I` for case I
// (1-based row of DIR/cases.csv); `mbsweep collect DIR` then writes DIR/summary.csv.
//   slurm.sh     a Slurm job array, task i = case i (SLURM_ARRAY_TASK_ID): `sbatch DIR/slurm.sh`
//   parallel.sh  GNU parallel over all cases, then collect: `bash DIR/parallel.sh`

#include <cstddef>
#include <string>

namespace mb::sweep {

/// `max_parallel` > 0 limits the running array tasks (`%N`); `timeout_s` > 0 sets --time.
std::string slurm_script(const std::string& mbsweep, const std::string& dir, std::size_t cases,
                         int max_parallel, double timeout_s);

std::string parallel_script(const std::string& mbsweep, const std::string& dir, std::size_t cases,
                            int jobs);

/// The text in single quotes for a POSIX shell.
std::string shell_quote(const std::string& s);

}  // namespace mb::sweep
