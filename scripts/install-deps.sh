#!/usr/bin/env bash
# Installs the Debian packages Anima needs to build, test, fuzz and render.
# Safe to run again: it only calls apt-get when something is missing.
set -euo pipefail

packages=(
  gcc meson ninja-build pkg-config
  libjansson-dev libxml2-dev libuv1-dev libcairo2-dev nettle-dev
  libcriterion-dev
  clang libclang-rt-14-dev   # libFuzzer harnesses and LeakSanitizer runtime
  librsvg2-bin               # rsvg-convert: reference renderer for the SVG corpus test
  chromium                   # headless check that SVG output opens without errors
  valgrind
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_prefix=""
  [ "$(id -u)" -eq 0 ] || sudo_prefix="sudo"
  $sudo_prefix apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_prefix apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
