/*
 * scheme_json.c -- the "parts" object of curi parse --scheme --json: each scheme's parts
 * (curi_scheme_parts_get) under the names and as the types the library gives them
 * (curi_scheme_part_name, curi_scheme_part_type: decoded text, lists, pairs, ports as
 * numbers), with the values a scheme derives from them (gopher's type 1 for an empty path,
 * info's node name, data's effective type, tel's digits, ws's resource name).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* v percent-decoded into tmp (from its start); tmp->p is valid for tmp->len bytes. */
static void decode(struct buf *tmp, curi_str v)
{
    size_t outlen = 0;
    tmp->len = 0;
    buf_reserve(tmp, v.len + 1);
    /* A valid reference's triplets decode; the output is never longer than the input. */
    if (curi_pct_decode(tmp->p, v.len + 1, &outlen, v.ptr, v.len, 0, NULL) == CURI_OK)
        tmp->len = outlen;
}

/* "key":"decoded" or "key":null */
static void member_decoded(struct buf *out, struct buf *tmp, const char *key, curi_str v)
{
    if (v.ptr == NULL) {
        json_member(out, key, NULL, 0);
        return;
    }
    decode(tmp, v);
    json_member(out, key, tmp->len ? tmp->p : "", tmp->len);
}

/* "key":N for a port, null when absent or empty (or beyond what a number holds here) */
static void member_port(struct buf *out, const char *key, curi_str v)
{
    unsigned long long n = 0;
    json_key(out, key);
    if (v.ptr == NULL || v.len == 0 || v.len > 18) {
        buf_put(out, "null", 4);
        return;
    }
    for (size_t i = 0; i < v.len; i++)
        n = n * 10 + (unsigned)(v.ptr[i] - '0');
    buf_putu(out, n);
}

static void member_bool(struct buf *out, const char *key, int b)
{
    json_key(out, key);
    buf_puts(out, b ? "true" : "false");
}

/* a JSON string of v decoded (array items have no key for a _hex twin: U+FFFD stands in) */
static void string_decoded(struct buf *out, struct buf *tmp, curi_str v)
{
    decode(tmp, v);
    json_string(out, tmp->len ? tmp->p : "", tmp->len);
}

/* v as a JSON value: null when absent, else a string, decoded with dec */
static void put_text(struct buf *out, struct buf *tmp, curi_str v, int dec)
{
    if (v.ptr == NULL)
        buf_put(out, "null", 4);
    else if (dec)
        string_decoded(out, tmp, v);
    else
        json_string(out, v.ptr, v.len);
}

/*
 * "key":[items...] of a list part, each decoded (or raw), or with pairs [[name,value],...]
 * of name=value items (value null without '='); an absent part is null, or [] with
 * none_empty
 */
static void member_list(struct buf *out, struct buf *tmp, const char *key, curi_str v, char sep,
                        int dec, int none_empty, int pairs)
{
    curi_cursor c;
    curi_str item, name, value;
    int first = 1;
    json_key(out, key);
    if (v.ptr == NULL) {
        buf_puts(out, none_empty ? "[]" : "null");
        return;
    }
    buf_putc(out, '[');
    curi_list_init(&c, v, sep);
    while (curi_list_next(&c, &item)) {
        if (!first)
            buf_putc(out, ',');
        first = 0;
        if (!pairs) {
            put_text(out, tmp, item, dec);
            continue;
        }
        curi_split_at(item, '=', &name, &value);
        buf_putc(out, '[');
        put_text(out, tmp, name, dec);
        buf_putc(out, ',');
        put_text(out, tmp, value, dec);
        buf_putc(out, ']');
    }
    buf_putc(out, ']');
}

/* mailto's "to": the addresses of the path, then those of every to= header, in order */
static void mailto_to(struct buf *out, struct buf *tmp, const curi_scheme_parts *sp)
{
    curi_cursor c, h;
    curi_str item, name, value;
    int first = 1;
    json_key(out, "to");
    buf_putc(out, '[');
    /* the addresses split outside their quoted strings (CURI_SPT_ADDRESSES), then decoded */
    curi_list_init_type(&c, sp->part[0], curi_scheme_part_type(sp->kind, 0), NULL);
    while (curi_list_next(&c, &item)) {
        buf_put(out, ",", first ? 0 : 1);
        first = 0;
        string_decoded(out, tmp, item);
    }
    curi_list_init(&h, sp->part[1], '&');
    while (curi_list_next(&h, &item)) {
        curi_split_at(item, '=', &name, &value);
        decode(tmp, name);
        if (tmp->len != 2 || (tmp->p[0] | 0x20) != 't' || (tmp->p[1] | 0x20) != 'o' ||
            value.ptr == NULL || value.len == 0)
            continue;
        /* the value is a list of addresses too: split as the path's, then decoded */
        curi_list_init_type(&c, value, curi_scheme_part_type(sp->kind, 0), NULL);
        while (curi_list_next(&c, &item)) {
            buf_put(out, ",", first ? 0 : 1);
            first = 0;
            string_decoded(out, tmp, item);
        }
    }
    buf_putc(out, ']');
}

