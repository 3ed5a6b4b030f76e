/*
 * set.c -- editing one component of a curi_uri in place (a builder without allocation).
 * Each value is checked against its component's ABNF (RFC 3986 section 3) before
 * *u is touched, so a failed curi_set leaves *u as it was.  Whether the parts
 * still fit together is curi_recompose's question (CURI_ERR_STRUCTURE), not ours.
 * SPDX-License-Identifier: MIT
 */
#include "internal.h"

static const char *const curi__part_names[] = {"scheme", "userinfo", "host",    "port",
                                               "path",   "query",    "fragment"};

#define CURI__NPARTS (sizeof curi__part_names / sizeof curi__part_names[0])

const char *curi_part_name(curi_part part)
{
    if ((unsigned)part >= CURI__NPARTS) {
        return NULL;
    }
    return curi__part_names[part];
}

/* Reverse of curi_part_name, ignoring ASCII case; -1 for anything else. */
curi_str curi_get(const curi_uri *u, curi_part part)
{
    curi_str none = {NULL, 0};
    if (u == NULL) {
        return none;
    }
    switch (part) {
    case CURI_PART_SCHEME:
        return u->scheme;
    case CURI_PART_USERINFO:
        return u->userinfo;
    case CURI_PART_HOST:
        return u->host;
    case CURI_PART_PORT:
        return u->port;
    case CURI_PART_PATH:
        return u->path;
    case CURI_PART_QUERY:
        return u->query;
    case CURI_PART_FRAGMENT:
        return u->fragment;
    }
    return none;
}

int curi_part_from_name(const char *name, size_t len)
{
    if (name == NULL) {
        return -1;
    }
    for (size_t p = 0; p < CURI__NPARTS; p++) {
        const char *want = curi__part_names[p];
        size_t i = 0;
        while (i < len && want[i] != '\0' &&
               curi__lower((unsigned char)name[i]) == (unsigned char)want[i]) {
            i++;
        }
        if (i == len && want[i] == '\0') {
            return (int)p;
        }
    }
    return -1;
}

/* scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )  (3.1); empty is an error too. */
static int check_scheme(const char *s, size_t len, curi_error *err)
{
    if (len == 0 || !curi__is((unsigned char)s[0], CURI__ALPHA)) {
        return curi__fail(err, CURI_ERR_SCHEME, 0);
    }
    for (size_t i = 1; i < len; i++) {
        if (!curi__is((unsigned char)s[i], CURI__SCHEME)) {
            return curi__fail(err, CURI_ERR_SCHEME, i);
        }
    }
    return CURI_OK;
}

/*
 * The common shape of userinfo, path, query and fragment:
 *   *( <class bytes> / pct-encoded ),  pct-encoded = "%" HEXDIG HEXDIG  (2.1)
 * A bad '%' is CURI_ERR_PCT at the '%'; any other stray byte is `code`.
 */
static int check_chars(const char *s, size_t len, unsigned cls, int code, curi_error *err)
{
    const char *bad = NULL;
    const char *q = len ? curi__pct_run(s, s + len, cls, &bad) : s;

    if (q == NULL) {
        return curi__fail(err, CURI_ERR_PCT, (size_t)(bad - s));
    }
    if (q != s + len) {
        return curi__fail(err, code, (size_t)(q - s));
    }
    return CURI_OK;
}

/*
 * port = *DIGIT  (3.2.3).  Fills status and number the way curi_parse does:
 * empty, valid (0..65535) or out of range (never wrapped).  With
 * CURI_PARSE_PORT_RANGE a value above 65535 is CURI_ERR_PORT_RANGE.
 */
static int check_port(curi_uri *t, const char *s, size_t len, unsigned flags, curi_error *err)
{
    unsigned v;
    size_t digits = curi__port_digits(s, len, &v);
    int range = v > 65535;

    if (digits != len) {
        return curi__fail(err, CURI_ERR_PORT_CHAR, digits);
    }
    if (range && (flags & CURI_PARSE_PORT_RANGE)) {
        return curi__fail(err, CURI_ERR_PORT_RANGE, 0);
    }
    t->port_number = 0;
    if (len == 0) {
        t->port_status = CURI_PORT_EMPTY;
    } else if (range) {
        t->port_status = CURI_PORT_RANGE;
    } else {
        t->port_status = CURI_PORT_VALID;
        t->port_number = (uint16_t)v;
    }
    return CURI_OK;
}

/* Removing the host removes the whole authority: userinfo and port too. */
static void remove_authority(curi_uri *t)
{
    curi_str none = {NULL, 0};

    t->userinfo = none;
    t->host = none;
    t->port = none;
    t->zone = none;
    t->host_type = CURI_HOST_NONE;
    for (size_t i = 0; i < sizeof t->ip; i++) {
        t->ip[i] = 0;
    }
    t->port_status = CURI_PORT_ABSENT;
    t->port_number = 0;
}

/*
 * Validate and install one component.  The work happens on a copy, which is
 * stored into *u only at the end: on error *u is unchanged.
 */
