/*
 * explain.c -- "curi explain": the component diagram of RFC 3986 section 3
 * drawn under a URI reference.
 *
 *     foo://example.com:8042/over/there?name=ferret#nose
 *     \_/   \______________/\_________/ \_________/ \__/
 *      |           |            |            |        |
 *     scheme    authority       path        query   fragment
 *
 * Level one shows scheme, authority, path, query and fragment; when the
 * authority has a userinfo or a port, level two below it shows userinfo, host
 * and port.  Labels are centred under their bars when they fit on one line;
 * otherwise they step down a staircase, the rightmost on the first line, so a
 * bar never crosses a label.  Work is in display columns: bytes shown as \xHH
 * take four.  An input wider than EXPLAIN_WIDE columns is drawn shortened:
 * each stretch between two span boundaries that is longer than
 * 2 * EXPLAIN_KEEP + 3 bytes shows its first and last EXPLAIN_KEEP bytes with
 * "..." between, so the diagram (and the memory it takes) stays small
 * however long the input is.  SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char explain_help[] =
    "Usage: curi explain [--color=WHEN] [--scheme] [--iri] [--strict-3986] [--] [URI...]\n"
    "\n"
    "Draw the RFC 3986 section 3 diagram under each URI reference: scheme,\n"
    "authority, path, query and fragment, then userinfo, host and port when the\n"
    "authority has a userinfo or a port.  An empty component is marked '^' under\n"
    "its delimiter; an empty path is not marked.  With --scheme, a third level\n"
    "shows the parts of the scheme's own (curi parse --scheme) that are not a\n"
    "component above.  An input wider than 4096 columns\n"
    "is drawn shortened: each long stretch shows its first and last 60 bytes with\n"
    "'...' between.  With no URI operands, read one reference per line from\n"
    "standard input; diagrams are separated by a blank line.\n"
    "\n"
    "@OPTIONS@\n";

struct explain_ctx {
    unsigned pflags;
    int color;
    int scheme; /* --scheme: a third level with the scheme's parts */
};

/* One labelled span, in display columns [c0, c1); c1 == c0 marks an empty component. */
struct span {
    size_t c0, c1;
    size_t b0, b1; /* the same in bytes */
    const char *label;
    const char *color; /* ANSI SGR parameters */
    size_t mid;        /* column of the bar */
    size_t at;         /* column where the label starts */
    size_t row;        /* label line */
};

#define MAX_SPANS 5
#define MAX_PARTS CURI_SCHEME_PARTS_MAX /* level three: the scheme's parts (--scheme) */

#define EXPLAIN_WIDE 4096 /* display columns beyond which the input is shortened */
#define EXPLAIN_KEEP 60   /* bytes kept at each end of a shortened stretch */
#define MAX_BOUNDS (3 * (2 * MAX_SPANS + MAX_PARTS) + 2) /* three per span of a level, 0, n */

/*
 * The display of the input: the byte offsets where a span starts or ends
 * (and the byte before an empty span), sorted, with the display column of
 * each; between two boundaries the stretch is shown whole, or cut when the
 * input is wide and the stretch long.
 */
struct display {
    size_t bnd[MAX_BOUNDS], colat[MAX_BOUNDS];
    size_t nb;
    int wide;
};

static size_t width_of(const char *s, size_t n)
{
    return show_col(s, n, n);
}

/* Whether the stretch [x, y) is shown cut. */
static int cut(const struct display *d, size_t x, size_t y)
{
    return d->wide && y - x > 2 * EXPLAIN_KEEP + 3;
}

static void add_bound(struct display *d, size_t b)
{
    size_t i = d->nb;
    for (size_t j = 0; j < d->nb; j++)
        if (d->bnd[j] == b)
            return;
    while (i > 0 && d->bnd[i - 1] > b) {
        d->bnd[i] = d->bnd[i - 1];
        i--;
    }
    d->bnd[i] = b;
    d->nb++;
}

