#!/bin/sh
# The `no-build-path` test (docs/MODULES.md "Loading"; the design sketch's
# D7): no file that gets installed names the build or source tree, so an
# installed libanima never searches a developer's build for modules. Builds
# find their modules through ANIMA_MODULE_PATH instead (meson test, meson
# devenv, scripts/). examples/third-party-module/check-staged.sh repeats the
# check on the installed files.
#
# Debug information (DW_AT_comp_dir) names the build by design and is not
# what the program reads: it is stripped from a copy before looking.
#
#   check_no_build_path.sh <build root> <source root> <file...>
set -eu
build=$1
source=$2
shift 2
status=0
copy=$(mktemp "${TMPDIR:-/tmp}/anima-no-build-path-XXXXXX")
trap 'rm -f "$copy"' EXIT
for file in "$@"; do
  strip --strip-debug -o "$copy" "$file"
  for tree in "$build" "$source"; do
    if strings "$copy" | grep -qF "$tree"; then
      echo "no-build-path: $file names $tree: $(strings "$copy" | grep -F "$tree" | head -1)" >&2
      status=1
    fi
  done
done
[ $status -eq 0 ] && echo "no-build-path: $# files name neither $build nor $source"
exit $status
