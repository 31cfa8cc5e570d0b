#!/usr/bin/env python3
"""Runs an MPI program and its Bamboo translation and compares what they print.

  compare_runs.py --original BIN --translated BIN --configs 1x1,1x4,2x1,2x2,2x4
                  [--mpiexec mpiexec] [--openmpi] [--timeout S]

For each configuration PxK the original runs as P*K MPI ranks and the translation as P
processes with BAMBOO_VF=K. Their standard outputs must be the same up to the order of lines
(ranks print concurrently, SPEC section 5), and both must exit with status 0.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from mpi_run import launch  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--original", required=True)
    parser.add_argument("--translated", required=True)
    parser.add_argument("--configs", default="1x1,1x4,2x1,2x2,2x4")
    parser.add_argument("--mpiexec", default="mpiexec")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--openmpi", action="store_true",
                        help="mpiexec is Open MPI's: read each process's output from its file")
    parser.add_argument("args", nargs="*", help="arguments for both programs")
    options = parser.parse_args()

    failures = 0
    for config in options.configs.split(","):
        processes, vf = (int(x) for x in config.split("x"))
        env = dict(os.environ)
        for name in [n for n in env if n.startswith("BAMBOO_")]:
            del env[name]
        want_status, want, want_err, _ = launch(options.mpiexec, processes * vf,
                                                [options.original] + options.args,
                                                options.timeout, env, options.openmpi)
        env["BAMBOO_VF"] = str(vf)
        got_status, got, got_err, _ = launch(options.mpiexec, processes,
                                             [options.translated] + options.args,
                                             options.timeout, env, options.openmpi)
        label = f"{processes} processes x BAMBOO_VF={vf} vs {processes * vf} MPI ranks"
        if want_status is None or got_status is None:
            which = "original" if want_status is None else "translation"
            print(f"FAIL {label}: the {which} timed out after {options.timeout:g}s")
            failures += 1
        elif want_status != 0:
            print(f"FAIL {label}: the original exited with {want_status}\n{want_err}")
            failures += 1
        elif got_status != 0:
            print(f"FAIL {label}: the translation exited with {got_status}\n{got_err}")
            failures += 1
        elif sorted(want.splitlines()) != sorted(got.splitlines()):
            print(f"FAIL {label}: outputs differ\n--- MPI\n{want}--- Bamboo\n{got}")
            failures += 1
        elif not want.strip():
            print(f"FAIL {label}: the program printed nothing to compare")
            failures += 1
        else:
            print(f"ok   {label}: {len(want.splitlines())} lines agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
