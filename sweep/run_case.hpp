#pragma once
// `mbsweep run-case DIR CASE`: runs one case of a sweep directory (CASE: its id, e.g. c0007, or
// its 1-based row number, e.g. $SLURM_ARRAY_TASK_ID) as one mbsolve process with the sweep's
// timeout, and writes DIR/cases/ID/case.json. Returns 0 when the case was recorded (whatever its
// status), 2 for an unknown case. `mbsweep collect DIR` builds the summary afterwards.

#include <string>

namespace mb::sweep {

int run_one_case(const std::string& dir, const std::string& which);

}  // namespace mb::sweep
