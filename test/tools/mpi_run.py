"""Running MPI programs for Bamboo's test drivers (test/e2e/compare_runs.py, test/fuzz/run).

run() runs a command in a process group of its own, killed whole on timeout. launch() runs
a program on n MPI processes and returns what they printed, each process's output whole.
"""
import os
import signal
import subprocess
import tempfile
import time


def run(command, timeout, env=None, cwd=None):
    """Returns (status, stdout, stderr, seconds); status None means timed out."""
    start = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            cwd=cwd, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = proc.communicate()
        status = None
    decode = lambda b: b.decode("utf-8", "replace")
    return status, decode(out), decode(err), time.monotonic() - start


def launch(mpiexec, n, command, timeout, env=None, openmpi=False):
    """Runs command (a list) on n processes with mpiexec, as run() does.

    Open MPI's launcher forwards each process's output in the pieces it reads from its pipe,
    which may end inside a line, and mixes two processes' pieces ("rank 4: prank 0: ..."): a
    process that prints more than about 4 KiB is cut (a translated one prints k ranks' lines).
    With openmpi, each process's output is read from the files Open MPI writes for it, whole
    (--output-filename)."""
    if not openmpi:
        return run([mpiexec, "-n", str(n)] + command, timeout, env)
    with tempfile.TemporaryDirectory(prefix="bamboo-mpi-out-") as where:
        status, _, err, secs = run([mpiexec, "--output-filename", where, "-n", str(n)] + command,
                                   timeout, env)
        out = []
        for rank in range(n):
            path = os.path.join(where, "1", f"rank.{rank}", "stdout")
            if os.path.exists(path):
                with open(path, encoding="utf-8", errors="replace") as f:
                    out.append(f.read())
        return status, "".join(out), err, secs
