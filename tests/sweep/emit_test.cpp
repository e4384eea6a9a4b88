#include "sweep/emit.hpp"

#include <catch2/catch.hpp>

#include "sweep/progress.hpp"

using namespace mb::sweep;

TEST_CASE("emit: Slurm job array script") {
  CHECK(slurm_script("/opt/mb/mbsweep", "/data/sw", 12, 4, 90) ==
        "#!/bin/bash\n"
        "# Written by mbsweep: task i of this Slurm job array runs case i of the sweep in\n"
        "# /data/sw (row i of cases.csv).\n"
        "# Submit: sbatch /data/sw/slurm.sh\n"
        "# Then:   mbsweep collect /data/sw\n"
        "#SBATCH --job-name=mbsweep\n"
        "#SBATCH --array=1-12%4\n"
        "#SBATCH --ntasks=1\n"
        "#SBATCH --cpus-per-task=1\n"
        "#SBATCH --time=3\n"
        "#SBATCH --output=/data/sw/cases/slurm-%a.out\n"
        "set -eu\n"
        "exec '/opt/mb/mbsweep' run-case '/data/sw' \"$SLURM_ARRAY_TASK_ID\"\n");
  const std::string plain = slurm_script("/b/mbsweep", "/d", 3, 0, 0);
  CHECK(plain.find("#SBATCH --array=1-3\n") != std::string::npos);
  CHECK(plain.find("--time") == std::string::npos);
}

TEST_CASE("emit: GNU parallel script") {
  CHECK(parallel_script("/opt/mb/mbsweep", "/data/my sw", 5, 8) ==
        "#!/bin/bash\n"
        "# Written by mbsweep: runs every case of the sweep in /data/my sw with GNU parallel,\n"
        "# then collects the summary. Run: bash /data/my sw/parallel.sh\n"
        "set -eu\n"
        "seq 1 5 | parallel --jobs 8 --joblog '/data/my sw/parallel.joblog' '/opt/mb/mbsweep' "
        "run-case '/data/my sw' {}\n"
        "exec '/opt/mb/mbsweep' collect '/data/my sw'\n");
  CHECK(shell_quote("it's") == "'it'\\''s'");
}

TEST_CASE("progress line and durations") {
  CHECK(format_duration(8.2) == "8s");
  CHECK(format_duration(75) == "1m15s");
  CHECK(format_duration(3725) == "1h02m");
  Progress p(10, 4, false);
  CHECK(p.text(3) == "[########............] 4/10  ok 0  not ok 0  elapsed 3s  ETA --");
  p.case_done(true);
  p.case_done(false);
  CHECK(p.text(10) == "[############........] 6/10  ok 1  not ok 1  elapsed 10s  ETA 20s");
}
