#!/usr/bin/env python3
"""Runs every conformance/cases/<case>/check.py (the independent calculation
behind a case's expected values, see conformance/README.md) and checks that
what it prints is the case's expected.jsonl byte for byte, so a script and
its case cannot drift apart. Usage: run_checks.py <cases-directory>."""
import os
import subprocess
import sys

cases = sys.argv[1]
failed = passed = 0
for name in sorted(os.listdir(cases)):
    script = os.path.join(cases, name, "check.py")
    if not os.path.isfile(script):
        continue
    run = subprocess.run([sys.executable, script], capture_output=True, text=True)
    with open(os.path.join(cases, name, "expected.jsonl")) as f:
        expected = f.read()
    if run.returncode != 0 or run.stdout != expected:
        failed += 1
        print(f"FAIL {name}: check.py " + (f"exited {run.returncode}: {run.stderr.strip()}"
              if run.returncode else "prints other lines than expected.jsonl"))
    else:
        passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
