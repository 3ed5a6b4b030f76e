#!/usr/bin/env python3
"""dask_dedup.py -- the distinct normalized URLs of text files of URLs, on a Dask cluster.

    dask_dedup.py [--workers N | --scheduler ADDRESS] [--out DIR] [--blocksize BYTES]
                  [--split-out K] [--split-every F] FILE...

The crawler's seen-set job: read the files (one URL per line, as `curi normalize` reads
them: a '\\r' before the '\\n' dropped, and a UTF-8 byte order mark at the start of a file),
normalize each partition with one call of
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


def normalize_block(data, first, split_out):
    """One block of whole lines (bytes) -> (its distinct normalized URLs as split_out bytes,
    one per hash partition; its invalid inputs as bytes; its number of inputs).  All in C
    (curi.normalize_block): no Python object per line.  Deduplicating inside the block first
    keeps repeated URLs off the shuffle.  first: the block starts its file, where the tool
    drops a UTF-8 byte order mark."""
    return curi.normalize_block(data, parts=split_out, first=first)


def write_bytes(data, path):
    """Write one partition's lines (bytes, '\n' after each) as they are; returns how many."""
    with open(path, "wb") as f:
        f.write(data)
    return data.count(b"\n")


def dedup(files, out, blocksize=64 << 20, split_out=4, split_every=16):
    """Build and run the job on the current Dask client; returns the counts."""
    import dask
    from dask.bytes import read_bytes

    os.makedirs(out, exist_ok=True)
    # blocks of about blocksize bytes, each cut after a '\n' (whole lines), per file
    _, blocks = read_bytes(files, delimiter=b"\n", blocksize=blocksize, sample=False)
    norm = dask.delayed(normalize_block, pure=True, nout=3)
    parts = [norm(b, j == 0, split_out) for per_file in blocks for j, b in enumerate(per_file)]
    # hash partition k of the output: the k-th part of every block, reduced in a tree of
    # fan-in split_every by curi.unique_lines (bytes in, bytes out: what crosses between
    # workers is one bytes object per part, not a Python object per URL)
    unique = dask.delayed(curi.unique_lines, pure=True)
    w = dask.delayed(write_bytes)
    writes = []
    for k in range(split_out):
        level = [p[0][k] for p in parts] or [b""]
        while len(level) > 1:
            level = [unique(level[i:i + split_every]) for i in range(0, len(level), split_every)]
        writes.append(w(level[0], os.path.join(out, "distinct-%05d.txt" % k)))
    writes += [w(p[1], os.path.join(out, "invalid-%05d.txt" % i)) for i, p in enumerate(parts)]
    total = dask.delayed(sum, pure=True)([p[2] for p in parts])  # one task, not a chain of adds
    counts = dask.compute(total, *writes)
    return {"inputs": int(counts[0]), "distinct": sum(counts[1:1 + split_out]),
            "invalid": sum(counts[1 + split_out:]), "partitions_in": len(parts),
            "partitions_out": split_out}


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
        r = dedup(files, out, a.blocksize, a.split_out, max(2, a.split_every))
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
