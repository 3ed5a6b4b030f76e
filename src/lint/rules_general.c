/*
 * rules_general.c -- the general rules of curi_lint (lint-rules.md section 2): raw bytes,
 * the scheme, the authority's structure, the userinfo and the size limits (rules 2-15, 40), and
 * the hfield names of a mailto: query (41, lint-rules.md section 3).
 * Every rule is one pass (or less) over the input or one component of the split.
 *
 * The detail of each finding, as curi_lint_message reads it back:
 *   raw-control-or-space          the first byte of the run | component << 8 (GC_* below)
 *   scheme-dangerous              the registry index of the key's entry (CURI_SCHEME_DANGEROUS)
 *   scheme-file                   0
 *   host-missing                  0 case (a): no authority; 1 case (b): empty host
 *   long-component                0 input, 1 scheme, 2 userinfo, 3 host (LC_* below)
 *   every other rule              0 (the message is rebuilt from the span and the split)
 *
 * The component named by raw-control-or-space is the piece of the lenient split (1.2, 1.3)
 * holding the first byte of the run: "userinfo", "host", "port", "authority" (bytes of the
 * authority in none of those three: the stray bytes after an IP literal's ']'), "path",
 * "query" or "fragment".  A run never crosses a delimiter ('@', ':', '/', '?', '#' and ']'
 * are not in it), and a scheme holds no such byte, so "scheme" is listed but never used.
 * SPDX-License-Identifier: MIT
 */
#include "rules.h"

/* Components for raw-control-or-space. */
enum { GC_SCHEME, GC_AUTHORITY, GC_USERINFO, GC_HOST, GC_PORT, GC_PATH, GC_QUERY, GC_FRAGMENT };
static const char *const gc_names[] = {"scheme", "authority", "userinfo", "host",
                                       "port",   "path",      "query",    "fragment"};

/* Components and limits of long-component (1.12). */
enum { LC_INPUT, LC_SCHEME, LC_USERINFO, LC_HOST };
static const char *const lc_names[] = {"input", "scheme", "userinfo", "host"};
static const unsigned lc_limits[] = {CURI__LINT_MAX_INPUT, 64, 255, 255};

static int is_raw_control(unsigned char ch)
{
    return ch <= 0x20 || ch == 0x7F;
}

/* The component of the split that holds byte i (a raw control byte): the first of these
 * pieces that holds it (the authority after its parts), else the path. */
static unsigned component_of(const curi__split *sp, size_t i)
{
    const struct {
        const curi__piece *p;
        unsigned comp;
    } order[] = {{&sp->scheme, GC_SCHEME}, {&sp->userinfo, GC_USERINFO}, {&sp->host, GC_HOST},
                 {&sp->port, GC_PORT},     {&sp->authority, GC_AUTHORITY},
                 {&sp->query, GC_QUERY},   {&sp->fragment, GC_FRAGMENT}};

    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        if (curi__lint_in_piece(order[k].p, i)) {
            return order[k].comp;
        }
    }
    return GC_PATH;
}

/* ------------------------------------------------------------------ 2, 3, 4: raw bytes */

static void raw_bytes(curi__lint *c)
{
    const char *s = c->s;
    size_t n = c->n, i = 0;

    while (i < n) {
        unsigned char ch = (unsigned char)s[i];
        size_t j = i + 1;
        if (is_raw_control(ch)) {
            while (j < n && is_raw_control((unsigned char)s[j])) {
                j++;
            }
            curi__lint_emit(c, CURI_LINT_RAW_CONTROL_OR_SPACE, i, j,
                            ch | (uint32_t)component_of(&c->sp, i) << 8);
        } else if (ch == '\\') {
            while (j < n && s[j] == '\\') {
                j++;
            }
            curi__lint_emit(c, CURI_LINT_RAW_BACKSLASH, i, j, 0);
        } else if (ch == '%') {
            if (curi__lint_triplet(s + i, s + n) >= 0) {
                j = i + 3;
            } else {
                /* a malformed '%': the span takes the next byte when it is a HEXDIG */
                size_t e = (j < n && curi__is((unsigned char)s[j], CURI__HEX)) ? j + 1 : j;
                curi__lint_emit(c, CURI_LINT_PCT_MALFORMED, i, e, 0);
            }
        }
        i = j;
    }
}

