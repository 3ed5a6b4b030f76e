/*
 * fuzz_open.c -- libFuzzer target for the argv builder of curi open (cli/open_table.c):
 * config lines, $BROWSER entries and a URI in, an argv or a refusal out; nothing runs.
 * Input: one control byte (bit 0: graphical session, bit 1: --force, bits 2-7: which
 * programs "are on PATH", by a hash of the name, and whether a path "is a directory"),
 * then up to three parts separated by 0x01: [[BROWSER 0x01] CONFIG 0x01] URI, where CONFIG
 * is config lines ('\n'-separated) read before the built-in table.  After the built-in table
 * come one row per placeholder and per scheme part ("* any p {part:NAME}" ...), so that
 * every expansion is reached with any URI.
 * Invariants:
 *  - an argv comes from a row of the URI's scheme (or "*") and session whose program is
 *    "on PATH": argv[0] is the row's program, argc is the row's word count, the array ends
 *    with NULL;
 *  - no argument starts with '-' unless its template in the table starts with a literal
 *    '-', and none holds a control byte (C0, DEL, C1 in UTF-8);
 *  - without --force, a URI that opens has no curi check error and is not javascript:,
 *    vbscript: or data:; it is always a URI (a scheme) and, for file:, has a local path;
 *  - a refusal has status 1 and one of the names of open.h, no handler status 127 and
 *    "no-handler", and each a message; the same inputs give the same answer twice;
 *  - a config line that is accepted has a program without '{' that does not start with '-'.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/open.h"
#include "util.h"

struct fz_env {
    unsigned mask;
};

static int fz_have(void *ctx, const char *prog)
{
    const struct fz_env *e = ctx;
    unsigned h = 0;
    for (const char *p = prog; *p; p++)
        h += (unsigned char)*p;
    return (e->mask >> (h % 6)) & 1;
}

static int fz_is_dir(void *ctx, const char *path)
{
    const struct fz_env *e = ctx;
    return (int)((e->mask ^ strlen(path)) & 1);
}

static int is_lower_eq(const char *a, const char *b, size_t bn)
{
    if (strlen(a) != bn)
        return 0;
    for (size_t i = 0; i < bn; i++) {
        char c = b[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c + 32);
        if (a[i] != c)
            return 0;
    }
    return 1;
}

/* The fixed rows: every placeholder and every part name of the scheme layer, one a row. */
static void add_placeholder_rows(struct open_table *t)
{
    static const char *const plain[] = {
        "* any p {uri}",  "* any p {host}", "* any p {port}", "* any p {path}",
        "* any p {dir}",  "* any p {user}", "* any p x{user}y", "* any p -l {user} {host}",
        "* any p {part:node_name}",
    };
    const char *why;
    for (size_t k = 0; k < sizeof plain / sizeof plain[0]; k++)
        FZ_CHECK(open_table_add_line(t, plain[k], strlen(plain[k]), "fixed", &why) == 1);
    for (int kind = CURI_SK_FTP; kind <= CURI_SK_DATA; kind++)
        for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
            const char *name = curi_scheme_part_name(kind, i);
            char line[80];
            if (name == NULL)
                break;
            size_t n = (size_t)snprintf(line, sizeof line, "* any q {part:%s}", name);
            FZ_CHECK(open_table_add_line(t, line, n, "fixed", &why) == 1);
        }
}

