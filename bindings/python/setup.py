"""setup.py -- pip install ./bindings/python (from the source tree: it compiles ../../src into
both modules, the cffi module curi._curi and the extension module curi._lists).

Offline, with Debian's setuptools and cffi (python3-setuptools, python3-cffi, python3-dev):

    pip install --no-build-isolation ./bindings/python

--no-build-isolation makes pip use the installed setuptools and cffi instead of fetching them
from a package index.  The build is in place (pip >= 21.3), so the library's sources beside
this directory are found.
SPDX-License-Identifier: MIT
"""
import os
import re
import sys

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import curi_build  # noqa: E402  (beside this file: the builders of curi._curi and curi._lists)


def version():
    with open(os.path.join(HERE, "..", "..", "Makefile"), encoding="utf-8") as f:
        return re.search(r"^VERSION := (\S+)", f.read(), re.M).group(1)


setup(
    name="curi",
    version=version(),
    description="RFC 3986 URI references: parse, normalize, resolve, check (libcuri, cffi)",
    license="MIT",
    packages=["curi"],
    package_data={"curi": ["__init__.pyi", "py.typed"]},
    python_requires=">=3.7",
    setup_requires=["cffi>=1.12"],
    install_requires=["cffi>=1.12"],
    cffi_modules=["curi_build.py:ffibuilder"],
    ext_modules=[curi_build.lists_extension()],
    zip_safe=False,
)
