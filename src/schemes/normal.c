/*
 * normal.c -- scheme-based normalization and equivalence beyond the default port and the
 * empty path (RFC 3986 6.2.3), each rule from its scheme's documents:
 *
 *   file     "file://localhost/p" and "file:///p" name the same file (RFC 8089 2): the first
 *            normalizes to the second (localhost in any case, without userinfo or port,
 *            which file URIs do not have);
 *   gopher   "gopher://h", "gopher://h/" and "gopher://h/1" are the same (RFC 4266 2.1: an
 *            empty gopher-path is type 1 with an empty selector): the path becomes "/1";
 *   news     "news://s/" followed by "*" is the same as "news://s/" (RFC 5538 4): the path
 *            becomes "/";
 *   ldap(s)  an empty part of the query is the same as an absent one, and so are the scope
 *            "base" and the filter "(objectClass=*)" (RFC 4516 3, 4): trailing parts that are
 *            empty or these defaults go, with their '?' ("ldap://h/o=x?cn?base" becomes
 *            "ldap://h/o=x?cn", "ldap://h/?" becomes "ldap://h/").
 *
 * These are written as a view of the reference (curi__scheme_view), so that every writer
 * and comparison of normalize.c reads the same thing.  The equivalences below are the
 * scheme rung of curi_compare.  file's and nntp's have no canonical form that keeps the
 * reference's structure or meaning; urn's, mailto's, tel's and data's have one for part of
 * what they equate (see "canonical case" at the end), which curi_normalize writes, and the
 * rest (a urn's r-, q-, f-components, mailto's to= spellings) stays a comparison:
 *
 *   file     "file:/p" names the same file as "file:///p" (RFC 8089 2), but normalization
 *            does not add the authority: a path that only becomes absolute once its dot
 *            segments go would gain one on a second pass, so the form would not be stable.
 *            curi__scheme_equiv_view reads "file:/p" as "file:///p" for the comparison;
 *   nntp     "nntp://s/group" names the group that "news://s/group" names (RFC 5538 3), but
 *            the two say how to reach it differently, so neither is rewritten into the other:
 *            curi__scheme_equiv_view reads the nntp form as news for the comparison;
 *   urn      URN-equivalence (RFC 8141 3.1): the NID without regard to case, the NSS as
 *            written (hex digits of triplets without regard to case), the r-, q- and
 *            f-components ignored;
 *   mailto   the same addresses in the same order, whether in the path or in to= headers,
 *            the domain without regard to case (RFC 6068 2, RFC 3986 6.2.3), and the same
 *            other header fields in the same order, names without regard to case;
 *   tel      the same kind of number, the same digits without visual separators, the same
 *            parameters in any order, without regard to case (RFC 3966 4); normalization
 *            writes the number without separators, the parameters in RFC 3966 3's order
 *            (at most 32, each name once) and the path lowercased (normalize.c's tel_path);
 *   data     the same effective media type (RFC 2397 3's defaults: an omitted type is
 *            text/plain;charset=US-ASCII; names and the charset value without regard to
 *            case, RFC 2045 5.1 and RFC 2046 4.1.2), base64 or not, and the same data;
 *            normalization writes the default as nothing, "text/plain" before bare
 *            parameters, and the names and the charset value lowercased (normalize.c's
 *            data_path).
 *
 * Nothing here allocates; each comparison walks both references once.
 * SPDX-License-Identifier: MIT
 */
#include "check.h"

static const char empty[] = "", one[] = "/1", slash[] = "/";

/* [p, p + n) is name without regard to ASCII case (name lowercase). */
static int is_ci(const char *p, size_t n, const char *name)
{
    size_t i;

    for (i = 0; i < n; i++) {
        if (name[i] == '\0' || curi__lower((unsigned char)p[i]) != (unsigned char)name[i]) {
            return 0;
        }
    }
    return name[i] == '\0';
}

static int scheme_is(const curi_uri *u, const char *name)
{
    return u->scheme.ptr != NULL && is_ci(u->scheme.ptr, u->scheme.len, name);
}

