#!/usr/bin/env bash
# Fails (and lists the files) when clang-format would change any tracked C++ source.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || scripts/install-deps.sh
bad=()
while IFS= read -r f; do
  [ -f "$f" ] || continue
  if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then bad+=("$f"); fi
done < <(git ls-files '*.cpp' '*.hpp' '*.h' '*.cc' 2>/dev/null || find . -name '*.[ch]pp' -not -path './build/*')
if [ ${#bad[@]} -gt 0 ]; then
  echo "clang-format would change: ${bad[*]}" >&2
  echo "run: clang-format -i ${bad[*]}" >&2
  exit 1
fi
echo "format: all sources are clang-formatted"
