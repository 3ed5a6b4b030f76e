/*
 * normalize.c -- normalization and comparison (RFC 3986 section 6.2).
 * One generator yields the normalized form of a curi_uri byte by byte, from the LAST
 * byte to the first, with a fixed-size state: the path comes out of curi__dots, which
 * walks right to left, so producing everything backwards needs no buffer at all.
 *   curi_normalize      runs it once to count, then writes dst from the end;
 *   curi_is_normalized  runs it beside an identity generator (mask 0) and compares;
 *   curi_compare        runs two generators at each rung of the 6.2 ladder.
 * Steps (one mask bit each): CASE lowercases the scheme and the host (after decoding);
 * PCT_HEX uppercases the hex of "%hh"; UNRESERVED decodes "%hh" of ALPHA DIGIT - . _ ~
 * in every component; DOTS applies 5.2.4 (with "%2E" counted as ".") to the path of a
 * URI with a scheme and to an absolute path of a relative reference; PORT drops an empty
 * or default port; EMPTY_PATH writes "/" for an empty path beside an authority where the
 * scheme table says so; IPV6 rewrites IPv6 literals in RFC 5952 form.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

/* Transform of a span: none, percent rules only, percent rules plus lowercase (host). */
enum { T_RAW, T_PCT, T_LOWER };

/* The backward stages; each component's content comes before its delimiter. */
enum {
    S_FRAG, S_FRAG_SEP, S_QUERY, S_QUERY_SEP, S_PATH, S_PATH_HEAD, S_PORT, S_PORT_SEP,
    S_HOST_C, S_HOST_Z, S_HOST_A, S_USER_SEP, S_USER, S_SLASHES, S_SCHEME_SEP, S_SCHEME,
    S_END
};

typedef struct gen {
    const curi_uri *u;
    unsigned mask;
    int stage;
    /* The span being emitted backwards: p[0..i) is still to come. */
    const char *p;
    size_t i;
    int tmode;
    /* Bytes to emit before anything else, popped from the top. */
    char pend[4];
    int npend;
    /* The path: its iterator, elements seen, the leftmost one, a '/' owed by it. */
    curi__dots it;
    size_t elems;
    int left_empty, slash_owed;
    int slash_scheme; /* the scheme table says an empty path is "/" */
    /* Decisions taken once. */
    int show_port, canon6;
    size_t zone_at, zone_end; /* IPv6 host: zone bytes [zone_at, zone_end), else 0, 0 */
    char text6[48];           /* "[" RFC 5952 text, and "%25" when a zone follows */
    size_t text6_len;
} gen;

static const char hexdig[] = "0123456789abcdef";

/* RFC 5952: lowercase hex, no leading zeros, the longest run (>= 2, first on a tie) of zero
 * groups as "::", and dotted IPv4 for IPv4-mapped addresses (::ffff:0:0/96, section 5). */
static size_t ipv6_text(char *t, const unsigned char ip[16])
{
    unsigned g[8];
    int best = -1, bestlen = 1, groups = 8;
    size_t n = 0;

    for (int i = 0; i < 8; i++) {
        g[i] = (unsigned)ip[2 * i] << 8 | ip[2 * i + 1];
    }
    if (g[0] == 0 && g[1] == 0 && g[2] == 0 && g[3] == 0 && g[4] == 0 && g[5] == 0xffff) {
        groups = 6;
    }
    for (int i = 0; i < groups;) {
        int j = i;
        while (j < groups && g[j] == 0) {
            j++;
        }
        if (j - i > bestlen) {
            best = i;
            bestlen = j - i;
        }
        i = (j > i) ? j : i + 1;
    }
    for (int i = 0; i < groups; i++) {
        if (i == best) {
            t[n++] = ':';
            t[n++] = ':';
            i += bestlen - 1;
            continue;
        }
        if (i > 0 && i != best + bestlen) {
            t[n++] = ':';
        }
        for (int sh = 12, started = 0; sh >= 0; sh -= 4) {
            unsigned d = (g[i] >> sh) & 15u;
            if (d != 0 || started || sh == 0) {
                t[n++] = hexdig[d];
                started = 1;
            }
        }
    }
    if (groups == 6) {
        for (int k = 12; k < 16; k++) {
            unsigned v = ip[k];
            if (k > 12 || best + bestlen != 6) {
                t[n++] = (k > 12) ? '.' : ':';
            }
            if (v >= 100) {
                t[n++] = (char)('0' + v / 100);
            }
            if (v >= 10) {
                t[n++] = (char)('0' + v / 10 % 10);
            }
            t[n++] = (char)('0' + v % 10);
        }
    }
    return n;
}

