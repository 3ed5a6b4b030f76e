/*
 * rules_diff.c -- parser-differential (45, lint-rules.md section 3): the WHATWG URL Standard
 * and RFC 3986 give this input different hosts or ports, the pattern behind SSRF filters that
 * validate with one parser while a client fetches with the other.
 *
 * RFC 3986's reading is the lint's split (1.2-1.4: curi_parse's components for a valid input,
 * the lenient split for any other); the Standard's is curi_url_parse with no base.  The rule
 * fires only when the Standard's parser accepts the input (a URL a browser rejects is fetched
 * by no one), and then when
 *   - the hosts differ.  The RFC host is none without an authority; an IPv6 literal without a
 *     zone is its 128-bit value; any other host is its text percent-decoded and
 *     ASCII-lowercased (3.2.2, 6.2.2), and when that holds non-ASCII bytes and the scheme is
 *     special, its UTS #46 ToASCII as the Standard configures it (3.2.2 leaves such names to
 *     IDNA, so an IDN and host-idna-maps-to-ascii's fullwidth forms agree).  The Standard's
 *     host is none when null, an IPv6 address's value, an opaque host (non-special schemes)
 *     percent-decoded and lowercased, else the hostname.  For file, no host, the empty host
 *     and "localhost" are one (RFC 8089 2; the Standard turns localhost into the empty host).
 *     Names are compared as text: http://127.1/ is the name "127.1" to RFC 3986 and the
 *     address 127.0.0.1 to a browser;
 *   - or the ports differ: the RFC port's value (none when absent or empty) against the
 *     Standard's, a special scheme's default port counting as none on both sides.
 * So http://Example.COM:80/ does not fire; http://127.1/, http://a\b.com/ and
 * http://evil.com\@good.com/ (a backslash is a '/' to a browser), http:evil.com (no host to
 * RFC 3986) and " http://a/" (a browser strips the space) do.
 *
 * Cost: curi_url_parse runs only where the two can disagree.  For an input curi_parse
 * accepted, that is a special scheme without an authority, file with a port or a '|' in its
 * host (file://C:/ and file://C|/ are drive letters to the Standard), or a host that is empty, an IP literal, or a reg-name holding a '%' or an xn-- label or whose last label begins with a
 * digit: any other reg-name the Standard only lowercases, an IPv4address it keeps, and a
 * non-special scheme's host is opaque, kept as written (curi_parse allows nothing in it that
 * the Standard would encode).  Only the input up to the end of the Standard's authority is
 * parsed: the host and port are settled there and nothing after it can make the parse fail.
 * Its href must fit HREF_MAX bytes and a decoded RFC host HOST_MAX: an input that needs more
 * is not judged (long-component reports hosts and userinfo over 255 bytes).
 *
 * The detail: bit 0 (D_HOST) the hosts differ, bit 1 (D_PORT) the ports differ.
 * SPDX-License-Identifier: MIT
 */
#include "rules.h"

#define HREF_MAX 2048
#define HOST_MAX 256

enum { D_HOST = 1, D_PORT = 2 };

/* The Standard's reading of an input: its URL (views into buf) and its scheme's default port. */
typedef struct wreading {
    char buf[HREF_MAX];
    curi_url u;
    int dflt; /* the default port of a special scheme, else -1 */
    int file; /* the scheme is file */
} wreading;

static int tab_or_newline(char ch)
{
    return ch == '\t' || ch == '\n' || ch == '\r';
}

/*
 * The Standard's parse of s[0..n) cut after the first delimiter that ends its authority: 1
 * when it accepts it, 0 when it does not (or the href does not fit).  The scheme is read as
 * the Standard reads it (leading C0 controls and spaces skipped, tabs and newlines ignored):
 * without one the parse fails, having no base.  The authority starts after the run of '/'
 * (and '\' for a special scheme) that follows the scheme, and ends at the next '/', '?', '#'
 * (or '\'); a cut later than that end gives the same host and port.
 */
