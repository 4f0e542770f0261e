#!/bin/sh
# Renders every example at a few moments (rest, mid-animation, end) with `anima render` and
# assembles them into one PNG contact sheet, one row per example. The OpenBone skeletons
# (examples/openbone/<name>.obone) are drawn with `anima bone render`, their frames given by
# render options (the walker: an animation and a time) or by a script of `anima bone sample`
# (the mascot: its state machine driven by pointer events and inputs, `--script`).
#
# usage: scripts/contact-sheet.sh [build-dir]      (default: build)
#
# Needs a built anima (meson setup <build-dir> && ninja -C <build-dir>) and rsvg-convert
# (librsvg2-bin), which turns the generated sheet.svg (the frames as <image>s, with labels) into
# the PNG. Writes <build-dir>/contact-sheet/: one PNG and one script per frame, sheet.svg and
# contact-sheet.png. Nothing here is committed: build directories are ignored by git.
set -eu

cd "$(dirname "$0")/.."
build=${1:-build}
anima=$build/tools/anima/anima
out=$build/contact-sheet
size=160 # pixels per frame
gap=12
label=34 # room under a frame for its label
left=96  # room for the example name at the start of a row

if [ ! -x "$anima" ]; then
  echo "contact-sheet: no $anima; build first: meson setup $build && ninja -C $build" >&2
  exit 2
fi
if ! command -v rsvg-convert >/dev/null 2>&1; then
  echo "contact-sheet: rsvg-convert not found (Debian: apt-get install librsvg2-bin)" >&2
  exit 2
