#!/usr/bin/env bash
# Issue 4: the SVG output of every example opens in Chromium without errors.
# Renders each example as static and live SVG, at rest and mid-animation,
# loads each file in headless Chromium and fails on an XML parser error
# (a <parsererror> in the DOM) or any console error (e.g. "Error: <path>
# attribute d: Expected number").
#
# usage: svg_chromium.sh <anima> <examples-dir> <work-dir>
# Exit 77 (meson: skipped) when Chromium is not installed.
set -u
anima="$1"
examples="$2"
work="$3"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "svg_chromium: chromium is not installed; skipping (scripts/install-deps.sh installs it)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work/profile"
printf 'pointer click 10 10\nadvance 0.3\n' >"$work/click.txt"

failures=0
checked=0
for source in "$examples"/*.animl; do
  name=$(basename "$source" .animl)
  for variant in rest click live; do
    svg="$work/$name-$variant.svg"
    case "$variant" in
      rest) "$anima" render "$source" -o "$svg" ;;
      click) "$anima" render "$source" -s "$work/click.txt" -o "$svg" ;;
      live) "$anima" render "$source" -s "$work/click.txt" --live -o "$svg" ;;
    esac
    if [ $? -ne 0 ] || [ ! -s "$svg" ]; then
      echo "FAIL $name ($variant): anima render failed"
      failures=$((failures + 1))
      continue
    fi
    log="$work/$name-$variant.log"
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic \
      --no-first-run --disable-background-networking --disable-component-update \
      --disable-sync --user-data-dir="$work/profile" --enable-logging=stderr --v=0 \
      --dump-dom "file://$svg" >"$work/$name-$variant.dom" 2>"$log"
    checked=$((checked + 1))
    if grep -q "<parsererror" "$work/$name-$variant.dom"; then
      echo "FAIL $name ($variant): Chromium could not parse the SVG:"
      grep -o "error on line[^<]*" "$work/$name-$variant.dom"
      failures=$((failures + 1))
    elif grep "INFO:CONSOLE" "$log" | grep -q "Error"; then
      echo "FAIL $name ($variant): Chromium reported:"
      grep "INFO:CONSOLE" "$log" | grep "Error"
      failures=$((failures + 1))
    elif ! grep -q "<svg" "$work/$name-$variant.dom"; then
      echo "FAIL $name ($variant): Chromium produced no SVG document"
      failures=$((failures + 1))
    else
      echo "ok $name ($variant)"
    fi
  done
done
echo "$((checked - failures)) passed, $failures failed"
[ $failures -eq 0 ]
