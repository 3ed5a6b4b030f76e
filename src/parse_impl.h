/*
 * parse_impl.h -- the body of curi_parse, included by parse.c once per scanner.
 *
 * parse.c defines, before each inclusion:
 *   P_(name)          the variant's name for a function (name##_scalar, name##_avx2)
 *   P_TARGET          function attributes of the variant (the instruction set)
 *   P_SCANNER         the scanner state type; P_SCAN_INIT(sc, s, len, flags) sets it up
 *   P_SCAN(sc, p, end, h)    the first byte in [p, end) outside the class of handle h;
 *                     end is always the end of the input
 *   P_ZERO(u)         sets *u to all zeros (every view absent)
 * and may define (the variants with a class mask do; the others take the defaults):
 *   P_CLASS_T         the type of a class handle (default unsigned: the class bit itself)
 *   P_CLASS(sc, cls)  the handle of class cls, from what P_SCAN_INIT loaded; the grammar
 *                     code takes each before its first call of a function that is not
 *                     inlined, so a variant may keep vector registers from P_SCAN_INIT
 *                     until then (default: cls)
 *   P_CLASS_LATE(sc, cls)  the same, valid anywhere (default: cls)
 * and (the IRI variants do; the URI variants take the defaults):
 *   P_FRAG            the class of the fragment (default CURI__QUERY)
 *   P_AUTH_SLOW       the general authority reader (default authority_slow)
 * so the same grammar code runs with the scanner inlined, and every variant answers the
 * same (the test suite runs each vector through each).  The parameters are #undef'd at the
 * end.  Not a public header.
 * SPDX-License-Identifier: MIT
 */

#ifndef P_FRAG
#define P_FRAG CURI__QUERY
#endif
#ifndef P_AUTH_SLOW
#define P_AUTH_SLOW authority_slow
#endif
#ifndef P_CLASS_T
#define P_CLASS_T unsigned
#define P_CLASS(sc, cls) ((void)(sc), (unsigned)(cls))
#define P_CLASS_LATE(sc, cls) ((void)(sc), (unsigned)(cls))
#endif

/*
 * *( <bytes of the class of h> / pct-encoded )
 *
 * Returns the first byte that is neither (a delimiter or an error for the caller to judge),
 * or NULL with *bad at a '%' that does not start a pct-encoded triplet.
 */
P_TARGET P_INLINE const char *P_(run)(P_SCANNER *sc, const char *p, const char *end,
                                           P_CLASS_T h, const char **bad)
{
    for (;;) {
        p = P_SCAN(sc, p, end, h);
        if (p == end || *p != '%')
            return p;
        if (!curi__is_pct(p, end)) {
            *bad = p;
            return NULL;
        }
        p += 3;
    }
}

/*
 * The authority starting at a; *aend receives its end.  Most authorities are a reg-name,
 * maybe with a port, so that case is read in one pass: the host run stops at the byte that
 * decides everything.  Anything else ('@', '[', a colon not followed by a port, a bad byte)
 * goes the general way (authority_slow), which gives the same answer for what it shares.
 */
P_TARGET P_INLINE int P_(authority)(P_SCANNER *sc, curi_uri *u, const char *s,
                                         const char *a, const char *end, const char **aend,
                                         unsigned flags, curi_error *err)
{
    const char *q, *r, *bad = NULL;
    int rc;

    if (a < end && *a != '[') {
        /* reg-name = *( unreserved / pct-encoded / sub-delims ) */
        q = P_(run)(sc, a, end, P_CLASS(sc, CURI__REGNAME), &bad);
        if (!q)
            return parse_fail(u, err, CURI_ERR_PCT, OFF(bad));
        r = q;
        if (r < end && *r == ':') {
            /* port = *DIGIT, and then the authority must end */
            r = P_SCAN(sc, r + 1, end, P_CLASS(sc, CURI__DIGIT));
        }
        if (ends_authority(r, end)) {
            reg_name(u, a, q);
            if (q != r) {
                rc = port(u, s, q + 1, r, flags, err);
                if (rc != CURI_OK)
                    return rc;
            }
            *aend = r;
            return CURI_OK;
        }
    }
    return P_AUTH_SLOW(u, s, a, end, aend, flags, err);
}

/*
 * URI-reference = URI / relative-ref
 * URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
 * relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
 * hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
 * relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
 *
 * The caller has checked len and s.
 */
