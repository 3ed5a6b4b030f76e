/*
 * fuzz_cli.c -- libFuzzer target for the curi tool's line handling: the input
 * becomes standard input of one subcommand, run in-process through the tool's
 * own code (the cli/ sources linked in, its main() renamed curi_cli_main).
 * Input: one control byte (bits 0-3 pick the subcommand, bit 7 adds --jobs 2
 * to those that have it; bit 4 runs extract --json instead, bit 5 with --complete, bit 6
 * with --ascii; without bit 4, bit 5 runs diff --json instead, bit 6 with --base),
 * then the lines (for extract: the text).  Standard output is captured in a temporary file.
 * Invariants:
 *  - with --json, there is exactly one output line per input line, and each is
 *    a well-formed JSON object;
 *  - the exit status is 0 when every line is valid for the library and 1
 *    otherwise (parse, get, normalize, resolve, relative, explain: valid means
 *    curi_parse accepts it; decode: curi_pct_decode accepts it; encode and set
 *    with a valid value: always 0; explain, build and diff: 0 or 1; check --fail-on
 *    none: always 0; check --fail-on error: 1 when some line is invalid);
 *  - extract --json prints one JSON object per match that curi_extract finds in
 *    the whole input (with CURI_EXTRACT_IRI unless --ascii), and exits 0 when there is
 *    one, else 1.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

int curi_cli_main(int argc, char **argv);

/* ---- a small JSON checker (RFC 8259 grammar, recursion is fine in test code) ---- */

static const char *ws(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

static const char *json_value(const char *p, const char *e, int depth);

static const char *json_str(const char *p, const char *e)
{
    if (p >= e || *p != '"')
        return NULL;
    for (p++; p < e; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"')
            return p + 1;
        if (c < 0x20)
            return NULL;
        if (c == '\\') {
            if (++p >= e)
                return NULL;
            if (*p == 'u') {
                for (int k = 0; k < 4; k++) {
                    char h = (++p < e) ? *p : 0;
                    if (!((h >= '0' && h <= '9') || ((h | 0x20) >= 'a' && (h | 0x20) <= 'f')))
                        return NULL;
                }
            } else if (strchr("\"\\/bfnrt", *p) == NULL || *p == '\0') {
                return NULL;
            }
        }
    }
    return NULL;
}

static const char *json_value(const char *p, const char *e, int depth)
{
    p = ws(p, e);
    if (p >= e || depth > 64)
        return NULL;
    if (*p == '"')
        return json_str(p, e);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        int obj = *p == '{';
        p = ws(p + 1, e);
        if (p < e && *p == close)
            return p + 1;
        for (;;) {
            if (obj) {
                p = json_str(ws(p, e), e);
                if (p == NULL)
                    return NULL;
                p = ws(p, e);
                if (p >= e || *p != ':')
                    return NULL;
                p++;
            }
            p = json_value(p, e, depth + 1);
            if (p == NULL)
                return NULL;
            p = ws(p, e);
            if (p < e && *p == ',') {
                p++;
                continue;
            }
            return (p < e && *p == close) ? p + 1 : NULL;
        }
    }
    if (e - p >= 4 && (memcmp(p, "true", 4) == 0 || memcmp(p, "null", 4) == 0))
        return p + 4;
    if (e - p >= 5 && memcmp(p, "false", 5) == 0)
        return p + 5;
    if (*p == '-' || (*p >= '0' && *p <= '9')) {
        const char *q = p + (*p == '-');
        if (q >= e || !(*q >= '0' && *q <= '9'))
            return NULL;
        while (q < e && ((*q >= '0' && *q <= '9') || strchr(".eE+-", *q) != NULL))
            q++;
        return q;
    }
    return NULL;
}

/* ---- running a subcommand on the input ---- */

static int in_fd = -1, out_fd = -1, null_fd = -1;

static int tmpfd(void)
{
    char name[] = "/tmp/curi-fuzz-cli-XXXXXX";
    int fd = mkstemp(name);
    FZ_CHECK(fd >= 0);
    unlink(name);
    return fd;
}

