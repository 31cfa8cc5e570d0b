#!/usr/bin/env python3
"""Checks a BAMBOO_TRACE file: valid JSON in Chrome's trace format, one slice per task run
labelled with its rank, a communication track, and every expected rank present.

  check_trace.py TRACE.json --ranks N [--communication]
"""
import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("trace")
    parser.add_argument("--ranks", type=int, required=True)
    parser.add_argument("--communication", action="store_true",
                        help="expect MPI traffic on the communication track")
    args = parser.parse_args()
    with open(args.trace) as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    problems = []
    runs = [e for e in events if e.get("ph") == "X" and e.get("cat") == "task"]
    ranks = {e["args"]["rank"] for e in runs}
    if ranks != set(range(args.ranks)):
        problems.append(f"task runs for ranks {sorted(ranks)}, expected 0..{args.ranks - 1}")
    for e in runs:
        if e["name"] != f"rank {e['args']['rank']}" or e["dur"] < 0 or e["ts"] < 0:
            problems.append(f"bad task slice {e}")
            break
    threads = {(e["pid"], e["args"]["name"]) for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    if not any(name == "communication" for _, name in threads):
        problems.append("no communication track")
    if not any(name.startswith("worker ") for _, name in threads):
        problems.append("no worker track")
    comm = [e for e in events if e.get("cat") == "communication"]
    if args.communication and not comm:
        problems.append("no communication events")
    for p in problems:
        print("check_trace:", p)
    print(f"check_trace: {len(runs)} task runs, {len(comm)} communication events, "
          f"{len(threads)} tracks")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
