/*
 * rules_host.c -- the host rules of curi_lint (lint-rules.md section 2.5, rules 16-25), with
 * the decoded host of section 1.6, the numeric IPv4 forms of 1.7 and the special-address
 * classes of 1.8.  A reg-name is walked once, left to right, with its triplets decoded on the
 * fly: D0, D and the labels are never stored.
 *
 * The detail of each finding:
 *   host-encoded-delimiter  the encoded octet (0x2F 0x3F 0x23 0x40 0x3A 0x5B 0x5D 0x5C)
 *   host-ipv4-rare-form     the IPv4 value (a << 24 | b << 16 | c << 8 | d), 0 when it has none;
 *                           the message reads the host again to tell 0.0.0.0 from none
 *   host-special-address    either an IPv4 value shown in the message as " (a.b.c.d)" (a
 *                           reg-name's numeric value, or the low 32 bits of an IPv4-mapped or
 *                           IPv4-compatible IPv6 literal; its class follows from the value), or
 *                           0x01000000 + class (never a special IPv4 value: 1.0.0.0/8 is in no
 *                           class) when no address is shown: an IPv4address host, an IPv6 class,
 *                           a localhost name.  class: 1 loopback, 2 unspecified, 3 private,
 *                           4 link-local, 5 multicast, 6 broadcast (255.255.255.255, the limited
 *                           broadcast address of RFC 919 and RFC 1122 3.2.1.3: not multicast)
 *   host-ipv4-mapped-ipv6   the embedded IPv4 value
 *   host-dns-length         the length; bit 31 set for the whole name (D), clear for a label
 *   host-not-dns            the reason: 0x100 + the first byte of D below 0x80 that is not a
 *                           letter, digit, '-' or '.'; 0x200 an empty label; 0x300 a label that
 *                           starts or ends with '-' (the first of these that applies)
 *   file-remote-host        0 for the host, 1 for a path that begins with "//"
 *   others                  0
 *
 * A reg-name whose D0 is not ASCII is walked a second time as UTS #46 maps it (section 3,
 * host-idna-maps-to-ascii): each code point through the generated table of unitab.c, which
 * gives the ASCII text of the code points UTS #46 (nontransitional, UseSTD3ASCIIRules false,
 * as the WHATWG URL Standard and curl run it) maps to ASCII or ignores, fullwidth digits and
 * letters, U+3002, U+FF0E, U+FF61, enclosed and mathematical letters, U+00AD and the other
 * ignored code points among them; any other code point is fed as one byte 0x80 (it stays
 * non-ASCII in the ToASCII form).  Nothing is allocated.  When that form is plain ASCII without an xn-- label, the host gets
 * host-idna-maps-to-ascii, and host-ipv4-rare-form, host-special-address (IPv4 values and
 * localhost) and host-dns-length are decided on it as well; their messages then name the
 * mapped form, which the message functions find by walking the host again.
 *
 * SPDX-License-Identifier: MIT
 */
#include "rules.h"
#include "../utf8.h"
#include "../unitab.h"
#include "../uts46.h"

enum { CL_NONE, CL_LOOPBACK, CL_UNSPECIFIED, CL_PRIVATE, CL_LINK_LOCAL, CL_MULTICAST, CL_BROADCAST };

#define CLASS_ONLY 0x01000000u /* special-address detail: no address shown */
#define NAME_LEN 0x80000000u   /* dns-length detail: the whole name */
#define TOO_BIG 0x100000000ull /* a numeric part that no IPv4 value can hold */

/* Numeric label states (1.7). */
enum { N_START, N_ZERO, N_DEC, N_OCT, N_HEX, N_NOT };

/* What one walk over a reg-name learns. */
typedef struct hscan {
    size_t d0len;             /* bytes of D0 */
    int high;                 /* D0 has a byte >= 0x80 */
    size_t last_at, last_end; /* the input extent of D0's last byte */
    unsigned char last;       /* D0's last byte */
    size_t labels;            /* labels of D */
    int numeric, novalue;     /* every label numeric-shaped; a part without a value */
    uint64_t part[4];         /* the first four parts */
    uint32_t badc;            /* 0x100 + the first byte below 0x80 not LDH or '.' (0: none) */
    int empty, hyphen;        /* an empty label; a label starting or ending with '-' */
    int xn, localhost;        /* an xn-- label; the last label is "localhost" */
    size_t long_at, long_end, long_len; /* the first label longer than 63 bytes (long_len 0: none) */
    /* the current label */
    size_t cur_at, cur_len;
    int state, xn_ok, lh_ok, hyphen_last, hyphen_first;
    uint64_t val;
} hscan;

