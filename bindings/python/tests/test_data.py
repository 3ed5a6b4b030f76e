"""The package against the curi tool on every line of ../shared/data/urls: components,
validity, error code and offset (curi parse --json), normalized text (curi normalize), and
the batch calls against the one-at-a-time calls.
SPDX-License-Identifier: MIT
"""
import json
import os
import subprocess

import pytest

import curi
from conftest import data_files, read_lines

FILES = data_files()
IDS = [os.path.basename(f) for f in FILES]


def _texts(lines):
    # every line as str where it is UTF-8, else as bytes (both are accepted)
    out = []
    for b in lines:
        try:
            out.append(b.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(b)
    return out


@pytest.fixture(scope="module", params=FILES or [None], ids=IDS or ["no-data"])
def dataset(request, tool):
    path = request.param
    if path is None:
        pytest.skip("no URL data (../shared/data/urls is absent): SKIPPED")
    lines = read_lines(path)
    with open(path, "rb") as f:
        parsed = subprocess.run([tool, "parse", "--json"], stdin=f, capture_output=True).stdout
    with open(path, "rb") as f:
        normalized = subprocess.run([tool, "normalize"], stdin=f, capture_output=True).stdout
    parsed = [json.loads(x) for x in parsed.decode("utf-8", "surrogateescape").splitlines()]
    normalized = normalized.split(b"\n")[:-1]
    assert len(parsed) == len(lines) == len(normalized)
    return _texts(lines), parsed, normalized


def test_components_and_errors(dataset):
    texts, parsed, _ = dataset
    valid = 0
    for t, want in zip(texts, parsed):
        if "error" in want:
            with pytest.raises(curi.ParseError) as ei:
                curi.parse(t)
            assert (ei.value.code, ei.value.offset) == (want["error"], want["offset"]), t
            continue
        u = curi.parse(t)
        valid += 1
        got = [getattr(u, p) for p in curi.PARTS]
        assert got == [want[p] for p in curi.PARTS], t
        assert u.host_type == want["host_type"], t
        assert u.segments() == want["segments"], t
        assert str(u) == (t if isinstance(t, str) else t.decode("ascii"))
        if want["params"] is None:
            # no query, or a scheme whose query is not form data (parse --json gives null)
            if want["query"] is None:
                assert u.query_pairs(plus=True) == []
        else:
            pairs = [(p["key"], p["value"]) for p in want["params"]]
            if all("\ufffd" not in k + (v or "") for k, v in pairs):
                assert u.query_pairs(plus=True) == pairs, t
    assert valid > 0


def test_normalize_agrees_with_tool(dataset):
    texts, _, normalized = dataset
    want = [x.decode("ascii") if x else None for x in normalized]
    got = curi.normalize_many(texts, errors="null")
    # the tool prints an empty line for an invalid input, and for the empty input
    assert [g or None for g in got] == want


def test_batch_equals_one_at_a_time(dataset):
    texts, parsed, _ = dataset
    one = []
    for t in texts:
        try:
            one.append(curi.normalize(t))
        except curi.ParseError:
            one.append(None)
    assert curi.normalize_many(texts, errors="null") == one
    assert curi.normalize_many(texts, errors="keep") == [o if o is not None else t
                                                        for o, t in zip(one, texts)]
    assert curi.valid_many(texts) == ["error" not in p for p in parsed]
    s = curi.split_many(texts)
    assert len(s) == len(texts)
    for i, t in enumerate(texts):
        try:
            u = curi.parse(t)
        except curi.ParseError as e:
            assert s.error(i) == (e.code, e.offset)
            continue
        assert s.components(i) == {p: getattr(u, p) for p in curi.PARTS}
        r = s.rows[19 * i: 19 * i + 19]
        assert r[16] == (u.port_number or 0)


def test_check_runs_on_every_line(dataset):
    # the lint over real data: no exception, every span inside its input
    texts, _, _ = dataset
    for t in texts[:3000]:
        n = len(t.encode("utf-8", "surrogatepass")) if isinstance(t, str) else len(t)
        for f in curi.check(t):
            assert 0 <= f.start <= f.end <= n and f.message
