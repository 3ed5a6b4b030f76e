"""pip install ./bindings/python works offline (make check-pip): no package index, the
installed setuptools and cffi (--no-build-isolation), libcuri compiled from src/; the
installed package then answers like the one make python builds.
SPDX-License-Identifier: MIT
"""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.dirname(HERE)


@pytest.mark.pip
def test_pip_install_offline(tmp_path):
    pytest.importorskip("pip")
    target = tmp_path / "site"
    env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    p = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-build-isolation",
                        "--no-index", "--no-deps", "--target", str(target), PKG],
                       capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert p.returncode == 0, p.stdout + p.stderr
    code = ("import curi, json; u = curi.parse('HTTP://A:80/./b?q#f');"
            "print(json.dumps([curi.__file__, u.host, u.port_number, str(u.normalize()),"
            " curi.normalize_many(['HTTP://X', 'a b'], errors='null'), curi._lists.__name__,"
            " [p.name for p in __import__('pathlib').Path(curi.__file__).parent.glob('_*.*')"
            " if p.suffix in ('.so', '.pyd')]]))")
    env["PYTHONPATH"] = str(target)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=str(tmp_path), check=True).stdout
    import json
    f, host, port, norm, many, walk, mods = json.loads(out)
    assert f.startswith(str(target))
    assert (host, port, norm, many) == ("A", 80, "http://a/b?q#f", ["http://x/", None])
    # both modules, the cffi one and the extension module of the batch calls (CPython's
    # full C API), named for this Python alone, not as abi3 modules
    assert walk == "curi._lists"
    assert sorted(m.split(".")[0] for m in mods) == ["_curi", "_lists"], mods
    assert not any(".abi3." in m for m in mods), mods
