"""No leak and no shared state: RSS stays flat over a million calls, and threads get the
answers a single thread gets (cffi releases the GIL during each call, so the C code really
runs concurrently).
SPDX-License-Identifier: MIT
"""
import gc
import threading
import time

import curi

URLS = ["HTTP://Example.COM:80/a/./b/../c?q=%7e#f", "http://[::1]:8080/x", "mailto:a@b",
        "http://a b/", "../x/./y", "http://u:p@h/%zz", "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2"]


def rss_kib():
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    import resource
    return pages * resource.getpagesize() // 1024


def _calls(n):
    """At least n foreign calls: one-at-a-time parses (with their components and errors), and
    among them batch calls of 96 URLs, normalize, check and resolve."""
    urls = URLS
    k = len(urls)
    done = 0
    batch = urls * (100 // k)
    while done < n:
        for i in range(1000):
            t = urls[i % k]
            try:
                u = curi.parse(t)
                u.host, u.query, u.port_number
            except curi.ParseError as e:
                str(e)
        done += 1000
        curi.normalize_many(batch, errors="null")
        curi.valid_many(batch)
        curi.split_many(batch)
        done += 6
        curi.normalize(urls[0])
        curi.check(urls[5])
        u = curi.parse(urls[0])
        u.resolve("../z")
        u.replace(host="b.example", port=None)
        u.relative_to("http://example.com/a/")
        curi.decode(curi.encode("a b\u00e9", "query"))
        curi.extract("see <http://x.example/a b> and www.example.com.", complete=True)
        done += 6


def test_rss_stable_over_a_million_calls():
    _calls(200_000)  # warm up: caches, arenas, the free lists
    gc.collect()
    before = rss_kib()
    _calls(1_000_000)
    gc.collect()
    after = rss_kib()
    # a leak of even 8 bytes per call would be 8 MB here
    assert after - before < 2048, (before, after)


def test_threads_agree_with_one_thread():
    import os
    import glob
    d = os.environ.get("CURI_DATA", "../shared/data/urls")
    texts = []
    for path in sorted(glob.glob(os.path.join(d, "*.txt")))[:3]:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            texts += f.read().splitlines()[:20000]
    texts += URLS * 500
    want_norm = curi.normalize_many(texts, errors="null")
    want_valid = curi.valid_many(texts)
    want_one = [curi.normalize(t) if v else None for t, v in zip(texts[:5000], want_valid)]
    results = {}
    errors = []
    start = threading.Barrier(4)

    def work(k):
        try:
            start.wait()
            for _ in range(3):
                out = (curi.normalize_many(texts, errors="null"), curi.valid_many(texts),
                       [curi.normalize(t) if v else None
                        for t, v in zip(texts[:5000], want_valid)])
                results.setdefault(k, []).append(out)
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for k in range(4):
        for out in results[k]:
            assert out == (want_norm, want_valid, want_one)


def test_batches_release_the_gil():
    # with a switch interval of 1 s, far longer than each call here (a few ms), another
    # Python thread can run during a batch call only if the call releases the GIL: a
    # counter it moves must move during the call.  The other thread also needs a CPU while
    # the GIL is free, which a loaded machine may not give it within one call: each call
    # gets 20 tries (a call that holds the GIL never moves it).  After a try in which the
    # other thread took the GIL, the call waits up to the interval to get it back.
    import sys
    items = ["http://a.example/" + "x" * 100 + "/./%d" % i for i in range(50_000)]
    count = [0]
    stop = threading.Event()
    running = threading.Event()

    def spin():
        running.set()
        while not stop.is_set():
            count[0] += 1

    def moves(call):
        for _ in range(20):
            before = count[0]
            call()
            if count[0] > before:
                return True
        return False

    old = sys.getswitchinterval()
    t = threading.Thread(target=spin)
    try:
        t.start()
        running.wait()
        sys.setswitchinterval(1.0)
        time.sleep(0.001)  # the spinner now waits for the GIL with the new interval
        # the control: one-URL calls keep the GIL (cffi's release costs more than a parse)
        before = count[0]
        for x in items[:5000]:
            curi.parse(x)
        assert count[0] == before
        for name, call in (("valid_many", lambda: curi.valid_many(items)),
                           ("normalize_many", lambda: curi.normalize_many(items, errors="null")),
                           ("split_many", lambda: curi.split_many(items))):
            assert moves(call), name
    finally:
        sys.setswitchinterval(old)
        stop.set()
        t.join()
