/*
 * check_mail.c -- the mailto grammar of RFC 6068 2 for curi_scheme_check:
 *   mailtoURI = "mailto:" [ to ] [ hfields ], to = addr-spec *( "," addr-spec ),
 *   hfields = "?" hfield *( "&" hfield ), hfield = hfname "=" hfvalue
 * with addr-spec of RFC 5322 3.4.1 without comments, folding or obsolete forms, read
 * percent-decoded (and UTF-8 beyond ASCII allowed as RFC 6532 does, well-formed only).
 * Also the one splitter of an address list (curi__mail_addr_end), which the check, the
 * parts' list cursor (curi_list_next) and so mailto equivalence and the tool all use: a ','
 * inside a quoted local part or a domain literal does not split.  Each address is read
 * twice (grammar, then UTF-8), each list once more to split it.
 * SPDX-License-Identifier: MIT
 */
#include "check.h"

/* atext (RFC 5322 3.2.3), plus the octets of UTF-8 beyond ASCII (RFC 6532 3.2). */
static int atext(int ch)
{
    return ch >= 0x80 || curi__is((unsigned char)ch, CURI__ALPHA | CURI__DIGIT) ||
           (ch > 0x20 && ch < 0x7F && strchr("!#$%&'*+-/=?^_`{|}~", ch) != NULL);
}

/*
 * addr-spec = local-part "@" domain over the decoded bytes of [p, e), with local-part =
 * dot-atom-text / quoted-string and domain = dot-atom-text / "[" *dtext "]".  NULL when it
 * is one, else the raw byte where it stops being one.
 */
static const char *addr_spec(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at;
    int ch = curi__dec_next(&d, &at), dot = 1;

    if (ch == '"') {
        /*
         * quoted-string = DQUOTE *( [FWS] qcontent ) [FWS] DQUOTE (RFC 5322 3.2.4), qcontent =
         * qtext / quoted-pair: so ',' and spaces are data here ("a b"@x is one address).
         * Of FWS only its white space (SP, HTAB) can stand in an address of a URI: CR and LF
         * (folding) are refused, as RFC 6068 2 leaves folding out.
         */
        for (;;) {
            ch = curi__dec_next(&d, &at);
            if (ch < 0) {
                return at;
            }
            if (ch == '"') {
                break;
            }
            if (ch == '\\') {
                ch = curi__dec_next(&d, &at);
                if (ch < 0 || (ch < 0x20 && ch != '\t') || ch == 0x7F) {
                    return at; /* quoted-pair = "\" ( VCHAR / WSP ) */
                }
            } else if ((ch < 0x20 && ch != '\t') || ch == 0x7F) {
                return at;
            }
        }
        ch = curi__dec_next(&d, &at);
    } else {
        /* dot-atom-text: atext runs separated by single dots */
        for (; ch >= 0 && ch != '@'; ch = curi__dec_next(&d, &at)) {
            if (ch == '.' ? dot : !atext(ch)) {
                return at;
            }
            dot = (ch == '.');
        }
        if (dot) {
            return at; /* empty, or ending with '.' */
        }
    }
    if (ch != '@') {
        return at;
    }
    ch = curi__dec_next(&d, &at);
    if (ch == '[') {
        /* domain-literal: dtext = %d33-90 / %d94-126, then "]" at the end */
        while ((ch = curi__dec_next(&d, &at)) >= 0 && ch != ']') {
            if (ch < 33 || ch > 126 || (ch > 90 && ch < 94)) {
                return at;
            }
        }
        if (ch != ']') {
            return at;
        }
        ch = curi__dec_next(&d, &at);
        return ch < 0 ? NULL : at;
    }
    for (dot = 1; ch >= 0; ch = curi__dec_next(&d, &at)) {
        if (ch == '.' ? dot : !atext(ch)) {
            return at;
        }
        dot = (ch == '.');
    }
    return dot ? at : NULL;
}

