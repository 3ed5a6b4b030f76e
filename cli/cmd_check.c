/*
 * cmd_check.c -- "curi check": the lint rules of curi_lint (../shared/specs/
 * lint-rules.md; curi(1) lists them) over each input, as compiler-style text
 * or as one JSON object per input, with an exit status chosen by --fail-on.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char check_help[] =
    "Usage: curi check [--json] [--iri] [--strict-3986] [-z] [--fail-on LEVEL]\n"
    "                  [--disable RULE,...] [--ports FILE] [--jobs N] [--] [URI...]\n"
    "\n"
    "Run the lint rules over each input (valid or not) and report every finding:\n"
    "a rule, its severity (error, warning or info), a byte span [START, END) of\n"
    "the input and a sentence.  With no URI operands, read one input per line\n"
    "from standard input (with -z, one per NUL-terminated record).\n"
    "\n"
    "@OPTIONS@\n"
    "\n"
    "With --iri an input that is an IRI is linted as its URI (as curi to-uri\n"
    "writes it), and INPUT, START and END are that URI's (--json: \"uri\").\n"
    "\n"
    "Text output: for each finding the line\n"
    "  INPUT:START-END: SEVERITY: MESSAGE [RULE]\n"
    "then the input, indented by two spaces, and a line with ^~~~ under the span\n"
    "(a lone ^ for an empty span).  Control, non-ASCII and '\\' bytes of the input\n"
    "are shown as \\xHH (\\\\); in the message, well-formed UTF-8 is shown as text,\n"
    "but control, bidi and zero-width characters as \\xHH.  INPUT shows at most 100 bytes and\n"
    "a long input is echoed as a window around the span.  A clean input prints\n"
    "nothing.  With -z each input's block ends with NUL instead of its last\n"
    "newline.\n"
    "\n"
    "Exit status: 1 when some input has a finding at or above --fail-on, else 0;\n"
    "2 usage error (also an unknown rule, a bad LEVEL, an unreadable or ill-formed\n"
    "--ports FILE); 3 I/O error.\n";

struct check_ctx {
    curi_lint_options opt;
    curi_lint_port *ports; /* --ports: the table (opt.ports) and the text it points into */
    char *ports_text;
    int json;
    int fail_on; /* the lowest curi_severity that fails, or 0 (none) */
    int iri;     /* --iri: lint each input's URI (RFC 3987 3.1) */
};

/*
 * --iri: the URI of the IRI s[0..n) (DNS hosts through IDNA, as curi to-uri writes it; the
 * percent-encoded form where IDNA is not built in or refuses the host) in a malloc'd *uri,
 * or 0 when s is no IRI-reference (then the input itself is linted, syntax-invalid and all).
 */
static int iri_to_uri(const char *s, size_t n, char **uri, size_t *len)
{
    static const unsigned tries[2] = {CURI_IRI_IDN_DNS, 0};
    for (int i = 0; i < 2; i++) {
        size_t bound = curi_iri_to_uri_bound(n, tries[i]);
        char *d = xmalloc(bound > 0 ? bound : 1);
        if (curi_iri_to_uri(d, bound, len, s, n, tries[i], NULL) == CURI_OK) {
            *uri = d;
            return 1;
        }
        free(d);
    }
    return 0;
}

/* At most this many input bytes name an input in front of a finding. */
#define PREFIX_MAX 100
/*
 * The messages of findings fs[0..nf) of s[0..n) in one curi_lint_messages call (one split of
 * the input for all of them, not one per finding): *msgs (stack first, else malloc'd; free
 * when != stack) and *ends (likewise), message i at [ends[i - 1], ends[i]).
 */
static void finding_messages(char *stack, size_t cap, char **msgs, size_t *ends_stack,
                             size_t ends_cap, size_t **ends, const char *s, size_t n,
                             const curi_lint_options *opt, const curi_finding *fs, size_t nf)
{
    *msgs = stack;
    *ends = nf <= ends_cap ? ends_stack : xmalloc(nf * sizeof **ends);
    if (nf == 0)
        return;
    if (xlint_messages(stack, cap, *ends, s, n, opt, fs, nf) < nf) {
        size_t need = (*ends)[nf - 1];
        *msgs = xmalloc(need);
        (void)xlint_messages(*msgs, need, *ends, s, n, opt, fs, nf);
    }
}