static void label_begin(hscan *h, size_t at)
{
    h->cur_at = at;
    h->cur_len = 0;
    h->state = N_START;
    h->val = 0;
    h->xn_ok = h->lh_ok = 1;
    h->hyphen_first = h->hyphen_last = 0;
}

static void label_end(hscan *h, size_t end)
{
    if (h->state == N_START || h->state == N_NOT) {
        h->numeric = 0;
    } else if (h->labels < 4) {
        h->part[h->labels] = h->val;
    }
    h->empty |= h->cur_len == 0;
    h->hyphen |= h->hyphen_first | h->hyphen_last;
    if (h->cur_len >= 4 && h->xn_ok) {
        h->xn = 1;
    }
    h->localhost = h->cur_len == 9 && h->lh_ok;
    if (h->cur_len > 63 && h->long_len == 0) {
        h->long_at = h->cur_at;
        h->long_end = end;
        h->long_len = h->cur_len;
    }
    h->labels++;
}

/* One byte of D0, decoded from the input bytes [at, end). */
static inline void feed(hscan *h, unsigned char ch, size_t at, size_t end)
{
    h->d0len++;
    h->last = ch;
    h->last_at = at;
    h->last_end = end;
    if (ch == '.') {
        label_end(h, at);
        label_begin(h, end);
        return;
    }
    if (ch >= 0x80) {
        h->high = 1;
    } else if (!curi__is(ch, CURI__ALPHA | CURI__DIGIT) && ch != '-' && h->badc == 0) {
        h->badc = 0x100u + ch;
    }
    h->hyphen_first |= (h->cur_len == 0 && ch == '-');
    h->hyphen_last = (ch == '-');
    if (h->cur_len < 9) {
        if (h->cur_len < 4) {
            h->xn_ok &= curi__lower(ch) == (unsigned char)"xn--"[h->cur_len];
        }
        h->lh_ok &= curi__lower(ch) == (unsigned char)"localhost"[h->cur_len];
    }
    /* the numeric state (1.7), while every label so far is numeric; val saturates at
     * TOO_BIG */
    if (h->numeric) {
        int dig = ch >= '0' && ch <= '9';
        unsigned base = 10;
        switch (h->state) {
        case N_START:
            h->state = (ch == '0') ? N_ZERO : dig ? N_DEC : N_NOT;
            break;
        case N_ZERO:
            h->state = (ch == 'x' || ch == 'X') ? N_HEX : dig ? N_OCT : N_NOT;
            break;
        case N_DEC:
        case N_OCT:
            h->state = dig ? h->state : N_NOT;
            break;
        case N_HEX:
            h->state = curi__is(ch, CURI__HEX) ? N_HEX : N_NOT;
            break;
        default:
            break;
        }
        if (h->state == N_NOT) {
            h->numeric = 0; /* this label is not numeric-shaped, so the name is not */
        }
        if (h->state == N_OCT && ch >= '8' && ch <= '9') {
            h->novalue = 1;
        }
        if (h->state == N_HEX || h->state == N_OCT || h->state == N_DEC) {
            base = (h->state == N_HEX) ? 16 : (h->state == N_OCT) ? 8 : 10;
            if (!(h->state == N_HEX && (ch == 'x' || ch == 'X'))) {
                h->val = h->val * base + curi__hexval(ch);
                if (h->val > TOO_BIG) {
                    h->val = TOO_BIG;
                }
            }
        }
    }
    h->cur_len++;
}

static int is_host_delim(int v)
{
    return v == 0x2F || v == 0x3F || v == 0x23 || v == 0x40 || v == 0x3A || v == 0x5B ||
           v == 0x5D || v == 0x5C;
}

