/*
 * scheme.c -- the scheme table used by scheme-based normalization (RFC 3986 6.2.3):
 * each scheme's default port and whether an empty path beside an authority means "/".
 * Every entry names the document its values come from.  Sorted by name; the lookup is a
 * case-insensitive linear scan (the table is small and lives in read-only memory).
 * SPDX-License-Identifier: MIT
 */
#include "internal.h"

#define HIER CURI_SCHEME_HIERARCHICAL
#define SLASH CURI_SCHEME_EMPTY_PATH_SLASH

/*
 * SLASH is set where the scheme's own specification makes "//host" and "//host/" the
 * same resource: HTTP (RFC 9110 4.2.3), WebSocket (RFC 6455 3: an empty path is "/"), and
 * the schemes of the RFC 1738 common syntax, where the "/" before the url-path is a
 * separator, not part of the url-path, and "/<url-path>" may be omitted (RFC 1738 3.1).
 */
static const curi_scheme_info table[] = {
    {"coap", 5683, HIER | SLASH, "RFC 7252 6.1 and 6.3 (an empty path is \"/\")"},
    {"coaps", 5684, HIER | SLASH, "RFC 7252 6.2"},
    {"dict", 2628, HIER, "RFC 2229 5"},
    {"file", -1, HIER, "RFC 8089 2; RFC 1738 3.10; uri(7)"},
    {"ftp", 21, HIER | SLASH, "RFC 1738 3.2; uri(7)"},
    {"ghelp", -1, 0, "uri(7) (GNOME help)"},
    {"gopher", 70, HIER | SLASH, "RFC 1738 3.4; RFC 4266; uri(7)"},
    {"http", 80, HIER | SLASH, "RFC 9110 4.2.1 and 4.2.3; RFC 1738 3.3; uri(7)"},
    {"https", 443, HIER | SLASH, "RFC 9110 4.2.2 and 4.2.3"},
    {"imap", 143, HIER, "RFC 5092 3"},
    {"info", -1, 0, "uri(7) (GNU info)"},
    {"ipp", 631, HIER, "RFC 8010 4.1 and RFC 3510"},
    {"ldap", 389, HIER | SLASH, "RFC 4516 2 (empty dn either way); uri(7)"},
    {"ldaps", 636, HIER | SLASH, "IANA service port ldaps 636; LDAP over TLS"},
    {"mailto", -1, 0, "RFC 6068; RFC 1738 3.5; uri(7)"},
    {"man", -1, 0, "uri(7) (manual pages)"},
    {"news", -1, 0, "RFC 5538 2; RFC 1738 3.6; uri(7)"},
    {"nfs", 2049, HIER, "RFC 2224 2"},
    {"nntp", 119, HIER | SLASH, "RFC 5538 2; RFC 1738 3.7"},
    {"pop", 110, HIER, "RFC 2384 3"},
    {"prospero", 1525, HIER | SLASH, "RFC 1738 3.11 and RFC 4157"},
    {"rsync", 873, HIER, "RFC 5781 2"},
    {"rtsp", 554, HIER, "RFC 2326 3.2; RFC 7826 4.2"},
    {"rtsps", 322, HIER, "RFC 7826 4.2"},
    {"sip", 5060, 0, "RFC 3261 19.1.2 (no \"//\": host and port are in the path)"},
    {"sips", 5061, 0, "RFC 3261 19.1.2"},
    {"snews", 563, HIER, "IANA service port nntps/snews 563; RFC 4642"},
    {"telnet", 23, HIER | SLASH, "RFC 1738 3.8 and RFC 4248; uri(7)"},
    {"tn3270", 23, HIER | SLASH, "RFC 1738 (common syntax) and RFC 6270"},
    {"urn", -1, 0, "RFC 8141; uri(7)"},
    {"wais", 210, HIER | SLASH, "RFC 1738 3.9 and RFC 4156; uri(7)"},
    {"whatis", -1, 0, "uri(7) (whatis database)"},
    {"ws", 80, HIER | SLASH, "RFC 6455 3 (an empty path is \"/\")"},
    {"wss", 443, HIER | SLASH, "RFC 6455 3"},
    {NULL, -1, 0, NULL},
};

const curi_scheme_info *curi_scheme_table(void)
{
    return table;
}

/* Compare name[0..len) with a lowercase table name, ignoring ASCII case. */
static int same_name(const char *entry, const char *name, size_t len)
{
    size_t i;

    for (i = 0; i < len; i++) {
        if (entry[i] == '\0' || entry[i] != (char)curi__lower((unsigned char)name[i])) {
            return 0;
        }
    }
    return entry[i] == '\0';
}

const curi_scheme_info *curi_scheme_lookup(const char *name, size_t len)
{
    if (name == NULL) {
        return NULL;
    }
    for (const curi_scheme_info *e = table; e->name != NULL; e++) {
        if (same_name(e->name, name, len)) {
            return e;
        }
    }
    return NULL;
}
