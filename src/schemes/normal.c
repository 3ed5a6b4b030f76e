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
 *   ldap(s)  an empty part of the query is the same as an absent one, and so are the
 *            attribute list "*", the scope "base" and the filter "(objectClass=*)" (RFC 4516
 *            3, 4): trailing parts that are empty or these defaults go, with their '?'
 *            ("ldap://h/o=x?cn?base" becomes "ldap://h/o=x?cn", "ldap://h/?" becomes
 *            "ldap://h/").
 *
 * These are written as a view of the reference (the nview functions below, which the
 * registry's operations point at), so that every writer
 * and comparison of normalize.c reads the same thing.  The equivalences below are the
 * scheme rung of curi_compare.  file's and nntp's have no canonical form that keeps the
 * reference's structure or meaning; urn's, mailto's, tel's and data's have one for part of
 * what they equate (see "canonical case" at the end), which curi_normalize writes, and the
 * rest (a urn's r-, q-, f-components, mailto's to= spellings) stays a comparison.  So do
 * the rules of file's drive letters, info and ldap, and tel's phone-context and data's
 * octets: normalize.c gives info no view at all, file and ldap a view but no fold (a view
 * can only point a component elsewhere, not rewrite bytes inside it, nor sort them), and
 * tel and data their own writers there, which this file does not reach:
 *
 *   file     "file:/p" names the same file as "file:///p" (RFC 8089 2), but normalization
 *            does not add the authority: a path that only becomes absolute once its dot
 *            segments go would gain one on a second pass, so the form would not be stable.
 *            curi__scheme_equiv_view reads "file:/p" as "file:///p" for the comparison.
 *            A drive letter compares without regard to case, and "file:c:/x" names what
 *            "file:///c:/x" does (RFC 8089 E.2; file_equivalent; "c|" is no URI);
 *   info     a missing or empty node is Top, "info:(f)" is "info:f", and GNOME's '_' is the
 *            space KDE writes as "%20" (uri(7); info_equivalent; not for RFC 4452's
 *            "info:namespace/identifier");
 *   ldap(s)  RFC 4516's parts, the URL layer decoded first (RFC 4516 2.1, 4): the scope
 *            and attribute descriptions without regard to case, options in any order
 *            (RFC 4512 2.5), "*" the default attribute list; the dn's attribute types
 *            without regard to case, a multi-valued RDN a set (RFC 4514 2.2), values as
 *            the octets their escapes stand for, with their case; the default filter in
 *            any case; up to LDAP_SET_MAX AVAs or options sorted on the stack, more
 *            compared in order (ldap_equivalent);
 *   nntp     "nntp://s/group" names the group that "news://s/group" names (RFC 5538 3), but
 *            the two say how to reach it differently, so neither is rewritten into the other:
 *            curi__scheme_equiv_view reads the nntp form as news for the comparison;
 *   urn      URN-equivalence (RFC 8141 3.1): the NID without regard to case, the NSS as
 *            written (hex digits of triplets without regard to case, never decoded), the
 *            r-, q- and f-components ignored.  The NSS is compared octet by octet at
 *            every rung: the registry's norm_never keeps every level of normalization,
 *            the syntax rung's too, from decoding or dot-removing a URN (RFC 8141 3.1
 *            takes precedence over RFC 3986 6.2.2.2 and 6.2.2.3 for it);
 *   mailto   the same addresses in the same order, whether in the path or in to= headers,
 *            the domain without regard to case (RFC 6068 2, RFC 3986 6.2.3), and the same
 *            other header fields in the same order, names without regard to case;
 *   tel      the same kind of number, the same digits without visual separators, the same
 *            parameters in any order, without regard to case, a phone-context that is a
 *            global number digit by digit without separators (RFC 3966 4); normalization
 *            writes the number without separators, the parameters in RFC 3966 3's order
 *            (at most 32, each name once) and the path lowercased (curi__write_tel below);
 *   data     the same effective media type (RFC 2397 3's defaults: an omitted type is
 *            text/plain;charset=US-ASCII; names and the charset value without regard to
 *            case, RFC 2045 5.1 and RFC 2046 4.1.2), and the same data as written or the
 *            same octets decoded, base64 or not (data_octets_eq; invalid base64 only as
 *            written); normalization writes the default as nothing, "text/plain" before bare
 *            parameters, and the names and the charset value lowercased
 *            (curi__write_data below).
 *
 * Nothing here allocates; each comparison reads both references a bounded number of times
 * (linear time: ldap's sorts are of at most LDAP_SET_MAX items).
 * SPDX-License-Identifier: MIT
 */
#include "check.h"

static const char str_empty[] = "", str_gopher1[] = "/1", str_slash[] = "/";

/* ldap: the query without its trailing empty or default parts (the attributes "*", the
 * scope base, the filter (objectClass=*): RFC 4516 3), or absent. */
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
        if (!(n == 0 || (k == 1 && n == 1 && *a == '*') || (k == 2 && curi__ieq(a, n, "base")) ||
              (k == 3 && curi__ieq(a, n, "(objectclass=*)")))) {
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

/*
 * file://localhost/p is file:///p (an authority is never added: see the top); so is
 * file://localhost:/p, whose empty port is no port (6.2.3), which goes with the host, or
 * normalizing the result again would still change it ("file://localhost/p").
 */
const curi_uri *curi__nview_file(const curi_uri *u, curi_uri *tmp)
{
    const curi_str h = u->host;

    if (u->userinfo.ptr != NULL || (u->port.ptr != NULL && u->port.len != 0) ||
        h.ptr == NULL || !curi__is_localhost(h.ptr, h.len)) {
        return u;
    }
    *tmp = *u;
    tmp->host.ptr = str_empty;
    tmp->host.len = 0;
    tmp->host_type = CURI_HOST_REGNAME;
    tmp->port.ptr = NULL;
    tmp->port.len = 0;
    tmp->zone.ptr = NULL;
    tmp->zone.len = 0;
    return tmp;
}

/* gopher://h and gopher://h/ are gopher://h/1 (RFC 4266 2.1). */
const curi_uri *curi__nview_gopher(const curi_uri *u, curi_uri *tmp)
{
    if (u->host.ptr == NULL || u->path.len > 1) {
        return u;
    }
    *tmp = *u;
    tmp->path.ptr = str_gopher1;
    tmp->path.len = 2;
    return tmp;
}

/* news://s/\* is news://s/ (RFC 5538 4). */
const curi_uri *curi__nview_news(const curi_uri *u, curi_uri *tmp)
{
    if (u->host.ptr == NULL || u->path.len != 2 || u->path.ptr[1] != '*') {
        return u;
    }
    *tmp = *u;
    tmp->path.ptr = str_slash;
    tmp->path.len = 1;
    return tmp;
}

/* ldap, ldaps: the query without its trailing defaults (RFC 4516 3, 4). */
const curi_uri *curi__nview_ldap(const curi_uri *u, curi_uri *tmp)
{
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

/* nntp://s/group names the group news://s/group names (RFC 5538 3): read it so. */
const curi_uri *curi__eview_nntp(const curi_uri *u, curi_uri *tmp)
{
    static const char news[] = "news";

    if (u->host.ptr == NULL || u->path.len <= 1 ||
        memchr(u->path.ptr + 1, '/', u->path.len - 1) != NULL) {
        return u;
    }
    *tmp = *u;
    tmp->scheme.ptr = news;
    tmp->scheme.len = 4;
    return tmp;
}

/* file:/p is file:///p (RFC 8089 2), for the comparison only (see the top). */
const curi_uri *curi__eview_file(const curi_uri *u, curi_uri *tmp)
{
    if (u->host.ptr != NULL || u->path.len == 0 || u->path.ptr[0] != '/') {
        return u;
    }
    *tmp = *u;
    tmp->host.ptr = str_empty;
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
        unsigned v = curi__pct_octet(r->p);
        if (!r->keep && curi__is((unsigned char)v, CURI__UNRESERVED)) {
            r->p += 3;
            c = (int)v;
        } else {
            r->pend[0] = (char)curi__upper_hex((unsigned char)r->p[1]);
            r->pend[1] = (char)curi__upper_hex((unsigned char)r->p[2]);
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
int curi__equiv_urn(const curi_uri *a, const curi_uri *b)
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
    (void)curi_list_init_type(&r->path, sp->part[0], curi_scheme_part_type(CURI_SK_MAILTO, 0),
                              NULL);
    curi_list_init(&r->headers, sp->part[1], '&');
    r->in_header = 0;
    r->in_value = 0;
}

/* hfname "to" without regard to case, decoded */
static int hfname_is_to(curi_str name)
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
        if (hfname_is_to(name) && value.ptr != NULL && value.len > 0) {
            (void)curi_list_init_type(&r->cur, value, curi_scheme_part_type(CURI_SK_MAILTO, 0),
                                      NULL);
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

int curi__equiv_mailto(const curi_uri *a, const curi_uri *b)
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
            if (!hfname_is_to(na)) {
                break;
            }
        }
        while ((more_b = curi_list_next(&hb, &y)) != 0) {
            curi_split_at(y, '=', &nb, &vb);
            if (!hfname_is_to(nb)) {
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
 * The values v and w of a tel parameter named name: without regard to case, and for a
 * phone-context that is a global number ('+' first) digit by digit, the visual separators
 * gone (RFC 3966 4: "+1-212" is "+1212"); a domain name stays as it is.
 */
static int tel_value_eq(curi_str name, curi_str v, curi_str w)
{
    static const curi_str pc = {"phone-context", 13};
    nread x, y;
    int c;

    if (norm_eq(v, w, 1, 0)) {
        return 1;
    }
    if (v.ptr == NULL || w.ptr == NULL || v.len == 0 || w.len == 0 || v.ptr[0] != '+' ||
        w.ptr[0] != '+' || !norm_eq(name, pc, 1, 0)) {
        return 0;
    }
    nr_init(&x, v, 1, 0);
    nr_init(&y, w, 1, 0);
    do {
        c = tel_next(&x);
        if (c != tel_next(&y)) {
            return 0;
        }
    } while (c >= 0);
    return 1;
}

/*
 * Two tel parameter lists hold the same parameters, matched by name whatever their order
 * (RFC 3966 4), names and values without regard to case (tel_value_eq).  Matching out of order is
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
        if (tel_find(a, n, &w) != 1 || tel_find(b, n, &w) != 1 || !tel_value_eq(n, v, w)) {
            return 0;
        }
    }
    return 1;
}

/*
 * tel (RFC 3966 4): both global or both local, the same digits once the visual separators
 * are gone, and the same parameters (tel_params_eq).
 */
int curi__equiv_tel(const curi_uri *a, const curi_uri *b)
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

/*
 * The octets a data URI's data stands for (RFC 2397 3), one at a time: the percent-decoded
 * bytes, and with base64 the octets those spell (RFC 2045 6.8).  The base64 is read a
 * quantum of four characters at a time: only the alphabet, '=' only to pad the last
 * quantum (one or two of them), the pad bits zero (RFC 4648 3.5: a conforming encoder
 * sets them, so a non-zero one is not the encoding of any octets); anything else is
 * invalid.  Nothing is buffered beyond one quantum.
 */
typedef struct octets {
    curi__dec d;
    curi_str rest; /* the query, read after a '?' once d ends (CURI_SP_QUERY), or absent */
    int base64;
    unsigned char q[3]; /* the octets of the current quantum */
    int nq, iq;         /* how many it has, how many are read */
    int done;           /* a padded quantum was the last */
} octets;

enum { OCT_END = -1, OCT_BAD = -2 };

static void oct_init(octets *o, curi_str data, curi_str rest, int base64)
{
    o->d = curi__dec_of(data.ptr, data.ptr + data.len);
    o->rest = rest;
    o->base64 = base64;
    o->nq = o->iq = 0;
    o->done = 0;
}

/* the next octet, OCT_END, or OCT_BAD */
static int oct_next(octets *o)
{
    const char *at;
    int v[4] = {0, 0, 0, 0}, c;
    unsigned long bits = 0;

    if (!o->base64) {
        c = curi__dec_next(&o->d, &at);
        if (c < 0 && o->rest.ptr != NULL) {
            /* the data goes on with '?' and the query (a view of its own) */
            o->d = curi__dec_of(o->rest.ptr, o->rest.ptr + o->rest.len);
            o->rest.ptr = NULL;
            return '?';
        }
        return c >= 0 ? c : OCT_END;
    }
    if (o->iq < o->nq) {
        return o->q[o->iq++];
    }
    for (int i = 0; i < 4; i++) {
        c = curi__dec_next(&o->d, &at);
        if (c < 0) {
            return i == 0 ? OCT_END : OCT_BAD; /* a quantum cut short */
        }
        v[i] = c == '=' ? 64 : curi__base64_value(c);
        if (o->done || v[i] < 0 || (v[i] == 64 && i < 2) ||
            (i == 3 && v[2] == 64 && v[3] != 64)) {
            return OCT_BAD;
        }
    }
    o->nq = v[3] != 64 ? 3 : v[2] != 64 ? 2 : 1;
    for (int i = 0; i < 4; i++) {
        bits = bits << 6 | (unsigned long)(v[i] == 64 ? 0 : v[i]);
    }
    if ((o->nq == 2 && (bits & 0xFF) != 0) || (o->nq == 1 && (bits & 0xFFFF) != 0)) {
        return OCT_BAD; /* non-zero pad bits */
    }
    o->q[0] = (unsigned char)(bits >> 16);
    o->q[1] = (unsigned char)(bits >> 8 & 0xFF);
    o->q[2] = (unsigned char)(bits & 0xFF);
    o->done = o->nq < 3;
    o->iq = 1;
    return o->q[0];
}

/* The data of two data URIs stand for the same octets, and both decode (RFC 2397 3). */
static int data_octets_eq(const curi_scheme_parts *pa, const curi_uri *a,
                          const curi_scheme_parts *pb, const curi_uri *b)
{
    static const curi_str none = {NULL, 0};
    octets x, y;
    int c;

    /* base64 data has no query (curi_scheme_check: data-base64) */
    oct_init(&x, pa->part[1], (pa->flags & CURI_SP_QUERY) ? a->query : none,
             (pa->flags & CURI_SP_BASE64) != 0);
    oct_init(&y, pb->part[1], (pb->flags & CURI_SP_QUERY) ? b->query : none,
             (pb->flags & CURI_SP_BASE64) != 0);
    do {
        c = oct_next(&x);
        if (c == OCT_BAD || c != oct_next(&y)) {
            return 0;
        }
    } while (c >= 0);
    return 1;
}

/* data (RFC 2397 3): the same effective media type and the same data, as written (both
 * base64 or neither) or as the octets it stands for (data_octets_eq) */
int curi__equiv_data(const curi_uri *a, const curi_uri *b)
{
    curi_scheme_parts pa, pb;

    if (curi_scheme_parts_get(&pa, a, 0, NULL, NULL) != CURI_OK ||
        curi_scheme_parts_get(&pb, b, 0, NULL, NULL) != CURI_OK || pa.kind != CURI_SK_DATA ||
        pb.kind != CURI_SK_DATA || !norm_eq(a->fragment, b->fragment, 0, 0)) {
        return 0;
    }
    /* the data is part 1 and, with CURI_SP_QUERY, '?' and the query */
    return media_eq(pa.part[0], pb.part[0]) &&
           ((pa.flags == pb.flags && norm_eq(pa.part[1], pb.part[1], 0, 0) &&
             (!(pa.flags & CURI_SP_QUERY) || norm_eq(a->query, b->query, 0, 0))) ||
            data_octets_eq(&pa, a, &pb, b));
}

/*
 * file with a drive letter (RFC 8089 E.2, non-normative): the letter without regard to
 * case, "file:c:/x" the same as "file:///c:/x" (and "file:/c:/x", "file://localhost/c:/x":
 * no authority, an empty one and localhost all name this machine, section 2).  The rest
 * of the path as syntax-based normalization reads it, but with its dot segments kept: a
 * ".." under the drive is left to the other rungs (E.2.1 keeps it from climbing above
 * the drive, which remove_dot_segments does not know).  The '|' of E.2.2 ("c|") is not
 * an RFC 3986 URI (schemes.md 3.9), so there is nothing to equate it with.
 */
int curi__equiv_file(const curi_uri *a, const curi_uri *b)
{
    curi_scheme_parts pa, pb;
    curi_str ra, rb;

    if (curi_scheme_parts_get(&pa, a, 0, NULL, NULL) != CURI_OK ||
        curi_scheme_parts_get(&pb, b, 0, NULL, NULL) != CURI_OK || pa.kind != CURI_SK_FILE ||
        pb.kind != CURI_SK_FILE || pa.part[2].ptr == NULL || pb.part[2].ptr == NULL ||
        (pa.form == CURI_FILE_HOST_NAMED) != (pb.form == CURI_FILE_HOST_NAMED) ||
        (pa.form == CURI_FILE_HOST_NAMED && !norm_eq(a->host, b->host, 1, 0)) ||
        curi__lower((unsigned char)pa.part[2].ptr[0]) !=
            curi__lower((unsigned char)pb.part[2].ptr[0]) ||
        !norm_eq(a->fragment, b->fragment, 0, 0)) {
        return 0;
    }
    /* the path after "c:" */
    ra.ptr = pa.part[2].ptr + 2;
    ra.len = (size_t)(a->path.ptr + a->path.len - ra.ptr);
    rb.ptr = pb.part[2].ptr + 2;
    rb.len = (size_t)(b->path.ptr + b->path.len - rb.ptr);
    return norm_eq(ra, rb, 0, 0);
}

/* An info node name's next decoded byte; GNOME writes a space as '_' (uri(7)). */
static int info_node_next(curi__dec *d, int gnome)
{
    const char *at;
    int c = curi__dec_next(d, &at);

    return (gnome && c == '_') ? ' ' : c;
}

/*
 * info (uri(7)): the same file, decoded, whether written "gcc" or "(gcc)"; the same node,
 * decoded, a missing or empty one being "Top", a '_' of the GNOME form (info:file#node)
 * being the space the KDE form (info:(file)node) writes as "%20".  A file with a '/' is
 * left alone: "info:namespace/identifier" is RFC 4452's info scheme (schemes.md 3.13),
 * whose fragment means nothing of the sort.
 */
int curi__equiv_info(const curi_uri *a, const curi_uri *b)
{
    static const curi_str top = {"Top", 3};
    curi_scheme_parts pa, pb;
    curi_str na, nb;
    curi__dec x, y;
    const char *at;
    int c;

    if (curi_scheme_parts_get(&pa, a, 0, NULL, NULL) != CURI_OK ||
        curi_scheme_parts_get(&pb, b, 0, NULL, NULL) != CURI_OK || pa.kind != CURI_SK_INFO ||
        pb.kind != CURI_SK_INFO || memchr(pa.part[0].ptr, '/', pa.part[0].len) != NULL ||
        memchr(pb.part[0].ptr, '/', pb.part[0].len) != NULL) {
        return 0;
    }
    /* the file */
    x = curi__dec_of(pa.part[0].ptr, curi__vend(pa.part[0]));
    y = curi__dec_of(pb.part[0].ptr, curi__vend(pb.part[0]));
    do {
        c = curi__dec_next(&x, &at);
        if (c != curi__dec_next(&y, &at)) {
            return 0;
        }
    } while (c >= 0);
    /* the node */
    na = (pa.part[1].ptr == NULL || pa.part[1].len == 0) ? top : pa.part[1];
    nb = (pb.part[1].ptr == NULL || pb.part[1].len == 0) ? top : pb.part[1];
    x = curi__dec_of(na.ptr, curi__vend(na));
    y = curi__dec_of(nb.ptr, curi__vend(nb));
    do {
        c = info_node_next(&x, pa.form == CURI_INFO_GNOME);
        if (c != info_node_next(&y, pb.form == CURI_INFO_GNOME)) {
            return 0;
        }
    } while (c >= 0);
    return 1;
}

/*
 * ldap, ldaps (RFC 4516): the URL layer is percent-decoded first, then the LDAP one (RFC
 * 4516 2.1, 4), each element on its own, so "%3D" in a dn is the '=' it spells; the dn is
 * then an RFC 4514 string, whose '\' escapes stand for octets of a value.  A reference
 * that curi_scheme_check accepts is read, so every escape is whole.
 *
 * LDAP_SET_MAX bounds the sets sorted on the stack: the AVAs of one multi-valued RDN and the
 * options of one attribute description.  A longer one is compared in the order written
 * (a false "not equivalent" at worst), so each comparison stays linear in the input.
 */
enum { LDAP_SET_MAX = 16 };

/* The next octet of a dn value, a '\' escape undone (RFC 4514 3: '\' then a special
 * character or two hex digits), *esc set when it was escaped; -1 at the end. */
static int dn_value_next(curi__dec *d, int *esc)
{
    const char *at;
    int c = curi__dec_next(d, &at), x, y;

    *esc = 0;
    if (c != '\\') {
        return c;
    }
    *esc = 1;
    x = curi__dec_next(d, &at);
    if (x < 0 || !curi__is((unsigned char)x, CURI__HEX)) {
        return x;
    }
    y = curi__dec_next(d, &at);
    if (y < 0 || !curi__is((unsigned char)y, CURI__HEX)) {
        return -1; /* not a valid dn: curi_scheme_check refuses it */
    }
    return (int)(curi__hexval((unsigned char)x) << 4 | curi__hexval((unsigned char)y));
}

/* <0, 0, >0: the decoded bytes of [p, pe) against those of [q, qe), ASCII letters without
 * regard to case (attribute types, descriptors and options: RFC 4512 1.4, 2.5). */
static int ldap_ci_cmp(const char *p, const char *pe, const char *q, const char *qe)
{
    curi__dec x = curi__dec_of(p, pe), y = curi__dec_of(q, qe);
    const char *at;
    int a, b;

    do {
        a = curi__dec_next(&x, &at);
        b = curi__dec_next(&y, &at);
        a = a >= 0 ? curi__lower((unsigned char)a) : a;
        b = b >= 0 ? curi__lower((unsigned char)b) : b;
        if (a != b) {
            return a < b ? -1 : 1;
        }
    } while (a >= 0);
    return 0;
}

/* One attributeTypeAndValue of a dn: raw views of its type and its value. */
typedef struct ldap_ava {
    const char *t, *te, *v, *ve;
} ldap_ava;

/* <0, 0, >0: two AVAs, the type without regard to case (RFC 4512 2.5, RFC 4514 3), then
 * the value: a hexstring ('#', the value's BER octets, RFC 4514 2.4) by its hex digits
 * without regard to case and after every string, a string by its octets as the escapes
 * give them, with regard to case (the attribute's matching rule, RFC 4517, is the
 * directory's to know: schemes.md 3.11). */
static int ldap_ava_cmp(const ldap_ava *a, const ldap_ava *b)
{
    curi__dec x, y;
    int cx, cy, ex, ey, hex, d = ldap_ci_cmp(a->t, a->te, b->t, b->te);

    if (d != 0) {
        return d;
    }
    x = curi__dec_of(a->v, a->ve);
    y = curi__dec_of(b->v, b->ve);
    cx = dn_value_next(&x, &ex);
    cy = dn_value_next(&y, &ey);
    hex = (cx == '#' && !ex);
    if (hex != (cy == '#' && !ey)) {
        return hex ? 1 : -1;
    }
    for (;;) {
        if (hex) {
            cx = cx >= 0 ? curi__lower((unsigned char)cx) : cx;
            cy = cy >= 0 ? curi__lower((unsigned char)cy) : cy;
        }
        if (cx != cy) {
            return cx < cy ? -1 : 1;
        }
        if (cx < 0) {
            return 0;
        }
        cx = dn_value_next(&x, &ex);
        cy = dn_value_next(&y, &ey);
    }
}

/* Read the AVA at p of a dn ending at e into *a: the separator after it (',' or '+', -1 at
 * the end), with *next just past it. */
static int ldap_ava_read(const char *p, const char *e, ldap_ava *a, const char **next)
{
    curi__dec d = curi__dec_of(p, e);
    const char *at;
    int c, esc;

    a->t = p;
    while ((c = curi__dec_next(&d, &at)) >= 0 && c != '=') {
    }
    a->te = at;
    a->v = d.p;
    do {
        at = d.p;
        c = dn_value_next(&d, &esc);
    } while (c >= 0 && (esc || (c != ',' && c != '+')));
    a->ve = at;
    *next = d.p;
    return c;
}

/* Read the RDN at p: its first LDAP_SET_MAX AVAs into set, their number (all of them) in
 * *n; the position after its ',' (or e). */
static const char *ldap_rdn_read(const char *p, const char *e, ldap_ava *set, size_t *n)
{
    ldap_ava a;
    int sep;

    *n = 0;
    do {
        sep = ldap_ava_read(p, e, &a, &p);
        if (*n < LDAP_SET_MAX) {
            set[*n] = a;
        }
        (*n)++;
    } while (sep == '+');
    return p;
}

static void ldap_ava_sort(ldap_ava *s, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        ldap_ava k = s[i];
        size_t j = i;
        while (j > 0 && ldap_ava_cmp(&s[j - 1], &k) > 0) {
            s[j] = s[j - 1];
            j--;
        }
        s[j] = k;
    }
}

/* Two dns (absent: the empty dn, RFC 4516 3): the same RDNs in the same order, each a set
 * of AVAs (RFC 4514 2.2, RFC 4512 2.3.1: the order of a multi-valued RDN's AVAs means
 * nothing), compared as ldap_ava_cmp says. */
static int ldap_dn_eq(curi_str a, curi_str b)
{
    const char *p = a.ptr, *pe, *q = b.ptr, *qe;
    ldap_ava sa[LDAP_SET_MAX], sb[LDAP_SET_MAX];
    size_t na, nb;

    if (p == NULL || q == NULL) {
        return (p == NULL || a.len == 0) && (q == NULL || b.len == 0);
    }
    pe = p + a.len; /* only now: NULL + 0 is undefined */
    qe = q + b.len;
    while (p < pe && q < qe) {
        const char *p0 = p, *q0 = q;
        p = ldap_rdn_read(p, pe, sa, &na);
        q = ldap_rdn_read(q, qe, sb, &nb);
        if (na != nb) {
            return 0;
        }
        if (na > LDAP_SET_MAX) {
            /* too many to sort here: in the order written */
            for (size_t i = 0; i < na; i++) {
                (void)ldap_ava_read(p0, pe, &sa[0], &p0);
                (void)ldap_ava_read(q0, qe, &sb[0], &q0);
                if (ldap_ava_cmp(&sa[0], &sb[0]) != 0) {
                    return 0;
                }
            }
            continue;
        }
        ldap_ava_sort(sa, na);
        ldap_ava_sort(sb, nb);
        for (size_t i = 0; i < na; i++) {
            if (ldap_ava_cmp(&sa[i], &sb[i]) != 0) {
                return 0;
            }
        }
    }
    return p >= pe && q >= qe;
}

/* The options of an attribute description, ';' items of [p, e): the first LDAP_SET_MAX
 * into set (as AVAs of a type and no value, so that ldap_ava_cmp compares them without
 * regard to case and one sort serves both sets), their number (all of them). */
static size_t ldap_options(curi_str opts, ldap_ava *set)
{
    curi_cursor c;
    curi_str x;
    size_t n = 0;

    if (opts.ptr == NULL) {
        return 0;
    }
    curi_list_init(&c, opts, ';');
    while (curi_list_next(&c, &x)) {
        if (n < LDAP_SET_MAX) {
            set[n].t = x.ptr;
            set[n].te = x.ptr + x.len;
            set[n].v = set[n].ve = NULL;
        }
        n++;
    }
    return n;
}

/* Two attribute descriptions (or "*", "1.1"): the type without regard to case, the
 * options too and in any order (RFC 4512 2.5: "cn;lang-en;binary" is "CN;binary;lang-en"). */
static int ldap_attr_eq(curi_str a, curi_str b)
{
    curi_str ta, oa, tb, ob;
    ldap_ava sa[LDAP_SET_MAX], sb[LDAP_SET_MAX];
    size_t na, nb;

    curi_split_at(a, ';', &ta, &oa);
    curi_split_at(b, ';', &tb, &ob);
    if (ldap_ci_cmp(ta.ptr, curi__vend(ta), tb.ptr, curi__vend(tb)) != 0) {
        return 0;
    }
    na = ldap_options(oa, sa);
    nb = ldap_options(ob, sb);
    if (na != nb) {
        return 0;
    }
    if (na > LDAP_SET_MAX) {
        /* too many to sort here: in the order written */
        return ldap_ci_cmp(oa.ptr, curi__vend(oa), ob.ptr, curi__vend(ob)) == 0;
    }
    ldap_ava_sort(sa, na);
    ldap_ava_sort(sb, nb);
    for (size_t i = 0; i < na; i++) {
        if (ldap_ava_cmp(&sa[i], &sb[i]) != 0) {
            return 0;
        }
    }
    return 1;
}

/* Two attribute lists, in order; absent and "*" alike request all user attributes (RFC
 * 4516 3, RFC 4511 4.5.1.8). */
static int ldap_attrs_eq(curi_str a, curi_str b)
{
    curi_cursor ca, cb;
    curi_str x, y;
    int more;

    if (a.ptr == NULL || (a.len == 1 && a.ptr[0] == '*')) {
        return b.ptr == NULL || (b.len == 1 && b.ptr[0] == '*');
    }
    if (b.ptr == NULL) {
        return 0;
    }
    curi_list_init(&ca, a, ',');
    curi_list_init(&cb, b, ',');
    while ((more = curi_list_next(&ca, &x)) != 0) {
        if (!curi_list_next(&cb, &y) || !ldap_attr_eq(x, y)) {
            return 0;
        }
    }
    return !curi_list_next(&cb, &y);
}

/* A filter, decoded, is the default "(objectClass=*)" (RFC 4516 3) without regard to case,
 * or absent. */
static int ldap_filter_default(curi_str f)
{
    static const char dflt[] = "(objectclass=*)";

    return f.ptr == NULL ||
           ldap_ci_cmp(f.ptr, curi__vend(f), dflt, dflt + sizeof dflt - 1) == 0;
}

/* Two filters: both the default, or the same decoded bytes. */
static int ldap_filter_eq(curi_str a, curi_str b)
{
    curi__dec x, y;
    const char *at;
    int c;

    if (ldap_filter_default(a) || ldap_filter_default(b)) {
        return ldap_filter_default(a) && ldap_filter_default(b);
    }
    x = curi__dec_of(a.ptr, curi__vend(a));
    y = curi__dec_of(b.ptr, curi__vend(b));
    do {
        c = curi__dec_next(&x, &at);
        if (c != curi__dec_next(&y, &at)) {
            return 0;
        }
    } while (c >= 0);
    return 1;
}

/* A port's value, dflt when it is absent or empty; -1 when it is too long to read here. */
static long ldap_port(curi_str port, long dflt)
{
    long v = 0;

    if (port.ptr == NULL || port.len == 0) {
        return dflt;
    }
    if (port.len > 9) {
        return -1;
    }
    for (size_t i = 0; i < port.len; i++) {
        v = v * 10 + (port.ptr[i] - '0');
    }
    return v;
}

/*
 * ldap, ldaps (RFC 4516 3, 4): the same host (without regard to case) and port (389 or
 * 636 when absent or empty), the same dn (ldap_dn_eq), attributes (ldap_attrs_eq), scope
 * (base when absent; the tokens without regard to case), filter (ldap_filter_eq) and
 * extensions and fragment (as syntax-based normalization reads them).
 */
int curi__equiv_ldap(const curi_uri *a, const curi_uri *b)
{
    curi_scheme_parts pa, pb;
    long dflt = (a->scheme.len == 5) ? 636 : 389, xa, xb;
    int sa, sb;

    if (curi_scheme_parts_get(&pa, a, 0, NULL, NULL) != CURI_OK ||
        curi_scheme_parts_get(&pb, b, 0, NULL, NULL) != CURI_OK || pa.kind != CURI_SK_LDAP ||
        pb.kind != CURI_SK_LDAP || !norm_eq(a->host, b->host, 1, 0) ||
        !norm_eq(a->fragment, b->fragment, 0, 0)) {
        return 0;
    }
    xa = ldap_port(a->port, dflt);
    xb = ldap_port(b->port, dflt);
    if (xa != xb || (xa < 0 && !norm_eq(a->port, b->port, 0, 0))) {
        return 0;
    }
    /* the scope is base, one or sub (curi_scheme_check): its first letter says which */
    sa = pa.part[4].ptr != NULL ? curi__lower((unsigned char)pa.part[4].ptr[0]) : 'b';
    sb = pb.part[4].ptr != NULL ? curi__lower((unsigned char)pb.part[4].ptr[0]) : 'b';
    return sa == sb && ldap_dn_eq(pa.part[2], pb.part[2]) &&
           ldap_attrs_eq(pa.part[3], pb.part[3]) && ldap_filter_eq(pa.part[5], pb.part[5]) &&
           norm_eq(pa.part[6], pb.part[6], 0, 0);
}

/* ------------------------------------------------------------------ the dispatch */

/*
 * The scheme's operations, after one lookup in the registry (registry.c; normalize.c looks
 * the scheme up and calls curi__scheme_norm only for a scheme with normalization of its
 * own): what every writer and comparison of normalize.c asks of the scheme layer goes
 * through these three.
 */
const curi_uri *curi__scheme_norm(const curi_scheme *si, const curi_uri *u, unsigned *mask,
                                  curi_uri *tmp, const struct curi__scheme_ops **own,
                                  curi_scheme_parts *sp)
{
    const struct curi__scheme_ops *ops = si->ops;

    *own = NULL;
    *mask &= ~ops->norm_never;
    if (!(*mask & CURI_NORM_SCHEME_RULES)) {
        return u;
    }
    *mask &= ~ops->norm_off;
    /* a fold or writer only for a reference that the scheme layer accepts and that has no
     * authority, so that its form stays the equivalence's (see "canonical case") */
    if ((ops->norm_fold != NULL || ops->norm_write != NULL) && u->host.ptr == NULL &&
        curi__scheme_check_si(si, u, NULL, NULL) == CURI_OK) {
        *own = ops;
        if (sp != NULL) {
            curi__scheme_parts_fill(sp, si, u); /* the writers' parts, from this check */
        }
    }
    return ops->norm_view != NULL ? ops->norm_view(u, tmp) : u;
}

const curi_uri *curi__scheme_equiv_view(const curi_uri *u, curi_uri *tmp)
{
    const curi_scheme *si = curi__scheme_of(u);

    return si != NULL && si->ops != NULL && si->ops->equiv_view != NULL
               ? si->ops->equiv_view(u, tmp)
               : u;
}

int curi__scheme_equivalent(const curi_uri *a, const curi_uri *b)
{
    const curi_scheme *si = curi__scheme_of(a);

    /* the same entry (ldap and ldaps share their operations, not their port) */
    return si != NULL && si == curi__scheme_of(b) && si->ops != NULL &&
           si->ops->equivalent != NULL && si->ops->equivalent(a, b);
}

/* ------------------------------------------------------------------ canonical case */

/*
 * Two of the equivalences above have a canonical form after all, because they only fold
 * case (tel's drops bytes too, and has its own writer below): a URN's NID (RFC 8141 3.1)
 * and a mailto address's domain and header names (RFC 6068 2, RFC 3986 6.2.3).
 * curi_normalize writes the form as usual, then lowercases those letters in place (the
 * registry's norm_fold: curi__fold_urn, curi__fold_mailto); the length never changes, and a
 * letter a triplet spells stays a triplet.  Only a reference that the scheme layer accepts
 * (and that has no authority) is folded, so that the form stays the equivalence's: two
 * folded forms that are the same bytes name references that curi__equiv_urn or
 * curi__equiv_mailto call equivalent.  A URN is also written without decoding and without
 * dot removal, everywhere in it and at every level (norm_never): its NSS is compared octet
 * by octet (RFC 8141 3.1), so "%41" is not "A" and "a/../b" is not "b"; mailto, tel and
 * data paths are not hierarchical either, and are not dot-removed under the scheme rules
 * (norm_off: a "." there is an address or a number, and removing it would change whether
 * the scheme layer accepts the reference, and so the fold of a second pass).  The r-, q-
 * and f-components are kept as written: URN-equivalence ignores them, but they still say
 * something to a resolver or to the resource.
 */
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

/* The fold of a written reference s[0..n): the path's and the query's parts. */
static void fold_ref(char *s, size_t n, int fold)
{
    char *e = s + n, *p, *q, *f;

    if ((p = memchr(s, ':', n)) == NULL) {
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

void curi__fold_urn(char *s, size_t n)
{
    fold_ref(s, n, CURI_SK_URN);
}

void curi__fold_mailto(char *s, size_t n)
{
    fold_ref(s, n, CURI_SK_MAILTO);
}

/*
 * tel parameters in RFC 3966 3's order: isub or ext first, then phone-context, then the
 * others by name (ASCII letters without regard to case; names are letters, digits and '-').
 * Only a list that tel_params_eq could match out of order is put in order: at most
 * TEL_PARAMS_MAX parameters, each name once.
 */
static int tel_rank(curi_str name)
{
    if (curi__ieq(name.ptr, name.len, "isub") || curi__ieq(name.ptr, name.len, "ext")) {
        return 0;
    }
    return curi__ieq(name.ptr, name.len, "phone-context") ? 1 : 2;
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
        int d = (int)curi__lower((unsigned char)a.ptr[i]) -
                (int)curi__lower((unsigned char)b.ptr[i]);
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
int curi__changes_data(const curi_uri *u, const curi_scheme_parts *sp)
{
    curi_cursor c;
    curi_str x, name, value;
    int k;

    if (sp->kind != CURI_SK_DATA) {
        return 0;
    }
    k = curi__data_media(sp->part[0]);
    if ((k == 0 && sp->part[0].len > 0) || k == 2) {
        return 1;
    }
    curi_list_init(&c, sp->part[0], ';');
    while (curi_list_next(&c, &x)) {
        curi_split_at(x, '=', &name, &value);
        if (fold_run(name.ptr, 0, name.len, NULL) > 0 ||
            (value.ptr != NULL && curi__data_ci_value(name) &&
             fold_run(value.ptr, 0, value.len, NULL) > 0)) {
            return 1;
        }
    }
    /* the ";base64" between the media type and the ',' */
    return fold_run(u->path.ptr, (size_t)(sp->part[0].ptr + sp->part[0].len - u->path.ptr),
                    (size_t)(sp->part[1].ptr - 1 - u->path.ptr), NULL) > 0;
}

int curi__changes_urn(const curi_uri *u, const curi_scheme_parts *sp)
{
    (void)sp;
    return fold_part(CURI_SK_URN, 0, u->path.ptr, u->path.len, NULL) > 0;
}

int curi__changes_mailto(const curi_uri *u, const curi_scheme_parts *sp)
{
    (void)sp;
    return fold_part(CURI_SK_MAILTO, 0, u->path.ptr, u->path.len, NULL) > 0 ||
           fold_part(CURI_SK_MAILTO, 1, u->query.ptr, u->query.len, NULL) > 0;
}

int curi__changes_tel(const curi_uri *u, const curi_scheme_parts *sp)
{
    (void)sp;
    return tel_changes(u->path);
}

/* ------------------------------------------------------------------ own writers */

/*
 * The canonical paths that are not a fold in place (normalize.c's own_write writes the
 * scheme, ':', one of these, then the query and the fragment): each counts what it writes
 * into dst[n..) through curi__norm_put and curi__norm_byte, dst NULL for the length only.
 */
enum { TEL_CHUNK = 256 };

/* [p, e) of a tel path through pct_span a chunk at a time (a cut never falls inside a
 * triplet), then without the visual separators of the number (while *number, which the
 * first ';' ends) and lowercased outside triplets. */
static size_t tel_run(char *dst, size_t n, const char *p, const char *e, unsigned mask,
                      int *number)
{
    char buf[TEL_CHUNK];

    while (p < e) {
        const char *q = (e - p > TEL_CHUNK) ? p + TEL_CHUNK : e;
        size_t k;
        if (q < e && q[-1] == '%') {
            q -= 1;
        } else if (q < e && q[-2] == '%') {
            q -= 2;
        }
        k = curi__norm_put(buf, 0, p, (size_t)(q - p), mask, 0);
        for (size_t i = 0; i < k; i++) {
            char c = buf[i];
            if (c == '%' && k - i >= 3) {
                if (dst != NULL) {
                    memcpy(dst + n, buf + i, 3);
                }
                n += 3;
                i += 2;
                continue;
            }
            *number &= c != ';';
            if (!(*number && (c == '-' || c == '.' || c == '(' || c == ')'))) {
                n = curi__norm_byte(dst, n, (char)curi__lower((unsigned char)c));
            }
        }
        p = q;
    }
    return n;
}

/* tel's path (RFC 3966): the number without its visual separators, then the parameters in
 * RFC 3966 3's order when curi__tel_sortable says so (else as they come), lowercased. */
size_t curi__write_tel(char *dst, size_t n, const curi_uri *u, unsigned mask,
                       const curi_scheme_parts *sp)
{
    const char *p = u->path.ptr, *e = p + u->path.len, *semi = memchr(p, ';', u->path.len);
    curi_str ps, x, prev;
    int number = 1, first = 1;

    (void)sp; /* tel's writer reads the path itself */

    if (semi == NULL) {
        return tel_run(dst, n, p, e, mask, &number);
    }
    n = tel_run(dst, n, p, semi, mask, &number);
    ps.ptr = semi + 1;
    ps.len = (size_t)(e - ps.ptr);
    number = 0;
    if (!curi__tel_sortable(ps)) {
        return tel_run(dst, n, semi, e, mask, &number);
    }
    while (curi__tel_next_param(ps, first ? NULL : &prev, &x)) {
        n = curi__norm_byte(dst, n, ';');
        n = tel_run(dst, n, x.ptr, x.ptr + x.len, mask, &number);
        prev = x;
        first = 0;
    }
    return n;
}

/* data's path (RFC 2397 3): the media type as curi__data_media says (nothing for the
 * default, "text/plain" before parameters without a type), its type, parameter names and
 * charset value lowercased, ";base64" when it is there, then ',' and the data with the
 * percent rules. */
size_t curi__write_data(char *dst, size_t n, const curi_uri *u, unsigned mask,
                        const curi_scheme_parts *sp)
{
    curi_cursor c;
    curi_str x, name, value;
    int k, first = 1;

    k = curi__data_media(sp->part[0]);
    if (k == 2) {
        for (const char *t = "text/plain"; *t != '\0'; t++) {
            n = curi__norm_byte(dst, n, *t);
        }
    }
    curi_list_init(&c, sp->part[0], ';');
    while (k > 0 && curi_list_next(&c, &x)) {
        if (!first) {
            n = curi__norm_byte(dst, n, ';');
        }
        first = 0;
        curi_split_at(x, '=', &name, &value);
        n = curi__norm_put(dst, n, name.ptr, name.len, mask, 1);
        if (value.ptr != NULL) {
            n = curi__norm_byte(dst, n, '=');
            n = curi__norm_put(dst, n, value.ptr, value.len, mask, curi__data_ci_value(name));
        }
    }
    if (sp->flags & CURI_SP_BASE64) {
        for (const char *t = ";base64"; *t != '\0'; t++) {
            n = curi__norm_byte(dst, n, *t);
        }
    }
    n = curi__norm_byte(dst, n, ',');
    /* the data: the rest of the path (the query follows, as itself) */
    {
        const char *d = (const char *)memchr(u->path.ptr, ',', u->path.len) + 1;
        return curi__norm_put(dst, n, d, (size_t)(u->path.ptr + u->path.len - d), mask, 0);
    }
}