/* The value of the port digits, saturating above 65535; -1 when empty. */
static long port_value(curi_str port)
{
    long v = 0;

    if (port.len == 0) {
        return -1;
    }
    for (size_t i = 0; i < port.len; i++) {
        v = v * 10 + (port.ptr[i] - '0');
        if (v > 65536) {
            v = 65536;
        }
    }
    return v;
}

static void gen_init(gen *g, const curi_uri *u, unsigned mask)
{
    const curi_scheme_info *si = NULL;
    const char *path = (u->path.ptr == NULL) ? "" : u->path.ptr;
    size_t plen = (u->path.ptr == NULL) ? 0 : u->path.len;
    int mode = CURI__DOTS_NONE;

    memset(g, 0, sizeof *g);
    g->u = u;
    g->mask = mask;
    g->stage = S_FRAG - 1;
    if (u->scheme.ptr != NULL) {
        si = curi_scheme_lookup(u->scheme.ptr, u->scheme.len);
    }
    /* 6.2.2.3: a URI's path, or an absolute path of a relative reference (whose dots would
     * vanish against any base); a relative-path reference keeps its dot segments. */
    if ((mask & CURI_NORM_DOTS) && (u->scheme.ptr != NULL || (plen > 0 && path[0] == '/'))) {
        mode = CURI__DOTS_PCT;
    }
    curi__dots_init(&g->it, "", 0, path, plen, mode);
    /* 6.2.3: an empty port, or the scheme's default one, is dropped. */
    g->show_port = u->host.ptr != NULL && u->port.ptr != NULL;
    if (g->show_port && (mask & CURI_NORM_PORT)) {
        long v = port_value(u->port);
        if (v < 0 || (si != NULL && si->default_port >= 0 && v == si->default_port)) {
            g->show_port = 0;
        }
    }
    g->slash_scheme = si != NULL && (si->flags & CURI_SCHEME_EMPTY_PATH_SLASH);
    /* An IPv6 literal: the zone, if any, follows the first '%' ("%25", RFC 6874). */
    if (u->host.ptr != NULL && u->host_type == CURI_HOST_IPV6 && u->host.len >= 2) {
        const char *pct = memchr(u->host.ptr, '%', u->host.len);
        if (pct != NULL && (size_t)(pct - u->host.ptr) + 3 <= u->host.len - 1) {
            g->zone_at = (size_t)(pct - u->host.ptr) + 3;
            g->zone_end = u->host.len - 1;
        }
        if (mask & CURI_NORM_IPV6) {
            g->canon6 = 1;
            g->text6[0] = '[';
            g->text6_len = 1 + ipv6_text(g->text6 + 1, u->ip);
            if (g->zone_at > 0) {
                memcpy(g->text6 + g->text6_len, "%25", 3);
                g->text6_len += 3;
            }
        }
    }
}

static void span(gen *g, const char *p, size_t n, int tmode)
{
    g->p = p;
    g->i = (p == NULL) ? 0 : n;
    g->tmode = tmode;
}

static void push(gen *g, char c)
{
    g->pend[g->npend++] = c;
}

