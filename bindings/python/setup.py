"""setup.py -- the two compiled modules of the package, which pyproject.toml cannot declare:
the cffi module curi._curi (cffi's cffi_modules hook) and the extension module curi._lists.
Everything else (name, version, dependencies) is in pyproject.toml (PEP 621).

Offline, with Debian's setuptools and cffi (python3-setuptools, python3-cffi, python3-dev):

    pip install --no-build-isolation ./bindings/python          from the source tree
    make check-pip                                              the sdist and the wheel

--no-build-isolation makes pip use the installed setuptools and cffi instead of fetching them
from a package index.  curi_build.py says where libcuri's C sources come from (the sdist
carries the amalgamation; a checkout has ../../src).
SPDX-License-Identifier: MIT
"""
import os
import sys

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import curi_build  # noqa: E402  (beside this file: the builders of curi._curi and curi._lists)

setup(
    cffi_modules=["curi_build.py:ffibuilder"],
    ext_modules=[curi_build.lists_extension()],
)
