#!/bin/sh
# Hostile-input reproducers: each folder of tests/hostile/ is one finding of
# a hostile review (the kind /work/shared/repro collects), run against the
# built CLI. Files of a folder:
#   cmd.txt     one line: the arguments after `anima` (words split on spaces;
#               file names relative to the folder's working copy)
#   expect.txt  what must hold, one check a line:
#                 exit N            the exit status
#                 stderr TEXT       stderr contains TEXT (fixed string)
#                 stdout TEXT       stdout contains TEXT
#                 no-stderr TEXT    stderr does not contain TEXT
#                 once TEXT         stderr contains TEXT on exactly one line
#                 mode FILE OCTAL   FILE's permission bits afterwards (stat %a)
#                 link FILE         FILE is still a symbolic link afterwards
#                 contains FILE TEXT  FILE (in the working copy) contains TEXT
#                 cpu SECONDS       the run is killed past SECONDS of CPU time
#                                   (ulimit -t: a hang or quadratic blow-up
#                                   bound, far above a correct run's cost)
#   make-input.sh  optional: writes large inputs into the working copy
#   WHY.md      the finding, and why the expectations are what they are
# Usage: run.sh <anima> <module dir> <tests/hostile dir>
set -u
anima=$1
export ANIMA_MODULE_PATH=$2
root=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
for case_dir in "$root"/*/; do
  name=$(basename "$case_dir")
  copy="$work/$name"
  cp -R "$case_dir" "$copy"
  if [ -f "$copy/make-input.sh" ]; then
    (cd "$copy" && sh ./make-input.sh) || {
      echo "FAIL $name: make-input.sh failed"
      failed=$((failed + 1))
      continue
    }
  fi
  cpu=$(sed -n 's/^cpu //p' "$copy/expect.txt")
  args=$(cat "$copy/cmd.txt")
  # shellcheck disable=SC2086 # the words of cmd.txt are the arguments
  (cd "$copy" && { [ -z "$cpu" ] || ulimit -t "$cpu"; } &&
    exec "$anima" $args >"$work/$name.out" 2>"$work/$name.err" </dev/null)
  status=$?
  problems=""
  while IFS= read -r line; do
    check=${line%% *}
    text=${line#* }
    case $check in
    exit) [ "$status" = "$text" ] ||
      problems="$problems; exit status $status, not $text" ;;
    stderr) grep -qF -- "$text" "$work/$name.err" ||
      problems="$problems; stderr lacks \"$text\"" ;;
    stdout) grep -qF -- "$text" "$work/$name.out" ||
      problems="$problems; stdout lacks \"$text\"" ;;
    no-stderr) ! grep -qF -- "$text" "$work/$name.err" ||
      problems="$problems; stderr has \"$text\"" ;;
    once)
      count=$(grep -cF -- "$text" "$work/$name.err")
      [ "$count" = 1 ] ||
        problems="$problems; stderr has \"$text\" on $count lines, not 1" ;;
    mode)
      file=${text%% *}
      actual=$(stat -c %a "$copy/$file" 2>/dev/null)
      [ "$actual" = "${text#* }" ] ||
        problems="$problems; $file has mode $actual, not ${text#* }" ;;
    link) [ -L "$copy/$text" ] ||
      problems="$problems; $text is no longer a symbolic link" ;;
    contains) grep -qF -- "${text#* }" "$copy/${text%% *}" ||
      problems="$problems; ${text%% *} lacks \"${text#* }\"" ;;
    cpu | "") ;;
    *) problems="$problems; unknown check \"$check\"" ;;
    esac
  done <"$copy/expect.txt"
  if [ -n "$problems" ]; then
    echo "FAIL $name${problems}"
    echo "  stderr: $(head -c 600 "$work/$name.err")"
    failed=$((failed + 1))
  else
    echo "ok   $name"
    passed=$((passed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
