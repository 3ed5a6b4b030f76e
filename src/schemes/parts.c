/*
 * parts.c -- curi_scheme_parts_get: the parts each scheme's documents name, as views into
 * the input, after curi_scheme_check has accepted the reference (so every split below can
 * rely on the scheme's grammar: an ftp path's only ';' starts ";type=", a wais path has one
 * or three segments, ...).  Also the list cursor and the split that read lists and pairs
 * (a mailto address list split by check_mail.c's curi__mail_addr_end, quotes respected).
 * No allocation; each view is found with a bounded number of scans of its component.
 * SPDX-License-Identifier: MIT
 */
#include "check.h"
#include "../testing.h"

/* ------------------------------------------------------------------ layouts */

#define DEC CURI_SPT_DECODE
#define PAIRS CURI_SPT_PAIRS
#define ADDRS CURI_SPT_ADDRESSES
#define PORT CURI_SPT_PORT
#define OPT CURI_SPT_OPTIONAL

static const struct {
    const char *scheme; /* the kind's name */
    const char *name[CURI_SCHEME_PARTS_MAX];
    unsigned type[CURI_SCHEME_PARTS_MAX];
    int form; /* 1: the layout has a "query" part, form data (curi_scheme_query_is_form) */
} layouts[] = {
    [CURI_SK_NONE] = {NULL, {NULL}, {0}, 1},
    [CURI_SK_FTP] = {"ftp",
                     {"user", "password", "host", "port", "cwd", "name", "typecode"},
                     {DEC, DEC, 0, PORT, DEC | '/', DEC, 0}, 0},
    [CURI_SK_HTTP] = {"http",
                      {"user", "password", "host", "port", "path", "query", "fragment"},
                      {DEC, DEC, 0, PORT, 0, 0, 0}, 1},
    [CURI_SK_GOPHER] = {"gopher",
                        {"host", "port", "gophertype", "selector", "search", "gopher_plus",
                         "fragment"},
                        {0, PORT, DEC, DEC, DEC, DEC, OPT}, 0},
    [CURI_SK_MAILTO] = {"mailto",
                        {"to", "headers", "fragment"},
                        {DEC | ADDRS | ',', DEC | PAIRS | '&', OPT}, 0},
    [CURI_SK_NEWS] = {"news",
                      {"server", "port", "user", "article", "newsgroups", "fragment"},
                      {0, PORT, DEC | OPT, DEC | OPT, DEC | OPT, OPT}, 0},
    [CURI_SK_NNTP] = {"nntp",
                      {"server", "port", "user", "group", "article_number", "password"},
                      {0, PORT, DEC | OPT, DEC, 0, DEC | OPT}, 0},
    [CURI_SK_TELNET] = {"telnet", {"user", "password", "host", "port"}, {DEC, DEC, 0, PORT}, 0},
    [CURI_SK_WAIS] = {"wais",
                      {"host", "port", "database", "search", "wtype", "wpath"},
                      {0, PORT, DEC, DEC | OPT, DEC | OPT, DEC | OPT}, 0},
    [CURI_SK_FILE] = {"file", {"host", "path", "drive"}, {0, 0, 0}, 0},
    [CURI_SK_PROSPERO] = {"prospero",
                          {"host", "port", "hsoname", "fields"},
                          {0, PORT, DEC, DEC | PAIRS | ';'}, 0},
    [CURI_SK_LDAP] = {"ldap",
                      {"host", "port", "dn", "attributes", "scope", "filter", "extensions"},
                      {0, PORT, DEC, DEC | CURI_SPT_DEFAULT | ',', 0, DEC, DEC | PAIRS | ','}, 0},
    [CURI_SK_URN] = {"urn",
                     {"nid", "nss", "r_component", "q_component", "f_component"},
                     {0, 0, 0, 0, 0}, 0},
    [CURI_SK_MAN] = {"man", {"name", "section", "fragment"}, {DEC, DEC, OPT}, 0},
    [CURI_SK_INFO] = {"info", {"file", "node"}, {DEC, DEC}, 0},
    [CURI_SK_WHATIS] = {"whatis", {"string", "fragment"}, {DEC, OPT}, 0},
    [CURI_SK_GHELP] = {"ghelp", {"application", "fragment"}, {DEC, OPT}, 0},
    [CURI_SK_WS] = {"ws", {"host", "port", "path", "query"}, {0, PORT, 0, 0}, 1},
    [CURI_SK_TEL] = {"tel", {"number", "params"}, {0, PAIRS | ';'}, 0},
    [CURI_SK_DATA] = {"data", {"mediatype", "data"}, {0, 0}, 0},
};
enum { NKINDS = sizeof layouts / sizeof layouts[0] };

