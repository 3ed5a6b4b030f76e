"""curi: RFC 3986 URI references, parsed, normalized and checked by libcuri.

One URL at a time::

    >>> import curi
    >>> u = curi.parse("HTTP://Example.COM:80/a/./b?q=1&r#top")
    >>> u.host, u.port, u.query, u.fragment
    ('Example.COM', '80', 'q=1&r', 'top')
    >>> str(u.normalize())
    'http://example.com/a/b?q=1&r#top'

Many at a time, one foreign call per batch (what a pipeline should use)::

    >>> curi.normalize_many(["HTTP://A/./b", "not a uri"], errors="null")
    ['http://a/b', None]

A component that is absent is None; one that is present but empty is "" ("http://a?" has an
empty query, "http://a" none).  Inputs are str (encoded as UTF-8) or bytes; offsets in errors
and findings are byte offsets into that encoding.  A valid URI reference is ASCII, so the
components of a parsed URI are always str.  Every function is safe to call from any number of
threads: the library has no global state; the batch calls release the GIL while they run.

IRIs (RFC 3987): curi.to_uri and curi.to_iri map between the two (idn=True: host names through
IDNA2008, which every libcuri has; curi.IDN is always True).
SPDX-License-Identifier: MIT
"""
import sys as _sys
from array import array
from typing import NamedTuple

from ._curi import ffi as _ffi, lib as _lib
from . import _lists

__all__ = [
    "URI", "ParseError", "SchemeError", "Finding", "Findings", "Split", "parse", "normalize", "normalize_many",
    "valid_many", "normalize_block", "unique_lines", "split_many", "encode", "decode",
    "query_edit", "check", "extract", "Match", "version",
    "to_uri", "to_iri", "IDN", "URL", "url_href_many",
    "PARTS", "STEPS", "COMPONENTS", "ROW_DTYPE",
]

#: The library's version string ("0.3.0").
version = _ffi.string(_lib.curi_version_string()).decode("ascii")

#: Whether IDNA works (to_uri and to_iri with idn=True): always, since libcuri does it itself.
IDN = bool(_lib.curi_features() & _lib.CURI_FEATURE_IDN)

#: Component names, in curi_part order.
PARTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
_PART_INDEX = {name: i for i, name in enumerate(PARTS)}

#: Normalization steps by name (curi normalize and RFC 3986 section 6).
STEPS = {
    "case": _lib.CURI_NORM_CASE,
    "pct_hex": _lib.CURI_NORM_PCT_HEX,
    "unreserved": _lib.CURI_NORM_UNRESERVED,
    "dots": _lib.CURI_NORM_DOTS,
    "port": _lib.CURI_NORM_PORT,
    "empty_path": _lib.CURI_NORM_EMPTY_PATH,
    "ipv6": _lib.CURI_NORM_IPV6,
    "syntax": _lib.CURI_NORM_SYNTAX,
    "scheme": _lib.CURI_NORM_SCHEME,
    "default": _lib.CURI_NORM_DEFAULT,
}

#: Character sets of curi.encode, by component.
COMPONENTS = {
    "unreserved": _lib.CURI_CHARSET_UNRESERVED,
    "userinfo": _lib.CURI_CHARSET_USERINFO,
    "host": _lib.CURI_CHARSET_HOST,
    "segment": _lib.CURI_CHARSET_SEGMENT,
    "path": _lib.CURI_CHARSET_PATH,
    "query": _lib.CURI_CHARSET_QUERY,
    "fragment": _lib.CURI_CHARSET_FRAGMENT,
    "form": _lib.CURI_CHARSET_FORM,
}

_HOST_TYPES = ("none", "reg-name", "ipv4", "ipv6", "ipvfuture")
_LEVELS = {"string": _lib.CURI_EQ_STRING, "syntax": _lib.CURI_EQ_SYNTAX,
           "scheme": _lib.CURI_EQ_SCHEME}
_ROW = 19  # int32 per input in a row (curi/_helpers.c)

#: libcuri's curi_row (64 bytes) as a numpy dtype description: numpy.dtype(curi.ROW_DTYPE)
#: reads Split.records.
ROW_DTYPE = [("off", "=u4", (7,)), ("len", "=u4", (7,)), ("code", "=u2"),
             ("host_type", "u1"), ("port_status", "u1"), ("value", "=u4")]
_NOSPACE = _lib.CURI_ERR_NOSPACE
_STRICT = _lib.CURI_PARSE_STRICT_3986
_new = _ffi.new
_from_buffer = _ffi.from_buffer
_c_parse = _lib.curipy_parse
_c_check = _lib.curipy_check
_c_normalize_str = _lists.normalize_str
_NORM_DEFAULT = _lib.CURI_NORM_DEFAULT


def _errname(code):
    return _ffi.string(_lib.curi_strerror_name(code)).decode("ascii")


def _display(b):
    """b as the tool shows it (curi_escape_display, terminal style): printable ASCII and
    UTF-8 text as they are, '\\' as \\\\, controls, bidi and invisible characters and
    bytes that are not UTF-8 as \\xhh."""
    n = len(b)
    buf = _ffi.new("char[]", 4 * n + 1)
    out = _ffi.new("size_t *")
    _lib.curi_escape_display(buf, 4 * n, out, b, n, 0, _ffi.NULL)
    return _ffi.buffer(buf, out[0])[:].decode("utf-8")


