/*
 * lint_core.c -- what every rule group of curi_lint stands on: the rule catalogue (names
 * and severities), the tables of lint-rules.md section 1.10, the shared tests, the lenient
 * split of 1.2-1.4 (and its twin read off a parsed URI), the finding sink and the message
 * helpers.  Findings go into the caller's array kept as a max-heap of the cap smallest (by
 * start, rule, end): no allocation, O(findings * log cap).  It calls no rule group.
 * SPDX-License-Identifier: MIT
 */
#include "lint_core.h"

/* ------------------------------------------------------------------ the catalogue */

static const struct {
    const char *name;
    unsigned char sev;
} rules[CURI_LINT_RULES + 1] = {
    {NULL, 0},
    {"syntax-invalid", CURI_SEVERITY_ERROR},
    {"raw-control-or-space", CURI_SEVERITY_ERROR},
    {"raw-backslash", CURI_SEVERITY_ERROR},
    {"pct-malformed", CURI_SEVERITY_ERROR},
    {"relative-colon-first-segment", CURI_SEVERITY_ERROR},
    {"scheme-dangerous", CURI_SEVERITY_WARNING},
    {"scheme-file", CURI_SEVERITY_INFO},
    {"scheme-looks-like-host", CURI_SEVERITY_WARNING},
    {"authority-multiple-at", CURI_SEVERITY_ERROR},
    {"authority-lookalike", CURI_SEVERITY_WARNING},
    {"network-path-reference", CURI_SEVERITY_WARNING},
    {"host-missing", CURI_SEVERITY_WARNING},
    {"userinfo-password", CURI_SEVERITY_WARNING},
    {"userinfo-in-http", CURI_SEVERITY_WARNING},
    {"userinfo-hostlike", CURI_SEVERITY_WARNING},
    {"host-encoded-delimiter", CURI_SEVERITY_ERROR},
    {"host-ipv4-rare-form", CURI_SEVERITY_WARNING},
    {"host-special-address", CURI_SEVERITY_INFO},
    {"host-ipv6-zone-id", CURI_SEVERITY_WARNING},
    {"host-ipv4-mapped-ipv6", CURI_SEVERITY_WARNING},
    {"host-trailing-dot", CURI_SEVERITY_INFO},
    {"host-dns-length", CURI_SEVERITY_WARNING},
    {"host-not-dns", CURI_SEVERITY_INFO},
    {"host-idn", CURI_SEVERITY_INFO},
    {"file-remote-host", CURI_SEVERITY_WARNING},
    {"port-out-of-range", CURI_SEVERITY_ERROR},
    {"port-other-protocol", CURI_SEVERITY_WARNING},
    {"port-non-default", CURI_SEVERITY_INFO},
    {"port-not-canonical", CURI_SEVERITY_INFO},
    {"pct-nul", CURI_SEVERITY_ERROR},
    {"pct-crlf", CURI_SEVERITY_ERROR},
    {"pct-control", CURI_SEVERITY_WARNING},
    {"pct-invalid-utf8", CURI_SEVERITY_WARNING},
    {"pct-double-encoded", CURI_SEVERITY_WARNING},
    {"pct-unreserved", CURI_SEVERITY_INFO},
    {"path-encoded-delimiter", CURI_SEVERITY_WARNING},
    {"path-dot-above-root", CURI_SEVERITY_WARNING},
    {"path-dot-with-params", CURI_SEVERITY_WARNING},
    {"path-ambiguous-authority", CURI_SEVERITY_WARNING},
    {"long-component", CURI_SEVERITY_WARNING},
    {"mailto-dangerous-header", CURI_SEVERITY_WARNING},
    {"host-mixed-script", CURI_SEVERITY_WARNING},
    {"host-confusable", CURI_SEVERITY_WARNING},
    {"host-idna-maps-to-ascii", CURI_SEVERITY_WARNING},
    {"parser-differential", CURI_SEVERITY_WARNING},
};

const char *curi_lint_rule_name(int rule)
{
    return (rule >= 1 && rule <= CURI_LINT_RULES) ? rules[rule].name : NULL;
}

