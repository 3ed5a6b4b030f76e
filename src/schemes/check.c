/*
 * check.c -- curi_scheme_check: each scheme's own grammar on top of RFC 3986, as
 * ../shared/specs/schemes.md digests RFC 1738, 9110, 4266, 5538, 4248, 8089, 8141, 2397,
 * 3966, 6455 and uri(7) (mailto is check_mail.c, ldap check_ldap.c).  Each validator gets a
 * reference curi_parse accepted, so every '%' starts a triplet and every view is inside one
 * buffer; it walks each view once, left to right, and stops at the first broken rule.
 * Where schemes.md lists a case as open, the choice is documented beside the code and in
 * curi_scheme_check's comment in curi.h (so in libcuri(3)), and
 * tests/vectors/scheme-check.vec tests it.
 * SPDX-License-Identifier: MIT
 */
#include "check.h"

/* ------------------------------------------------------------------ the rule catalogue */

static const struct {
    const char *name, *message;
} rule_messages[] = {
    {"data-authority", "a data URI has no authority (RFC 2397 3)"},
    {"data-base64",
     ("base64 data must be whole quanta of four base64 characters, '=' or '==' only at the end "
      "with zero pad bits, no white space (RFC 2397 3, RFC 4648 4, 3.5)")},
    {"data-comma", "a data URI needs the ',' that ends the media type (RFC 2397 3)"},
    {"data-mediatype",
     ("the media type must be type/subtype then ;attribute=value parameters, ';base64' last (RFC "
      "2397 3, RFC 2045 5.1)")},
    {"file-path",
     ("a file URI's path must be absolute, not start with '//' after an authority (but "
      "file:////host/share, E.3.2), or be a drive letter path (RFC 8089 2, E.2)")},
    {"file-port", "a file URI has no port (RFC 8089 2)"},
    {"file-query", "a file URI has no query (RFC 8089 2)"},
    {"file-userinfo", "a file URI has no userinfo (RFC 8089 2)"},
    {"ftp-host", "an ftp URL needs a host (RFC 1738 3.1, 3.2)"},
    {"ftp-query", "an ftp URL has no query (RFC 1738 3.2)"},
    {"ftp-typecode",
     "a ';' in an ftp path must start the final ';type=' with a, i or d (RFC 1738 3.2.2)"},
    {"ghelp-application", "ghelp: names an application (uri(7))"},
    {"ghelp-form", "a ghelp URI is ghelp:name-of-application, without authority or query (uri(7))"},
    {"gopher-host", "a gopher URL needs a host (RFC 4266 2.1, RFC 1738 3.4)"},
    {"gopher-query",
     "a gopher URL has no query; a '?' in a selector is written %3F (RFC 4266 2.1)"},
    {"gopher-selector-crlf",
     "a gopher selector may not contain CR or LF (RFC 4266 2.1, RFC 1738 3.4.1)"},
    {"gopher-type", "the gopher type is one visible character (RFC 4266 2.1, RFC 1436)"},
    {"gopher-userinfo", "a gopher URL has no userinfo (RFC 4266 2.1)"},
    {"http-host", "an http(s) URI needs a non-empty host (RFC 9110 4.2.1, 4.2.2)"},
    {"info-file",
     ("an info URI names a file, without '/' or %2F: info:file#node or info:(file)node "
      "(uri(7))")},
    {"info-form",
     "an info URI is info:file#node or info:(file)node, without authority or query (uri(7))"},
    {"ldap-attributes",
     ("each ldap attribute selector is an attribute description, '*' or '1.1' (RFC 4516 2, RFC "
      "4512 2.5)")},
    {"ldap-authority", "an ldap URL starts with '//' (RFC 4516 2)"},
    {"ldap-dn",
     ("the ldap dn must be an RFC 4514 distinguished name, UTF-8 once decoded (RFC 4516 2, RFC "
      "4514 3)")},
    {"ldap-extension",
     ("each ldap extension is ['!'] type ['=' value], the value UTF-8 once decoded; a fourth '?' "
      "needs one (RFC 4516 2)")},
    {"ldap-filter",
     "the ldap filter must be one parenthesised RFC 4515 filter, UTF-8 once decoded (RFC 4516 2)"},
    {"ldap-path", "an ldap URL's '?' parts follow '/' dn (RFC 4516 2)"},
    {"ldap-query",
     ("an ldap URL has at most four '?' parts: attributes, scope, filter, extensions (RFC 4516 "
      "2.1)")},
    {"ldap-scope", "the ldap scope is base, one or sub (RFC 4516 2)"},
    {"ldap-userinfo", "an ldap URL has no userinfo (RFC 4516 2)"},
    {"mailto-addr-encoding",
     "'/', ';', '=' and '&' in a mailto address must be percent-encoded (RFC 6068 2)"},
    {"mailto-addr-spec",
     "each mailto address must be local-part@domain (RFC 6068 2, RFC 5322 3.4.1)"},
    {"mailto-authority", "a mailto URI has no authority (RFC 6068 2)"},
    {"mailto-hfield",
     "each mailto header field is hfname=hfvalue with a non-empty name of qchars (RFC 6068 2)"},
    {"mailto-hfvalue",
     "'=' and '?' in a mailto header value must be percent-encoded (RFC 6068 2, 6.1)"},
    {"man-form", "a man URI is man:name or man:name(section), without authority or query (uri(7))"},
    {"man-name", "a man URI names a command, without '/' or %2F (uri(7))"},
    {"man-section",
     "a man section is written (section) at the end of the name, without '/' or %2F (uri(7))"},
    {"news-article",
     ("a news Message-ID has one '@' with text on both sides, '/' encoded and no '>' (RFC 5538 "
      "2.2, 4)")},
    {"news-group",
     ("a newsgroup is letters, digits, '-', '+', '_', '.', '*' and percent-encoded octets, not "
      "'.' or '..' (RFC 5538 2.3, 4)")},
    {"news-host", "news://server/ needs a server (RFC 5538 4)"},
    {"news-path", "without a server a news URI's path does not start with '/' (RFC 5538 4)"},
    {"news-query", "a news URI has no query (RFC 5538 2.3)"},
    {"nntp-article", "an nntp article number is 1 to 16 digits at the end (RFC 5538 3)"},
    {"nntp-group",
     ("an nntp URL names a group of letters, digits, '-', '+', '_', '.' and percent-encoded "
      "octets (RFC 5538 3)")},
    {"nntp-host", "an nntp URL needs a server (RFC 5538 2.1)"},
    {"nntp-query", "an nntp URL has no query (RFC 5538 3)"},
    {"prospero-field",
     "each prospero field is ;name=value with one '=' and a name (RFC 1738 3.11)"},
    {"prospero-host", "a prospero URL needs a host (RFC 1738 3.11)"},
    {"prospero-path", "a prospero URL needs '/' hsoname (RFC 1738 3.11)"},
    {"prospero-query", "a prospero URL has no query (RFC 1738 3.11)"},
    {"prospero-userinfo", "a prospero URL has no userinfo (RFC 1738 3.11)"},
    {"tel-authority", "a tel URI has no authority (RFC 3966 3)"},
    {"tel-ext", "a tel ext is one or more digits and visual separators (RFC 3966 3)"},
    {"tel-isub", "a tel isub is one or more URI characters (RFC 3966 3)"},
    {"tel-isub-ext", "a tel URI has at most one of isub and ext, each once (RFC 3966 5.3)"},
    {"tel-number",
     ("a tel number is '+' digits (global) or hex digits, '*', '#' (local), with visual "
      "separators - . ( ) (RFC 3966 3, 5.1)")},
    {"tel-param", "a tel parameter is ;name[=value], name of letters, digits and '-' (RFC 3966 3)"},
    {"tel-phone-context",
     ("a local tel number needs one phone-context, '+' digits or a domain name of letter-digit-"
      "hyphen labels ending in a label that starts with a letter; a global one has none (RFC "
      "3966 3, 5.1.5)")},
    {"tel-query", "a tel URI has no query (RFC 3966 3)"},
    {"telnet-host", "a telnet URL needs a host (RFC 4248 2, RFC 1738 3.8)"},
    {"telnet-path", "a telnet URL ends with the host, port or a single '/' (RFC 4248 2)"},
    {"telnet-query", "a telnet URL has no query (RFC 4248 2)"},
    {"urn-authority", "a URN has no authority (RFC 8141 2)"},
    {"urn-nid",
     ("a URN namespace identifier is 2 to 32 letters, digits and '-', not starting or ending with "
      "'-' (RFC 8141 2)")},
    {"urn-nss",
     "a URN needs ':' and a namespace specific string that does not start with '/' (RFC 8141 2)"},
    {"urn-q-component", "a URN q-component after '?=' is not empty (RFC 8141 2.3.2)"},
    {"urn-query", "a URN's '?' starts an r-component '?+' or a q-component '?=' (RFC 8141 2)"},
    {"urn-r-component", "a URN r-component after '?+' is not empty (RFC 8141 2.3.1)"},
    {"wais-database", "a wais URL needs '/' database (RFC 1738 3.9)"},
    {"wais-host", "a wais URL needs a host (RFC 1738 3.9)"},
    {"wais-path", "a wais path is /database or /database/wtype/wpath (RFC 1738 3.9)"},
    {"wais-search", "a wais search goes with /database alone (RFC 1738 3.9)"},
    {"wais-userinfo", "a wais URL has no userinfo (RFC 1738 3.9)"},
    {"whatis-form", "a whatis URI is whatis:string, without authority or query (uri(7))"},
    {"whatis-string", "whatis: needs the string to look up (uri(7))"},
    {"ws-fragment", "a WebSocket URI has no fragment (RFC 6455 3)"},
    {"ws-host", "a WebSocket URI needs a host (RFC 6455 3)"},
    {"ws-userinfo", "a WebSocket URI has no userinfo (RFC 6455 3)"},
};

