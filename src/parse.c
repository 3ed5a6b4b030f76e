/*
 * parse.c -- URI-reference to component views (RFC 3986 section 3, 4.1, 4.2, 4.3, Appendix A).
 *
 * One pass, left to right, no backtracking beyond a single look-ahead for '@' in the
 * authority: each component is a run of its allowed bytes (skipped in bulk by curi__scan)
 * broken only by pct-encoded triplets, and ends at the delimiter that starts the next.
 * Invariant: nothing reads outside [s, s + len); no allocation; no recursion.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "internal.h"

#define OFF(q) ((size_t)((q) - s))

/* pct-encoded = "%" HEXDIG HEXDIG, with p at the '%'. */
static inline int pct_encoded(const char *p, const char *end)
{
    return end - p >= 3 && curi__is((unsigned char)p[1], CURI__HEX) &&
           curi__is((unsigned char)p[2], CURI__HEX);
}

/*
 * *( <bytes of class cls> / pct-encoded )
 *
 * Returns the first byte that is neither (a delimiter or an error for the caller to judge),
 * or NULL with *bad at a '%' that does not start a pct-encoded triplet.
 */
static const char *run(const char *s, const char *p, const char *end, unsigned cls,
                       unsigned flags, const char **bad)
{
    for (;;) {
        p = curi__scan(s, p, end, cls, flags);
        if (p == end || *p != '%')
            return p;
        if (!pct_encoded(p, end)) {
            *bad = p;
            return NULL;
        }
        p += 3;
    }
}

/*
 * port = *DIGIT
 *
 * The grammar sets no upper bound, so any number of digits parses; the value is reported
 * only when it fits 0-65535, otherwise the status says the port is out of range.
 */
static int port(curi_uri *u, const char *s, const char *p, const char *end, unsigned flags,
                curi_error *err)
{
    const char *q = p;
    unsigned v = 0;

    while (q < end && curi__is((unsigned char)*q, CURI__DIGIT)) {
        /* Saturate instead of wrapping: anything above 65535 is just "out of range". */
        if (v <= 65535)
            v = v * 10 + (unsigned)(*q - '0');
        q++;
    }
    if (q != end)
        return curi__fail(err, CURI_ERR_PORT_CHAR, OFF(q));
    u->port.ptr = p;
    u->port.len = (size_t)(end - p);
    if (p == end) {
        u->port_status = CURI_PORT_EMPTY;
    } else if (v > 65535) {
        if (flags & CURI_PARSE_PORT_RANGE)
            return curi__fail(err, CURI_ERR_PORT_RANGE, OFF(p));
        u->port_status = CURI_PORT_RANGE;
    } else {
        u->port_status = CURI_PORT_VALID;
        u->port_number = (uint16_t)v;
    }
    return CURI_OK;
}

/*
 * authority = [ userinfo "@" ] host [ ":" port ]
 * userinfo  = *( unreserved / pct-encoded / sub-delims / ":" )
 *
 * The authority runs from after "//" to the next '/', '?', '#' or the end (3.2).  userinfo
 * cannot contain '@', so the first '@' ends it.  An authority that starts with '[' has no
 * userinfo ('[' is not a userinfo character), so its '@'s are left for the host to reject.
 */
static const char *authority_end(const char *s, const char *p, const char *end, unsigned flags)
{
    for (;;) {
        p = curi__scan(s, p, end, CURI__USERINFO, flags);
        if (p == end || *p == '/' || *p == '?' || *p == '#')
            return p;
        p++; /* '@', '[', ']', '%' or a byte to be rejected later: still authority */
    }
}

/* The general case: find the end of the authority first, then its '@', then the host. */
static int authority_slow(curi_uri *u, const char *s, const char *a, const char *aend,
                          unsigned flags, curi_error *err)
{
    const char *h = a, *q, *bad = NULL;
    int rc;

    u->userinfo.ptr = NULL;
    u->userinfo.len = 0;
    if (a < aend && *a != '[') {
        const char *at = memchr(a, '@', (size_t)(aend - a));
        if (at) {
            q = run(s, a, at, CURI__USERINFO, flags, &bad);
            if (!q)
                return curi__fail(err, CURI_ERR_PCT, OFF(bad));
            if (q != at)
                return curi__fail(err, CURI_ERR_USERINFO_CHAR, OFF(q));
            u->userinfo.ptr = a;
            u->userinfo.len = (size_t)(at - a);
            h = at + 1;
        }
    }
    /* host = IP-literal / IPv4address / reg-name */
    rc = curi__host(u, s, h, aend, &q, flags, err);
    if (rc != CURI_OK)
        return rc;
    if (q < aend) {
        if (*q != ':')
            return curi__fail(err,
                              u->host_type == CURI_HOST_REGNAME ? CURI_ERR_HOST_CHAR
                                                                : CURI_ERR_IP_LITERAL,
                              OFF(q));
        rc = port(u, s, q + 1, aend, flags, err);
        if (rc != CURI_OK)
            return rc;
    }
    return CURI_OK;
}

static inline int ends_authority(const char *q, const char *end)
{
    return q == end || *q == '/' || *q == '?' || *q == '#';
}