/* Set up the next stage; the '/' owed by the last path element is paid first. */
static void advance(gen *g)
{
    const curi_uri *u = g->u;
    int has_host = u->host.ptr != NULL;

    g->stage++;
    switch (g->stage) {
    case S_FRAG:
        span(g, u->fragment.ptr, u->fragment.len, T_PCT);
        break;
    case S_FRAG_SEP:
        if (u->fragment.ptr != NULL) {
            push(g, '#');
        }
        break;
    case S_QUERY:
        span(g, u->query.ptr, u->query.len, T_PCT);
        break;
    case S_QUERY_SEP:
        if (u->query.ptr != NULL) {
            push(g, '?');
        }
        break;
    case S_PATH: {
        curi_str seg;
        int slash;
        if (curi__dots_prev(&g->it, &seg, &slash)) {
            span(g, seg.ptr, seg.len, T_PCT);
            g->slash_owed = slash;
            g->elems++;
            g->stage--; /* stay in S_PATH until the iterator is done */
            g->left_empty = slash && seg.len == 0;
        }
        break;
    }
    case S_PATH_HEAD:
        if (g->elems == 0) {
            /* 6.2.3: an empty path beside an authority is "/" for these schemes. */
            if (has_host && (g->mask & CURI_NORM_EMPTY_PATH) && g->slash_scheme) {
                push(g, '/');
            }
        } else if (!has_host && g->left_empty && g->elems >= 2) {
            /* The "//" hole: keep "/." in front so no authority is read (5.2 note). */
            push(g, '/');
            push(g, '.');
        }
        break;
    case S_PORT:
        span(g, g->show_port ? u->port.ptr : NULL, u->port.len, T_RAW);
        break;
    case S_PORT_SEP:
        if (g->show_port) {
            push(g, ':');
        }
        break;
    case S_HOST_C:
        /* A host, backwards: "]" after a zone, the zone, then the rest. */
        if (has_host && (g->zone_at > 0 || g->canon6)) {
            push(g, ']');
        }
        break;
    case S_HOST_Z:
        if (has_host && g->zone_at > 0) {
            span(g, u->host.ptr + g->zone_at, g->zone_end - g->zone_at, T_PCT);
        }
        break;
    case S_HOST_A:
        if (!has_host) {
            break;
        }
        if (g->canon6) {
            span(g, g->text6, g->text6_len, T_RAW);
        } else if (g->zone_at > 0) {
            span(g, u->host.ptr, g->zone_at, T_LOWER);
        } else {
            span(g, u->host.ptr, u->host.len, T_LOWER);
        }
        break;
    case S_USER_SEP:
        if (has_host && u->userinfo.ptr != NULL) {
            push(g, '@');
        }
        break;
    case S_USER:
        if (has_host) {
            span(g, u->userinfo.ptr, u->userinfo.len, T_PCT);
        }
        break;
    case S_SLASHES:
        if (has_host) {
            push(g, '/');
            push(g, '/');
        }
        break;
    case S_SCHEME_SEP:
        if (u->scheme.ptr != NULL) {
            push(g, ':');
        }
        break;
    case S_SCHEME:
        span(g, u->scheme.ptr, u->scheme.len, T_LOWER);
        break;
    default:
        g->stage = S_END;
        break;
    }
}

static unsigned char upper_hex(unsigned char c)
{
    return (c >= 'a' && c <= 'f') ? (unsigned char)(c - 32) : c;
}