/* ldap: the query without its trailing empty or default parts, or absent. */
static curi_str ldap_query(curi_str q)
{
    const char *start[4], *e = q.ptr + q.len;
    int k = 0;

    /* the starts of the parts: attributes, scope, filter, extensions */
    start[k++] = q.ptr;
    for (const char *s = q.ptr; s < e && k < 4; s++) {
        if (*s == '?') {
            start[k++] = s + 1;
        }
    }
    if (k == 4 && memchr(start[3], '?', (size_t)(e - start[3])) != NULL) {
        return q; /* more than four parts: not RFC 4516's query, left alone */
    }
    /* drop the last part while it is empty or the default, with the '?' before it */
    while (k > 0) {
        const char *a = start[k - 1];
        size_t n = (size_t)(e - a);
        if (!(n == 0 || (k == 2 && is_ci(a, n, "base")) ||
              (k == 3 && is_ci(a, n, "(objectclass=*)")))) {
            break;
        }
        e = (k > 1) ? a - 1 : a;
        k--;
    }
    if (k == 0) {
        curi_str none = {NULL, 0};
        return none;
    }
    q.len = (size_t)(e - q.ptr);
    return q;
}

const curi_uri *curi__scheme_view(const curi_uri *u, curi_uri *tmp)
{
    if (u->scheme.ptr == NULL || u->scheme.len < 4 || u->scheme.len > 6) {
        return u;
    }
    if (scheme_is(u, "file")) {
        /* file://localhost/p is file:///p (an authority is never added: see the top) */
        const curi_str h = u->host;
        if (u->userinfo.ptr != NULL || u->port.ptr != NULL || h.ptr == NULL ||
            !is_ci(h.ptr, h.len, "localhost")) {
            return u;
        }
        *tmp = *u;
        tmp->host.ptr = empty;
        tmp->host.len = 0;
        tmp->host_type = CURI_HOST_REGNAME;
        tmp->zone.ptr = NULL;
        tmp->zone.len = 0;
        return tmp;
    }
    if (scheme_is(u, "gopher")) {
        if (u->host.ptr == NULL || u->path.len > 1) {
            return u;
        }
        *tmp = *u;
        tmp->path.ptr = one;
        tmp->path.len = 2;
        return tmp;
    }
    if (scheme_is(u, "news")) {
        if (u->host.ptr == NULL || u->path.len != 2 || u->path.ptr[1] != '*') {
            return u;
        }
        *tmp = *u;
        tmp->path.ptr = slash;
        tmp->path.len = 1;
        return tmp;
    }
    if (scheme_is(u, "ldap") || scheme_is(u, "ldaps")) {
        curi_str q;
        if (u->query.ptr == NULL || u->host.ptr == NULL) {
            return u;
        }
        q = ldap_query(u->query);
        if (q.ptr == u->query.ptr && q.len == u->query.len) {
            return u;
        }
        *tmp = *u;
        tmp->query = q;
        return tmp;
    }
    return u;
}

const curi_uri *curi__scheme_equiv_view(const curi_uri *u, curi_uri *tmp)
{
    static const char news[] = "news";

    if (scheme_is(u, "nntp") && u->host.ptr != NULL && u->path.len > 1 &&
        memchr(u->path.ptr + 1, '/', u->path.len - 1) == NULL) {
        /* nntp://s/group names the group news://s/group names (RFC 5538 3): read it so */
        *tmp = *u;
        tmp->scheme.ptr = news;
        tmp->scheme.len = 4;
        return tmp;
    }
    if (!scheme_is(u, "file") || u->host.ptr != NULL || u->path.len == 0 ||
        u->path.ptr[0] != '/') {
        return u;
    }
    *tmp = *u;
    tmp->host.ptr = empty;
    tmp->host.len = 0;
    tmp->host_type = CURI_HOST_REGNAME;
    return tmp;
}

/* ------------------------------------------------------------------ equivalence */

/*
 * The bytes of a view as syntax-based normalization reads them (RFC 3986 6.2.2): a triplet
 * of an unreserved octet is that octet, another triplet has uppercase hex digits; with
 * fold, ASCII letters are lowercased.  One byte at a time, -1 at the end.
 */
typedef struct nread {
    const char *p, *e;
    char pend[2]; /* the hex digits still to come of a triplet kept encoded */
    int npend, fold, keep; /* keep: never decode (URN NSS) */
} nread;

static void nr_init(nread *r, curi_str v, int fold, int keep)
{
    r->p = v.ptr;
    r->e = v.ptr + v.len;
    r->npend = 0;
    r->fold = fold;
    r->keep = keep;
}

