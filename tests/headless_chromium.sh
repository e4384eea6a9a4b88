# Sourced by the browser tests: finds Chromium (Debian package `chromium`) and defines
# chromium_run ARGS..., which runs it headless on a fresh profile per invocation with everything
# that would reach the network or write outside the profile switched off (the profiles are
# removed on exit); --no-sandbox only as root (Chromium refuses to start as root with its
# sandbox on: CI containers).
# Without Chromium the test exits 77 (skipped), except under CI (CI set, as .ci/run does), where
# a missing browser fails it. `require_tool NAME PACKAGE` does the same for another program.
require_tool() {
  command -v "$1" >/dev/null && return 0
  if [ -n "${CI:-}" ]; then
    echo "FAIL: $1 not installed (apt-get install $2; scripts/install-deps.sh installs it)"
    exit 1
  fi
  echo "SKIP: $1 not installed (apt-get install $2); this browser test needs it"
  exit 77
}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || require_tool chromium chromium
chromium_profiles=()
trap 'rm -rf "${chromium_profiles[@]}"' EXIT
chromium_run() {
  local profile
  profile=$(mktemp -d)
  chromium_profiles+=("$profile")
  local flags=(--headless --disable-gpu --no-first-run --disable-background-networking
    --disable-component-update --disable-sync --disable-quic --disable-extensions
    --user-data-dir="$profile")
  [ "$(id -u)" -eq 0 ] && flags+=(--no-sandbox)
  timeout 120 "$browser" "${flags[@]}" "$@"
}