static void check_result(const struct open_result *r, const char *uri, size_t len,
                         const struct open_env *env)
{
    static const char *const names[] = {"invalid",      "remote-file",    "option-injection",
                                        "control-byte", "refused-scheme", "mailto-header",
                                        "check-error"};
    if (r->status == OPEN_NO_HANDLER) {
        FZ_CHECK(r->error != NULL && strcmp(r->error, "no-handler") == 0);
        FZ_CHECK(r->message != NULL && r->message_len > 0 && r->argv == NULL);
        return;
    }
    if (r->status == OPEN_REFUSED) {
        int known = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
            known |= r->error != NULL && strcmp(r->error, names[k]) == 0;
        FZ_CHECKF(known, "unknown refusal %s", r->error ? r->error : "(null)");
        FZ_CHECK(r->message != NULL && r->message_len > 0 && r->argv == NULL);
        return;
    }
    FZ_CHECKF(r->status == OPEN_OK, "status %d", r->status);
    const struct open_row *row = r->row;
    FZ_CHECK(row != NULL && r->argv != NULL && r->error == NULL);
    FZ_CHECK(r->argc == row->nword && r->argv[r->argc] == NULL);
    FZ_CHECK(strcmp(r->argv[0], row->word[0]) == 0);
    FZ_CHECK(fz_have(env->ctx, r->argv[0]));
    FZ_CHECK(row->session & env->session);

    curi_uri u;
    curi_error e;
    FZ_CHECKF(curi_parse(&u, uri, len, CURI_PARSE_URI, &e) == CURI_OK, "opened a non-URI: %s",
              fz_show(uri, len));
    FZ_CHECK(strcmp(row->scheme, "*") == 0 || is_lower_eq(row->scheme, u.scheme.ptr, u.scheme.len));
    for (size_t i = 0; i < r->argc; i++) {
        const char *a = r->argv[i];
        FZ_CHECKF(!open_has_control(a, strlen(a)), "control byte in argv[%zu] %s", i,
                  fz_show(a, strlen(a)));
        if (i > 0)
            FZ_CHECKF(a[0] != '-' || row->word[i][0] == '-',
                      "argv[%zu] '%s' starts with '-' from the URI %s (template %s)", i,
                      fz_show(a, strlen(a)), fz_show2(uri, len), row->word[i]);
    }
    if (is_lower_eq("file", u.scheme.ptr, u.scheme.len)) {
        size_t cap = curi_uri_to_path_bound(len), n;
        char *p = fz_alloc(cap ? cap : 1);
        FZ_CHECKF(curi_uri_to_path(p, cap, &n, uri, len, 0, NULL) == CURI_OK,
                  "opened a file: URI with no local path: %s", fz_show(uri, len));
        free(p);
    }
    if (!env->force) {
        FZ_CHECK(!is_lower_eq("javascript", u.scheme.ptr, u.scheme.len));
        FZ_CHECK(!is_lower_eq("vbscript", u.scheme.ptr, u.scheme.len));
        FZ_CHECK(!is_lower_eq("data", u.scheme.ptr, u.scheme.len));
        size_t nf = fz_lint(uri, len, NULL, NULL, 0);
        curi_finding *f = malloc((nf ? nf : 1) * sizeof *f);
        FZ_CHECK(f != NULL);
        nf = fz_lint(uri, len, NULL, f, nf);
        for (size_t i = 0; i < nf; i++)
            FZ_CHECKF(f[i].severity != CURI_SEVERITY_ERROR &&
                          f[i].rule != CURI_LINT_MAILTO_DANGEROUS_HEADER,
                      "opened despite %s: %s", curi_lint_rule_name(f[i].rule), fz_show(uri, len));
        free(f);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    struct fz_env fe = {(unsigned)(data[0] >> 2)};
    struct open_env env = {(data[0] & 1) ? OPEN_GRAPHICAL : OPEN_TEXT, (data[0] >> 1) & 1,
                           fz_have, fz_is_dir, &fe};
    const char *p = (const char *)data + 1, *end = (const char *)data + size;
    const char *part[3];
    size_t plen[3], nparts = 0;
    while (nparts < 2) {
        const char *sep = memchr(p, 0x01, (size_t)(end - p));
        if (sep == NULL)
            break;
        part[nparts] = p;
        plen[nparts++] = (size_t)(sep - p);
        p = sep + 1;
    }
    const char *browser = NULL, *config = NULL;
    size_t config_len = 0;
    char *bdup = NULL;
    if (nparts == 2) {
        bdup = fz_dup(part[0], plen[0] + 1);
        bdup[plen[0]] = '\0'; /* $BROWSER is a C string: it ends at its first NUL */
        browser = bdup;
        config = part[1];
        config_len = plen[1];
    } else if (nparts == 1) {
        config = part[0];
        config_len = plen[0];
    }
    /* the URI, in a block of exactly its size */
    size_t ulen = (size_t)(end - p);
    char *uri = fz_dup(p, ulen);

    struct open_table t = {0};
    for (size_t a = 0, line = 1; config != NULL && a <= config_len; line++) {
        const char *nl = memchr(config + a, '\n', config_len - a);
        size_t b = nl != NULL ? (size_t)(nl - config) : config_len;
        const char *why = NULL;
        char *l = fz_dup(config + a, b - a);
        size_t before = t.n;
        int rc = open_table_add_line(&t, l, b - a, "fuzz", &why);
        FZ_CHECK(rc >= -1 && rc <= 1);
        FZ_CHECK(rc != -1 || why != NULL);
        if (rc == 1) {
            const struct open_row *row = &t.row[before];
            FZ_CHECK(t.n == before + 1 && row->nword >= 1);
            FZ_CHECK(strchr(row->word[0], '{') == NULL && row->word[0][0] != '-');
        }
        free(l);
        a = b + 1;
        (void)line;
    }
    open_table_builtin(&t, browser, (fe.mask & 2) ? "more -s" : NULL);
    add_placeholder_rows(&t);

    struct open_result r, r2;
    open_build(&r, uri, ulen, &t, &env);
    check_result(&r, uri, ulen, &env);
    open_build(&r2, uri, ulen, &t, &env);
    FZ_CHECK(r.status == r2.status && r.row == r2.row && r.argc == r2.argc);
    for (size_t i = 0; i < r.argc; i++)
        FZ_CHECK(strcmp(r.argv[i], r2.argv[i]) == 0);
    open_result_free(&r);
    open_result_free(&r2);
    open_table_free(&t);
    free(uri);
    free(bdup);
    return 0;
}