static char upper_hex(char c)
{
    return (c >= 'a' && c <= 'f') ? (char)(c - 32) : c;
}

static int nr_next(nread *r)
{
    int c;

    if (r->npend > 0) {
        c = (unsigned char)r->pend[2 - r->npend];
        r->npend--;
        return c;
    }
    if (r->p >= r->e) {
        return -1;
    }
    c = (unsigned char)*r->p;
    if (c == '%' && r->e - r->p >= 3) {
        unsigned v = curi__hexval((unsigned char)r->p[1]) << 4 |
                     curi__hexval((unsigned char)r->p[2]);
        if (!r->keep && curi__is((unsigned char)v, CURI__UNRESERVED)) {
            r->p += 3;
            c = (int)v;
        } else {
            r->pend[0] = upper_hex(r->p[1]);
            r->pend[1] = upper_hex(r->p[2]);
            r->npend = 2;
            r->p += 3;
            return '%';
        }
    } else {
        r->p++;
    }
    return r->fold ? curi__lower((unsigned char)c) : c;
}

/* a and b read the same through nread */
static int norm_eq(curi_str a, curi_str b, int fold, int keep)
{
    nread x, y;
    int c;

    if ((a.ptr == NULL) != (b.ptr == NULL)) {
        return 0;
    }
    if (a.ptr == NULL) {
        return 1;
    }
    nr_init(&x, a, fold, keep);
    nr_init(&y, b, fold, keep);
    do {
        c = nr_next(&x);
        if (c != nr_next(&y)) {
            return 0;
        }
    } while (c >= 0);
    return 1;
}

/* URN-equivalence (RFC 8141 3.1): NID without case, NSS with hex case only. */
static int urn_equivalent(const curi_uri *a, const curi_uri *b)
{
    curi_scheme_parts pa, pb;

    if (curi_scheme_parts_get(&pa, a, 0, NULL, NULL) != CURI_OK ||
        curi_scheme_parts_get(&pb, b, 0, NULL, NULL) != CURI_OK || pa.kind != CURI_SK_URN ||
        pb.kind != CURI_SK_URN) {
        return 0;
    }
    return pa.part[0].len == pb.part[0].len &&
           norm_eq(pa.part[0], pb.part[0], 1, 1) && norm_eq(pa.part[1], pb.part[1], 0, 1);
}

/*
 * mailto's recipients one at a time: the path's addresses, then those of every to= header,
 * both split by the parts' address cursor (CURI_SPT_ADDRESSES: a ',' separates only when
 * written as is and outside a quoted local part or a domain literal).
 */
typedef struct rcpt {
    curi_cursor path, headers, cur;
    int in_header, in_value; /* in_value: cur walks a to= header's value */
} rcpt;

static void rcpt_init(rcpt *r, const curi_scheme_parts *sp)
{
    curi_list_init_type(&r->path, sp->part[0], curi_scheme_part_type(CURI_SK_MAILTO, 0));
    curi_list_init(&r->headers, sp->part[1], '&');
    r->in_header = 0;
    r->in_value = 0;
}

/* hfname "to" without regard to case, decoded */
static int is_to(curi_str name)
{
    nread r;
    int a, b;

    nr_init(&r, name, 1, 0);
    a = nr_next(&r);
    b = nr_next(&r);
    return a == 't' && b == 'o' && nr_next(&r) < 0;
}

static int rcpt_next(rcpt *r, curi_str *addr)
{
    curi_str h, name, value;

    if (!r->in_header && curi_list_next(&r->path, addr)) {
        return 1;
    }
    r->in_header = 1;
    for (;;) {
        if (r->in_value && curi_list_next(&r->cur, addr)) {
            return 1;
        }
        r->in_value = 0;
        if (!curi_list_next(&r->headers, &h)) {
            return 0;
        }
        curi_split_at(h, '=', &name, &value);
        if (is_to(name) && value.ptr != NULL && value.len > 0) {
            curi_list_init_type(&r->cur, value, curi_scheme_part_type(CURI_SK_MAILTO, 0));
            r->in_value = 1;
        }
    }
}

