#!/usr/bin/env bash
# Builds Anima for the web: libanima, the AniML compiler, every feature module
# (linked statically through the module ABI's static registration,
# docs/MODULES.md), the SVG writer and the script interpreter of `anima
# sample`, compiled to WebAssembly with Debian's emscripten, behind the small
# C API of web/anima_web.c.
#
#   scripts/build-web.sh          build into build-web/ (anima.wasm, anima.js,
#                                 anima.mjs and anima-icon.mjs beside them)
#   scripts/build-web.sh size     build, then print what the wasm's code is made of
#   scripts/build-web.sh test     build, then run web/test/sample.mjs (the wasm
#                                 player in node against the native `anima
#                                 sample`; ANIMA=path/to/anima, default
#                                 build-test-release/tools/anima/anima) and
#                                 web/test/chromium.mjs (the same in headless
#                                 Chromium, and <anima-icon>: pictures against
#                                 the native PNG, events, both render modes),
#                                 web/test/speed.mjs (the speed bars in the
#                                 page, printed) and
#                                 web/test/playground.mjs (the page of
#                                 `anima playground` in Chromium)
#
# It installs what it needs: Debian's emscripten, and the Debian source
# packages of jansson, libxml2 and nettle (a deb-src entry for the machine's
# own Debian suite, then `apt-get source`; nothing is downloaded from
# anywhere else), which it compiles to WebAssembly once and keeps in
# ANIMA_WEB_CACHE (default ~/.cache/anima-web), keyed by source version and
# emscripten version, so later runs only rebuild Anima itself (ninja,
# incremental, in build-web/).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out="$root/build-web"
cache="${ANIMA_WEB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/anima-web}"
jobs="${ANIMA_WEB_JOBS:-2}"

# Debian's emcc runs its JS tools (acorn) with the machine's node, which
# finds Debian's node modules only through NODE_PATH when it is not
# Debian's own node.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

sudo_prefix=""
[ "$(id -u)" -eq 0 ] || sudo_prefix="sudo"

# --- what it needs -----------------------------------------------------------
packages=(emscripten dpkg-dev make ninja-build nodejs chromium)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
# npm comes with node from some sources and as its own package from Debian.
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "build-web: installing Debian packages: ${missing[*]}"
  $sudo_prefix apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_prefix apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# A deb-src entry for each Debian archive the machine already uses for its