/* ------------------------------------------------------------------ 5: relative path */

static void relative_colon(curi__lint *c)
{
    const curi__split *sp = &c->sp;
    const char *seg_end, *colon;
    size_t a = sp->path.at, b = sp->path.end;

    if (sp->scheme.on || sp->authority.on || a == b || c->s[a] == '/') {
        return;
    }
    seg_end = memchr(c->s + a, '/', b - a);
    b = (seg_end != NULL) ? (size_t)(seg_end - c->s) : b;
    colon = memchr(c->s + a, ':', b - a);
    if (colon != NULL) {
        curi__lint_emit(c, CURI_LINT_RELATIVE_COLON_FIRST_SEGMENT, a, b, 0);
    }
}

/* ------------------------------------------------------------------ 6, 7, 8: scheme */

/* The scheme key of 1.10, read on the raw input: its lowercased name into key (at most
 * cap - 1 bytes; *klen is its full length, so a longer key matches nothing) and its span
 * [*at, *end) from the first byte to the ':' inclusive.  0 when there is no key. */
static int scheme_key(const char *s, size_t n, char *key, size_t cap, size_t *klen, size_t *at,
                      size_t *end)
{
    size_t i = 0, k = 0;

    while (i < n && (unsigned char)s[i] <= 0x20) {
        i++;
    }
    if (i == n || !curi__is((unsigned char)s[i], CURI__ALPHA)) {
        return 0;
    }
    *at = i;
    for (; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == 0x09 || ch == 0x0A || ch == 0x0D) {
            continue;
        }
        if (ch == ':') {
            *klen = k;
            *end = i + 1;
            key[k < cap ? k : cap - 1] = '\0';
            return 1;
        }
        if (!curi__is(ch, CURI__SCHEME)) {
            return 0;
        }
        if (k < cap - 1) {
            key[k] = (char)curi__lower(ch);
        }
        k++;
    }
    return 0;
}

static void scheme_rules(curi__lint *c)
{
    char key[12];
    size_t klen = 0, at = 0, end = 0;

    if (c->parsed_ok) {
        /* no byte <= 0x20 anywhere: the key is the scheme, whose tables the split read */
        end = c->sp.scheme.end + 1;
        if (c->sp.dangerous != 0) {
            curi__lint_emit(c, CURI_LINT_SCHEME_DANGEROUS, 0, end,
                            (uint32_t)(c->sp.dangerous - 1));
        }
        if (c->sp.file) {
            curi__lint_emit(c, CURI_LINT_SCHEME_FILE, 0, end, 0);
        }
    } else if (scheme_key(c->s, c->n, key, sizeof key, &klen, &at, &end) && klen < sizeof key) {
        const curi_scheme *si = curi__scheme_find_scheme(key, klen);
        if (curi_scheme_flags(si) & CURI_SCHEME_DANGEROUS) {
            curi__lint_emit(c, CURI_LINT_SCHEME_DANGEROUS, at, end,
                            (uint32_t)curi__scheme_index(si));
        }
        if (si != NULL && (si->flags & CURI__SCHEME_LOCAL_FILE)) {
            curi__lint_emit(c, CURI_LINT_SCHEME_FILE, at, end, 0);
        }
    }
    if (c->sp.scheme.on && ((c->flags & CURI__LINT_SCALAR) || !c->sp.listed) &&
        curi__lint_hostlike(c->s + c->sp.scheme.at, c->sp.scheme.end - c->sp.scheme.at)) {
        curi__lint_emit(c, CURI_LINT_SCHEME_LOOKS_LIKE_HOST, c->sp.scheme.at, c->sp.scheme.end, 0);
    }
}

/* ------------------------------------------------------------------ 9-12: authority */

static int is_name_byte(unsigned char ch)
{
    return curi__is(ch, CURI__ALPHA | CURI__DIGIT) || ch == '.' || ch == '-';
}

