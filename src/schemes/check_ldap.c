/*
 * check_ldap.c -- the ldap (and ldaps) grammar of RFC 4516 2 for curi_scheme_check:
 *   ldapurl = scheme "://" [ host [ ":" port ] ]
 *             [ "/" dn [ "?" [ attributes ]
 *               [ "?" [ scope ] [ "?" [ filter ] [ "?" extensions ] ] ] ] ]
 * with the dn an RFC 4514 distinguished name, the filter an RFC 4515 string filter and the
 * attributes and extension types RFC 4512 descriptions, each read percent-decoded (RFC 4516
 * 4: the URL layer first, then the LDAP one); the dn, filter and extension values must be
 * well-formed UTF-8 once decoded.  No recursion: the filter's nesting is a
 * depth counter with the state of each level in bit sets (so at most 64 levels: documented).
 * SPDX-License-Identifier: MIT
 */
#include "check.h"

/* ------------------------------------------------------------------ RFC 4514 dn */

/* A byte after '\' in a dn: special = '"' '+' ',' ';' '<' '>' ' ' '#' '=' or '\' itself. */
static int dn_special(int ch)
{
    return ch == '"' || ch == '+' || ch == ',' || ch == ';' || ch == '<' || ch == '>' ||
           ch == ' ' || ch == '#' || ch == '=' || ch == '\\';
}

/*
 * distinguishedName = [ relativeDistinguishedName *( COMMA relativeDistinguishedName ) ]
 * relativeDistinguishedName = attributeTypeAndValue *( PLUS attributeTypeAndValue )
 * attributeTypeAndValue = attributeType EQUALS attributeValue
 * attributeValue = string / hexstring  (RFC 4514 3)
 * over the decoded bytes of [p, e): NULL, or the raw byte where it breaks.
 */
static const char *dn(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at, *type_at;
    int ch;

    if (p == e) {
        return NULL; /* the empty dn */
    }
    for (;;) {
        /* attributeType up to '=' */
        type_at = d.p;
        while ((ch = curi__dec_next(&d, &at)) >= 0 && ch != '=') {
        }
        if (ch < 0 || !curi__sc_oid_or_descr(type_at, at)) {
            return ch < 0 ? at : type_at;
        }
        /* attributeValue up to an unescaped ',' or '+', or the end */
        ch = curi__dec_next(&d, &at);
        if (ch == '#') {
            /* hexstring = SHARP 1*hexpair */
            int n = 0;
            while ((ch = curi__dec_next(&d, &at)) >= 0 && ch != ',' && ch != '+') {
                if (!curi__is((unsigned char)ch, CURI__HEX)) {
                    return at;
                }
                n++;
            }
            if (n == 0 || n % 2 != 0) {
                return at;
            }
        } else {
            /* string: leadchar, stringchars, trailchar, or pairs; trailing space escaped */
            int first = 1;
            const char *space = NULL; /* the last byte, when it is an unescaped space */
            for (; ch >= 0 && ch != ',' && ch != '+'; ch = curi__dec_next(&d, &at)) {
                if (ch == '\\') {
                    const char *esc = at;
                    int x = curi__dec_next(&d, &at);
                    if (x >= 0 && curi__is((unsigned char)x, CURI__HEX) && !dn_special(x)) {
                        int y = curi__dec_next(&d, &at);
                        if (y < 0 || !curi__is((unsigned char)y, CURI__HEX)) {
                            return at;
                        }
                    } else if (x < 0 || !dn_special(x)) {
                        return x < 0 ? esc : at;
                    }
                    space = NULL;
                } else if (ch == 0 || ch == '"' || ch == ';' || ch == '<' || ch == '>' ||
                           (first && (ch == ' ' || ch == '#'))) {
                    return at;
                } else {
                    space = (ch == ' ') ? at : NULL;
                }
                first = 0;
            }
            if (space != NULL) {
                return space; /* an unescaped trailing space */
            }
        }
        if (ch < 0) {
            return NULL;
        }
    }
}

/* ------------------------------------------------------------------ RFC 4515 filter */

enum { MAXDEPTH = 64 };

/* attributedescription = attributetype *( ";" option ), option = 1*( ALPHA / DIGIT / "-" )
 * (RFC 4512 2.5) in [p, e): NULL, or the byte where it breaks. */
static const char *attr_desc(const char *p, const char *e)
{
    const char *semi = (p < e) ? memchr(p, ';', (size_t)(e - p)) : NULL;

    if (!curi__sc_oid_or_descr(p, semi != NULL ? semi : e)) {
        return p;
    }
    for (const char *k = semi; k != NULL && k < e; k++) {
        if (*k == ';' ? (k + 1 == e || k[1] == ';')
                      : !(curi__is((unsigned char)*k, CURI__ALPHA | CURI__DIGIT) || *k == '-')) {
            return k;
        }
    }
    return NULL;
}

