#!/usr/bin/env bash
# Issue 4: the SVG output of every example opens in Chromium without errors.
# Renders each example as static and live SVG, at rest and mid-animation,
# loads each file in headless Chromium and fails on an XML parser error
# (a <parsererror> in the DOM) or any console error (e.g. "Error: <path>
# attribute d: Expected number").
#
# Issue 9: with a scenes program (tests/svg_scenes.c), every draw frame v2
# primitive's SVG (tests/draw_scenes.h) is checked the same way, and
# Chromium's screenshot of it must match the cairo backend's PNG: a mean
# channel difference of at most 0.5 with at most 0.5 % of the pixels more
# than 32 apart. Scenes whose edges come from a <clipPath> (clips, mesh
# triangles) may differ along those edges, which headless Chromium draws
# without antialiasing: mean 2, 3 %.
#
# Issue 11: every gradient and colour-mix case (tests/svg-cases and the
# pictures of docs/modules/*/, given as further directories) is rendered and
# loaded like the examples.
#
# usage: svg_chromium.sh <anima> <examples-dir> <work-dir> [<svg-scenes>
#        [<more-document-dirs>...]] (an empty <svg-scenes> skips the scenes)
# Exit 77 (meson: skipped) when Chromium is not installed.
set -u
anima="$1"
examples="$2"
work="$3"
scenes="${4:-}"
directories=("$examples")
if [ $# -gt 4 ]; then
  directories+=("${@:5}")
fi
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
for source in $(for directory in "${directories[@]}"; do ls "$directory"/*.animl; done); do
  name=$(basename "$source" .animl)
  [ "$(dirname "$source")" = "$examples" ] || name=$(basename "$(dirname "$source")")-$name
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
# Loads an SVG file: false (with a message) on a parser or console error.
load_svg() {
  local svg="$1" label="$2"
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic \
    --no-first-run --disable-background-networking --disable-component-update \
    --disable-sync --user-data-dir="$work/profile" --enable-logging=stderr --v=0 \
    --dump-dom "file://$svg" >"$svg.dom" 2>"$svg.log"
  if grep -q "<parsererror" "$svg.dom"; then
    echo "FAIL $label: Chromium could not parse the SVG:"
    grep -o "error on line[^<]*" "$svg.dom"
    return 1
  elif grep "INFO:CONSOLE" "$svg.log" | grep -q "Error"; then
    echo "FAIL $label: Chromium reported:"
    grep "INFO:CONSOLE" "$svg.log" | grep "Error"
    return 1
  elif ! grep -q "<svg" "$svg.dom"; then
    echo "FAIL $label: Chromium produced no SVG document"
    return 1
  fi
  return 0
}

if [ -n "$scenes" ]; then
  mkdir -p "$work/scenes"
  if ! "$scenes" "$work/scenes" >"$work/scenes/names.txt"; then
    echo "FAIL: $scenes could not write the scenes"
    failures=$((failures + 1))
  fi
  while read -r name; do
    svg="$work/scenes/$name.svg"
    checked=$((checked + 1))
    if ! load_svg "$svg" "scene $name"; then
      failures=$((failures + 1))
      continue
    fi
    shot="$work/scenes/$name-chromium.png"
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic \
      --no-first-run --disable-background-networking --disable-component-update \
      --disable-sync --user-data-dir="$work/profile" --hide-scrollbars \
      --default-background-color=00000000 --window-size=160,160 \
      --screenshot="$shot" "file://$svg" >/dev/null 2>&1
    result=$("$anima" compare "$work/scenes/$name.png" "$shot" --tolerance 32 \
      -o "$work/scenes/$name-diff.png" 2>&1)
    mean=$(printf '%s' "$result" | sed -n 's/.*"meanChannelDifference": \([0-9.e-]*\).*/\1/p')
    beyond=$(printf '%s' "$result" | sed -n 's/.*"pixelsBeyondTolerance": \([0-9]*\).*/\1/p')
    width=$(printf '%s' "$result" | sed -n 's/.*"width": \([0-9]*\).*/\1/p')
    if [ -z "$mean" ] || [ -z "$beyond" ] || [ "$width" != 160 ]; then
      echo "FAIL scene $name: no comparable screenshot ($result)"
      failures=$((failures + 1))
      continue
    fi
    case "$name" in
      clip|mesh|mesh-*) limit_mean=2; limit_percent=3 ;;
      *) limit_mean=0.5; limit_percent=0.5 ;;
    esac
    if awk -v m="$mean" -v b="$beyond" -v lm="$limit_mean" -v lp="$limit_percent" \
        'BEGIN { exit !(m <= lm && b * 100 <= lp * 160 * 160) }'; then
      echo "ok scene $name (mean $mean, $beyond pixels beyond 32)"
    else
      echo "FAIL scene $name: Chromium's picture differs from cairo's (mean $mean, $beyond pixels beyond 32; diff $work/scenes/$name-diff.png)"
      failures=$((failures + 1))
    fi
  done <"$work/scenes/names.txt"
fi

echo "$((checked - failures)) passed, $failures failed"
[ $failures -eq 0 ]
