/*
 * internal.h -- declarations shared between libcuri's source files, never installed.
 * Cross-file internals are named curi__*; the shared library hides them (libcuri.map).
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_INTERNAL_H
#define CURI_INTERNAL_H

#include <string.h>

#include "curi.h"
#include "testing.h"
#include "ascii.h"
#include "utf8.h"

/* The flags each family knows (include/curi.h); any other bit is INVALID_ARG, the private
 * bits of testing.h included (only the curi__* entry points there take them).  The parse
 * flags here are the usual ones: curi_parse and curi_host_parse also take CURI_PARSE_IRI. */
#define CURI__PARSE_FLAGS \
    (CURI_PARSE_URI | CURI_PARSE_ABSOLUTE | CURI_PARSE_STRICT_3986 | CURI_PARSE_PORT_RANGE)
#define CURI__NORM_FLAGS \
    (CURI_NORM_SYNTAX | CURI_NORM_SCHEME | CURI_NORM_IPV6)
#define CURI__ENCODE_FLAGS CURI_ENCODE_KEEP_PCT
#define CURI__DECODE_FLAGS (CURI_DECODE_PLUS | CURI_DECODE_NO_NUL | CURI_DECODE_LENIENT)
#define CURI__QUERY_FLAGS CURI_QUERY_SEMICOLON
#define CURI__LINT_FLAGS CURI_LINT_STRICT_3986
#define CURI__EXTRACT_FLAGS (CURI_EXTRACT_COMPLETE | CURI_EXTRACT_IRI)
#define CURI__IRI_FLAGS (CURI_IRI_IDN | CURI_IRI_IDN_DNS)
#define CURI__RESOLVE_FLAGS CURI_RESOLVE_NON_STRICT
#define CURI__RELATIVE_FLAGS \
    (CURI_RELATIVE_ABSPATH | CURI_RELATIVE_NETPATH | CURI_RELATIVE_IGNORE_CASE)

/*
 * Character classes of RFC 3986 (section 2 and Appendix A), one bit each, in a
 * 256-entry table (chartab.c).  A byte belongs to a component when its entry has
 * that component's bit.  '%' is in no component class: pct-encoded is checked
 * separately.  No <ctype.h>: the table is locale-proof.
 */
#define CURI__ALPHA (1u << 0)      /* A-Z a-z */
#define CURI__DIGIT (1u << 1)      /* 0-9 */
#define CURI__HEX (1u << 2)        /* HEXDIG, either case */
#define CURI__UNRESERVED (1u << 3) /* ALPHA DIGIT - . _ ~ */
#define CURI__SUBDELIM (1u << 4)   /* ! $ & ' ( ) * + , ; = */
#define CURI__SCHEME (1u << 5)     /* ALPHA DIGIT + - . (after the first letter) */
#define CURI__USERINFO (1u << 6)   /* unreserved sub-delims ":" */
#define CURI__REGNAME (1u << 7)    /* unreserved sub-delims */
#define CURI__PCHAR (1u << 8)      /* unreserved sub-delims ":" "@" */
#define CURI__PATH (1u << 9)       /* pchar "/" */
#define CURI__QUERY (1u << 10)     /* pchar "/" "?"  (also fragment) */
#define CURI__SEGNC (1u << 11)     /* segment-nz-nc: pchar without ":" */
#define CURI__ZONE (1u << 12)      /* ZoneID: unreserved (pct-encoded separately) */
#define CURI__FORM (1u << 13)      /* curi_pct_encode FORM set: unreserved ! $ ' ( ) * , ; : @ / ? */
#define CURI__IPVF (1u << 14)      /* IPvFuture tail: unreserved sub-delims ":" */
#define CURI__LDH (1u << 15)       /* a DNS label's letters, digits and "-" (curi_lint) */

/* 32 bits an entry: room for 16 more classes (IRI, schemes); the nibble tables below cover
 * only classes within 0x20-0x7F, so a class with bytes above 0x7F is scanned scalar. */
extern const uint32_t curi__ctab[256];
/* The classes again as nibble tables for SIMD: index k is the class with bit (1u << k). */
extern const uint8_t curi__nib_hi[16];
extern const uint8_t curi__nib_lo[16][16];

static inline int curi__is(unsigned char c, unsigned cls)
{
    return (curi__ctab[c] & cls) != 0;
}

/* Fill *err, when err is not NULL, and return code (detail 0: the IDNA code sets it after). */
static inline int curi__fail(curi_error *err, int code, size_t offset)
{
    if (err) {
        err->code = code;
        err->offset = offset;
        err->detail = 0;
    }
    return code;
}