/* authority-lookalike (c): t[0..n) is N or N ":" 1*DIGIT with N of A-Z a-z 0-9 . - and
 * HOSTLIKE(N). */
static int lookalike_hostport(const char *t, size_t n)
{
    size_t k = 0;

    while (k < n && is_name_byte((unsigned char)t[k])) {
        k++;
    }
    if (k < n) {
        size_t d = k + 1;
        if (t[k] != ':' || d == n) {
            return 0;
        }
        for (; d < n; d++) {
            if (!curi__is((unsigned char)t[d], CURI__DIGIT)) {
                return 0;
            }
        }
    }
    return curi__lint_hostlike(t, k);
}

static void authority_lookalike(curi__lint *c)
{
    const curi__split *sp = &c->sp;
    const char *s = c->s;
    size_t d = sp->path.end, a, b;

    if (!sp->authority.on || sp->path.at != sp->path.end || d >= c->n) {
        return;
    }
    /* the delimiter is '?' or '#' (the path stops at nothing else) */
    a = d + 1;
    b = a;
    while (b < c->n && s[b] != '/' && s[b] != '?' && s[b] != '#') {
        b++;
    }
    {
        const char *at = memchr(s + a, '@', b - a);
        const char *eq = memchr(s + a, '=', b - a);
        int fire = (at != NULL && (eq == NULL || eq > at)) ||
                   (b - a >= 2 && s[a] == '.' &&
                    curi__is((unsigned char)s[a + 1], CURI__ALPHA | CURI__DIGIT)) ||
                   lookalike_hostport(s + a, b - a);
        if (fire) {
            curi__lint_emit(c, CURI_LINT_AUTHORITY_LOOKALIKE, d, b, 0);
        }
    }
}

static void authority_rules(curi__lint *c)
{
    const curi__split *sp = &c->sp;

    if (sp->authority.on) {
        /* authority-multiple-at: every '@' before the last one (the userinfo's end) */
        if (sp->userinfo.on) {
            for (size_t i = sp->userinfo.at; i < sp->userinfo.end; i++) {
                if (c->s[i] == '@') {
                    curi__lint_emit(c, CURI_LINT_AUTHORITY_MULTIPLE_AT, i, i + 1, 0);
                }
            }
        }
        authority_lookalike(c);
        if (!sp->scheme.on) {
            curi__lint_emit(c, CURI_LINT_NETWORK_PATH_REFERENCE, sp->authority.at - 2,
                            sp->authority.end, 0);
        }
        if (sp->host_kind == CURI__LH_EMPTY && (!sp->scheme.on || sp->hostreq)) {
            curi__lint_emit(c, CURI_LINT_HOST_MISSING, sp->authority.at - 2, sp->authority.end, 1);
        }
    } else if (sp->scheme.on && sp->hostreq) {
        curi__lint_emit(c, CURI_LINT_HOST_MISSING, sp->scheme.at, sp->scheme.end + 1, 0);
    }
}

/* ------------------------------------------------------------------ 13-15: userinfo */

/* The next byte of N (rule 15): the full decode of [*i, end) read while its bytes are
 * A-Z a-z 0-9 . -; -1 at the end of N.  Advances *i past the byte or triplet. */
static int next_n(const char *s, size_t *i, size_t end)
{
    int ch;
    size_t w = 1;

    if (*i >= end) {
        return -1;
    }
    ch = (unsigned char)s[*i];
    if (ch == '%') {
        int v = curi__lint_triplet(s + *i, s + end);
        if (v >= 0) {
            ch = v;
            w = 3;
        }
    }
    if (!is_name_byte((unsigned char)ch)) {
        return -1;
    }
    *i += w;
    return ch;
}

/* HOSTLIKE(N) for the userinfo [a, b), in one pass.  Past 15 bytes only 1.9 (c) can hold
 * (localhost is 9 bytes, a dotted quad 15), and (c) depends only on the label count, empty
 * labels and the last label: then HOSTLIKE("a." + last label) is the same answer. */