/* ldap's "extensions": [{"critical","type","value"}...], null when absent */
static void ldap_extensions(struct buf *out, struct buf *tmp, curi_str v)
{
    curi_cursor c;
    curi_str item, type, value;
    int first = 1;
    json_key(out, "extensions");
    if (v.ptr == NULL) {
        buf_put(out, "null", 4);
        return;
    }
    buf_putc(out, '[');
    curi_list_init(&c, v, ',');
    while (curi_list_next(&c, &item)) {
        int critical = item.len > 0 && item.ptr[0] == '!';
        if (critical) {
            item.ptr++;
            item.len--;
        }
        curi_split_at(item, '=', &type, &value);
        buf_put(out, ",", first ? 0 : 1);
        first = 0;
        buf_putc(out, '{');
        member_bool(out, "critical", critical);
        member_decoded(out, tmp, "type", type);
        member_decoded(out, tmp, "value", value);
        buf_putc(out, '}');
    }
    buf_putc(out, ']');
}

/* data's effective type: RFC 2397 3's defaults for an omitted type */
static void data_effective(struct buf *out, curi_str m)
{
    static const char dflt[] = "text/plain;charset=US-ASCII", plain[] = "text/plain";
    json_key(out, "effective_type");
    if (m.len == 0) {
        json_string(out, dflt, sizeof dflt - 1);
    } else if (m.ptr[0] == ';') {
        /* ";charset=x" alone: text/plain with those parameters */
        struct buf t = {0};
        buf_put(&t, plain, sizeof plain - 1);
        buf_put(&t, m.ptr, m.len);
        json_string(out, t.p, t.len);
        buf_free(&t);
    } else {
        json_string(out, m.ptr, m.len);
    }
}

/* info: the form before part 0; at the end the node name, decoded ("Top" when empty; the
 * GNOME form's '_' are spaces). */
static void info_members(struct buf *out, struct buf *tmp, const curi_scheme_parts *sp, int i,
                         int end)
{
    const curi_str *p = sp->part;
    if (i == 0)
        json_member(out, "form", sp->form == CURI_INFO_KDE ? "kde" : "gnome",
                    sp->form == CURI_INFO_KDE ? 3 : 5);
    if (end && (p[1].ptr == NULL || p[1].len == 0)) {
        json_member(out, "node_name", "Top", 3);
    } else if (end) {
        decode(tmp, p[1]);
        if (sp->form == CURI_INFO_GNOME)
            for (size_t k = 0; k < tmp->len; k++)
                if (tmp->p[k] == '_')
                    tmp->p[k] = ' ';
        json_member(out, "node_name", tmp->p, tmp->len);
    }
}

/* ws, wss: the resource name (the path, or "/" when empty, then "?" query when not
 * empty) and whether it is secure. */
static void ws_members(struct buf *out, struct buf *tmp, const curi_scheme_parts *sp)
{
    const curi_str *p = sp->part;
    tmp->len = 0;
    if (p[2].len == 0)
        buf_putc(tmp, '/');
    else
        buf_put(tmp, p[2].ptr, p[2].len);
    if (p[3].ptr != NULL && p[3].len > 0) {
        buf_putc(tmp, '?');
        buf_put(tmp, p[3].ptr, p[3].len);
    }
    json_member(out, "resource_name", tmp->p, tmp->len);
    member_bool(out, "secure", (sp->flags & CURI_SP_SECURE) != 0);
}

/* tel: the kind before part 0; before part 1 the digits: the number decoded with the
 * visual separators - . ( ) removed. */
static void tel_members(struct buf *out, struct buf *tmp, const curi_scheme_parts *sp, int i)
{
    if (i == 0)
        json_member(out, "kind", sp->form == CURI_TEL_LOCAL ? "local" : "global",
                    sp->form == CURI_TEL_LOCAL ? 5 : 6);
    if (i == 1) {
        size_t k = 0;
        decode(tmp, sp->part[0]);
        for (size_t j = 0; j < tmp->len; j++)
            if (strchr("-.()", tmp->p[j]) == NULL)
                tmp->p[k++] = tmp->p[j];
        tmp->len = k;
        json_member(out, "digits", tmp->len ? tmp->p : "", tmp->len);
    }
}

/* data: the effective type, base64, and the data in place of part 1 (decoded unless
 * base64; when it goes on with '?' and the query, the two decode as one text). */
