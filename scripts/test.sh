#!/usr/bin/env bash
# Builds Anima and runs every test: Criterion unit tests, the conformance
# suite, the corpus comparison, a short fuzz run (with sanitize) and the
# WebAssembly build against the native CLI (with release, once;
# ANIMA_SKIP_WEB=1 leaves it out).
#
#   scripts/test.sh              both flavours: release, then sanitize
#   scripts/test.sh release      optimised build (-O3, NDEBUG)
#   scripts/test.sh sanitize     AddressSanitizer + UndefinedBehaviorSanitizer (+ LeakSanitizer),
#                                built with clang: its UBSan also reports pointer arithmetic
#                                on NULL (`NULL + 0`), which gcc's does not (issue 10 F1)
#
# Build directories: build-test-<flavour>. Installs missing Debian packages first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

flavours=("$@")
[ ${#flavours[@]} -gt 0 ] || flavours=(release sanitize)

total_passed=0
total_failed=0
status=0
for flavour in "${flavours[@]}"; do
  build="build-test-$flavour"
  case "$flavour" in
    release) compiler=gcc; options=(--buildtype=release -Dpkgconfig.relocatable=true) ;;
    sanitize) compiler=clang; options=(--buildtype=debug -Db_sanitize=address,undefined -Db_lundef=false -Dpkgconfig.relocatable=true) ;;
    *) echo "scripts/test.sh: unknown flavour \"$flavour\" (release or sanitize)" >&2; exit 2 ;;
  esac
  echo "== $flavour build ($compiler) =="
  # meson keeps the compiler a build directory was set up with: start over
  # when an older directory used another one.
  if [ -d "$build" ] && ! grep -q "C compiler for the host machine: .*($compiler " \
      "$build/meson-logs/meson-log.txt" 2>/dev/null; then
    rm -rf "$build"
  fi
  if [ -d "$build" ]; then
    meson setup --reconfigure "$build" "${options[@]}" >/dev/null
  else
    CC=$compiler meson setup "$build" "${options[@]}" >/dev/null
  fi
  ninja -C "$build"
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
  log="$build/test-output.txt"
  set +e
  # A busy machine (CI runners, shared hosts) runs the Python checks slowly:
  # every timeout is three times what meson.build gives, still catching hangs.
  meson test -C "$build" -v --num-processes 2 --timeout-multiplier 3 >"$log" 2>&1
  result=$?
  set -e
  # Show the per-test verdicts and each runner's own summary lines.
  grep -E '^ *[0-9]+/[0-9]+ |Synthesis: Tested|^[0-9]+ passed, [0-9]+ failed|^(Ok|Fail|Skipped|Timeout):' "$log" || true
  if [ $result -ne 0 ]; then
    echo "-- failures in the $flavour build (full log: $log) --"
    grep -E -B2 -A20 'FAIL|TIMEOUT|ERROR|Sanitizer|[1-9][0-9]* failed|[a-z] failed' "$log" | tail -200 || true
    status=1
  fi
  passed=$(grep -oE 'Passing: [0-9]+' "$log" | awk '{s+=$2} END {print s+0}')
  failed=$(grep -oE 'Failing: [0-9]+' "$log" | awk '{s+=$2} END {print s+0}')
  crashed=$(grep -oE 'Crashing: [0-9]+' "$log" | awk '{s+=$2} END {print s+0}')
  plain_passed=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | awk '{s+=$1} END {print s+0}')
  plain_failed=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | awk '{s+=$3} END {print s+0}')
  total_passed=$((total_passed + passed + plain_passed))
  total_failed=$((total_failed + failed + crashed + plain_failed))
done

# The WebAssembly build (scripts/build-web.sh), once per run, after the
# release build whose `anima sample` it is compared with (web/test/sample.mjs).
if [[ " ${flavours[*]} " == *" release "* ]] && [ "${ANIMA_SKIP_WEB:-}" != 1 ]; then
  echo "== web (WebAssembly) =="
  set +e
  ANIMA=build-test-release/tools/anima/anima scripts/build-web.sh test 2>&1 | tee build-web.log
  web_status=${PIPESTATUS[0]}
  set -e
  web_passed=$(grep -E '^[0-9]+ passed, [0-9]+ failed' build-web.log | awk '{s+=$1} END {print s+0}')
  web_failed=$(grep -E '^[0-9]+ passed, [0-9]+ failed' build-web.log | awk '{s+=$3} END {print s+0}')
  total_passed=$((total_passed + web_passed))
  total_failed=$((total_failed + web_failed))
  if [ "$web_status" -ne 0 ]; then
    [ "$web_failed" -gt 0 ] || total_failed=$((total_failed + 1))
    status=1
  fi
fi

if [ -x scripts/fuzz-smoke.sh ] && [[ " ${flavours[*]} " == *" sanitize "* ]]; then
  echo "== fuzz smoke =="
  set +e
  scripts/fuzz-smoke.sh 2>&1 | tee build-fuzz-smoke.log
  set -e
  fuzz_passed=$(grep -c '^fuzz-smoke: .* ok$' build-fuzz-smoke.log || true)
  fuzz_failed=$(grep -c '^fuzz-smoke: .* found a failure' build-fuzz-smoke.log || true)
  total_passed=$((total_passed + fuzz_passed))
  total_failed=$((total_failed + fuzz_failed))
  [ "$fuzz_failed" -eq 0 ] && grep -q '^fuzz-smoke: done' build-fuzz-smoke.log || status=1
fi

echo "$total_passed passed, $total_failed failed"
exit $status