static int check_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                      struct buf *tmp)
{
    const struct check_ctx *ctx = vctx;
    curi_finding small[16];
    curi_finding *fs = small;
    size_t cap = sizeof small / sizeof small[0];
    const char *in = s;
    size_t inlen = n, ulen = 0;
    char *uri = NULL;
    (void)err;
    if (ctx->iri && iri_to_uri(s, n, &uri, &ulen)) {
        s = uri;
        n = ulen;
    }
    size_t nf = xlint(s, n, &ctx->opt, fs, cap);
    if (nf > cap) {
        /* tmp holds the larger array: malloc'd memory, aligned for any type. */
        tmp->len = 0;
        buf_reserve(tmp, nf * sizeof *fs);
        fs = (curi_finding *)(void *)tmp->p;
        cap = nf;
        nf = xlint(s, n, &ctx->opt, fs, cap);
        if (nf > cap)
            nf = cap;
    }
    int status = EXIT_VALID;
    char stack[1024];
    size_t ends_stack[16];
    char *msgs;
    size_t *ends;
    finding_messages(stack, sizeof stack, &msgs, ends_stack, sizeof ends_stack / sizeof *ends_stack,
                     &ends, s, n, &ctx->opt, fs, nf);
    if (ctx->json)
        json_check_open(out, in, inlen, uri != NULL ? s : NULL, n);
    for (size_t i = 0; i < nf; i++) {
        const curi_finding *f = &fs[i];
        if (ctx->fail_on != 0 && f->severity >= ctx->fail_on)
            status = EXIT_INVALID;
        const char *msg = msgs + (i > 0 ? ends[i - 1] : 0);
        size_t mlen = ends[i] - (i > 0 ? ends[i - 1] : 0);
        if (ctx->json) {
            json_finding(out, i == 0, f, msg, mlen);
        } else {
            const char *rule = curi_lint_rule_name(f->rule);
            const char *sev = curi_severity_name(f->severity);
            rule = rule ? rule : "unknown";
            sev = sev ? sev : "unknown";
            show_bytes(out, s, n > PREFIX_MAX ? PREFIX_MAX : n);
            if (n > PREFIX_MAX)
                buf_put(out, "...", 3);
            buf_putc(out, ':');
            buf_putu(out, f->start);
            buf_putc(out, '-');
            buf_putu(out, f->end);
            buf_put(out, ": ", 2);
            buf_puts(out, sev);
            buf_put(out, ": ", 2);
            show_text(out, msg, mlen);
            buf_put(out, " [", 2);
            buf_puts(out, rule);
            buf_put(out, "]\n", 2);
            show_span(out, s, n, f->start, f->end, 1);
        }
    }
    if (msgs != stack)
        free(msgs);
    if (ends != ends_stack)
        free(ends);
    free(uri);
    if (ctx->json) {
        json_check_close(out, 0);
        buf_putc(out, '\n');
    }
    return status;
}

/*
 * ---------------------------------------------------------------------------
 * Options
 * ---------------------------------------------------------------------------
 */

/* --disable RULE,...: set each rule's bit; an unknown or empty name is a usage error. */
static void disable_rules(const struct common *c, curi_lint_options *opt, const char *v)
{
    for (;;) {
        size_t len = strcspn(v, ",");
        int r = curi_lint_rule_from_name(v, len);
        if (r <= 0 || r > CURI_LINT_RULES) {
            struct buf name = {0};
            buf_put(&name, v, len);
            buf_putc(&name, '\0');
            usage_error(c, "--disable: unknown rule", name.p);
        }
        opt->disabled[(r - 1) / 32] |= (uint32_t)1 << ((r - 1) % 32);
        if (v[len] == '\0')
            break;
        v += len + 1;
    }
}

/* "--ports FILE:LINE: WHAT" and the word at fault; exit 2. */
static void ports_error(const struct common *c, const char *file, size_t line, const char *what,
                        const char *word)
{
    struct buf m = {0};
    buf_puts(&m, "--ports ");
    show_bytes(&m, file, strlen(file));
    if (line > 0) {
        buf_putc(&m, ':');
        buf_putu(&m, line);
    }
    buf_put(&m, ": ", 2);
    buf_puts(&m, what);
    buf_putc(&m, '\0');
    usage_error(c, m.p, word);
}