class ParseError(ValueError):
    """An input that is not a URI reference (or a value a component does not accept).

    .code is the error's name ("HOST_CHAR", ...), .offset the byte offset of the first byte
    that could not be accepted, .input the input as given.  str() shows the input with a
    caret under that byte (made when it is asked for: a refused input costs little).
    """

    # The arguments stay in .args as given (code as a number or a name, offset, input and,
    # for a value of uri.replace, the component): nothing is computed for an error that is
    # caught and dropped.
    @property
    def code(self):
        c = self.args[0]
        return _errname(c) if isinstance(c, int) else c

    @property
    def errno(self):
        c = self.args[0]
        return c if isinstance(c, int) else None

    offset = property(lambda self: self.args[1])
    input = property(lambda self: self.args[2])
    what = property(lambda self: self.args[3] if len(self.args) > 3 else None)

    def __str__(self):
        s = self.input
        b = _as_bytes(s) if isinstance(s, (str, bytes, bytearray, memoryview)) else b""
        line = _display(b)
        col = len(_display(b[:min(self.offset, len(b))]))
        msg = _ffi.string(_lib.curi_strerror(self.errno)).decode("ascii") \
            if self.errno is not None else _rule_message(self.code)
        head = "%s%s at byte %d: %s" % (self.what + ": " if self.what else "", self.code,
                                       self.offset, msg)
        return "%s\n  %s\n  %s^" % (head, line, " " * col)


def _rule_message(rule):
    """The sentence of a scheme rule (curi_scheme_rule_message), or the name itself."""
    m = _lib.curi_scheme_rule_message(rule.encode("ascii")) if isinstance(rule, str) \
        else _ffi.NULL
    return _ffi.string(m).decode("ascii") if m != _ffi.NULL else str(rule)


class SchemeError(ParseError):
    """A URI reference that breaks its scheme's own grammar (curi_scheme_check): .code is the
    rule's name ("ftp-typecode", ...), .offset the first offending byte, .input the text."""


def _as_bytes(s):
    if isinstance(s, str):  # a subclass of str too (an enum.StrEnum member, say)
        return str.encode(s, "utf-8", "surrogatepass")
    if isinstance(s, bytes):
        return s
    if isinstance(s, (bytearray, memoryview)):
        return bytes(s)
    if isinstance(s, URI):
        return s._s.encode("ascii")
    raise TypeError("expected str or bytes, not %s" % type(s).__name__)


def _flags(strict_3986):
    return _STRICT if strict_3986 else 0


def _mask(steps):
    if steps is None:
        return _lib.CURI_NORM_DEFAULT
    if isinstance(steps, int):
        return steps
    if isinstance(steps, str):
        steps = (steps,)
    m = 0
    for name in steps:
        try:
            m |= STEPS[name]
        except KeyError:
            raise ValueError("unknown normalization step %r (one of %s)"
                             % (name, ", ".join(STEPS))) from None
    return m


def _write(call, guess):
    """Run a writer-contract call (dst, cap, outlen, ...) with one retry on NOSPACE; returns
    (code, bytes written or None, the curi_error)."""
    err = _new("curi_error *")
    outlen = _new("size_t *")
    cap = max(guess, 16)
    buf = _new("char[]", cap)
    rc = call(buf, cap, outlen, err)
    if rc == _NOSPACE:
        cap = outlen[0]
        buf = _new("char[]", cap)
        rc = call(buf, cap, outlen, err)
    if rc:
        return rc, None, err
    return 0, _ffi.buffer(buf, outlen[0])[:], err


def parse(s, *, strict_3986=False):
    """Parse s (str or bytes) as an RFC 3986 URI-reference; raises ParseError.

    strict_3986 refuses RFC 6874 IPv6 zone IDs."""
    try:
        b = s.encode()
    except (AttributeError, UnicodeEncodeError):
        b = _as_bytes(s)
    # the length and the flags in one argument (flags from bit 40); a length above
    # CURI_MAX_LEN is curi_parse's own TOO_LONG at that offset
    rc = _c_check(b, len(b) | _STRICT << 40 if strict_3986 else len(b))
    if rc:
        raise ParseError(rc & 255, rc >> 8, s)
    u = URI()
    u._s = s if type(s) is str else b.decode("ascii")
    u._r = None
    return u


