# Checks shared by the CLI end-to-end scripts (sourced, not run): each prints "ok   NAME" or
# "FAIL NAME" and counts failures; `finish` prints the verdict and exits 1 if any failed.
# The sourcing script sets $work (a scratch directory) first.
#   expect CODE NAME CMD...     runs CMD (stdout to $work/out, stderr to $work/err), checks the
#                               exit code, shows stderr when it differs
#   contains FILE TEXT NAME     FILE holds TEXT (fixed string)
#   same_without_wall A B NAME  two sweep summaries are equal except for the wall_s column
#   check NAME CMD...           CMD (any command or condition) succeeds
#   expect_rc CODE CMD...       a condition for `check`: CMD exits with CODE (stdout to
#                               $work/out, stderr to $work/err, shown when the code differs)
failures=0

ok() { echo "ok   $*"; }
fail() {
  echo "FAIL $*"
  failures=$((failures + 1))
}
expect() {
  local code=$1 name=$2
  shift 2
  "$@" >"$work/out" 2>"$work/err"
  local rc=$?
  if [ "$rc" -ne "$code" ]; then
    fail "$name: exit $rc, expected $code"
    sed 's/^/  stderr: /' "$work/err" | head -20
  else
    ok "$name (exit $rc)"
  fi
}
contains() {
  if grep -qF -- "$2" "$1"; then ok "$3"; else
    fail "$3: '$2' not in $1:"
    sed 's/^/  /' "$1" | head -20
  fi
}
same_without_wall() {
  local c
  c=$(head -1 "$1" | tr ',' '\n' | grep -n '^wall_s$' | cut -d: -f1)
  if diff <(cut -d, -f"$c" --complement "$1" | sort) <(cut -d, -f"$c" --complement "$2" | sort) \
    >"$work/diff"; then ok "$3"; else
    fail "$3"
    sed 's/^/  /' "$work/diff" | head -20
  fi
}
check() {
  local name=$1
  shift
  if "$@"; then ok "$name"; else fail "$name"; fi
}
expect_rc() {
  local want=$1
  shift
  "$@" >"$work/out" 2>"$work/err"
  local rc=$?
  [ "$rc" -eq "$want" ] || {
    echo "  exit $rc, wanted $want; stderr:"
    head -c 2000 "$work/err" | sed 's/^/  /'
    return 1
  }
}
finish() {
  echo
  if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed"
    exit 1
  fi
  echo "all checks passed"
  exit 0
}