static int userinfo_hostlike(const char *s, size_t a, size_t b)
{
    char head[16], last[8];
    size_t len = 0, labels = 1, lastlen = 0, i = a;
    int empty = 0, ch;

    while ((ch = next_n(s, &i, b)) >= 0) {
        if (len < sizeof head) {
            head[len] = (char)ch;
        }
        len++;
        if (ch == '.') {
            empty |= (lastlen == 0);
            labels++;
            lastlen = 0;
            continue;
        }
        if (lastlen < sizeof last - 2) {
            last[2 + lastlen] = (char)ch;
        }
        lastlen++;
    }
    if (len <= sizeof head) {
        return curi__lint_hostlike(head, len);
    }
    if (empty || lastlen == 0 || labels < 2 || lastlen > sizeof last - 2) {
        return 0;
    }
    last[0] = 'a';
    last[1] = '.';
    return curi__lint_hostlike(last, 2 + lastlen);
}

static void userinfo_rules(curi__lint *c)
{
    const curi__split *sp = &c->sp;
    size_t a = sp->userinfo.at, b = sp->userinfo.end;
    const char *colon;

    if (!sp->userinfo.on) {
        return;
    }
    colon = memchr(c->s + a, ':', b - a);
    if (colon != NULL && (size_t)(colon - c->s) + 1 < b) {
        curi__lint_emit(c, CURI_LINT_USERINFO_PASSWORD, (size_t)(colon - c->s) + 1, b, 0);
    }
    if (sp->web) {
        curi__lint_emit(c, CURI_LINT_USERINFO_IN_HTTP, a, b + 1, 0);
    }
    if (userinfo_hostlike(c->s, a, b)) {
        curi__lint_emit(c, CURI_LINT_USERINFO_HOSTLIKE, a, b, 0);
    }
}

/* ------------------------------------------------------------------ 40: size */

static void long_piece(curi__lint *c, const curi__piece *p, uint32_t which)
{
    if (p->on && p->end - p->at > lc_limits[which]) {
        curi__lint_emit(c, CURI_LINT_LONG_COMPONENT, p->at, p->end, which);
    }
}

static void long_rules(curi__lint *c)
{
    const curi__piece all = {0, c->n, 1};

    if (c->n <= lc_limits[LC_SCHEME] && !(c->flags & CURI__LINT_SCALAR)) {
        return; /* every piece is within the input, so none is over the least limit */
    }
    long_piece(c, &all, LC_INPUT);
    long_piece(c, &c->sp.scheme, LC_SCHEME);
    long_piece(c, &c->sp.userinfo, LC_USERINFO);
    long_piece(c, &c->sp.host, LC_HOST);
}

/* ------------------------------------------------------------------ 41: mailto hfields */

/*
 * hfields = hfield *( "&" hfield ), hfield = hfname "=" hfvalue (RFC 6068 2): each name outside
 * the allowed ones (curi__lint_hfname), decoded and in any case, is reported over the name as
 * written.  An empty hfield (between "&&" or after a trailing '&') names nothing.
 */
static void mailto_rules(curi__lint *c)
{
    const curi__split *sp = &c->sp;
    const char *s = c->s;
    size_t a, end;

    if (!sp->mailto || !sp->query.on) {
        return;
    }
    a = sp->query.at;
    end = sp->query.end;
    for (;;) {
        const char *amp = (a < end) ? memchr(s + a, '&', end - a) : NULL;
        size_t fe = amp ? (size_t)(amp - s) : end;
        const char *eq = (a < fe) ? memchr(s + a, '=', fe - a) : NULL;
        size_t ne = eq ? (size_t)(eq - s) : fe;
        if (fe > a && curi__lint_hfname(s, a, ne) == CURI__HF_OTHER) {
            curi__lint_emit(c, CURI_LINT_MAILTO_DANGEROUS_HEADER, a, ne, 0);
        }
        if (amp == NULL) {
            break;
        }
        a = fe + 1;
    }
}