static inline int curi__ok(curi_error *err)
{
    if (err) {
        err->code = CURI_OK;
        err->offset = 0;
        err->detail = 0;
    }
    return CURI_OK;
}

/*
 * port = *DIGIT (3.2.3), the one reading of a port: the number of leading digits of
 * p[0..n), with their value in *v, saturated at 65536 so that no digit string wraps (any
 * value above 65535 is "out of range").  The port is valid as a whole when the result is n.
 */
static inline size_t curi__port_digits(const char *p, size_t n, unsigned *v)
{
    size_t i = 0;
    unsigned x = 0;
    while (i < n && p[i] >= '0' && p[i] <= '9') {
        x = x * 10 + (unsigned)(p[i] - '0');
        if (x > 65536)
            x = 65536;
        i++;
    }
    *v = x;
    return i;
}

/* For a function's body kept apart from its one public caller (the writer wrappers).
 * CURI__HIDDEN: data that inline functions read across files, which the shared library
 * does not export (libcuri.map), so that -fPIC code reads it directly, not through the GOT. */
#if defined(__GNUC__) || defined(__clang__)
#define CURI__INLINE static inline __attribute__((always_inline))
#define CURI__HIDDEN __attribute__((visibility("hidden")))
#else
#define CURI__INLINE static inline
#define CURI__HIDDEN
#endif

/* a + b, or SIZE_MAX when that does not fit. */
static inline size_t curi__add_sat(size_t a, size_t b)
{
    return (a > SIZE_MAX - b) ? SIZE_MAX : a + b;
}

/*
 * A *_bound result: no writer produces more than CURI_MAX_LEN bytes (a longer
 * output is TOO_LONG), so every bound is capped there and fits in 32 bits.
 */
static inline size_t curi__bound(size_t n)
{
    return n > CURI_MAX_LEN ? CURI_MAX_LEN : n;
}

/*
 * The writer contract of curi.h, checked in one place by every function that
 * writes text.  The public function first calls curi__wbegin, which refuses
 * dst == NULL with cap != 0 (the caller returns INVALID_ARG) and, when every
 * later return goes through curi__wend (zero_now == 0), leaves *outlen alone;
 * functions that also return errors directly pass zero_now = 1 so that *outlen
 * is 0 from the start.  The work reports OK only when its output fits in cap,
 * or NOSPACE with the length it needs; curi__wend then gives:
 *   OK or NOSPACE with a length above CURI_MAX_LEN  -> TOO_LONG, offset CURI_MAX_LEN;
 *   OK                                              -> *outlen = the length;
 *   NOSPACE                                         -> *outlen = the length needed;
 *   TOO_LONG from the work                          -> offset CURI_MAX_LEN;
 *   any other error                                 -> returned as it is.
 * *outlen (when outlen is not NULL) is 0 after every error but NOSPACE.
 */
static inline int curi__wbegin(const char *dst, size_t cap, size_t *outlen, int zero_now)
{
    if (outlen != NULL && (zero_now || (dst == NULL && cap != 0))) {
        *outlen = 0;
    }
    return !(dst == NULL && cap != 0);
}

static inline int curi__wend(int rc, size_t need, size_t *outlen, curi_error *err)
{
    if (rc == CURI_OK && need <= CURI_MAX_LEN) { /* the usual ending first */
        if (outlen != NULL) {
            *outlen = need;
        }
        return curi__ok(err);
    }
    if ((rc == CURI_OK || rc == CURI_ERR_NOSPACE) && need > CURI_MAX_LEN) {
        rc = CURI_ERR_TOO_LONG;
    }
    if (outlen != NULL) {
        *outlen = rc == CURI_ERR_NOSPACE ? need : 0;
    }
    if (rc == CURI_ERR_NOSPACE) {
        return curi__fail(err, CURI_ERR_NOSPACE, 0);
    }
    if (rc == CURI_ERR_TOO_LONG) {
        return curi__fail(err, CURI_ERR_TOO_LONG, CURI_MAX_LEN);
    }
    return rc;
}

/*
 * host.c: parse a host at p (stopping at the first byte that cannot belong to it, *stop) and
 * fill u->host, host_type, ip, zone.  Offsets in *err are relative to base.
 */
int curi__host(curi_uri *u, const char *base, const char *p, const char *end, const char **stop,
               unsigned flags, curi_error *err);
/* Parse exactly [p, end) as an IPv4address / IPv6address; 0 with *bad at the offending byte. */
int curi__ipv4(unsigned char out[4], const char *p, const char *end, const char **bad);
int curi__ipv6(unsigned char out[16], const char *p, const char *end, const char **bad);