class URI:
    """A parsed URI reference: immutable (its components are read-only properties, and
    replace() makes a new one), hashable, compared by its text.  URI objects come from
    curi.parse() and the methods that return a URI; the class has no constructor of its own,
    so that making one costs no Python call (curi.parse is the hot path).

    Components are None when absent and "" when present but empty.  str(uri) is the input
    recomposed (byte for byte the text that was parsed)."""

    __slots__ = ("_s", "_r")

    def _row(self):
        # the component offsets, made when first asked for (parse only validates)
        r = _new("int32_t[19]")
        b = self._s.encode("ascii")
        _c_parse(b, len(b), 0, r)
        self._r = r
        return r

    def _part(self, p):
        r = self._r
        if r is None:
            r = self._row()
        start = r[2 * p]
        if start < 0:
            return None
        return self._s[start:start + r[2 * p + 1]]

    @property
    def parts(self):
        """The parts of the scheme's own (curi parse --scheme; libcuri(3) curi_scheme_parts_get):
        None for a scheme outside the scheme layer and for a relative reference, else a dict
        with "kind" (the layout's name: "ftp", "http", "urn", ...) and every part of that
        layout, raw (None when absent).  Raises SchemeError when the URI breaks its scheme's
        rules."""
        b = self._s.encode("ascii")
        buf = _from_buffer(b)
        u = _new("curi_uri *")
        e = _new("curi_error *")
        sp = _new("curi_scheme_parts *")
        rule = _new("char **")
        _lib.curi_parse(u, buf, len(b), 0, e)
        if _lib.curi_scheme_parts_get(sp, u, 0, rule, e) != 0:
            raise SchemeError(_ffi.string(rule[0]).decode("ascii"), e.offset, self._s)
        if sp.kind == 0:
            return None
        base = int(_ffi.cast("uintptr_t", buf))
        d = {"kind": _ffi.string(_lib.curi_scheme_part_name(sp.kind, -1)).decode("ascii")}
        for i in range(_lib.CURI_SCHEME_PARTS_MAX):
            name = _lib.curi_scheme_part_name(sp.kind, i)
            if name == _ffi.NULL:
                continue
            v = sp.part[i]
            if v.ptr == _ffi.NULL:
                d[_ffi.string(name).decode("ascii")] = None
            else:
                at = int(_ffi.cast("uintptr_t", v.ptr)) - base
                d[_ffi.string(name).decode("ascii")] = self._s[at:at + v.len]
        return d

    scheme = property(lambda self: self._part(0), doc="The scheme, without ':'.")
    userinfo = property(lambda self: self._part(1), doc="The userinfo, without '@'.")
    host = property(lambda self: self._part(2),
                    doc="The host as written (an IP literal keeps its brackets).")
    port = property(lambda self: self._part(3), doc="The port's digits, without ':'.")
    path = property(lambda self: self._part(4), doc="The path: always present, maybe ''.")
    query = property(lambda self: self._part(5), doc="The query, without '?'.")
    fragment = property(lambda self: self._part(6), doc="The fragment, without '#'.")

    @property
    def host_type(self):
        """'reg-name', 'ipv4', 'ipv6', 'ipvfuture', or None without an authority."""
        r = self._r
        if r is None:
            r = self._row()
        t = r[14]
        return _HOST_TYPES[t] if t else None

    @property
    def port_number(self):
        """The port as an int when it is present and 0..65535, else None."""
        r = self._r
        if r is None:
            r = self._row()
        return r[16] if r[15] == _lib.CURI_PORT_VALID else None

    @property
    def authority(self):
        """[userinfo '@'] host [':' port], or None without an authority."""
        h = self._part(2)
        if h is None:
            return None
        ui, p = self._part(1), self._part(3)
        return (ui + "@" if ui is not None else "") + h + (":" + p if p is not None else "")

    def __str__(self):
        return self._s

    def __repr__(self):
        return "curi.URI(%r)" % self._s

    def __eq__(self, other):
        if isinstance(other, URI):
            return self._s == other._s
        return NotImplemented

    def __hash__(self):
        return hash((URI, self._s))

    def __reduce__(self):
        return (parse, (self._s,))

    def segments(self):
        """The path's segments, still percent-encoded: '/a/b/' -> ['a', 'b', '']; 'a/b' ->
        ['a', 'b']; '/' -> ['']; '' -> []."""
        p = self._part(4)
        if not p:
            return []
        if p[0] == "/":
            p = p[1:]
        return p.split("/")

    def query_pairs(self, *, plus=True, semicolon=False):
        """The query's key=value pairs in order, percent-decoded (as UTF-8; bytes that are
        not UTF-8 become U+FFFD), value None for a pair without '='; empty pairs skipped.
        '+' decodes to ' ', as HTML forms write it and urllib.parse.parse_qsl reads it;
        plus=False keeps '+' (RFC 3986 alone gives it no meaning).  semicolon: ';'
        separates pairs too."""
        q = self._part(5)
        if not q:
            return []
        if semicolon:
            q = q.replace(";", "&")
        out = []
        for pair in q.split("&"):
            if not pair:
                continue
            k, eq, v = pair.partition("=")
            out.append((decode(k, plus=plus, errors="replace"),
                        decode(v, plus=plus, errors="replace") if eq else None))
        return out

    def normalize(self, steps=None):
        """The normalized URI (RFC 3986 6.2.2 and 6.2.3 by default, as `curi normalize`).
        steps: a step name, names (see curi.STEPS) or a CURI_NORM_* mask."""
        # one foreign call that parses, normalizes and makes the str; the output is a URI
        # reference by construction, so it is not parsed again
        r = _c_normalize_str(self._s, 0, _NORM_DEFAULT if steps is None else _mask(steps))
        if type(r) is str:
            u = URI()
            u._s = r
            u._r = None
            return u
        if r is not None:
            raise ParseError(r & 255, r >> 8, self._s)
        return parse(normalize(self._s, steps))

    def is_normalized(self, steps=None):
        """True when normalize(steps) would give this text back."""
        return normalize(self._s, steps) == self._s

    def resolve(self, ref, *, strict=True):
        """ref (a URI or str) resolved against this URI as base (RFC 3986 5.2).
        strict=False: 'http:g' against an http base is relative (5.2.2)."""
        b = self._s.encode("ascii")
        r = _as_bytes(ref)
        which = _new("int *")
        fl = 0 if strict else _lib.CURI_RESOLVE_NON_STRICT
        rc, out, err = _write(lambda d, c, o, e: _lib.curipy_resolve(
            d, c, o, b, len(b), r, len(r), 0, fl, which, e), len(b) + len(r) + 8)
        if rc:
            raise ParseError(rc, err.offset, ref if which[0] == 1 else self._s,
                             "reference" if which[0] == 1 else "base")
        return parse(out)

    def relative_to(self, base, *, abspath=False, netpath=False):
        """The shortest reference that resolves against base back to this URI."""
        b = _as_bytes(base)
        t = self._s.encode("ascii")
        which = _new("int *")
        fl = (_lib.CURI_RELATIVE_ABSPATH if abspath else 0) | \
             (_lib.CURI_RELATIVE_NETPATH if netpath else 0)
        rc, out, err = _write(lambda d, c, o, e: _lib.curipy_relative(
            d, c, o, b, len(b), t, len(t), 0, fl, which, e), len(b) + len(t) + 8)
        if rc:
            raise ParseError(rc, err.offset, base if which[0] != 1 else self._s,
                             "base" if which[0] != 1 else "target")
        return parse(out)

    def equivalent(self, other, *, level="scheme"):
        """True when self and other are equal after normalization up to level: 'string'
        (6.2.1), 'syntax' (6.2.2) or 'scheme' (6.2.3, the default)."""
        a = self._s.encode("ascii")
        b = _as_bytes(other)
        try:
            lv = _LEVELS[level]
        except KeyError:
            raise ValueError("level must be 'string', 'syntax' or 'scheme'") from None
        rc = _lib.curipy_compare(a, len(a), b, len(b), 0, lv)
        if rc < 0:
            parse(other)  # raises the ParseError
            return False
        return rc != _lib.CURI_EQ_NONE

    def replace(self, **parts):
        """A copy with components replaced, each validated against its grammar as `curi set`
        does (ParseError with the offset into the value); None removes a component (removing
        the host removes userinfo and port).  port may be an int.  The result must fit
        together (else ParseError STRUCTURE)."""
        ops = _new("int[7]")
        voff = _new("size_t[7]")
        vlen = _new("size_t[7]")
        chunks = []
        pos = 0
        values = {}
        for name, value in parts.items():
            p = _PART_INDEX.get(name)
            if p is None:
                raise TypeError("replace() got an unknown component %r" % name)
            if value is None:
                ops[p] = 2
                continue
            if isinstance(value, int) and not isinstance(value, bool) and p == 3:
                value = str(value)
            v = _as_bytes(value)
            values[p] = value
            ops[p] = 1
            voff[p] = pos
            vlen[p] = len(v)
            chunks.append(v)
            pos += len(v)
        block = b"".join(chunks)
        s = self._s.encode("ascii")
        which = _new("int *")
        rc, out, err = _write(lambda d, c, o, e: _lib.curipy_replace(
            d, c, o, s, len(s), 0, block, voff, vlen, ops, which, e), len(s) + pos + 16)
        if rc:
            w = which[0]
            if 0 <= w < 7:
                raise ParseError(rc, err.offset, values.get(w, ""), PARTS[w])
            raise ParseError(rc, err.offset, "", "replace")
        return parse(out)

    def check(self, **kw):
        """curi.check() of this URI's text."""
        return check(self._s, **kw)




