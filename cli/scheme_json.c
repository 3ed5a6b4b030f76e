/*
 * scheme_json.c -- the "parts" object of curi parse --scheme --json: each scheme's parts
 * (curi_scheme_parts_get) under the keys curi(1) lists, decoded where the scheme means text,
 * with the scheme's own derived values (an ftp port as a number, gopher's type 1 for an
 * empty path, info's node name, data's effective type, tel's digits, ws's resource name).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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

/* "fragment" only when there is one (the schemes whose keys say so) */
static void optional_fragment(struct buf *out, curi_str f)
{
    if (f.ptr != NULL)
        json_member_str(out, "fragment", f);
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
    curi_list_init_type(&c, sp->part[0], curi_scheme_part_type(sp->kind, 0));
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
        curi_list_init_type(&c, value, curi_scheme_part_type(sp->kind, 0));
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

void json_scheme_parts(struct buf *out, const curi_scheme_parts *sp, const curi_uri *u,
                       struct buf *tmp)
{
    const curi_str *p = sp->part;
    json_key(out, "parts");
    if (sp->kind == CURI_SK_NONE) {
        buf_put(out, "null", 4);
        return;
    }
    buf_putc(out, '{');
    switch (sp->kind) {
    case CURI_SK_FTP:
        member_decoded(out, tmp, "user", p[0]);
        member_decoded(out, tmp, "password", p[1]);
        json_member_str(out, "host", p[2]);
        member_port(out, "port", p[3]);
        member_list(out, tmp, "cwd", p[4], '/', 1, 1, 0);
        member_decoded(out, tmp, "name", p[5]);
        json_member_str(out, "typecode", p[6]);
        break;
    case CURI_SK_HTTP:
        member_decoded(out, tmp, "user", p[0]);
        member_decoded(out, tmp, "password", p[1]);
        json_member_str(out, "host", p[2]);
        member_port(out, "port", p[3]);
        json_member_str(out, "path", p[4]);
        json_member_str(out, "query", p[5]);
        json_member_str(out, "fragment", p[6]);
        break;
    case CURI_SK_GOPHER:
        json_member_str(out, "host", p[0]);
        member_port(out, "port", p[1]);
        if (p[2].ptr == NULL)
            json_member(out, "gophertype", "1", 1);
        else
            member_decoded(out, tmp, "gophertype", p[2]);
        if (p[3].ptr == NULL)
            json_member(out, "selector", "", 0);
        else
            member_decoded(out, tmp, "selector", p[3]);
        member_decoded(out, tmp, "search", p[4]);
        member_decoded(out, tmp, "gopher_plus", p[5]);
        optional_fragment(out, p[6]);
        break;
    case CURI_SK_MAILTO:
        mailto_to(out, tmp, sp);
        member_list(out, tmp, "headers", p[1], '&', 1, 1, 1);
        optional_fragment(out, p[2]);
        break;
    case CURI_SK_NEWS:
        json_member_str(out, "server", p[0]);
        member_port(out, "port", p[1]);
        if (p[2].ptr != NULL)
            member_decoded(out, tmp, "user", p[2]);
        if (p[3].ptr != NULL)
            member_decoded(out, tmp, "article", p[3]);
        else
            member_decoded(out, tmp, "newsgroups", p[4]);
        optional_fragment(out, p[5]);
        break;
    case CURI_SK_NNTP:
        json_member_str(out, "server", p[0]);
        member_port(out, "port", p[1]);
        if (p[2].ptr != NULL)
            member_decoded(out, tmp, "user", p[2]);
        if (p[5].ptr != NULL)
            member_decoded(out, tmp, "password", p[5]);
        member_decoded(out, tmp, "group", p[3]);
        json_member_str(out, "article_number", p[4]);
        break;
    case CURI_SK_TELNET:
        member_decoded(out, tmp, "user", p[0]);
        member_decoded(out, tmp, "password", p[1]);
        json_member_str(out, "host", p[2]);
        member_port(out, "port", p[3]);
        break;
    case CURI_SK_WAIS: {
        static const char *const forms[] = {"database", "search", "document"};
        json_member_str(out, "host", p[0]);
        member_port(out, "port", p[1]);
        json_member(out, "form", forms[sp->form], strlen(forms[sp->form]));
        member_decoded(out, tmp, "database", p[2]);
        if (sp->form == CURI_WAIS_SEARCH)
            member_decoded(out, tmp, "search", p[3]);
        if (sp->form == CURI_WAIS_DOCUMENT) {
            member_decoded(out, tmp, "wtype", p[4]);
            member_decoded(out, tmp, "wpath", p[5]);
        }
        break;
    }
    case CURI_SK_FILE: {
        static const char *const kinds[] = {"absent", "empty", "localhost", "named"};
        json_member_str(out, "host", p[0]);
        json_member_str(out, "path", p[1]);
        json_member_str(out, "drive", p[2]);
        json_member(out, "host_kind", kinds[sp->form], strlen(kinds[sp->form]));
        break;
    }
    case CURI_SK_PROSPERO:
        json_member_str(out, "host", p[0]);
        member_port(out, "port", p[1]);
        member_decoded(out, tmp, "hsoname", p[2]);
        member_list(out, tmp, "fields", p[3], ';', 1, 1, 1);
        break;
    case CURI_SK_LDAP:
        json_member_str(out, "host", p[0]);
        member_port(out, "port", p[1]);
        member_decoded(out, tmp, "dn", p[2]);
        member_list(out, tmp, "attributes", p[3], ',', 1, 0, 0);
        json_member_str(out, "scope", p[4]);
        member_decoded(out, tmp, "filter", p[5]);
        ldap_extensions(out, tmp, p[6]);
        break;
    case CURI_SK_URN:
        json_member_str(out, "nid", p[0]);
        json_member_str(out, "nss", p[1]);
        json_member_str(out, "r_component", p[2]);
        json_member_str(out, "q_component", p[3]);
        json_member_str(out, "f_component", p[4]);
        break;
    case CURI_SK_MAN:
        member_decoded(out, tmp, "name", p[0]);
        member_decoded(out, tmp, "section", p[1]);
        optional_fragment(out, p[2]);
        break;
    case CURI_SK_INFO:
        json_member(out, "form", sp->form == CURI_INFO_KDE ? "kde" : "gnome",
                    sp->form == CURI_INFO_KDE ? 3 : 5);
        member_decoded(out, tmp, "file", p[0]);
        member_decoded(out, tmp, "node", p[1]);
        if (p[1].ptr == NULL || p[1].len == 0) {
            json_member(out, "node_name", "Top", 3);
        } else {
            decode(tmp, p[1]);
            if (sp->form == CURI_INFO_GNOME)
                for (size_t i = 0; i < tmp->len; i++)
                    if (tmp->p[i] == '_')
                        tmp->p[i] = ' ';
            json_member(out, "node_name", tmp->p, tmp->len);
        }
        break;
    case CURI_SK_WHATIS:
        member_decoded(out, tmp, "string", p[0]);
        optional_fragment(out, p[1]);
        break;
    case CURI_SK_GHELP:
        member_decoded(out, tmp, "application", p[0]);
        optional_fragment(out, p[1]);
        break;
    case CURI_SK_WS:
        json_member_str(out, "host", p[0]);
        member_port(out, "port", p[1]);
        /* resource name: the path, or "/" when empty, then "?" query when it is not empty */
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
        break;
    case CURI_SK_TEL:
        json_member(out, "kind", sp->form == CURI_TEL_LOCAL ? "local" : "global",
                    sp->form == CURI_TEL_LOCAL ? 5 : 6);
        json_member_str(out, "number", p[0]);
        /* digits: the number decoded with the visual separators - . ( ) removed */
        decode(tmp, p[0]);
        {
            size_t k = 0;
            for (size_t i = 0; i < tmp->len; i++)
                if (strchr("-.()", tmp->p[i]) == NULL)
                    tmp->p[k++] = tmp->p[i];
            tmp->len = k;
        }
        json_member(out, "digits", tmp->len ? tmp->p : "", tmp->len);
        member_list(out, tmp, "params", p[1], ';', 0, 1, 1);
        break;
    case CURI_SK_DATA:
        json_member_str(out, "mediatype", p[0]);
        data_effective(out, p[0]);
        member_bool(out, "base64", (sp->flags & CURI_SP_BASE64) != 0);
        if (sp->flags & CURI_SP_BASE64) {
            json_member_str(out, "data", p[1]);
        } else if (sp->flags & CURI_SP_QUERY) {
            /* the data goes on with '?' and the query: decode the two as one text */
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
        break;
    default:
        break;
    }
    buf_putc(out, '}');
}