/* The head of an extensible match before its ":=" (RFC 4515 3): attr [":dn"] [":" rule] or
 * [":dn"] ":" rule, in [p, e): NULL, or the byte where it breaks. */
static const char *extensible(const char *p, const char *e)
{
    const char *k = p, *t;
    int dn_seen = 0, rule_seen = 0;

    if (k < e && *k != ':') {
        /* the attribute */
        for (t = k; t < e && *t != ':'; t++) {
        }
        if (attr_desc(k, t) != NULL) {
            return attr_desc(k, t);
        }
        k = t;
    } else if (k == e) {
        return p;
    }
    while (k < e) {
        /* at a ':' */
        const char *s = k + 1;
        for (t = s; t < e && *t != ':'; t++) {
        }
        if (!dn_seen && !rule_seen && t - s == 2 && (s[0] | 0x20) == 'd' && (s[1] | 0x20) == 'n') {
            dn_seen = 1;
        } else if (!rule_seen && curi__sc_oid_or_descr(s, t)) {
            rule_seen = 1;
        } else {
            return s;
        }
        k = t;
    }
    /* without an attribute, the rule is required */
    return (*p == ':' && !rule_seen) ? e : NULL;
}

/*
 * filter = "(" filtercomp ")"; filtercomp = and / or / not / item; and = "&" filterlist;
 * or = "|" filterlist; not = "!" filter; filterlist = 1*filter;
 * item = simple / present / substring / extensible (RFC 4515 3), over decoded bytes.
 * An item is an attribute description (or, for extensible, ":" forms) then one of "=",
 * "~=", ">=", "<=", ":=" (after ":dn" / ":rule"), then a value with '(' ')' '\' escaped as
 * '\' HEX HEX, '*' only after "=" (present and substring), no NUL.
 */
static const char *filter(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at;
    uint64_t is_not = 0; /* per level: it is a '!', which takes exactly one filter */
    int depth = 0, ch;

    ch = curi__dec_next(&d, &at);
    if (ch != '(') {
        return at;
    }
    for (;;) {
        /* just after a '(' at level depth */
        uint64_t bit;
        if (depth == MAXDEPTH) {
            return at;
        }
        bit = (uint64_t)1 << depth;
        is_not &= ~bit;
        ch = curi__dec_next(&d, &at);
        if (ch == '&' || ch == '|' || ch == '!') {
            if (ch == '!') {
                is_not |= bit;
            }
            ch = curi__dec_next(&d, &at);
            if (ch != '(') {
                return at;
            }
            depth++;
            continue;
        }
        /* an item: the attribute part up to the filter type, then the value */
        {
            const char *a = at, *ae, *bad;
            int star_ok = 0;
            while (ch >= 0 && ch != '=' && ch != '~' && ch != '>' && ch != '<' && ch != '(' &&
                   ch != ')') {
                ch = curi__dec_next(&d, &at);
            }
            ae = at;
            if (ch == '~' || ch == '>' || ch == '<') {
                if (curi__dec_next(&d, &at) != '=') {
                    return at;
                }
                bad = attr_desc(a, ae);
            } else if (ch != '=') {
                return at;
            } else if (ae > a && ae[-1] == ':') {
                bad = extensible(a, ae - 1);
            } else {
                star_ok = 1; /* equal, present, substring */
                bad = attr_desc(a, ae);
            }
            if (bad != NULL) {
                return bad;
            }
            /* the value, up to the closing ')' */
            while ((ch = curi__dec_next(&d, &at)) >= 0 && ch != ')') {
                if (ch == '\\') {
                    int x = curi__dec_next(&d, &at), y;
                    if (x < 0 || !curi__is((unsigned char)x, CURI__HEX)) {
                        return at;
                    }
                    y = curi__dec_next(&d, &at);
                    if (y < 0 || !curi__is((unsigned char)y, CURI__HEX)) {
                        return at;
                    }
                } else if (ch == 0 || ch == '(' || (ch == '*' && !star_ok)) {
                    return at;
                }
            }
            if (ch != ')') {
                return at;
            }
        }
        /* the ')' of an item closed level depth; close the levels that end here */
        for (;;) {
            if (depth == 0) {
                ch = curi__dec_next(&d, &at);
                return ch < 0 ? NULL : at; /* one filter, nothing after it */
            }
            depth--;
            bit = (uint64_t)1 << depth;
            ch = curi__dec_next(&d, &at);
            if (ch == '(') {
                if (is_not & bit) {
                    return at; /* '!' takes exactly one filter */
                }
                depth++;
                break; /* another child of this level */
            }
            if (ch != ')') {
                return at;
            }
        }
    }
}

