#!/bin/sh
# Renders the pictures of docs/modules/paint.md: every docs/modules/paint/*.animl to the SVG next
# to it (416 × 96 pixels), with `anima render` and the paint module of the build tree.
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
for document in docs/modules/paint/*.animl; do
  name=$(basename "$document" .animl)
  picture=docs/modules/paint/$name.svg
  "$anima" render "$document" -o "$work/$name.svg" --viewport 416x96
  if $check; then
    if ! cmp -s "$work/$name.svg" "$picture"; then
      echo "paint-pictures: $picture is out of date: run scripts/paint-pictures.sh" >&2
      status=1
    fi
  else
    cp "$work/$name.svg" "$picture"
  fi
done
exit $status
