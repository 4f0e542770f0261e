#!/bin/sh
# The `exports` test (docs/MODULES.md "Loading"; the design sketch's D10):
# a library exports exactly the functions its public headers declare with
# ANIMA_API, no kernel-private function; and a module links against
# nothing: it needs no libanima and leaves no anima_* symbol undefined
# (every kernel service comes through the host table, module.h).
#
#   check_exports.sh <include/anima> <library> <header...> [-- <module.so...>]
#
# A header written `-name.h` excludes it: with only exclusions, the
# library's headers are every other header of the directory (libanima:
# all but markup.h and render*.h). Run once per library (tests/meson.build).
# nm -D lists the dynamic symbols.
set -eu
include=$1
library=$2
shift 2
headers=""
excluded=""
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  case "$1" in
    -*) excluded="$excluded ${1#-}" ;;
    *) headers="$headers $include/$1" ;;
  esac
  shift
done
[ $# -gt 0 ] && shift # --
if [ -z "$headers" ]; then
  for header in "$include"/*.h; do
    case " $excluded " in
      *" $(basename "$header") "*) ;;
      *) headers="$headers $header" ;;
    esac
  done
fi

status=0
work=$(mktemp -d "${TMPDIR:-/tmp}/anima-exports-XXXXXX")
trap 'rm -rf "$work"' EXIT

# Declared: the name before the first '(' of every ANIMA_API declaration
# (declarations span lines: join them first).
for header in $headers; do
  grep -v 'define ANIMA_API' "$header" | tr '\n' ' ' | grep -o 'ANIMA_API[^;{]*' |
    sed 's/(.*//' | awk '{print $NF}' | tr -d '*'
done | sort -u >"$work/declared"
nm -D --defined-only "$library" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' |
  grep -v '^_' | sort -u >"$work/exported"
if [ ! -s "$work/declared" ] || [ ! -s "$work/exported" ]; then
  echo "exports: nothing declared in$headers or exported by $library" >&2
  exit 1
fi
for symbol in $(comm -13 "$work/declared" "$work/exported"); do
  echo "exports: $library exports $symbol, which no public header declares" >&2
  status=1
done
for symbol in $(comm -23 "$work/declared" "$work/exported"); do
  echo "exports: $symbol is declared ANIMA_API but $library does not export it" >&2
  status=1
done

for module in "$@"; do
  needed=$(readelf -d "$module" | grep NEEDED | grep -o '\[libanima[^]]*\]' || true)
  if [ -n "$needed" ]; then
    echo "exports: module $module links against $needed" >&2
    status=1
  fi
  undefined=$(nm -D --undefined-only "$module" | awk '{print $NF}' | grep '^anima_' || true)
  if [ -n "$undefined" ]; then
    echo "exports: module $module needs kernel symbols: $undefined" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "exports: $(wc -l <"$work/exported") symbols of $library, all public; $# modules link against nothing"
exit $status