/*
 * scan.c: the first byte in [p, end) whose class lacks all bits of cls, or end.  base <= p is
 * the start of the caller's buffer: bytes in [base, p) may be read again (never past end).
 * The SIMD variant gives the same answer as the scalar one; CURI__PARSE_SCALAR forces scalar.
 */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(CURI_NO_SIMD)
#define CURI__HAVE_AVX2 1 /* build with -DCURI_NO_SIMD for the scalar scanners only */
#endif

/* The portable twin: four table look-ups per iteration, then the tail. */
static inline const char *curi__scan_scalar(const char *p, const char *end, unsigned cls)
{
    const unsigned char *u = (const unsigned char *)p;
    const unsigned char *e = (const unsigned char *)end;

    while (e - u >= 4) {
        if (!(curi__ctab[u[0]] & cls))
            return (const char *)u;
        if (!(curi__ctab[u[1]] & cls))
            return (const char *)(u + 1);
        if (!(curi__ctab[u[2]] & cls))
            return (const char *)(u + 2);
        if (!(curi__ctab[u[3]] & cls))
            return (const char *)(u + 3);
        u += 4;
    }
    while (u < e && (curi__ctab[*u] & cls))
        u++;
    return (const char *)u;
}

/*
 * pct-encoded = "%" HEXDIG HEXDIG (2.1) at p, which is a '%' before end: the one test of a
 * percent triplet, used by every reader of encoded text.
 */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline int curi__is_pct(const char *p, const char *end)
{
    return end - p >= 3 && curi__is((unsigned char)p[1], CURI__HEX) &&
           curi__is((unsigned char)p[2], CURI__HEX);
}

/*
 * *( cls / pct-encoded ) from p with the scalar scanner: the first byte that is neither
 * (end when the run reaches it), or NULL with *bad at a '%' that starts no triplet.  The
 * one class run for the paths that do not need SIMD (userinfo, settings, zone IDs).
 */
typedef const char *curi__scanner(const char *p, const char *end, unsigned cls);

/* The run with a given class scanner (curi__scan_scalar here, curi__scan_iri_scalar for
 * scan.c's curi__iri_pct_run). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline const char *curi__pct_run_with(curi__scanner *scan, const char *p,
                                             const char *end, unsigned cls, const char **bad)
{
    for (;;) {
        p = scan(p, end, cls);
        if (p == end || *p != '%')
            return p;
        if (!curi__is_pct(p, end)) {
            *bad = p;
            return NULL;
        }
        p += 3;
    }
}

static inline const char *curi__pct_run(const char *p, const char *end, unsigned cls,
                                        const char **bad)
{
    return curi__pct_run_with(curi__scan_scalar, p, end, cls, bad);
}


/* The first byte in [p, end) outside class cls, which is exactly one of the sixteen classes
 * above (every caller passes a constant one: parse.c's scanners, host.c's reg-name). */
const char *curi__scan(const char *base, const char *p, const char *end, unsigned cls,
                       unsigned flags);
/*
 * The IRI sets (RFC 3987 2.2).  IRI-reference has the shape of URI-reference; only the
 * character sets grow:
 *   iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
 *   iquery      = *( ipchar / iprivate / "/" / "?" )
 * so iuserinfo, ireg-name, ipath and ifragment take ucschar, and iquery iprivate too.  A
 * class cls is one of the URI classes; CURI__QUERY | CURI__IRI_FRAG is the fragment, which
 * has no iprivate.
 */
#define CURI__IRI_FRAG (1u << 31)
#define CURI__IRI_CLASSES (CURI__USERINFO | CURI__REGNAME | CURI__PATH | CURI__SEGNC | CURI__QUERY)

/* The end of one allowed non-ASCII character at p (p < end, *p above 0x7F) for class cls, or
 * NULL.  Inline but not forced: without optimization it stays one function for every run. */
static inline const char *curi__iri_step(const char *p, const char *end, unsigned cls)
{
    uint32_t c;
    size_t n;

    if (!(cls & CURI__IRI_CLASSES))
        return NULL;
    n = curi__utf8(p, end, &c);
    if (n == 0 || !curi__iri_char(c, (cls & CURI__QUERY) && !(cls & CURI__IRI_FRAG)))
        return NULL;
    return p + n;
}