static int whatwg_read(wreading *w, const char *s, size_t n)
{
    char scheme[8];
    size_t i = 0, k, e, sl = 0, len = 0;
    int special, port = -1;

    while (i < n && (unsigned char)s[i] <= 0x20) {
        i++;
    }
    if (i >= n || !curi__is((unsigned char)s[i], CURI__ALPHA)) {
        return 0;
    }
    for (k = i; k < n && s[k] != ':'; k++) {
        if (tab_or_newline(s[k])) {
            continue;
        }
        if (!curi__is((unsigned char)s[k], CURI__SCHEME)) {
            return 0;
        }
        if (sl < sizeof scheme) {
            scheme[sl] = s[k];
        }
        sl++;
    }
    if (k >= n) {
        return 0;
    }
    special = sl <= sizeof scheme && curi__url_special(scheme, sl, &port);
    e = k + 1;
    while (e < n && (s[e] == '/' || (special && s[e] == '\\') || tab_or_newline(s[e]))) {
        e++;
    }
    while (e < n) {
        char ch = s[e++];
        if (ch == '/' || ch == '?' || ch == '#' || (special && ch == '\\')) {
            break;
        }
    }
    if (curi_url_parse(w->buf, sizeof w->buf, &len, &w->u, s, e, NULL, 0, NULL) != CURI_OK) {
        return 0;
    }
    w->dflt = special ? port : -1;
    w->file = special && sl == 4 && curi__ieq(scheme, 4, "file");
    return 1;
}

/* p[0..n) percent-decoded (a malformed '%' kept) and ASCII-lowercased into d[0..HOST_MAX):
 * its length, or (size_t)-1 when it does not fit.  *wide: a byte above 0x7F was written. */
static size_t fold(char *d, const char *p, size_t n, int *wide)
{
    size_t o = 0;

    *wide = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)p[i];
        if (ch == '%' && n - i >= 3 && curi__is((unsigned char)p[i + 1], CURI__HEX) &&
            curi__is((unsigned char)p[i + 2], CURI__HEX)) {
            ch = curi__pct_octet(p + i);
            i += 2;
        }
        if (o >= HOST_MAX) {
            return (size_t)-1;
        }
        *wide |= ch >= 0x80;
        d[o++] = (char)curi__lower(ch);
    }
    return o;
}

/* A host as compared: none, an IPv6 value, or text in buf[0..len). */
typedef struct hostval {
    enum { HV_NONE, HV_IP6, HV_TEXT, HV_UNKNOWN } kind;
    unsigned char ip6[16];
    char buf[HOST_MAX];
    size_t len;
} hostval;

/* The RFC host of the split (header comment). */
static void rfc_host(hostval *h, const curi__lint *c, const wreading *w)
{
    const curi__split *sp = &c->sp;
    const char *p = c->s + sp->host.at;
    size_t n = sp->host.end - sp->host.at;
    int wide;

    h->kind = HV_NONE;
    if (!sp->host.on) {
        return;
    }
    if (sp->host_kind == CURI__LH_LITERAL && sp->ip6_ok && sp->addr_end + 1 == sp->host.end) {
        h->kind = HV_IP6;
        memcpy(h->ip6, sp->ip6, 16);
        return;
    }
    h->len = fold(h->buf, p, n, &wide);
    h->kind = h->len == (size_t)-1 ? HV_UNKNOWN : HV_TEXT;
    if (h->kind == HV_TEXT && wide && w->u.special) {
        char a[HOST_MAX];
        size_t alen = 0;
        if (curi_uts46_to_ascii(a, sizeof a, &alen, h->buf, h->len, 0, NULL) == CURI_OK) {
            memcpy(h->buf, a, alen);
            h->len = alen;
        }
    }
}

/* The Standard's host of w (header comment). */
static void whatwg_host(hostval *h, const wreading *w)
{
    const curi_url *u = &w->u;
    const char *bad;
    int wide;

    h->kind = HV_TEXT;
    h->len = 0;
    switch (u->host_type) {
    case CURI_URL_HOST_NONE:
        h->kind = HV_NONE;
        break;
    case CURI_URL_HOST_IPV6:
        h->kind = curi__ipv6(h->ip6, u->hostname.ptr + 1,
                             u->hostname.ptr + u->hostname.len - 1, &bad) ? HV_IP6 : HV_UNKNOWN;
        break;
    case CURI_URL_HOST_OPAQUE:
        h->len = fold(h->buf, u->hostname.ptr, u->hostname.len, &wide);
        h->kind = h->len == (size_t)-1 ? HV_UNKNOWN : HV_TEXT;
        break;
    default:
        if (u->hostname.len > HOST_MAX) {
            h->kind = HV_UNKNOWN;
        } else {
            memcpy(h->buf, u->hostname.ptr, u->hostname.len);
            h->len = u->hostname.len;
        }
        break;
    }
}

