#!/usr/bin/env bash
# Builds every libFuzzer harness in tests/fuzz/ with clang (ASan, UBSan) and
# runs each one briefly (FUZZ_SECONDS, default 20) as a smoke test. Seeds: the
# conformance cases and examples (documents), the example and test scripts
# (fuzz_script, fuzz_session) and tests/fuzz/seeds/<harness>/ when present.
#
#   fuzz_loader   documents: validate, load, and play each loaded model
#   fuzz_animl    AniML: compile to JSON
#   fuzz_path     path data
#   fuzz_script   scripts (tools/anima/script*.c) against two players
#   fuzz_bone_loader  OpenBone documents (openbone/*.c): load, then pose,
#                 mix, draw and bound each loaded skeleton
#   fuzz_session  session stdin (tools/anima/session.c): bounded request
#                 lines, one reply each
#   fuzz_bind_expr  bind expressions (modules/bind/expr*.c): tokens,
#                 typed parsing and limits, ICU lowercasing, evaluation
#
#   scripts/fuzz-smoke.sh            every harness
#   FUZZ_SECONDS=600 scripts/fuzz-smoke.sh fuzz_loader   a longer run of one
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-20}"
out="build-fuzz"
mkdir -p "$out"

if ! command -v clang >/dev/null; then
  echo "fuzz-smoke: clang is not installed (scripts/install-deps.sh installs it)" >&2
  exit 1
fi

flags=(-g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -Iinclude -Ikernel -Imarkup
       # kernel/meson.build passes the install directory; the harnesses load
       # no module, so a directory that does not exist stands in for it.
       -DANIMA_INSTALL_MODULE_DIR=\"/nonexistent/anima/modules-2\")
libraries=($(pkg-config --cflags --libs jansson libxml-2.0 nettle) -lm -ldl)

harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  for file in tests/fuzz/fuzz_*.c; do
    [ -e "$file" ] && harnesses+=("$(basename "$file" .c)")
  done
fi

status=0
for harness in "${harnesses[@]}"; do
  sources=(tests/fuzz/"$harness".c kernel/*.c)
  extra=()
  extra_libraries=()
  max_len=65536
  case "$harness" in
    *animl*|*markup*) sources+=(markup/*.c) ;;
    *bone*)
      # Scripts (§11) run on duktape-dev's duktape.c built with the
      # execution-timeout hook, as openbone/meson.build does.
      duktape_source="${DUKTAPE_SOURCE:-/usr/share/duktape}"
      mkdir -p "$out/duktape"
      openbone/duktape/configure.sh "$duktape_source/duk_config.h" >"$out/duktape/duk_config.h"
      cp "$duktape_source/duktape.h" "$duktape_source/duktape.c" "$out/duktape/"
      # ASan but not UBSan for the engine itself (as openbone/meson.build)
      clang -c -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer-no-link,address \
        -w -I"$out/duktape" "$out/duktape/duktape.c" -o "$out/duktape/duktape.o"
      # glyphs.c is libanima-openbone-text (fonts, for drawing), not the loader.
      sources+=($(ls openbone/*.c | grep -v '^openbone/glyphs\.c$') "$out/duktape/duktape.o")
      extra=(-I"$out/duktape" -pthread) ;;
    *bind*)
      sources+=(modules/bind/expr*.c)
      extra=(-Imodules/bind $(pkg-config --cflags icu-uc))
      extra_libraries=($(pkg-config --libs icu-uc))
      max_len=8192 ;;
    *script*|*session*)
      # Small bounds keep one input fast and reach the request limit.
      sources+=(tools/anima/script*.c tools/anima/session.c tools/anima/bounded_read.c
                tools/anima/closest_input.c)
      extra=(-Itools/anima -DANIMA_SCRIPT_MAXIMUM_STEPS=1000
             -DANIMA_SCRIPT_EVENT_LIMIT=1000 -DSESSION_REQUEST_LIMIT=256)
      max_len=4096 ;;
  esac
  echo "-- $harness: building"
  clang "${flags[@]}" "${extra[@]}" "${sources[@]}" "${libraries[@]}" \
    "${extra_libraries[@]}" -o "$out/$harness"
  corpus="$out/corpus-$harness"
  mkdir -p "$corpus"
  seeds=()
  [ -d "tests/fuzz/seeds/$harness" ] && seeds+=("tests/fuzz/seeds/$harness")
  case "$harness" in
    *path*|*bind*) ;;
    *script*|*session*) for f in examples/*.script.txt tests/cli/*.script.txt; do [ -e "$f" ] && cp -n "$f" "$corpus/$(echo "$f" | tr / _)" 2>/dev/null || true; done ;;
    *bone*) for f in conformance/openbone/cases/*/case.obone conformance/openbone/invalid/*.obone; do [ -e "$f" ] && cp -n "$f" "$corpus/$(echo "$f" | tr / _)" 2>/dev/null || true; done ;;
    *animl*|*markup*) for f in conformance/cases/*/case.animl examples/*.animl; do [ -e "$f" ] && cp -n "$f" "$corpus/" 2>/dev/null || true; done ;;
    *) for f in conformance/cases/*/case.ani examples/*.ani; do [ -e "$f" ] && cp -n "$f" "$corpus/$(echo "$f" | tr / _)" 2>/dev/null || true; done ;;
  esac
  echo "-- $harness: running for ${seconds}s"
  if ! "$out/$harness" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=0 -artifact_prefix="$out/$harness-" "$corpus" "${seeds[@]}" \
        >"$out/$harness.log" 2>&1; then
    echo "fuzz-smoke: $harness found a failure:"
    tail -60 "$out/$harness.log"
    status=1
  else
    grep -E '^#[0-9]+.*DONE|Done [0-9]+ runs' "$out/$harness.log" | tail -1 || true
    echo "fuzz-smoke: $harness ok"
  fi
done
echo "fuzz-smoke: done"
exit $status