const char *curi_scheme_rule_message(const char *rule)
{
    if (rule == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < sizeof rule_messages / sizeof rule_messages[0]; i++) {
        if (strcmp(rule_messages[i].name, rule) == 0) {
            return rule_messages[i].message;
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------ shared tests */

int curi__sc_fail_at(curi__sc *c, size_t offset, const char *rule)
{
    /* every rule a validator names is in the catalogue (tests/vectors hold them to it) */
    if (c->rule != NULL) {
        *c->rule = rule;
    }
    return curi__fail(c->err, CURI_ERR_SCHEME_RULE, offset);
}

/*
 * The offset of p in the recomposition of u.  The views need not be one buffer (curi_set
 * gives each part its own), so p is never subtracted from another view's pointer: the
 * view that holds p is found by address (p may also be a view's end), and p's offset in
 * it is added to where that view stands in the recomposition.  A later view wins at a
 * shared address, which in a parsed reference is the same byte.
 */
static size_t ref_offset(const curi_uri *u, const char *p)
{
    const curi_str *v[7] = {&u->scheme, &u->userinfo, &u->host, &u->port,
                            &u->path,   &u->query,    &u->fragment};
    size_t at[7], pos = 0;
    uintptr_t x = (uintptr_t)p;

    at[0] = 0;
    pos = u->scheme.ptr != NULL ? u->scheme.len + 1 : 0;
    pos += u->host.ptr != NULL ? 2 : 0;
    at[1] = pos;
    pos += u->userinfo.ptr != NULL ? u->userinfo.len + 1 : 0;
    at[2] = pos;
    pos += u->host.ptr != NULL ? u->host.len : 0;
    pos += u->port.ptr != NULL ? 1 : 0;
    at[3] = pos;
    pos += u->port.ptr != NULL ? u->port.len : 0;
    at[4] = pos;
    pos += u->path.ptr != NULL ? u->path.len : 0;
    pos += u->query.ptr != NULL ? 1 : 0;
    at[5] = pos;
    pos += u->query.ptr != NULL ? u->query.len : 0;
    pos += u->fragment.ptr != NULL ? 1 : 0;
    at[6] = pos;
    for (int i = 6; i >= 0; i--) {
        uintptr_t a = (uintptr_t)v[i]->ptr;
        if (v[i]->ptr != NULL && x >= a && x - a <= v[i]->len) {
            return at[i] + (size_t)(x - a);
        }
    }
    return 0; /* not reached: every p a validator reports is in a view or at its end */
}

int curi__sc_fail(curi__sc *c, const char *p, const char *rule)
{
    return curi__sc_fail_at(c, ref_offset(c->u, p), rule);
}

int curi__sc_fail_before(curi__sc *c, const curi_str *v, const char *rule)
{
    return curi__sc_fail_at(c, ref_offset(c->u, v->ptr) - 1, rule);
}

int curi__sc_host(curi__sc *c, const char *rule)
{
    const curi_uri *u = c->u;

    if (u->host.ptr == NULL) {
        return curi__sc_fail_after_colon(c, rule);
    }
    if (u->host.len == 0) {
        return curi__sc_fail(c, u->host.ptr, rule);
    }
    return CURI_OK;
}

int curi__sc_no_userinfo(curi__sc *c, const char *rule)
{
    return c->u->userinfo.ptr != NULL ? curi__sc_fail(c, c->u->userinfo.ptr, rule) : CURI_OK;
}

int curi__sc_no_port(curi__sc *c, const char *rule)
{
    /* at the ':' before it */
    return c->u->port.ptr != NULL ? curi__sc_fail_before(c, &c->u->port, rule) : CURI_OK;
}

int curi__sc_no_query(curi__sc *c, const char *rule)
{
    /* at the '?' */
    return c->u->query.ptr != NULL ? curi__sc_fail_before(c, &c->u->query, rule) : CURI_OK;
}

int curi__sc_no_authority(curi__sc *c, const char *rule)
{
    return c->u->host.ptr != NULL ? curi__sc_fail_after_colon(c, rule) : CURI_OK;
}

int curi__sc_oid_or_descr(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at;
    int ch = curi__dec_next(&d, &at);

    if (ch < 0) {
        return 0;
    }
    if (curi__is((unsigned char)ch, CURI__ALPHA)) {
        /* descr */
        while ((ch = curi__dec_next(&d, &at)) >= 0) {
            if (!curi__is((unsigned char)ch, CURI__ALPHA | CURI__DIGIT) && ch != '-') {
                return 0;
            }
        }
        return 1;
    }
    /* numericoid: numbers without leading zeros, at least two, separated by single dots */
    {
        int numbers = 0, digits = 0, lead0 = 0;
        for (; ch >= 0; ch = curi__dec_next(&d, &at)) {
            if (ch == '.') {
                if (digits == 0) {
                    return 0;
                }
                numbers++;
                digits = 0;
            } else if (ch >= '0' && ch <= '9') {
                if (lead0) {
                    return 0;
                }
                lead0 = (digits == 0 && ch == '0');
                digits++;
            } else {
                return 0;
            }
            if (ch == '.') {
                lead0 = 0;
            }
        }
        return digits > 0 && numbers >= 1;
    }
}

const char *curi__sc_utf8(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at, *lead = NULL;
    int ch, need = 0, lo = 0x80, hi = 0xBF;

    while ((ch = curi__dec_next(&d, &at)) >= 0) {
        if (need > 0) {
            /* a continuation byte, in the range its place allows */
            if (ch < lo || ch > hi) {
                return lead;
            }
            need--;
            lo = 0x80;
            hi = 0xBF;
            continue;
        }
        if (ch < 0x80) {
            continue;
        }
        if (ch < 0xC2 || ch > 0xF4) {
            return at; /* a stray continuation byte, or a lead byte UTF-8 never uses */
        }
        lead = at;
        need = ch < 0xE0 ? 1 : ch < 0xF0 ? 2 : 3;
        lo = ch == 0xE0 ? 0xA0 : ch == 0xF0 ? 0x90 : 0x80; /* overlong forms */
        hi = ch == 0xED ? 0x9F : ch == 0xF4 ? 0x8F : 0xBF; /* surrogates, past U+10FFFF */
    }
    return need > 0 ? lead : NULL;
}

/* ------------------------------------------------------------------ http, https, ws, wss */

/* RFC 9110 4.2.1, 4.2.2: "A sender MUST NOT generate an "http" URI with an empty host
 * identifier"; userinfo is deprecated but valid (curi check reports it). */
int curi__check_http(curi__sc *c)
{
    return curi__sc_host(c, "http-host");
}

/* RFC 6455 3: ws-URI = "ws:" "//" host [ ":" port ] path [ "?" query ]; no fragment. */
int curi__check_ws(curi__sc *c)
{
    int rc = curi__sc_host(c, "ws-host");

    if (rc == CURI_OK) {
        rc = curi__sc_no_userinfo(c, "ws-userinfo");
    }
    if (rc == CURI_OK && c->u->fragment.ptr != NULL) {
        rc = curi__sc_fail_before(c, &c->u->fragment, "ws-fragment");
    }
    return rc;
}

/* ------------------------------------------------------------------ ftp */

/*
 * url-path = fpath [ ";type=" typecode ], typecode = "a" / "i" / "d" (RFC 1738 3.2.2; the BNF
 * of section 5 lists both cases).  The first ';' of the path must start exactly ";type=X" at
 * its end.  Open case (schemes.md 5): "type" is read without regard to case, like the
 * typecode.
 */
int curi__check_ftp(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *semi;
    int rc = curi__sc_host(c, "ftp-host");

    if (rc == CURI_OK) {
        rc = curi__sc_no_query(c, "ftp-query");
    }
    if (rc != CURI_OK) {
        return rc;
    }
    semi = (p < e) ? memchr(p, ';', (size_t)(e - p)) : NULL;
    if (semi == NULL) {
        return CURI_OK;
    }
    if (e - semi != 7 || (semi[1] | 0x20) != 't' || (semi[2] | 0x20) != 'y' ||
        (semi[3] | 0x20) != 'p' || (semi[4] | 0x20) != 'e' || semi[5] != '=') {
        return curi__sc_fail(c, semi, "ftp-typecode");
    }
    switch (semi[6] | 0x20) {
    case 'a':
    case 'i':
    case 'd':
        return CURI_OK;
    default:
        return curi__sc_fail(c, semi + 6, "ftp-typecode");
    }
}

/* ------------------------------------------------------------------ gopher */

/*
 * gopher://host[:port]/[gophertype selector [%09 search [%09 gopher+]]] (RFC 4266 2.1).
 * Open case (schemes.md 5): a '?' in a gopher path reads as a query under RFC 3986; it is
 * refused (gopher-query), so a selector with '?' must say %3F.
 */
int curi__check_gopher(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *at;
    curi__dec d;
    int ch, rc = curi__sc_host(c, "gopher-host");

    if (rc == CURI_OK) {
        rc = curi__sc_no_userinfo(c, "gopher-userinfo");
    }
    if (rc == CURI_OK) {
        rc = curi__sc_no_query(c, "gopher-query");
    }
    if (rc != CURI_OK || u->path.len < 2) {
        return rc;
    }
    /* the gophertype: one visible character */
    d = curi__dec_of(u->path.ptr + 1, curi__vend(u->path));
    ch = curi__dec_next(&d, &at);
    if (ch <= 0x20 || ch >= 0x7F) {
        return curi__sc_fail(c, at, "gopher-type");
    }
    /* the selector runs to the first %09; no CR or LF in it */
    while ((ch = curi__dec_next(&d, &at)) >= 0 && ch != '\t') {
        if (ch == '\r' || ch == '\n') {
            return curi__sc_fail(c, at, "gopher-selector-crlf");
        }
    }
    return CURI_OK;
}

/* ------------------------------------------------------------------ news, nntp */

/* group characters of RFC 5538: ALPHA / DIGIT / "-" / "+" / "_" / "." (and "*" in news) */
static int group_char(int ch, int star)
{
    return ch >= 0 && (curi__is((unsigned char)ch, CURI__ALPHA | CURI__DIGIT) || ch == '-' ||
                       ch == '+' || ch == '_' || ch == '.' || (star && ch == '*'));
}

/*
 * newsgroups = *( group-char / "*" / pct-encoded ) (news) and group = 1*( group-char /
 * pct-encoded ) (nntp) (RFC 5538 2.2, 3) over the raw bytes of [p, e), stopping at a raw '/'
 * (nntp's article number): the first byte that is neither a group character nor starts a
 * triplet, or the '/' or e.  A triplet stands for any octet (RFC 5538 2.3: '?' in a group
 * name is written %3F), so news:example.group.th%3Fse and nntp://s/n%2Fa are valid; the parts
 * give them decoded (CURI_SPT_DECODE).
 */
static const char *group_end(const char *p, const char *e, int star)
{
    while (p < e && *p != '/' && (*p == '%' || group_char((unsigned char)*p, star))) {
        p += (*p == '%') ? 3 : 1; /* a valid reference: every '%' starts a triplet */
    }
    return p;
}

/* [p, e) read decoded is "." or "..", which are no group names (RFC 5538 2.3) */
static int dot_name(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at;
    int ch, n = 0;

    while ((ch = curi__dec_next(&d, &at)) >= 0) {
        if (ch != '.' || ++n > 2) {
            return 0;
        }
    }
    return n > 0;
}

/*
 * newsURL = "news:" [ "//" authority "/" ] ( article / newsgroups ) (RFC 5538 4).  An '@'
 * makes it an article (a Message-ID without '<' '>').  Open case (schemes.md 5): an empty
 * newsgroups without a server ("news:") matches the ABNF and is accepted.
 */
int curi__check_news(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *at, *amp;
    curi__dec d;
    int ch, rc;

    if (u->host.ptr != NULL) {
        rc = curi__sc_host(c, "news-host");
        if (rc != CURI_OK) {
            return rc;
        }
        if (p < e) {
            p++; /* the '/' after the authority */
        }
    } else if (p < e && *p == '/') {
        return curi__sc_fail(c, p, "news-path");
    }
    rc = curi__sc_no_query(c, "news-query");
    if (rc != CURI_OK) {
        return rc;
    }
    amp = (p < e) ? memchr(p, '@', (size_t)(e - p)) : NULL;
    if (amp != NULL) {
        /* article = id-left "@" id-right: one '@', '/' encoded, no '>' (%3E) */
        if (amp == p) {
            return curi__sc_fail(c, amp, "news-article");
        }
        if (amp + 1 == e) {
            return curi__sc_fail(c, e, "news-article");
        }
        d = curi__dec_of(p, e);
        while ((ch = curi__dec_next(&d, &at)) >= 0) {
            if ((*at == '@' && at != amp) || *at == '/' || ch == '>') {
                return curi__sc_fail(c, at, "news-article");
            }
        }
        return CURI_OK;
    }
    /* newsgroups: a wildmat of group characters and triplets; "." and ".." are no names */
    at = group_end(p, e, 1);
    if (at < e) {
        return curi__sc_fail(c, at, "news-group");
    }
    if (dot_name(p, e)) {
        return curi__sc_fail(c, p, "news-group");
    }
    return CURI_OK;
}

/* nntpURL = "nntp://" authority "/" group [ "/" article-number ], 1*16DIGIT (RFC 5538 3). */
int curi__check_nntp(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *at, *digits;
    int rc = curi__sc_host(c, "nntp-host");

    if (rc == CURI_OK) {
        rc = curi__sc_no_query(c, "nntp-query");
    }
    if (rc != CURI_OK) {
        return rc;
    }
    if (e - p < 2) {
        return curi__sc_fail(c, e, "nntp-group");
    }
    at = group_end(p + 1, e, 0);
    if (at < e && *at != '/') {
        return curi__sc_fail(c, at, "nntp-group");
    }
    if (at == p + 1) {
        return curi__sc_fail(c, at, "nntp-group"); /* "//": an empty group */
    }
    if (at == e) {
        return CURI_OK;
    }
    /* "/" article-number, and nothing after it */
    digits = at + 1;
    for (at = digits; at < e && *at >= '0' && *at <= '9'; at++) {
    }
    if (at == digits || at < e || at - digits > 16) {
        return curi__sc_fail(c, (at == digits || at < e) ? at : digits + 16, "nntp-article");
    }
    return CURI_OK;
}

/* ------------------------------------------------------------------ telnet, wais, prospero */

/* telnet-URI = "telnet://" [ user [ ":" password ] "@" ] host [ ":" port ] [ "/" ] */
int curi__check_telnet(curi__sc *c)
{
    const curi_uri *u = c->u;
    int rc = curi__sc_host(c, "telnet-host");

    if (rc == CURI_OK) {
        rc = curi__sc_no_query(c, "telnet-query");
    }
    if (rc == CURI_OK && u->path.len > 1) {
        rc = curi__sc_fail(c, u->path.ptr + 1, "telnet-path");
    }
    return rc;
}

/*
 * wais-URI = "wais://" host [ ":" port ] "/" database [ "?" search / "/" wtype "/" wpath ]
 * (RFC 1738 3.9): one or three segments; a search only with the database alone.
 */
int curi__check_wais(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *slash[3];
    int n = 0, rc = curi__sc_host(c, "wais-host");

    if (rc == CURI_OK) {
        rc = curi__sc_no_userinfo(c, "wais-userinfo");
    }
    if (rc != CURI_OK) {
        return rc;
    }
    if (p == e) {
        return curi__sc_fail(c, e, "wais-database");
    }
    for (const char *q = p + 1; q < e; q++) {
        if (*q == '/') {
            if (n == 2) {
                return curi__sc_fail(c, q, "wais-path");
            }
            slash[n++] = q;
        }
    }
    if (n == 1) {
        return curi__sc_fail(c, slash[0], "wais-path");
    }
    if (n == 2 && u->query.ptr != NULL) {
        return curi__sc_fail_before(c, &u->query, "wais-search");
    }
    return CURI_OK;
}

/*
 * prospero-URI = "prospero://" host [ ":" port ] "/" hsoname *( ";" fieldname "=" fieldvalue )
 * (RFC 1738 3.11).  Open case (schemes.md 5): a '?' is a query under RFC 3986; refused.
 */
int curi__check_prospero(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *q, *eq;
    int rc = curi__sc_host(c, "prospero-host");

    if (rc == CURI_OK) {
        rc = curi__sc_no_userinfo(c, "prospero-userinfo");
    }
    if (rc == CURI_OK) {
        rc = curi__sc_no_query(c, "prospero-query");
    }
    if (rc != CURI_OK) {
        return rc;
    }
    if (p == e) {
        return curi__sc_fail(c, e, "prospero-path");
    }
    q = memchr(p, ';', (size_t)(e - p));
    while (q != NULL) {
        const char *f = q + 1, *fe = memchr(f, ';', (size_t)(e - f));
        if (fe == NULL) {
            fe = e;
        }
        eq = memchr(f, '=', (size_t)(fe - f));
        if (eq == NULL || eq == f) {
            return curi__sc_fail(c, eq == NULL ? fe : eq, "prospero-field");
        }
        if (memchr(eq + 1, '=', (size_t)(fe - eq - 1)) != NULL) {
            return curi__sc_fail(c, (const char *)memchr(eq + 1, '=', (size_t)(fe - eq - 1)),
                                 "prospero-field");
        }
        q = (fe < e) ? fe : NULL;
    }
    return CURI_OK;
}

/* ------------------------------------------------------------------ file */

/*
 * file-URI = "file:" ( "//" [ host ] path-absolute / local-path ), local-path = path-absolute /
 * drive-letter path-absolute (RFC 8089 2 and E.2).  Open case (schemes.md 5): the ABNF has no
 * query, so a query is refused (file-query).
 */
/*
 * RFC 8089 E.3.2: under an empty authority, "//host/share..." is a UNC path written in the
 * path (file:////host/share/x), a non-standard form E.3.2 records as common, so it is let
 * through when it has a host and a share.  Not under "localhost" (file://localhost//h/s was
 * curl's CVE-2019-15601) nor under a named host.
 */
static int unc_in_path(const char *p, size_t n)
{
    const char *e = p + n, *h = p + 2, *slash = memchr(h, '/', (size_t)(e - h));
    return slash != NULL && slash > h && e - slash >= 2 && slash[1] != '/';
}

int curi__check_file(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr;
    size_t n = u->path.len;
    int rc = curi__sc_no_userinfo(c, "file-userinfo");

    if (rc == CURI_OK) {
        rc = curi__sc_no_port(c, "file-port");
    }
    if (rc == CURI_OK) {
        rc = curi__sc_no_query(c, "file-query");
    }
    if (rc != CURI_OK) {
        return rc;
    }
    if (u->host.ptr != NULL) {
        if (n == 0) {
            return curi__sc_fail(c, p, "file-path");
        }
        if (n >= 2 && p[1] == '/' && !(u->host.len == 0 && unc_in_path(p, n))) {
            return curi__sc_fail(c, p + 1, "file-path");
        }
        return CURI_OK;
    }
    if (n > 0 && p[0] == '/') {
        return CURI_OK;
    }
    /* drive-letter path-absolute: "c:/..." */
    if (n >= 3 && curi__is((unsigned char)p[0], CURI__ALPHA) && p[1] == ':' && p[2] == '/') {
        return CURI_OK;
    }
    return curi__sc_fail(c, p, "file-path");
}

/* ------------------------------------------------------------------ man, info, whatis, ghelp */

/* No authority and no query: the uri(7) forms are scheme ":" path [ "#" fragment ]. */
static int local_form(curi__sc *c, const char *rule)
{
    int rc = curi__sc_no_authority(c, rule);

    return rc == CURI_OK ? curi__sc_no_query(c, rule) : rc;
}

/* The first '/' or %2F in [p, e), or NULL: a man or info name that holds one is a file
 * path to man(1) and info(1) (man:/etc/hostname, info:(/etc/passwd)), not a name. */
static const char *path_slash(const char *p, const char *e)
{
    for (; p < e; p++) {
        if (*p == '/' || (*p == '%' && e - p >= 3 && p[1] == '2' && (p[2] | 0x20) == 'f')) {
            return p;
        }
    }
    return NULL;
}

/*
 * man:command-name[(section)] (uri(7)).  Open case (schemes.md 5): KDE's "man:(index)" has no
 * name and is refused; a section may carry a suffix ("3p"); the name may not hold '(' or ')';
 * neither name nor section holds '/' or %2F (issue 26 item 7).
 */
int curi__check_man(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *open, *close, *bad;
    int rc = local_form(c, "man-form");

    if (rc != CURI_OK) {
        return rc;
    }
    open = (p < e) ? memchr(p, '(', (size_t)(e - p)) : NULL;
    close = (p < e) ? memchr(p, ')', (size_t)(e - p)) : NULL;
    if ((open != NULL ? open : e) == p) {
        return curi__sc_fail(c, p, "man-name");
    }
    if ((bad = path_slash(p, open != NULL ? open : e)) != NULL) {
        return curi__sc_fail(c, bad, "man-name");
    }
    if (open == NULL) {
        return close != NULL ? curi__sc_fail(c, close, "man-section") : CURI_OK;
    }
    if (close == NULL || close < open || close != e - 1) {
        return curi__sc_fail(c, close == NULL ? e : (close < open ? close : close + 1),
                             "man-section");
    }
    if (close == open + 1 || memchr(open + 1, '(', (size_t)(close - open - 1)) != NULL) {
        return curi__sc_fail(c, open + 1, "man-section");
    }
    /* man:printf(3/../x) would run "man 3/../x printf": no '/' in the section either */
    if ((bad = path_slash(open + 1, close)) != NULL) {
        return curi__sc_fail(c, bad, "man-section");
    }
    return CURI_OK;
}

/* info:file[#node] (GNOME) or info:(file)[node] (KDE) (uri(7)). */
int curi__check_info(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *close, *bad;
    int rc = local_form(c, "info-form");

    if (rc != CURI_OK) {
        return rc;
    }
    if (p == e) {
        return curi__sc_fail(c, p, "info-file");
    }
    if (*p != '(') {
        /* info:file#node: the path is the file */
        bad = path_slash(p, e);
        return bad != NULL ? curi__sc_fail(c, bad, "info-file") : CURI_OK;
    }
    close = memchr(p, ')', (size_t)(e - p));
    if (close == NULL || close == p + 1) {
        return curi__sc_fail(c, close == NULL ? e : close, "info-file");
    }
    if ((bad = path_slash(p + 1, close)) != NULL) {
        return curi__sc_fail(c, bad, "info-file"); /* info:(/etc/passwd) */
    }
    if (u->fragment.ptr != NULL) {
        return curi__sc_fail_before(c, &u->fragment, "info-form"); /* a node both ways */
    }
    return CURI_OK;
}

int curi__check_whatis(curi__sc *c)
{
    int rc = local_form(c, "whatis-form");

    if (rc == CURI_OK && c->u->path.len == 0) {
        rc = curi__sc_fail(c, c->u->path.ptr, "whatis-string");
    }
    return rc;
}

int curi__check_ghelp(curi__sc *c)
{
    int rc = local_form(c, "ghelp-form");

    if (rc == CURI_OK && c->u->path.len == 0) {
        rc = curi__sc_fail(c, c->u->path.ptr, "ghelp-application");
    }
    return rc;
}

/* ------------------------------------------------------------------ urn */

/*
 * namestring = "urn:" NID ":" NSS [ "?+" r-component ] [ "?=" q-component ] [ "#" f-component ]
 * NID = alphanum 0*30( alphanum / "-" ) alphanum; an NID "urn-<n>" has n without a leading
 * zero (RFC 8141 2, 5.1).  Open case (schemes.md 5): NIDs starting "X-", of two letters or
 * "xn--" are registration limits and accepted here.
 */
int curi__check_urn(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *q, *colon;
    int rc = curi__sc_no_authority(c, "urn-authority");

    if (rc != CURI_OK) {
        return rc;
    }
    for (q = p; q < e && *q != ':'; q++) {
        if (!curi__is((unsigned char)*q, CURI__ALPHA | CURI__DIGIT) &&
            !(*q == '-' && q != p)) {
            return curi__sc_fail(c, q, "urn-nid");
        }
    }
    colon = q;
    if (colon - p < 2 || colon - p > 32 || colon[-1] == '-') {
        return curi__sc_fail(c, (colon - p > 32) ? p + 32 : (colon == p ? p : colon - 1),
                             "urn-nid");
    }
    if (colon - p >= 4 && (p[0] | 0x20) == 'u' && (p[1] | 0x20) == 'r' && (p[2] | 0x20) == 'n' &&
        p[3] == '-') {
        /* informal: "urn-" then a number that does not start with 0 */
        for (q = p + 4; q < colon; q++) {
            if (!(*q >= '0' && *q <= '9') || (q == p + 4 && *q == '0')) {
                return curi__sc_fail(c, q, "urn-nid");
            }
        }
        if (colon == p + 4) {
            return curi__sc_fail(c, colon, "urn-nid");
        }
    }
    if (colon == e || colon + 1 == e || colon[1] == '/') {
        return curi__sc_fail(c, colon == e ? e : colon + 1, "urn-nss");
    }
    if (u->query.ptr != NULL) {
        const char *r = u->query.ptr, *qe = curi__vend(u->query);
        if (r == qe || (*r != '+' && *r != '=')) {
            return curi__sc_fail_before(c, &u->query, "urn-query");
        }
        if (*r == '+') {
            const char *s = curi__urn_r_end(r + 1, qe);
            if (s == r + 1 || r[1] == '/' || r[1] == '?') {
                return curi__sc_fail(c, r + 1, "urn-r-component");
            }
            r = s;
            if (r == qe) {
                return CURI_OK;
            }
            r++; /* at '=' */
        }
        if (r + 1 == qe || r[1] == '/' || r[1] == '?') {
            return curi__sc_fail(c, r + 1, "urn-q-component");
        }
    }
    return CURI_OK;
}

/* ------------------------------------------------------------------ data */

/* token (RFC 2045 5.1): CHAR except SPACE, CTLs and tspecials, read decoded. */
static int token_char(int ch)
{
    return ch > 0x20 && ch < 0x7F && strchr("()<>@,;:\\\"/[]?=", ch) == NULL;
}

/* [p, e) is a non-empty token: NULL, or the first byte that breaks it. */
static const char *token_end(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at;
    int ch;

    if (p == e) {
        return p;
    }
    while ((ch = curi__dec_next(&d, &at)) >= 0) {
        if (!token_char(ch)) {
            return at;
        }
    }
    return NULL;
}


/*
 * The base64 encoding of RFC 4648 4 over the decoded bytes of [p, e): NULL when it is one,
 * else the raw byte where it stops being one.  Whole quanta of four characters of the
 * alphabet (so a length that is a multiple of four; empty data is valid), the last of which
 * may end in "=" or "==" and nothing may follow the padding.  Choices, RFC 2397 saying
 * nothing of them: no white space or line breaks (RFC 4648 3.3: a decoder MUST reject
 * characters outside the alphabet unless its specification says otherwise), and the pad bits
 * of the last character before "=" ("==") must be zero, the canonical encoding (RFC 4648 3.5:
 * encoders MUST set them to zero, decoders MAY reject otherwise), so QQ== is valid and QR==,
 * which decodes the same, is not: one data URI per octet string.  A length that is not a
 * multiple of four fails at the end of the data.
 */
static const char *base64_data(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at, *last = NULL; /* the last alphabet character, and its value */
    int ch, v = 0, n = 0, pad = 0;

    while ((ch = curi__dec_next(&d, &at)) >= 0) {
        if (ch == '=') {
            /* padding: at the third or fourth place of a quantum, and only to its end */
            if (pad == 0 ? n % 4 < 2 : n % 4 == 0) {
                return at;
            }
            if (pad == 0 && (v & (n % 4 == 2 ? 0x0F : 0x03)) != 0) {
                return last; /* non-zero pad bits: not the canonical encoding */
            }
            pad++;
        } else if (pad > 0 || curi__base64_value(ch) < 0) {
            return at; /* after the padding, or outside the alphabet */
        } else {
            v = curi__base64_value(ch);
            last = at;
        }
        n++;
    }
    return n % 4 != 0 ? e : NULL;
}

/*
 * dataurl = "data:" [ mediatype ] [ ";base64" ] "," data (RFC 2397 3), mediatype = [ type "/"
 * subtype ] *( ";" attribute "=" value ).  A parameter value is a token or a quoted string
 * written percent-encoded.  With ";base64" the data (path and query after the comma) must
 * be base64 once percent-decoded (base64_data: RFC 4648 4, strictly).
 */
int curi__check_data(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *comma, *q, *bad;
    int base64 = 0, rc = curi__sc_no_authority(c, "data-authority");

    if (rc != CURI_OK) {
        return rc;
    }
    comma = (p < e) ? memchr(p, ',', (size_t)(e - p)) : NULL;
    if (comma == NULL) {
        return curi__sc_fail(c, e, "data-comma");
    }
    /* type "/" subtype, or nothing */
    q = p;
    while (q < comma && *q != ';') {
        q++;
    }
    if (q > p) {
        const char *slash = memchr(p, '/', (size_t)(q - p));
        if (slash == NULL) {
            return curi__sc_fail(c, q, "data-mediatype");
        }
        bad = token_end(p, slash);
        if (bad == NULL) {
            bad = token_end(slash + 1, q);
        }
        if (bad != NULL) {
            return curi__sc_fail(c, bad, "data-mediatype");
        }
    }
    /* *( ";" attribute "=" value ) [ ";base64" ] */
    while (q < comma) {
        const char *a = q + 1, *ae = a, *eq;
        while (ae < comma && *ae != ';') {
            ae++;
        }
        if (ae == comma && ae - a == 6 && (a[0] | 0x20) == 'b' && (a[1] | 0x20) == 'a' &&
            (a[2] | 0x20) == 's' && (a[3] | 0x20) == 'e' && a[4] == '6' && a[5] == '4') {
            base64 = 1;
            break;
        }
        eq = memchr(a, '=', (size_t)(ae - a));
        if (eq == NULL) {
            return curi__sc_fail(c, ae, "data-mediatype");
        }
        bad = token_end(a, eq);
        if (bad == NULL && eq + 1 == ae) {
            bad = ae;
        }
        if (bad == NULL && !(eq + 4 <= ae && memcmp(eq + 1, "%22", 3) == 0)) {
            bad = token_end(eq + 1, ae); /* a token, unless a quoted string */
        }
        if (bad != NULL) {
            return curi__sc_fail(c, bad, "data-mediatype");
        }
        q = ae;
    }
    if (base64) {
        /* the data: the rest of the path (a query would add a '?', no base64 character) */
        if (u->query.ptr != NULL) {
            return curi__sc_fail_before(c, &u->query, "data-base64");
        }
        bad = base64_data(comma + 1, e);
        if (bad != NULL) {
            return curi__sc_fail(c, bad, "data-base64");
        }
    }
    return CURI_OK;
}

/* ------------------------------------------------------------------ tel */

/* [p, p + n) is the lowercase name without regard to ASCII case (RFC 3966 3: names are). */

static int visual(int ch)
{
    return ch == '-' || ch == '.' || ch == '(' || ch == ')';
}

/* global-number-digits = "+" *phonedigit DIGIT *phonedigit over [p, e): NULL or the bad byte */
static const char *global_digits(const char *p, const char *e)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at;
    int ch = curi__dec_next(&d, &at), digits = 0;

    if (ch != '+') {
        return at;
    }
    while ((ch = curi__dec_next(&d, &at)) >= 0) {
        if (ch >= '0' && ch <= '9') {
            digits++;
        } else if (!visual(ch)) {
            return at;
        }
    }
    return digits > 0 ? NULL : e;
}

/*
 * domainname = *( domainlabel "." ) toplabel [ "." ]
 * domainlabel = alphanum / alphanum *( alphanum / "-" ) alphanum
 * toplabel = ALPHA / ALPHA *( alphanum / "-" ) alphanum (RFC 3966 3, as in RFC 2396 3.2.2)
 * over the raw bytes of [p, e) (the ABNF has no pct-encoded here): NULL when it is one, else
 * the first byte that breaks it (an empty label at its '.' or at e).
 */
static const char *domainname(const char *p, const char *e)
{
    const char *label = p;

    if (e - p >= 2 && e[-1] == '.') {
        e--; /* the optional final "." */
    }
    for (const char *k = p;; k++) {
        if (k < e && *k != '.') {
            continue;
        }
        /* the label [label, k): the toplabel when k is the end */
        if (k == label) {
            return k;
        }
        for (const char *x = label; x < k; x++) {
            int alnum = curi__is((unsigned char)*x, CURI__ALPHA | CURI__DIGIT);
            if (!(alnum || (*x == '-' && x != label && x != k - 1))) {
                return x;
            }
        }
        if (k == e) {
            return curi__is((unsigned char)*label, CURI__ALPHA) ? NULL : label;
        }
        label = k + 1;
    }
}

/*
 * telephone-uri = "tel:" ( global-number / local-number ), a number then ";" parameters
 * (RFC 3966 3).  Checked: the number's characters; each parameter's name; ext and isub
 * values; at most one of isub and ext, each once; one phone-context for a local number and
 * none for a global one, which is "+" digits or a domain name checked label by label.
 * Open case (schemes.md 5): the order of the parameters (isub or ext, phone-context, then the
 * rest by name) is not enforced, and other names may repeat.
 */
int curi__check_tel(curi__sc *c)
{
    const curi_uri *u = c->u;
    const char *p = u->path.ptr, *e = curi__vend(u->path), *q, *bad;
    int global, context = 0, ext = 0, rc = curi__sc_no_authority(c, "tel-authority");

    if (rc == CURI_OK) {
        rc = curi__sc_no_query(c, "tel-query");
    }
    if (rc != CURI_OK) {
        return rc;
    }
    for (q = p; q < e && *q != ';'; q++) {
    }
    global = (p < q && *p == '+');
    if (global) {
        bad = global_digits(p, q);
        if (bad != NULL) {
            return curi__sc_fail(c, bad, "tel-number");
        }
    } else {
        curi__dec d = curi__dec_of(p, q);
        const char *at;
        int ch, any = 0;
        while ((ch = curi__dec_next(&d, &at)) >= 0) {
            if (curi__is((unsigned char)ch, CURI__HEX) || ch == '*' || ch == '#') {
                any = 1;
            } else if (!visual(ch)) {
                return curi__sc_fail(c, at, "tel-number");
            }
        }
        if (!any) {
            return curi__sc_fail(c, q, "tel-number");
        }
    }
    /* parameters */
    while (q < e) {
        const char *n = q + 1, *ne = n, *v = NULL, *pe;
        for (pe = n; pe < e && *pe != ';'; pe++) {
        }
        while (ne < pe && *ne != '=') {
            ne++;
        }
        if (ne < pe) {
            v = ne + 1;
        }
        if (ne == n) {
            return curi__sc_fail(c, n, "tel-param");
        }
        for (const char *k = n; k < ne; k++) {
            if (!curi__is((unsigned char)*k, CURI__ALPHA | CURI__DIGIT) && *k != '-') {
                return curi__sc_fail(c, k, "tel-param");
            }
        }
        if (ne - n == 3 && (n[0] | 0x20) == 'e' && (n[1] | 0x20) == 'x' && (n[2] | 0x20) == 't') {
            curi__dec d = curi__dec_of(v != NULL ? v : pe, pe);
            const char *at;
            int ch, digits = 0;
            if (ext) {
                return curi__sc_fail(c, n, "tel-isub-ext");
            }
            ext = 1;
            while ((ch = curi__dec_next(&d, &at)) >= 0) {
                if (ch >= '0' && ch <= '9') {
                    digits++;
                } else if (!visual(ch)) {
                    return curi__sc_fail(c, at, "tel-ext");
                }
            }
            if (digits == 0) {
                return curi__sc_fail(c, pe, "tel-ext");
            }
        } else if (ne - n == 4 && (n[0] | 0x20) == 'i' && (n[1] | 0x20) == 's' &&
                   (n[2] | 0x20) == 'u' && (n[3] | 0x20) == 'b') {
            if (ext) {
                return curi__sc_fail(c, n, "tel-isub-ext");
            }
            ext = 1;
            if (v == NULL || v == pe) {
                return curi__sc_fail(c, pe, "tel-isub");
            }
        } else if (ne - n == 13 && curi__ieq(n, 13, "phone-context")) {
            if (global || context) {
                return curi__sc_fail(c, n, "tel-phone-context");
            }
            context = 1;
            /* descriptor = domainname / global-number-digits */
            if (v == NULL || v == pe) {
                return curi__sc_fail(c, pe, "tel-phone-context");
            }
            bad = (*v == '+') ? global_digits(v, pe) : domainname(v, pe);
            if (bad != NULL) {
                return curi__sc_fail(c, bad, "tel-phone-context");
            }
        } else if (v != NULL && v == pe) {
            return curi__sc_fail(c, pe, "tel-param"); /* "name=" with an empty value */
        }
        q = pe;
    }
    if (!global && !context) {
        return curi__sc_fail(c, e, "tel-phone-context");
    }
    return CURI_OK;
}

/* ------------------------------------------------------------------ the entry point */


int curi__scheme_check_si(const curi_scheme *si, const curi_uri *u, curi_error *err,
                          const char **rule)
{
    curi__sc c;

    if (si == NULL || si->ops == NULL || si->ops->validate == NULL) {
        return curi__ok(err);
    }
    c.u = u;
    c.err = err;
    c.rule = rule;
    if (si->ops->validate(&c) != CURI_OK) {
        return CURI_ERR_SCHEME_RULE;
    }
    return curi__ok(err);
}

int curi_scheme_check(const curi_uri *u, unsigned flags, const char **rule, curi_error *err)
{
    if (rule != NULL) {
        *rule = NULL;
    }
    if (u == NULL || flags != 0) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (u->scheme.ptr == NULL) {
        return curi__ok(err);
    }
    return curi__scheme_check_si(curi__scheme_of(u), u, err, rule);
}
