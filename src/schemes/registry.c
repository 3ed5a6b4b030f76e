/*
 * registry.c -- the scheme registry (schemes.h): every scheme the library knows, with
 * the values scheme-based normalization (RFC 3986 6.2.3) reads (the default port, and
 * whether an empty path beside an authority means "/") and its operations.  Every entry
 * names the documents its values come from.  Sorted by name; the lookup is a binary
 * search with ASCII case folding (the table lives in read-only memory).
 * SPDX-License-Identifier: MIT
 */
#include "schemes.h"

#define HIER CURI_SCHEME_HIERARCHICAL
#define SLASH CURI_SCHEME_EMPTY_PATH_SLASH

/*
 * SLASH is set where the scheme's own specification makes "//host" and "//host/" the
 * same resource: HTTP (RFC 9110 4.2.3), WebSocket (RFC 6455 3: an empty path is "/"), and
 * the schemes of the RFC 1738 common syntax, where the "/" before the url-path is a
 * separator, not part of the url-path, and "/<url-path>" may be omitted (RFC 1738 3.1).
 */
static const struct curi_scheme table[] = {
    {"coap", 5683, HIER | SLASH, "RFC 7252 6.1 and 6.3 (an empty path is \"/\")", NULL},
    {"coaps", 5684, HIER | SLASH, "RFC 7252 6.2", NULL},
    {"data", -1, 0, "RFC 2397 3", &curi__ops_data},
    {"dict", 2628, HIER, "RFC 2229 5", NULL},
    {"file", -1, HIER, "RFC 8089 2; RFC 1738 3.10; uri(7)", &curi__ops_file},
    {"ftp", 21, HIER | SLASH, "RFC 1738 3.2; uri(7)", &curi__ops_ftp},
    {"ghelp", -1, 0, "uri(7) (GNOME help)", &curi__ops_ghelp},
    {"gopher", 70, HIER | SLASH, "RFC 1738 3.4; RFC 4266; uri(7)", &curi__ops_gopher},
    {"http", 80, HIER | SLASH, "RFC 9110 4.2.1 and 4.2.3; RFC 1738 3.3; uri(7)", &curi__ops_http},
    {"https", 443, HIER | SLASH, "RFC 9110 4.2.2 and 4.2.3", &curi__ops_http},
    {"imap", 143, HIER, "RFC 5092 3", NULL},
    {"info", -1, 0, "uri(7) (GNU info)", &curi__ops_info},
    {"ipp", 631, HIER, "RFC 8010 4.1 and RFC 3510", NULL},
    {"ldap", 389, HIER | SLASH, "RFC 4516 2 (empty dn either way); uri(7)", &curi__ops_ldap},
    {"ldaps", 636, HIER | SLASH, "IANA service port ldaps 636; LDAP over TLS", &curi__ops_ldap},
    {"mailto", -1, 0, "RFC 6068; RFC 1738 3.5; uri(7)", &curi__ops_mailto},
    {"man", -1, 0, "uri(7) (manual pages)", &curi__ops_man},
    {"news", -1, 0, "RFC 5538 2; RFC 1738 3.6; uri(7)", &curi__ops_news},
    {"nfs", 2049, HIER, "RFC 2224 2", NULL},
    {"nntp", 119, HIER | SLASH, "RFC 5538 2; RFC 1738 3.7", &curi__ops_nntp},
    {"pop", 110, HIER, "RFC 2384 3", NULL},
    {"prospero", 1525, HIER | SLASH, "RFC 1738 3.11 and RFC 4157", &curi__ops_prospero},
    {"rsync", 873, HIER, "RFC 5781 2", NULL},
    {"rtsp", 554, HIER, "RFC 2326 3.2; RFC 7826 4.2", NULL},
    {"rtsps", 322, HIER, "RFC 7826 4.2", NULL},
    {"sip", 5060, 0, "RFC 3261 19.1.2 (no \"//\": host and port are in the path)", NULL},
    {"sips", 5061, 0, "RFC 3261 19.1.2", NULL},
    {"snews", 563, HIER, "IANA service port nntps/snews 563; RFC 4642", NULL},
    {"tel", -1, 0, "RFC 3966 3", &curi__ops_tel},
    {"telnet", 23, HIER | SLASH, "RFC 1738 3.8 and RFC 4248; uri(7)", &curi__ops_telnet},
    {"tn3270", 23, HIER | SLASH, "RFC 1738 (common syntax) and RFC 6270", NULL},
    {"urn", -1, 0, "RFC 8141; uri(7)", &curi__ops_urn},
    {"wais", 210, HIER | SLASH, "RFC 1738 3.9 and RFC 4156; uri(7)", &curi__ops_wais},
    {"whatis", -1, 0, "uri(7) (whatis database)", &curi__ops_whatis},
    {"ws", 80, HIER | SLASH, "RFC 6455 3 (an empty path is \"/\")", &curi__ops_ws},
    {"wss", 443, HIER | SLASH, "RFC 6455 3", &curi__ops_ws},
};

enum { NSCHEMES = sizeof table / sizeof table[0] };

/* Order name[0..len) against a lowercase table name, ignoring ASCII case: <0, 0, >0. */
static int name_order(const char *name, size_t len, const char *entry)
{
    size_t i;

    for (i = 0; i < len; i++) {
        unsigned char c = curi__lower((unsigned char)name[i]), e = (unsigned char)entry[i];
        if (e == '\0' || c != e) {
            return e == '\0' ? 1 : (int)c - (int)e;
        }
    }
    return entry[i] == '\0' ? 0 : -1;
}

const curi_scheme *curi_scheme_find(const char *name, size_t len)
{
    size_t lo = 0, hi = NSCHEMES;

    if (name == NULL) {
        return NULL;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int o = name_order(name, len, table[mid].name);
        if (o == 0) {
            return &table[mid];
        }
        if (o < 0) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return NULL;
}

const curi_scheme *curi_scheme_at(size_t i)
{
    return i < NSCHEMES ? &table[i] : NULL;
}

const char *curi_scheme_name(const curi_scheme *s)
{
    return s ? s->name : NULL;
}

int curi_scheme_default_port(const curi_scheme *s)
{
    return s ? (int)s->default_port : -1;
}

unsigned curi_scheme_flags(const curi_scheme *s)
{
    return s ? (unsigned)s->flags : 0;
}

const char *curi_scheme_source(const curi_scheme *s)
{
    return s ? s->source : NULL;
}
