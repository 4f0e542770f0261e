#!/bin/sh
# Corpus comparison (issue 4 item 8): import every SVG icon of the shared
# corpus with `anima import`, render it at 128x128 with `anima render` and
# with `rsvg-convert -w 128 -h 128`, and compare with `anima compare`.
# An icon matches when the mean channel difference is <= 1.0 and at most
# 1 % of the pixels differ by more than 32 in some channel. Prints every
# failure and the match rate; fails below 97 %.
#
# usage: corpus_compare.sh <path-to-anima> [work-directory] [corpus]
# The corpus is $ANIMA_CORPUS_DIR when set, else the third argument (meson
# passes ../shared/corpus next to the source tree). Exit 77 (meson: skipped)
# when the corpus or rsvg-convert is missing.
set -u
anima=${1:?usage: corpus_compare.sh <path-to-anima> [work-directory]}
work=${2:-$(mktemp -d)}
corpus=${ANIMA_CORPUS_DIR:-${3:-}}
if [ -z "$corpus" ] || [ ! -d "$corpus/svg" ]; then
  echo "SKIP: no SVG corpus at '${corpus:-<ANIMA_CORPUS_DIR unset>}/svg'"
  exit 77
fi
if ! command -v rsvg-convert >/dev/null 2>&1; then
  echo "SKIP: rsvg-convert is not installed (apt-get install librsvg2-bin)"
  exit 77
fi
mkdir -p "$work"
size=128
pixels=$((size * size))
total=0
matched=0
failures=""
for svg in "$corpus"/svg/*/*.svg; do
  [ -f "$svg" ] || continue
  total=$((total + 1))
  package=$(basename "$(dirname "$svg")")
  stem=$(basename "$svg" .svg)
  name="$package/$stem"
  base="$work/$package-$stem"
  if ! "$anima" import "$svg" -o "$base.ani" 2>"$base.import.txt"; then
    failures="$failures\n  $name: import failed: $(head -n 1 "$base.import.txt")"
    continue
  fi
  if ! "$anima" render "$base.ani" -o "$base.anima.png" --size $size \
      2>"$base.render.txt"; then
    failures="$failures\n  $name: render failed: $(head -n 1 "$base.render.txt")"
    continue
  fi
  if ! rsvg-convert -w $size -h $size "$svg" -o "$base.rsvg.png" \
      2>"$base.rsvg.txt"; then
    failures="$failures\n  $name: rsvg-convert failed"
    continue
  fi
  result=$("$anima" compare "$base.anima.png" "$base.rsvg.png" \
    --tolerance 32 -o "$base.diff.png" 2>/dev/null)
  mean=$(printf '%s' "$result" |
    sed -n 's/.*"meanChannelDifference": \([-0-9.e+]*\).*/\1/p')
  beyond=$(printf '%s' "$result" |
    sed -n 's/.*"pixelsBeyondTolerance": \([0-9]*\).*/\1/p')
  if [ -z "$mean" ] || [ -z "$beyond" ]; then
    failures="$failures\n  $name: compare failed: $result"
    continue
  fi
  if awk -v mean="$mean" -v beyond="$beyond" -v pixels="$pixels" \
      'BEGIN { exit !(mean <= 1.0 && beyond <= pixels / 100) }'; then
    matched=$((matched + 1))
  else
    failures="$failures\n  $name: mean $mean, $beyond pixels beyond 32"
  fi
done
if [ "$total" -eq 0 ]; then
  echo "SKIP: no SVG files under $corpus/svg"
  exit 77
fi
rate=$(awk -v m="$matched" -v t="$total" 'BEGIN { printf "%.2f", 100 * m / t }')
if [ -n "$failures" ]; then
  printf 'failures:%b\n' "$failures"
fi
echo "corpus: $matched of $total icons match ($rate %)"
awk -v m="$matched" -v t="$total" 'BEGIN { exit !(100 * m >= 97 * t) }'
