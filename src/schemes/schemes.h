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
    /* Room for the scheme layer's part readers, lint rules and open handlers. */
    const void *parts;
    const void *lint;
    const void *open;
};

/* The operations of the schemes that have them (check.c). */
extern const struct curi__scheme_ops curi__ops_data, curi__ops_file, curi__ops_ftp,
    curi__ops_ghelp, curi__ops_gopher, curi__ops_http, curi__ops_info, curi__ops_ldap,
    curi__ops_mailto, curi__ops_man, curi__ops_news, curi__ops_nntp, curi__ops_prospero,
    curi__ops_tel, curi__ops_telnet, curi__ops_urn, curi__ops_wais, curi__ops_whatis,
    curi__ops_ws;

struct curi_scheme {
    const char *name;   /* lowercase */
    int32_t default_port; /* -1: none */
    uint32_t flags;     /* CURI_SCHEME_* */
    const char *source; /* the documents each value comes from */
    const struct curi__scheme_ops *ops; /* NULL: generic RFC 3986 */
};

#endif /* CURI_SCHEMES_H */