static int is_alpha(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/*
 * --ports FILE: lines "PORT PROTOCOL [SCHEME...]", words separated by spaces
 * or tabs, '#' to the end of the line a comment, blank lines ignored.  PORT
 * is 1 to 65535 (once per file), PROTOCOL any word of visible ASCII, each
 * SCHEME an RFC 3986 scheme name (stored lowercase).  The table replaces the
 * built-in one; the file's text is kept (the entries point into it).
 */
static void read_ports(const struct common *c, struct check_ctx *ctx, const char *file)
{
    FILE *fp = fopen(file, "rb");
    struct buf text = {0};
    if (fp == NULL)
        ports_error(c, file, 0, "cannot open:", strerror(errno));
    for (;;) {
        buf_reserve(&text, 4096);
        size_t got = fread(text.p + text.len, 1, text.cap - text.len, fp);
        text.len += got;
        if (got == 0)
            break;
    }
    if (ferror(fp)) {
        int e = errno;
        fclose(fp);
        ports_error(c, file, 0, "cannot read:", strerror(e));
    }
    fclose(fp);
    if (memchr(text.p, '\0', text.len) != NULL)
        ports_error(c, file, 0, "holds a NUL byte", NULL);
    buf_putc(&text, '\0');

    size_t nlines = 1;
    for (size_t i = 0; i < text.len; i++)
        nlines += text.p[i] == '\n';
    curi_lint_port *ports = xmalloc(nlines * sizeof *ports);
    size_t np = 0;
    unsigned char *seen = xmalloc(65536 / 8);
    memset(seen, 0, 65536 / 8);

    char *p = text.p;
    for (size_t line = 1;; line++) {
        char *eol = strchr(p, '\n');
        char *next = eol ? eol + 1 : p + strlen(p);
        if (eol)
            *eol = '\0';
        char *hash = strchr(p, '#');
        if (hash)
            *hash = '\0';
        /* The words of the line, each NUL-terminated in place. */
        char *w[2] = {NULL, NULL};
        size_t nw = 0;
        char *q = p, *schemes = NULL, *sw = NULL;
        for (;;) {
            while (*q == ' ' || *q == '\t' || *q == '\r')
                q++;
            if (*q == '\0')
                break;
            char *start = q;
            while (*q != '\0' && *q != ' ' && *q != '\t' && *q != '\r') {
                if ((unsigned char)*q < 0x21 || (unsigned char)*q > 0x7E)
                    ports_error(c, file, line, "not a word of visible ASCII:", start);
                q++;
            }
            int last = *q == '\0';
            *q = '\0';
            if (nw < 2) {
                w[nw++] = start;
            } else {
                /* A scheme: checked, lowercased and moved left after the previous one. */
                if (!is_alpha(start[0]))
                    ports_error(c, file, line, "not a scheme name:", start);
                for (char *k = start; *k; k++) {
                    if (!is_alpha(*k) && !(*k >= '0' && *k <= '9') && *k != '+' && *k != '-' &&
                        *k != '.')
                        ports_error(c, file, line, "not a scheme name:", start);
                    if (*k >= 'A' && *k <= 'Z')
                        *k = (char)(*k - 'A' + 'a');
                }
                size_t len = strlen(start);
                if (schemes == NULL) {
                    schemes = sw = start;
                } else {
                    *sw++ = ' ';
                    memmove(sw, start, len);
                }
                sw += len;
                *sw = '\0';
            }
            if (last)
                break;
            q++;
        }
        if (nw == 1)
            ports_error(c, file, line, "a port needs a protocol name:", w[0]);
        if (nw == 2) {
            unsigned long v = 0;
            const char *d = w[0];
            for (; *d >= '0' && *d <= '9' && v <= 65535; d++)
                v = v * 10 + (unsigned long)(*d - '0');
            if (*d != '\0' || v == 0 || v > 65535)
                ports_error(c, file, line, "the port must be a number from 1 to 65535, got", w[0]);
            if (seen[v / 8] & (1u << (v % 8)))
                ports_error(c, file, line, "port listed twice:", w[0]);
            seen[v / 8] |= (unsigned char)(1u << (v % 8));
            ports[np].port = (uint32_t)v;
            ports[np].protocol = w[1];
            ports[np].schemes = schemes != NULL ? schemes : "";
            np++;
        }
        if (eol == NULL)
            break;
        p = next;
    }
    free(seen);
    ctx->opt.ports = ctx->ports = ports;
    ctx->opt.nports = np;
    ctx->ports_text = text.p; /* the entries point into it */
}

static int fail_level(const struct common *c, const char *v)
{
    if (strcmp(v, "error") == 0)
        return CURI_SEVERITY_ERROR;
    if (strcmp(v, "warning") == 0)
        return CURI_SEVERITY_WARNING;
    if (strcmp(v, "info") == 0)
        return CURI_SEVERITY_INFO;
    if (strcmp(v, "none") == 0)
        return 0;
    usage_error(c, "--fail-on needs error, warning, info or none, got", v);
    return 0;
}

/* What curi check's options say (parse_args' handler). */
struct check_args {
    struct check_ctx *ctx;
    const char *ports; /* --ports FILE, read once the options are all known */
};

static int check_option(struct common *c, void *vca, int id, char *v)
{
    struct check_args *ca = vca;
    if (id == OPT_FAIL_ON)
        ca->ctx->fail_on = fail_level(c, v);
    else if (id == OPT_DISABLE)
        disable_rules(c, &ca->ctx->opt, v);
    else if (id == OPT_PORTS)
        ca->ports = v;
    return 0; /* an operand stays one */
}

int cmd_check(int argc, char **argv)
{
    struct common c = {.cmd = "check", .help = check_help, .jobs = 1};
    struct check_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.fail_on = CURI_SEVERITY_WARNING;
    struct check_args ca = {&ctx, NULL};
    int nops = parse_args(&c, argc, argv, check_option, &ca);
    const char *ports = ca.ports;
    if (ports != NULL)
        read_ports(&c, &ctx, ports);
    if (c.pflags & CURI_PARSE_STRICT_3986)
        ctx.opt.flags |= CURI_LINT_STRICT_3986;
    ctx.json = c.json;
    ctx.iri = (c.pflags & CURI_PARSE_IRI) != 0;
    int status = run_lines(check_line, &ctx, argv, nops, &c, 0);
    free(ctx.ports);
    free(ctx.ports_text);
    return status;
}