def normalize(s, steps=None, *, strict_3986=False):
    """The normalized text of s (str), as `curi normalize`; raises ParseError.  One foreign
    call per URL: use normalize_many for many."""
    b = s.encode("utf-8", "surrogatepass") if type(s) is str else _as_bytes(s)
    mask = _mask(steps)
    fl = _flags(strict_3986)
    rc, out, err = _write(lambda d, c, o, e: _lib.curipy_normalize(
        d, c, o, b, len(b), fl, mask, e), len(b) + 64)
    if rc:
        raise ParseError(rc, err.offset, s)
    return out.decode("ascii")


def _block(items, check):
    """The inputs (a list) as one block of '\\n'-separated lines for curi_parse_lines: (the
    block; with check, the indices of the inputs that cannot be a line: one that holds a
    '\\n', or one that ends in '\\r' before a '\\n' (a line end would take it), neither ever
    a valid URI, stands in the block as one space and is parsed on its own).  Without check
    the block is only joined, and the caller finds out from curi_parse_lines and
    curipy_cr whether it holds other lines than the inputs."""
    try:
        block = "\n".join(items).encode("utf-8", "surrogatepass")
    except TypeError:
        block = b"\n".join([_as_bytes(x) for x in items])
    bad = []
    if check:
        n = len(items)
        parts = []
        for i, x in enumerate(items):
            b = _as_bytes(x)
            if b"\n" in b or (b.endswith(b"\r") and i < n - 1):
                bad.append(i)
                b = b" "
            parts.append(b)
        block = b"\n".join(parts)
    if len(block) > 0x7FFFFFFF:
        raise ValueError("a batch holds at most 2 GiB of input: split it")
    return block, bad


_new_raw = _ffi.new_allocator(should_clear_after_alloc=False)  # for buffers C fills
_WIDE = _ffi.sizeof("size_t") == 8  # size_t is array('q')'s int64: written in place


def normalize_many(items, steps=None, *, errors="null", strict_3986=False):
    """The normalized text of each input (str or bytes), in order, as a list of str, with
    one foreign call per batch.  An input that does not parse (or cannot be normalized):

      errors="null":  None in its place (the default: a batch of real data, where some
                      lines are always bad, runs to its end);
      errors="keep":  the input itself, unchanged;
      errors="raise": ParseError of the first one (.index is its position).
    """
    if errors not in ("raise", "null", "keep"):
        raise ValueError('errors must be "raise", "null" or "keep"')
    if type(items) is not list:  # a subclass too: read through its own iterator
        items = list(items)
    if not items:
        return []
    # one call of libcuri's curi_normalize_many over the list's items, read in place
    # (curi/_lists.c), the GIL released while it runs; bad: the inputs with an error, whose
    # out[i] is the input itself
    out, bad = _lists.normalize_list(items, _flags(strict_3986), _mask(steps), _as_bytes)
    for i in bad:
        x = out[i]
        if errors == "raise":
            try:
                out[i] = normalize(x, steps, strict_3986=strict_3986)  # raises, as above
                continue
            except ParseError as e:
                e.index = i
                raise
        out[i] = None if errors == "null" else x
    return out


def normalize_block(data, steps=None, *, parts=1, first=True, strict_3986=False):
    """The normalization of a block of lines (bytes, as a file holds them) with no Python
    object per line: the work of one partition of a deduplicating job.

    The lines are read as curi_normalize_lines reads them (and curi(1) its input): a '\r'
    before each '\n' dropped, a last line without '\n' an input, and, when first (the
    block starts its file), a UTF-8 byte order mark dropped.  Returns (distinct, invalid, n):

      distinct: a tuple of `parts` bytes; part j holds the distinct normalized URLs whose
                hash falls in j, one per line ('\n' after each), in the order first seen.
                The hash is the same in every process, so the parts of many blocks can be
                reduced part by part with unique_lines;
      invalid:  the inputs with an error, as they were read, one per line;
      n:        the number of inputs.
    """
    return _lists.normalize_block(data, _flags(strict_3986), _mask(steps), parts, first)


