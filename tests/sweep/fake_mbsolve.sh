#!/bin/bash
# A stand-in for mbsolve in the sweep tests: behaves like the real one ($MB_REAL_MBSOLVE), in
# both the one-case and the --worker form, except that a case with a --set value "crash" dies by
# SIGSEGV, as a solver bug would, and one with a --set value "hang" never finishes (a
# deterministic stand-in for a case that runs away, whatever the machine's speed).
set -u
real=$MB_REAL_MBSOLVE
if [[ " $* " == *" --worker "* ]]; then
  deck=$1
  shift
  fixed=()
  while [ $# -gt 0 ]; do
    if [ "$1" = "--set" ]; then
      fixed+=(--set "$2")
      shift
    fi
    shift
  done
  echo ready
  while IFS= read -r line; do
    IFS=$'\t' read -r -a fields <<<"$line"
    sets=()
    for f in "${fields[@]:1}"; do
      [ "${f#*=}" = crash ] && kill -SEGV $$
      [ "${f#*=}" = hang ] && sleep 3600
      sets+=(--set "$f")
    done
    "$real" "$deck" -q -o "${fields[0]}" "${fixed[@]}" "${sets[@]}" 2>/dev/null
    printf 'done\t%s\t%d\n' "${fields[0]}" $?
  done
  exit 0
fi
for a in "$@"; do
  [ "${a#*=}" = crash ] && kill -SEGV $$
  [ "${a#*=}" = hang ] && exec sleep 3600
done
exec "$real" "$@"
