#!/usr/bin/env bash
# The main job on the bundled example: installs what is missing, builds
# Anima (release), then validates, builds, samples and renders the reference
# bell (examples/bell.animl). Output files go to build-demo/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { echo "== $*"; }

step "checking the build packages (installing what is missing can take a few minutes)"
scripts/install-deps.sh build
step "configuring build-demo (meson, release)"
if [ -d build-demo ]; then
  meson setup --reconfigure build-demo --buildtype=release -Dtests=false >/dev/null
else
  meson setup build-demo --buildtype=release -Dtests=false >/dev/null
fi
step "building (ninja; about a minute the first time)"
ninja -C build-demo >/dev/null
step "done: the CLI is build-demo/tools/anima/anima; the tour follows"
echo
anima=build-demo/tools/anima/anima
out=build-demo/out
# The build's feature modules (a build directory is not searched by itself:
# docs/CLI.md "Modules").
export ANIMA_MODULE_PATH="$PWD/build-demo/modules${ANIMA_MODULE_PATH:+:$ANIMA_MODULE_PATH}"
mkdir -p "$out"
printf 'pointer click 10 10\nadvance 1.3\n' >"$out/ring.txt"

# Prints a word so that pasting it into a shell gives the same word back:
# quoted when it holds anything but letters, digits and ./_=:,@+- (a word
# starting with # would otherwise be a comment).
shell_word() {
  if [[ "$1" =~ ^[A-Za-z0-9./_=:,@+-][A-Za-z0-9./_=:,@+#-]*$ ]]; then
    printf '%s' "$1"
  else
    printf "'%s'" "${1//\'/\'\\\'\'}"
  fi
}

run() {
  printf '$ anima'
  for word in "$@"; do
    printf ' %s' "$(shell_word "$word")"
  done
  echo
  "$anima" "$@"
  echo
}

run validate examples/bell.animl
run build examples/bell.animl -o "$out/bell.ani"
echo "(wrote $out/bell.ani)"
echo
run sample examples/bell.animl examples/bell.script.txt
run render examples/bell.animl -s "$out/ring.txt" -o "$out/bell.png" --size 256 --background '#ffffff'
run render examples/bell.animl -s "$out/ring.txt" -o "$out/bell.svg" --color accent=#e0457b
echo "(wrote $out/bell.png and $out/bell.svg: the bell 1.3 s after a click)"