/* two addresses: the local part as written, the domain without regard to case */
static int addr_eq(curi_str a, curi_str b)
{
    const char *at_a = NULL, *at_b = NULL;
    curi_str la = a, lb = b, da = {NULL, 0}, db = {NULL, 0};

    for (size_t i = a.len; i > 0; i--) {
        if (a.ptr[i - 1] == '@') {
            at_a = a.ptr + i - 1;
            break;
        }
    }
    for (size_t i = b.len; i > 0; i--) {
        if (b.ptr[i - 1] == '@') {
            at_b = b.ptr + i - 1;
            break;
        }
    }
    if (at_a != NULL) {
        la.len = (size_t)(at_a - a.ptr);
        da.ptr = at_a + 1;
        da.len = a.len - la.len - 1;
    }
    if (at_b != NULL) {
        lb.len = (size_t)(at_b - b.ptr);
        db.ptr = at_b + 1;
        db.len = b.len - lb.len - 1;
    }
    return norm_eq(la, lb, 0, 0) && norm_eq(da, db, 1, 0);
}

static int mailto_equivalent(const curi_uri *a, const curi_uri *b)
{
    curi_scheme_parts pa, pb;
    rcpt ra, rb;
    curi_cursor ha, hb;
    curi_str x, y;
    int more_a, more_b;

    if (curi_scheme_parts_get(&pa, a, 0, NULL, NULL) != CURI_OK ||
        curi_scheme_parts_get(&pb, b, 0, NULL, NULL) != CURI_OK ||
        pa.kind != CURI_SK_MAILTO || pb.kind != CURI_SK_MAILTO ||
        !norm_eq(pa.part[2], pb.part[2], 0, 0)) {
        return 0;
    }
    /* the recipients, in order */
    rcpt_init(&ra, &pa);
    rcpt_init(&rb, &pb);
    for (;;) {
        more_a = rcpt_next(&ra, &x);
        more_b = rcpt_next(&rb, &y);
        if (more_a != more_b) {
            return 0;
        }
        if (!more_a) {
            break;
        }
        if (!addr_eq(x, y)) {
            return 0;
        }
    }
    /* the other header fields, in order: name without case, value as written */
    curi_list_init(&ha, pa.part[1], '&');
    curi_list_init(&hb, pb.part[1], '&');
    for (;;) {
        curi_str na = {NULL, 0}, va = {NULL, 0}, nb = {NULL, 0}, vb = {NULL, 0};
        /* the next field that is not to= on each side (x and y are set only by a 1) */
        while ((more_a = curi_list_next(&ha, &x)) != 0) {
            curi_split_at(x, '=', &na, &va);
            if (!is_to(na)) {
                break;
            }
        }
        while ((more_b = curi_list_next(&hb, &y)) != 0) {
            curi_split_at(y, '=', &nb, &vb);
            if (!is_to(nb)) {
                break;
            }
        }
        if (more_a != more_b) {
            return 0;
        }
        if (!more_a) {
            return 1;
        }
        if (!norm_eq(na, nb, 1, 0) || !norm_eq(va, vb, 0, 0)) {
            return 0;
        }
    }
}

/* a tel number's characters without the visual separators - . ( ) (RFC 3966 4), hex digits
 * without regard to case: -1 at the end */
static int tel_next(nread *r)
{
    int c;

    do {
        c = nr_next(r);
    } while (c == '-' || c == '.' || c == '(' || c == ')');
    return c;
}

/* The number of ';' items of a tel parameter list, counting no further than lim + 1. */
static size_t tel_count(curi_str ps, size_t lim)
{
    curi_cursor c;
    curi_str x;
    size_t n = 0;

    curi_list_init(&c, ps, ';');
    while (n <= lim && curi_list_next(&c, &x)) {
        n++;
    }
    return n;
}

/* The value of the only parameter of ps named name (without regard to case), in *value:
 * the number of parameters so named, counting no further than 2. */
static int tel_find(curi_str ps, curi_str name, curi_str *value)
{
    curi_cursor c;
    curi_str x, n, v;
    int k = 0;

    curi_list_init(&c, ps, ';');
    while (k < 2 && curi_list_next(&c, &x)) {
        curi_split_at(x, '=', &n, &v);
        if (norm_eq(n, name, 1, 0)) {
            *value = v;
            k++;
        }
    }
    return k;
}

/*
 * Two tel parameter lists hold the same parameters, matched by name whatever their order
 * (RFC 3966 4), names and values without regard to case.  Matching out of order is
 * quadratic in the number of parameters, so it is done for up to TEL_PARAMS_MAX of them,
 * each name once on each side; longer lists, or one that repeats a name, must be in the
 * same order (RFC 3966 3 allows each name once, and real numbers carry a few).
 */
