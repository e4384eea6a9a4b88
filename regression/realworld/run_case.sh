#!/usr/bin/env bash
# Usage: run_case.sh MBSOLVE MBCOMPARE CASE [REPORT_DIR]
# Runs one real Adams dataset of cases.txt as downloaded (adams/CASE/, unchanged): with its own
# command file (own=FILE.acf) or with a plain one written here (plain=END,STEPS: the dataset,
# the prefix, SIMULATE/DYNAMIC, END=, STEPS=, STOP). A `run` case must exit 0 and pass its
# oracle (oracle.py, or CVODE against IDA with integrators.tol); a `refuse` case must exit 65
# with exactly one "not supported" line per statement kind named in cases.txt (KIND:N: exactly N,
# one per cause; one "not found" line per missing user library, one line for FUNCTION=USER(...)
# without a library) and no "unknown" line. Exit status: 0 pass, 1 the check fails, 2 errors.
set -euo pipefail
mbsolve=$1
mbcompare=$2
case_name=$3
report=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
line=$(grep -E "^$case_name[[:space:]]" "$here/cases.txt") || {
  echo "run_case: unknown case $case_name (see cases.txt)" >&2
  exit 2
}
read -r _ expect command oracle _ <<<"$line"
dir=$here/adams/$case_name
work=${MBSOLVE_REGRESSION_DIR:-}
if [ -z "$work" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

# The deck to run: the dataset's own command file, or a plain one next to the results.
case "$command" in
  own=*) deck=$dir/${command#own=} ;;
  plain=*)
    IFS=, read -r end steps <<<"${command#plain=}"
    adm=$(ls "$dir"/*.adm)
    deck=$work/plain.acf
    # CVODE against IDA needs both runs tight (the datasets' own tolerances are Adams' 1e-3):
    # the command file's INTEGRATOR sets it, as a user would.
    integrator=()
    [ "$oracle" = integrators ] && integrator=("INTEGRATOR/GSTIFF, ERROR=1E-9")
    printf '%s\n' "$adm" "plain" "${integrator[@]}" "SIMULATE/DYNAMIC, END=$end, STEPS=$steps" \
      "STOP" >"$deck"
    sed 's#^INTEGRATOR/GSTIFF#INTEGRATOR/VSTIFF#' "$deck" >"$work/plain_cvode.acf"
    ;;
  *)
    echo "run_case: bad command column '$command'" >&2
    exit 2
    ;;
esac
echo "== $case_name: mbsolve $deck"

set +e
"$mbsolve" -q "$deck" -o "$work/ida" 2>"$work/stderr.txt"
rc=$?
set -e
cat "$work/stderr.txt"

if [ "$expect" = refuse ]; then
  [ "$rc" -eq 65 ] || {
    echo "FAIL: expected exit 65 (deck error), got $rc"
    exit 1
  }
  status=0
  IFS=, read -ra kinds <<<"$oracle"
  for kind in "${kinds[@]}"; do
    expected=1
    if [[ "$kind" =~ ^([A-Z_]+):([0-9]+)$ ]]; then
      kind=${BASH_REMATCH[1]}
      expected=${BASH_REMATCH[2]}
    fi
    case "$kind" in
      library=*)
        # A user library (ROUTINE=library::routine) that is not there: one line per library.
        what="user library '${kind#library=}' is not found"
        pattern="user library '${kind#library=}' not found"
        ;;
      USER)
        # FUNCTION=USER(...) without ROUTINE: Adams' default user library, which mbsolve has
        # not: one line for all such statements.
        what="FUNCTION=USER(...) needs the default user library"
        pattern="FUNCTION=USER\(\.\.\.\) without ROUTINE=library::routine .* no default library"
        ;;
      *)
        # "Adams statement KIND is not supported", for a form of a statement that is read
        # otherwise (the GSE INTERFACE form, EXTERNAL contact geometry) "KIND id: ... not
        # supported", or for a command on elements it cannot switch "DEACTIVATE: KIND elements
        # are not supported".
        what="$kind is not supported"
        pattern="(statement|command) $kind is not supported|error: $kind [0-9]+: .* not supported"
        pattern+="|ACTIVATE: $kind elements are not supported"
        ;;
    esac
    n=$(grep -c -E "$pattern" "$work/stderr.txt" || true)
    if [ "$n" -ne "$expected" ]; then
      echo "FAIL: $n lines say $what (expected exactly $expected)"
      status=1
    fi
  done
  if grep -q "unknown" "$work/stderr.txt"; then
    echo "FAIL: a word Adams has is reported as unknown"
    status=1
  fi
  [ "$status" -eq 0 ] && echo "PASS: refused with exit 65, one line per statement kind"
  exit $status
fi

[ "$rc" -eq 0 ] || {
  echo "FAIL: mbsolve exited $rc"
  exit 1
}
case "$oracle" in
  integrators)
    "$mbsolve" -q "$work/plain_cvode.acf" -o "$work/cvode"
    args=("$work/cvode.csv" "$work/ida.csv" --tol "$here/integrators.tol")
    [ -n "$report" ] && args+=(--report "$report")
    echo "== $case_name: CVODE (VSTIFF) against IDA (GSTIFF)"
    "$mbcompare" "${args[@]}"
    ;;
  *) python3 "$here/oracle.py" "$oracle" "$work/ida.csv" ;;
esac