def unique_lines(blocks):
    """The distinct lines of a sequence of bytes of '\n'-terminated lines (normalize_block's
    parts), as one bytes in the order first seen, '\n' after each line."""
    return _lists.unique_lines(list(blocks))


def valid_many(items, *, strict_3986=False):
    """Whether each input is a URI reference, as a list of bool (one foreign call per
    batch)."""
    if type(items) is not list:  # a subclass too: read through its own iterator
        items = list(items)
    # libcuri's curi_valid_many over the list's items, read in place (curi/_lists.c)
    return _lists.valid_list(items, _flags(strict_3986), _as_bytes) if items else []


class Split:
    """The components of a batch of inputs as columns (split_many).

    .data     the inputs as one bytes block, separated by b'\\n' (an input that holds a
              '\\n' itself, never a valid URI, stands in it as one space; its row is
              that of the input itself, error included)
    .starts   array('q') of n + 1 offsets: input i is data[starts[i]:starts[i + 1] - 1]
    .rows     array('i') of 19 int32 per input: for each part p (curi.PARTS order)
              rows[19*i + 2*p] is its start within the input (-1 when absent) and
              rows[19*i + 2*p + 1] its length; then host type, port status, port number,
              error code (0: valid) and error offset (see Split.FIELDS).
    .records  the same as libcuri's curi_row records, 64 bytes per input, as a memoryview
              of bytes: numpy.frombuffer(s.records, curi.ROW_DTYPE) reads them as a
              record array (off and len by part, CURI_ROW_ABSENT 0xFFFFFFFF for an absent
              one; code; host_type; port_status; value: the port number, or the error
              offset when code is not 0).
    """
    FIELDS = tuple(f for p in PARTS for f in (p + "_start", p + "_len")) + (
        "host_type", "port_status", "port_number", "code", "error_offset")

    __slots__ = ("data", "starts", "_rows", "records", "_crows")

    def __init__(self, data, starts, rows, records=None, crows=None):
        self.data = data
        self.starts = starts
        self._rows = rows
        self.records = records
        self._crows = crows

    @property
    def rows(self):
        # made from the curi_row records when first read (curipy_rows): a consumer of
        # .records, or of one input at a time, does not pay for the whole array
        r = self._rows
        if self._crows is not None:
            n = len(self)
            _lib.curipy_rows(_from_buffer("int32_t[]", r, require_writable=True), self._crows,
                             n)
            self._crows = None
        return r

    def __len__(self):
        return len(self.starts) - 1

    def valid(self, i):
        return self.rows[_ROW * i + 17] == 0

    def components(self, i):
        """Input i's components as a dict part -> str or None (all None when invalid)."""
        r = self.rows
        base = _ROW * i
        s0 = self.starts[i]
        d = {}
        for p, name in enumerate(PARTS):
            st = r[base + 2 * p]
            d[name] = None if st < 0 else \
                self.data[s0 + st:s0 + st + r[base + 2 * p + 1]].decode("ascii")
        return d

    def error(self, i):
        """(error name, byte offset) of input i, or None when it is valid."""
        c = self.rows[_ROW * i + 17]
        return None if c == 0 else (_errname(c), self.rows[_ROW * i + 18])


def split_many(items, *, strict_3986=False):
    """Parse every input with one foreign call; returns a Split of columns for columnar
    consumers (.rows as array('i'), .starts as array('q'))."""
    # a snapshot, read once: the inputs that cannot be a line are parsed on their own from
    # it, not from a list another thread may have changed since
    items = list(items)
    fl = _flags(strict_3986)
    n = len(items)
    rows = array("i", b"\0\0\0\0") * (_ROW * n)  # one pass: no zeroed bytes to copy from
    starts = array("q", b"\0" * 8) * (n + 1)
    if not n:
        return Split(b"", starts, rows, memoryview(b""))
    # libcuri's curi_parse_lines over the inputs joined with '\n' (the GIL released), its
    # curi_row records made Split's rows when they are first read; when the block holds other lines than the
    # inputs (an input with a '\n' or ending in '\r', or a last one that is empty), again
    # over a block checked input by input
    crows = _new_raw("curi_row[]", n)
    cst = _from_buffer("size_t[]", starts, require_writable=True) if _WIDE \
        else _new_raw("size_t[]", n)
    lines = _new("size_t *")
    used = _new("size_t *")
    for check in (False, True):
        block, bad = _block(items, check)
        rc = _lib.curi_parse_lines(crows, cst, n, _from_buffer(block), len(block), fl, lines,
                                   used, _ffi.NULL)
        k = lines[0]
        if check or not (rc or k != n or block.endswith(b"\n")):
            cr = _lib.curipy_cr(k, block, len(block), cst)
            if not check and cr == 0:
                break
    # a last input that is empty is no line of the block (which then ends in '\n')
    if rc or cr or not (k == n or (k == n - 1 and (block.endswith(b"\n") or not block))):
        raise RuntimeError("curi_parse_lines: %s, %d lines of %d" % (_errname(rc), k, n))
    if not _WIDE:
        starts[:k] = array("q", _ffi.unpack(cst, k))
    if k < n:
        starts[k] = len(block)
        bad.append(k)
    starts[n] = len(block) + 1
    # the inputs that are no line of the block: a row each from curi_parse_many
    span = _new("curi_str *")
    for i in bad:
        b = _from_buffer(_as_bytes(items[i]))
        span.ptr = b
        span.len = len(b)
        _lib.curi_parse_many(crows + i, span, 1, fl, used, _ffi.NULL)
    return Split(block, starts, rows, memoryview(_ffi.buffer(crows)), crows)