/* For file: no host and "localhost" read as the empty host. */
static void file_host(hostval *h)
{
    if (h->kind == HV_NONE || (h->kind == HV_TEXT && curi__is_localhost(h->buf, h->len))) {
        h->kind = HV_TEXT;
        h->len = 0;
    }
}

/* The RFC port as compared: -1 none (absent, empty or dflt), -2 not a number, else its value
 * (65536 for any larger one). */
static long rfc_port(const curi__lint *c, int dflt)
{
    const curi__piece *pp = &c->sp.port;
    unsigned long v = 0;

    if (!pp->on || pp->at == pp->end) {
        return -1;
    }
    for (size_t k = pp->at; k < pp->end; k++) {
        unsigned char ch = (unsigned char)c->s[k];
        if (!curi__is(ch, CURI__DIGIT)) {
            return -2;
        }
        v = v > 65535 ? 65536 : v * 10 + (unsigned long)(ch - '0');
    }
    v = v > 65535 ? 65536 : v;
    return (long)v == dflt ? -1 : (long)v;
}

/* The D_* bits of c's input against the Standard's reading w; an unknown host (too long to
 * compare) differs from nothing. */
static uint32_t differ(const curi__lint *c, const wreading *w)
{
    hostval r, h;
    uint32_t d = 0;

    rfc_host(&r, c, w);
    whatwg_host(&h, w);
    if (w->file) {
        file_host(&r);
        file_host(&h);
    }
    if (r.kind != HV_UNKNOWN && h.kind != HV_UNKNOWN &&
        (r.kind != h.kind || (r.kind == HV_IP6 && memcmp(r.ip6, h.ip6, 16) != 0) ||
         (r.kind == HV_TEXT && (r.len != h.len || memcmp(r.buf, h.buf, r.len) != 0)))) {
        d |= D_HOST;
    }
    if (rfc_port(c, w->dflt) != (long)w->u.port_number) {
        d |= D_PORT;
    }
    return d;
}

/* s[a, b) holds only printable ASCII other than '\\', '[' and ']': bytes that neither end
 * nor split the Standard's authority elsewhere than RFC 3986's, and that it either keeps as
 * they are in a host (lowercased) or fails on. */
static int authority_neutral(const char *s, size_t a, size_t b)
{
    for (size_t k = a; k < b; k++) {
        unsigned char ch = (unsigned char)s[k];
        if (ch <= 0x20 || ch >= 0x7F || ch == '\\' || ch == '[' || ch == ']') {
            return 0;
        }
    }
    return 1;
}

/*
 * 0 when the two parsers cannot disagree on this input's host or port, so that the Standard's
 * parse is not needed: curi_parse accepted the input up to the end of its authority (or to
 * two bytes after its scheme without one), or what it did not accept there is
 * authority_neutral (so no backslash, control, space or non-ASCII byte: the authority ends
 * where the Standard's does, and what follows it changes neither host nor port), and the
 * header comment's conditions hold.
 */