/* Walk the reg-name [a, b) of s; report host-encoded-delimiter through c when c is not NULL. */
static void scan(hscan *h, const char *s, size_t a, size_t b, curi__lint *c)
{
    memset(h, 0, sizeof *h);
    h->numeric = 1;
    label_begin(h, a);
    for (size_t p = a; p < b;) {
        int v = (s[p] == '%') ? curi__lint_triplet(s + p, s + b) : -1;
        if (v >= 0) {
            if (c != NULL && is_host_delim(v)) {
                curi__lint_emit(c, CURI_LINT_HOST_ENCODED_DELIMITER, p, p + 3, (uint32_t)v);
            }
            feed(h, (unsigned char)v, p, p + 3);
            p += 3;
        } else {
            feed(h, (unsigned char)s[p], p, p + 1);
            p++;
        }
    }
    /* D drops one final '.' of D0: its empty last label is not a label of D */
    if (!(h->cur_len == 0 && h->labels > 0)) {
        label_end(h, b);
    }
}

/* The UTF-8 sequence being read by fold_scan: its bytes so far and where it began. */
typedef struct u8seq {
    char b[4];
    size_t n, need, at;
} u8seq;

/* The code point of a complete sequence q, mapped: its ASCII bytes fed to h over the input
 * extent [q->at, end), or one 0x80 for a code point that stays non-ASCII (or ill-formed
 * UTF-8).  *ascii is cleared when that happens. */
static void fold_cp(hscan *h, const u8seq *q, size_t end, int *ascii)
{
    uint32_t cp = 0;
    char t[CURI__U46_SEQ_MAX];
    int k = -1;

    if (curi__utf8(q->b, q->b + q->n, &cp) == q->n) {
        k = curi__uts46_ascii_map(cp, t);
    }
    if (k < 0) {
        *ascii = 0;
        feed(h, 0x80, q->at, end);
        return;
    }
    for (int i = 0; i < k; i++) {
        feed(h, (unsigned char)t[i], q->at, end);
    }
}

/*
 * Walk the reg-name [a, b) of s as UTS #46 maps it (the file's comment).  *ascii: the mapped
 * form is plain ASCII.
 */
static void fold_scan(hscan *h, const char *s, size_t a, size_t b, int *ascii)
{
    u8seq q = {{0}, 0, 0, 0};

    memset(h, 0, sizeof *h);
    h->numeric = 1;
    *ascii = 1;
    label_begin(h, a);
    for (size_t p = a; p < b;) {
        int v = (s[p] == '%') ? curi__lint_triplet(s + p, s + b) : -1;
        size_t at = p;
        unsigned char ch = (unsigned char)(v >= 0 ? v : s[p]);
        p += (v >= 0) ? 3 : 1;
        if (q.n > 0 && (ch & 0xC0) != 0x80) {
            fold_cp(h, &q, at, ascii); /* cut short: ill-formed, fed as one 0x80 */
            q.n = 0;
        }
        if (q.n == 0 && ch < 0x80) {
            feed(h, ch, at, p);
            continue;
        }
        if (q.n == 0) {
            q.at = at;
            q.need = ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC0 ? 2 : 1;
        }
        q.b[q.n++] = (char)ch;
        if (q.n == q.need) {
            fold_cp(h, &q, p, ascii);
            q.n = 0;
        }
    }
    if (q.n > 0) {
        fold_cp(h, &q, b, ascii);
    }
    if (!(h->cur_len == 0 && h->labels > 0)) {
        label_end(h, b);
    }
}

/* The ASCII the mapped form of [a, b) is made of, written to o (lowercase; a code point that
 * stays non-ASCII as "?"). */
static void put_folded(curi__out *o, const char *s, size_t a, size_t b)
{
    u8seq q = {{0}, 0, 0, 0};
    uint32_t cp = 0;
    char t[CURI__U46_SEQ_MAX];

    for (size_t p = a; p < b;) {
        int v = (s[p] == '%') ? curi__lint_triplet(s + p, s + b) : -1;
        unsigned char ch = (unsigned char)(v >= 0 ? v : s[p]);
        int k = -1;
        p += (v >= 0) ? 3 : 1;
        if (q.n == 0 && ch < 0x80) {
            char l = (char)curi__lower(ch);
            curi__put(o, &l, 1);
            continue;
        }
        if (q.n == 0) {
            q.need = ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC0 ? 2 : 1;
        }
        q.b[q.n++] = (char)ch;
        if (q.n < q.need && p < b) {
            continue;
        }
        if (curi__utf8(q.b, q.b + q.n, &cp) == q.n) {
            k = curi__uts46_ascii_map(cp, t);
        }
        if (k < 0) {
            curi__put(o, "?", 1);
        } else {
            curi__put(o, t, (size_t)k);
        }
        q.n = 0;
    }
}

