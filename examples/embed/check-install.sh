#!/bin/sh
# The `embed-install` test: install the build into a staging directory
# (meson install --destdir), then compile render_switch.c and probe_png.c
# against that install with pkg-config alone and check what they draw.
#
#   check-install.sh <build dir> <source root> <b_sanitize> <compiler...>
#
# The .pc files are relocatable (pkgconfig.relocatable, meson.build), so
# PKG_CONFIG_PATH to the staging pkgconfig directory is all pkg-config
# needs; LD_LIBRARY_PATH finds the staging libraries. A sanitized build's
# libraries need the sanitizer runtime, so the programs are compiled with
# the same -fsanitize.
#
# Expected pixels of examples/switch.ani turned on, at 48 × 48 (grid 24:
# 2 pixels per unit; pixel (px, py) has its centre at ((px + 0.5) / 2,
# (py + 0.5) / 2) units):
#   34,24 → (17.25, 12.25): the knob, a circle of radius 3 at (7, 12)
#           moved by knob.x 10 to (17, 12), white in state `on`: #ffffffff
#   14,24 → (7.25, 12.25): inside the track's inner stadium (x 3..21,
#           y 8..16), where the glow (that stadium, accent #2f80ed at
#           opacity 1 in `on`) shows and the even-odd track does not:
#           #2f80edff
#   24,14 → (12.25, 7.25): between the outer stadium (y 6..18) and the
#           inner one (y 8..16): the track, ink = currentColor = black
#           (DECISIONS 9): #000000ff
#   2,2   → (1.25, 1.25): outside every shape: transparent #00000000
set -eu
build=$1
source=$2
sanitize=$3
shift 3

staging=$(mktemp -d "${TMPDIR:-/tmp}/anima-embed-install-XXXXXX")
trap 'rm -rf "$staging"' EXIT

meson install -C "$build" --destdir "$staging" --no-rebuild --quiet >"$staging/install.log" 2>&1 ||
  { cat "$staging/install.log" >&2; echo "embed-install: meson install failed" >&2; exit 1; }
pc=$(find "$staging" -name anima-render.pc | head -1)
if [ -z "$pc" ]; then
  echo "embed-install: no anima-render.pc in the staging install" >&2
  exit 1
fi
if ! grep -q '^prefix=${pcfiledir}' "$pc"; then
  # A build directory configured before pkgconfig.relocatable was a default.
  echo "embed-install: skipped: $pc is not relocatable; reconfigure with -Dpkgconfig.relocatable=true" >&2
  exit 77
fi
pcdir=$(dirname "$pc")
libdir=$(dirname "$pcdir")

# Only the public API is exported: every dynamic symbol the library
# defines is a function declared in the installed render headers.
headers=$(find "$staging" -path '*/include/anima/render*.h')
exported=$(nm -D --defined-only "$libdir/libanima-render.so" | awk '$2 ~ /^[TDBR]$/ {print $3}')
if [ -z "$headers" ] || [ -z "$exported" ]; then
  echo "embed-install: no render headers or no exported functions installed" >&2
  exit 1
fi
for symbol in $exported; do
  # shellcheck disable=SC2086 # headers are words
  grep -q "\\b$symbol(" $headers ||
    { echo "embed-install: libanima-render.so exports $symbol, which no public header declares" >&2; exit 1; }
done

export PKG_CONFIG_PATH="$pcdir"
# Only the staging install's flags: nothing of the source or build tree.
flags=$(pkg-config --cflags --libs anima-render)
case "$flags" in
  *"$source"*|*"$build"*)
    echo "embed-install: pkg-config flags name the tree: $flags" >&2
    exit 1 ;;
esac
extra=""
if [ "$sanitize" != none ]; then
  extra="-fsanitize=$sanitize"
fi
for program in render_switch probe_png; do
  # shellcheck disable=SC2086 # flags are words
  "$@" $extra -o "$staging/$program" "$source/examples/embed/$program.c" $flags
done

export LD_LIBRARY_PATH="$libdir"
cd "$staging"
./render_switch "$source/examples/switch.ani" switch-on.png switch-on.svg
pixels=$(./probe_png switch-on.png 34,24 14,24 24,14 2,2)
expected="34,24 #ffffffff
14,24 #2f80edff
24,14 #000000ff
2,2 #00000000"
if [ "$pixels" != "$expected" ]; then
  printf 'embed-install: pixels\n%s\nexpected\n%s\n' "$pixels" "$expected" >&2
  exit 1
fi
# The SVG: 48 × 48 over the default viewBox [0, 0, 24, 24], the white knob.
grep -q '<svg [^>]*viewBox="0 0 24 24" width="48" height="48"' switch-on.svg ||
  { echo "embed-install: switch-on.svg has no 48 × 48 <svg> root" >&2; exit 1; }
grep -q 'id="knob"[^>]*fill="#ffffff"' switch-on.svg ||
  { echo "embed-install: switch-on.svg has no white knob" >&2; exit 1; }
echo "embed-install: ok ($flags)"