/* curi__scan_scalar with the IRI sets: where a run of cls stops at a byte above 0x7F, one
 * allowed UTF-8 character is taken and the run goes on. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline const char *curi__scan_iri_scalar(const char *p, const char *end, unsigned cls)
{
    for (;;) {
        const char *q;
        p = curi__scan_scalar(p, end, cls & ~CURI__IRI_FRAG);
        if (p == end || (unsigned char)*p < 0x80)
            return p;
        q = curi__iri_step(p, end, cls);
        if (!q)
            return p;
        p = q;
    }
}

/* scan.c: curi__pct_run with the IRI sets, for the general authority reader and
 * curi_host_parse. */
const char *curi__iri_pct_run(const char *p, const char *end, unsigned cls, const char **bad);

/*
 * dots.c: remove_dot_segments (RFC 3986 5.2.4), the one definition of a dot segment.
 * mode: CURI__DOTS_NONE keeps every segment, CURI__DOTS_RFC removes "." and "..",
 * CURI__DOTS_PCT also counts "%2E" as a dot (normalization, 6.2.2.2 before 6.2.2.3).
 */
#define CURI__DOTS_NONE 0
#define CURI__DOTS_RFC 1
#define CURI__DOTS_PCT 2
/* Left to right, in place: the new length of p[0..n). */
size_t curi__dots_inplace(char *p, size_t n, int mode);
/*
 * Right to left: the elements of a path that survive 5.2.4, visited with O(1) state, so
 * that resolve, relative and normalize can measure and write a dot-free path without a
 * scratch buffer.  The path is s1 followed by s2 (s1 is empty or ends with '/', so no
 * element straddles them).  An element is a segment with its leading '/' (slash = 1) or
 * the first segment of a rootless path (slash = 0).
 */
typedef struct curi__dots {
    const char *s1, *s2;
    size_t n1, n;  /* n = total length */
    size_t s0;     /* first segment (without '/') is [s0, lo) when s0 < lo */
    size_t lo;     /* the '/'-led elements live in [lo, n) */
    size_t pos;    /* [lo, pos) has not been visited yet */
    size_t pops;   /* ".." seen to the right and not yet matched */
    int mode, trail, s0done;
} curi__dots;
void curi__dots_init(curi__dots *it, const char *s1, size_t n1, const char *s2, size_t n2,
                     int mode);
/* The next element to the left: 1 with *seg and *slash set, or 0 when there is none. */
int curi__dots_prev(curi__dots *it, curi_str *seg, int *slash);
/* What a dot-free path is like: its length, its elements, whether the leftmost one is
 * '/'-led, and whether it starts with "//" (which needs "/." before it without authority). */
typedef struct curi__dots_info {
    size_t len, count;
    int rooted, dslash;
} curi__dots_info;
curi__dots_info curi__dots_measure(const curi__dots *it);
/* The same for s1 s2 that holds no dot segment (curi__has_dot_seg is 0 for both), but for
 * count, left 0: resolve does not need it, and it would cost a pass over the path.  Inline:
 * a few loads, once per resolve. */
static inline curi__dots_info curi__dots_measure_plain(const char *s1, size_t n1,
                                                       const char *s2, size_t n2)
{
    curi__dots_info m = {n1 + n2, 0, 0, 0};
    char c0, c1;

    if (m.len == 0) {
        return m;
    }
    c0 = (n1 > 0) ? s1[0] : s2[0];
    m.rooted = (c0 == '/');
    if (m.len >= 2) {
        c1 = (n1 > 1) ? s1[1] : s2[1 - n1];
        m.dslash = (c0 == '/' && c1 == '/');
    }
    return m;
}
/* Write elements first..count (1 = leftmost) of *it backwards so that they end at
 * dst + end; the '/' of element `first` is left out (first == 0: every element whole). */
void curi__dots_write_back(const curi__dots *it, size_t count, size_t first, char *dst,
                           size_t end);
/*
 * 1 when some segment of p[0..n) is exactly "." or ".." (p[0] starts a segment), else 0.
 * "%2E" does not count.  A path without one is its own remove_dot_segments, so resolve
 * and relative copy it as it is instead of walking it with curi__dots.  The fast test
 * (inline: resolve and relative make it on every call): a dot segment is a '.' that
 * starts a segment and is followed by the end, a '/', or one more '.' and then the end or
 * a '/'.  memchr finds the candidates; most paths hold at most a '.' or two, inside a
 * segment ("index.html").
 */
static inline int curi__has_dot_seg(const char *p, size_t n)
{
    size_t i = 0;

    while (i < n) {
        const char *q = memchr(p + i, '.', n - i);
        size_t k, rest;

        if (q == NULL) {
            return 0;
        }
        k = (size_t)(q - p);
        rest = n - k;
        if ((k == 0 || p[k - 1] == '/') &&
            (rest == 1 || p[k + 1] == '/' ||
             (p[k + 1] == '.' && (rest == 2 || p[k + 2] == '/')))) {
            return 1;
        }
        i = k + 1;
    }
    return 0;
}

