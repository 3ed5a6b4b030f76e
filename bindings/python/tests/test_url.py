"""curi.URL and curi.url_href_many: the WHATWG URL Standard's parser and the URL API's
setters (EXPERIMENTAL).  Expected values are the Standard's answers: the examples of issue 28
and web-platform-tests' setters_tests.json (tests/data), run here through the properties.
SPDX-License-Identifier: MIT
"""
import json
import os

import pytest

import curi

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tests",
                    "data")
ATTRS = ("href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
         "search", "hash")


def test_attributes():
    u = curi.URL("HTTP://u:p@EXAMPLE.com:8080/a b?q#f")
    assert (u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port,
            u.pathname, u.search, u.hash) == (
        "http://u:p@example.com:8080/a%20b?q#f", "http://example.com:8080", "http:", "u", "p",
        "example.com:8080", "example.com", "8080", "/a%20b", "?q", "#f")
    assert str(u) == u.href
    assert repr(u) == "curi.URL('http://u:p@example.com:8080/a%20b?q#f')"
    assert curi.URL("https://0x7f.1:443/").href == "https://127.0.0.1/"
    assert curi.URL("https://\u00a1.example/").hostname == "xn--7a.example"
    assert curi.URL("mailto:x").origin == "null"
    assert curi.URL(b"http://a/\xff").pathname == "/%EF%BF%BD"


def test_base():
    assert curi.URL("../c?q", "https://example.com/a/b").href == "https://example.com/c?q"
    base = curi.URL("https://example.com/a/b")
    assert curi.URL("//h/x", base=base).href == "https://h/x"
    assert curi.URL(base).href == base.href
    with pytest.raises(curi.ParseError) as e:
        curi.URL("x", base="not a url")
    assert e.value.code == "URL_BASE"


@pytest.mark.parametrize("text,code,offset", [
    ("x", "URL_BASE", 0),
    ("https://", "URL_HOST_MISSING", 8),
    ("http://a:99999/", "PORT_RANGE", 9),
    ("http://[::1/", "IP_UNTERMINATED", 7),
])
def test_failure(text, code, offset):
    with pytest.raises(ValueError) as e:
        curi.URL(text)
    assert isinstance(e.value, curi.ParseError)
    assert (e.value.code, e.value.offset) == (code, offset)
    assert code in str(e.value)


def test_setters():
    u = curi.URL("http://a/b?c#d")
    u.pathname = "/x y"
    u.search = "?k=v"
    u.hash = "h"
    assert u.href == "http://a/x%20y?k=v#h"
    u.port = "99999"  # ignored by the Standard
    u.protocol = "mailto"  # special to non-special: ignored
    assert u.href == "http://a/x%20y?k=v#h"
    u.host = "example.com:8080"
    u.protocol = "https:"
    u.username = "me"
    u.password = "pw"
    assert u.href == "https://me:pw@example.com:8080/x%20y?k=v#h"
    u.port = ""
    u.search = ""
    u.hash = ""
    assert u.href == "https://me:pw@example.com/x%20y"
    u.hostname = "b:90"  # hostname ignores a port-bearing value
    assert u.hostname == "example.com"
    u.href = "ws://c/"
    assert (u.protocol, u.origin) == ("ws:", "ws://c")
    with pytest.raises(curi.ParseError):
        u.href = "no scheme"
    assert u.href == "ws://c/"
    with pytest.raises(AttributeError):
        u.origin = "x"


def _setters_cases():
    with open(os.path.join(DATA, "setters_tests.json"), encoding="utf-8") as f:
        data = json.load(f)
    for attr, cases in data.items():
        if attr == "comment":
            continue
        for c in cases:
            yield attr, c


def test_wpt_setters():
    """Every case of setters_tests.json, through the property setters and getters."""
    n = 0
    for attr, c in _setters_cases():
        u = curi.URL(c["href"])
        setattr(u, attr, c["new_value"])
        for k, want in c["expected"].items():
            assert getattr(u, k) == want, (c["href"], attr, c["new_value"], k)
        n += 1
    assert n == 278


def test_url_href_many():
    items = ["HTTP://A/b", "x", "https://", b"http://a/\xff", "http:\\\\example.com\\a b"]
    assert curi.url_href_many(items) == [
        "http://a/b", None, None, "http://a/%EF%BF%BD", "http://example.com/a%20b"]
    assert curi.url_href_many(["c", "//h"], base="http://x/a/b") == ["http://x/a/c", "http://h/"]
    assert curi.url_href_many(["c"], base=curi.URL("http://x/a/")) == ["http://x/a/c"]
    assert curi.url_href_many([]) == []
    assert curi.url_href_many(iter(["http://a"])) == ["http://a/"]
    # hrefs three times their input (each control byte percent-encoded) outgrow the first
    # guess of the output's size: the batch goes on in a larger buffer
    big = ["http://a/" + "\x01" * 5000 + "x", "http://b/"] * 3
    want = ["http://a/" + "%01" * 5000 + "x", "http://b/"] * 3
    assert curi.url_href_many(big) == want
    assert curi.url_href_many(big) == [curi.URL(x).href for x in big]