/* Boundaries of every span of every level, then the column of each. */
static void display_init(struct display *d, const char *s, size_t n, struct span *const lv[],
                         const size_t kv[], int nlev)
{
    d->nb = 0;
    add_bound(d, 0);
    add_bound(d, n);
    for (int l = 0; l < nlev; l++) {
        for (size_t i = 0; i < kv[l]; i++) {
            const struct span *p = &lv[l][i];
            add_bound(d, p->b0);
            add_bound(d, p->b1);
            if (p->b0 == p->b1 && p->b0 > 0)
                add_bound(d, p->b0 - 1);
        }
    }
    d->wide = width_of(s, n) > EXPLAIN_WIDE;
    d->colat[0] = 0;
    for (size_t j = 1; j < d->nb; j++) {
        size_t x = d->bnd[j - 1], y = d->bnd[j];
        size_t w = cut(d, x, y) ? width_of(s + x, EXPLAIN_KEEP) + 3 +
                                      width_of(s + y - EXPLAIN_KEEP, EXPLAIN_KEEP)
                                : width_of(s + x, y - x);
        d->colat[j] = d->colat[j - 1] + w;
    }
}

/* The display column of boundary offset b. */
static size_t col_of(const struct display *d, size_t b)
{
    for (size_t j = 0; j < d->nb; j++)
        if (d->bnd[j] == b)
            return d->colat[j];
    return 0; /* not reached: every offset asked for is a boundary */
}

/* Add a span for component v (a view into s) unless it is absent; columns come later. */
static void add_span(struct span *sp, size_t *k, const char *s, curi_str v, const char *label,
                     const char *color)
{
    if (v.ptr == NULL)
        return;
    size_t b = (size_t)(v.ptr - s);
    struct span *p = &sp[(*k)++];
    p->label = label;
    p->color = color;
    p->b0 = b;
    p->b1 = b + v.len;
}

/* The columns of each span, from the display. */
static void place_spans(struct span *sp, size_t k, const struct display *d)
{
    for (size_t i = 0; i < k; i++) {
        struct span *p = &sp[i];
        if (p->b0 == p->b1) {
            /* Empty: mark the delimiter before it ('?', '#', ':', '/'). */
            p->c0 = p->b0 > 0 ? col_of(d, p->b0 - 1) : 0;
            p->c1 = p->c0;
            p->mid = p->c0;
        } else {
            p->c0 = col_of(d, p->b0);
            p->c1 = col_of(d, p->b1);
            p->mid = p->c0 + (p->c1 - p->c0 - 1) / 2;
        }
    }
}

/* Show the stretch [x, y) of s as the display has it: whole, or cut. */
static void show_stretch(struct buf *out, const struct display *d, const char *s, size_t x,
                         size_t y)
{
    if (cut(d, x, y)) {
        show_bytes(out, s + x, EXPLAIN_KEEP);
        buf_put(out, "...", 3);
        show_bytes(out, s + y - EXPLAIN_KEEP, EXPLAIN_KEEP);
    } else {
        show_bytes(out, s + x, y - x);
    }
}

static void color_on(struct buf *out, const struct explain_ctx *ctx, const char *sgr)
{
    if (!ctx->color)
        return;
    buf_put(out, "\033[", 2);
    buf_puts(out, sgr);
    buf_putc(out, 'm');
}

static void color_off(struct buf *out, const struct explain_ctx *ctx)
{
    if (ctx->color)
        buf_put(out, "\033[0m", 4);
}

/* Pad a line with spaces up to column `to` (the line so far has *col columns). */
static void pad(struct buf *out, size_t *col, size_t to)
{
    while (*col < to) {
        buf_putc(out, ' ');
        (*col)++;
    }
}

/*
 * Place the labels.  First try one line, each label centred under its bar,
 * pushed right to keep a blank column after the previous one, but never so
 * far that it no longer starts at or before its bar.  Otherwise use the
 * staircase: from the right, each label starts at its own bar and takes the
 * first line where it overlaps no label and covers no bar passing through.
 * Returns the number of label lines.
 */
