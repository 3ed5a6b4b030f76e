/*
 * schemes.h -- the scheme registry, inside the library.
 *
 * Every scheme the library knows is one curi_scheme: its data (name, default
 * port, flags, the documents they come from) and a table of operations that a
 * scheme may fill in.  A NULL operation means "generic RFC 3986": no grammar
 * beyond the core, no parts, normalization by the generic steps of 6.2.2 and
 * 6.2.3 only, and equivalence as "the normalized forms are equal".
 *
 * The registry (registry.c) lists the entries in name order.  A scheme or a
 * family of schemes that needs operations gets its own file in this directory
 * defining one const struct curi__scheme_ops, and registry.c points the
 * entries at it: nothing else in the library changes.  The public side is
 * opaque (curi_scheme_find, curi_scheme_at and the accessors in curi.h), so
 * fields can be added here without breaking callers.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_SCHEMES_H
#define CURI_SCHEMES_H

#include "../internal.h"

/*
 * The operations of one scheme.  All are optional.  Each runs only on a
 * reference that curi_parse accepted and whose scheme is this one, and obeys
 * the library's rules: no allocation, no recursion, linear time.
 */
struct curi__sc;

struct curi__scheme_ops {
    /*
     * The scheme's own grammar on top of RFC 3986 (check.h, curi_scheme_check):
     * CURI_OK, or curi__sc_fail's CURI_ERR_SCHEME_RULE at the first offending
     * byte with the broken rule's name ("ftp-typecode").
     */
    int (*validate)(struct curi__sc *c);
    /*
     * Scheme-based normalization (RFC 3986 6.2.3) beyond the default port
     * and the empty path: write the normalized reference through o, after
     * the generic steps of mask have been applied to u.  Must not change
     * what the reference identifies.
     */
    void (*normalize)(curi__out *o, const curi_uri *u, unsigned mask);
    /*
     * Equivalence at the scheme rung of curi_compare when it is not "the
     * normalized forms are equal" (urn's ignored r- and q-components,
     * mailto's case-insensitive domain): 1 equivalent, 0 not.
     */
    int (*equivalent)(const curi_uri *a, const curi_uri *b);
    /* The layout of curi_scheme_parts (CURI_SK_*), 0 for none. */
    int kind;
    /* Room for the scheme layer's lint rules and open handlers. */
    const void *lint;
    const void *open;
};

/* The operations of the schemes that have them (check.c). */
extern const struct curi__scheme_ops curi__ops_data, curi__ops_file, curi__ops_ftp,
    curi__ops_ghelp, curi__ops_gopher, curi__ops_http, curi__ops_info, curi__ops_ldap,
    curi__ops_mailto, curi__ops_man, curi__ops_news, curi__ops_nntp, curi__ops_prospero,
    curi__ops_tel, curi__ops_telnet, curi__ops_urn, curi__ops_wais, curi__ops_whatis,
    curi__ops_ws;

/* The name packed big-endian into 64 bits, so that keys sort as names do (every name has
 * at most 8 bytes): lookups compare integers. */
#define KEY(a, b, c, d, e, f, g, h)                                                       \
    ((uint64_t)(a) << 56 | (uint64_t)(b) << 48 | (uint64_t)(c) << 40 | (uint64_t)(d) << 32 | \
     (uint64_t)(e) << 24 | (uint64_t)(f) << 16 | (uint64_t)(g) << 8 | (uint64_t)(h))

/*
 * The key of the scheme s[0..len) of a reference curi_parse accepted, 1 <= len <= 8, with
 * at least 8 bytes readable from s: the first eight bytes as one big-endian word (one load
 * where the compiler can), the bytes past the scheme masked off.  A scheme's bytes are
 * letters, digits, '+', '-' and '.', all of which have the 0x20 bit but the capitals:
 * OR-ing it lowercases.
 */
static inline uint64_t curi__scheme_key8(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    uint64_t key = (uint64_t)u[0] << 56 | (uint64_t)u[1] << 48 | (uint64_t)u[2] << 40 |
                   (uint64_t)u[3] << 32 | (uint64_t)u[4] << 24 | (uint64_t)u[5] << 16 |
                   (uint64_t)u[6] << 8 | (uint64_t)u[7];
    key |= UINT64_C(0x2020202020202020);
    return len < 8 ? key & ~(~(uint64_t)0 >> (8 * len)) : key;
}

/* curi_scheme_find for the scheme s[0..len) of a reference curi_parse accepted, with
 * avail >= len bytes readable from s (curi__scheme_key8 when avail >= 8). */
const curi_scheme *curi__scheme_find_scheme(const char *s, size_t len, size_t avail);
/* The entry of a key (curi__scheme_key8) whose name has len bytes, or NULL. */
const curi_scheme *curi__scheme_find_key(uint64_t key, size_t len);

struct curi_scheme {
    const char *name;   /* lowercase */
    uint64_t key;       /* the name packed big-endian (registry.c KEY) */
    int32_t default_port; /* -1: none */
    uint32_t flags;     /* CURI_SCHEME_* */
    const char *source; /* the documents each value comes from */
    const struct curi__scheme_ops *ops; /* NULL: generic RFC 3986 */
};

#endif /* CURI_SCHEMES_H */