const char *curi__mail_addr_end(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at;
    int ch = curi__dec_next(&d, &at);

    if (ch == '"') {
        /* a quoted local part: up to its closing quote, '\' taking the next byte */
        while ((ch = curi__dec_next(&d, &at)) >= 0 && ch != '"') {
            if (ch == '\\' && curi__dec_next(&d, &at) < 0) {
                return e;
            }
        }
        ch = curi__dec_next(&d, &at);
    }
    for (; ch >= 0; ch = curi__dec_next(&d, &at)) {
        if (*at == ',') {
            return at;
        }
        if (ch == '@') {
            /* a domain literal "[" *dtext "]" may hold ',' too (dtext is %d33-90 / %d94-126) */
            ch = curi__dec_next(&d, &at);
            if (ch == '[') {
                while ((ch = curi__dec_next(&d, &at)) >= 0 && ch != ']') {
                }
                continue;
            }
            if (ch < 0) {
                break;
            }
            if (*at == ',') {
                return at;
            }
        }
    }
    return e;
}

/* A list of addresses in [p, e): NULL or the byte where one breaks (its grammar or its
 * UTF-8, whichever comes first). */
static const char *addr_list(const char *p, const char *e)
{
    for (;;) {
        const char *q = curi__mail_addr_end(p, e), *bad;
        bad = curi__sc_first(addr_spec(p, q), curi__sc_utf8(p, q));
        if (bad != NULL || q == e) {
            return bad;
        }
        p = q + 1;
    }
}

/* hfname "to", ignoring case (RFC 6068 2: hfname is case-insensitive) */
static int is_to(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at;
    int a = curi__dec_next(&d, &at), b = curi__dec_next(&d, &at);

    return (a | 0x20) == 't' && (b | 0x20) == 'o' && curi__dec_next(&d, &at) < 0;
}

/*
 * Open cases (schemes.md 5), as chosen here: an empty hfname is refused; a raw '/' in a
 * header value is accepted (the prose reserves only '?', '=' and '&'); a second '?' is
 * refused (RFC 6068 6.1 marks "?cc=...?body=..." WRONG); fragments are accepted (SHOULD NOT).
 */
int curi__check_mailto(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *bad;
    int rc = curi__sc_no_authority(c, "mailto-authority");

    if (rc != CURI_OK) {
        return rc;
    }
    if (p < e) {
        /* in an address '/', ';', '=' and '&' must be percent-encoded (RFC 6068 2) */
        for (const char *q = p; q < e; q++) {
            if (*q == '/' || *q == ';' || *q == '=' || *q == '&') {
                return curi__sc_fail(c, q, "mailto-addr-encoding");
            }
        }
        bad = addr_list(p, e);
        if (bad != NULL) {
            return curi__sc_fail(c, bad, "mailto-addr-spec");
        }
    }
    if (u->query.ptr != NULL) {
        const char *q = u->query.ptr, *qe = curi__vend(u->query);
        for (;;) {
            const char *f = q, *fe = q, *eq;
            while (fe < qe && *fe != '&') {
                fe++;
            }
            eq = memchr(f, '=', (size_t)(fe - f));
            if (eq == NULL || eq == f) {
                return curi__sc_fail(c, eq == NULL ? fe : eq, "mailto-hfield");
            }
            for (const char *k = f; k < eq; k++) {
                if (*k == '/' || *k == '?') {
                    return curi__sc_fail(c, k, "mailto-hfield");
                }
            }
            for (const char *k = eq + 1; k < fe; k++) {
                if (*k == '=' || *k == '?') {
                    return curi__sc_fail(c, k, "mailto-hfvalue");
                }
            }
            if (is_to(f, eq) && eq + 1 < fe) {
                bad = addr_list(eq + 1, fe);
                if (bad != NULL) {
                    return curi__sc_fail(c, bad, "mailto-addr-spec");
                }
            }
            if (fe == qe) {
                break;
            }
            q = fe + 1;
        }
    }
    return CURI_OK;
}
