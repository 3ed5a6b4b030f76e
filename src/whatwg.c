/*
 * whatwg.c -- the WHATWG URL Standard's basic URL parser (without state override), its host
 * parser and its serializer, beside libcuri's RFC 3986 parser.
 *
 * The URL record is never held apart from its serialization: the parser writes the href into
 * the caller's buffer component by component, in the serializer's order (scheme, "//" and the
 * authority, the path, the query, the fragment), and remembers where each component starts.
 * That works because the state machine settles the components in that order; the few places
 * that revise what was written only shorten the tail (the path's last segment, a host that
 * turns out to be an IPv4 address) or insert before it ("/." ahead of a path that starts with
 * an empty segment).  Each of those reads back bytes already written: when an earlier byte did
 * not fit in cap, the parse stops with CURI_ERR_NOSPACE and curi_url_bound's size.
 *
 * The input is bytes: it is read as UTF-8 with each maximal invalid subpart replaced by U+FFFD,
 * what a browser's URL receives after decoding with replacement.  Positions are byte offsets
 * into it; the Standard's "remove tabs and newlines" is a skip in the reader.
 * SPDX-License-Identifier: MIT
 */
#include "internal.h"
#include "norm_pct.h"
#include "uts46.h"

#define EOFCP UINT32_MAX
enum {
    NEED_BOUND = -1, /* internal: a read-back past cap, answer with the bound */
    SKIP = -2        /* internal: a setter that the Standard ignores, the URL unchanged */
};

/* ------------------------------------------------------------------ percent-encode sets */

/* Bit c of the pair: ASCII c is in the set (every set holds C0 controls and bytes > 0x7E). */
typedef struct pset {
    uint64_t lo, hi;
} pset;
#define B(c) ((uint64_t)((c) < 64) << ((c) & 63))
#define H(c) ((uint64_t)((c) >= 64) << ((c) & 63))
#define C0_LO UINT64_C(0xFFFFFFFF)
#define C0_HI ((uint64_t)1 << 63) /* U+007F */
static const pset SET_C0 = {C0_LO, C0_HI};
static const pset SET_FRAGMENT = {C0_LO | B(' ') | B('"') | B('<') | B('>'), C0_HI | H('`')};
static const pset SET_QUERY = {C0_LO | B(' ') | B('"') | B('#') | B('<') | B('>'), C0_HI};
static const pset SET_SPECIAL_QUERY = {C0_LO | B(' ') | B('"') | B('#') | B('<') | B('>') |
                                           B('\''),
                                       C0_HI};
static const pset SET_PATH = {C0_LO | B(' ') | B('"') | B('#') | B('<') | B('>') | B('?'),
                              C0_HI | H('^') | H('`') | H('{') | H('}')};
static const pset SET_USERINFO = {C0_LO | B(' ') | B('"') | B('#') | B('<') | B('>') | B('?') |
                                      B('/') | B(':') | B(';') | B('='),
                                  C0_HI | H('@') | H('^') | H('`') | H('{') | H('}') | H('[') |
                                      H('\\') | H(']') | H('|')};

static int in_set(const pset *s, uint32_t c)
{
    if (c >= 0x80)
        return 1;
    return c < 64 ? (int)((s->lo >> c) & 1) : (int)((s->hi >> (c - 64)) & 1);
}

/* ------------------------------------------------------------------ output */

typedef struct w {
    char *d;
    size_t cap, len;
    size_t peak; /* the most len has been: the room the parse needs */
    int lost;    /* a byte did not fit: what follows is counted, not kept */
} wr;

static void put(wr *w, const char *s, size_t n)
{
    if (!w->lost && w->len + n <= w->cap) {
        if (n > 0)
            memcpy(w->d + w->len, s, n);
    } else {
        w->lost = 1;
    }
    w->len = curi__add_sat(w->len, n);
    if (w->len > w->peak)
        w->peak = w->len;
}

static void put1(wr *w, char c)
{
    put(w, &c, 1);
}

static const char HEXU[] = "0123456789ABCDEF";