const char *curi_scheme_part_name(int kind, int i)
{
    if (kind <= CURI_SK_NONE || kind >= NKINDS || i < -1 || i >= CURI_SCHEME_PARTS_MAX) {
        return NULL;
    }
    return i == -1 ? layouts[kind].scheme : layouts[kind].name[i];
}

int curi_scheme_query_is_form(const curi_scheme *s)
{
    return layouts[curi_scheme_kind(s)].form;
}

unsigned curi_scheme_part_type(int kind, int i)
{
    if (curi_scheme_part_name(kind, i) == NULL || i < 0) {
        return 0;
    }
    return layouts[kind].type[i];
}

/* ------------------------------------------------------------------ lists and pairs */

/* c->flags: the separator in the low byte, then these */
enum { LIST_DONE = 0x100, LIST_ADDRS = 0x200 };

void curi_list_init(curi_cursor *c, curi_str list, char sep)
{
    if (c == NULL) {
        return;
    }
    c->p = list.ptr;
    c->end = list.ptr != NULL ? list.ptr + list.len : NULL;
    c->flags = (unsigned char)sep | (list.ptr == NULL ? (uint32_t)LIST_DONE : 0u);
    c->reserved = 0;
}

/* What a curi_scheme_part_type value may hold: the separator byte and the CURI_SPT_* bits. */
#define SPT_KNOWN                                                                         \
    (0xFFu | CURI_SPT_DECODE | CURI_SPT_PAIRS | CURI_SPT_ADDRESSES | CURI_SPT_PORT | \
     CURI_SPT_OPTIONAL | CURI_SPT_DEFAULT)