#define TEL_PARAMS_MAX 32

static int tel_params_eq(curi_str a, curi_str b)
{
    curi_cursor c;
    curi_str x, n, v, w = {NULL, 0};
    size_t na;

    if (norm_eq(a, b, 1, 0)) {
        return 1;
    }
    if (a.ptr == NULL || b.ptr == NULL || (na = tel_count(a, TEL_PARAMS_MAX)) > TEL_PARAMS_MAX ||
        tel_count(b, TEL_PARAMS_MAX) != na) {
        return 0;
    }
    curi_list_init(&c, a, ';');
    while (curi_list_next(&c, &x)) {
        curi_split_at(x, '=', &n, &v);
        if (tel_find(a, n, &w) != 1 || tel_find(b, n, &w) != 1 || !norm_eq(v, w, 1, 0)) {
            return 0;
        }
    }
    return 1;
}

/*
 * tel (RFC 3966 4): both global or both local, the same digits once the visual separators
 * are gone, and the same parameters (tel_params_eq).
 */
static int tel_equivalent(const curi_uri *a, const curi_uri *b)
{
    curi_scheme_parts pa, pb;
    nread x, y;
    int c;

    if (curi_scheme_parts_get(&pa, a, 0, NULL, NULL) != CURI_OK ||
        curi_scheme_parts_get(&pb, b, 0, NULL, NULL) != CURI_OK || pa.kind != CURI_SK_TEL ||
        pb.kind != CURI_SK_TEL || pa.form != pb.form ||
        !norm_eq(a->fragment, b->fragment, 0, 0)) {
        return 0;
    }
    nr_init(&x, pa.part[0], 1, 0);
    nr_init(&y, pb.part[0], 1, 0);
    do {
        c = tel_next(&x);
        if (c != tel_next(&y)) {
            return 0;
        }
    } while (c >= 0);
    return tel_params_eq(pa.part[1], pb.part[1]);
}

int curi__data_ci_value(curi_str name)
{
    static const curi_str charset = {"charset", 7};

    return norm_eq(name, charset, 1, 0);
}

/* the effective media type of a data URI's type (RFC 2397 3's defaults), compared: type,
 * subtype and parameter names without regard to case (RFC 2045 5.1), the charset value too
 * (RFC 2046 4.1.2), the other values as written */
static int media_eq(curi_str ma, curi_str mb)
{
    static const char dflt[] = "text/plain;charset=US-ASCII", plain[] = "text/plain";
    /* an omitted type is text/plain; with no parameter either, charset=US-ASCII too */
    curi_str ta = ma, tb = mb;
    curi_str da = {dflt, sizeof dflt - 1}, pl = {plain, sizeof plain - 1};
    curi_cursor ca, cb;
    curi_str ia = {NULL, 0}, ib = {NULL, 0};
    int ma_more, mb_more, first = 1;

    if (ta.len == 0) {
        ta = da;
    }
    if (tb.len == 0) {
        tb = da;
    }
    /* walk "type/subtype;name=value..." as ';' items; a leading ';' means text/plain */
    curi_list_init(&ca, ta, ';');
    curi_list_init(&cb, tb, ';');
    for (;;) {
        ma_more = curi_list_next(&ca, &ia);
        mb_more = curi_list_next(&cb, &ib);
        if (first) {
            if (ma_more && ia.len == 0) {
                ia = pl;
            }
            if (mb_more && ib.len == 0) {
                ib = pl;
            }
            first = 0;
            if (!norm_eq(ia, ib, 1, 0)) {
                return 0;
            }
            continue;
        }
        if (ma_more != mb_more) {
            return 0;
        }
        if (!ma_more) {
            return 1;
        }
        {
            curi_str na, va, nb, vb;
            curi_split_at(ia, '=', &na, &va);
            curi_split_at(ib, '=', &nb, &vb);
            /* the names are the same, so whether they name the charset is too */
            if (!norm_eq(na, nb, 1, 0) || !norm_eq(va, vb, curi__data_ci_value(na), 0)) {
                return 0;
            }
        }
    }
}

