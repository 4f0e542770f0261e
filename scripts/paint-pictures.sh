#!/bin/sh
# Renders the pictures of docs/modules/*.md (paint.md, colormix.md): every
# docs/modules/<module>/*.animl to the SVG next to it (416 × 96 pixels), with `anima render` and
# the modules of the build tree. A document
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
# picture <document> <name> [time]: renders next to the document
picture() {
  directory=$(dirname "$1")
  rendered="$work/$(basename "$directory")-$2.svg"
  if [ $# -gt 2 ]; then
    "$anima" render "$1" -o "$rendered" --viewport 416x96 --at "$3"
  else
    "$anima" render "$1" -o "$rendered" --viewport 416x96
  fi
  if $check; then
    if ! cmp -s "$rendered" "$directory/$2.svg"; then
      echo "paint-pictures: $directory/$2.svg is out of date: run scripts/paint-pictures.sh" >&2
      status=1
    fi
  else
    cp "$rendered" "$directory/$2.svg"
  fi
}
for document in docs/modules/*/*.animl; do
  name=$(basename "$document" .animl)
  at="$(dirname "$document")/$name.at"
  if [ -f "$at" ]; then
    while read -r time; do
      [ -n "$time" ] && picture "$document" "$name-$time" "$time"
    done <"$at"
  else
    picture "$document" "$name"
  fi
done
exit $status
