#!/bin/sh
# Checks the OpenBone examples (run by `meson test examples-openbone`;
# usage: check.sh ANIMA SOURCE_ROOT). For walker and mascot:
#   - `anima bone validate` prints "<file>: valid" and nothing else (no warnings);
#   - `anima bone sample` runs <name>.script.txt: exit 0, one line per `sample`;
#   - `anima bone render` draws it to PNG (rest, an animation) and to SVG;
#   - conformance/openbone/cases/example-<name>/case.obone is the same file;
#   - author.py, run again, writes the same documents and images.
# The mascot's text label is drawn (a glyph path in the SVG) and a bad --font
# file is refused with text-font-unreadable.
# And the files docs/openbone/CLI.md shows: broken.obone is refused with the
# exact line the page quotes; arm.obone with wave.txt poses the arm as the page
# says (at 0.25 s the wave key is 90 + (135 − 90)·0.5 = 112.5°:
# a = cos 112.5° = −0.3827, b = −sin 112.5° = −0.9239).
# Prints one line per failed check and exits 1 if any failed.
set -u
anima=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # the check changes directory
root=$2
here=$root/examples/openbone
failures=0

fail() {
  echo "FAIL $*"
  failures=$((failures + 1))
}

scratch=$(mktemp -d) || exit 1
trap 'rm -rf "$scratch"' EXIT

for name in walker mascot; do
  document=$here/$name.obone
  output=$("$anima" bone validate "$document" 2>&1)
  [ "$output" = "$document: valid" ] || fail "$name: bone validate printed: $output"

  script=$here/$name.script.txt
  if ! "$anima" bone sample "$document" "$script" >"$scratch/sample.out" 2>"$scratch/sample.err"; then
    fail "$name: bone sample failed: $(cat "$scratch/sample.err")"
  fi
  samples=$(sed 's/#.*//' "$script" | grep -c '^ *sample *$')
  lines=$(wc -l <"$scratch/sample.out")
  [ "$samples" -eq "$lines" ] || fail "$name: $lines sample lines for $samples sample commands"
  [ -s "$scratch/sample.err" ] && fail "$name: bone sample wrote to stderr: $(cat "$scratch/sample.err")"

  animation=walk
  [ "$name" = mascot ] && animation=happy
  for args in "--at 0" "--animation $animation --at 0.3"; do
    # shellcheck disable=SC2086
    if ! "$anima" bone render "$document" -o "$scratch/$name.png" --size 64 $args \
      >"$scratch/render.log" 2>&1 || [ ! -s "$scratch/$name.png" ]; then
      fail "$name: bone render $args failed: $(cat "$scratch/render.log")"
    fi
    rm -f "$scratch/$name.png"
  done
  if ! "$anima" bone render "$document" -o "$scratch/$name.svg" >"$scratch/render.log" 2>&1 ||
    ! grep -q '<svg' "$scratch/$name.svg"; then
    fail "$name: bone render to SVG failed: $(cat "$scratch/render.log")"
  fi

  case_file=$root/conformance/openbone/cases/example-$name/case.obone
  cmp -s "$document" "$case_file" ||
    fail "$name: $case_file differs from examples/openbone/$name.obone (run its derive.py)"
done

if command -v python3 >/dev/null 2>&1; then
  mkdir "$scratch/authored"
  if ! python3 "$here/author.py" "$scratch/authored"; then
    fail "author.py failed"
  else
    for file in walker.obone mascot.obone walker/*.png mascot/page.png; do
      (cd "$here" && for f in $file; do
        cmp -s "$f" "$scratch/authored/$f" || echo "$f"
      done) >"$scratch/differs"
      [ -s "$scratch/differs" ] && fail "author.py writes other files than the committed: $(cat "$scratch/differs")"
    done
  fi
fi

# The mascot's label (§8.9, docs/openbone/TEXT.md) draws as glyph outlines:
# a path filled with its colour, INK #1d2b36 × the slot's white; and a font
# file that is not a font stops the render with its diagnostic.
grep -q '<path d="M[^"]*" [^>]*fill="#1d2b36"' "$scratch/mascot.svg" ||
  fail "mascot: the SVG has no glyph path of the label (fill #1d2b36)"
echo "not a font" >"$scratch/bad.ttf"
"$anima" bone render "$here/mascot.obone" -o "$scratch/bad.png" --font "$scratch/bad.ttf" \
  >"$scratch/font.log" 2>&1
status=$?
[ "$status" -eq 1 ] && grep -q 'text-font-unreadable' "$scratch/font.log" && [ ! -e "$scratch/bad.png" ] ||
  fail "mascot --font bad.ttf: exit $status, expected 1 with text-font-unreadable and no output: $(cat "$scratch/font.log")"

quoted=$(sed -n 's/^\(examples\/openbone\/broken\.obone: .*\)$/\1/p' "$root/docs/openbone/CLI.md")
output=$(cd "$root" && "$anima" bone validate examples/openbone/broken.obone 2>&1)
status=$?
[ "$status" -eq 1 ] || fail "broken.obone: bone validate exit $status, expected 1"
[ -n "$quoted" ] && [ "$output" = "$quoted" ] ||
  fail "broken.obone: bone validate printed '$output', docs/openbone/CLI.md quotes '$quoted'"

output=$("$anima" bone sample "$here/arm.obone" "$here/wave.txt" 2>&1 | sed -n 2p)
case $output in
*'"arm": {"x": 0, "y": 20, "a": -0.3827, "b": -0.9239, "c": 0.9239, "d": -0.3827}'*) ;;
*) fail "arm.obone: the second sample line is $output" ;;
esac

# The mascot's parts are packed on one atlas page of 276 × 184 pixels (author.py): the body's
# 200 × 180 region at (2, 2) maps the quad's uvs by atlasUvMap (§8.7, untrimmed, not rotated:
# u' = (x + u·w)/page width): TL (2/276, 2/184) = (0.0072, 0.0109), TR (202/276, 2/184) =
# (0.7319, 0.0109), BR (0.7319, 182/184 = 0.9891), BL (0.0072, 0.9891); a shape takes the white
# block's centre (206 + 2, 74 + 2) / (276, 184) = (0.7536, 0.413) at every vertex (§8.4).
printf 'sample\n' >"$scratch/rest.txt"
output=$("$anima" bone sample "$here/mascot.obone" "$scratch/rest.txt" 2>&1)
case $output in
*'"slot": "body", "attachment": "body", "type": "region", "blend": "normal", "texture": "page", '*'"uvs": [0.0072, 0.0109, 0.7319, 0.0109, 0.7319, 0.9891, 0.0072, 0.9891]'*) ;;
*) fail "mascot: the body is not drawn from the packed page: $output" ;;
esac
case $output in
*'"slot": "eye-left", "attachment": "eye", "type": "shape", "blend": "normal", "texture": "page", '*'"uvs": [0.7536, 0.413, 0.7536, 0.413,'*) ;;
*) fail "mascot: a shape does not take the white block: $output" ;;
esac

[ "$failures" -eq 0 ] && echo "ok: the OpenBone examples" && exit 0
exit 1
