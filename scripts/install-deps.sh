#!/usr/bin/env bash
# Installs the Debian packages Anima needs to build, test, fuzz and render.
# Safe to run again: it only calls apt-get when something is missing.
set -euo pipefail

# Usage: scripts/install-deps.sh [build|all]  (default all)
#   build: what building and running Anima needs (scripts/demo.sh)
#   all:   also the test, fuzz and reference-renderer tools (scripts/test.sh)
build_packages=(
  gcc meson ninja-build pkg-config
  libjansson-dev libxml2-dev libuv1-dev libcairo2-dev nettle-dev
  libpng-dev                 # PNG decoding: compare, OpenBone atlas pages, assets image nodes
  libhttp-parser-dev         # anima playground: HTTP parsing (llhttp is not in this Debian)
  libicu-dev                 # bind: lower() with Unicode default case conversion
  duktape-dev                # OpenBone scripts (§11): Duktape's source, built with a timeout hook
  libfontconfig-dev libfreetype-dev libharfbuzz-dev  # OpenBone text (§8.9): fonts, outlines, shaping
  fonts-dejavu-core          # the default sans-serif face OpenBone text falls back to
)
test_packages=(
  libcriterion-dev
  clang libclang-rt-14-dev   # libFuzzer harnesses and LeakSanitizer runtime
  clang-format-14            # the format test (tests/check_format.sh)
  librsvg2-bin               # rsvg-convert: reference renderer for the SVG corpus test
  chromium                   # headless check that SVG output opens without errors
  valgrind
)
case "${1:-all}" in
  build) packages=("${build_packages[@]}") ;;
  all) packages=("${build_packages[@]}" "${test_packages[@]}") ;;
  *) echo "usage: scripts/install-deps.sh [build|all]" >&2; exit 2 ;;
esac

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]} (this can take a few minutes)"
  sudo_prefix=""
  [ "$(id -u)" -eq 0 ] || sudo_prefix="sudo"
  $sudo_prefix apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_prefix apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
