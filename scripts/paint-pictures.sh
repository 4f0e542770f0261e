#!/bin/sh
# Renders the pictures of docs/modules/paint.md: every docs/modules/paint/*.animl to the SVG next
# to it (416 × 96 pixels), with `anima render` and the paint module of the build tree. A document
# with a `<name>.at` file (one time in seconds a line) is rendered at each time instead, to
# `<name>-<time>.svg`.
#
# usage: scripts/paint-pictures.sh [anima-binary] [--check]
#
# The default binary is build/tools/anima/anima. With --check nothing is written: the script
# renders into a temporary directory and fails (exit 1) naming every committed picture that
# differs from a fresh render (the meson test `paint_pictures`).
set -eu

cd "$(dirname "$0")/.."
anima=build/tools/anima/anima
check=false
for argument in "$@"; do
  case $argument in
  --check) check=true ;;
  *) anima=$argument ;;
  esac
done
if [ ! -x "$anima" ]; then
  echo "paint-pictures: no $anima; build first (meson setup build && ninja -C build)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
# picture <document> <name> [time]
picture() {
  if [ $# -gt 2 ]; then
    "$anima" render "$1" -o "$work/$2.svg" --viewport 416x96 --at "$3"
  else
    "$anima" render "$1" -o "$work/$2.svg" --viewport 416x96
  fi
  if $check; then
    if ! cmp -s "$work/$2.svg" "docs/modules/paint/$2.svg"; then
      echo "paint-pictures: docs/modules/paint/$2.svg is out of date: run scripts/paint-pictures.sh" >&2
      status=1
    fi
  else
    cp "$work/$2.svg" "docs/modules/paint/$2.svg"
  fi
}
for document in docs/modules/paint/*.animl; do
  name=$(basename "$document" .animl)
  if [ -f "docs/modules/paint/$name.at" ]; then
    while read -r time; do
      [ -n "$time" ] && picture "$document" "$name-$time" "$time"
    done <"docs/modules/paint/$name.at"
  else
    picture "$document" "$name"
  fi
done
exit $status