int curi_lint_rule_from_name(const char *name, size_t len)
{
    if (name == NULL) {
        return 0;
    }
    for (int r = 1; r <= CURI_LINT_RULES; r++) {
        if (rules[r].name != NULL && strlen(rules[r].name) == len && memcmp(rules[r].name, name, len) == 0) {
            return r;
        }
    }
    return 0;
}

int curi_lint_rule_severity(int rule)
{
    return (rule >= 1 && rule <= CURI_LINT_RULES) ? rules[rule].sev : 0;
}

const char *curi_severity_name(int severity)
{
    switch (severity) {
    case CURI_SEVERITY_INFO:
        return "info";
    case CURI_SEVERITY_WARNING:
        return "warning";
    case CURI_SEVERITY_ERROR:
        return "error";
    default:
        return NULL;
    }
}

/* ------------------------------------------------------------------ tables (1.10) */

/* The fields of the split's scheme from its registry entry (src/schemes/registry.c), over the
 * split's cleared ones (dflt -1, the flags 0): 1.10's WEB, DEFAULTS and HOSTREQ are the
 * registry's CURI_SCHEME_WEB, default ports and CURI_SCHEME_HOST_REQUIRED. */
static void set_scheme(curi__split *sp, const curi_scheme *si)
{
    uint32_t f;

    if (si == NULL) {
        return;
    }
    f = si->flags;
    sp->dflt = si->default_port;
    sp->hostreq = (f & CURI_SCHEME_HOST_REQUIRED) != 0;
    sp->web = (f & CURI_SCHEME_WEB) != 0;
    sp->gopher = (f & CURI__SCHEME_LINE_SELECTOR) != 0;
    sp->file = (f & CURI__SCHEME_LOCAL_FILE) != 0;
    sp->dangerous = (f & CURI_SCHEME_DANGEROUS) ? (int)curi__scheme_index(si) + 1 : 0;
    sp->mailto = si->ops != NULL && si->ops->kind == CURI_SK_MAILTO;
    sp->listed = 1;
}

static const curi_lint_port wellknown[] = {
    {21, "ftp", "ftp"},
    {22, "ssh", "ssh sftp"},
    {23, "telnet", "telnet"},
    {25, "smtp", "smtp"},
    {53, "dns", ""},
    {70, "gopher", "gopher"},
    {79, "finger", ""},
    {80, "http", "http https ws wss"},
    {110, "pop3", "pop pop3"},
    {119, "nntp", "nntp news"},
    {143, "imap", "imap"},
    {389, "ldap", "ldap"},
    {443, "https", "http https ws wss"},
    {445, "smb", ""},
    {465, "smtps", "smtp smtps"},
    {587, "smtp submission", "smtp smtps"},
    {636, "ldaps", "ldaps"},
    {990, "ftps", "ftps"},
    {993, "imaps", "imaps"},
    {995, "pop3s", "pop3s"},
    {1433, "mssql", ""},
    {2628, "dict", "dict"},
    {3306, "mysql", ""},
    {5432, "postgresql", ""},
    {6379, "redis", ""},
    {11211, "memcached", ""},
    {27017, "mongodb", ""},
};