/*
 * The usual reg-name in one light pass: only ASCII letters, digits, '-' and '.', no triplet,
 * and a label that does not start with a digit (so the name is not numeric-shaped).  Reports
 * what regname would from scan's walk and returns 1, or returns 0 (nothing reported) for
 * regname to walk it.  fuzz_lint holds the two to the same findings (CURI__LINT_SCALAR takes
 * scan always).
 */
static int fast_regname(curi__lint *c, int special, size_t a, size_t b)
{
    const char *s = c->s;
    const unsigned char *u = (const unsigned char *)s;
    size_t la = a, q, len, labels = 0, long_at = 0, long_end = 0, long_len = 0;
    int lettered = 0, empty = 0, hyphen = 0, xn = 0, localhost, dot;

    if (a == b) {
        return 0;
    }
    for (;;) {
        /* the label [la, q): a run of LDH bytes */
        q = (size_t)(curi__scan_scalar(s + la, s + b, CURI__LDH) - s);
        len = q - la;
        if (q < b && u[q] != '.') {
            return 0; /* a byte outside LDH and '.', or a '%': the full walk */
        }
        labels++;
        if (len == 0) {
            empty = 1;
        } else {
            unsigned char f = u[la];
            hyphen |= (f == '-') | (u[q - 1] == '-');
            lettered |= (unsigned)(f - '0') > 9u;
            if ((f | 0x20) == 'x' && len >= 4) {
                xn |= (u[la + 1] | 0x20) == 'n' && u[la + 2] == '-' && u[la + 3] == '-';
            }
            if (len > 63 && long_len == 0) {
                long_at = la;
                long_end = q;
                long_len = len;
            }
        }
        if (q + 1 >= b) {
            break; /* the last label; one final '.' is not a label of D */
        }
        la = q + 1;
    }
    if (!lettered) {
        return 0; /* possibly numeric-shaped: the full walk */
    }
    /* the last label of D is [la, q) */
    localhost = len == 9 && (u[la] | 0x20) == 'l' && (u[la + 1] | 0x20) == 'o' &&
                (u[la + 2] | 0x20) == 'c' && (u[la + 3] | 0x20) == 'a' &&
                (u[la + 4] | 0x20) == 'l' && (u[la + 5] | 0x20) == 'h' &&
                (u[la + 6] | 0x20) == 'o' && (u[la + 7] | 0x20) == 's' &&
                (u[la + 8] | 0x20) == 't';
    dot = u[b - 1] == '.';
    if (!(localhost | dot | empty | hyphen | xn | c->sp.file) && long_len == 0 && b - a <= 253) {
        return 1; /* the usual name: nothing to report */
    }
    /* regname's findings, in its order (h.high, h.numeric and h.badc are 0) */
    if (special && localhost) {
        curi__lint_emit(c, CURI_LINT_HOST_SPECIAL_ADDRESS, a, b, CLASS_ONLY + CL_LOOPBACK);
    }
    if (dot) {
        curi__lint_emit(c, CURI_LINT_HOST_TRAILING_DOT, b - 1, b, 0);
    }
    if (long_len > 0) {
        curi__lint_emit(c, CURI_LINT_HOST_DNS_LENGTH, long_at, long_end, (uint32_t)long_len);
    } else if (b - a - (size_t)dot > 253) {
        curi__lint_emit(c, CURI_LINT_HOST_DNS_LENGTH, a, b,
                        NAME_LEN | (uint32_t)(b - a - (size_t)dot));
    }
    if (empty || hyphen) {
        curi__lint_emit(c, CURI_LINT_HOST_NOT_DNS, a, b, empty ? 0x200u : 0x300u);
    }
    if (xn) {
        curi__lint_emit(c, CURI_LINT_HOST_IDN, a, b, 0);
        curi__lint_idn(c, a, b);
    }
    if (c->sp.file && !(localhost && labels == 1)) {
        curi__lint_emit(c, CURI_LINT_FILE_REMOTE_HOST, a, b, 0);
    }
    return 1;
}