void curi__lint_general(curi__lint *c)
{
    /* What curi_parse accepts has no raw control, space, backslash or malformed '%'. */
    if (!c->parsed_ok) {
        raw_bytes(c);
    }
    relative_colon(c);
    scheme_rules(c);
    authority_rules(c);
    userinfo_rules(c);
    long_rules(c);
    mailto_rules(c);
}

/* ------------------------------------------------------------------ messages */

/* Input bytes [a, b), cut to the input. */
static void put_bytes(curi__out *o, const curi__lint *c, size_t a, size_t b)
{
    if (b > c->n) {
        b = c->n;
    }
    if (a < b) {
        curi__put(o, c->s + a, b - a);
    }
}

static void put_piece(curi__out *o, const curi__lint *c, const curi__piece *p)
{
    if (p->on) {
        put_bytes(o, c, p->at, p->end);
    }
}

/* t1, the span, t2, the span again, t3. */
static void put_span_twice(curi__out *o, const curi__lint *c, const curi_finding *f,
                           const char *t1, const char *t2, const char *t3)
{
    curi__lint_puts(o, t1);
    put_bytes(o, c, f->start, f->end);
    curi__lint_puts(o, t2);
    put_bytes(o, c, f->start, f->end);
    curi__lint_puts(o, t3);
}

static void msg_raw(curi__out *o, uint32_t detail)
{
    unsigned ch = detail & 0xFF, comp = (detail >> 8) & 0xFF;

    static const struct {
        unsigned char ch;
        const char *name;
    } named[] = {{0x00, "NUL"}, {0x09, "TAB"}, {0x0A, "LF"}, {0x0D, "CR"}, {0x20, "space"}};
    size_t k = 0;

    curi__lint_puts(o, "raw ");
    while (k < sizeof named / sizeof named[0] && named[k].ch != ch) {
        k++;
    }
    if (k < sizeof named / sizeof named[0]) {
        curi__lint_puts(o, named[k].name);
    } else {
        curi__lint_puts(o, "control 0x");
        curi__lint_put_hex2(o, ch);
    }
    curi__lint_puts(o, " in ");
    curi__lint_puts(o, gc_names[comp < sizeof gc_names / sizeof gc_names[0] ? comp : GC_PATH]);
    curi__lint_puts(o, ": browsers strip or trim it, other parsers keep it, so they see "
                       "different URIs");
}

/* The most bytes of N the message quotes: a longer N is cut. */
#define USERINFO_QUOTE_MAX 64

/* '{N}…': the ellipsis only when something of the userinfo is left out (N stops before the
 * userinfo ends, or is cut), not after a userinfo that is N whole. */
static void msg_userinfo_hostlike(curi__out *o, const curi__lint *c)
{
    size_t i = c->sp.userinfo.at, k = 0;
    int ch;

    curi__lint_puts(o, "userinfo '");
    while (c->sp.userinfo.on && k < USERINFO_QUOTE_MAX &&
           (ch = next_n(c->s, &i, c->sp.userinfo.end)) >= 0) {
        char b = (char)ch;
        curi__put(o, &b, 1);
        k++;
    }
    if (c->sp.userinfo.on && i < c->sp.userinfo.end) {
        curi__lint_puts(o, "\xE2\x80\xA6");
    }
    curi__lint_puts(o, "' looks like a host name, but the host is '");
    put_piece(o, c, &c->sp.host);
    curi__lint_puts(o, "'");
}

static void msg_long(curi__out *o, const curi_finding *f)
{
    uint32_t w = f->detail < 4 ? f->detail : LC_INPUT;

    curi__lint_puts(o, lc_names[w]);
    curi__lint_puts(o, " is ");
    curi__lint_put_num(o, (unsigned long)(f->end - f->start));
    curi__lint_puts(o, " bytes (limit ");
    curi__lint_put_num(o, lc_limits[w]);
    curi__lint_puts(o, "): servers, proxies and fixed buffers truncate or reject it");
}