int curi_set(curi_uri *u, curi_part part, const char *value, size_t len, unsigned flags,
             curi_error *err)
{
    curi_uri t;
    curi_str v = {value, len};
    int rc = CURI_OK;

    if (u == NULL || (unsigned)part >= CURI__NPARTS || (flags & ~CURI__PARSE_FLAGS)) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (value == NULL) {
        v.len = 0;
    } else if (len > CURI_MAX_LEN) {
        return curi__fail(err, CURI_ERR_TOO_LONG, CURI_MAX_LEN);
    }
    t = *u;
    switch (part) {
    case CURI_PART_SCHEME:
        if (value != NULL) {
            rc = check_scheme(value, len, err);
        } else if (flags & (CURI_PARSE_URI | CURI_PARSE_ABSOLUTE)) {
            /* URI = scheme ":" ...  (3): a URI cannot lose its scheme. */
            rc = curi__fail(err, CURI_ERR_SCHEME_MISSING, 0);
        }
        t.scheme = v;
        break;
    case CURI_PART_USERINFO:
        /* userinfo = *( unreserved / pct-encoded / sub-delims / ":" )  (3.2.1) */
        rc = value ? check_chars(value, len, CURI__USERINFO, CURI_ERR_USERINFO_CHAR, err)
                   : CURI_OK;
        t.userinfo = v;
        break;
    case CURI_PART_HOST:
        /* host = IP-literal / IPv4address / reg-name  (3.2.2): the parser's own rule. */
        if (value == NULL) {
            remove_authority(&t);
        } else {
            rc = curi_host_parse(&t, value, len, flags, err);
        }
        break;
    case CURI_PART_PORT:
        if (value == NULL) {
            t.port_status = CURI_PORT_ABSENT;
            t.port_number = 0;
        } else {
            rc = check_port(&t, value, len, flags, err);
        }
        t.port = v;
        break;
    case CURI_PART_PATH: {
        /*
         * path: every path rule is built from segments (pchar / pct-encoded) and
         * "/".  Which rule applies depends on the other parts: recompose checks it.
         */
        static const char empty[1] = "";
        rc = value ? check_chars(value, len, CURI__PATH, CURI_ERR_PATH_CHAR, err) : CURI_OK;
        if (value == NULL) {
            v.ptr = empty; /* the path is always present, possibly empty */
        }
        t.path = v;
        break;
    }
    case CURI_PART_QUERY:
        /* query = *( pchar / "/" / "?" )  (3.4) */
        rc = value ? check_chars(value, len, CURI__QUERY, CURI_ERR_QUERY_CHAR, err) : CURI_OK;
        t.query = v;
        break;
    case CURI_PART_FRAGMENT:
        /* fragment = *( pchar / "/" / "?" )  (3.5); absolute-URI has none (4.3). */
        if (value != NULL && (flags & CURI_PARSE_ABSOLUTE)) {
            rc = curi__fail(err, CURI_ERR_FRAGMENT_FORBIDDEN, 0);
        } else if (value != NULL) {
            rc = check_chars(value, len, CURI__QUERY, CURI_ERR_FRAGMENT_CHAR, err);
        }
        t.fragment = v;
        break;
    }
    if (rc != CURI_OK) {
        return rc;
    }
    *u = t;
    return curi__ok(err);
}

/*
 * Percent-encode value into buf with the component's curi_charset, then
 * curi_set on buf.  The scheme and the port have no encoded form: they are
 * copied as they are and validated.  So is a host starting with "[": an
 * IP-literal has no percent-encoding to add (its zone ID comes encoded).
 */
int curi_set_encoded(curi_uri *u, curi_part part, char *buf, size_t cap, size_t *outlen,
                     const char *value, size_t len, unsigned flags, curi_error *err)
{
    size_t n = 0;
    int rc;
    int copy = 0;
    curi_charset set = CURI_CHARSET_PATH;

    if (!curi__wbegin(buf, cap, outlen, 1) || u == NULL || (unsigned)part >= CURI__NPARTS ||
        (flags & ~CURI__PARSE_FLAGS)) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (value == NULL) {
        return curi_set(u, part, NULL, 0, flags, err);
    }
    switch (part) {
    case CURI_PART_SCHEME:
    case CURI_PART_PORT:
        copy = 1;
        break;
    case CURI_PART_USERINFO:
        set = CURI_CHARSET_USERINFO;
        break;
    case CURI_PART_HOST:
        copy = (len > 0 && value[0] == '[');
        set = CURI_CHARSET_HOST;
        break;
    case CURI_PART_PATH:
        set = CURI_CHARSET_PATH;
        break;
    case CURI_PART_QUERY:
        set = CURI_CHARSET_QUERY;
        break;
    case CURI_PART_FRAGMENT:
        set = CURI_CHARSET_FRAGMENT;
        break;
    }
    if (len > CURI_MAX_LEN) {
        return curi__wend(CURI_ERR_TOO_LONG, 0, outlen, err);
    }
    if (copy) {
        /* Verbatim copy under the same writer contract as the encoder. */
        n = len;
        if (n > cap) {
            return curi__wend(CURI_ERR_NOSPACE, n, outlen, err);
        }
        for (size_t i = 0; i < n; i++) {
            buf[i] = value[i];
        }
    } else {
        rc = curi_pct_encode(buf, cap, &n, value, len, set, 0, err);
        if (rc != CURI_OK) {
            return curi__wend(rc, n, outlen, err);
        }
    }
    /* The text is in buf; whether it is valid there decides the result. */
    rc = curi_set(u, part, (n > 0) ? buf : "", n, flags, err);
    return curi__wend(rc, n, outlen, err);
}
