#!/bin/sh
# Every C source and header of the project is clang-formatted with the
# repository's .clang-format (STYLE: "clang-format"). Prints the files that
# are not, and how to fix them. Skipped (exit 77) without clang-format-14:
# other versions format some constructs differently.
#
#   tests/check_format.sh <source root>
set -eu
root=$1
format=$(command -v clang-format-14 || true)
if [ -z "$format" ]; then
  echo "clang-format-14 is not installed (Debian package clang-format-14): skipped"
  exit 77
fi
cd "$root"
if [ -d .git ] || [ -f .git ]; then
  files=$(git ls-files '*.c' '*.h')
else
  files=$(find backends bench conformance examples include kernel markup modules openbone tests tools web \
    \( -name '*.c' -o -name '*.h' \) -type f 2>/dev/null | sort)
fi
bad=""
for file in $files; do
  if ! "$format" --dry-run --Werror "$file" >/dev/null 2>&1; then
    bad="$bad $file"
  fi
done
if [ -n "$bad" ]; then
  echo "not clang-formatted:"
  for file in $bad; do echo "  $file"; done
  echo "fix with: clang-format-14 -i$bad"
  exit 1
fi
echo "$(echo "$files" | wc -w) files clang-formatted"