/* Run argv with stdin = data, capture stdout into *out (exact-size block); returns the status. */
static int run(char **argv, int argc, const char *data, size_t n, fz_buf *out)
{
    int save0, save1, save2, status;
    off_t len;

    if (in_fd < 0) {
        in_fd = tmpfd();
        out_fd = tmpfd();
        null_fd = open("/dev/null", O_WRONLY);
        FZ_CHECK(null_fd >= 0);
    }
    FZ_CHECK(ftruncate(in_fd, 0) == 0 && ftruncate(out_fd, 0) == 0);
    FZ_CHECK(n == 0 || pwrite(in_fd, data, n, 0) == (ssize_t)n);
    FZ_CHECK(lseek(in_fd, 0, SEEK_SET) == 0 && lseek(out_fd, 0, SEEK_SET) == 0);
    fflush(NULL);
    save0 = dup(0);
    save1 = dup(1);
    save2 = dup(2);
    dup2(in_fd, 0);
    dup2(out_fd, 1);
    dup2(null_fd, 2);
    status = curi_cli_main(argc, argv);
    fflush(NULL);
    dup2(save0, 0);
    dup2(save1, 1);
    dup2(save2, 2);
    close(save0);
    close(save1);
    close(save2);
    len = lseek(out_fd, 0, SEEK_END);
    FZ_CHECK(len >= 0);
    out->n = (size_t)len;
    out->p = fz_alloc(out->n);
    FZ_CHECK(out->n == 0 || pread(out_fd, out->p, out->n, 0) == (ssize_t)out->n);
    return status;
}

/* What the library says about one line, for the subcommand's exit status. */
static int line_valid(int cmd, const char *s, size_t n)
{
    curi_uri u;
    size_t outlen;
    char *tmp;
    int rc;

    switch (cmd) {
    case 6: /* encode: never fails */
        return 1;
    case 7: /* decode */
        tmp = fz_alloc(n);
        rc = curi_pct_decode(tmp, n, &outlen, s, n, 0, NULL);
        free(tmp);
        return rc == CURI_OK;
    case 5: /* relative: the target must be a URI */
        return curi_parse(&u, s, n, CURI_PARSE_URI, NULL) == CURI_OK;
    default:
        return curi_parse(&u, s, n, 0, NULL) == CURI_OK;
    }
}

/* Check that the output holds exactly `want` JSON objects, one per line. */
static void json_lines(const char *what, const fz_buf *out, size_t want)
{
    size_t got = 0;
    for (const char *s = out->p, *end = out->p + out->n; s < end;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *stop = nl ? nl : end, *after;
        FZ_CHECKF(nl != NULL, "curi %s: output does not end with a newline", what);
        after = json_value(s, stop, 0);
        FZ_CHECKF(after != NULL && ws(after, stop) == stop && *ws(s, stop) == '{',
                  "curi %s: line %zu is not a JSON object: %s", what, got + 1,
                  fz_show(s, (size_t)(stop - s)));
        got++;
        s = nl + 1;
    }
    FZ_CHECKF(got == want, "curi %s: %zu JSON lines, want %zu", what, got, want);
}

