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
    IFS=, read -r end steps form <<<"${command#plain=}"
    adm=$(ls "$dir"/*.adm)
    deck=$work/plain.acf
    # CVODE against IDA needs both runs tight (the datasets' own tolerances are Adams' 1e-3):
    # the command file's INTEGRATOR sets it, as a user would. integrators_until=T keeps the
    # dataset's own integrator for the run (to END; plain=END,STEPS,FORM names its formulation),
    # and compares the two tight runs up to T only.
    integrator=("INTEGRATOR/GSTIFF, SI2, ERROR=1E-9")
    # (ss_intento2's rods spin freely about their axes: CVODE needs 1e-10 there for their Euler
    # parameters to agree with IDA's to 1e-6.)
    until=$end
    cvode_error=1E-9
    case "$oracle" in
      integrators) ;;
      integrators=*) cvode_error=${oracle#integrators=} ;;  # CVODE's ERROR for this dataset
      integrators_until=*) until=${oracle#integrators_until=} cvode_error=1E-10 ;;
      *) integrator=() ;;
    esac
    write_acf() { # FILE INTEGRATOR_LINE END STEPS
      printf '%s\n' "$adm" "plain" ${2:+"$2"} "SIMULATE/DYNAMIC, END=$3, STEPS=$4" "STOP" >"$1"
    }
    if [[ "$oracle" == integrators || "$oracle" == integrators=* ]]; then
      write_acf "$deck" "${integrator[0]}" "$end" "$steps"
    else  # the dataset's own INTEGRATOR, with the formulation the case names (plain=...,FORM)
      write_acf "$deck" "${form:+INTEGRATOR/$form}" "$end" "$steps"
    fi
    if [ ${#integrator[@]} -gt 0 ]; then
      until_steps=$(python3 -c "print(max(1, round($steps * $until / $end)))")
      write_acf "$work/plain_ida.acf" "${integrator[0]}" "$until" "$until_steps"
      write_acf "$work/plain_cvode.acf" "INTEGRATOR/VSTIFF, ERROR=$cvode_error" "$until" "$until_steps"
    fi
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
  integrators | integrators=*)
    "$mbsolve" -q "$work/plain_cvode.acf" -o "$work/cvode"
    args=("$work/cvode.csv" "$work/ida.csv" --tol "$here/integrators.tol")
    [ -n "$report" ] && args+=(--report "$report")
    echo "== $case_name: CVODE (VSTIFF) against IDA (GSTIFF SI2)"
    "$mbcompare" "${args[@]}"
    ;;
  integrators_until=*)
    # The run above used the dataset's own integrator; it must reach END.
    last=$(tail -n 1 "$work/ida.csv" | cut -d, -f1)
    python3 -c "import sys; sys.exit(abs($last - $end) > 1e-9)" || {
      echo "FAIL: the run ended at t = $last, not at END = $end"
      exit 1
    }
    echo "== $case_name: ran to END = $end; CVODE (VSTIFF) against IDA (GSTIFF SI2) up to $until"
    "$mbsolve" -q "$work/plain_ida.acf" -o "$work/ida_tight"
    "$mbsolve" -q "$work/plain_cvode.acf" -o "$work/cvode"
    args=("$work/cvode.csv" "$work/ida_tight.csv" --tol "$here/integrators.tol")
    [ -n "$report" ] && args+=(--report "$report")
    "$mbcompare" "${args[@]}"
    echo "== $case_name: the dataset's own integrator against IDA (GSTIFF SI2, 1e-9) up to $until"
    "$mbcompare" "$work/ida.csv" "$work/ida_tight.csv" --tol "$here/own_integrator.tol"
    ;;
  *) python3 "$here/oracle.py" "$oracle" "$work/ida.csv" ;;
esac