/* whatwg.c: s[0..n) (any case) is one of the WHATWG URL Standard's special schemes (ftp, file,
 * http, https, ws, wss): 1, with its default port in *port (-1 for file); else 0. */
int curi__url_special(const char *s, size_t n, int *port);

/*
 * A bounded writer for the functions that honour the writer contract of curi.h: bytes go to
 * dst while they fit in cap, len counts every byte asked for, so after the last put len is
 * the exact size needed whether or not it fitted.
 */
typedef struct curi__out {
    char *dst;
    size_t cap, len;
} curi__out;

/* A put of 4 to 16 bytes (most components) is two overlapping loads and stores of 4 or 8
 * bytes, inside s[0..n) and d[0..n), rather than a call to memcpy. */
static inline void curi__put(curi__out *o, const char *s, size_t n)
{
    if (n > 0 && o->len + n <= o->cap) {
        char *d = o->dst + o->len;
        if (n < 4 || n > 16) {
            memcpy(d, s, n);
        } else if (n >= 8) {
            uint64_t a, b;
            memcpy(&a, s, 8);
            memcpy(&b, s + n - 8, 8);
            memcpy(d, &a, 8);
            memcpy(d + n - 8, &b, 8);
        } else {
            uint32_t a, b;
            memcpy(&a, s, 4);
            memcpy(&b, s + n - 4, 4);
            memcpy(d, &a, 4);
            memcpy(d + n - 4, &b, 4);
        }
    }
    o->len += n;
}

/*
 * authority = [ userinfo "@" ] host [ ":" port ]  (3.2) of a u with a host: the one
 * authority writer, for curi_recompose, curi_authority and curi_resolve.
 */
static inline void curi__put_authority(curi__out *o, const curi_uri *u)
{
    if (u->userinfo.ptr != NULL) {
        curi__put(o, u->userinfo.ptr, u->userinfo.len);
        curi__put(o, "@", 1);
    }
    curi__put(o, u->host.ptr, u->host.len);
    if (u->port.ptr != NULL) {
        curi__put(o, ":", 1);
        curi__put(o, u->port.ptr, u->port.len);
    }
}

/* [ "?" query ] [ "#" fragment ] (5.3), each when present. */
static inline void curi__put_tail(curi__out *o, curi_str query, curi_str fragment)
{
    if (query.ptr != NULL) {
        curi__put(o, "?", 1);
        curi__put(o, query.ptr, query.len);
    }
    if (fragment.ptr != NULL) {
        curi__put(o, "#", 1);
        curi__put(o, fragment.ptr, fragment.len);
    }
}

/* The end of a writer's work through o: the length in *outlen, NOSPACE when it did not
 * fit (curi__wend then applies the contract). */
static inline int curi__out_end(const curi__out *o, size_t *outlen)
{
    *outlen = o->len;
    return o->len > o->cap ? CURI_ERR_NOSPACE : CURI_OK;
}

/*
 * The public face of resolve and relative: the writer contract and the flags check
 * around the work (impl, which reports OK or NOSPACE with the length in *n).  Always
 * inlined, so that impl is a known callee wherever the compiler optimizes.
 */
typedef int (*curi__ref_work)(char *dst, size_t cap, size_t *n, const curi_uri *base,
                              const curi_uri *ref, unsigned flags, curi_error *err);
CURI__INLINE int curi__ref_writer(curi__ref_work impl, unsigned known, char *dst, size_t cap,
                                  size_t *outlen, const curi_uri *base, const curi_uri *ref,
                                  unsigned flags, curi_error *err)
{
    size_t n = 0;
    int rc;

    if (!curi__wbegin(dst, cap, outlen, 0) || (flags & ~known)) {
        return curi__wend(curi__fail(err, CURI_ERR_INVALID_ARG, 0), 0, outlen, err);
    }
    /* The work first: the arguments of one call are evaluated in no fixed order. */
    rc = impl(dst, cap, &n, base, ref, flags, err);
    return curi__wend(rc, n, outlen, err);
}

/*
 * The bytes of normalization, for the writers of the scheme layer too (src/schemes/normal.c):
 * dst[n..) gets p[0..len) with mask's percent rules (lowercased outside triplets when
 * lower), or the byte c; each returns the new n, and with dst NULL only counts.
 */
size_t curi__norm_put(char *dst, size_t n, const char *p, size_t len, unsigned mask, int lower);
size_t curi__norm_byte(char *dst, size_t n, char c);

#endif /* CURI_INTERNAL_H */
