#pragma once
// `mbsweep collect DIR`: the summary of a sweep directory from its cases' files, for sweeps run
// by Slurm or GNU parallel. A case with DIR/cases/ID/case.json is taken from it (wall time
// included); a case with only result.json from that; a case with neither is "missing". Writes
// DIR/summary.csv atomically (the same columns and rows as a local run) and returns 0 when every
// case is ok, else 1.

#include <string>

namespace mb::sweep {

int collect_sweep(const std::string& dir, bool quiet);

}  // namespace mb::sweep