/* ------------------------------------------------------------------ the URL */

/* attributes = selector *( "," selector ), selector = attributedescription / "*" / "1.1" */
static const char *attributes(const char *p, const char *e)
{
    for (;;) {
        const char *q = p, *bad;
        while (q < e && *q != ',') {
            q++;
        }
        bad = (q - p == 1 && *p == '*') ? NULL : attr_desc(p, q);
        if (bad != NULL) {
            return bad;
        }
        if (q == e) {
            return NULL;
        }
        p = q + 1;
    }
}

/*
 * extensions = extension *( "," extension ), extension = [ "!" ] extype [ "=" exvalue ]
 * (RFC 4516 2): at least one, each with a type; an exvalue is an LDAPString (RFC 4511
 * 4.1.2), so UTF-8 once decoded.
 */
static const char *extensions(const char *p, const char *e)
{
    for (;;) {
        const char *q = p, *t = p, *eq, *bad;
        while (q < e && *q != ',') {
            q++;
        }
        if (t < q && *t == '!') {
            t++;
        }
        eq = memchr(t, '=', (size_t)(q - t));
        if (!curi__sc_oid_or_descr(t, eq != NULL ? eq : q)) {
            return t;
        }
        bad = (eq != NULL) ? curi__sc_utf8(eq + 1, q) : NULL;
        if (bad != NULL) {
            return bad;
        }
        if (q == e) {
            return NULL;
        }
        p = q + 1;
    }
}

/*
 * The dn, the filter and every exvalue are UTF-8 strings (RFC 4514 2.4 and 3, RFC 4515 3,
 * RFC 4511 4.1.2): once percent-decoded, an ill-formed sequence (a stray byte, an overlong
 * form, a surrogate, a code point past U+10FFFF, a cut-short sequence) breaks the element's
 * rule, at whichever of the grammar's and the encoding's failures comes first.  The '\' hex
 * pairs of the LDAP layer are not decoded here.  A fourth '?' needs at least one extension
 * after it (the extensions rule has no empty form), so "ldap://h/????" is refused while
 * "ldap://h/???" (an empty filter) is not.  Open cases (schemes.md 5), as chosen here: spaces
 * around dn separators are refused (the RFC 4514 grammar has none); fragments are accepted;
 * ldaps has the ldap grammar.
 */
int curi__check_ldap(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *bad;
    int rc = curi__sc_no_userinfo(c, "ldap-userinfo");

    if (rc != CURI_OK) {
        return rc;
    }
    if (u->host.ptr == NULL) {
        return curi__sc_fail_after_colon(c, "ldap-authority");
    }
    if (p == e && u->query.ptr != NULL) {
        return curi__sc_fail_before(c, &u->query, "ldap-path");
    }
    if (p < e) {
        bad = curi__sc_first(dn(p + 1, e), curi__sc_utf8(p + 1, e));
        if (bad != NULL) {
            return curi__sc_fail(c, bad, "ldap-dn");
        }
    }
    if (u->query.ptr != NULL) {
        static const char *const what[4] = {"ldap-attributes", "ldap-scope", "ldap-filter",
                                            "ldap-extension"};
        const char *q = u->query.ptr, *qe = curi__vend(u->query);
        for (int k = 0;; k++) {
            const char *pe = q;
            while (pe < qe && *pe != '?') {
                pe++;
            }
            if (k == 4) {
                return curi__sc_fail(c, q - 1, "ldap-query");
            }
            bad = NULL;
            if (pe == q && k == 3) {
                bad = q; /* "?" with no extension after it */
            } else if (pe > q) {
                switch (k) {
                case 0:
                    bad = attributes(q, pe);
                    break;
                case 1:
                    if (!(pe - q == 4 && (q[0] | 0x20) == 'b' && (q[1] | 0x20) == 'a' &&
                          (q[2] | 0x20) == 's' && (q[3] | 0x20) == 'e') &&
                        !(pe - q == 3 && (q[0] | 0x20) == 'o' && (q[1] | 0x20) == 'n' &&
                          (q[2] | 0x20) == 'e') &&
                        !(pe - q == 3 && (q[0] | 0x20) == 's' && (q[1] | 0x20) == 'u' &&
                          (q[2] | 0x20) == 'b')) {
                        bad = q;
                    }
                    break;
                case 2:
                    bad = curi__sc_first(filter(q, pe), curi__sc_utf8(q, pe));
                    break;
                default:
                    bad = extensions(q, pe);
                    break;
                }
            }
            if (bad != NULL) {
                return curi__sc_fail(c, bad, what[k]);
            }
            if (pe == qe) {
                break;
            }
            q = pe + 1;
        }
    }
    return CURI_OK;
}