/* The IPv4 value of a numeric-shaped reg-name (1.7): 1 and *v, or 0. */
static int ipv4_value(const hscan *h, uint32_t *v)
{
    size_t k = h->labels;
    uint64_t r = 0;

    if (!h->numeric || h->novalue || k == 0 || k > 4) {
        return 0;
    }
    for (size_t i = 0; i + 1 < k; i++) {
        if (h->part[i] > 255) {
            return 0;
        }
        r |= h->part[i] << (8 * (3 - i));
    }
    if (h->part[k - 1] >= (1ull << (8 * (5 - k)))) {
        return 0;
    }
    *v = (uint32_t)(r | h->part[k - 1]);
    return 1;
}

static int class4(uint32_t v)
{
    unsigned a = v >> 24, b = (v >> 16) & 255;

    if (a == 127) {
        return CL_LOOPBACK;
    }
    if (a == 0) {
        return CL_UNSPECIFIED;
    }
    if (a == 10 || (a == 172 && (b & 0xF0) == 16) || (a == 192 && b == 168) ||
        (a == 100 && (b & 0xC0) == 64)) {
        return CL_PRIVATE;
    }
    if (a == 169 && b == 254) {
        return CL_LINK_LOCAL;
    }
    if (v == 0xFFFFFFFFu) {
        return CL_BROADCAST;
    }
    if ((a & 0xF0) == 224) {
        return CL_MULTICAST;
    }
    return CL_NONE;
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* An IPv6 address in ::ffff:0:0/96 or ::/96 other than :: and ::1: 1 and its low 32 bits. */
static int embeds4(const unsigned char a[16], uint32_t *v)
{
    for (int i = 0; i < 10; i++) {
        if (a[i] != 0) {
            return 0;
        }
    }
    *v = be32(a + 12);
    if (a[10] == 0xFF && a[11] == 0xFF) {
        return 1;
    }
    return a[10] == 0 && a[11] == 0 && *v > 1;
}

/* The class of an IPv6 address (1.8) and the special-address detail. */
static int class6(const unsigned char a[16], uint32_t *detail)
{
    uint32_t v;
    int k = CL_NONE;

    if (embeds4(a, &v)) {
        *detail = v;
        return class4(v);
    }
    /* not embedding IPv4, so an address in ::/96 is :: or ::1 (a[0..11] all equal, 0) */
    if (a[0] == 0 && memcmp(a, a + 1, 11) == 0) {
        k = be32(a + 12) == 1 ? CL_LOOPBACK : CL_UNSPECIFIED;
    } else if ((a[0] & 0xFE) == 0xFC) {
        k = CL_PRIVATE;
    } else if (a[0] == 0xFE && (a[1] & 0xC0) == 0x80) {
        k = CL_LINK_LOCAL;
    } else if (a[0] == 0xFF) {
        k = CL_MULTICAST;
    }
    *detail = CLASS_ONLY + (uint32_t)k;
    return k;
}

/*
 * A reg-name whose D0 is not ASCII, as UTS #46 maps it: host-idna-maps-to-ascii when that
 * form is plain ASCII without an xn-- label, and the numeric, special-address and length
 * rules on it; a localhost last label counts even when other labels stay non-ASCII (as
 * "a.b\u00fc.localhost" names loopback as well).
 */
static void mapped(curi__lint *c, int special, size_t a, size_t b)
{
    hscan m;
    uint32_t v;
    int ascii;
    size_t dlen;

    fold_scan(&m, c->s, a, b, &ascii);
    if (ascii && !m.xn) {
        curi__lint_emit(c, CURI_LINT_HOST_IDNA_MAPS_TO_ASCII, a, b, 0);
        if (m.numeric) {
            int has = ipv4_value(&m, &v);
            curi__lint_emit(c, CURI_LINT_HOST_IPV4_RARE_FORM, a, b, has ? v : 0);
            if (special && has && class4(v) != CL_NONE) {
                curi__lint_emit(c, CURI_LINT_HOST_SPECIAL_ADDRESS, a, b, v);
            }
        }
        dlen = m.d0len - (m.last == '.');
        if (m.long_len > 0) {
            curi__lint_emit(c, CURI_LINT_HOST_DNS_LENGTH, m.long_at, m.long_end,
                            (uint32_t)m.long_len);
        } else if (dlen > 253) {
            curi__lint_emit(c, CURI_LINT_HOST_DNS_LENGTH, a, b, NAME_LEN | (uint32_t)dlen);
        }
    }
    if (special && m.localhost) {
        curi__lint_emit(c, CURI_LINT_HOST_SPECIAL_ADDRESS, a, b, CLASS_ONLY + CL_LOOPBACK);
    }
}

static void regname(curi__lint *c, int special)
{
    const curi__split *sp = &c->sp;
    size_t a = sp->host.at, b = sp->host.end;
    hscan h;
    uint32_t v;
    size_t dlen;

    if (!(c->flags & CURI__LINT_SCALAR) && fast_regname(c, special, a, b)) {
        return;
    }
    scan(&h, c->s, a, b, c);
    dlen = h.d0len - (h.last == '.');
    if (h.numeric) {
        int has = ipv4_value(&h, &v);
        curi__lint_emit(c, CURI_LINT_HOST_IPV4_RARE_FORM, a, b, has ? v : 0);
        if (special && has && class4(v) != CL_NONE) {
            curi__lint_emit(c, CURI_LINT_HOST_SPECIAL_ADDRESS, a, b, v);
        }
    }
    if (special && h.localhost) {
        curi__lint_emit(c, CURI_LINT_HOST_SPECIAL_ADDRESS, a, b, CLASS_ONLY + CL_LOOPBACK);
    }
    if (h.last == '.') {
        curi__lint_emit(c, CURI_LINT_HOST_TRAILING_DOT, h.last_at, h.last_end, 0);
    }
    if (!h.high && h.long_len > 0) {
        curi__lint_emit(c, CURI_LINT_HOST_DNS_LENGTH, h.long_at, h.long_end, (uint32_t)h.long_len);
    } else if (!h.high && dlen > 253) {
        curi__lint_emit(c, CURI_LINT_HOST_DNS_LENGTH, a, b, NAME_LEN | (uint32_t)dlen);
    }
    if (h.badc != 0 || h.empty || h.hyphen) {
        curi__lint_emit(c, CURI_LINT_HOST_NOT_DNS, a, b,
                        h.badc != 0 ? h.badc : h.empty ? 0x200u : 0x300u);
    }
    if (h.xn || h.high) {
        curi__lint_emit(c, CURI_LINT_HOST_IDN, a, b, 0);
    }
    if (sp->file && !(h.localhost && h.labels == 1)) {
        curi__lint_emit(c, CURI_LINT_FILE_REMOTE_HOST, a, b, 0);
    }
    if (h.high) {
        mapped(c, special, a, b);
    }
    if (h.high || h.xn) {
        curi__lint_idn(c, a, b);
    }
}

void curi__lint_host(curi__lint *c)
{
    const curi__split *sp = &c->sp;
    size_t a = sp->host.at, b = sp->host.end;
    int file = sp->file;
    uint32_t d;

    switch (sp->host_kind) {
    case CURI__LH_REGNAME:
        regname(c, !file);
        break;
    case CURI__LH_IPV4:
        d = be32(sp->ip4);
        if (!file && class4(d) != CL_NONE) {
            curi__lint_emit(c, CURI_LINT_HOST_SPECIAL_ADDRESS, a, b,
                            CLASS_ONLY + (uint32_t)class4(d));
        }
        break;
    case CURI__LH_LITERAL:
        if (sp->ip6_ok && !file && class6(sp->ip6, &d) != CL_NONE) {
            curi__lint_emit(c, CURI_LINT_HOST_SPECIAL_ADDRESS, a, b, d);
        }
        if (sp->addr_end < b - 1) {
            curi__lint_emit(c, CURI_LINT_HOST_IPV6_ZONE_ID, sp->addr_end, b - 1, 0);
        }
        if (sp->ip6_ok && embeds4(sp->ip6, &d)) {
            curi__lint_emit(c, CURI_LINT_HOST_IPV4_MAPPED_IPV6, a, b, d);
        }
        break;
    default:
        break;
    }
    if (file && sp->host_kind != CURI__LH_REGNAME && sp->host_kind != CURI__LH_NONE &&
        sp->host_kind != CURI__LH_EMPTY) {
        curi__lint_emit(c, CURI_LINT_FILE_REMOTE_HOST, a, b, 0);
    }
    if (file && sp->path.end - sp->path.at >= 2 && c->s[sp->path.at] == '/' &&
        c->s[sp->path.at + 1] == '/') {
        curi__lint_emit(c, CURI_LINT_FILE_REMOTE_HOST, sp->path.at, sp->path.at + 2, 1);
    }
}

/* ------------------------------------------------------------------ messages */

static void put_ipv4_text(curi__out *o, uint32_t v)
{
    for (int i = 3; i >= 0; i--) {
        curi__lint_put_num(o, (v >> (8 * i)) & 255);
        if (i > 0) {
            curi__put(o, ".", 1);
        }
    }
}

/* The decoded bytes of s[a, b) hold one at 0x80 or above. */
static int span_high(const char *s, size_t a, size_t b)
{
    for (size_t p = a; p < b; p++) {
        int v = (s[p] == '%') ? curi__lint_triplet(s + p, s + b) : -1;
        if ((v >= 0 ? v : (unsigned char)s[p]) >= 0x80) {
            return 1;
        }
        p += (v >= 0) ? 2 : 0;
    }
    return 0;
}

static void put_input(curi__out *o, const curi__lint *c, size_t a, size_t b)
{
    if (a <= b && b <= c->n) {
        curi__put(o, c->s + a, b - a);
    }
}

/* Each message: a fixed head, the variable middle written below, a fixed tail. */
static const char *const msg_head[] = {
    "encoded '",
    "host '",
    "host is ",
    ("IPv6 zone identifier: not RFC 3986 (RFC 6874 only, written '%25'), and it names an "
     "interface of the machine that parses it"),
    "IPv6 address embeds IPv4 ",
    ("host ends with '.': the same host as without it, but cookie, HSTS and allow-list checks "
     "often compare strings"),
    "host exceeds DNS limits (",
    "host '",
    ("internationalized host name: check what it displays as before trusting it (homographs, "
    "mixed scripts)"),
    "file: URI names another machine (",
};
static const char *const msg_tail[] = {
    ("' in the host: a decoder turns it into a delimiter and the host changes (curl "
    "CVE-2022-27780)"),
    "; resolvers accept it, string filters miss it",
    ": a server that fetches it reaches internal services (SSRF)",
    "",
    ": filters that check only one address family miss it",
    "",
    " octets): resolution fails and fixed buffers overflow",
    "); resolvers and other parsers disagree on it",
    "",
    "): on Windows it opens an SMB/UNC connection",
};

int curi__lint_host_msg(curi__out *o, const curi__lint *c, const curi_finding *f)
{
    static const char *const classes[] = {"a special", "a loopback", "an unspecified",
                                          "a private", "a link-local", "a multicast",
                                          "the broadcast"};
    uint32_t d = f->detail;
    int r = f->rule - CURI_LINT_HOST_ENCODED_DELIMITER;
    size_t ha = c->sp.host.at, hb = c->sp.host.end;
    /* the finding came from the UTS #46 form of a host whose D0 is not ASCII */
    int high = c->sp.host.on && hb <= c->n && span_high(c->s, ha, hb) &&
               (f->rule == CURI_LINT_HOST_IPV4_RARE_FORM ||
                f->rule == CURI_LINT_HOST_SPECIAL_ADDRESS ||
                f->rule == CURI_LINT_HOST_DNS_LENGTH);

    if (f->rule == CURI_LINT_HOST_IDNA_MAPS_TO_ASCII) {
        curi__lint_puts(o, "host '");
        put_input(o, c, f->start, f->end);
        curi__lint_puts(o, "' is '");
        if (f->end <= c->n) {
            put_folded(o, c->s, f->start, f->end);
        }
        curi__lint_puts(o, "' once IDNA maps it (UTS #46, as browsers and curl do): the name "
                           "they reach is that one, so check and compare that form");
        return 1;
    }
    if (r < 0 || r > CURI_LINT_FILE_REMOTE_HOST - CURI_LINT_HOST_ENCODED_DELIMITER) {
        return 0;
    }
    curi__lint_puts(o, msg_head[r]);
    switch (f->rule) {
    case CURI_LINT_HOST_ENCODED_DELIMITER: {
        char ch = (char)(d & 0xFF);
        curi__put(o, &ch, 1);
        break;
    }
    case CURI_LINT_HOST_IPV4_RARE_FORM: {
        hscan h;
        uint32_t v = 0;
        int has = 0;
        int ascii;
        if (f->end <= c->n && high) {
            fold_scan(&h, c->s, f->start, f->end, &ascii);
            has = ipv4_value(&h, &v);
        } else if (f->end <= c->n) {
            scan(&h, c->s, f->start, f->end, NULL);
            has = ipv4_value(&h, &v);
        }
        put_input(o, c, f->start, f->end);
        curi__lint_puts(o, "'");
        if (high) {
            curi__lint_puts(o, " (IDNA maps it to '");
            put_folded(o, c->s, ha, hb);
            curi__lint_puts(o, "')");
        }
        curi__lint_puts(o, " is an IPv4 address in a non-standard spelling");
        if (has) {
            curi__lint_puts(o, " = ");
            put_ipv4_text(o, v);
        }
        break;
    }
    case CURI_LINT_HOST_SPECIAL_ADDRESS: {
        int only = (d >> 24) == 1;
        int k = only ? (int)(d & 0xFF) : class4(d);
        curi__lint_puts(o, classes[k >= 1 && k <= CL_BROADCAST ? k : 0]);
        curi__lint_puts(o, only ? " address" : " address (");
        if (!only) {
            put_ipv4_text(o, d);
            curi__put(o, ")", 1);
        }
        if (high) {
            curi__lint_puts(o, " once IDNA maps it to '");
            put_folded(o, c->s, ha, hb);
            curi__put(o, "'", 1);
        }
        break;
    }
    case CURI_LINT_HOST_IPV4_MAPPED_IPV6:
        put_ipv4_text(o, d);
        break;
    case CURI_LINT_HOST_DNS_LENGTH:
        curi__lint_puts(o, (d & NAME_LEN) ? "name " : "label ");
        curi__lint_put_num(o, d & ~NAME_LEN);
        curi__lint_puts(o, (d & NAME_LEN) ? " > 253" : " > 63");
        if (high) {
            curi__lint_puts(o, " once IDNA maps it");
        }
        break;
    case CURI_LINT_HOST_NOT_DNS: {
        char ch = (char)(d & 0xFF);
        put_input(o, c, f->start, f->end);
        curi__lint_puts(o, "' is not a DNS host name (");
        if ((d >> 8) == 1 && ch > 0x20 && ch < 0x7F) {
            curi__lint_puts(o, "contains '");
            curi__put(o, &ch, 1);
            curi__put(o, "'", 1);
        } else if ((d >> 8) == 1) {
            curi__lint_puts(o, "contains byte 0x");
            curi__lint_put_hex2(o, d & 0xFF);
        } else {
            curi__lint_puts(o, (d >> 8) == 2 ? "empty label" : "label starts or ends with '-'");
        }
        break;
    }
    case CURI_LINT_FILE_REMOTE_HOST: {
        size_t a = f->start, b = f->end;
        if (d == 1) {
            /* the machine a "//" path names: its first segment after the "//" */
            const char *sl;
            a = f->end;
            b = (c->sp.path.end > a) ? c->sp.path.end : a;
            sl = (b > a && b <= c->n) ? memchr(c->s + a, '/', b - a) : NULL;
            b = sl ? (size_t)(sl - c->s) : b;
        }
        put_input(o, c, a, b);
        break;
    }
    default:
        break;
    }
    curi__lint_puts(o, msg_tail[r]);
    return 1;
}