/* data (RFC 2397 3): the same effective media type, both base64 or neither, the same data */
static int data_equivalent(const curi_uri *a, const curi_uri *b)
{
    curi_scheme_parts pa, pb;

    if (curi_scheme_parts_get(&pa, a, 0, NULL, NULL) != CURI_OK ||
        curi_scheme_parts_get(&pb, b, 0, NULL, NULL) != CURI_OK || pa.kind != CURI_SK_DATA ||
        pb.kind != CURI_SK_DATA || pa.flags != pb.flags ||
        !norm_eq(a->fragment, b->fragment, 0, 0)) {
        return 0;
    }
    return media_eq(pa.part[0], pb.part[0]) && norm_eq(pa.part[1], pb.part[1], 0, 0);
}

int curi__scheme_equivalent(const curi_uri *a, const curi_uri *b)
{
    if (scheme_is(a, "tel") && scheme_is(b, "tel")) {
        return tel_equivalent(a, b);
    }
    if (scheme_is(a, "data") && scheme_is(b, "data")) {
        return data_equivalent(a, b);
    }
    if (scheme_is(a, "urn") && scheme_is(b, "urn")) {
        return urn_equivalent(a, b);
    }
    if (scheme_is(a, "mailto") && scheme_is(b, "mailto")) {
        return mailto_equivalent(a, b);
    }
    return 0;
}

/* ------------------------------------------------------------------ canonical case */

/*
 * Two of the equivalences above have a canonical form after all, because they only fold
 * case (tel's drops bytes too, and has its own writer in normalize.c): a URN's NID (RFC 8141 3.1) and a mailto address's domain and header names (RFC 6068
 * 2, RFC 3986 6.2.3).  curi_normalize writes the form as usual, then lowercases those
 * letters in place (curi__scheme_fold); the length never changes, and a letter a triplet
 * spells stays a triplet.  Only a reference that the scheme layer accepts (and that has no
 * authority) is folded, so that the form stays the equivalence's: two folded forms that are
 * the same bytes name references that urn_equivalent or mailto_equivalent call equivalent.
 * A URN is also written without decoding and without dot removal, everywhere in it: its
 * NSS is compared octet by octet (RFC 8141 3.1), so "%41" is not "A" and "a/../b" is not
 * "b" (curi__scheme_mask); mailto and tel paths are not hierarchical either, and are not
 * dot-removed (a "." there is an address or a number, and removing it would change whether
 * the scheme layer accepts the reference, and so the fold of a second pass).  The r-, q- and f-components are kept as written: URN-equivalence
 * ignores them, but they still say something to a resolver or to the resource.
 */
unsigned curi__scheme_mask(const curi_uri *u, unsigned mask, int *fold)
{
    curi_scheme_parts sp;
    int urn;

    *fold = 0;
    if (!(mask & CURI_NORM_SCHEME_RULES) || u->scheme.ptr == NULL ||
        !((urn = scheme_is(u, "urn")) != 0 || scheme_is(u, "tel") || scheme_is(u, "mailto") ||
          scheme_is(u, "data"))) {
        return mask;
    }
    if (u->host.ptr == NULL && curi_scheme_parts_get(&sp, u, 0, NULL, NULL) == CURI_OK &&
        (sp.kind == CURI_SK_URN || sp.kind == CURI_SK_MAILTO || sp.kind == CURI_SK_TEL ||
         sp.kind == CURI_SK_DATA)) {
        *fold = sp.kind;
    }
    if (urn || scheme_is(u, "tel")) {
        /* a tel URI is not decoded either: its grammar has no triplets in parameter
         * names, so decoding could make the scheme layer accept a reference it refused,
         * and a second pass would then fold what the first did not */
        return mask & ~(unsigned)(CURI_NORM_UNRESERVED | CURI_NORM_DOTS);
    }
    /* tel, mailto and data paths are not hierarchical: a '/' in them is data */
    return mask & ~(unsigned)CURI_NORM_DOTS;
}

/* Lowercase p[i..j) into out[i..j) (out may be p), triplets left alone: the number of
 * bytes that change.  out is NULL to count only. */
static size_t fold_run(const char *p, size_t i, size_t j, char *out)
{
    size_t k = 0;

    while (i < j) {
        if (p[i] == '%') {
            i += (j - i >= 3) ? 3 : j - i;
            continue;
        }
        if (p[i] >= 'A' && p[i] <= 'Z') {
            k++;
            if (out != NULL) {
                out[i] = (char)(p[i] + 32);
            }
        }
        i++;
    }
    return k;
}