/* The next byte of the normalized form, from the end; -1 when done. */
static int gen_prev(gen *g)
{
    for (;;) {
        if (g->npend > 0) {
            return (unsigned char)g->pend[--g->npend];
        }
        if (g->i > 0) {
            const char *p = g->p;
            size_t i = g->i;
            unsigned char c = (unsigned char)p[i - 1];
            int lower = g->tmode == T_LOWER && (g->mask & CURI_NORM_CASE);

            /* pct-encoded = "%" HEXDIG HEXDIG, met at its last byte. */
            if (g->tmode != T_RAW && i >= 3 && p[i - 3] == '%' &&
                curi__is((unsigned char)p[i - 2], CURI__HEX) && curi__is(c, CURI__HEX)) {
                unsigned char h1 = (unsigned char)p[i - 2];
                unsigned v = curi__hexval(h1) << 4 | curi__hexval(c);
                g->i -= 3;
                /* 6.2.2.2: an encoded unreserved character is decoded. */
                if ((g->mask & CURI_NORM_UNRESERVED) &&
                    curi__is((unsigned char)v, CURI__UNRESERVED)) {
                    return lower ? curi__lower((unsigned char)v) : (int)v;
                }
                /* 6.2.2.1: the hex digits of the triplet are uppercased. */
                if (g->mask & CURI_NORM_PCT_HEX) {
                    h1 = upper_hex(h1);
                    c = upper_hex(c);
                }
                push(g, '%');
                push(g, (char)h1);
                return c;
            }
            g->i -= 1;
            return lower ? curi__lower(c) : c;
        }
        if (g->slash_owed) {
            g->slash_owed = 0;
            return '/';
        }
        if (g->stage >= S_END) {
            return -1;
        }
        advance(g);
    }
}

size_t curi_normalize_bound(const curi_uri *u)
{
    if (u == NULL) {
        return 0;
    }
    /* Nothing grows except: "/." (hole), "/" (empty path), RFC 5952 text (<= 47 bytes). */
    return curi_recompose_bound(u) + 3 + 48;
}

int curi_normalize(char *dst, size_t cap, size_t *outlen, const curi_uri *u, unsigned mask,
                   curi_error *err)
{
    gen g;
    size_t n = 0;

    if (outlen == NULL || u == NULL) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    *outlen = 0;
    /* A path beside an authority must be empty or start with '/' (hand-built only). */
    if (u->host.ptr != NULL && u->path.ptr != NULL && u->path.len > 0 && u->path.ptr[0] != '/') {
        return curi__fail(err, CURI_ERR_STRUCTURE, 0);
    }
    gen_init(&g, u, mask);
    while (gen_prev(&g) >= 0) {
        n++;
    }
    *outlen = n;
    if (n > CURI_MAX_LEN) {
        return curi__fail(err, CURI_ERR_TOO_LONG, 0);
    }
    if (dst == NULL || n > cap) {
        return (n == 0) ? curi__ok(err) : curi__fail(err, CURI_ERR_NOSPACE, 0);
    }
    gen_init(&g, u, mask);
    for (int c = gen_prev(&g); c >= 0; c = gen_prev(&g)) {
        dst[--n] = (char)c;
    }
    return curi__ok(err);
}

/* 1 when the two generators yield the same bytes. */
static int same_output(const curi_uri *a, unsigned ma, const curi_uri *b, unsigned mb)
{
    gen ga, gb;
    int ca, cb;

    gen_init(&ga, a, ma);
    gen_init(&gb, b, mb);
    do {
        ca = gen_prev(&ga);
        cb = gen_prev(&gb);
        if (ca != cb) {
            return 0;
        }
    } while (ca >= 0);
    return 1;
}

int curi_is_normalized(const curi_uri *u, unsigned mask)
{
    if (u == NULL) {
        return 0;
    }
    return same_output(u, mask, u, 0);
}

curi_equiv curi_compare(const curi_uri *a, const curi_uri *b, curi_equiv max_level)
{
    if (a == NULL || b == NULL) {
        return CURI_EQ_NONE;
    }
    /* 6.2.1, then 6.2.2, then 6.2.3: the first rung at which the two agree. */
    if (max_level >= CURI_EQ_STRING && same_output(a, 0, b, 0)) {
        return CURI_EQ_STRING;
    }
    if (max_level >= CURI_EQ_SYNTAX && same_output(a, CURI_NORM_SYNTAX, b, CURI_NORM_SYNTAX)) {
        return CURI_EQ_SYNTAX;
    }
    if (max_level >= CURI_EQ_SCHEME && same_output(a, CURI_NORM_DEFAULT, b, CURI_NORM_DEFAULT)) {
        return CURI_EQ_SCHEME;
    }
    return CURI_EQ_NONE;
}