/* curi extract [--complete] [--ascii] --json over the whole input, against the library. */
static int extract_case(const uint8_t *data, size_t size)
{
    int complete = (data[0] & 0x20) != 0, ascii = (data[0] & 0x40) != 0;
    char *argv[6];
    int argc = 0, status;
    char *in = fz_dup(data + 1, size - 1);
    curi_extractor x;
    curi_match m;
    size_t want = 0;
    fz_buf out;

    FZ_CHECK(curi_extract_init(&x, (complete ? CURI_EXTRACT_COMPLETE : 0) |
                                       (ascii ? 0 : CURI_EXTRACT_IRI), NULL) == CURI_OK);
    while (fz_extract_next(&x, in, size - 1, 0, &m) == 1)
        want++;
    argv[argc++] = fz_dup("curi", 5);
    argv[argc++] = fz_dup("extract", 8);
    if (complete)
        argv[argc++] = fz_dup("--complete", 11);
    if (ascii)
        argv[argc++] = fz_dup("--ascii", 8);
    argv[argc++] = fz_dup("--json", 7);
    argv[argc] = NULL;
    {
        char *own[6];
        memcpy(own, argv, sizeof own);
        status = run(argv, argc, in, size - 1, &out);
        for (int k = 0; k < argc; k++)
            free(own[k]);
    }
    FZ_CHECKF(status == (want > 0 ? 0 : 1), "curi extract: status %d with %zu URIs", status,
              want);
    json_lines("extract", &out, want);
    fz_free(&out);
    free(in);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* argv of each subcommand; the lines come from standard input. */
    static const char *const cmds[][6] = {
        {"parse", "--json", NULL},
        {"parse", NULL},
        {"get", "--json", "--", "{scheme}|{:path}|{port_number}|{authority}|{zone}", NULL},
        {"normalize", "--json", NULL},
        {"resolve", "--json", "--", "http://a/b/c/d;p?q", NULL},
        {"relative", "--json", "--", "http://a/b/c/d;p?q", NULL},
        {"encode", "--json", "--component", "query", NULL},
        {"decode", "--json", NULL},
        {"set", "--json", "--encode", "fragment=f r", NULL},
        {"explain", NULL},
        {"normalize", "--ipv6", NULL},
        {"get", "--", "{uri}{:query}{default_port}", NULL},
        {"build", "--json", NULL},
        {"build", "--encode", NULL},
        {"check", "--json", "--fail-on", "none", NULL},
        {"check", "--fail-on", "error", NULL},
        {"diff", "--json", NULL},
        {"diff", "--json", "--base", "http://a/b/c", NULL},
    };
    char *argv[10];
    int argc = 0, cmd, json = 0, status, all_valid = 1;
    size_t lines = 0;
    const char *s, *end;
    char *in;
    fz_buf out;

    if (size < 1)
        return 0;
    if (data[0] & 0x10)
        return extract_case(data, size);
    cmd = (data[0] & 0x20) ? 16 + ((data[0] >> 6) & 1) : (data[0] & 15) % 16;
    in = fz_dup(data + 1, size - 1);
    /* Writable copies: the subcommands may reorder argv. */
    argv[argc++] = fz_dup("curi", 5);
    for (int k = 0; cmds[cmd][k] != NULL; k++) {
        if (strcmp(cmds[cmd][k], "--json") == 0)
            json = 1;
        argv[argc++] = fz_dup(cmds[cmd][k], strlen(cmds[cmd][k]) + 1);
    }
    if ((data[0] & 0x80) && strcmp(cmds[cmd][0], "explain") != 0) { /* explain has no --jobs */
        /* Options must come before "--". */
        int at = 2;
        while (at < argc && strcmp(argv[at], "--") != 0)
            at++;
        memmove(argv + at + 2, argv + at, (size_t)(argc - at) * sizeof argv[0]);
        argv[at] = fz_dup("--jobs", 7);
        argv[at + 1] = fz_dup("2", 2);
        argc += 2;
    }
    argv[argc] = NULL;

    /*
     * The lines as stream.c cuts them: each '\n' ends one, a non-empty tail is
     * the last, a '\r' before the '\n' is part of the line end and a byte
     * order mark at the start of the input is dropped.
     */
    for (s = in, end = in + size - 1; s < end;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *stop = nl ? nl : end, *ls = s;
        if (lines == 0 && stop - ls >= 3 && memcmp(ls, "\xEF\xBB\xBF", 3) == 0)
            ls += 3;
        if (nl && stop > ls && stop[-1] == '\r')
            stop--;
        lines++;
        if (!line_valid(cmd, ls, (size_t)(stop - ls)))
            all_valid = 0;
        s = nl ? nl + 1 : end;
    }

    {
        /* Keep the pointers: the subcommand may permute argv[]. */
        char *own[10];
        memcpy(own, argv, sizeof own);
        status = run(argv, argc, in, size - 1, &out);
        for (int k = 0; k < argc; k++)
            free(own[k]);
    }
    if (cmd == 14) /* check --fail-on none: never 1 */
        FZ_CHECKF(status == 0, "curi check --fail-on none: status %d", status);
    else if (cmd == 15) /* check --fail-on error: an invalid line is a syntax-invalid error */
        FZ_CHECKF(status == 1 || (all_valid && status == 0), "curi check: status %d, all valid %d",
                  status, all_valid);
    else if (cmd != 9 && cmd != 12 && cmd != 13 && cmd < 16)
        FZ_CHECKF(status == (all_valid ? 0 : 1), "curi %s: status %d, want %d", cmds[cmd][0],
                  status, all_valid ? 0 : 1);
    else
        FZ_CHECKF(status == 0 || status == 1, "curi %s: status %d", cmds[cmd][0], status);
    if (json)
        json_lines(cmds[cmd][0], &out, lines);
    fz_free(&out);
    free(in);
    return 0;
}
