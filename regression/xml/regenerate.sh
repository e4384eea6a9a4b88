#!/usr/bin/env bash
# Usage: regenerate.sh MB_ADM_TO_XML
# Writes decks/<case>.xml for every case of ../adams/cases.txt: the case's .adm deck with the
# regression run's command file (../adams/write_acf.sh: GSTIFF, ERROR=1e-8, output every 0.01 s
# to 5 s), read by mbsolve's ADM/ACF readers and written back by the deck writer as MotionSolve
# XML. The decks are committed; rerun this after a change to the readers or the writer and review
# the diff. MB_ADM_TO_XML is build/<kind>/regression/xml/mb_adm_to_xml.
set -euo pipefail
convert=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$here/decks"
while read -r name _; do
  case "$name" in "" | \#*) continue ;; esac
  "$here/../adams/write_acf.sh" "$name" "$tmp/$name.acf" "$name"
  "$convert" "$tmp/$name.acf" "$here/decks/$name.xml"
  echo "decks/$name.xml"
done <"$here/../adams/cases.txt"
