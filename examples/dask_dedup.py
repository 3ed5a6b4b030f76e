#!/usr/bin/env python3
"""dask_dedup.py -- the distinct normalized URLs of text files of URLs, on a Dask cluster.

    dask_dedup.py [--workers N | --scheduler ADDRESS] [--out DIR] [--blocksize BYTES]
                  [--split-out K] [--split-every F] [--tasks N] FILE...

The crawler's seen-set job: read the files (one URL per line, as `curi normalize` reads
them: a '\\r' before the '\\n' dropped, and a UTF-8 byte order mark at the start of a file),
normalize each block (at most --blocksize bytes, cut at line ends; a task takes a run of
blocks, one task per worker unless the input is larger) with one call of
curi.normalize_block (RFC 3986 6.2.2 and 6.2.3, the tool's default; the block's own
duplicates dropped and its URLs split by hash into K parts, in C, without a Python object per
line), reduce each of the K hash partitions over the blocks with curi.unique_lines, and write

    DIR/distinct-NNNNN.txt   the distinct normalized URLs, one per line (in no order)
    DIR/invalid-NNNNN.txt    every input that is not a URI reference, as it was read

so that no input is silently dropped; the counts go to stdout as one JSON object.

Without --scheduler a LocalCluster of N worker processes (default 2, one thread each) runs on
this machine.  With --scheduler tcp://HOST:8786 the job goes to a running `dask scheduler`
whose `dask worker` processes may be on other machines (docs/scale-out.md): then FILE and DIR
must be paths every worker can read and write (a shared file system), and every worker needs
the curi package importable (PYTHONPATH or pip install).
SPDX-License-Identifier: MIT
"""
import argparse
import json
import os
import sys
import time

import curi


def plan(files, blocksize):
    """The blocks of the job: (path, offset, length) of about blocksize bytes each, cut
    later at line ends by fsspec.utils.read_block, and the file system they are on."""
    from fsspec.core import get_fs_token_paths
    fs, _, paths = get_fs_token_paths(files, mode="rb")
    blocks = []
    for p in paths:
        size = fs.size(p)
        nblocks = max(1, -(-size // blocksize))
        step = -(-size // nblocks) if size else 0
        blocks += [(p, off, min(step, size - off)) for off in range(0, max(size, 1), max(step, 1))]
    return fs, blocks


def group(blocks, ntasks):
    """blocks in ntasks runs of about equal bytes, each run kept in file order."""
    total = sum(b[2] for b in blocks) or 1
    runs, run, acc = [], [], 0
    for b in blocks:
        run.append(b)
        acc += b[2]
        if acc * ntasks >= total * (len(runs) + 1) and len(runs) < ntasks - 1:
            runs.append(run)
            run = []
    if run:
        runs.append(run)
    return runs


def normalize_run(fs, run, split_out):
    """One task: the blocks of run read (each cut at line ends) and normalized by
    curi.normalize_block, their parts merged by curi.unique_lines -> split_out bytes (hash
    partitions), the invalid inputs as bytes, the number of inputs."""
    from fsspec.utils import read_block
    parts = [[] for _ in range(split_out)]
    invalid, n = [], 0
    for path, off, length in run:
        with fs.open(path, "rb") as f:
            data = read_block(f, off, length, b"\n")
        p, bad, c = curi.normalize_block(data, parts=split_out, first=off == 0)
        for k in range(split_out):
            parts[k].append(p[k])
        invalid.append(bad)
        n += c
    return tuple(curi.unique_lines(x) for x in parts) + (b"".join(invalid), n)


def write_bytes(data, path):
    """Write one partition's lines (bytes, '\n' after each) as they are; returns how many."""
    with open(path, "wb") as f:
        f.write(data)
    return data.count(b"\n")


def dedup(files, out, blocksize=64 << 20, split_out=4, split_every=16, tasks=None):
    """Build and run the job on the current Dask client; returns the counts.  tasks: how
    many normalizing tasks (default: one per worker of the client, and at least one per
    blocksize bytes); a task takes a run of blocks, so that many small files do not make
    many small tasks, whose scheduling would cost more than their work."""
    import dask

    os.makedirs(out, exist_ok=True)
    fs, blocks = plan(files, blocksize)
    if tasks is None:
        from distributed import default_client
        tasks = max(1, len(default_client().scheduler_info()["workers"]))
    total = sum(b[2] for b in blocks)
    runs = group(blocks, max(1, min(len(blocks), max(tasks, -(-total // blocksize)))))
    norm = dask.delayed(normalize_run, pure=True, nout=split_out + 2)
    parts = [norm(fs, run, split_out) for run in runs]
    # hash partition k of the output: the k-th part of every task, reduced in a tree of
    # fan-in split_every by curi.unique_lines (bytes in, bytes out: what crosses between
    # workers is one bytes object per part, not a Python object per URL)
    unique = dask.delayed(curi.unique_lines, pure=True)
    w = dask.delayed(write_bytes)
    writes = []
    for k in range(split_out):
        level = [p[k] for p in parts] or [b""]
        while len(level) > 1:
            level = [unique(level[i:i + split_every]) for i in range(0, len(level), split_every)]
        writes.append(w(level[0], os.path.join(out, "distinct-%05d.txt" % k)))
    writes += [w(p[split_out], os.path.join(out, "invalid-%05d.txt" % i))
               for i, p in enumerate(parts)]
    total = dask.delayed(sum, pure=True)([p[split_out + 1] for p in parts])
    counts = dask.compute(total, *writes)
    return {"inputs": int(counts[0]), "distinct": sum(counts[1:1 + split_out]),
            "invalid": sum(counts[1 + split_out:]), "partitions_in": len(blocks),
            "tasks": len(runs), "partitions_out": split_out}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", metavar="FILE")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    g.add_argument("--scheduler", help="address of a running dask scheduler")
    ap.add_argument("--out", default="dedup-out", help="output directory")
    ap.add_argument("--blocksize", type=int, default=64 << 20, help="input bytes per partition")
    ap.add_argument("--split-out", type=int, default=4, help="output partitions (hash)")
    ap.add_argument("--split-every", type=int, default=16,
                    help="fan-in of the reduction of each output partition")
    ap.add_argument("--tasks", type=int, default=None,
                    help="normalizing tasks (default: one per worker, at least one per blocksize)")
    a = ap.parse_args(argv)

    from distributed import Client, LocalCluster
    files = [os.path.abspath(f) for f in a.files]
    out = os.path.abspath(a.out)
    if a.scheduler:
        client = Client(a.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        t = time.perf_counter()
        r = dedup(files, out, a.blocksize, a.split_out, max(2, a.split_every), a.tasks)
        r["seconds"] = round(time.perf_counter() - t, 3)
        r["workers"] = len(client.scheduler_info()["workers"])
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    json.dump(r, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
