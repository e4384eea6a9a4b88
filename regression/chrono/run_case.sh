#!/usr/bin/env bash
# Usage: run_case.sh MBSOLVE MBCOMPARE CASE [REPORT_DIR]
# Runs a case of cases.txt (a hand-written deck, no .adm deck) through ../xml/run_case.sh: the
# ADAMS curves, CVODE (VSTIFF, ABAM) against IDA and SI1 against SI2. Exit status as there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../xml/run_case.sh" "$1" "$2" "$3" - "${4:-}"
