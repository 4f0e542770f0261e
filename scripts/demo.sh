#!/usr/bin/env bash
# The main job on the bundled example: installs what is missing, builds
# Anima (release), then validates, builds, samples and renders the reference
# bell (examples/bell.animl). Output files go to build-demo/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
if [ -d build-demo ]; then
  meson setup --reconfigure build-demo --buildtype=release -Dtests=false >/dev/null
else
  meson setup build-demo --buildtype=release -Dtests=false >/dev/null
fi
ninja -C build-demo >/dev/null
anima=build-demo/tools/anima/anima
out=build-demo/out
mkdir -p "$out"
printf 'pointer click 10 10\nadvance 1.3\n' >"$out/ring.txt"

run() {
  echo "\$ anima $*"
  "$anima" "$@"
  echo
}

run validate examples/bell.animl
run build examples/bell.animl -o "$out/bell.ani"
echo "(wrote $out/bell.ani)"
echo
run sample examples/bell.animl examples/bell.script.txt
run render examples/bell.animl -s "$out/ring.txt" -o "$out/bell.png" --size 256 --background '#ffffff'
run render examples/bell.animl -s "$out/ring.txt" -o "$out/bell.svg"
echo "(wrote $out/bell.png and $out/bell.svg: the bell 1.3 s after a click)"
