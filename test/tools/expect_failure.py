#!/usr/bin/env python3
"""Runs a command that must fail, and checks what it printed.

  expect_failure.py [--status N] [--source FILE] --expect REGEX [--expect REGEX ...] -- CMD...

Passes when CMD exits with a non-zero status (exactly N with --status) and every REGEX is
found in its combined stdout and stderr. In a REGEX, {line:MARKER} stands for the number of
the first line of FILE that contains MARKER, so expectations name exact source lines.
"""
import argparse
import re
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--status", type=int)
    parser.add_argument("--source")
    parser.add_argument("--expect", action="append", default=[])
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")

    lines = []
    if args.source:
        with open(args.source) as f:
            lines = f.read().splitlines()

    def line_of(match):
        marker = match.group(1)
        for number, text in enumerate(lines, 1):
            if marker in text:
                return str(number)
        sys.exit(f"expect_failure: marker {marker!r} not found in {args.source}")

    try:
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             timeout=args.timeout, text=True, errors="replace")
    except subprocess.TimeoutExpired as e:
        print(e.output or "")
        print(f"expect_failure: timed out after {args.timeout}s (a hang, not a failure)")
        return 1
    print(run.stdout)
    ok = True
    if run.returncode == 0:
        print("expect_failure: the command succeeded, but it must fail")
        ok = False
    elif args.status is not None and run.returncode != args.status:
        print(f"expect_failure: exit status {run.returncode}, expected {args.status}")
        ok = False
    for pattern in args.expect:
        pattern = re.sub(r"\{line:([^}]*)\}", line_of, pattern)
        if not re.search(pattern, run.stdout, re.MULTILINE):
            print(f"expect_failure: output does not match: {pattern}")
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