static void data_members(struct buf *out, struct buf *tmp, const curi_scheme_parts *sp,
                         const curi_uri *u)
{
    const curi_str *p = sp->part;
    data_effective(out, p[0]);
    member_bool(out, "base64", (sp->flags & CURI_SP_BASE64) != 0);
    if (sp->flags & CURI_SP_BASE64) {
        json_member_str(out, "data", p[1]);
    } else if (sp->flags & CURI_SP_QUERY) {
        struct buf raw = {0};
        buf_put(&raw, p[1].ptr, p[1].len);
        buf_putc(&raw, '?');
        buf_put(&raw, u->query.ptr, u->query.len);
        curi_str whole = {raw.p, raw.len};
        member_decoded(out, tmp, "data", whole);
        free(raw.p);
    } else {
        member_decoded(out, tmp, "data", p[1]);
    }
}

/*
 * The members that are not a part as its type says: values the scheme derives from its parts
 * (info's node name, tel's digits, ws's resource name, data's effective type, the form of
 * wais, file, info and tel), defaults its documents give an absent part (gopher's type 1
 * and empty selector), and parts with a shape of their own (mailto's recipients from the
 * path and the to= headers, ldap's extensions as objects, data's data).  Called before part
 * i with that i, and once after the last one with i = CURI_SCHEME_PARTS_MAX; 1 when it
 * wrote part i itself.
 */
static int derived(struct buf *out, struct buf *tmp, const curi_scheme_parts *sp,
                   const curi_uri *u, int i)
{
    const curi_str *p = sp->part;
    int end = i == CURI_SCHEME_PARTS_MAX;

    switch (sp->kind) {
    case CURI_SK_GOPHER:
        /* RFC 4266 2.1: an empty gopher-path is type 1 with an empty selector */
        if ((i == 2 || i == 3) && p[i].ptr == NULL) {
            json_member(out, i == 2 ? "gophertype" : "selector", "1", i == 2 ? 1 : 0);
            return 1;
        }
        return 0;
    case CURI_SK_MAILTO:
        if (i == 0)
            mailto_to(out, tmp, sp);
        return i == 0;
    case CURI_SK_WAIS:
        if (i == 2) {
            static const char *const forms[] = {"database", "search", "document"};
            json_member(out, "form", forms[sp->form], strlen(forms[sp->form]));
        }
        return 0;
    case CURI_SK_FILE:
        if (end) {
            static const char *const kinds[] = {"absent", "empty", "localhost", "named"};
            json_member(out, "host_kind", kinds[sp->form], strlen(kinds[sp->form]));
        }
        return 0;
    case CURI_SK_LDAP:
        if (i == 6)
            ldap_extensions(out, tmp, p[6]);
        return i == 6;
    case CURI_SK_INFO:
        info_members(out, tmp, sp, i, end);
        return 0;
    case CURI_SK_WS:
        if (end)
            ws_members(out, tmp, sp);
        return 0;
    case CURI_SK_TEL:
        tel_members(out, tmp, sp, i);
        return 0;
    case CURI_SK_DATA:
        if (i == 1)
            data_members(out, tmp, sp, u);
        return i == 1;
    default:
        return 0;
    }
}

/* "name": part v as its type (curi_scheme_part_type) says: left out when OPTIONAL and
 * absent; a number for a PORT; a list (decoded items, or [name, value] pairs) when it has
 * a separator, [] when absent unless DEFAULT (null: the scheme's default); text, decoded
 * when DECODE; null when absent. */
static void member_part(struct buf *out, struct buf *tmp, const char *name, curi_str v,
                        unsigned type)
{
    if (v.ptr == NULL && (type & CURI_SPT_OPTIONAL))
        return;
    if (type & CURI_SPT_PORT)
        member_port(out, name, v);
    else if (type & 0xFF)
        member_list(out, tmp, name, v, (char)(type & 0xFF), (type & CURI_SPT_DECODE) != 0,
                    !(type & CURI_SPT_DEFAULT), (type & CURI_SPT_PAIRS) != 0);
    else if (type & CURI_SPT_DECODE)
        member_decoded(out, tmp, name, v);
    else
        json_member_str(out, name, v);
}

void json_scheme_parts(struct buf *out, const curi_scheme_parts *sp, const curi_uri *u,
                       struct buf *tmp)
{
    const char *name;
    int i;

    json_key(out, "parts");
    if (sp->kind == CURI_SK_NONE) {
        buf_put(out, "null", 4);
        return;
    }
    buf_putc(out, '{');
    /* every part under its name (curi_scheme_part_name), as its type says */
    for (i = 0; i < CURI_SCHEME_PARTS_MAX && (name = curi_scheme_part_name(sp->kind, i)); i++)
        if (!derived(out, tmp, sp, u, i))
            member_part(out, tmp, name, sp->part[i], curi_scheme_part_type(sp->kind, i));
    (void)derived(out, tmp, sp, u, CURI_SCHEME_PARTS_MAX);
    buf_putc(out, '}');
}