fi
mkdir -p "$out"
rm -f "$out"/*.png "$out"/*.txt "$out"/sheet.svg

# One frame per line: example | label | script commands separated by ';' (SPEC §11.2).
# An empty script renders the new player (the rest pose). OpenBone rows give either render
# options (starting with --) or script commands of `anima bone sample` (drawn with --script).
frames() {
  cat <<'EOF'
bell|rest|
bell|hover|pointer move 10 10; advance 0.25 in 8
bell|ring 0.15 s|pointer click 10 10; pointer leave; advance 0.15 in 6
bell|ring 0.45 s|pointer click 10 10; pointer leave; advance 0.45 in 18
bell|ring 1.15 s|pointer click 10 10; pointer leave; advance 1.15 in 46
bell|rested|pointer click 10 10; pointer leave; advance 1.5 in 60
switch|off|
switch|turning 0.125 s|pointer click 12 12; advance 0.125 in 5
switch|on|pointer click 12 12; advance 0.25 in 10
switch|on, pressed|pointer click 12 12; advance 0.25 in 10; pointer down 17 12; advance 0.1 in 4
progress|empty|
progress|60 %|set progress 0.6; advance 0.35 in 14
progress|0 to 100 %, 0.1 s|set progress 1; advance 0.125 in 5
progress|100 %|set progress 1; advance 0.35 in 14
progress|busy|set progress 0.3; set busy true; advance 0.35 in 14
moon|day|
moon|hover sway|pointer move 12 12; advance 1 in 40
moon|turning 0.225 s|pointer click 12 12; pointer leave; advance 0.225 in 9
moon|night|pointer click 12 12; pointer leave; advance 0.5 in 20
trash|rest|
trash|toss 0.2 s|pointer click 8 10; advance 0.2 in 8
trash|toss 0.35 s|pointer click 8 10; advance 0.35 in 14
trash|landing 0.6 s|pointer click 8 10; advance 0.6 in 24
trash|end|pointer click 8 10; advance 0.9 in 36
paint|paused|
paint|morphing 0.125 s|pointer click 12 12; advance 0.125 in 4
paint|playing 0.5 s|pointer click 12 12; advance 0.5 in 16
paint|pausing 0.125 s|pointer click 12 12; advance 1 in 32; pointer click 12 12; advance 0.125 in 4
composite|open|
composite|reveal 0.125 s|pointer click 12 12; advance 0.125 in 4
composite|pip in front|pointer click 12 12; advance 0.25 in 8
composite|done|pointer click 12 12; advance 0.5 in 16
lamp|rest|
lamp|left 0.125 s|pointer move 4 10; advance 0.125 in 5
lamp|left|pointer move 4 10; advance 0.25 in 10
lamp|top (out of reach)|pointer move 12 3; advance 0.25 in 10
lamp|right, lit|pointer move 20 13; advance 0.25 in 10; pointer click 20 13; advance 0.15 in 6
rating|0|
rating|3|pointer click 12 12; pointer click 12 12; pointer click 12 12; advance 0.25 in 5
rating|5: milestone 0.15 s|pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; advance 0.15 in 5
rating|8, toward silver|pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; advance 0.25 in 5
rating|15: gold 0.15 s|pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; pointer click 12 12; advance 0.15 in 5
media-player|paused|
media-player|scrubbed|set position 0.5; advance 0
media-player|morphing 0.1 s|set position 0.5; advance 0; pointer click 12 10; advance 0.1 in 4
media-player|playing 2.1 s|set position 0.5; advance 0; pointer click 12 10; advance 2.1 in 84
openbone/walker|setup (IK feet)|
openbone/walker|walk 0.25 s|--animation walk --at 0.25
openbone/walker|walk 0.5 s|--animation walk --at 0.5
openbone/walker|walk 0.75 s|--animation walk --at 0.75
openbone/walker|walk 1.6 s|--animation walk --at 1.6
openbone/mascot|idle|machine ui; advance 1 in 60
openbone/mascot|hover: happy|machine ui; advance 0.5 in 30; pointer move 0 60; advance 0.4 in 24
openbone/mascot|hover, lean 1|machine ui; advance 0.5 in 30; pointer move 0 60; setInput lean 1; advance 0.4 in 24
openbone/mascot|pressed: jump|machine ui; advance 0.5 in 30; pointer move 0 60; advance 0.3 in 18; pointer down 0 70; advance 0.35 in 21
openbone/mascot|left: idle|machine ui; advance 0.5 in 30; pointer move 0 60; advance 0.3 in 18; pointer down 0 70; advance 0.3 in 18; pointer move 300 300; advance 1.2 in 72
EOF
}

columns=$(frames | awk -F'|' '{n[$1]++} END {m = 0; for (k in n) if (n[k] > m) m = n[k]; print m}')
rows=$(frames | awk -F'|' '!seen[$1]++' | wc -l)
width=$((left + columns * (size + gap)))
height=$((gap + rows * (size + label + gap)))

{
  echo "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"$width\" height=\"$height\">"
  echo "<rect width=\"$width\" height=\"$height\" fill=\"#ffffff\"/>"
} >"$out/sheet.svg"

row=-1
previous=
column=0
index=0
frames | while IFS='|' read -r example name commands; do
  if [ "$example" != "$previous" ]; then
    row=$((row + 1))
    column=0
    previous=$example
    y=$((gap + row * (size + label + gap)))
    echo "<text x=\"8\" y=\"$((y + size / 2))\" font-family=\"sans-serif\" font-size=\"15\"" \
      "font-weight=\"bold\">${example#openbone/}</text>" >>"$out/sheet.svg"
  fi
  index=$((index + 1))
  frame=$(printf '%s-%02d' "$(echo "$example" | tr / -)" "$column")
  case $example in
  openbone/*)
    # render options (an animation and a time), or script commands of
    # `anima bone sample` (a state machine driven by pointer events and
    # inputs) drawn with --script at their end
    case $commands in
    '' | --*) options=$commands ;;
    *)
      printf '%s\n' "$commands" | tr ';' '\n' | sed 's/^ *//' >"$out/$frame.txt"
      options="--script $out/$frame.txt"
      ;;
    esac
    # shellcheck disable=SC2086 # the options are words
    if ! "$anima" bone render "examples/$example.obone" -o "$out/$frame.png" --size "$size" \
      $options; then
      echo "contact-sheet: rendering $example ($name) failed" >&2
      exit 1
    fi
    ;;
  *)
    printf '%s\n' "$commands" | tr ';' '\n' | sed 's/^ *//' >"$out/$frame.txt"
    if ! "$anima" render "examples/$example.animl" -o "$out/$frame.png" --size "$size" \
      -s "$out/$frame.txt"; then
      echo "contact-sheet: rendering $example ($name) failed" >&2
      exit 1
    fi
    ;;
  esac
  x=$((left + column * (size + gap)))
  y=$((gap + row * (size + label + gap)))
  {
    echo "<rect x=\"$x\" y=\"$y\" width=\"$size\" height=\"$size\" fill=\"none\" stroke=\"#dddddd\"/>"
    echo "<image x=\"$x\" y=\"$y\" width=\"$size\" height=\"$size\" href=\"$frame.png\"/>"
    echo "<text x=\"$((x + 4))\" y=\"$((y + size + 18))\" font-family=\"sans-serif\"" \
      "font-size=\"13\">$name</text>"
  } >>"$out/sheet.svg"
  column=$((column + 1))
done
echo "</svg>" >>"$out/sheet.svg"

rsvg-convert "$out/sheet.svg" -o "$out/contact-sheet.png"
echo "wrote $out/contact-sheet.png ($(frames | wc -l) frames)"