const curi_lint_port *curi__lint_port_entry(const curi__lint *c, unsigned long port)
{
    const curi_lint_port *t = c->ports ? c->ports : wellknown;
    size_t n = c->ports ? c->nports : sizeof wellknown / sizeof wellknown[0];

    for (size_t i = 0; i < n; i++) {
        if (t[i].port == port) {
            return &t[i];
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------ shared tests */

int curi__lint_triplet(const char *p, const char *end)
{
    if (!curi__is_pct(p, end)) {
        return -1;
    }
    return (int)curi__pct_octet(p);
}

int curi__lint_hostlike(const char *p, size_t n)
{
    static const char *const tlds[] = {"com", "net", "org", "edu", "gov", "mil", "int",
                                       "info", "biz", "arpa", "app", "dev"};
    size_t labels = 0, a = 0, last_at = 0, last_len = 0;
    int digits4 = 1, ldh = 1;

    /* (a) localhost; (b) and (c) need a '.' */
    if (curi__is_localhost(p, n)) {
        return 1;
    }
    if (n == 0 || memchr(p, '.', n) == NULL) {
        return 0;
    }
    /* Walk the '.'-separated labels once for (b) and (c). */
    for (size_t i = 0; i <= n; i++) {
        if (i == n || p[i] == '.') {
            size_t len = i - a;
            labels++;
            if (len == 0) {
                ldh = 0;
                digits4 = 0;
            }
            if (len < 1 || len > 3) {
                digits4 = 0;
            }
            last_at = a;
            last_len = len;
            a = i + 1;
            continue;
        }
        unsigned char ch = curi__lower((unsigned char)p[i]);
        if (!(ch >= '0' && ch <= '9')) {
            digits4 = 0;
        }
        if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-')) {
            ldh = 0;
        }
    }
    /* (b) four labels of 1-3 digits */
    if (digits4 && labels == 4) {
        return 1;
    }
    /* (c) two or more LDH labels, the last two letters or a listed TLD */
    if (!ldh || labels < 2) {
        return 0;
    }
    if (last_len == 2 && curi__is((unsigned char)p[last_at], CURI__ALPHA) &&
        curi__is((unsigned char)p[last_at + 1], CURI__ALPHA)) {
        return 1;
    }
    for (size_t k = 0; k < sizeof tlds / sizeof tlds[0]; k++) {
        if (curi__ieq(p + last_at, last_len, tlds[k])) {
            return 1;
        }
    }
    return 0;
}

int curi__lint_hfname(const char *s, size_t a, size_t b)
{
    static const char *const allowed[] = {"to",          "cc",       "bcc",       "subject",
                                          "in-reply-to", "keywords", "references", "body"};
    char name[12];
    size_t k = 0;

    /* Decode into name[], giving up past the longest allowed name (11 bytes). */
    while (a < b) {
        int v = (s[a] == '%') ? curi__lint_triplet(s + a, s + b) : (unsigned char)s[a];
        if (v < 0 || k == sizeof name) {
            return CURI__HF_OTHER;
        }
        name[k++] = (char)curi__lower((unsigned char)v);
        a += (s[a] == '%') ? 3 : 1;
    }
    for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++) {
        if (strlen(allowed[i]) == k && memcmp(allowed[i], name, k) == 0) {
            return (i == sizeof allowed / sizeof allowed[0] - 1) ? CURI__HF_BODY
                                                                 : CURI__HF_ALLOWED;
        }
    }
    return CURI__HF_OTHER;
}

/* ------------------------------------------------------------------ the split (1.2-1.4) */

/* The first of '/' '?' '#' (or only of those in stop) at or after i, or n. */
static size_t find_delim(const char *s, size_t i, size_t n, int slash, int query)
{
    for (; i < n; i++) {
        char ch = s[i];
        if (ch == '#' || (query && ch == '?') || (slash && ch == '/')) {
            break;
        }
    }
    return i;
}

static curi__piece lenient_piece(size_t at, size_t end)
{
    curi__piece p = {at, end, 1};
    return p;
}

/* 1.10: the scheme's tables, over a split whose scheme fields are cleared: its registry
 * entry, found from the scheme's own bytes (the lenient split's scheme is letters, digits,
 * '+', '-' and '.'). */
CURI__INLINE void scheme_tables(curi__split *sp, const char *s)
{
    if (sp->scheme.on) {
        set_scheme(sp, curi__scheme_find_scheme(s, sp->scheme.end));
    }
}

void curi__lint_split(curi__split *sp, const char *s, size_t n)
{
    size_t i = 0, e;

    memset(sp, 0, sizeof *sp);
    sp->dflt = -1;
    /* 1. scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" */
    if (n > 0 && curi__is((unsigned char)s[0], CURI__ALPHA)) {
        e = 1;
        while (e < n && curi__is((unsigned char)s[e], CURI__SCHEME)) {
            e++;
        }
        if (e < n && s[e] == ':') {
            sp->scheme = lenient_piece(0, e);
            i = e + 1;
        }
    }
    /* 2. authority */
    if (n - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
        e = find_delim(s, i + 2, n, 1, 1);
        sp->authority = lenient_piece(i + 2, e);
        i = e;
    }
    /* 3-5. path, query, fragment */
    e = find_delim(s, i, n, 0, 1);
    sp->path = lenient_piece(i, e);
    i = e;
    if (i < n && s[i] == '?') {
        e = find_delim(s, i + 1, n, 0, 0);
        sp->query = lenient_piece(i + 1, e);
        i = e;
    }
    if (i < n && s[i] == '#') {
        sp->fragment = lenient_piece(i + 1, n);
    }
    /* 1.3 the authority: userinfo before the last '@', then host and port */
    if (sp->authority.on) {
        size_t a = sp->authority.at, b = sp->authority.end, hp = a;
        for (size_t k = b; k > a; k--) {
            if (s[k - 1] == '@') {
                sp->userinfo = lenient_piece(a, k - 1);
                hp = k;
                break;
            }
        }
        if (hp < b && s[hp] == '[') {
            const char *close = memchr(s + hp, ']', b - hp);
            if (close != NULL) {
                size_t c = (size_t)(close - s);
                sp->host = lenient_piece(hp, c + 1);
                if (c + 1 < b && s[c + 1] == ':') {
                    sp->port = lenient_piece(c + 2, b);
                }
            } else {
                sp->host = lenient_piece(hp, b);
            }
        } else {
            const char *colon = (hp < b) ? memchr(s + hp, ':', b - hp) : NULL;
            if (colon != NULL) {
                sp->host = lenient_piece(hp, (size_t)(colon - s));
                sp->port = lenient_piece((size_t)(colon - s) + 1, b);
            } else {
                sp->host = lenient_piece(hp, b);
            }
        }
    }
    /* 1.4 host kinds */
    if (!sp->host.on) {
        sp->host_kind = CURI__LH_NONE;
    } else if (sp->host.end == sp->host.at) {
        sp->host_kind = CURI__LH_EMPTY;
    } else if (s[sp->host.at] == '[') {
        size_t in = sp->host.at + 1, out = sp->host.end - 1;
        const char *bad;
        if (sp->host.end - sp->host.at >= 2 && s[out] == ']') {
            const char *pct = memchr(s + in, '%', out - in);
            sp->host_kind = CURI__LH_LITERAL;
            sp->addr_end = (pct != NULL) ? (size_t)(pct - s) : out;
            sp->ip6_ok = curi__ipv6(sp->ip6, s + in, s + sp->addr_end, &bad);
        } else {
            sp->host_kind = CURI__LH_BRACKET;
        }
    } else {
        const char *bad;
        sp->host_kind = curi__ipv4(sp->ip4, s + sp->host.at, s + sp->host.end, &bad)
                            ? CURI__LH_IPV4
                            : CURI__LH_REGNAME;
    }
    scheme_tables(sp, s);
}

static curi__piece from_view(const char *s, curi_str v)
{
    curi__piece p = {0, 0, 0};

    if (v.ptr != NULL) {
        p.at = (size_t)(v.ptr - s);
        p.end = p.at + v.len;
        p.on = 1;
    }
    return p;
}

/*
 * The split of an input curi_parse accepted, read off its views: for a URI-reference the
 * lenient split of 1.2-1.4 gives exactly its components (a valid authority has at most one
 * '@', a valid reg-name no ':').  CURI__LINT_SCALAR takes curi__lint_split instead, and
 * fuzz_lint holds the two to the same findings.
 */
void curi__lint_split_uri(curi__split *sp, const char *s, const curi_uri *u)
{
    /* every field, without clearing the arrays that only a literal or a scheme fills */
    sp->authority.on = 0;
    sp->authority.at = sp->authority.end = 0;
    sp->addr_end = 0;
    sp->ip6_ok = 0;
    sp->web = sp->hostreq = sp->file = sp->gopher = sp->dangerous = sp->listed = sp->mailto = 0;
    sp->dflt = -1;
    sp->scheme = from_view(s, u->scheme);
    sp->userinfo = from_view(s, u->userinfo);
    sp->host = from_view(s, u->host);
    sp->port = from_view(s, u->port);
    sp->path = from_view(s, u->path);
    sp->query = from_view(s, u->query);
    sp->fragment = from_view(s, u->fragment);
    if (sp->host.on) {
        sp->authority.at = sp->userinfo.on ? sp->userinfo.at : sp->host.at;
        sp->authority.end = sp->port.on ? sp->port.end : sp->host.end;
        sp->authority.on = 1;
    }
    switch (u->host_type) {
    case CURI_HOST_REGNAME:
        sp->host_kind = (u->host.len == 0) ? CURI__LH_EMPTY : CURI__LH_REGNAME;
        break;
    case CURI_HOST_IPV4:
        sp->host_kind = CURI__LH_IPV4;
        memcpy(sp->ip4, u->ip, 4);
        break;
    case CURI_HOST_IPV6:
    case CURI_HOST_IPVFUTURE: {
        const char *pct = memchr(u->host.ptr, '%', u->host.len);
        sp->host_kind = CURI__LH_LITERAL;
        sp->addr_end = (pct != NULL) ? (size_t)(pct - s) : sp->host.end - 1;
        sp->ip6_ok = u->host_type == CURI_HOST_IPV6;
        if (sp->ip6_ok) {
            memcpy(sp->ip6, u->ip, 16);
        }
        break;
    }
    default:
        sp->host_kind = CURI__LH_NONE;
        break;
    }
    scheme_tables(sp, s);
}

/* ------------------------------------------------------------------ the sink */

static int before(const curi_finding *a, const curi_finding *b)
{
    if (a->start != b->start) {
        return a->start < b->start;
    }
    if (a->rule != b->rule) {
        return a->rule < b->rule;
    }
    return a->end < b->end;
}

static void sift_down(curi_finding *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        curi_finding t;
        if (l < n && before(&h[m], &h[l])) {
            m = l;
        }
        if (r < n && before(&h[m], &h[r])) {
            m = r;
        }
        if (m == i) {
            return;
        }
        t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

void curi__lint_emit(curi__lint *c, int rule, size_t start, size_t end, uint32_t detail)
{
    curi_finding f;

    if (rule < 1 || rule > CURI_LINT_RULES || rules[rule].name == NULL ||
        (c->disabled[(rule - 1) / 32] >> ((rule - 1) % 32)) & 1u) {
        return;
    }
    memset(&f, 0, sizeof f);
    f.start = start;
    f.end = end;
    f.detail = detail;
    f.rule = (uint8_t)rule;
    f.severity = (uint8_t)rules[rule].sev;
    c->count++;
    if (c->kept < c->cap) {
        /* sift up into the max-heap */
        size_t i = c->kept++;
        c->out[i] = f;
        while (i > 0 && before(&c->out[(i - 1) / 2], &c->out[i])) {
            curi_finding t = c->out[i];
            c->out[i] = c->out[(i - 1) / 2];
            c->out[(i - 1) / 2] = t;
            i = (i - 1) / 2;
        }
    } else if (c->cap > 0 && before(&f, &c->out[0])) {
        c->out[0] = f;
        sift_down(c->out, c->kept, 0);
    }
}

/* The kept findings heapsorted into order (start, rule, end), at the end of a run. */
void curi__lint_sort(curi__lint *c)
{
    for (size_t k = c->kept; k > 1; k--) {
        curi_finding t = c->out[0];
        c->out[0] = c->out[k - 1];
        c->out[k - 1] = t;
        sift_down(c->out, k - 1, 0);
    }
}

/* ------------------------------------------------------------------ messages */

void curi__lint_put_num(curi__out *o, unsigned long v)
{
    char b[24];
    size_t k = sizeof b;

    do {
        b[--k] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    curi__put(o, b + k, sizeof b - k);
}

void curi__lint_put_hex2(curi__out *o, unsigned v)
{
    char b[2] = {curi__hexdigit(v >> 4), curi__hexdigit(v)};
    curi__put(o, b, 2);
}