/* c in UTF-8, each byte percent-encoded when c is in set (non-ASCII always is). */
static void put_enc(wr *w, uint32_t c, const pset *set)
{
    unsigned char b[4];
    size_t n;
    if (!in_set(set, c)) {
        put1(w, (char)c);
        return;
    }
    if (c < 0x80) {
        b[0] = (unsigned char)c;
        n = 1;
    } else if (c < 0x800) {
        b[0] = (unsigned char)(0xC0 | c >> 6);
        b[1] = (unsigned char)(0x80 | (c & 0x3F));
        n = 2;
    } else if (c < 0x10000) {
        b[0] = (unsigned char)(0xE0 | c >> 12);
        b[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
        b[2] = (unsigned char)(0x80 | (c & 0x3F));
        n = 3;
    } else {
        b[0] = (unsigned char)(0xF0 | c >> 18);
        b[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
        b[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
        b[3] = (unsigned char)(0x80 | (c & 0x3F));
        n = 4;
    }
    for (size_t i = 0; i < n; i++) {
        char t[3] = {'%', HEXU[b[i] >> 4], HEXU[b[i] & 15]};
        put(w, t, 3);
    }
}

static void put_dec(wr *w, uint32_t v)
{
    char t[10];
    size_t n = 0;
    do {
        t[sizeof t - 1 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    put(w, t + sizeof t - n, n);
}

/* ------------------------------------------------------------------ input */

typedef struct rd {
    const unsigned char *s;
    size_t end;
} rd;

/* The first position at or after p that is not a tab or newline. */
static size_t skip(const rd *r, size_t p)
{
    while (p < r->end && (r->s[p] == 9 || r->s[p] == 10 || r->s[p] == 13))
        p++;
    return p;
}

/* The code point at p (a position skip() gave), EOFCP at the end; *next: the following one. */
static uint32_t cp_at(const rd *r, size_t p, size_t *next)
{
    uint32_t c;
    if (p >= r->end) {
        *next = p;
        return EOFCP;
    }
    if (r->s[p] < 0x80) {
        c = r->s[p];
        p++;
    } else {
        int bad = 0;
        c = curi__utf8_next(r->s, r->end, &p, &bad);
    }
    *next = skip(r, p);
    return c;
}

static int is_alpha(uint32_t c)
{
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

static int is_digit(uint32_t c)
{
    return c >= '0' && c <= '9';
}

static int is_hex(uint32_t c)
{
    return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* ------------------------------------------------------------------ the URL record */

typedef struct rec {
    wr w;
    rd r;
    const curi_url *base;
    size_t scheme_len;
    int special, file, default_port;
    int has_host, host_type;
    size_t user_s, user_n, pass_n; /* userinfo as written: user_s, user_n bytes, ':' + pass_n */
    size_t host_s, host_e;
    int32_t port;
    size_t port_s;
    size_t path_s, path_show, nseg;
    int opaque, fixed;
    size_t query_s, frag_s; /* SIZE_MAX: null */
    uint32_t verr;
    size_t voff;
    /* a setter: the state override (0: none), the URL it changes, what it has set so far */
    int override;
    const curi_url *old;
    int host_set, port_set;
} rec;

static void v(rec *u, uint32_t bit, size_t at)
{
    if (u->verr == 0)
        u->voff = at;
    u->verr |= bit;
}

static const struct special {
    const char *name;
    size_t len;
} SPECIAL[] = {{"ftp", 3}, {"file", 4}, {"http", 4}, {"https", 5}, {"ws", 2}, {"wss", 3}};

/* The special scheme named s[0..n) (lowercase), or -1. */
static int special_index(const char *s, size_t n)
{
    for (int i = 0; i < 6; i++)
        if (SPECIAL[i].len == n && memcmp(SPECIAL[i].name, s, n) == 0)
            return i;
    return -1;
}

/* The scheme's default port, from the scheme registry (-1: none, as for file). */
static int special_port(int i)
{
    const curi_scheme *s = curi_scheme_find(SPECIAL[i].name, SPECIAL[i].len);
    return s != NULL ? curi_scheme_default_port(s) : -1;
}

/* The WHATWG special scheme s[0..n) in any case: 1 and its default port in *port (-1 for
 * file), else 0.  For curi_lint's parser-differential (src/lint/rules_diff.c). */
int curi__url_special(const char *s, size_t n, int *port)
{
    for (int i = 0; i < 6; i++) {
        if (SPECIAL[i].len == n && curi__ieq(s, n, SPECIAL[i].name)) {
            *port = special_port(i);
            return 1;
        }
    }
    return 0;
}

static void set_scheme_kind(rec *u, const char *s, size_t n)
{
    int i = special_index(s, n);
    u->special = i >= 0;
    u->file = i == 1;
    u->default_port = i >= 0 ? special_port(i) : -1;
}

/* ------------------------------------------------------------------ hosts */

static int forbidden_host(uint32_t c)
{
    switch (c) {
    case 0: case 9: case 10: case 13: case ' ': case '#': case '/': case ':': case '<':
    case '>': case '?': case '@': case '[': case '\\': case ']': case '^': case '|':
        return 1;
    default:
        return 0;
    }
}

static int forbidden_domain(uint32_t c)
{
    return forbidden_host(c) || c <= 0x1F || c == '%' || c == 0x7F;
}

/* The IPv4 number parser: *value (saturated above 2^32), 1 when it is not decimal; -1 on
 * failure. */
static int ipv4_number(const char *s, size_t n, uint64_t *value)
{
    unsigned radix = 10;
    int nondecimal = 0;
    uint64_t x = 0;
    if (n == 0)
        return -1;
    if (n >= 2 && s[0] == '0' && (s[1] | 0x20) == 'x') {
        s += 2;
        n -= 2;
        radix = 16;
        nondecimal = 1;
    } else if (n >= 2 && s[0] == '0') {
        s++;
        n--;
        radix = 8;
        nondecimal = 1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned d;
        unsigned char c = (unsigned char)s[i];
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
            d = (c | 0x20) - 'a' + 10;
        else
            return -1;
        if (d >= radix)
            return -1;
        x = x * radix + d;
        if (x > UINT64_C(0xFFFFFFFFF))
            x = UINT64_C(0x1000000000);
    }
    *value = x;
    return nondecimal;
}

/* Whether the domain s[0..n) ends in a number. */
static int ends_in_number(const char *s, size_t n)
{
    size_t e = n, b;
    uint64_t x;
    if (e > 0 && s[e - 1] == '.') {
        if (e == 1)
            return 0;
        e--;
    }
    /* a number's last byte is a digit, a hex digit or the x of "0x": most domains stop here */
    if (e == 0 || (!is_hex((unsigned char)s[e - 1]) && (s[e - 1] | 0x20) != 'x'))
        return 0;
    b = e;
    while (b > 0 && s[b - 1] != '.')
        b--;
    if (b == e)
        return 0;
    size_t k = b;
    while (k < e && s[k] >= '0' && s[k] <= '9')
        k++;
    if (k == e)
        return 1;
    return ipv4_number(s + b, e - b, &x) >= 0;
}

/* The IPv4 parser over s[0..n): CURI_OK and *addr, or CURI_ERR_IPV4 with *at. */
static int ipv4_parse(rec *u, const char *s, size_t n, uint32_t *addr, size_t at)
{
    uint64_t num[4];
    size_t count = 0, p = 0;
    if (n > 0 && s[n - 1] == '.') {
        v(u, CURI_URL_V_IPV4_EMPTY_PART, at);
        if (n > 1)
            n--;
    }
    for (;;) {
        size_t q = p;
        while (q < n && s[q] != '.')
            q++;
        if (count == 4) {
            v(u, CURI_URL_V_IPV4_TOO_MANY_PARTS, at);
            return CURI_ERR_IPV4;
        }
        int r = ipv4_number(s + p, q - p, &num[count]);
        if (r < 0) {
            v(u, CURI_URL_V_IPV4_NON_NUMERIC_PART, at);
            return CURI_ERR_IPV4;
        }
        if (r > 0)
            v(u, CURI_URL_V_IPV4_NON_DECIMAL_PART, at);
        count++;
        if (q >= n)
            break;
        p = q + 1;
    }
    for (size_t i = 0; i < count; i++) {
        if (num[i] > 255) {
            v(u, CURI_URL_V_IPV4_OUT_OF_RANGE_PART, at);
            if (i + 1 < count)
                return CURI_ERR_IPV4;
        }
    }
    if (num[count - 1] >= (UINT64_C(1) << (8 * (5 - count))))
        return CURI_ERR_IPV4;
    uint64_t x = num[count - 1];
    for (size_t i = 0; i + 1 < count; i++)
        x += num[i] << (8 * (3 - i));
    *addr = (uint32_t)x;
    return CURI_OK;
}

/* The IPv6 parser over the input [p, e) (between the brackets): CURI_OK and a[8]. */
static int ipv6_parse(rec *u, size_t p, size_t e, uint16_t a[8])
{
    rd r = {u->r.s, e};
    size_t piece = 0, compress = SIZE_MAX, nx;
    uint32_t c;
    memset(a, 0, 8 * sizeof a[0]);
    p = skip(&r, p);
    c = cp_at(&r, p, &nx);
    if (c == ':') {
        size_t n2;
        if (cp_at(&r, nx, &n2) != ':') {
            v(u, CURI_URL_V_IPV6_INVALID_COMPRESSION, p);
            return CURI_ERR_IPV6;
        }
        p = n2;
        compress = ++piece;
    }
    while ((c = cp_at(&r, p, &nx)) != EOFCP) {
        if (piece == 8) {
            v(u, CURI_URL_V_IPV6_TOO_MANY_PIECES, p);
            return CURI_ERR_IPV6;
        }
        if (c == ':') {
            if (compress != SIZE_MAX) {
                v(u, CURI_URL_V_IPV6_MULTIPLE_COMPRESSION, p);
                return CURI_ERR_IPV6;
            }
            p = nx;
            compress = ++piece;
            continue;
        }
        uint32_t value = 0;
        int length = 0;
        size_t start = p;
        while (length < 4 && is_hex(c)) {
            value = value * 16 + (is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
            p = nx;
            c = cp_at(&r, p, &nx);
            length++;
        }
        if (c == '.') {
            if (length == 0) {
                v(u, CURI_URL_V_IPV4_IN_IPV6_INVALID_CODE_POINT, p);
                return CURI_ERR_IPV6;
            }
            p = start;
            if (piece > 6) {
                v(u, CURI_URL_V_IPV4_IN_IPV6_TOO_MANY_PIECES, p);
                return CURI_ERR_IPV6;
            }
            int seen = 0;
            c = cp_at(&r, p, &nx);
            while (c != EOFCP) {
                int ipv4 = -1;
                if (seen > 0) {
                    if (c == '.' && seen < 4) {
                        p = nx;
                        c = cp_at(&r, p, &nx);
                    } else {
                        v(u, CURI_URL_V_IPV4_IN_IPV6_INVALID_CODE_POINT, p);
                        return CURI_ERR_IPV6;
                    }
                }
                if (!is_digit(c)) {
                    v(u, CURI_URL_V_IPV4_IN_IPV6_INVALID_CODE_POINT, p);
                    return CURI_ERR_IPV6;
                }
                while (is_digit(c)) {
                    int n = (int)(c - '0');
                    if (ipv4 < 0)
                        ipv4 = n;
                    else if (ipv4 == 0) {
                        v(u, CURI_URL_V_IPV4_IN_IPV6_INVALID_CODE_POINT, p);
                        return CURI_ERR_IPV6;
                    } else
                        ipv4 = ipv4 * 10 + n;
                    if (ipv4 > 255) {
                        v(u, CURI_URL_V_IPV4_IN_IPV6_OUT_OF_RANGE_PART, p);
                        return CURI_ERR_IPV6;
                    }
                    p = nx;
                    c = cp_at(&r, p, &nx);
                }
                a[piece] = (uint16_t)(a[piece] * 0x100 + ipv4);
                seen++;
                if (seen == 2 || seen == 4)
                    piece++;
            }
            if (seen != 4) {
                v(u, CURI_URL_V_IPV4_IN_IPV6_TOO_FEW_PARTS, p);
                return CURI_ERR_IPV6;
            }
            break;
        } else if (c == ':') {
            p = nx;
            if (cp_at(&r, p, &nx) == EOFCP) {
                v(u, CURI_URL_V_IPV6_INVALID_CODE_POINT, p);
                return CURI_ERR_IPV6;
            }
        } else if (c != EOFCP) {
            v(u, CURI_URL_V_IPV6_INVALID_CODE_POINT, p);
            return CURI_ERR_IPV6;
        }
        a[piece++] = (uint16_t)value;
    }
    if (compress != SIZE_MAX) {
        size_t swaps = piece - compress;
        piece = 7;
        while (piece != 0 && swaps > 0) {
            uint16_t t = a[piece];
            a[piece] = a[compress + swaps - 1];
            a[compress + swaps - 1] = t;
            piece--;
            swaps--;
        }
    } else if (piece != 8) {
        v(u, CURI_URL_V_IPV6_TOO_FEW_PIECES, p);
        return CURI_ERR_IPV6;
    }
    return CURI_OK;
}

static void put_ipv6(wr *w, const uint16_t a[8])
{
    size_t best = 8, bestn = 1;
    for (size_t i = 0; i < 8;) {
        size_t j = i;
        while (j < 8 && a[j] == 0)
            j++;
        if (j - i > bestn) {
            best = i;
            bestn = j - i;
        }
        i = j > i ? j : i + 1;
    }
    put1(w, '[');
    for (size_t i = 0; i < 8; i++) {
        if (i == best) {
            put(w, i == 0 ? "::" : ":", i == 0 ? 2 : 1);
            i += bestn - 1;
            continue;
        }
        char t[4];
        size_t n = 0;
        unsigned x = a[i];
        do {
            t[3 - n++] = "0123456789abcdef"[x & 15];
            x >>= 4;
        } while (x > 0);
        put(w, t + 4 - n, n);
        if (i < 7)
            put1(w, ':');
    }
    put1(w, ']');
}

static void put_ipv4(wr *w, uint32_t x)
{
    for (int i = 3; i >= 0; i--) {
        put_dec(w, (x >> (8 * i)) & 255);
        if (i > 0)
            put1(w, '.');
    }
}

/* The host parser over the input [p, e), written at the end of the output. */
static int host_parse(rec *u, size_t p, size_t e, int opaque)
{
    rd r = {u->r.s, e};
    size_t nx, start = u->w.len;
    uint32_t c;
    p = skip(&r, p);
    c = cp_at(&r, p, &nx);
    if (c == '[') {
        size_t q = p, last = p, n2;
        uint16_t a[8];
        while (cp_at(&r, q, &n2) != EOFCP) {
            last = q;
            q = n2;
        }
        if (last == p || r.s[last] != ']') {
            v(u, CURI_URL_V_IPV6_UNCLOSED, p);
            return CURI_ERR_IP_UNTERMINATED;
        }
        int rc = ipv6_parse(u, nx, last, a);
        if (rc != CURI_OK)
            return rc;
        put_ipv6(&u->w, a);
        u->host_type = CURI_URL_HOST_IPV6;
        return CURI_OK;
    }
    if (opaque) {
        for (size_t q = p; (c = cp_at(&r, q, &nx)) != EOFCP; q = nx) {
            if (forbidden_host(c)) {
                v(u, CURI_URL_V_HOST_INVALID_CODE_POINT, q);
                return CURI_ERR_HOST_CHAR;
            }
            if (c == '%' && !(is_hex(cp_at(&r, nx, &nx)) && is_hex(cp_at(&r, nx, &nx))))
                v(u, CURI_URL_V_INVALID_URL_UNIT, q);
            cp_at(&r, q, &nx);
            put_enc(&u->w, c, &SET_C0);
        }
        u->host_type = u->w.len == start ? CURI_URL_HOST_EMPTY : CURI_URL_HOST_OPAQUE;
        return CURI_OK;
    }
    /* domain: percent-decoded, UTF-8 decoded, to ASCII (an ASCII domain only lowercased) */
    int ascii = 1;
    for (size_t q = p; q < e; q++) {
        if (r.s[q] >= 0x80) {
            ascii = 0;
            break;
        }
        if (r.s[q] == '%' && e - q >= 3 && is_hex(r.s[q + 1]) && is_hex(r.s[q + 2]) &&
            curi__hexval(r.s[q + 1]) >= 8) {
            ascii = 0;
            break;
        }
    }
    if (ascii) {
        /* no raw byte above 0x7F and no %XX above %7F: the decoded domain is ASCII, unless
         * a tab or newline inside a %XX makes one, which the general path reads exactly */
        for (size_t q = p; q < e; q++) {
            unsigned char b = r.s[q];
            if (b == 9 || b == 10 || b == 13) {
                ascii = 0;
                break;
            }
        }
    }
    if (ascii) {
        for (size_t q = p; q < e;) {
            unsigned char b = r.s[q];
            if (b == '%' && e - q >= 3 && is_hex(r.s[q + 1]) && is_hex(r.s[q + 2])) {
                b = (unsigned char)(curi__hexval(r.s[q + 1]) << 4 | curi__hexval(r.s[q + 2]));
                q += 3;
            } else {
                q++;
            }
            put1(&u->w, (char)curi__lower(b));
        }
    } else {
        curi__out o = {u->w.lost ? NULL : u->w.d, u->w.lost ? 0 : u->w.cap, u->w.len};
        size_t at;
        int rc = curi__uts46(&o, (const char *)r.s + p, e - p, 0, 0, 1, &at);
        if (rc != CURI_OK) {
            v(u, CURI_URL_V_DOMAIN_TO_ASCII, p + at);
            return rc;
        }
        if (o.len > u->w.cap)
            u->w.lost = 1;
        u->w.len = o.len;
        if (o.len > u->w.peak)
            u->w.peak = o.len;
    }
    if (u->w.len == start) {
        v(u, CURI_URL_V_DOMAIN_TO_ASCII, p);
        return CURI_ERR_IDN_LENGTH;
    }
    if (u->w.lost)
        return NEED_BOUND;
    const char *d = u->w.d + start;
    size_t n = u->w.len - start;
    for (size_t i = 0; i < n; i++) {
        if (forbidden_domain((unsigned char)d[i])) {
            v(u, CURI_URL_V_DOMAIN_INVALID_CODE_POINT, p);
            return CURI_ERR_HOST_CHAR;
        }
    }
    if (ends_in_number(d, n)) {
        uint32_t addr;
        int rc = ipv4_parse(u, d, n, &addr, p);
        if (rc != CURI_OK)
            return rc;
        u->w.len = start;
        put_ipv4(&u->w, addr);
        u->host_type = CURI_URL_HOST_IPV4;
        return CURI_OK;
    }
    u->host_type = CURI_URL_HOST_DOMAIN;
    return CURI_OK;
}

/* ------------------------------------------------------------------ record helpers */

/* Start the authority: "//". */
static void begin_host(rec *u)
{
    put(&u->w, "//", 2);
    u->has_host = 1;
    u->user_s = u->w.len;
    u->user_n = u->pass_n = 0;
}

/* After the credentials: "@" when there are any, then the host starts. */
static void before_host(rec *u)
{
    if (u->user_n > 0 || u->pass_n > 0)
        put1(&u->w, '@');
    u->host_s = u->w.len;
}

static void begin_path(rec *u)
{
    u->path_s = u->path_show = u->w.len;
    u->nseg = 0;
}

/* Whether the output's path[0] is a normalized Windows drive letter. */
static int first_is_drive(const rec *u)
{
    const char *d = u->w.d + u->path_s;
    size_t n = u->w.len - u->path_s;
    return n >= 3 && d[0] == '/' && is_alpha((unsigned char)d[1]) && d[2] == ':' &&
           (n == 3 || d[3] == '/');
}

/* shorten a URL's path */
static int shorten(rec *u)
{
    if (u->nseg == 0)
        return CURI_OK;
    if (u->w.lost)
        return NEED_BOUND;
    if (u->file && u->nseg == 1 && first_is_drive(u))
        return CURI_OK;
    size_t i = u->w.len;
    while (i > u->path_s && u->w.d[i - 1] != '/')
        i--;
    u->w.len = i - 1;
    u->nseg--;
    return CURI_OK;
}

/* The serializer's "/." before a path whose first segment is empty when there is no host;
 * called once the path is complete. */
static int fix_path(rec *u)
{
    if (u->fixed)
        return CURI_OK;
    u->fixed = 1;
    if (u->has_host || u->opaque || u->nseg < 2)
        return CURI_OK;
    if (u->w.lost)
        return NEED_BOUND;
    if (u->w.len - u->path_s < 2 || u->w.d[u->path_s + 1] != '/')
        return CURI_OK;
    size_t n = u->w.len - u->path_s;
    put(&u->w, "..", 2);
    if (u->w.lost)
        return NEED_BOUND;
    memmove(u->w.d + u->path_s + 2, u->w.d + u->path_s, n);
    u->w.d[u->path_s] = '/';
    u->w.d[u->path_s + 1] = '.';
    u->path_show = u->path_s + 2;
    /* a query or fragment copied from the base before the path was complete moves too */
    if (u->query_s != SIZE_MAX)
        u->query_s += 2;
    if (u->frag_s != SIZE_MAX)
        u->frag_s += 2;
    return CURI_OK;
}

/* The components of a URL record, in the serializer's order. */
enum comp { C_SCHEME, C_USER, C_PASS, C_HOST, C_PORT, C_PATH, C_QUERY, C_FRAG, C_END };

/* Copy the components [from, to) of the URL o (a base, or the URL a setter changes) to the
 * output, as the record's own.  Its port is dropped when it is the default port of the
 * scheme already written (the protocol setter's rule).  The path is complete once a query
 * or fragment follows it, so the serializer's "/." goes in before the query: that step
 * (C_QUERY) is the only one that can fail, so a call whose range ends at or before C_QUERY
 * casts its result to void. */
static int emit(rec *u, const curi_url *o, int from, int to)
{
    int has = o->host_type != CURI_URL_HOST_NONE;
    for (int k = from; k < to; k++) {
        switch (k) {
        case C_SCHEME:
            put(&u->w, o->protocol.ptr, o->protocol.len);
            u->scheme_len = o->protocol.len - 1;
            set_scheme_kind(u, o->protocol.ptr, u->scheme_len);
            break;
        case C_USER:
            if (has) {
                begin_host(u);
                put(&u->w, o->username.ptr, o->username.len);
                u->user_n = o->username.len;
            }
            break;
        case C_PASS:
            if (has && o->password.len > 0) {
                put1(&u->w, ':');
                put(&u->w, o->password.ptr, o->password.len);
                u->pass_n = o->password.len;
            }
            break;
        case C_HOST:
            if (has) {
                before_host(u);
                put(&u->w, o->hostname.ptr, o->hostname.len);
                u->host_e = u->w.len;
                u->host_type = o->host_type;
            }
            break;
        case C_PORT:
            u->port = -1;
            if (has && o->port_number >= 0 && o->port_number != u->default_port) {
                put1(&u->w, ':');
                u->port_s = u->w.len;
                put(&u->w, o->port.ptr, o->port.len);
                u->port = o->port_number;
            }
            break;
        case C_PATH:
            begin_path(u);
            put(&u->w, o->pathname.ptr, o->pathname.len);
            u->opaque = o->opaque_path;
            for (size_t i = 0; !u->opaque && i < o->pathname.len; i++)
                if (o->pathname.ptr[i] == '/')
                    u->nseg++;
            break;
        case C_QUERY: {
            int rc = fix_path(u);
            if (rc != CURI_OK)
                return rc;
            if (o->has_query) {
                u->query_s = u->w.len;
                put1(&u->w, '?');
                if (o->search.len > 0)
                    put(&u->w, o->search.ptr + 1, o->search.len - 1);
            }
            break;
        }
        default: /* C_FRAG */
            if (o->has_fragment) {
                u->frag_s = u->w.len;
                put1(&u->w, '#');
                if (o->hash.len > 0)
                    put(&u->w, o->hash.ptr + 1, o->hash.len - 1);
            }
            break;
        }
    }
    return CURI_OK;
}

/* The input [p, e) (tabs and newlines skipped) as ASCII into t[0..cap): its length, or
 * cap + 1 when it is longer or not ASCII. */
static size_t small(const rd *r, size_t p, size_t e, char *t, size_t cap)
{
    size_t n = 0;
    for (; p < e; p++) {
        unsigned char c = r->s[p];
        if (c == 9 || c == 10 || c == 13)
            continue;
        if (c >= 0x80 || n == cap)
            return cap + 1;
        t[n++] = (char)c;
    }
    return n;
}

static int single_dot(const char *t, size_t n)
{
    return (n == 1 && t[0] == '.') ||
           (n == 3 && t[0] == '%' && t[1] == '2' && (t[2] | 0x20) == 'e');
}

static int double_dot(const char *t, size_t n)
{
    if (n == 2)
        return t[0] == '.' && t[1] == '.';
    if (n == 4)
        return (t[0] == '.' && single_dot(t + 1, 3)) || (single_dot(t, 3) && t[3] == '.');
    return n == 6 && single_dot(t, 3) && single_dot(t + 3, 3);
}

static int drive_letter(const char *t, size_t n)
{
    return n == 2 && is_alpha((unsigned char)t[0]) && (t[1] == ':' || t[1] == '|');
}

/* Whether the input from p starts with a Windows drive letter. */
static int starts_with_drive(const rd *r, size_t p)
{
    size_t n1, n2, n3;
    uint32_t c0 = cp_at(r, p, &n1), c1 = cp_at(r, n1, &n2), c2 = cp_at(r, n2, &n3);
    return is_alpha(c0) && c0 < 0x80 && (c1 == ':' || c1 == '|') &&
           (c2 == EOFCP || c2 == '/' || c2 == '\\' || c2 == '?' || c2 == '#');
}

/* A URL code point (or '%'), for invalid-URL-unit. */
static int url_unit(uint32_t c)
{
    if (c < 0x80)
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               strchr("!$&'()*+,-./:;=?@_~%", (int)c) != NULL;
    if (c < 0xA0 || (c >= 0xD800 && c <= 0xDFFF) || (c >= 0xFDD0 && c <= 0xFDEF) ||
        (c & 0xFFFE) == 0xFFFE)
        return 0;
    return c <= 0x10FFFD;
}

static void check_unit(rec *u, uint32_t c, size_t p, size_t next)
{
    if (c != '%' && !url_unit(c)) {
        v(u, CURI_URL_V_INVALID_URL_UNIT, p);
    } else if (c == '%') {
        size_t a, b;
        if (!is_hex(cp_at(&u->r, next, &a)) || !is_hex(cp_at(&u->r, a, &b)))
            v(u, CURI_URL_V_INVALID_URL_UNIT, p);
    }
}

/* Append the segment [p, e) of the input to the path, percent-encoded (drive: its second
 * code point as ':'). */
static void put_segment(rec *u, size_t p, size_t e, int drive)
{
    rd r = {u->r.s, e};
    size_t nx;
    uint32_t c;
    put1(&u->w, '/');
    for (int k = 0; (c = cp_at(&r, skip(&r, p), &nx)) != EOFCP; p = nx, k++) {
        if (drive && k == 1)
            c = ':';
        put_enc(&u->w, c, &SET_PATH);
    }
    u->nseg++;
}

/* ------------------------------------------------------------------ the state machine */

enum state {
    S_SCHEME_START, S_SCHEME, S_NO_SCHEME, S_SPECIAL_RELATIVE_OR_AUTHORITY, S_PATH_OR_AUTHORITY,
    S_RELATIVE, S_RELATIVE_SLASH, S_SPECIAL_AUTHORITY_SLASHES, S_SPECIAL_AUTHORITY_IGNORE_SLASHES,
    S_AUTHORITY, S_HOST, S_PORT, S_FILE, S_FILE_SLASH, S_FILE_HOST, S_PATH_START, S_PATH,
    S_OPAQUE_PATH, S_QUERY, S_FRAGMENT
};

/* rec.override: none (the parser), a setter's state override, or the hostname state's. */
enum { OV_NONE, OV_ON, OV_HOSTNAME };

/* The scheme state's ':' under the protocol setter's state override: the scheme t[0..sn)
 * (as small() gave it, lowercase) replaces the URL's unless the Standard keeps the old one:
 * special and non-special schemes do not trade places, a URL with credentials or a port
 * does not become file, and a file URL with an empty host stays file. */
static int scheme_override(rec *u, const char *t, size_t sn)
{
    const curi_url *o = u->old;
    int i = special_index(t, sn);
    if ((i >= 0) != (o->special != 0))
        return SKIP;
    if (i == 1 && (o->username.len > 0 || o->password.len > 0 || o->port_number >= 0))
        return SKIP;
    if (o->protocol.len == 5 && memcmp(o->protocol.ptr, "file:", 5) == 0 &&
        o->host_type == CURI_URL_HOST_EMPTY)
        return SKIP;
    u->scheme_len = u->w.len;
    put1(&u->w, ':');
    set_scheme_kind(u, t, sn);
    return CURI_OK;
}

static int start_query(rec *u)
{
    int rc = fix_path(u);
    u->query_s = u->w.len;
    put1(&u->w, '?');
    return rc;
}

static int start_fragment(rec *u)
{
    int rc = fix_path(u);
    u->frag_s = u->w.len;
    put1(&u->w, '#');
    return rc;
}

/* run() has two callers, curi_url_parse and curi_url_set.  Where the compiler optimizes it
 * is inlined into both, so that curi_url_parse pays no call.  Unoptimized builds, the coverage build among them, keep one copy, so that gcov
 * counts each of its branches once rather than once per caller. */
#ifdef __OPTIMIZE__
#define RUN_INLINE CURI__INLINE
#else
#define RUN_INLINE static
#endif

/* The basic URL parser from state st.  With u->override (a setter's state override) it
 * returns CURI_OK where the Standard's parser returns, a CURI_ERR_* code where it returns
 * failure, and SKIP where it returns before changing anything. */
RUN_INLINE int run(rec *u, enum state st, size_t *at)
{
    const rd *r = &u->r;
    const curi_url *base = u->base;
    const int ov = u->override;
    size_t p = skip(r, 0), nx, buf = p;
    int at_seen = 0, pass_seen = 0, brackets = 0, rc;
    uint32_t c;

#define FAIL(code, where)                                                                      \
    do {                                                                                       \
        *at = (where);                                                                         \
        return (code);                                                                         \
    } while (0)
#define TRY(expr)                                                                              \
    do {                                                                                       \
        if ((rc = (expr)) != CURI_OK)                                                          \
            FAIL(rc, p);                                                                       \
    } while (0)

    for (;;) {
        c = cp_at(r, p, &nx);
        int reprocess = 0;
        int slash = c == '/' || (u->special && c == '\\');
        switch (st) {
        case S_SCHEME_START:
            if (c != EOFCP && c < 0x80 && is_alpha(c)) {
                put1(&u->w, (char)(c | 0x20));
                st = S_SCHEME;
            } else if (ov) {
                return SKIP;
            } else {
                st = S_NO_SCHEME;
                reprocess = 1;
            }
            break;
        case S_SCHEME:
            if (c < 0x80 && (is_alpha(c) || is_digit(c) || c == '+' || c == '-' || c == '.')) {
                put1(&u->w, (char)(is_alpha(c) ? c | 0x20 : c));
            } else if (c == ':' || (ov && c == EOFCP)) {
                /* (the protocol setter parses its value + ":": EOF stands for that ':') */
                char t[7];
                size_t sn = small(r, skip(r, 0), p, t, 6);
                for (size_t k = 0; k < sn && k < 6; k++)
                    t[k] = (char)(t[k] | 0x20);
                if (ov)
                    return scheme_override(u, t, sn);
                u->scheme_len = u->w.len;
                put1(&u->w, ':');
                set_scheme_kind(u, t, sn);
                size_t n1, n2;
                uint32_t c1 = cp_at(r, nx, &n1);
                if (u->file) {
                    if (c1 != '/' || cp_at(r, n1, &n2) != '/')
                        v(u, CURI_URL_V_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS, nx);
                    st = S_FILE;
                } else if (u->special && base != NULL && base->protocol.len == sn + 1 &&
                           memcmp(base->protocol.ptr, t, sn) == 0) {
                    st = S_SPECIAL_RELATIVE_OR_AUTHORITY;
                } else if (u->special) {
                    st = S_SPECIAL_AUTHORITY_SLASHES;
                } else if (c1 == '/') {
                    st = S_PATH_OR_AUTHORITY;
                    nx = n1;
                } else {
                    begin_path(u);
                    u->opaque = 1;
                    st = S_OPAQUE_PATH;
                }
            } else if (ov) {
                return SKIP;
            } else {
                /* not a scheme after all: start over without one */
                u->w.len = 0;
                u->w.lost = 0;
                st = S_NO_SCHEME;
                p = skip(r, 0);
                reprocess = 1;
            }
            break;
        case S_NO_SCHEME:
            if (base == NULL || (base->opaque_path && c != '#')) {
                v(u, CURI_URL_V_MISSING_SCHEME_NON_RELATIVE_URL, p);
                FAIL(CURI_ERR_URL_BASE, p);
            }
            (void)emit(u, base, C_SCHEME, C_USER);
            if (base->opaque_path) {
                TRY(emit(u, base, C_PATH, C_FRAG));
                TRY(start_fragment(u));
                st = S_FRAGMENT;
            } else {
                st = u->file ? S_FILE : S_RELATIVE;
                reprocess = 1;
            }
            break;
        case S_SPECIAL_RELATIVE_OR_AUTHORITY: {
            size_t n1;
            if (c == '/' && cp_at(r, nx, &n1) == '/') {
                st = S_SPECIAL_AUTHORITY_IGNORE_SLASHES;
                nx = n1;
            } else {
                v(u, CURI_URL_V_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS, p);
                st = S_RELATIVE;
                reprocess = 1;
            }
            break;
        }
        case S_PATH_OR_AUTHORITY:
            if (c == '/') {
                st = S_AUTHORITY;
                begin_host(u);
                buf = nx;
            } else {
                st = S_PATH;
                begin_path(u);
                buf = p;
                reprocess = 1;
            }
            break;
        case S_RELATIVE:
            /* the scheme is the base's, written by S_NO_SCHEME or S_SCHEME */
            if (slash) {
                if (c == '\\')
                    v(u, CURI_URL_V_INVALID_REVERSE_SOLIDUS, p);
                st = S_RELATIVE_SLASH;
                break;
            }
            (void)emit(u, base, C_USER, C_QUERY);
            if (c == '?') {
                TRY(start_query(u));
                st = S_QUERY;
            } else if (c == '#') {
                TRY(emit(u, base, C_QUERY, C_FRAG));
                TRY(start_fragment(u));
                st = S_FRAGMENT;
            } else if (c != EOFCP) {
                TRY(shorten(u));
                st = S_PATH;
                buf = p;
                reprocess = 1;
            } else {
                TRY(emit(u, base, C_QUERY, C_FRAG));
            }
            break;
        case S_RELATIVE_SLASH:
            if (u->special && (c == '/' || c == '\\')) {
                if (c == '\\')
                    v(u, CURI_URL_V_INVALID_REVERSE_SOLIDUS, p);
                st = S_SPECIAL_AUTHORITY_IGNORE_SLASHES;
            } else if (c == '/') {
                st = S_AUTHORITY;
                begin_host(u);
                buf = nx;
            } else {
                (void)emit(u, base, C_USER, C_PATH);
                begin_path(u);
                st = S_PATH;
                buf = p;
                reprocess = 1;
            }
            break;
        case S_SPECIAL_AUTHORITY_SLASHES: {
            size_t n1;
            if (c == '/' && cp_at(r, nx, &n1) == '/') {
                nx = n1;
            } else {
                v(u, CURI_URL_V_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS, p);
                reprocess = 1;
            }
            st = S_SPECIAL_AUTHORITY_IGNORE_SLASHES;
            break;
        }
        case S_SPECIAL_AUTHORITY_IGNORE_SLASHES:
            if (c != '/' && c != '\\') {
                st = S_AUTHORITY;
                begin_host(u);
                buf = p;
                reprocess = 1;
            } else {
                v(u, CURI_URL_V_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS, p);
            }
            break;
        case S_AUTHORITY:
            if (c == '@') {
                v(u, CURI_URL_V_INVALID_CREDENTIALS, p);
                if (at_seen) {
                    if (pass_seen) {
                        if (u->pass_n == 0)
                            put1(&u->w, ':');
                        put(&u->w, "%40", 3);
                        u->pass_n += 3;
                    } else {
                        put(&u->w, "%40", 3);
                        u->user_n += 3;
                    }
                }
                at_seen = 1;
                size_t q = buf, n1;
                uint32_t b;
                while (q < p && (b = cp_at(r, q, &n1)) != EOFCP) {
                    if (b == ':' && !pass_seen) {
                        pass_seen = 1;
                    } else if (pass_seen) {
                        if (u->pass_n == 0)
                            put1(&u->w, ':');
                        size_t before = u->w.len;
                        put_enc(&u->w, b, &SET_USERINFO);
                        u->pass_n += u->w.len - before;
                    } else {
                        size_t before = u->w.len;
                        put_enc(&u->w, b, &SET_USERINFO);
                        u->user_n += u->w.len - before;
                    }
                    q = n1;
                }
                buf = nx;
            } else if (c == EOFCP || slash || c == '?' || c == '#') {
                if (at_seen && buf == p) {
                    v(u, CURI_URL_V_HOST_MISSING, p);
                    FAIL(CURI_ERR_URL_HOST_MISSING, p);
                }
                p = buf; /* back to the buffer's start, read again as the host */
                reprocess = 1;
                st = S_HOST;
                before_host(u);
            }
            break;
        case S_HOST:
            if (c == ':' && !brackets) {
                if (buf == p) {
                    v(u, CURI_URL_V_HOST_MISSING, p);
                    FAIL(CURI_ERR_URL_HOST_MISSING, p);
                }
                if (ov == OV_HOSTNAME)
                    return SKIP;
                rc = host_parse(u, buf, p, !u->special);
                if (rc != CURI_OK)
                    FAIL(rc, buf);
                u->host_e = u->w.len;
                u->host_set = 1;
                buf = nx;
                st = S_PORT;
            } else if (c == EOFCP || slash || c == '?' || c == '#') {
                if (u->special && buf == p) {
                    v(u, CURI_URL_V_HOST_MISSING, p);
                    FAIL(CURI_ERR_URL_HOST_MISSING, p);
                }
                /* a setter does not empty the host of a URL with credentials or a port */
                if (ov && buf == p &&
                    (u->old->username.len > 0 || u->old->password.len > 0 ||
                     u->old->port_number >= 0))
                    return SKIP;
                rc = host_parse(u, buf, p, !u->special);
                if (rc != CURI_OK)
                    FAIL(rc, buf);
                u->host_e = u->w.len;
                u->host_set = 1;
                if (ov)
                    return CURI_OK;
                st = S_PATH_START;
                reprocess = 1;
            } else {
                if (c == '[')
                    brackets = 1;
                if (c == ']')
                    brackets = 0;
            }
            break;
        case S_PORT:
            if (c < 0x80 && is_digit(c)) {
                break;
            } else if (c == EOFCP || slash || c == '?' || c == '#' || ov) {
                if (buf != p) {
                    uint32_t x = 0;
                    size_t q = buf, n1;
                    uint32_t d;
                    while (q < p && (d = cp_at(r, q, &n1)) != EOFCP) {
                        x = x * 10 + (d - '0');
                        if (x > 65535) {
                            v(u, CURI_URL_V_PORT_OUT_OF_RANGE, buf);
                            FAIL(CURI_ERR_PORT_RANGE, buf);
                        }
                        q = n1;
                    }
                    if ((int)x != u->default_port) {
                        put1(&u->w, ':');
                        u->port_s = u->w.len;
                        put_dec(&u->w, x);
                        u->port = (int32_t)x;
                    }
                    u->port_set = 1;
                    if (ov)
                        return CURI_OK;
                }
                if (ov)
                    FAIL(CURI_ERR_PORT_CHAR, p);
                st = S_PATH_START;
                reprocess = 1;
            } else {
                v(u, CURI_URL_V_PORT_INVALID, p);
                FAIL(CURI_ERR_PORT_CHAR, p);
            }
            break;
        case S_FILE:
            if (c == '/' || c == '\\') {
                if (c == '\\')
                    v(u, CURI_URL_V_INVALID_REVERSE_SOLIDUS, p);
                st = S_FILE_SLASH;
            } else if (base != NULL && base->protocol.len == 5 &&
                       memcmp(base->protocol.ptr, "file:", 5) == 0) {
                (void)emit(u, base, C_USER, C_QUERY);
                if (c == '?') {
                    TRY(start_query(u));
                    st = S_QUERY;
                } else if (c == '#') {
                    TRY(emit(u, base, C_QUERY, C_FRAG));
                    TRY(start_fragment(u));
                    st = S_FRAGMENT;
                } else if (c != EOFCP) {
                    if (!starts_with_drive(r, p)) {
                        TRY(shorten(u));
                    } else {
                        v(u, CURI_URL_V_FILE_INVALID_WINDOWS_DRIVE_LETTER, p);
                        u->w.len = u->path_s;
                        u->nseg = 0;
                    }
                    st = S_PATH;
                    buf = p;
                    reprocess = 1;
                } else {
                    TRY(emit(u, base, C_QUERY, C_FRAG));
                }
            } else {
                begin_host(u);
                before_host(u);
                u->host_e = u->w.len;
                u->host_type = CURI_URL_HOST_EMPTY;
                begin_path(u);
                st = S_PATH;
                buf = p;
                reprocess = 1;
            }
            break;
        case S_FILE_SLASH:
            if (c == '/' || c == '\\') {
                if (c == '\\')
                    v(u, CURI_URL_V_INVALID_REVERSE_SOLIDUS, p);
                st = S_FILE_HOST;
                buf = nx;
            } else {
                begin_host(u);
                before_host(u);
                u->host_type = CURI_URL_HOST_EMPTY;
                int base_drive = 0;
                if (base != NULL && base->protocol.len == 5 &&
                    memcmp(base->protocol.ptr, "file:", 5) == 0) {
                    put(&u->w, base->hostname.ptr, base->hostname.len);
                    u->host_type = base->host_type;
                    const char *bp = base->pathname.ptr;
                    size_t bn = base->pathname.len;
                    base_drive = !starts_with_drive(r, p) && bn >= 3 && bp[0] == '/' &&
                                 is_alpha((unsigned char)bp[1]) && bp[2] == ':' &&
                                 (bn == 3 || bp[3] == '/');
                }
                u->host_e = u->w.len;
                begin_path(u);
                if (base_drive) {
                    put(&u->w, base->pathname.ptr, 3);
                    u->nseg = 1;
                }
                st = S_PATH;
                buf = p;
                reprocess = 1;
            }
            break;
        case S_FILE_HOST:
            if (c == EOFCP || c == '/' || c == '\\' || c == '?' || c == '#') {
                char t[3];
                size_t n = small(r, buf, p, t, 2);
                reprocess = 1;
                begin_host(u);
                before_host(u);
                if (!ov && drive_letter(t, n)) {
                    v(u, CURI_URL_V_FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST, buf);
                    u->host_e = u->w.len;
                    u->host_type = CURI_URL_HOST_EMPTY;
                    begin_path(u);
                    st = S_PATH; /* buf stays: the drive letter is the first segment */
                } else {
                    if (buf == p) {
                        u->host_type = CURI_URL_HOST_EMPTY;
                    } else {
                        rc = host_parse(u, buf, p, 0);
                        if (rc != CURI_OK)
                            FAIL(rc, buf);
                        if (u->w.len - u->host_s == 9 &&
                            memcmp(u->w.d + u->host_s, "localhost", 9) == 0) {
                            u->w.len = u->host_s;
                            u->host_type = CURI_URL_HOST_EMPTY;
                        }
                    }
                    u->host_e = u->w.len;
                    u->host_set = 1;
                    if (ov)
                        return CURI_OK;
                    st = S_PATH_START;
                }
            }
            break;
        case S_PATH_START:
            if (u->special) {
                if (c == '\\')
                    v(u, CURI_URL_V_INVALID_REVERSE_SOLIDUS, p);
                begin_path(u);
                st = S_PATH;
                buf = nx;
                if (c != '/' && c != '\\') {
                    buf = p;
                    reprocess = 1;
                }
            } else if (c == '?' && !ov) {
                begin_path(u);
                TRY(start_query(u));
                st = S_QUERY;
            } else if (c == '#' && !ov) {
                begin_path(u);
                TRY(start_fragment(u));
                st = S_FRAGMENT;
            } else if (c != EOFCP) {
                begin_path(u);
                st = S_PATH;
                buf = nx;
                if (c != '/') {
                    buf = p;
                    reprocess = 1;
                }
            } else {
                begin_path(u);
                if (ov && !u->has_host) {
                    /* the pathname setter on a URL without a host: the path is [""] */
                    put1(&u->w, '/');
                    u->nseg++;
                }
            }
            break;
        case S_PATH:
            if (c == EOFCP || slash || ((c == '?' || c == '#') && !ov)) {
                char t[7];
                size_t n = small(r, buf, p, t, 6);
                if (c == '\\')
                    v(u, CURI_URL_V_INVALID_REVERSE_SOLIDUS, p);
                if (double_dot(t, n)) {
                    TRY(shorten(u));
                    if (!slash) {
                        put1(&u->w, '/');
                        u->nseg++;
                    }
                } else if (single_dot(t, n)) {
                    if (!slash) {
                        put1(&u->w, '/');
                        u->nseg++;
                    }
                } else {
                    int drive = u->file && u->nseg == 0 && drive_letter(t, n);
                    put_segment(u, buf, p, drive);
                }
                buf = nx;
                if (c == '?') {
                    TRY(start_query(u));
                    st = S_QUERY;
                } else if (c == '#') {
                    TRY(start_fragment(u));
                    st = S_FRAGMENT;
                }
            } else {
                check_unit(u, c, p, nx);
            }
            break;
        case S_OPAQUE_PATH:
            if (c == '?') {
                TRY(start_query(u));
                st = S_QUERY;
            } else if (c == '#') {
                TRY(start_fragment(u));
                st = S_FRAGMENT;
            } else if (c == ' ') {
                size_t n1;
                uint32_t c1 = cp_at(r, nx, &n1);
                if (c1 == '?' || c1 == '#')
                    put(&u->w, "%20", 3);
                else
                    put1(&u->w, ' ');
            } else if (c != EOFCP) {
                check_unit(u, c, p, nx);
                put_enc(&u->w, c, &SET_C0);
            }
            break;
        case S_QUERY:
            if (c == '#' && !ov) {
                TRY(start_fragment(u));
                st = S_FRAGMENT;
            } else if (c != EOFCP) {
                check_unit(u, c, p, nx);
                put_enc(&u->w, c, u->special ? &SET_SPECIAL_QUERY : &SET_QUERY);
            }
            break;
        case S_FRAGMENT:
            if (c != EOFCP) {
                check_unit(u, c, p, nx);
                put_enc(&u->w, c, &SET_FRAGMENT);
            }
            break;
        }
        if (reprocess)
            continue;
        if (c == EOFCP)
            break;
        p = nx;
    }
    if (st == S_SCHEME_START || st == S_SCHEME) {
        /* unreachable: EOF in the scheme states reprocesses as no scheme */
        FAIL(CURI_ERR_URL_BASE, 0);
    }
    TRY(fix_path(u));
    return CURI_OK;
#undef TRY
#undef FAIL
}

/* ------------------------------------------------------------------ the fast path */

/*
 * The common URL on the web is special (ftp, http, https, ws, wss, file), ASCII, and gives
 * the Standard nothing to record: "//" then a host without credentials, brackets or '%', no
 * tab, newline or backslash, only URL code points, every '%' starting a triplet.  For such
 * an input run()'s href is the input with the scheme and the host lowercased, the port
 * without leading zeros and without the scheme's default, an empty path as "/", the path's
 * dot segments applied and "'" in the query as "%27"; fast() does only that, copying runs of
 * bytes whole instead of one code point at a time.  The ASCII URL code points
 * (alphanumerics and !$&'()*+,-./:;=?@_~) are RFC 3986's query class, CURI__QUERY; a host of
 * CURI__REGNAME bytes holds no forbidden domain code point, and "domain to ASCII" of an
 * ASCII domain is its lowercase (host_parse), so UTS #46 is not called.  A host that ends in
 * a number (IPv4) is left to run(), as is everything else not described here.
 *
 * file differs in three ways (the file host state): the host may be empty ("file:///p"),
 * "localhost" is the empty host, and there is no port (a ':' after the host is run()'s to
 * refuse).  A path segment that is a Windows drive letter ("C:"; "C|" is no URL code point)
 * can change the host and stops shortening, so such an input is left to run() too.
 *
 * Returns 1 with the fields of *u that curi_url_parse reads set as run() sets them, or 0,
 * having changed nothing in *u (only bytes of dst, which run() writes again).  The href is at
 * most 3 bytes per input byte plus 1 ("'" grows to 3, an empty path adds "/", nothing else
 * grows), so once cap holds that much, no write needs a check.
 */
static int fast(rec *u)
{
    const char *s = (const char *)u->r.s, *end = s + u->r.end, *p, *q, *bad = NULL;
    char *d = u->w.d;
    size_t o, sn, host_s, host_e, port_s = 0, path_s;
    size_t query_s = SIZE_MAX, frag_s = SIZE_MAX;
    int32_t port = -1;
    int host_type = CURI_URL_HOST_DOMAIN;

    if (u->w.cap == 0 || u->r.end == 0 || u->r.end > (u->w.cap - 1) / 3 ||
        !curi__is(u->r.s[0], CURI__ALPHA))
        return 0;
    /* scheme ":" "//" with a special scheme */
    q = curi__scan_scalar(s + 1, end, CURI__SCHEME);
    sn = (size_t)(q - s);
    if (sn > 5 || end - q < 3 || q[0] != ':' || q[1] != '/' || q[2] != '/')
        return 0;
    for (o = 0; o < sn; o++)
        d[o] = (char)curi__lower((unsigned char)s[o]);
    int k = special_index(d, sn);
    if (k < 0)
        return 0;
    memcpy(d + o, "://", 3);
    o += 3;
    p = q + 3;
    /* the host: a reg-name, lowercased, that does not end in a number */
    q = curi__scan_scalar(p, end, CURI__REGNAME);
    if (q < end && *q != ':' && *q != '/' && *q != '?' && *q != '#')
        return 0;
    host_s = o;
    o = (size_t)(put_lower(d + o, p, (size_t)(q - p), 0) - d); /* norm_pct.h: 8 bytes a step */
    host_e = o;
    p = q;
    if (ends_in_number(d + host_s, host_e - host_s))
        return 0;
    if (k == 1) {
        /* file: maybe empty ("file:///p"), "localhost" made empty, no port */
        if (p < end && *p == ':')
            return 0;
        if (host_e - host_s == 9 && memcmp(d + host_s, "localhost", 9) == 0)
            o = host_e = host_s;
        if (host_e == host_s)
            host_type = CURI_URL_HOST_EMPTY;
    } else if (host_e == host_s) {
        return 0;
    }
    /* the port: digits up to the path, at most 65535, written unless it is the default */
    if (p < end && *p == ':') {
        const char *digits = ++p;
        uint32_t x = 0;
        q = curi__scan_scalar(p, end, CURI__DIGIT);
        if (q < end && *q != '/' && *q != '?' && *q != '#')
            return 0;
        for (; p < q; p++) {
            x = x * 10 + (uint32_t)(*p - '0');
            if (x > 65535)
                return 0;
        }
        if (q > digits && (int)x != special_port(k)) {
            char t[5];
            size_t n = 0;
            port = (int32_t)x;
            do {
                t[sizeof t - 1 - n++] = (char)('0' + x % 10);
                x /= 10;
            } while (x > 0);
            d[o++] = ':';
            port_s = o;
            memcpy(d + o, t + sizeof t - n, n);
            o += n;
        }
    }
    /* the path: the segments after the first '/' (none: one empty segment, "/") */
    path_s = o;
    if (p < end && *p == '/')
        p++;
    for (;;) {
        const char *sg = p;
        p = curi__pct_run(p, end, CURI__PCHAR, &bad);
        if (p == NULL || (p < end && *p != '/' && *p != '?' && *p != '#'))
            return 0;
        int last = p == end || *p != '/';
        size_t n = (size_t)(p - sg);
        /* short segments that may be dots ('.', "%2e") or, for file, a drive letter ("C:") */
        int odd = n > 0 && n <= 6 && (*sg == '.' || *sg == '%' || sg[n - 1] == ':');
        if (odd && k == 1 && n == 2 && sg[1] == ':' && curi__is((unsigned char)*sg, CURI__ALPHA))
            return 0;
        if (odd && double_dot(sg, n)) {
            /* shorten(): drop the last segment, if there is one */
            if (o > path_s) {
                while (d[o - 1] != '/')
                    o--;
                o--;
            }
            if (last)
                d[o++] = '/';
        } else if (odd && single_dot(sg, n)) {
            if (last)
                d[o++] = '/';
        } else {
            d[o++] = '/';
            memcpy(d + o, sg, n);
            o += n;
        }
        if (last)
            break;
        p++;
    }
    /* the query, "'" percent-encoded (the special-query percent-encode set) */
    if (p < end && *p == '?') {
        query_s = o;
        d[o++] = '?';
        q = curi__pct_run(++p, end, CURI__QUERY, &bad);
        if (q == NULL || (q < end && *q != '#'))
            return 0;
        while (p < q) {
            const char *a = memchr(p, '\'', (size_t)(q - p));
            if (a == NULL)
                break;
            memcpy(d + o, p, (size_t)(a - p));
            o += (size_t)(a - p);
            memcpy(d + o, "%27", 3);
            o += 3;
            p = a + 1;
        }
        memcpy(d + o, p, (size_t)(q - p));
        o += (size_t)(q - p);
        p = q;
    }
    /* the fragment, up to the end: a second '#' is an invalid URL unit */
    if (p < end) {
        frag_s = o;
        d[o++] = '#';
        q = curi__pct_run(++p, end, CURI__QUERY, &bad);
        if (q != end)
            return 0;
        memcpy(d + o, p, (size_t)(q - p));
        o += (size_t)(q - p);
    }
    u->scheme_len = sn;
    u->special = 1;
    u->file = k == 1;
    u->has_host = 1;
    u->host_type = host_type;
    u->user_s = u->host_s = host_s;
    u->host_e = host_e;
    u->port = port;
    u->port_s = port_s;
    u->path_s = u->path_show = path_s;
    u->query_s = query_s;
    u->frag_s = frag_s;
    u->w.len = u->w.peak = o;
    return 1;
}

/* ------------------------------------------------------------------ the API */

static curi_str span(const char *d, size_t a, size_t b)
{
    curi_str s = {d + a, b - a};
    return s;
}

static void rec_init(rec *u, char *dst, size_t cap)
{
    memset(u, 0, sizeof *u);
    u->w.d = dst;
    u->w.cap = cap;
    u->port = -1;
    u->query_s = u->frag_s = SIZE_MAX;
    u->default_port = -1;
}

/* Fill *url with views of the record that u wrote (every byte of it in the buffer). */
CURI__INLINE void views(const rec *u, curi_url *url)
{
    const char *d = u->w.d;
    size_t end = u->w.len;
    size_t path_e = u->query_s != SIZE_MAX ? u->query_s : u->frag_s != SIZE_MAX ? u->frag_s : end;
    size_t query_e = u->frag_s != SIZE_MAX ? u->frag_s : end;
    url->href = span(d, 0, end);
    url->protocol = span(d, 0, u->scheme_len + 1);
    if (u->has_host) {
        url->username = span(d, u->user_s, u->user_s + u->user_n);
        url->password = span(d, u->user_s + u->user_n + (u->pass_n > 0),
                             u->user_s + u->user_n + (u->pass_n > 0) + u->pass_n);
        url->hostname = span(d, u->host_s, u->host_e);
        url->host = url->hostname;
        if (u->port >= 0) {
            url->port = span(d, u->port_s, u->path_s);
            url->host = span(d, u->host_s, u->path_s);
        } else {
            url->port = span(d, u->host_e, u->host_e);
        }
        url->host_type = (uint8_t)u->host_type;
    } else {
        size_t z = u->scheme_len + 1;
        url->username = url->password = url->host = url->hostname = url->port = span(d, z, z);
        url->host_type = CURI_URL_HOST_NONE;
    }
    url->port_number = u->port;
    url->pathname = span(d, u->path_show, path_e);
    url->has_query = u->query_s != SIZE_MAX;
    url->has_fragment = u->frag_s != SIZE_MAX;
    url->search = url->has_query && query_e - u->query_s > 1 ? span(d, u->query_s, query_e)
                                                           : span(d, path_e, path_e);
    url->hash = url->has_fragment && end - u->frag_s > 1 ? span(d, u->frag_s, end)
                                                        : span(d, end, end);
    url->opaque_path = (uint8_t)u->opaque;
    url->special = (uint8_t)u->special;
}

size_t curi_url_bound(size_t len, const curi_url *base)
{
    size_t n = len > SIZE_MAX / 48 ? SIZE_MAX : len * 48;
    if (base != NULL)
        n = curi__add_sat(n, base->href.len);
    return curi__bound(curi__add_sat(n, 16));
}

/* Whether r starts with a scheme and ':' (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"),
 * read as bytes: for an input without tabs or newlines, whether run() leaves the scheme
 * state for a scheme rather than for the no scheme state. */
static int has_scheme(const rd *r)
{
    if (r->end == 0 || !curi__is(r->s[0], CURI__ALPHA))
        return 0;
    const char *s = (const char *)r->s, *end = s + r->end;
    const char *q = curi__scan_scalar(s + 1, end, CURI__SCHEME);
    return q < end && *q == ':';
}

/* curi_url_parse and the suites' curi__url_parse (testing.h), which also takes
 * CURI__URL_GENERAL: every input through run(), none through fast() nor the no-scheme
 * shortcut. */
static int url_entry(char *dst, size_t cap, size_t *outlen, curi_url *url, const char *input,
                     size_t len, const curi_url *base, unsigned flags, curi_error *err,
                     unsigned known)
{
    rec u;
    size_t at = 0, e, b = 0;
    int rc;
    if (url != NULL)
        memset(url, 0, sizeof *url);
    if (!curi__wbegin(dst, cap, outlen, 1) || url == NULL || (input == NULL && len > 0) ||
        (flags & ~known) != 0 || (base != NULL && base->href.ptr == NULL))
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    if (len > CURI_MAX_LEN)
        return curi__fail(err, CURI_ERR_TOO_LONG, CURI_MAX_LEN);
    rec_init(&u, dst, cap);
    u.base = base;
    /* leading and trailing C0 controls and spaces go */
    e = len;
    while (b < e && (unsigned char)input[b] <= 0x20)
        b++;
    while (e > b && (unsigned char)input[e - 1] <= 0x20)
        e--;
    if (b > 0 || e < len)
        v(&u, CURI_URL_V_INVALID_URL_UNIT, b > 0 ? 0 : e);
    u.r.s = (const unsigned char *)input + b;
    u.r.end = e - b;
    /* fast() takes no input with a tab or newline: only run() needs to know of them */
    rc = CURI_OK;
    if ((flags & CURI__URL_GENERAL) || !fast(&u)) {
        /* the first tab, LF or CR: three memchr calls, each over what precedes the last find */
        size_t tab = e;
        for (const char *c = "\t\n\r"; *c != '\0' && tab > b; c++) { /* (input may be NULL) */
            const char *t = memchr(input + b, *c, tab - b);
            if (t != NULL)
                tab = (size_t)(t - input);
        }
        int tabs = tab < e;
        if (tabs)
            v(&u, CURI_URL_V_INVALID_URL_UNIT, tab);
        if (base == NULL && !tabs && !(flags & CURI__URL_GENERAL) && !has_scheme(&u.r)) {
            /* Without a base, an input that does not start with a scheme and ':' fails in the
             * no scheme state, at its start (no tab to skip): run() would copy the scheme
             * candidate a code point at a time first, then start over to get there. */
            v(&u, CURI_URL_V_MISSING_SCHEME_NON_RELATIVE_URL, 0);
            rc = CURI_ERR_URL_BASE;
            at = 0;
        } else {
            rc = run(&u, S_SCHEME_START, &at);
        }
    }
    if (rc == NEED_BOUND || (rc == CURI_OK && u.w.lost)) {
        size_t need = rc == NEED_BOUND ? curi_url_bound(len, base) : u.w.peak;
        if (outlen != NULL)
            *outlen = need;
        return curi__fail(err, CURI_ERR_NOSPACE, 0);
    }
    if (rc != CURI_OK) {
        url->validation = u.verr;
        url->validation_offset = u.voff + b;
        return curi__fail(err, rc, at + b);
    }
    views(&u, url);
    url->validation = u.verr;
    url->validation_offset = u.verr ? u.voff + b : 0;
    return curi__wend(CURI_OK, u.w.len, outlen, err);
}

int curi_url_parse(char *dst, size_t cap, size_t *outlen, curi_url *url, const char *input,
                   size_t len, const curi_url *base, unsigned flags, curi_error *err)
{
    return url_entry(dst, cap, outlen, url, input, len, base, flags, err, 0);
}

int curi__url_parse(char *dst, size_t cap, size_t *outlen, curi_url *url, const char *input,
                    size_t len, const curi_url *base, unsigned flags, curi_error *err)
{
    return url_entry(dst, cap, outlen, url, input, len, base, flags, err, CURI__URL_GENERAL);
}

int curi_url_origin(char *dst, size_t cap, size_t *outlen, const curi_url *url, curi_error *err)
{
    curi__out o = {dst, cap, 0};
    if (!curi__wbegin(dst, cap, outlen, 1) || url == NULL || url->href.ptr == NULL)
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    const curi_str *pr = &url->protocol;
    if (pr->len == 5 && memcmp(pr->ptr, "blob:", 5) == 0) {
        /* the origin of the URL that the path holds, when that is http or https */
        curi_url inner;
        size_t got = 0;
        int rc = curi_url_parse(dst, cap, &got, &inner, url->pathname.ptr, url->pathname.len,
                                NULL, 0, NULL);
        if (rc == CURI_ERR_NOSPACE)
            return curi__wend(CURI_ERR_NOSPACE, got, outlen, err);
        if (rc == CURI_OK && ((inner.protocol.len == 5 && memcmp(dst, "http:", 5) == 0) ||
                              (inner.protocol.len == 6 && memcmp(dst, "https:", 6) == 0))) {
            size_t keep = inner.protocol.len + 2 + inner.host.len;
            memmove(dst + inner.protocol.len + 2, inner.host.ptr, inner.host.len);
            return curi__wend(CURI_OK, keep, outlen, err);
        }
        curi__put(&o, "null", 4);
    } else if (url->special && !(pr->len == 5 && memcmp(pr->ptr, "file:", 5) == 0)) {
        curi__put(&o, pr->ptr, pr->len);
        curi__put(&o, "//", 2);
        curi__put(&o, url->host.ptr, url->host.len);
    } else {
        curi__put(&o, "null", 4);
    }
    return curi__wend(o.len <= cap ? CURI_OK : CURI_ERR_NOSPACE, o.len, outlen, err);
}

const char *curi_url_validation_name(uint32_t bit)
{
    static const char *const names[] = {
        "domain-to-ASCII", "domain-invalid-code-point", "domain-to-Unicode",
        "host-invalid-code-point", "IPv4-empty-part", "IPv4-too-many-parts",
        "IPv4-non-numeric-part", "IPv4-non-decimal-part", "IPv4-out-of-range-part",
        "IPv6-unclosed", "IPv6-invalid-compression", "IPv6-too-many-pieces",
        "IPv6-multiple-compression", "IPv6-invalid-code-point", "IPv6-too-few-pieces",
        "IPv4-in-IPv6-too-many-pieces", "IPv4-in-IPv6-invalid-code-point",
        "IPv4-in-IPv6-out-of-range-part", "IPv4-in-IPv6-too-few-parts", "invalid-URL-unit",
        "special-scheme-missing-following-solidus", "missing-scheme-non-relative-URL",
        "invalid-reverse-solidus", "invalid-credentials", "host-missing", "port-out-of-range",
        "port-invalid", "file-invalid-Windows-drive-letter",
        "file-invalid-Windows-drive-letter-host"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (bit == (uint32_t)1 << i)
            return names[i];
    return NULL;
}

/* ------------------------------------------------------------------ the setters */

/* s[0..n) percent-encoded with set, read as UTF-8 with U+FFFD for invalid bytes and without
 * the parser's removal of tabs and newlines (the username and password setters take the
 * value as it is). */
static size_t put_value(rec *u, const char *s, size_t n, const pset *set)
{
    size_t before = u->w.len;
    for (size_t p = 0; p < n;) {
        uint32_t c = (unsigned char)s[p];
        if (c < 0x80) {
            p++;
        } else {
            int bad = 0;
            c = curi__utf8_next((const unsigned char *)s, n, &p, &bad);
        }
        put_enc(&u->w, c, set);
    }
    return u->w.len - before;
}

/* One setter of the URL API on o, writing the new record through u: CURI_OK, SKIP when
 * the URL stays as it is, NEED_BOUND, or the failure of a state override that changed
 * nothing.  Three steps: the components before the one set are copied and the state to
 * start from is chosen; the parser runs with the state override; the rest is copied. */
static int set_run(rec *u, const curi_url *o, int which, const char *s, size_t n, size_t *at)
{
    int has = o->host_type != CURI_URL_HOST_NONE, rc = CURI_OK;
    int file = o->protocol.len == 5 && memcmp(o->protocol.ptr, "file:", 5) == 0;
    /* "cannot have a username/password/port": a null or empty host, or the file scheme */
    int cannot = !has || o->host_type == CURI_URL_HOST_EMPTY || file;
    enum state st;
    u->r.s = (const unsigned char *)s;
    u->r.end = n;
    u->old = o;
    u->override = OV_ON;
    switch (which) {
    case CURI_URL_SET_PROTOCOL:
        st = S_SCHEME_START;
        break;
    case CURI_URL_SET_USERNAME:
        if (cannot)
            return SKIP;
        (void)emit(u, o, C_SCHEME, C_USER);
        begin_host(u);
        u->user_n = put_value(u, s, n, &SET_USERINFO);
        return emit(u, o, C_PASS, C_END);
    case CURI_URL_SET_PASSWORD:
        if (cannot)
            return SKIP;
        (void)emit(u, o, C_SCHEME, C_PASS);
        if (n > 0) {
            put1(&u->w, ':');
            u->pass_n = put_value(u, s, n, &SET_USERINFO);
        }
        return emit(u, o, C_HOST, C_END);
    case CURI_URL_SET_HOST:
    case CURI_URL_SET_HOSTNAME:
        if (o->opaque_path)
            return SKIP;
        if (which == CURI_URL_SET_HOSTNAME)
            u->override = OV_HOSTNAME;
        (void)emit(u, o, C_SCHEME, C_USER);
        /* the host state hands a file URL to the file host state, which writes "//" */
        st = S_FILE_HOST;
        if (!file) {
            if (has)
                (void)emit(u, o, C_USER, C_HOST);
            else
                begin_host(u);
            before_host(u);
            st = S_HOST;
        }
        break;
    case CURI_URL_SET_PORT:
        if (cannot)
            return SKIP;
        (void)emit(u, o, C_SCHEME, C_PORT);
        if (n == 0) /* null */
            return emit(u, o, C_PATH, C_END);
        st = S_PORT;
        break;
    case CURI_URL_SET_PATHNAME:
        if (o->opaque_path)
            return SKIP;
        (void)emit(u, o, C_SCHEME, C_PATH);
        st = S_PATH_START;
        break;
    case CURI_URL_SET_SEARCH:
        (void)emit(u, o, C_SCHEME, C_QUERY);
        if (n == 0) { /* null */
            rc = fix_path(u);
            return rc != CURI_OK ? rc : emit(u, o, C_FRAG, C_END);
        }
        /* a single leading '?' goes, before tabs and newlines do */
        u->r.s += s[0] == '?';
        u->r.end -= s[0] == '?';
        rc = start_query(u);
        st = S_QUERY;
        break;
    default: /* CURI_URL_SET_HASH */
        rc = emit(u, o, C_SCHEME, C_FRAG);
        if (rc != CURI_OK || n == 0)
            return rc;
        u->r.s += s[0] == '#';
        u->r.end -= s[0] == '#';
        rc = start_fragment(u);
        st = S_FRAGMENT;
        break;
    }
    if (rc == CURI_OK)
        rc = run(u, st, at);
    switch (which) {
    case CURI_URL_SET_PROTOCOL:
        return rc != CURI_OK ? rc : emit(u, o, C_USER, C_END);
    case CURI_URL_SET_HOST:
    case CURI_URL_SET_HOSTNAME:
        /* a failure after the host was set (a bad port) keeps the new host */
        if (rc == NEED_BOUND || !u->host_set)
            return rc == CURI_OK ? SKIP : rc;
        if (!u->port_set)
            (void)emit(u, o, C_PORT, C_PATH);
        return emit(u, o, C_PATH, C_END);
    case CURI_URL_SET_PORT:
        return rc != CURI_OK ? rc : emit(u, o, C_PATH, C_END);
    case CURI_URL_SET_PATHNAME:
        return rc != CURI_OK ? rc : emit(u, o, C_QUERY, C_END);
    case CURI_URL_SET_SEARCH:
        return rc != CURI_OK ? rc : emit(u, o, C_FRAG, C_END);
    default: /* CURI_URL_SET_HASH: the fragment is last */
        return rc;
    }
}

int curi_url_set(char *dst, size_t cap, size_t *outlen, curi_url *out, const curi_url *url,
                 int component, const char *value, size_t len, unsigned flags, curi_error *err)
{
    rec u;
    size_t at = 0;
    int rc;
    if (out != NULL)
        memset(out, 0, sizeof *out);
    if (!curi__wbegin(dst, cap, outlen, 1) || out == NULL || url == NULL ||
        url->href.ptr == NULL || (value == NULL && len > 0) || flags != 0 ||
        component < CURI_URL_SET_PROTOCOL || component > CURI_URL_SET_HASH)
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    if (len > CURI_MAX_LEN)
        return curi__fail(err, CURI_ERR_TOO_LONG, CURI_MAX_LEN);
    rec_init(&u, dst, cap);
    rc = set_run(&u, url, component, value, len, &at);
    if (rc != CURI_OK && rc != NEED_BOUND) {
        /* the Standard ignores this value: the URL as it was, with what the attempt met */
        uint32_t verr = u.verr;
        size_t voff = u.voff;
        rec_init(&u, dst, cap);
        rc = emit(&u, url, C_SCHEME, C_END);
        u.verr = verr;
        u.voff = voff;
    }
    if (rc == NEED_BOUND || u.w.lost) {
        if (outlen != NULL)
            *outlen = rc == NEED_BOUND ? curi_url_bound(len, url) : u.w.peak;
        return curi__fail(err, CURI_ERR_NOSPACE, 0);
    }
    views(&u, out);
    out->validation = u.verr;
    out->validation_offset = u.verr ? u.voff : 0;
    return curi__wend(CURI_OK, u.w.len, outlen, err);
}