/* mailto addresses p[i..j) separated by ',': each domain (after its last '@') lowercased. */
static size_t fold_addrs(const char *p, size_t i, size_t j, char *out)
{
    size_t k = 0;

    while (i < j) {
        const char *c = memchr(p + i, ',', j - i);
        size_t end = (c != NULL) ? (size_t)(c - p) : j, at = end;
        while (at > i && p[at - 1] != '@') {
            at--;
        }
        if (at > i) {
            k += fold_run(p, at, end, out);
        }
        i = end + 1;
    }
    return k;
}

/* mailto header fields p[i..j) separated by '&': names lowercased, and the domains of
 * to= values. */
static size_t fold_headers(const char *p, size_t i, size_t j, char *out)
{
    size_t k = 0;

    while (i < j) {
        const char *a = memchr(p + i, '&', j - i);
        size_t end = (a != NULL) ? (size_t)(a - p) : j;
        const char *eq = memchr(p + i, '=', end - i);
        size_t ne = (eq != NULL) ? (size_t)(eq - p) : end;
        k += fold_run(p, i, ne, out);
        if (eq != NULL && ne - i == 2 && (p[i] | 0x20) == 't' && (p[i + 1] | 0x20) == 'o') {
            k += fold_addrs(p, ne + 1, end, out);
        }
        i = end + 1;
    }
    return k;
}

/* The fold of one component: path (which 0) or query (1). */
static size_t fold_part(int fold, int which, const char *p, size_t n, char *out)
{
    if (p == NULL || n == 0) {
        return 0;
    }
    if (fold == CURI_SK_URN) {
        const char *c = (which == 0) ? memchr(p, ':', n) : NULL;
        return (c != NULL) ? fold_run(p, 0, (size_t)(c - p), out) : 0;
    }
    return (which == 0) ? fold_addrs(p, 0, n, out) : fold_headers(p, 0, n, out);
}

void curi__scheme_fold(char *s, size_t n, int fold)
{
    char *e = s + n, *p, *q, *f;

    if ((fold != CURI_SK_URN && fold != CURI_SK_MAILTO) || (p = memchr(s, ':', n)) == NULL) {
        return;
    }
    p++;
    f = memchr(p, '#', (size_t)(e - p));
    e = (f != NULL) ? f : e;
    q = memchr(p, '?', (size_t)(e - p));
    (void)fold_part(fold, 0, p, (size_t)(((q != NULL) ? q : e) - p), p);
    if (q != NULL) {
        (void)fold_part(fold, 1, q + 1, (size_t)(e - q - 1), q + 1);
    }
}

/*
 * tel parameters in RFC 3966 3's order: isub or ext first, then phone-context, then the
 * others by name (ASCII letters without regard to case; names are letters, digits and '-').
 * Only a list that tel_params_eq could match out of order is put in order: at most
 * TEL_PARAMS_MAX parameters, each name once.
 */
static int tel_rank(curi_str name)
{
    if (is_ci(name.ptr, name.len, "isub") || is_ci(name.ptr, name.len, "ext")) {
        return 0;
    }
    return is_ci(name.ptr, name.len, "phone-context") ? 1 : 2;
}

/* <0, 0, >0 as parameter name a sorts before, with or after b */
static int tel_cmp(curi_str a, curi_str b)
{
    int ra = tel_rank(a), rb = tel_rank(b);
    size_t n = a.len < b.len ? a.len : b.len;

    if (ra != rb) {
        return ra - rb;
    }
    for (size_t i = 0; i < n; i++) {
        int d = (int)curi__lower((unsigned char)a.ptr[i]) - (int)curi__lower((unsigned char)b.ptr[i]);
        if (d != 0) {
            return d;
        }
    }
    return (a.len > b.len) - (a.len < b.len);
}

static curi_str tel_name(curi_str param)
{
    curi_str name;

    curi_split_at(param, '=', &name, NULL);
    return name;
}

int curi__tel_sortable(curi_str params)
{
    curi_cursor c, d;
    curi_str x, y;
    size_t k = 0;

    if (params.ptr == NULL || tel_count(params, TEL_PARAMS_MAX) > TEL_PARAMS_MAX) {
        return 0;
    }
    curi_list_init(&c, params, ';');
    while (curi_list_next(&c, &x)) {
        size_t j = 0;
        curi_list_init(&d, params, ';');
        while (j++ < k && curi_list_next(&d, &y)) {
            if (tel_cmp(tel_name(x), tel_name(y)) == 0) {
                return 0;
            }
        }
        k++;
    }
    return 1;
}