P_TARGET static int P_(parse)(curi_uri *u, const char *s, size_t len, unsigned flags,
                              curi_error *err)
{
    const char *p, *q, *end = s + len, *bad = NULL;
    P_SCANNER sc;
    int rc;

    P_ZERO(u); /* every view absent (NULL), every number 0 */
    P_SCAN_INIT(&sc, s, len, flags);
    /* Every parse that gets past the scheme scans a path: its handle is taken here, before
     * any call (P_CLASS). */
    const P_CLASS_T path_class = P_CLASS(&sc, CURI__PATH);

    /*
     * scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
     * A run of scheme characters ended by ':' is meant as a scheme; if it is not a valid
     * one (empty, or not starting with a letter) that is a scheme error.  A ':' after any
     * other byte is a colon in the first segment of a relative reference, judged below.
     */
    q = P_SCAN(&sc, s, end, P_CLASS(&sc, CURI__SCHEME));
    if (q < end && *q == ':') {
        /* An empty run (q == s) has ':' at s, which is not a letter. */
        if (!curi__is((unsigned char)*s, CURI__ALPHA))
            return parse_fail(u, err, CURI_ERR_SCHEME, 0);
        u->scheme.ptr = s;
        u->scheme.len = (size_t)(q - s);
        p = q + 1;
    } else {
        if (flags & (CURI_PARSE_URI | CURI_PARSE_ABSOLUTE))
            return parse_fail(u, err, CURI_ERR_SCHEME_MISSING, 0);
        p = s;
    }

    if (end - p >= 2 && two_slashes(p)) {
        const char *aend;
        rc = P_(authority)(&sc, u, s, p + 2, end, &aend, flags, err);
        if (rc != CURI_OK)
            return rc;
        p = aend;
    } else if (!u->scheme.ptr) {
        /*
         * path-noscheme = segment-nz-nc *( "/" segment )   (4.2)
         * Without a scheme, a ':' in the first segment would read as one.
         */
        q = P_(run)(&sc, p, end, P_CLASS(&sc, CURI__SEGNC), &bad);
        if (!q)
            return parse_fail(u, err, CURI_ERR_PCT, OFF(bad));
        if (q < end && *q == ':')
            return parse_fail(u, err, CURI_ERR_COLON_SEGMENT, OFF(q));
    }

    /*
     * path-abempty / path-absolute / path-rootless / path-noscheme / path-empty: all are
     * pchar and "/" up to '?' or '#'.  The "//" cases that tell them apart were settled
     * above: after an authority the path starts with '/' or is empty, and without one a
     * path cannot start with "//" because that would have been an authority.
     */
    q = P_(run)(&sc, p, end, path_class, &bad);
    if (!q)
        return parse_fail(u, err, CURI_ERR_PCT, OFF(bad));
    if (q < end && *q != '?' && *q != '#')
        return parse_fail(u, err, CURI_ERR_PATH_CHAR, OFF(q));
    u->path.ptr = p;
    u->path.len = (size_t)(q - p);
    p = q;

    /* query = *( pchar / "/" / "?" ) */
    if (p < end && *p == '?') {
        q = P_(run)(&sc, p + 1, end, P_CLASS_LATE(&sc, CURI__QUERY), &bad);
        if (!q)
            return parse_fail(u, err, CURI_ERR_PCT, OFF(bad));
        if (q < end && *q != '#')
            return parse_fail(u, err, CURI_ERR_QUERY_CHAR, OFF(q));
        u->query.ptr = p + 1;
        u->query.len = (size_t)(q - p - 1);
        p = q;
    }

    /* fragment = *( pchar / "/" / "?" ); absolute-URI (4.3) has none. */
    if (p < end) {
        if (flags & CURI_PARSE_ABSOLUTE)
            return parse_fail(u, err, CURI_ERR_FRAGMENT_FORBIDDEN, OFF(p));
        q = P_(run)(&sc, p + 1, end, P_CLASS_LATE(&sc, P_FRAG), &bad);
        if (!q)
            return parse_fail(u, err, CURI_ERR_PCT, OFF(bad));
        if (q < end)
            return parse_fail(u, err, CURI_ERR_FRAGMENT_CHAR, OFF(q));
        u->fragment.ptr = p + 1;
        u->fragment.len = (size_t)(q - p - 1);
    }
    return curi__ok(err);
}

/* The parameters are the includer's; each inclusion defines them afresh. */
#undef P_
#undef P_TARGET
#undef P_SCANNER
#undef P_SCAN_INIT
#undef P_SCAN
#undef P_ZERO
#undef P_FRAG
#undef P_AUTH_SLOW
#undef P_CLASS_T
#undef P_CLASS
#undef P_CLASS_LATE