def encode(s, component="unreserved", *, keep_pct=False):
    """Percent-encode s (str as UTF-8, or bytes) for a component (see curi.COMPONENTS):
    every byte the component's grammar does not allow, and '%', as %HH.  The default,
    "unreserved", keeps only ALPHA DIGIT - . _ ~ (as JavaScript's encodeURIComponent, and
    the tool's curi encode): safe in any component, so encode('a&b=c+d/e') is
    'a%26b%3Dc%2Bd%2Fe'.  "path", "query", "form", ... keep what that component allows.
    keep_pct leaves valid %HH triplets alone."""
    b = _as_bytes(s)
    try:
        cs = COMPONENTS[component]
    except KeyError:
        raise ValueError("unknown component %r (one of %s)"
                         % (component, ", ".join(COMPONENTS))) from None
    fl = _lib.CURI_ENCODE_KEEP_PCT if keep_pct else 0
    rc, out, err = _write(lambda d, c, o, e: _lib.curi_pct_encode(
        d, c, o, b, len(b), cs, fl, e), 3 * len(b))
    if rc:
        raise ParseError(rc, err.offset, s)
    return out.decode("ascii")


def _map(fn, bound, s, fl):
    """The bytes fn (curi_iri_to_uri or curi_uri_to_iri) writes for s; raises ParseError."""
    b = _as_bytes(s)
    rc, out, err = _write(lambda d, c, o, e: fn(d, c, o, b, len(b), fl, e), bound(len(b), fl))
    if rc:
        raise ParseError(rc, err.offset, s)
    return out


def to_uri(s, *, idn=None):
    """The URI of the IRI reference s (RFC 3987 3.1): the UTF-8 bytes of every non-ASCII
    character percent-encoded.  The host of a scheme whose host is a DNS name (http, https,
    ws, wss, ftp, ftps; mailto: each address's domain) goes through IDNA (UTS #46 ToASCII)
    instead, as 3.1 allows: to_uri("https://münchen.de/") is "https://xn--mnchen-3ya.de/".
    idn=None (the default) does that; idn=True converts every non-ASCII host name,
    idn=False none.  Raises ParseError for an input that is not an IRI reference
    (UTF8 for bytes that are not UTF-8) and for a host IDNA refuses (IDN_*)."""
    if idn is None:
        fl = _lib.CURI_IRI_IDN_DNS if IDN else 0
    else:
        fl = _lib.CURI_IRI_IDN | _lib.CURI_IRI_IDN_DNS if idn else 0
    return _map(_lib.curi_iri_to_uri, _lib.curi_iri_to_uri_bound, s, fl).decode("ascii")


def to_iri(s, *, idn=False):
    """The IRI of the URI reference s (RFC 3987 3.2), as str: percent-encoded UTF-8 of the
    characters a component may hold raw is decoded, and so is an unreserved ASCII character
    ("%7E" -> "~"); '%', reserved and other ASCII, invalid UTF-8, other characters and the
    bidi formatting characters stay encoded (uppercase hex).  With idn a host name with
    xn-- labels is shown in Unicode (ToUnicode) when it is valid.  Raises ParseError for an
    invalid input."""
    fl = _lib.CURI_IRI_IDN if idn else 0
    return _map(_lib.curi_uri_to_iri, _lib.curi_uri_to_iri_bound, s, fl).decode("utf-8")


def decode(s, plus=False, *, lenient=False, encoding="utf-8", errors="strict"):
    """Percent-decode s: bytes in, bytes out; str in, the decoded bytes read with encoding
    and errors (str out).  plus: '+' is ' ' (forms).  A '%' without two hex digits raises
    ParseError PCT, or with lenient=True stays a '%' (as urllib.parse.unquote and browsers
    leave it)."""
    b = _as_bytes(s)
    fl = (_lib.CURI_DECODE_PLUS if plus else 0) | (_lib.CURI_DECODE_LENIENT if lenient else 0)
    rc, out, err = _write(lambda d, c, o, e: _lib.curi_pct_decode(
        d, c, o, b, len(b), fl, e), len(b))
    if rc:
        raise ParseError(rc, err.offset, s)
    return out.decode(encoding, errors) if isinstance(s, str) else out


_QOPS = {"remove": (1, True, False), "replace": (2, True, True),
         "replace_append": (3, True, True), "append": (4, False, True)}


def query_edit(query, ops=(), *, sort=False, form=True, semicolon=False):
    """The query's pairs edited by curi_query_edit: ops applied in order, each a tuple
    ("remove", GLOB), ("replace", KEY, PAIR), ("replace_append", KEY, PAIR) or
    ("append", PAIR), then with sort=True a stable sort by decoded key.  GLOB ('*', '?',
    '\\' escapes) and KEY are matched against decoded keys ('+' a space unless
    form=False); PAIR is encoded query text written as it is ("k=v"; encode() makes one),
    not empty and without a separator.  Pairs split at '&', and ';' with semicolon=True.
    A pair no op touches stays byte for byte; when nothing changes the query comes back
    as it was.  str in, str out; bytes in, bytes out.  A bad op raises ValueError."""
    q = _as_bytes(query)
    fl = (_lib.CURI_QUERY_FORM if form else 0) | (_lib.CURI_QUERY_SEMICOLON if semicolon else 0)
    keep = []
    cops = []
    for op in ops:
        try:
            code, haskey, haspair = _QOPS[op[0]]
        except (KeyError, TypeError, IndexError):
            raise ValueError("unknown query edit %r (one of %s)" % (op, ", ".join(_QOPS))) \
                from None
        if len(op) != 1 + haskey + haspair:
            raise ValueError("query edit %r takes %d argument(s)" % (op, haskey + haspair))
        key = _as_bytes(op[1]) if haskey else b""
        pair = _as_bytes(op[-1]) if haspair else b""
        ck, cp = _from_buffer(key), _from_buffer(pair)
        keep += [ck, cp]  # alive until the calls are done
        cops.append((code, ck, len(key), cp, len(pair)))
    step = _lib.CURI_QUERY_OPS_MAX
    done = 0
    while True:
        chunk = cops[done:done + step]
        arr = _new("curi_query_op[]", max(len(chunk), 1))
        for i, (code, ck, klen, cp, plen) in enumerate(chunk):
            arr[i].op = code
            arr[i].key = ck
            arr[i].klen = klen
            arr[i].pair = cp
            arr[i].plen = plen
        last = done + step >= len(cops)
        f = fl | (_lib.CURI_QUERY_SORT if sort and last else 0)
        changed = _new("int *")
        span = _new("curi_str *")
        cq = _from_buffer(q)
        span.ptr = cq
        span.len = len(q)
        rc, out, err = _write(lambda d, c, o, e: _lib.curi_query_edit(
            d, c, o, span[0], arr, len(chunk), f, changed, e),
            len(q) + sum(c[4] + 1 for c in chunk))
        if rc:
            raise ValueError("query edit refused (%s): an empty pair, or one holding a separator"
                             % _errname(rc))
        q = out
        done += step
        if last:
            break
    return q.decode("utf-8", "surrogatepass") if isinstance(query, str) else q


