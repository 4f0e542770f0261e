#!/bin/sh
# Checks every example (run by `meson test examples`; usage: check-examples.sh ANIMA SOURCE_ROOT).
# For each examples/<name>.animl, the authored source:
#   - `anima validate` of the .animl and of the .ani prints "<file>: valid" and nothing else
#     (no warnings);
#   - `anima build` of the .animl equals the committed .ani byte for byte;
#   - `anima fmt --check` accepts the .animl (it is canonical; comments are kept);
#   - `anima sample` runs examples/<name>.script.txt without a diagnostic, and `anima render`
#     draws the state it leaves;
#   - conformance/cases/example-<name>/case.ani is the same file as the example's .ani.
# Prints one line per failed check and exits 1 if any failed.
set -u
anima=$1
root=$2
failures=0
count=0

fail() {
  echo "FAIL $*"
  failures=$((failures + 1))
}

scratch=$(mktemp -d) || exit 1
trap 'rm -rf "$scratch"' EXIT

for source in "$root"/examples/*.animl; do
  name=$(basename "$source" .animl)
  built="$root/examples/$name.ani"
  count=$((count + 1))

  for file in "$source" "$built"; do
    output=$("$anima" validate "$file" 2>&1)
    if [ "$output" != "$file: valid" ]; then
      fail "$name: anima validate $file printed:"
      echo "$output"
    fi
  done

  if ! "$anima" build "$source" -o "$scratch/$name.ani" >"$scratch/build.log" 2>&1; then
    fail "$name: anima build failed:"
    cat "$scratch/build.log"
  elif ! cmp -s "$scratch/$name.ani" "$built"; then
    fail "$name: examples/$name.ani is not the build of examples/$name.animl" \
      "(run: anima build examples/$name.animl -o examples/$name.ani)"
  fi

  if ! "$anima" fmt --check "$source" >"$scratch/fmt.log" 2>&1; then
    fail "$name: examples/$name.animl is not canonical (run: anima fmt examples/$name.animl)"
    cat "$scratch/fmt.log"
  fi

  script="$root/examples/$name.script.txt"
  if [ ! -f "$script" ]; then
    fail "$name: examples/$name.script.txt is missing"
  elif ! "$anima" sample "$source" "$script" >"$scratch/sample.log" 2>&1; then
    fail "$name: anima sample examples/$name.animl examples/$name.script.txt failed:"
    cat "$scratch/sample.log"
  fi

  if [ -f "$script" ] && ! "$anima" render "$source" -o "$scratch/$name.png" --size 64 \
    -s "$script" >"$scratch/render.log" 2>&1; then
    fail "$name: anima render examples/$name.animl -s examples/$name.script.txt failed:"
    cat "$scratch/render.log"
  fi

  case_document="$root/conformance/cases/example-$name/case.ani"
  if [ ! -f "$case_document" ]; then
    fail "$name: conformance/cases/example-$name/case.ani is missing"
  elif ! cmp -s "$case_document" "$built"; then
    fail "$name: conformance/cases/example-$name/case.ani differs from examples/$name.ani" \
      "(copy the example over it and re-derive expected.jsonl)"
  fi
done

if [ "$count" -eq 0 ]; then
  fail "no examples/*.animl found under $root"
fi
echo "$count examples checked, $failures failed checks"
[ "$failures" -eq 0 ]
