"""Shared fixtures of the curi package's tests, and the suite's last line.

CURI names the curi tool to compare with (make check-python sets it), CURI_DATA the directory
of URL lists (../shared/data/urls).  A test that needs what is not there is skipped with a
reason pytest prints (-rs).  run.py runs them and prints the last line.
SPDX-License-Identifier: MIT
"""
import glob
import os
import shutil

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "dask: the Dask scale-out test (make check-dask)")
    config.addinivalue_line("markers", "pip: pip install ./bindings/python (make check-pip)")
    config.option.reportchars = "s"


def _tool():
    t = os.environ.get("CURI") or shutil.which("curi")
    return t if t and os.access(t, os.X_OK) else None


@pytest.fixture(scope="session")
def tool():
    t = _tool()
    if not t:
        pytest.skip("no curi tool (set CURI=build/curi)")
    return t


def data_files():
    d = os.environ.get("CURI_DATA", "../shared/data/urls")
    return sorted(glob.glob(os.path.join(d, "*.txt")))


@pytest.fixture(scope="session")
def data():
    files = data_files()
    if not files:
        pytest.skip("no URL data (../shared/data/urls is absent): SKIPPED")
    return files


def read_lines(path):
    """The inputs of a file as the tool reads them: lines split at '\\n', a '\\r' before it
    dropped, a last line without '\\n' kept."""
    with open(path, "rb") as f:
        b = f.read()
    if b.startswith(b"\xef\xbb\xbf"):
        b = b[3:]
    lines = b.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return [x[:-1] if x.endswith(b"\r") else x for x in lines]

