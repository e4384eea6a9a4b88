#!/usr/bin/env bash
# End-to-end (issue 20): decks with very long expressions run through the real mbsolve binary.
# Before, an 8,000-term Post_Request sum, 20,000 DX terms and a 10,000-term .adm FUNCTION
# overflowed the stack (segfault) and a 400-factor product ran out of memory (exit 70). Now they
# run (exit 0, values checked against the closed form), and an expression over the documented
# length limit is a deck error (exit 65, file:line:col, element, a short excerpt).
set -u
mbsolve=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=../cli_checks.sh
. "$(dirname "$0")/../cli_checks.sh"
# chain TERM OP N: TERM repeated N times joined by OP.
chain() { awk -v t="$1" -v o="$2" -v n="$3" 'BEGIN { s = t; for (i = 1; i < n; i++) s = s o t; printf "%s", s }'; }
# col_of NAME CSV: the values of column NAME (header row = first line not starting with #).
col_of() {
  awk -F, -v name="$1" '/^#/ { next } !h { for (i = 1; i <= NF; i++) if ($i == name) c = i; h = 1; next } { print $c }' "$2"
}
export -f col_of
# deck EXPR1 EXPR2: a pendulum with a Post_Request of the two expressions.
deck() {
  cat <<XML
<MotionSolve>
  <Model>
    <Force_Gravity grav_x="0" grav_y="-9.80665" grav_z="0"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.001" inertia_yy="0.16667" inertia_zz="0.16667"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Post_Request id="1" type="EXPRESSION"
      expr1="$1"
      expr2="$2"/>
  </Model>
  <Command><Simulate analysis_type="Transient" end_time="0.1" print_interval="0.05"/></Command>
</MotionSolve>
XML
}

# 8,000 ones (16 KB) and 20,000 DX(20,10) terms (200 KB).
deck "$(chain 1 + 8000)" "$(chain 'DX(20,10)' + 20000)" >"$work/sums.xml"
check "8,000-term and 20,000-term sums run" expect_rc 0 "$mbsolve" -q "$work/sums.xml"
check "the 8,000 ones sum to 8000" test "$(col_of req1.f1 "$work/sums.csv" | sort -u)" = "8000"
check "20,000 DX(20,10) = 20000 * body2.x" bash -c "paste -d, <(col_of req1.f2 '$work/sums.csv') \
  <(col_of body2.x '$work/sums.csv') | awk -F, '{ d = \$1 - 20000 * \$2; if (d < 0) d = -d;
  if (d > 1e-9 * 20000 || NR == 0) bad = 1 } END { exit bad || NR != 3 }'"

# TIME*TIME*... (400 factors) and (1+TIME)/(1+TIME)/... (100 terms): value, derivatives linear.
deck "$(chain TIME '*' 400)" "$(chain '(1+TIME)' / 100)" >"$work/products.xml"
check "400-factor product and 100 nested divisions run" \
  expect_rc 0 timeout 120 "$mbsolve" -q "$work/products.xml"
check "TIME**400 and (1+TIME)**-98 at t = 0.1" bash -c "paste -d, <(col_of time '$work/products.csv') \
  <(col_of req1.f1 '$work/products.csv') <(col_of req1.f2 '$work/products.csv') | awk -F, '
  { a = \$1 ^ 400; b = (1 + \$1) ^ -98; if (\$2 - a > 1e-12 * a || a - \$2 > 1e-12 * a) bad = 1;
    if (\$3 - b > 1e-12 * b || b - \$3 > 1e-12 * b) bad = 1 } END { exit bad || NR != 3 }'"

# A 10,000-term .adm FUNCTION on continuation lines (VARIABLE read by a REQUEST).
{
  printf 'big\nUNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND\n'
  printf 'PART/01, GROUND\nMARKER/0101, PART = 01\n'
  printf 'PART/02, MASS = 1, CM = 0201, IP = 1, 1, 1\nMARKER/0201, PART = 02, QP = 1, 0, 0\n'
  printf 'VARIABLE/10, FUNCTION = TIME'
  for _ in $(seq 100); do printf '\n, +%s' "$(chain 'DX(201,101)' + 100)"; done
  printf '\nREQUEST/1, F2 = VARVAL(10)\nEND\n'
} >"$work/big.adm"
printf "big\nbig\nSIMULATE/DYNAMIC, END=0.1, DTOUT=0.05\nSTOP\n" >"$work/big.acf"
check "a 10,000-term .adm FUNCTION runs" expect_rc 0 "$mbsolve" -q "$work/big.acf"

# Over the limit (1,000,000 characters): a deck error with a short message.
deck "$(chain TIME + 250000)" "1" >"$work/huge.xml"
check "an expression over 1,000,000 characters exits 65" expect_rc 65 "$mbsolve" "$work/huge.xml"
check "... at file:line:col with the element and the limit" grep -q \
  "huge.xml:11:[0-9]*: error: Post_Request 1 expr1: the expression is 1249999 characters long; at most 1000000 are allowed" \
  "$work/err"
check "... without echoing the expression" test "$(wc -c <"$work/err")" -lt 2000

finish
