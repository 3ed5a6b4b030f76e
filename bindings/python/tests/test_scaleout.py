"""The scale-out recipes against the single-process tool, on ../shared/data/urls:

  - examples/dask_dedup.py on LocalCluster(n_workers=2, processes=True) on loopback, and
    with `dask scheduler` and `dask worker` processes (make check-dask: marked dask);
  - GNU parallel: parallel --pipepart --block B -a FILE curi normalize | LC_ALL=C sort -u.

Both must give exactly the distinct lines of `curi normalize < FILE | LC_ALL=C sort -u` for
each data file.  The tool prints an empty line for an invalid input, so its count includes
one empty line when some input is invalid: the Dask job writes invalid inputs aside instead,
and their number must equal the tool's count of errors.
SPDX-License-Identifier: MIT
"""
import glob
import json
import os
import shutil
import subprocess
import sys

import pytest

from conftest import data_files

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def tool_distinct(tool, files):
    """The lines of `curi normalize < f | LC_ALL=C sort -u` over files (each file on its own,
    as a file may not end with '\\n'), and the number of invalid inputs."""
    out = set()
    errors = 0
    env = dict(os.environ, LC_ALL="C")
    for f in files:
        with open(f, "rb") as fh:
            p = subprocess.run("%s normalize | LC_ALL=C sort -u" % tool, shell=True, stdin=fh,
                               capture_output=True, env=env)
        out.update(p.stdout.split(b"\n")[:-1])
        with open(f, "rb") as fh:
            j = subprocess.run([tool, "normalize", "--json"], stdin=fh, capture_output=True)
        errors += sum(1 for x in j.stdout.splitlines() if b'"error":' in x)
    return out, errors


@pytest.fixture(scope="module")
def expected(tool, data):
    return tool_distinct(tool, data)


@pytest.mark.dask
def test_dask_dedup_matches_tool(tool, data, expected, tmp_path):
    pytest.importorskip("dask")
    pytest.importorskip("distributed")
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    import dask_dedup
    from distributed import Client, LocalCluster

    want, want_errors = expected
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None, host="127.0.0.1") as cluster, \
            Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        # small blocks, so that files are split over several partitions
        r = dask_dedup.dedup(data, str(tmp_path), blocksize=1 << 20, split_out=4)
    got = []
    for f in sorted(glob.glob(str(tmp_path / "distinct-*.txt"))):
        with open(f, "rb") as fh:
            got += fh.read().split(b"\n")[:-1]
    invalid = []
    for f in sorted(glob.glob(str(tmp_path / "invalid-*.txt"))):
        with open(f, "rb") as fh:
            invalid += fh.read().split(b"\n")[:-1]
    assert len(got) == len(set(got)) == r["distinct"]  # distinct across partitions
    assert len(invalid) == r["invalid"] == want_errors
    assert r["partitions_in"] > len(data)
    assert 2 <= r["tasks"] <= r["partitions_in"]  # one per worker, at least
    # the tool's empty line for the invalid inputs
    expect = set(want) - ({b""} if want_errors and b"" not in set(got) else set())
    assert set(got) == expect
    assert len(got) + (1 if want_errors and b"" not in set(got) else 0) == len(want)
    n_lines = 0
    for f in data:
        with open(f, "rb") as fh:
            b = fh.read()
        n_lines += b.count(b"\n") + (0 if b.endswith(b"\n") or not b else 1)
    assert r["inputs"] == n_lines


def test_gnu_parallel_matches_tool(tool, data, expected):
    if not shutil.which("parallel"):
        pytest.skip("GNU parallel is not installed (Debian: parallel): SKIPPED")
    want, _ = expected
    got = set()
    env = dict(os.environ, LC_ALL="C")
    for f in data:
        # blocks of 256 KiB, so that the bigger files are really cut in several parts
        p = subprocess.run("parallel --will-cite --pipepart --block 256k -a %s %s normalize "
                           "| LC_ALL=C sort -u" % (f, tool), shell=True, capture_output=True,
                           env=env)
        got.update(p.stdout.split(b"\n")[:-1])
    assert got == want


@pytest.mark.dask
def test_dask_scheduler_and_worker_commands(tool, data, tmp_path):
    """The documented multi-machine path, on loopback: `dask scheduler`, `dask worker` and
    dask_dedup.py --scheduler as three processes (the job over the smallest data file)."""
    if not shutil.which("dask"):
        pytest.skip("no dask command (Debian: python3-distributed): SKIPPED")
    import time
    f = min(data, key=os.path.getsize)
    want, want_errors = tool_distinct(tool, [f])
    sched_file = tmp_path / "scheduler.json"
    env = dict(os.environ)
    procs = []
    try:
        procs.append(subprocess.Popen(
            ["dask", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
             "--scheduler-file", str(sched_file)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
        for _ in range(300):
            if sched_file.exists() and sched_file.stat().st_size > 0:
                break
            time.sleep(0.1)
        address = json.loads(sched_file.read_text())["address"]
        procs.append(subprocess.Popen(
            ["dask", "worker", address, "--nworkers", "2", "--nthreads", "1",
             "--no-dashboard", "--host", "127.0.0.1"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
        from distributed import Client
        with Client(address, timeout=60) as c:
            c.wait_for_workers(2, timeout=60)
        out = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "dask_dedup.py"),
                              "--scheduler", address, "--out", str(tmp_path / "out"),
                              "--blocksize", str(1 << 18), f],
                             capture_output=True, text=True, env=env, timeout=300)
        assert out.returncode == 0, out.stderr[-3000:]
        r = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
    assert r["workers"] == 2 and r["invalid"] == want_errors
    got = set()
    for g in glob.glob(str(tmp_path / "out" / "distinct-*.txt")):
        with open(g, "rb") as fh:
            got.update(fh.read().split(b"\n")[:-1])
    assert len(got) == r["distinct"]
    assert got == set(want) - ({b""} if want_errors and b"" not in got else set())
