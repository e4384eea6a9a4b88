# Finds a python3 that imports the given modules (sourced, not run by the test scripts):
#   python_with "numpy pandas" python3-pandas
# sets $py to it. Without one the test is skipped (exit 77, ctest's SKIP_RETURN_CODE), except
# under CI (CI set, as .ci/run does), where the missing package fails the test.
python_with() {
  local modules=$1 package=$2 p
  py=
  for p in /usr/bin/python3 python3; do
    if command -v "$p" >/dev/null && "$p" -c "import ${modules// /, }" 2>/dev/null; then
      py=$p
      return 0
    fi
  done
  [ -n "${CI:-}" ] && { echo "FAIL: no python3 with $modules (apt install $package)"; exit 1; }
  echo "skipped: no python3 with $modules (apt install $package)"
  exit 77
}