static int worth_parsing(const curi__lint *c)
{
    const curi__split *sp = &c->sp;
    const char *s = c->s;
    size_t upto;
    int port;

    if (!sp->scheme.on) {
        /* a relative reference: the Standard fails without a base, but " http://a/" is
         * relative only to RFC 3986 */
        return !c->parsed_ok;
    }
    /* without an authority, the two bytes after ':' too: "foo:\t//h" has one to the Standard */
    upto = sp->authority.on ? sp->authority.end : sp->scheme.end + 3;
    upto = upto < c->n ? upto : c->n;
    if (c->bad_at < upto && !authority_neutral(s, c->bad_at, upto)) {
        return 1;
    }
    if (!curi__url_special(s, sp->scheme.end, &port)) {
        return sp->host_kind == CURI__LH_LITERAL; /* an opaque host is kept as written */
    }
    if (port == -1 && (sp->port.on || (sp->host.on && memchr(s + sp->host.at, '|',
                                                              sp->host.end - sp->host.at)))) {
        return 1; /* file://C:/x, file://C|/x: a Windows drive letter, a path to the Standard */
    }
    switch (sp->host_kind) {
    case CURI__LH_NONE:
        return 1; /* http:evil.com: the Standard finds a host */
    case CURI__LH_EMPTY:
        return port != -1; /* http:///evil.com too (not file) */
    case CURI__LH_IPV4:
        return 0;
    case CURI__LH_REGNAME: {
        size_t a = sp->host.at, b = sp->host.end, last = a;
        if (memchr(s + a, '%', b - a) != NULL) {
            return 1;
        }
        if (b - a >= 2 && s[b - 1] == '.') {
            b--; /* the Standard's "ends in a number" ignores one empty last label */
        }
        for (size_t k = a; k < b; k++) {
            if (s[k] == '.') {
                last = k + 1;
            } else if ((k == a || s[k - 1] == '.') && b - k >= 4 && curi__ieq(s + k, 4, "xn--")) {
                return 1;
            }
        }
        return last < b && curi__is((unsigned char)s[last], CURI__DIGIT);
    }
    default:
        return 1;
    }
}

void curi__lint_differential(curi__lint *c)
{
    wreading w;
    uint32_t d;
    const int r = CURI_LINT_PARSER_DIFFERENTIAL;

    if (((c->disabled[(r - 1) / 32] >> ((r - 1) % 32)) & 1u) || !worth_parsing(c) ||
        !whatwg_read(&w, c->s, c->n)) {
        return;
    }
    d = differ(c, &w);
    if (d != 0) {
        if (c->sp.host.on) {
            curi__lint_emit(c, r, c->sp.host.at,
                            c->sp.port.on ? c->sp.port.end : c->sp.host.end, d);
        } else {
            curi__lint_emit(c, r, 0, c->n, d);
        }
    }
}

/* "'TEXT'" (input or href bytes as they are), or none when !on. */
static void put_quoted(curi__out *o, const char *p, size_t n, int on, const char *none)
{
    if (!on) {
        curi__lint_puts(o, none);
        return;
    }
    curi__lint_puts(o, "'");
    curi__put(o, p, n);
    curi__lint_puts(o, "'");
}

int curi__lint_diff_msg(curi__out *o, const curi__lint *c, const curi_finding *f)
{
    wreading w;
    const curi__split *sp = &c->sp;

    if (f->rule != CURI_LINT_PARSER_DIFFERENTIAL) {
        return 0;
    }
    if (!whatwg_read(&w, c->s, c->n)) {
        curi__lint_puts(o, "the WHATWG URL Standard and RFC 3986 read different hosts or ports");
        return 1;
    }
    if (f->detail & D_HOST) {
        curi__lint_puts(o, "RFC 3986 reads ");
        put_quoted(o, c->s + sp->host.at, sp->host.end - sp->host.at, sp->host.on, "no host");
        curi__lint_puts(o, " where the WHATWG URL Standard (browsers) reads ");
        put_quoted(o, w.u.hostname.ptr, w.u.hostname.len, w.u.host_type != CURI_URL_HOST_NONE,
                   "no host");
    }
    if (f->detail & D_PORT) {
        curi__lint_puts(o, (f->detail & D_HOST) ? ", and the port " : "RFC 3986 reads the port ");
        put_quoted(o, c->s + sp->port.at, sp->port.end - sp->port.at,
                   sp->port.on && sp->port.end > sp->port.at, "none");
        curi__lint_puts(o, (f->detail & D_HOST) ? " against " : " where the WHATWG URL Standard "
                                                               "(browsers) reads ");
        put_quoted(o, w.u.port.ptr, w.u.port.len, w.u.port_number >= 0,
                   w.dflt >= 0 ? "the default" : "none");
    }
    curi__lint_puts(o, ": a check made with one parser does not hold for a fetch made with "
                       "the other");
    return 1;
}
