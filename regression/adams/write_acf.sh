#!/usr/bin/env bash
# Usage: write_acf.sh CASE ACF OUTPUT_PREFIX
# Writes the Adams command file the regression runs use for an ADAMS case of
# regression/refdata/chrono_adams_joints: the case's .adm deck, GSTIFF with ERROR=1e-8, output
# every 0.01 s to 5 s (as the ADAMS reference runs). Shared by run_case.sh (the .adm runs) and
# ../xml/regenerate.sh (the XML equivalents are generated from this command file).
set -euo pipefail
case_name=$1
acf=$2
prefix=$3
here=$(cd "$(dirname "$0")" && pwd)
refdata=$(cd "$here/../refdata/chrono_adams_joints" && pwd)
printf '%s\n%s\n%s\n%s\n%s\n' "$refdata/adams_models/test_$case_name.adm" "$prefix" \
  "INTEGRATOR/GSTIFF, ERROR=1.0E-8" "SIMULATE/DYNAMIC, END=5, DTOUT=0.01" "STOP" >"$acf"