# own suite (same URIs, suites and keys), so `apt-get source` fetches the
# sources of the very versions the native build links.
ensure_deb_src() {
  if apt-cache showsrc jansson 2>/dev/null | grep -q '^Package: jansson'; then
    return
  fi
  # shellcheck disable=SC1091
  local codename
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  if [ -z "$codename" ]; then
    echo "build-web: cannot tell the Debian suite (no VERSION_CODENAME in /etc/os-release)" >&2
    exit 1
  fi
  local list="/etc/apt/sources.list.d/anima-deb-src.sources"
  local entries=""
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -e "$file" ] && [ "$file" != "$list" ] || continue
    # deb822 stanzas of type deb whose suites are this release's.
    entries+=$(awk -v codename="$codename" '
      function flush() {
        if (types ~ /(^| )deb( |$)/ && suites ~ ("(^| )" codename "(-[a-z]+)?( |$)") && uris != "") {
          printf "Types: deb-src\nURIs: %s\nSuites: %s\nComponents: %s\n", uris, suites, components
          if (signed != "") printf "Signed-By: %s\n", signed
          printf "\n"
        }
        types = uris = suites = components = signed = ""
      }
      /^[ \t]*$/ { flush(); next }
      /^#/ { next }
      /^Types:/ { types = $0; sub(/^Types:[ \t]*/, "", types) }
      /^URIs:/ { uris = $0; sub(/^URIs:[ \t]*/, "", uris) }
      /^Suites:/ { suites = $0; sub(/^Suites:[ \t]*/, "", suites) }
      /^Components:/ { components = $0; sub(/^Components:[ \t]*/, "", components) }
      /^Signed-By:/ { signed = $0; sub(/^Signed-By:[ \t]*/, "", signed) }
      END { flush() }' "$file")
    entries+=$'\n'
  done
  if [ -f /etc/apt/sources.list ]; then
    # One-line entries: deb [options] uri suite components...
    entries+=$(awk -v codename="$codename" '
      $1 == "deb" {
        line = $0; sub(/^deb[ \t]+/, "", line)
        n = split(line, w, /[ \t]+/); i = 1
        if (w[1] ~ /^\[/) { while (i <= n && w[i] !~ /\]$/) i++; i++ }
        if (w[i + 1] ~ ("^" codename "(-[a-z]+)?$")) {
          printf "Types: deb-src\nURIs: %s\nSuites: %s\nComponents:", w[i], w[i + 1]
          for (j = i + 2; j <= n; j++) printf " %s", w[j]
          printf "\n\n"
        }
      }' /etc/apt/sources.list)
  fi
  if ! grep -q 'Types: deb-src' <<<"$entries"; then
    echo "build-web: no Debian archive for $codename in the apt sources to add deb-src for" >&2
    exit 1
  fi
  echo "build-web: adding deb-src entries for $codename ($list)"
  printf '%s\n' "$entries" | $sudo_prefix tee "$list" >/dev/null
  $sudo_prefix apt-get update -qq
}

# The source version of the installed -dev package (what the native build
# links), so the wasm build compiles the same release.
source_version() {
  dpkg-query -W -f='${source:Version}' "$1" 2>/dev/null || true
}

emcc_version=$(emcc -dumpversion 2>/dev/null || echo unknown)
common_cflags=(-Oz -ffp-contract=off)

# Builds one dependency into $cache/<package>-<version>-emcc<version>.
# $1 source package, $2 the -dev package whose version to match, $3 the
# function that configures, builds and installs it (cwd: its source tree;
# $prefix: where to install).
build_dependency() {
  local package=$1 dev=$2 recipe=$3
  local version recipe_hash
  version=$(source_version "$dev")
  # A changed recipe (or flags) builds anew.
  recipe_hash=$({ declare -f "$recipe"; echo "${common_cflags[*]}"; } | md5sum | cut -c1-8)
  local prefix="$cache/$package-${version:-any}-emcc$emcc_version-$recipe_hash"
  if [ -f "$prefix/.done" ]; then
    echo "$prefix"
    return
  fi
  ensure_deb_src >&2
  local work="$cache/src-$package"
  rm -rf "$work" "$prefix"
  mkdir -p "$work" "$prefix"
  echo "build-web: apt-get source $package${version:+=$version}" >&2
  (cd "$work" && { apt-get source -qq "$package${version:+=$version}" >&2 ||
     apt-get source -qq "$package" >&2; })
  local tree
  tree=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -1)
  echo "build-web: compiling $package to WebAssembly (once; cached in $prefix)" >&2
  local status=0
  set +e
  (set -e; cd "$tree"; prefix="$prefix" "$recipe") >"$work.log" 2>&1
  status=$?
  set -e
  if [ $status -ne 0 ]; then
    echo "build-web: building $package failed; the end of $work.log:" >&2
    tail -40 "$work.log" >&2
    exit 1
  fi
  touch "$prefix/.done"
  rm -rf "$work"
  echo "$prefix"
}