class Finding(NamedTuple):
    """One finding of curi.check: a rule of the lint catalogue (curi(1), `curi check`)."""
    rule: str
    severity: str
    start: int
    end: int
    message: str


class Findings(list):
    """The list curi.check returns: its Finding items, and more, the number of findings
    left out beyond the limit (0 when none was)."""
    more = 0


def check(s, *, strict_3986=False, disable=(), limit=1000):
    """The security and reliability findings of the lint (`curi check`) over s, valid or not,
    in order: a Findings list of Finding (empty when there is nothing to say).  disable: rule
    names to turn off.  Spans are byte offsets into s (UTF-8 for a str).  At most limit
    findings are returned (the first ones; None for all); the list's attribute more counts
    the rest.  Time is linear in len(s) whatever the number of findings."""
    b = _as_bytes(s)
    opts = _new("curi_lint_options *")
    opts.flags = _lib.CURI_LINT_STRICT_3986 if strict_3986 else 0
    for name in disable:
        nb = name.encode("ascii")
        r = _lib.curi_lint_rule_from_name(nb, len(nb))
        if r == 0:
            raise ValueError("unknown lint rule %r" % name)
        opts.disabled[(r - 1) // 32] |= 1 << ((r - 1) % 32)
    if limit is not None and limit < 0:
        raise ValueError("limit must be None or >= 0")
    cap = 16 if limit is None else min(16, limit)
    found = _new("curi_finding[]", max(cap, 1))
    count = _new("size_t *")
    e = _new("curi_error *")
    if _lib.curi_lint(b, len(b), opts, found, cap, count, e) != 0:
        raise RuntimeError("curi_lint refused its arguments: " + _errname(e.code))
    total = count[0]
    if total > cap and (limit is None or cap < limit):
        cap = total if limit is None else min(total, limit)
        found = _new("curi_finding[]", cap)
        if _lib.curi_lint(b, len(b), opts, found, cap, count, e) != 0:
            raise RuntimeError("curi_lint refused its arguments: " + _errname(e.code))
        total = count[0]
    n = min(total, cap)
    out = Findings()
    out.more = total - n
    if n == 0:
        return out
    # Every message in one call: the input is split once, not once per finding.
    ends = _new("size_t[]", n)
    _lib.curi_lint_messages(_ffi.NULL, 0, ends, b, len(b), opts, found, n, _ffi.NULL, _ffi.NULL)
    buf = _new("char[]", max(ends[n - 1], 1))
    if _lib.curi_lint_messages(buf, ends[n - 1], ends, b, len(b), opts, found, n, _ffi.NULL,
                               _ffi.NULL) != 0:
        raise RuntimeError("curi_lint_messages: the messages did not fit")
    text = _ffi.buffer(buf, ends[n - 1])[:]
    start = 0
    for i in range(n):
        f = found[i]
        out.append(Finding(
            _ffi.string(_lib.curi_lint_rule_name(f.rule)).decode("ascii"),
            _ffi.string(_lib.curi_severity_name(f.severity)).decode("ascii"),
            f.start, f.end, text[start:ends[i]].decode("utf-8", "replace")))
        start = ends[i]
    return out


class Match(NamedTuple):
    """One URI found by curi.extract: the URI as written (delimiters and removed whitespace
    gone, an abbreviation's http:// or ftp:// in front), and its span [start, end) in the
    text, in bytes (UTF-8 for a str)."""
    uri: str
    start: int
    end: int


def extract(text, *, complete=False, iri=False):
    """The URIs in free text, in order, as `curi extract --ascii` finds them: in <...> (also
    with URL: and broken across lines), in "...", and scheme-prefixed ones in running text,
    without the punctuation that ends a sentence.  complete: also www.HOST and ftp.HOST,
    completed with http:// and ftp://.  Every Match.uri is a valid URI (curi.parse accepts
    it); a candidate with non-ASCII text is dropped, not cut.  iri: IRIs too, whole, as
    `curi extract` finds them (each Match.uri then a valid IRI).  One foreign call per 256
    URIs."""
    b = _as_bytes(text)
    x = _new("curi_extractor *")
    flags = (_lib.CURI_EXTRACT_COMPLETE if complete else 0) | (_lib.CURI_EXTRACT_IRI if iri else 0)
    if _lib.curi_extract_init(x, flags, _ffi.NULL):
        raise ValueError("curi_extract_init refused its flags")
    cap = 256
    out = _new("curi_match[]", cap)
    dst = _new("char[]", len(b) + 8 * cap)
    written = _new("size_t *")
    found = []
    while True:
        k = _lib.curipy_extract(x, b, len(b), out, cap, dst, written)
        if k < 0:
            raise RuntimeError("curi_extract_next refused the text")
        if k:
            uris = _ffi.buffer(dst, written[0] - 1)[:].decode("utf-8").split("\n")
            found += [Match(u, out[i].begin, out[i].end) for i, u in enumerate(uris)]
        if k < cap:
            return found


# ------------------------------------------------------------------ WHATWG URL (EXPERIMENTAL)

_URL_SETTERS = {
    "protocol": _lib.CURI_URL_SET_PROTOCOL, "username": _lib.CURI_URL_SET_USERNAME,
    "password": _lib.CURI_URL_SET_PASSWORD, "host": _lib.CURI_URL_SET_HOST,
    "hostname": _lib.CURI_URL_SET_HOSTNAME, "port": _lib.CURI_URL_SET_PORT,
    "pathname": _lib.CURI_URL_SET_PATHNAME, "search": _lib.CURI_URL_SET_SEARCH,
    "hash": _lib.CURI_URL_SET_HASH,
}


def _url_view(name):
    def get(self):
        v = getattr(self._u, name)
        return _ffi.unpack(v.ptr, v.len).decode("utf-8")

    def put(self, value):
        if name == "href":  # the href setter: a parse without a base, or ParseError
            u = URL(value)
            self._buf, self._u = u._buf, u._u
        else:
            self._set(_URL_SETTERS[name], value)

    return property(get, put, doc="The URL API's %s (a str; assigning runs its setter)." % name)


class URL:
    """A URL parsed by the WHATWG URL Standard's parser (what a browser's URL does, not RFC
    3986): curi.URL("HTTP://EXAMPLE.com/a b").href == "http://example.com/a%20b".

    base: a str, bytes or URL to resolve input against.  The attributes are the URL API's
    (href, origin, protocol, username, password, host, hostname, port, pathname, search,
    hash), all str; assigning to one but origin runs the Standard's setter, so
    u.pathname = "/x" works as in JavaScript (a value the Standard ignores leaves the URL as
    it is; href = s parses s, raising ParseError when it fails).  str(u) is the href.  A failure raises ParseError (a ValueError) with the
    error's name and byte offset.  EXPERIMENTAL, like libcuri's WHATWG functions."""

    __slots__ = ("_buf", "_u")

    def __init__(self, input, base=None):
        b = _as_bytes(input.href if isinstance(input, URL) else input)
        bu = _ffi.NULL
        if base is not None:
            # held in a local: bu's views point into its buffer, which must outlive the call
            bobj = base if isinstance(base, URL) else URL(base)
            bu = bobj._u
        cap = _lib.curi_url_bound(len(b), bu)
        buf = _ffi.new("char[]", max(cap, 1))
        u = _ffi.new("curi_url *")
        n = _ffi.new("size_t *")
        err = _ffi.new("curi_error *")
        rc = _lib.curi_url_parse(buf, cap, n, u, b, len(b), bu, 0, err)
        if rc != 0:
            raise ParseError(rc, err.offset, input)
        self._buf, self._u = buf, u

    def _set(self, which, value):
        b = _as_bytes(value)
        cap = _lib.curi_url_bound(len(b), self._u)
        buf = _ffi.new("char[]", max(cap, 1))
        u = _ffi.new("curi_url *")
        n = _ffi.new("size_t *")
        err = _ffi.new("curi_error *")
        rc = _lib.curi_url_set(buf, cap, n, u, self._u, which, b, len(b), 0, err)
        if rc != 0:
            raise ParseError(rc, err.offset, value)
        self._buf, self._u = buf, u

    href = _url_view("href")
    protocol = _url_view("protocol")
    username = _url_view("username")
    password = _url_view("password")
    host = _url_view("host")
    hostname = _url_view("hostname")
    port = _url_view("port")
    pathname = _url_view("pathname")
    search = _url_view("search")
    hash = _url_view("hash")

    @property
    def origin(self):
        """The serialization of the URL's origin ("null" for an opaque one)."""
        cap = self._u.href.len + 16
        while True:
            buf = _ffi.new("char[]", cap)
            n = _ffi.new("size_t *")
            if _lib.curi_url_origin(buf, cap, n, self._u, _ffi.NULL) == 0:
                return _ffi.unpack(buf, n[0]).decode("utf-8")
            cap = n[0]

    def __str__(self):
        return self.href

    def __repr__(self):
        return "curi.URL(%r)" % self.href

    def __eq__(self, other):
        return isinstance(other, URL) and self.href == other.href

    def __hash__(self):
        return hash(self.href)


def url_href_many(items, base=None):
    """The href of each input (str or bytes) parsed by the WHATWG URL Standard's parser
    against base (str, bytes, URL or None), in order, None for an input that fails; one
    foreign call per batch (more only when the first guess of the output's size is short)."""
    if type(items) is not list:
        items = list(items)
    n = len(items)
    if n == 0:
        return []
    bs = [_as_bytes(x) for x in items]
    block = b"".join(bs)
    starts = _ffi.new("size_t[]", n + 1)
    pos = 0
    for i, x in enumerate(bs):
        starts[i] = pos
        pos += len(x)
    starts[n] = pos
    bu = _ffi.NULL
    if base is not None:
        bobj = base if isinstance(base, URL) else URL(base)  # keeps bu's buffer alive
        bu = bobj._u
    ends = _ffi.new("size_t[]", n)
    ok = _ffi.new("int[]", n)
    out = []
    i = 0
    cap = 2 * len(block) + 32 * n + 64 + (bu.href.len * n if bu != _ffi.NULL else 0)
    while i < n:
        dst = _new_raw("char[]", cap)
        k = i + _lib.curipy_url_href_many(block, starts + i, n - i, bu, dst, cap, ends + i,
                                          ok + i)
        data = _ffi.buffer(dst, ends[k - 1] if k > i else 0)[:]
        prev = 0
        for j in range(i, k):
            out.append(data[prev:ends[j]].decode("utf-8") if ok[j] else None)
            prev = ends[j]
        if k < n:  # the next href did not fit: room for it at least, then go on
            cap = max(2 * cap, _lib.curi_url_bound(len(bs[k]), bu))
        i = k
    return out
