"""run.py -- run the package's tests with pytest and end with "python: N passed, N failed".

    python3 bindings/python/tests/run.py [PYTEST ARGS...]

Every test phase that fails (setup, call or teardown) counts as one failure, and so does a
run that failed without a failing test (a collection error, no tests collected); skips are
counted on the line before, with pytest's reasons above it.  Exit status 1 on any failure.
SPDX-License-Identifier: MIT
"""
import sys

import pytest


class Count:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0

    def pytest_runtest_logreport(self, report):
        if report.failed:
            self.failed += 1
        elif report.skipped:
            self.skipped += 1
        elif report.passed and report.when == "call":
            self.passed += 1


def main():
    c = Count()
    rc = pytest.main(["-p", "no:cacheprovider", "-q", "-rs"] + sys.argv[1:], plugins=[c])
    if rc != 0 and c.failed == 0:
        c.failed = 1
    print("python: %d skipped" % c.skipped)
    print("python: %d passed, %d failed" % (c.passed, c.failed))
    sys.exit(1 if c.failed else 0)


if __name__ == "__main__":
    main()