# libxml2 and nettle configure as a cross build for wasm32-unknown-none
# (their config.sub predates wasm32-unknown-emscripten), so configure only
# compiles its checks with emcc and runs none of them.
recipe_jansson() {
  # Its release tarball has no configure script: its few sources are
  # compiled directly (as its Android.mk does), with the configuration
  # autoconf would find for emscripten's libc.
  sed -e 's/@json_inline@/inline/' -e 's/@json_have_long_long@/1/' \
    -e 's/@json_have_localeconv@/1/' -e 's/@json_have_atomic_builtins@/1/' \
    -e 's/@json_have_sync_builtins@/1/' src/jansson_config.h.in >src/jansson_config.h
  printf '#define %s 1\n' HAVE_STDINT_H HAVE_UNISTD_H HAVE_SYS_TYPES_H HAVE_SYS_STAT_H \
    HAVE_SYS_TIME_H HAVE_FCNTL_H HAVE_ENDIAN_H HAVE_GETTIMEOFDAY HAVE_LOCALECONV \
    HAVE_ATOMIC_BUILTINS HAVE_SYNC_BUILTINS >src/jansson_private_config.h
  echo '#define INITIAL_HASHTABLE_ORDER 3' >>src/jansson_private_config.h
  mkdir -p objects "$prefix/lib" "$prefix/include"
  for source in src/*.c; do
    emcc "${common_cflags[@]}" -DHAVE_CONFIG_H -Isrc -c "$source" -o "objects/$(basename "$source" .c).o"
  done
  emar rcs "$prefix/lib/libjansson.a" objects/*.o
  cp src/jansson.h src/jansson_config.h "$prefix/include/"
}

recipe_libxml2() {
  # Only the tree parser the AniML compiler uses: no network, no threads,
  # no compression, no catalogs, no modules.
  emconfigure ./configure --host=wasm32-unknown-none --prefix="$prefix" \
    --disable-shared --enable-static --without-python --without-zlib \
    --without-lzma --without-http --without-ftp --without-threads \
    --without-catalog --without-modules --without-debug --without-legacy \
    CFLAGS="${common_cflags[*]}"
  # Debian's patches touch Makefile.am (tests, docs): keep the generated
  # build files rather than regenerating them with automake.
  emmake make -j"$jobs" ACLOCAL=true AUTOCONF=true AUTOMAKE=true AUTOHEADER=true libxml2.la
  mkdir -p "$prefix/lib" "$prefix/include/libxml"
  cp .libs/libxml2.a "$prefix/lib/"
  cp include/libxml/*.h "$prefix/include/libxml/"
}

recipe_nettle() {
  # SHA-256 of glyph data (SPEC §3 sha256): the symmetric half only.
  emconfigure ./configure --host=wasm32-unknown-none --prefix="$prefix" \
    --disable-shared --disable-public-key --disable-assembler \
    --disable-openssl --disable-documentation --disable-fat \
    CFLAGS="${common_cflags[*]}"
  emmake make -j"$jobs" libnettle.a
  mkdir -p "$prefix/lib" "$prefix/include/nettle"
  cp libnettle.a "$prefix/lib/"
  cp ./*.h "$prefix/include/nettle/"
}

mkdir -p "$cache" "$out"
jansson_prefix=$(build_dependency jansson libjansson-dev recipe_jansson)
libxml2_prefix=$(build_dependency libxml2 libxml2-dev recipe_libxml2)
nettle_prefix=$(build_dependency nettle nettle-dev recipe_nettle)

# --- Anima -------------------------------------------------------------------
# The statically linked modules: every modules/<dir>/ with its descriptor
# (ANIMA_MODULE_DEFINE(identifier, ...)), in the order the CLI loads them
# (file name order; web/anima_web.c adds each one's dependencies first).
# Modules left out of the web build: none. (bind's lower() needs Unicode
# default case conversion: natively ICU, in the wasm the JS engine's own
# String.prototype.toLowerCase, modules/bind/expr_text.c.)
web_excluded_modules=()
# The web tests skip documents that require them (web/test/compare.mjs).
mkdir -p "$out" && printf '%s\n' "${web_excluded_modules[@]}" >"$out/excluded-modules.txt"
web_module() {
  local name
  name=$(basename "$1")
  for excluded in "${web_excluded_modules[@]}"; do
    [ "$name" = "$excluded" ] && return 1
  done
  return 0
}
modules_c="$out/gen/web_modules.c"
mkdir -p "$out/gen"
{
  echo "/* Generated by scripts/build-web.sh: the feature modules linked in. */"
  echo "#include \"web_modules.h\""
  identifiers=()
  for dir in modules/*/; do
    web_module "$dir" || continue
    # sed reads every line (head would close the pipe early: SIGPIPE)
    identifier=$({ grep -ohE 'ANIMA_MODULE_DEFINE\([a-z0-9_]+' "$dir"*.c 2>/dev/null || true; } |
                 sed -n '1{s/.*(//;p;}')
    [ -n "$identifier" ] && identifiers+=("$identifier")
  done
  for identifier in "${identifiers[@]}"; do echo "ANIMA_MODULE_DECLARE($identifier);"; done
  echo "const anima_module_info *const web_modules[] = {"
  for identifier in "${identifiers[@]}"; do echo "    &anima_module_${identifier}_info,"; done
  echo "    NULL};"
} >"$modules_c.new"
cmp -s "$modules_c.new" "$modules_c" && rm "$modules_c.new" || mv "$modules_c.new" "$modules_c"

sources=(kernel/*.c markup/*.c
         backends/fit.c backends/mesh_geometry.c
         tools/anima/script.c tools/anima/script_hints.c tools/anima/script_lexer.c
         tools/anima/script_operation.c tools/anima/script_snapshot.c tools/anima/script_event_detail.c
         tools/anima/script_source.c tools/anima/script_text.c tools/anima/bounded_read.c
         tools/anima/closest_input.c
         web/*.c)
for dir in modules/*/; do
  web_module "$dir" && sources+=("$dir"*.c)
done
# The SVG writer without its PNG encoder (cairo): the web build has no
# cairo, so raw-pixel images are unsupported-render there (web/svg_png_web.c).
for file in backends/svg/*.c; do
  [ "$file" = backends/svg/svg_png.c ] || sources+=("$file")
done

cflags=("${common_cflags[@]}" -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
        -fvisibility=hidden
        -I"$root/include" -I"$root/kernel" -I"$root/markup" -I"$root/backends"
        -I"$root/backends/svg" -I"$root/tools/anima" -I"$root/web" -I"$out/gen"
        -I"$jansson_prefix/include" -I"$libxml2_prefix/include" -I"$nettle_prefix/include"
        # No libpng in the web build: the assets module decodes no image
        # there (modules/assets/image.c; the browser draws images).
        -DANIMA_ASSETS_NO_PNG
        # kernel/meson.build passes the install directory; the web build
        # loads no module file, so a directory that does not exist stands in.
        -DANIMA_INSTALL_MODULE_DIR=\"/nonexistent/anima/modules-2\")
exported=$(grep -ohE 'ANIMA_WEB_EXPORT[^;{]*\banima_web_[a-z_]+\(' web/anima_web.c |
           grep -oE 'anima_web_[a-z_]+' | sort -u | sed 's/^/_/' | paste -sd, -)
# Asynchronous wasm compilation (browsers refuse to compile a large module
# synchronously on the main thread); under node 20 this emscripten's loader
# would fetch() a file path, so node callers hand it the bytes as
# `wasmBinary` (web/test/sample.mjs).
ldflags=(-Oz -sMODULARIZE=1 -sEXPORT_NAME=createAnima -sALLOW_MEMORY_GROWTH=1
         -sENVIRONMENT=web,node
         -sEXPORTED_FUNCTIONS="_malloc,_free,$exported"
         -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,stringToUTF8,lengthBytesUTF8)
libraries=("$libxml2_prefix/lib/libxml2.a" "$jansson_prefix/lib/libjansson.a"
           "$nettle_prefix/lib/libnettle.a")

# A ninja file: objects in build-web/obj with header dependencies, so a
# second run recompiles only what changed.
{
  echo "ninja_required_version = 1.5"
  echo "cflags = ${cflags[*]@Q}"
  echo "ldflags = ${ldflags[*]@Q}"
  echo "libraries = ${libraries[*]@Q}"
  echo "rule cc"
  echo "  command = emcc \$cflags -MD -MF \$out.d -c \$in -o \$out"
  echo "  depfile = \$out.d"
  echo "  deps = gcc"
  echo "  description = emcc \$in"
  echo "rule link"
  echo "  command = emcc \$ldflags \$in \$libraries -o \$out"
  echo "  description = link \$out"
  objects=()
  for source in "${sources[@]}" gen/web_modules.c; do
    object="obj/${source%.c}.o"
    if [ "$source" = gen/web_modules.c ]; then
      echo "build $object: cc $modules_c"
    else
      echo "build $object: cc $root/$source"
    fi
    objects+=("$object")
  done
  echo "build anima.js | anima.wasm: link ${objects[*]} | ${libraries[*]}"
  echo "default anima.js"
} >"$out/build.ninja.new"
cmp -s "$out/build.ninja.new" "$out/build.ninja" && rm "$out/build.ninja.new" ||
  mv "$out/build.ninja.new" "$out/build.ninja"
ninja -C "$out" -j"$jobs"
# The folder a page serves as is: the wasm, its glue, the JS API and the
# element side by side (anima-icon.mjs loads anima.js from its own folder).
for file in web/anima.mjs web/anima-icon.mjs; do
  cmp -s "$file" "$out/$(basename "$file")" || cp "$file" "$out/"
done

wasm_bytes=$(stat -c %s "$out/anima.wasm")
wasm_gzip=$(gzip -9 -c "$out/anima.wasm" | wc -c)
echo "build-web: $out/anima.wasm $((wasm_bytes / 1024)) KiB, $((wasm_gzip / 1024)) KiB gzip -9"

if [ "${1:-}" = size ]; then
  # What the code is made of (bench/README.md "WebAssembly size"): the
  # same link with function names, each matched to its object or library.
  mkdir -p "$out/size"
  nm=$(command -v llvm-nm || command -v llvm-nm-14)
  {
    for object in $(cd "$out" && find obj -name '*.o' | sort); do
      case "$object" in
        obj/modules/*) group="module $(basename "$(dirname "$object")")" ;;
        obj/tools/*) group="script interpreter" ;;
        *) group=$(echo "$object" | cut -d/ -f2) ;;
      esac
      "$nm" --defined-only "$out/$object" | awk -v g="$group" 'NF == 3 {print g "\t" $3}'
    done
    for library in "${libraries[@]}"; do
      "$nm" --defined-only "$library" 2>/dev/null |
        awk -v g="$(basename "$library" .a)" 'NF == 3 {print g "\t" $3}'
    done
  } >"$out/size/symbols.tsv"
  objects=$(cd "$out" && find obj -name '*.o' | sort)
  (cd "$out" && emcc "${ldflags[@]}" --profiling-funcs $objects "${libraries[@]}" -o size/anima.js)
  node web/size.mjs "$out/size/anima.wasm" "$out/size/symbols.tsv"
fi

if [ "${1:-}" = test ]; then
  anima="${ANIMA:-build-test-release/tools/anima/anima}"
  status=0
  node web/test/sample.mjs "$anima" || status=1
  # The same in headless Chromium, and the element (puppeteer-core from
  # npm, pinned by web/test/package-lock.json, drives Debian's chromium).
  if [ ! -d web/test/node_modules/puppeteer-core ]; then
    npm ci --prefix web/test --no-audit --no-fund --loglevel=error
  fi
  node web/test/chromium.mjs "$anima" || status=1
  # Issue 16's speed bars in the page, printed (bench/README.md
  # "WebAssembly speed in Chromium"); it fails only when it cannot measure.
  node web/test/speed.mjs || status=1
  # The playground's page flow (edit, error, fix, scrub, save, a stale
  # save, reloads) against `anima playground` itself.
  if "$anima" playground --help >/dev/null 2>&1; then
    node web/test/playground.mjs "$anima" || status=1
  else
    echo "build-web: $anima has no playground command (libuv or http-parser missing): skipped"
  fi
  exit $status
fi
