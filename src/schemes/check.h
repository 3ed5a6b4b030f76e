/*
 * check.h -- what the files of the schemes' own grammars (curi_scheme_check) share: the
 * failure they report, a reader of percent-decoded bytes, and the small tests several
 * schemes make.  Never installed.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_SCHEMES_CHECK_H
#define CURI_SCHEMES_CHECK_H

#include "schemes.h"

/* One check: the reference, where offsets count from, and where the failure goes. */
typedef struct curi__sc {
    const curi_uri *u;
    curi_error *err;
    const char **rule;
} curi__sc;

/* Report rule broken at p, a byte of one of u's views or the end of one:
 * CURI_ERR_SCHEME_RULE with the offset of p in the reference as curi_recompose writes it. */
int curi__sc_fail(curi__sc *c, const char *p, const char *rule);
/* The same at an offset into that recomposition. */
int curi__sc_fail_at(curi__sc *c, size_t offset, const char *rule);
/* The same at the delimiter before the present view v of u: the ':' of the port, the '?'
 * of the query, the '#' of the fragment (never v->ptr - 1, which may lie outside any
 * buffer once curi_set has given v one of its own). */
int curi__sc_fail_before(curi__sc *c, const curi_str *v, const char *rule);

/*
 * Percent-decoded bytes of a view of a valid reference (every '%' starts a triplet): next
 * returns the byte and sets *at to its first raw byte ('%' for a triplet), or -1 at the end.
 */
typedef struct curi__dec {
    const char *p, *e;
} curi__dec;

static inline curi__dec curi__dec_of(const char *p, const char *e)
{
    curi__dec d = {p, e};
    return d;
}

static inline int curi__dec_next(curi__dec *d, const char **at)
{
    if (d->p >= d->e) {
        *at = d->e;
        return -1;
    }
    *at = d->p;
    if (*d->p == '%' && d->e - d->p >= 3) {
        int v = (int)curi__pct_octet(d->p);
        d->p += 3;
        return v;
    }
    return (unsigned char)*d->p++;
}

/*
 * The first ill-formed UTF-8 sequence (RFC 3629 4) in the percent-decoded bytes of [p, e):
 * NULL when there is none, else the raw byte where that sequence starts (its lead byte, or
 * the stray byte itself): a lead byte C0, C1 or F5-FF, a stray continuation byte, a sequence
 * cut short by the end or by a byte that does not continue it, an overlong form (E0 80-9F,
 * F0 80-8F), a surrogate (ED A0-BF) or a code point above U+10FFFF (F4 90-BF).
 */
const char *curi__sc_utf8(const char *p, const char *e);

/* The earlier of two failure positions, either of which may be NULL (no failure). */
static inline const char *curi__sc_first(const char *a, const char *b)
{
    return (a == NULL || (b != NULL && b < a)) ? b : a;
}

/* The end of a view (its first byte past it). */
static inline const char *curi__vend(curi_str v)
{
    return v.ptr + v.len;
}

/* A URN's r-component starting at p (after "?+") runs to the first "?=" or to e. */
static inline const char *curi__urn_r_end(const char *p, const char *e)
{
    while (e - p >= 2 && !(p[0] == '?' && p[1] == '=')) {
        p++;
    }
    return (e - p >= 2) ? p : e;
}

/* The value (0-63) of a character of the base64 alphabet (RFC 4648 4, table 1), else -1. */
static inline int curi__base64_value(int ch)
{
    return (ch >= 'A' && ch <= 'Z')   ? ch - 'A'
           : (ch >= 'a' && ch <= 'z') ? ch - 'a' + 26
           : (ch >= '0' && ch <= '9') ? ch - '0' + 52
           : ch == '+'                ? 62
           : ch == '/'                ? 63
                                      : -1;
}

/* Report rule broken at the byte just after "scheme:" (where "//" stands or would). */
static inline int curi__sc_fail_after_colon(curi__sc *c, const char *rule)
{
    return curi__sc_fail_at(c, c->u->scheme.len + 1, rule);
}

/* The common structural rules, each with the name the caller gives it. */
int curi__sc_host(curi__sc *c, const char *rule);     /* an authority with a non-empty host */
int curi__sc_no_userinfo(curi__sc *c, const char *rule);
int curi__sc_no_port(curi__sc *c, const char *rule);
int curi__sc_no_query(curi__sc *c, const char *rule);
int curi__sc_no_authority(curi__sc *c, const char *rule);

/* descr = ALPHA *( ALPHA / DIGIT / "-" ) or numericoid = number 1*( "." number ), number =
 * DIGIT / %x31-39 1*DIGIT (RFC 4512 1.4) over the decoded bytes of [p, e): 1 when it is. */
int curi__sc_oid_or_descr(const char *p, const char *e);

/*
 * The end of the mailto address (RFC 6068 2 addr-spec) that starts at p, in a list of them
 * in [p, e): the first raw ',' that is neither inside a quoted-string local part (read
 * decoded: %22 ... %22, with %5C pairs) nor inside a domain literal ("[" ... "]"), or e.
 * The one splitter of address lists (check_mail.c): the check, curi_list_next's
 * CURI_SPT_ADDRESSES lists and so mailto equivalence and the tool all split with it.
 * Never reads outside [p, e), whatever the bytes.
 */
const char *curi__mail_addr_end(const char *p, const char *e);

/* The validators of check.c, check_mail.c and check_ldap.c. */
int curi__check_mailto(curi__sc *c);
int curi__check_ldap(curi__sc *c);

#endif /* CURI_SCHEMES_CHECK_H */