int curi__lint_general_msg(curi__out *o, const curi__lint *c, const curi_finding *f)
{
    switch (f->rule) {
    case CURI_LINT_RAW_CONTROL_OR_SPACE:
        msg_raw(o, f->detail);
        break;
    case CURI_LINT_RAW_BACKSLASH:
        curi__lint_puts(o, "raw backslash: not a URI character, but WHATWG parsers treat it as "
                           "'/' in http(s), so the host or path differs between parsers");
        break;
    case CURI_LINT_PCT_MALFORMED:
        curi__lint_puts(o, "'%' not followed by two hex digits: decoders disagree (keep, drop, "
                           "or read past the end)");
        break;
    case CURI_LINT_RELATIVE_COLON_FIRST_SEGMENT:
        put_span_twice(o, c, f, "relative reference whose first segment '",
                       "' contains ':': it cannot be a relative path (RFC 3986 4.2), and other "
                       "parsers read a scheme; write './",
                       "'");
        break;
    case CURI_LINT_SCHEME_DANGEROUS:
        curi__lint_puts(o, "'");
        curi__lint_puts(o, curi_scheme_name(curi_scheme_at(f->detail)));
        curi__lint_puts(o, ":' runs script or active content when followed; never accept it as "
                           "a link target from untrusted input");
        break;
    case CURI_LINT_SCHEME_FILE:
        curi__lint_puts(o, "file: names a file on the machine that dereferences it; reject it "
                           "when the URI arrives from the network");
        break;
    case CURI_LINT_SCHEME_LOOKS_LIKE_HOST:
        put_span_twice(o, c, f, "scheme '", "' looks like a host name: this parses as scheme '",
                       "', but tools that guess schemes read a host and port");
        break;
    case CURI_LINT_AUTHORITY_MULTIPLE_AT:
        curi__lint_puts(o, "more than one '@' in the authority: parsers that split at the first "
                           "'@' and those that split at the last see different hosts");
        break;
    case CURI_LINT_AUTHORITY_LOOKALIKE:
        curi__lint_puts(o, "'");
        put_bytes(o, c, f->start, f->end);
        curi__lint_puts(o, "' right after the host looks like part of the authority; parsers "
                           "that do not stop at '");
        put_bytes(o, c, f->start, f->start + 1);
        curi__lint_puts(o, "' connect elsewhere");
        break;
    case CURI_LINT_NETWORK_PATH_REFERENCE:
        curi__lint_puts(o, "scheme-relative reference: it replaces the base URI's host with '");
        put_piece(o, c, &c->sp.host);
        curi__lint_puts(o, "' (open-redirect shape)");
        break;
    case CURI_LINT_HOST_MISSING:
        if (f->detail == 0) {
            put_bytes(o, c, f->start, f->end);
            curi__lint_puts(o, " without '//host': WHATWG and curl take the first path segment "
                               "as the host");
        } else {
            curi__lint_puts(o, "empty host in the authority: parsers differ on whether the next "
                               "segment becomes the host");
        }
        break;
    case CURI_LINT_USERINFO_PASSWORD:
        curi__lint_puts(o, "password in the URI: it ends up in logs, history, bookmarks and "
                           "Referer headers");
        break;
    case CURI_LINT_USERINFO_IN_HTTP:
        curi__lint_puts(o, "userinfo in a ");
        put_piece(o, c, &c->sp.scheme);
        curi__lint_puts(o, " URI: rarely legitimate, often used to make the real host harder to "
                           "see (RFC 3986 7.6)");
        break;
    case CURI_LINT_USERINFO_HOSTLIKE:
        msg_userinfo_hostlike(o, c);
        break;
    case CURI_LINT_LONG_COMPONENT:
        msg_long(o, f);
        break;
    case CURI_LINT_MAILTO_DANGEROUS_HEADER:
        curi__lint_puts(o, "mailto header field '");
        put_bytes(o, c, f->start, f->end);
        curi__lint_puts(o, "' is not one RFC 6068 6 lets a mail handler set (to, cc, bcc, subject, "
                           "body, in-reply-to, keywords, references): some mail programs act on "
                           "others, as xdg-email attaches the file 'attach' names (CVE-2020-27748)");
        break;
    default:
        return 0;
    }
    return 1;
}