int curi__tel_next_param(curi_str params, const curi_str *after, curi_str *out)
{
    curi_cursor c;
    curi_str x;
    int found = 0;

    curi_list_init(&c, params, ';');
    while (curi_list_next(&c, &x)) {
        if ((after == NULL || tel_cmp(tel_name(x), tel_name(*after)) > 0) &&
            (!found || tel_cmp(tel_name(x), tel_name(*out)) < 0)) {
            *out = x;
            found = 1;
        }
    }
    return found;
}

/* tel: the parameters of a sortable list out of RFC 3966 3's order */
static int tel_unordered(curi_str path)
{
    const char *semi = memchr(path.ptr, ';', path.len);
    curi_str ps, x, want, prev;
    curi_cursor c;
    int first = 1;

    if (semi == NULL) {
        return 0;
    }
    ps.ptr = semi + 1;
    ps.len = (size_t)(path.ptr + path.len - ps.ptr);
    if (!curi__tel_sortable(ps)) {
        return 0;
    }
    curi_list_init(&c, ps, ';');
    while (curi_list_next(&c, &x)) {
        if (!curi__tel_next_param(ps, first ? NULL : &prev, &want) || want.ptr != x.ptr) {
            return 1;
        }
        prev = want;
        first = 0;
    }
    return 0;
}

/* tel: parameters out of order, a visual separator in the number (before the first ';'),
 * or an uppercase letter outside triplets anywhere in the path (normalize.c's tel_path
 * orders, drops and folds them). */
static int tel_changes(curi_str path)
{
    int number = 1;

    if (tel_unordered(path)) {
        return 1;
    }

    for (size_t i = 0; i < path.len; i++) {
        char c = path.ptr[i];
        if (c == '%') {
            i += 2;
            continue;
        }
        number &= c != ';';
        if ((number && (c == '-' || c == '.' || c == '(' || c == ')')) || (c >= 'A' && c <= 'Z')) {
            return 1;
        }
    }
    return 0;
}

int curi__data_media(curi_str m)
{
    static const curi_str none = {"", 0};
    curi_str t;

    if (media_eq(m, none)) {
        return 0;
    }
    curi_split_at(m, ';', &t, NULL);
    return t.len == 0 ? 2 : 1;
}

/* data: the media type is not written as curi__data_media says (the default spelled out,
 * or no type before parameters), or its type, a parameter name, the charset value or the
 * base64 flag has an uppercase letter outside triplets. */
static int data_changes(const curi_uri *u)
{
    curi_scheme_parts sp;
    curi_cursor c;
    curi_str x, name, value;
    int k;

    if (curi_scheme_parts_get(&sp, u, 0, NULL, NULL) != CURI_OK || sp.kind != CURI_SK_DATA) {
        return 0;
    }
    k = curi__data_media(sp.part[0]);
    if ((k == 0 && sp.part[0].len > 0) || k == 2) {
        return 1;
    }
    curi_list_init(&c, sp.part[0], ';');
    while (curi_list_next(&c, &x)) {
        curi_split_at(x, '=', &name, &value);
        if (fold_run(name.ptr, 0, name.len, NULL) > 0 ||
            (value.ptr != NULL && curi__data_ci_value(name) &&
             fold_run(value.ptr, 0, value.len, NULL) > 0)) {
            return 1;
        }
    }
    /* the ";base64" between the media type and the ',' */
    return fold_run(u->path.ptr, (size_t)(sp.part[0].ptr + sp.part[0].len - u->path.ptr),
                    (size_t)(sp.part[1].ptr - 1 - u->path.ptr), NULL) > 0;
}

int curi__scheme_fold_changes(const curi_uri *u, int fold)
{
    if (fold == CURI_SK_TEL) {
        return tel_changes(u->path);
    }
    if (fold == CURI_SK_DATA) {
        return data_changes(u);
    }
    return fold != 0 && (fold_part(fold, 0, u->path.ptr, u->path.len, NULL) > 0 ||
                         fold_part(fold, 1, u->query.ptr, u->query.len, NULL) > 0);
}