static size_t place_labels(struct span *sp, size_t k)
{
    size_t next = 0; /* first free column on the single line */
    int fits = 1;
    for (size_t i = 0; i < k && fits; i++) {
        size_t len = strlen(sp[i].label);
        size_t want = sp[i].mid >= (len - 1) / 2 ? sp[i].mid - (len - 1) / 2 : 0;
        sp[i].at = want > next ? want : next;
        sp[i].row = 0;
        fits = sp[i].at <= sp[i].mid;
        next = sp[i].at + len + 1;
    }
    if (fits)
        return 1;
    size_t rows = 0;
    for (size_t i = k; i-- > 0;) {
        size_t a = sp[i].mid, e = a + strlen(sp[i].label); /* label in [a, e) */
        size_t r = 0;
        for (;; r++) {
            int ok = 1;
            for (size_t j = i + 1; j < k && ok; j++) {
                if (sp[j].row == r && sp[j].at <= e) /* needs a blank column between */
                    ok = 0;
                if (sp[j].row > r && sp[j].mid >= a && sp[j].mid <= e)
                    ok = 0;
            }
            if (ok)
                break;
        }
        sp[i].at = a;
        sp[i].row = r;
        if (r + 1 > rows)
            rows = r + 1;
    }
    return rows;
}

/* Draw one level: the bracket line, the bar line, then the label lines. */
static void draw_level(struct buf *out, const struct explain_ctx *ctx, struct span *sp, size_t k)
{
    if (k == 0)
        return;
    size_t col = 0;
    /* \___/ under each span; '|' for one column, '^' for an empty component. */
    for (size_t i = 0; i < k; i++) {
        size_t w = sp[i].c1 - sp[i].c0;
        pad(out, &col, sp[i].c0);
        color_on(out, ctx, sp[i].color);
        if (w == 0) {
            buf_putc(out, '^');
            col++;
        } else if (w == 1) {
            buf_putc(out, '|');
            col++;
        } else {
            buf_putc(out, '\\');
            for (size_t j = 2; j < w; j++)
                buf_putc(out, '_');
            buf_putc(out, '/');
            col += w;
        }
        color_off(out, ctx);
    }
    buf_putc(out, '\n');

    size_t rows = place_labels(sp, k);
    /* The bar line, then each label line with the bars that pass through it. */
    for (size_t r = 0; r <= rows; r++) {
        col = 0;
        for (size_t i = 0; i < k; i++) {
            int label = r > 0 && sp[i].row == r - 1;
            if (label) {
                pad(out, &col, sp[i].at);
                color_on(out, ctx, sp[i].color);
                buf_puts(out, sp[i].label);
                color_off(out, ctx);
                col += strlen(sp[i].label);
            } else if (r == 0 || sp[i].row > r - 1) {
                pad(out, &col, sp[i].mid);
                color_on(out, ctx, sp[i].color);
                buf_putc(out, '|');
                color_off(out, ctx);
                col++;
            }
        }
        buf_putc(out, '\n');
    }
}