/*
 * The authority starting at a; *aend receives its end.  Most authorities are a reg-name,
 * maybe with a port, so that case is read in one pass: the host run stops at the byte that
 * decides everything.  Anything else ('@', '[', a colon not followed by a port) goes the
 * general way, which reads the same bytes again and gives the same answer.
 */
static int authority(curi_uri *u, const char *s, const char *a, const char *end,
                     const char **aend, unsigned flags, curi_error *err)
{
    const char *q, *r;
    int rc;

    if (a < end && *a != '[') {
        rc = curi__host(u, s, a, end, &q, flags, err);
        if (rc != CURI_OK)
            return rc;
        if (ends_authority(q, end)) {
            *aend = q;
            goto done;
        }
        if (*q == ':') {
            r = q + 1;
            while (r < end && curi__is((unsigned char)*r, CURI__DIGIT))
                r++;
            if (ends_authority(r, end)) {
                rc = port(u, s, q + 1, r, flags, err);
                if (rc != CURI_OK)
                    return rc;
                *aend = r;
                goto done;
            }
        }
    }
    *aend = authority_end(s, a, end, flags);
    rc = authority_slow(u, s, a, *aend, flags, err);
    if (rc != CURI_OK)
        return rc;
done:
    u->authority.ptr = a;
    u->authority.len = (size_t)(*aend - a);
    return CURI_OK;
}

/*
 * URI-reference = URI / relative-ref
 * URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
 * relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
 * hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
 * relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
 */
int curi_parse(curi_uri *u, const char *s, size_t len, unsigned flags, curi_error *err)
{
    const char *p, *q, *end, *bad = NULL;
    int rc;

    if (len > CURI_MAX_LEN)
        return curi__fail(err, CURI_ERR_TOO_LONG, CURI_MAX_LEN);
    if (!s) {
        if (len)
            return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
        s = "";
    }
    end = s + len;
    *u = (curi_uri){0};

    /*
     * scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
     * A run of scheme characters ended by ':' is meant as a scheme; if it is not a valid
     * one (empty, or not starting with a letter) that is a scheme error.  A ':' after any
     * other byte is a colon in the first segment of a relative reference, judged below.
     */
    q = s;
    while (q < end && curi__is((unsigned char)*q, CURI__SCHEME))
        q++;
    if (q < end && *q == ':') {
        if (q == s || !curi__is((unsigned char)*s, CURI__ALPHA))
            return curi__fail(err, CURI_ERR_SCHEME, 0);
        u->scheme.ptr = s;
        u->scheme.len = (size_t)(q - s);
        p = q + 1;
    } else {
        if (flags & (CURI_PARSE_URI | CURI_PARSE_ABSOLUTE))
            return curi__fail(err, CURI_ERR_SCHEME_MISSING, 0);
        p = s;
    }

    if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
        const char *aend;
        rc = authority(u, s, p + 2, end, &aend, flags, err);
        if (rc != CURI_OK)
            return rc;
        p = aend;
    } else if (!u->scheme.ptr) {
        /*
         * path-noscheme = segment-nz-nc *( "/" segment )   (4.2)
         * Without a scheme, a ':' in the first segment would read as one.
         */
        q = run(s, p, end, CURI__SEGNC, flags, &bad);
        if (!q)
            return curi__fail(err, CURI_ERR_PCT, OFF(bad));
        if (q < end && *q == ':')
            return curi__fail(err, CURI_ERR_COLON_SEGMENT, OFF(q));
    }

    /*
     * path-abempty / path-absolute / path-rootless / path-noscheme / path-empty: all are
     * pchar and "/" up to '?' or '#'.  The "//" cases that distinguish them were settled
     * above: after an authority the path starts with '/' or is empty, and without one a
     * path cannot start with "//" because that would have been an authority.
     */
    q = run(s, p, end, CURI__PATH, flags, &bad);
    if (!q)
        return curi__fail(err, CURI_ERR_PCT, OFF(bad));
    if (q < end && *q != '?' && *q != '#')
        return curi__fail(err, CURI_ERR_PATH_CHAR, OFF(q));
    u->path.ptr = p;
    u->path.len = (size_t)(q - p);
    p = q;

    /* query = *( pchar / "/" / "?" ) */
    if (p < end && *p == '?') {
        q = run(s, p + 1, end, CURI__QUERY, flags, &bad);
        if (!q)
            return curi__fail(err, CURI_ERR_PCT, OFF(bad));
        if (q < end && *q != '#')
            return curi__fail(err, CURI_ERR_QUERY_CHAR, OFF(q));
        u->query.ptr = p + 1;
        u->query.len = (size_t)(q - p - 1);
        p = q;
    }

    /* fragment = *( pchar / "/" / "?" ); absolute-URI (4.3) has none. */
    if (p < end) {
        if (flags & CURI_PARSE_ABSOLUTE)
            return curi__fail(err, CURI_ERR_FRAGMENT_FORBIDDEN, OFF(p));
        q = run(s, p + 1, end, CURI__QUERY, flags, &bad);
        if (!q)
            return curi__fail(err, CURI_ERR_PCT, OFF(bad));
        if (q < end)
            return curi__fail(err, CURI_ERR_FRAGMENT_CHAR, OFF(q));
        u->fragment.ptr = p + 1;
        u->fragment.len = (size_t)(q - p - 1);
    }
    return curi__ok(err);
}