int curi_list_init_type(curi_cursor *c, curi_str list, unsigned type, curi_error *err)
{
    if (c == NULL) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (type & ~SPT_KNOWN) {
        /* refused, and a cursor that yields nothing all the same */
        curi_list_init(c, (curi_str){NULL, 0}, 0);
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    curi_list_init(c, list, (char)(type & 0xFF));
    if ((type & CURI_SPT_ADDRESSES) && (type & 0xFF) == ',') {
        c->flags |= LIST_ADDRS;
    }
    return curi__ok(err);
}

int curi_list_next(curi_cursor *c, curi_str *item)
{
    const char *q;

    if (c == NULL || item == NULL || (c->flags & LIST_DONE)) {
        return 0;
    }
    if (c->flags & LIST_ADDRS) {
        /* mailto addresses: not at a ',' inside a quoted local part or a domain literal */
        q = curi__mail_addr_end(c->p, c->end);
        if (q == c->end) {
            q = NULL;
        }
    } else {
        q = memchr(c->p, (int)(c->flags & 0xFF), (size_t)(c->end - c->p));
    }
    if (q == NULL) {
        q = c->end;
        c->flags |= LIST_DONE;
    }
    item->ptr = c->p;
    item->len = (size_t)(q - c->p);
    if (q < c->end) {
        c->p = q + 1;
    }
    return 1;
}

void curi_split_at(curi_str s, char ch, curi_str *before, curi_str *after)
{
    const char *q = (s.ptr != NULL && s.len > 0) ? memchr(s.ptr, ch, s.len) : NULL;
    curi_str b = s, a = {NULL, 0};

    if (q != NULL) {
        b.len = (size_t)(q - s.ptr);
        a.ptr = q + 1;
        a.len = s.len - b.len - 1;
    }
    if (before != NULL) {
        *before = b;
    }
    if (after != NULL) {
        *after = a;
    }
}

/* ------------------------------------------------------------------ helpers */

static curi_str str_view(const char *p, const char *e)
{
    curi_str v = {p, (size_t)(e - p)};
    return v;
}

static const curi_str absent = {NULL, 0};

/* user and password: the userinfo before and after its first ':' */
static void user_password(const curi_uri *u, curi_str *user, curi_str *password)
{
    if (u->userinfo.ptr != NULL) {
        curi_split_at(u->userinfo, ':', user, password);
    }
}

/* [p, e) up to the first occurrence of the three bytes "%09" (or e) */
static const char *find_tab(const char *p, const char *e)
{
    for (; e - p >= 3; p++) {
        if (p[0] == '%' && p[1] == '0' && p[2] == '9') {
            return p;
        }
    }
    return e;
}

/* ------------------------------------------------------------------ per kind */

void curi__parts_ftp(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr, *e = curi__vend(u->path), *semi, *last;

    user_password(u, &o->part[0], &o->part[1]);
    o->part[2] = u->host;
    o->part[3] = u->port;
    if (p == e) {
        return; /* the whole url-path omitted: no cwd, no name */
    }
    semi = memchr(p, ';', (size_t)(e - p));
    if (semi != NULL) {
        o->part[6] = str_view(semi + 6, e); /* ";type=" X */
        e = semi;
    }
    /* the path after its '/': cwd1/.../cwdN/name */
    p++;
    last = e;
    while (last > p && last[-1] != '/') {
        last--;
    }
    o->part[5] = str_view(last, e);
    if (last > p) {
        o->part[4] = str_view(p, last - 1);
    }
}

void curi__parts_http(curi_scheme_parts *o, const curi_uri *u)
{
    user_password(u, &o->part[0], &o->part[1]);
    o->part[2] = u->host;
    o->part[3] = u->port;
    o->part[4] = u->path;
    o->part[5] = u->query;
    o->part[6] = u->fragment;
}

void curi__parts_gopher(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr, *e = curi__vend(u->path), *t;

    o->part[0] = u->host;
    o->part[1] = u->port;
    o->part[6] = u->fragment;
    if (e - p < 2) {
        return; /* type 1, empty selector */
    }
    p++;
    t = p + ((*p == '%') ? 3 : 1); /* the type: one character, maybe encoded */
    o->part[2] = str_view(p, t);
    p = t;
    t = find_tab(p, e);
    o->part[3] = str_view(p, t);
    if (t == e) {
        return;
    }
    p = t + 3;
    t = find_tab(p, e);
    o->part[4] = str_view(p, t);
    if (t < e) {
        o->part[5] = str_view(t + 3, e);
    }
}

void curi__parts_mailto(curi_scheme_parts *o, const curi_uri *u)
{
    if (u->path.len > 0) {
        o->part[0] = u->path;
    }
    o->part[1] = u->query;
    o->part[2] = u->fragment;
}

void curi__parts_news(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr, *e = curi__vend(u->path);
    curi_str body;

    o->part[0] = u->host;
    o->part[1] = u->port;
    o->part[2] = u->userinfo;
    o->part[5] = u->fragment;
    if (u->host.ptr != NULL && p < e) {
        p++;
    }
    body = str_view(p, e);
    if (p < e && memchr(p, '@', (size_t)(e - p)) != NULL) {
        o->part[3] = body;
    } else {
        o->part[4] = body;
    }
}

void curi__parts_nntp(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr + 1, *e = curi__vend(u->path), *slash;

    o->part[0] = u->host;
    o->part[1] = u->port;
    /* user[:password], the password form deprecated (RFC 5538 7); password last, after the
     * parts the layout had before it */
    user_password(u, &o->part[2], &o->part[5]);
    slash = memchr(p, '/', (size_t)(e - p));
    o->part[3] = str_view(p, slash != NULL ? slash : e);
    if (slash != NULL) {
        o->part[4] = str_view(slash + 1, e);
    }
}

void curi__parts_telnet(curi_scheme_parts *o, const curi_uri *u)
{
    user_password(u, &o->part[0], &o->part[1]);
    o->part[2] = u->host;
    o->part[3] = u->port;
}

void curi__parts_wais(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr + 1, *e = curi__vend(u->path), *s1, *s2;

    o->part[0] = u->host;
    o->part[1] = u->port;
    s1 = memchr(p, '/', (size_t)(e - p));
    if (s1 == NULL) {
        o->part[2] = str_view(p, e);
        if (u->query.ptr != NULL) {
            o->part[3] = u->query;
            o->form = CURI_WAIS_SEARCH;
        }
        return;
    }
    s2 = memchr(s1 + 1, '/', (size_t)(e - s1 - 1));
    o->part[2] = str_view(p, s1);
    o->part[4] = str_view(s1 + 1, s2);
    o->part[5] = str_view(s2 + 1, e);
    o->form = CURI_WAIS_DOCUMENT;
}

void curi__parts_file(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr, *e = curi__vend(u->path);

    o->part[0] = u->host;
    o->part[1] = u->path;
    o->form = u->host.ptr == NULL    ? CURI_FILE_HOST_ABSENT
              : u->host.len == 0     ? CURI_FILE_HOST_EMPTY
              : curi__is_localhost(u->host.ptr, u->host.len) ? CURI_FILE_HOST_LOCALHOST
                                      : CURI_FILE_HOST_NAMED;
    /* a drive letter: "/c:" or "c:" starting the path (RFC 8089 E.2), followed by '/' or
     * the end */
    if (p < e && *p == '/') {
        p++;
    }
    if (e - p >= 2 && curi__is((unsigned char)p[0], CURI__ALPHA) && p[1] == ':' &&
        (e - p == 2 || p[2] == '/')) {
        o->part[2] = str_view(p, p + 1);
    }
}

void curi__parts_prospero(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr + 1, *e = curi__vend(u->path), *semi;

    o->part[0] = u->host;
    o->part[1] = u->port;
    semi = memchr(p, ';', (size_t)(e - p));
    o->part[2] = str_view(p, semi != NULL ? semi : e);
    if (semi != NULL) {
        o->part[3] = str_view(semi + 1, e);
    }
}

void curi__parts_ldap(curi_scheme_parts *o, const curi_uri *u)
{
    curi_str rest;

    o->part[0] = u->host;
    o->part[1] = u->port;
    if (u->path.len > 0) {
        o->part[2] = str_view(u->path.ptr + 1, curi__vend(u->path));
    }
    if (u->query.ptr == NULL) {
        return;
    }
    /* attributes ? scope ? filter ? extensions: an empty one counts as absent */
    rest = u->query;
    for (int k = 3; k <= 6 && rest.ptr != NULL; k++) {
        curi_str cur;
        curi_split_at(rest, '?', &cur, &rest);
        o->part[k] = cur.len > 0 ? cur : absent;
    }
}

void curi__parts_urn(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr, *e = curi__vend(u->path), *colon;

    colon = memchr(p, ':', (size_t)(e - p));
    o->part[0] = str_view(p, colon);
    o->part[1] = str_view(colon + 1, e);
    if (u->query.ptr != NULL) {
        const char *r = u->query.ptr, *qe = curi__vend(u->query);
        if (*r == '+') {
            const char *s = curi__urn_r_end(r + 1, qe);
            o->part[2] = str_view(r + 1, s);
            r = (s < qe) ? s + 1 : qe;
        }
        if (r < qe) {
            o->part[3] = str_view(r + 1, qe); /* after '=' */
        }
    }
    o->part[4] = u->fragment;
}

void curi__parts_man(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr, *e = curi__vend(u->path), *open;

    open = memchr(p, '(', (size_t)(e - p));
    o->part[0] = str_view(p, open != NULL ? open : e);
    if (open != NULL) {
        o->part[1] = str_view(open + 1, e - 1);
    }
    o->part[2] = u->fragment;
}

void curi__parts_info(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr, *e = curi__vend(u->path), *close;

    if (*p == '(') {
        close = memchr(p, ')', (size_t)(e - p));
        o->form = CURI_INFO_KDE;
        o->part[0] = str_view(p + 1, close);
        if (close + 1 < e) {
            o->part[1] = str_view(close + 1, e);
        }
        return;
    }
    o->form = CURI_INFO_GNOME;
    o->part[0] = u->path;
    o->part[1] = u->fragment;
}

void curi__parts_path_and_fragment(curi_scheme_parts *o, const curi_uri *u)
{
    o->part[0] = u->path;
    o->part[1] = u->fragment;
}

void curi__parts_ws(curi_scheme_parts *o, const curi_uri *u)
{
    o->part[0] = u->host;
    o->part[1] = u->port;
    o->part[2] = u->path;
    o->part[3] = u->query;
    o->flags = (uint8_t)(u->scheme.len == 3 ? CURI_SP_SECURE : 0); /* wss */
}

void curi__parts_tel(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr, *e = curi__vend(u->path), *semi;

    semi = memchr(p, ';', (size_t)(e - p));
    o->part[0] = str_view(p, semi != NULL ? semi : e);
    if (semi != NULL) {
        o->part[1] = str_view(semi + 1, e);
    }
    o->form = (*p == '+') ? CURI_TEL_GLOBAL : CURI_TEL_LOCAL;
}

void curi__parts_data(curi_scheme_parts *o, const curi_uri *u)
{
    const char *p = u->path.ptr, *e = curi__vend(u->path), *comma, *m;

    comma = memchr(p, ',', (size_t)(e - p));
    m = comma;
    /* ";base64" at the end of the media type (checked by curi_scheme_check) */
    if (comma - p >= 7 && comma[-7] == ';' && (comma[-6] | 0x20) == 'b' &&
        (comma[-5] | 0x20) == 'a' && (comma[-4] | 0x20) == 's' && (comma[-3] | 0x20) == 'e' &&
        comma[-2] == '6' && comma[-1] == '4') {
        o->flags = CURI_SP_BASE64;
        m = comma - 7;
    }
    o->part[0] = str_view(p, m);
    /* the data: the rest of the path.  RFC 2397 data is *urlchar, '?' included, so a query
     * is the rest of the data: CURI_SP_QUERY says so.  A part is a view of one component
     * (curi_set may have put the path and the query in separate buffers). */
    o->part[1] = str_view(comma + 1, e);
    if (u->query.ptr != NULL) {
        o->flags |= CURI_SP_QUERY;
    }
}

/* ------------------------------------------------------------------ the entry point */

/*
 * The parts the layouts use: 7 at most today (ftp, http, gopher, ldap), of the struct's
 * CURI_SCHEME_PARTS_MAX.  The library's own readers (curi__scheme_parts_fill) read no further,
 * so only these are cleared for them; curi_scheme_parts_get clears every slot.
 */
enum { PARTS_USED = 8 };
_Static_assert(CURI_SCHEME_PARTS_MAX == 16, "parts_entry's http path clears slots 7 to 15");

static void clear_parts(curi_scheme_parts *out, int from, int to)
{
    for (int i = from; i < to; i++) {
        out->part[i] = absent;
    }
}

void curi__scheme_parts_fill(curi_scheme_parts *out, const curi_scheme *si, const curi_uri *u)
{
    out->kind = out->form = out->flags = out->reserved = 0;
    clear_parts(out, 0, PARTS_USED);
    if (si != NULL && si->ops != NULL && si->ops->parts != NULL) {
        out->kind = (uint8_t)si->ops->kind;
        si->ops->parts(out, u);
    }
}

/* curi_scheme_parts_get and the suites' curi__scheme_parts_get (testing.h), which also takes
 * CURI__SCHEME_GENERAL. */
CURI__INLINE int parts_entry(curi_scheme_parts *out, const curi_uri *u, unsigned flags,
                             const char **rule, curi_error *err, unsigned known)
{
    const curi_scheme *si;
    int rc;

    if (rule != NULL) {
        *rule = NULL;
    }
    if (out == NULL) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    /* cleared field by field: memset and a struct copy both become "rep stos"/"rep movs",
     * whose start-up costs more than the rest of a web URL's parts */
    out->kind = out->form = out->flags = out->reserved = 0;
    if (u != NULL && !(flags & ~known) && u->scheme.ptr != NULL && u->scheme.len - 4 <= 1) {
        /* http and https, most inputs: their only rule is a non-empty host; http() sets
         * parts 2 to 6, so only the others are cleared.  The scheme is 4 or 5 bytes long
         * here, and no byte past its length is read (after curi_set the view may be a
         * buffer of its own length). */
        const char *k = u->scheme.ptr;
        if ((k[0] | 0x20) == 'h' && (k[1] | 0x20) == 't' && (k[2] | 0x20) == 't' &&
            (k[3] | 0x20) == 'p' && (u->scheme.len == 4 || (k[4] | 0x20) == 's') &&
            u->host.ptr != NULL && u->host.len > 0 && !(flags & CURI__SCHEME_GENERAL)) {
            /* one store each, not a loop: the slots past http's seven are half the struct */
            out->part[0] = out->part[1] = absent;
            out->part[7] = out->part[8] = out->part[9] = out->part[10] = out->part[11] = absent;
            out->part[12] = out->part[13] = out->part[14] = out->part[15] = absent;
            out->kind = CURI_SK_HTTP;
            curi__parts_http(out, u);
            return curi__ok(err);
        }
    }
    clear_parts(out, 0, CURI_SCHEME_PARTS_MAX);
    if (u == NULL || (flags & ~known) != 0) {
        return curi__fail(err, CURI_ERR_INVALID_ARG, 0);
    }
    if (u->scheme.ptr == NULL) {
        return curi__ok(err);
    }
    si = curi__scheme_of(u);
    rc = curi__scheme_check_si(si, u, err, rule);
    if (rc != CURI_OK || si == NULL || si->ops == NULL || si->ops->parts == NULL) {
        return rc;
    }
    out->kind = (uint8_t)si->ops->kind;
    si->ops->parts(out, u);
    return CURI_OK;
}

int curi_scheme_parts_get(curi_scheme_parts *out, const curi_uri *u, unsigned flags,
                          const char **rule, curi_error *err)
{
    return parts_entry(out, u, flags, rule, err, 0);
}

int curi__scheme_parts_get(curi_scheme_parts *out, const curi_uri *u, unsigned flags,
                           const char **rule, curi_error *err)
{
    return parts_entry(out, u, flags, rule, err, CURI__SCHEME_GENERAL);
}