static int explain_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                        struct buf *tmp)
{
    const struct explain_ctx *ctx = vctx;
    curi_uri u;
    curi_error e;
    if (curi_parse(&u, s, n, ctx->pflags, &e) != CURI_OK) {
        diagnose(err, e.code, s, n, e.offset, 1);
        return EXIT_INVALID;
    }
    (void)tmp;
    struct span l1[MAX_SPANS], l2[MAX_SPANS], l3[MAX_PARTS];
    size_t k1 = 0, k2 = 0, k3 = 0;
    curi_scheme_parts sp;
    if (ctx->scheme) {
        const char *rule = NULL;
        if (curi_scheme_parts_get(&sp, &u, 0, &rule, &e) != CURI_OK) {
            diagnose_rule(err, rule, s, n, e.offset);
            return EXIT_INVALID;
        }
    }
    curi_str path = u.path.len > 0 ? u.path : (curi_str){NULL, 0};
    add_span(l1, &k1, s, u.scheme, "scheme", "1;35");
    if (u.host.ptr != NULL)
        add_span(l1, &k1, s, parsed_authority(&u), "authority", "1;33");
    add_span(l1, &k1, s, path, "path", "1;32");
    add_span(l1, &k1, s, u.query, "query", "1;36");
    add_span(l1, &k1, s, u.fragment, "fragment", "1;34");
    if (u.host.ptr != NULL && (u.userinfo.ptr != NULL || u.port.ptr != NULL)) {
        add_span(l2, &k2, s, u.userinfo, "userinfo", "31");
        add_span(l2, &k2, s, u.host, "host", "33");
        add_span(l2, &k2, s, u.port, "port", "35");
    }
    if (ctx->scheme) {
        /* level three: the scheme's parts that are not already a component above */
        for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
            curi_str v = sp.part[i];
            int dup = 0;
            if (v.ptr == NULL)
                continue;
            for (size_t j = 0; j < k1 + k2; j++) {
                const struct span *q = j < k1 ? &l1[j] : &l2[j - k1];
                dup |= q->b0 == (size_t)(v.ptr - s) && q->b1 == q->b0 + v.len;
            }
            if (!dup)
                add_span(l3, &k3, s, v, curi_scheme_part_name(sp.kind, i), "36");
        }
    }
    struct display d;
    struct span *const lv[3] = {l1, l2, l3};
    const size_t kv[3] = {k1, k2, k3};
    display_init(&d, s, n, lv, kv, 3);
    place_spans(l1, k1, &d);
    place_spans(l2, k2, &d);
    place_spans(l3, k3, &d);

    /* The input, stretch by stretch, each level-one component in its colour. */
    buf_putc(out, '\n'); /* separates diagrams; run_lines drops the first one */
    for (size_t j = 1; j < d.nb; j++) {
        size_t x = d.bnd[j - 1], y = d.bnd[j];
        const char *color = NULL;
        for (size_t i = 0; i < k1; i++)
            if (l1[i].b0 <= x && y <= l1[i].b1 && l1[i].b0 < l1[i].b1)
                color = l1[i].color;
        if (color != NULL)
            color_on(out, ctx, color);
        show_stretch(out, &d, s, x, y);
        if (color != NULL)
            color_off(out, ctx);
    }
    buf_putc(out, '\n');
    draw_level(out, ctx, l1, k1);
    draw_level(out, ctx, l2, k2);
    draw_level(out, ctx, l3, k3);
    return EXIT_VALID;
}

/* What explain's options say (parse_args' handler). */
struct explain_args {
    const char *when; /* --color WHEN */
    int scheme;       /* --scheme */
};

static int explain_option(struct common *c, void *vea, int id, char *v)
{
    struct explain_args *ea = vea;
    (void)c;
    if (id == OPT_SCHEME)
        ea->scheme = 1;
    else if (id == OPT_COLOR)
        ea->when = v;
    return 0; /* an operand stays one */
}

int cmd_explain(int argc, char **argv)
{
    struct common c = {.cmd = "explain", .help = explain_help, .jobs = 1};
    struct explain_args ea = {"auto", 0};
    int nops = parse_args(&c, argc, argv, explain_option, &ea);
    const char *when = ea.when;
    int scheme = ea.scheme;
    struct explain_ctx ctx = {c.pflags, 0, scheme};
    if (strcmp(when, "always") == 0) {
        ctx.color = 1;
    } else if (strcmp(when, "auto") == 0) {
        const char *nc = getenv("NO_COLOR");
        ctx.color = isatty(1) && (nc == NULL || nc[0] == '\0');
    } else if (strcmp(when, "never") != 0) {
        usage_error(&c, "--color must be always, never or auto, not", when);
    }
    return run_lines(explain_line, &ctx, argv, nops, &c, RECORDS_BLOCK);
}
