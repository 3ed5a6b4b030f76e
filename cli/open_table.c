/*
 * open_table.c -- the handler table of "curi open" (config lines, the built-in rows,
 * $BROWSER and $PAGER) and the argv builder (open.h).
 *
 * The builder parses the URI (RFC 3986 with a scheme), reads its scheme's parts
 * (curi_scheme_parts_get), and then, in this order, refuses: an invalid URI or one that
 * breaks its scheme's grammar; a file: URI naming a remote host; any argument of a
 * candidate row that would start with a '-' the table did not write (option injection) or
 * hold a control byte; a scheme the registry calls dangerous (javascript:, vbscript:, data:,
 * through curi check's scheme-dangerous; unless forced); a curi check
 * finding of severity error (unless forced).  Only then does it pick the first candidate
 * whose program can run.  Candidates are the rows of the URI's scheme (or "*") and session
 * whose placeholders all have a value: a placeholder that is absent or empty in the URI
 * ({port} of telnet://host) makes its row not apply, which is how a row says "only when
 * given".  Every candidate is checked, not only the one that runs, so that a refusal does
 * not depend on which programs happen to be installed.  No shell is involved anywhere: an
 * argument is bytes, never re-read.  SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "open.h"

/* ------------------------------------------------------------------ memory */

/* The tool's convention (cli.h): allocation failure ends the program with status 3. */
static void *must(void *p)
{
    if (p == NULL) {
        fputs("curi: out of memory\n", stderr);
        exit(3);
    }
    return p;
}

/* Text built in common/buf.h's buffer, always NUL-terminated; out of memory ends the
 * program (as must), whoever links this file. */
static void sb_reserve(struct buf *b, size_t n)
{
    if (!buf_reserve(b, n + 1))
        (void)must(NULL);
}

static void sb_put(struct buf *b, const char *s, size_t n)
{
    sb_reserve(b, n);
    if (n)
        memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void sb_puts(struct buf *b, const char *s)
{
    sb_put(b, s, strlen(s));
}

static char *dupn(const char *s, size_t n)
{
    char *d = must(malloc(n + 1));
    if (n)
        memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int eq_nocase(const char *a, size_t an, const char *b, size_t bn)
{
    if (an != bn)
        return 0;
    for (size_t i = 0; i < an; i++)
        if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
            return 0;
    return 1;
}

int open_has_control(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f)
            return 1;
        /* C1 controls in UTF-8: U+0080..U+009F are C2 80..C2 9F (terminals obey some) */
        if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
            (unsigned char)s[i + 1] <= 0x9f)
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ templates */

/* Is name[0..n) a part name of some scheme of the layer (or info's derived node_name)? */
static int known_part(const char *name, size_t n)
{
    if (n == 9 && memcmp(name, "node_name", 9) == 0)
        return 1;
    for (int k = CURI_SK_FTP; k <= CURI_SK_DATA; k++)
        for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
            const char *p = curi_scheme_part_name(k, i);
            if (p != NULL && strlen(p) == n && memcmp(p, name, n) == 0)
                return 1;
        }
    return 0;
}

static int placeholder_ok(const char *s, size_t n)
{
    static const char *const names[] = {"uri", "host", "port", "path", "dir", "user"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strlen(names[k]) == n && memcmp(names[k], s, n) == 0)
            return 1;
    return n > 5 && memcmp(s, "part:", 5) == 0 && known_part(s + 5, n - 5);
}

/* NULL when w[0..n) is a valid ARG template, else why not. */
static const char *template_error(const char *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (w[i] != '{')
            continue;
        if (i + 1 < n && w[i + 1] == '{') {
            i++;
            continue;
        }
        size_t j = i + 1;
        while (j < n && w[j] != '}' && w[j] != '{')
            j++;
        if (j >= n || w[j] != '}')
            return "'{' opens a placeholder that has no '}' (a literal '{' is written '{{')";
        if (!placeholder_ok(w + i + 1, j - i - 1))
            return "unknown placeholder (uri, host, port, path, dir, user or part:NAME "
                   "with NAME a part of curi parse --scheme)";
        i = j;
    }
    return NULL;
}

/* ------------------------------------------------------------------ the table */

static void add_row(struct open_table *t, const char *scheme, size_t sn, unsigned session,
                    char **word, size_t nword, const char *source, const char *note)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 32;
        t->row = must(realloc(t->row, t->cap * sizeof *t->row));
    }
    struct open_row *r = &t->row[t->n++];
    r->scheme = dupn(scheme, sn);
    for (size_t i = 0; i < sn; i++)
        r->scheme[i] = (char)lower((unsigned char)r->scheme[i]);
    r->session = session;
    r->word = word;
    r->nword = nword;
    r->source = dupn(source, strlen(source));
    r->note = note;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The words of s[0..n) separated by blanks, up to a word that starts with '#'. */
static size_t split_words(const char *s, size_t n, const char **w, size_t *wl, size_t max)
{
    size_t k = 0, i = 0;
    while (i < n) {
        while (i < n && is_blank(s[i]))
            i++;
        if (i >= n || s[i] == '#')
            break;
        size_t j = i;
        while (j < n && !is_blank(s[j]))
            j++;
        if (k < max) {
            w[k] = s + i;
            wl[k] = j - i;
        }
        k++;
        i = j;
    }
    return k;
}

static int scheme_ok(const char *s, size_t n)
{
    if (n == 1 && s[0] == '*')
        return 1;
    if (n == 0 || lower((unsigned char)s[0]) < 'a' || lower((unsigned char)s[0]) > 'z')
        return 0;
    for (size_t i = 1; i < n; i++) {
        int c = lower((unsigned char)s[i]);
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '-' ||
              c == '.'))
            return 0;
    }
    return 1;
}

enum { MAX_WORDS = 64 };

int open_table_add_line(struct open_table *t, const char *line, size_t n, const char *source,
                        const char **why)
{
    const char *w[MAX_WORDS];
    size_t wl[MAX_WORDS];
    /* a tab separates words like a space; any other control byte makes the line bad */
    for (size_t i = 0; i < n; i++)
        if (line[i] != '\t' && open_has_control(line + i, n - i < 2 ? n - i : 2) &&
            ((unsigned char)line[i] < 0x20 || line[i] == 0x7f || (unsigned char)line[i] == 0xc2)) {
            *why = "a control byte in the line";
            return -1;
        }
    size_t k = split_words(line, n, w, wl, MAX_WORDS);
    if (k == 0)
        return 0;
    if (k > MAX_WORDS) {
        *why = "more than 64 words";
        return -1;
    }
    if (k < 3) {
        *why = "a line is SCHEME SESSION PROGRAM [ARG...]";
        return -1;
    }
    if (!scheme_ok(w[0], wl[0])) {
        *why = "SCHEME must be a scheme name (a letter, then letters, digits, '+', '-', '.') or '*'";
        return -1;
    }
    unsigned session;
    if (wl[1] == 4 && memcmp(w[1], "text", 4) == 0)
        session = OPEN_TEXT;
    else if (wl[1] == 9 && memcmp(w[1], "graphical", 9) == 0)
        session = OPEN_GRAPHICAL;
    else if (wl[1] == 3 && memcmp(w[1], "any", 3) == 0)
        session = OPEN_ANY;
    else {
        *why = "SESSION must be text, graphical or any";
        return -1;
    }
    if (memchr(w[2], '{', wl[2]) != NULL || w[2][0] == '-') {
        *why = "PROGRAM must be a name or a path, without placeholders and not starting with '-'";
        return -1;
    }
    for (size_t i = 3; i < k; i++) {
        const char *e = template_error(w[i], wl[i]);
        if (e != NULL) {
            *why = e;
            return -1;
        }
    }
    char **word = must(malloc((k - 1) * sizeof *word));
    for (size_t i = 2; i < k; i++)
        word[i - 2] = dupn(w[i], wl[i]);
    add_row(t, w[0], wl[0], session, word, k - 2, source, NULL);
    return 1;
}

/* A row of the built-in table from its words written with single spaces. */
static void add_builtin(struct open_table *t, const char *scheme, unsigned session,
                        const char *words, const char *note)
{
    const char *w[MAX_WORDS];
    size_t wl[MAX_WORDS];
    size_t k = split_words(words, strlen(words), w, wl, MAX_WORDS);
    char **word = must(malloc(k * sizeof *word));
    for (size_t i = 0; i < k; i++)
        word[i] = dupn(w[i], wl[i]);
    add_row(t, scheme, strlen(scheme), session, word, k, "built-in", note);
}

/*
 * A command from the environment ($BROWSER's entries, $PAGER): its blank-separated words,
 * the first the program and the others literal arguments ("{" written "{{"), where in
 * $BROWSER "%s" stands for the URI and "%%" for '%'; tail (a placeholder) is appended when
 * no word held "%s".  Returns 0 (nothing added) for an entry without words or whose program
 * holds "%s".
 */
static int add_env_command(struct open_table *t, const char *scheme, unsigned session,
                           const char *s, size_t n, int percent, const char *tail,
                           const char *note)
{
    const char *w[MAX_WORDS];
    size_t wl[MAX_WORDS];
    size_t k = split_words(s, n, w, wl, MAX_WORDS - 1);
    int used = 0;
    if (k == 0 || k >= MAX_WORDS || (percent && memchr(w[0], '%', wl[0]) != NULL))
        return 0;
    if (memchr(w[0], '{', wl[0]) != NULL || w[0][0] == '-')
        return 0;
    char **word = must(malloc((k + 1) * sizeof *word));
    word[0] = dupn(w[0], wl[0]);
    for (size_t i = 1; i < k; i++) {
        struct buf b = {0};
        sb_put(&b, "", 0);
        for (size_t j = 0; j < wl[i]; j++) {
            char c = w[i][j];
            if (percent && c == '%' && j + 1 < wl[i] && w[i][j + 1] == 's') {
                sb_puts(&b, "{uri}");
                used = 1;
                j++;
            } else if (percent && c == '%' && j + 1 < wl[i] && w[i][j + 1] == '%') {
                sb_put(&b, "%", 1);
                j++;
            } else if (c == '{') {
                sb_put(&b, "{{", 2);
            } else {
                sb_put(&b, &c, 1);
            }
        }
        word[i] = b.p;
    }
    if (!used)
        word[k++] = dupn(tail, strlen(tail));
    add_row(t, scheme, strlen(scheme), session, word, k, "built-in", note);
    return 1;
}

static const char *const web_schemes[] = {"http", "https", "ftp", "gopher"};

void open_table_builtin(struct open_table *t, const char *browser, const char *pager)
{
    static const struct {
        const char *scheme;
        unsigned session;
        const char *words;
    } rows[] = {
        {"man", OPEN_GRAPHICAL, "yelp {uri}"},
        {"man", OPEN_ANY, "man {part:section} {part:name}"},
        {"man", OPEN_ANY, "man {part:name}"},
        {"info", OPEN_GRAPHICAL, "yelp {uri}"},
        {"info", OPEN_ANY, "info ({part:file}){part:node_name}"},
        {"whatis", OPEN_ANY, "whatis {part:string}"},
        {"ghelp", OPEN_GRAPHICAL, "yelp {uri}"},
        {"telnet", OPEN_ANY, "telnet -l {user} {host} {port}"},
        {"telnet", OPEN_ANY, "telnet -l {user} {host}"},
        {"telnet", OPEN_ANY, "telnet {host} {port}"},
        {"telnet", OPEN_ANY, "telnet {host}"},
        {"", 0, NULL}, /* the web schemes: $BROWSER, then these four */
        {"", OPEN_TEXT, "w3m {uri}"},
        {"", OPEN_TEXT, "lynx {uri}"},
        {"", OPEN_TEXT, "elinks {uri}"},
        {"", OPEN_GRAPHICAL, "xdg-open {uri}"},
        {"mailto", OPEN_GRAPHICAL, "xdg-email {uri}"},
        {"mailto", OPEN_TEXT, "mutt {uri}"},
        {"mailto", OPEN_TEXT, "neomutt {uri}"},
        {"file", OPEN_GRAPHICAL, "xdg-open {path}"},
        {"file", OPEN_TEXT, "ls -l -- {dir}"},
        {"file", OPEN_TEXT, NULL}, /* $PAGER (default less) {path} */
        {"*", OPEN_GRAPHICAL, "xdg-open {uri}"},
    };
    size_t nrows = sizeof rows / sizeof rows[0];
    for (size_t k = 0; k < nrows; k++) {
        if (rows[k].scheme[0] != '\0' && rows[k].words != NULL) {
            add_builtin(t, rows[k].scheme, rows[k].session, rows[k].words, NULL);
        } else if (rows[k].scheme[0] != '\0') {
            if (pager != NULL && pager[0] != '\0' &&
                add_env_command(t, "file", OPEN_TEXT, pager, strlen(pager), 0, "{path}", "$PAGER"))
                continue;
            add_builtin(t, "file", OPEN_TEXT, "less {path}", NULL);
        } else if (rows[k].words == NULL) {
            /* the web schemes: one group of rows per scheme, $BROWSER's entries first */
            size_t last = k + 1;
            while (last < nrows && rows[last].scheme[0] == '\0')
                last++;
            for (size_t s = 0; s < sizeof web_schemes / sizeof web_schemes[0]; s++) {
                const char *b = browser != NULL ? browser : "";
                while (*b != '\0') {
                    const char *e = strchr(b, ':');
                    size_t len = e != NULL ? (size_t)(e - b) : strlen(b);
                    add_env_command(t, web_schemes[s], OPEN_ANY, b, len, 1, "{uri}", "$BROWSER");
                    b += len + (e != NULL);
                }
                for (size_t j = k + 1; j < last; j++)
                    add_builtin(t, web_schemes[s], rows[j].session, rows[j].words, NULL);
            }
            k = last - 1;
        }
    }
}

void open_table_free(struct open_table *t)
{
    for (size_t i = 0; i < t->n; i++) {
        for (size_t j = 0; j < t->row[i].nword; j++)
            free(t->row[i].word[j]);
        free(t->row[i].word);
        free(t->row[i].scheme);
        free(t->row[i].source);
    }
    free(t->row);
    t->row = NULL;
    t->n = t->cap = 0;
}

/* ------------------------------------------------------------------ the builder */

/* What the placeholders read: the parsed URI, its parts, its local path. */
struct values {
    const char *uri;
    size_t len;
    curi_uri u;
    curi_scheme_parts sp;
    char *path; /* file: the decoded local path; else NULL */
    size_t pathlen;
    int is_dir; /* -1: not asked yet */
    const struct open_env *env;
};

/* Append v percent-decoded (v is from a valid reference: its triplets decode). */
static void put_decoded(struct buf *b, curi_str v)
{
    size_t outlen = 0;
    sb_reserve(b, v.len); /* decoding never lengthens */
    if (curi_pct_decode(b->p + b->len, v.len, &outlen, v.ptr, v.len, 0, NULL) == CURI_OK)
        b->len += outlen;
    b->p[b->len] = '\0';
}

/* Append the value of placeholder name[0..n); 0 when it is absent or empty. */
static int put_value(struct buf *b, struct values *v, const char *name, size_t n)
{
    size_t before = b->len;
    curi_str s = {NULL, 0};
    int dec = 0;
    if (n == 3 && memcmp(name, "uri", 3) == 0) {
        s.ptr = v->uri;
        s.len = v->len;
    } else if (n == 4 && memcmp(name, "host", 4) == 0) {
        s = v->u.host;
        if (v->u.host_type == CURI_HOST_IPV6 && s.len >= 2) {
            s.ptr++; /* without its brackets, the zone's "%25" decoded to '%' */
            s.len -= 2;
        }
        dec = v->u.host_type != CURI_HOST_IPVFUTURE;
    } else if (n == 4 && memcmp(name, "port", 4) == 0) {
        s = v->u.port;
    } else if (n == 4 && memcmp(name, "user", 4) == 0) {
        if (v->u.userinfo.ptr != NULL)
            curi_split_at(v->u.userinfo, ':', &s, NULL);
        dec = 1;
    } else if (n == 4 && memcmp(name, "path", 4) == 0) {
        s.ptr = v->path;
        s.len = v->pathlen;
    } else if (n == 3 && memcmp(name, "dir", 3) == 0) {
        if (v->path != NULL && v->is_dir < 0)
            v->is_dir = v->env->is_dir != NULL && v->env->is_dir(v->env->ctx, v->path);
        if (v->path != NULL && v->is_dir > 0) {
            s.ptr = v->path;
            s.len = v->pathlen;
        }
    } else if (n > 5 && memcmp(name, "part:", 5) == 0) {
        const char *p = name + 5;
        size_t pn = n - 5;
        if (v->sp.kind == CURI_SK_INFO && pn == 9 && memcmp(p, "node_name", 9) == 0) {
            /* the node's name: "Top" when absent, '_' read as ' ' in the GNOME form */
            curi_str node = v->sp.part[1];
            if (node.ptr == NULL || node.len == 0) {
                sb_puts(b, "Top");
                return 1;
            }
            put_decoded(b, node);
            if (v->sp.form == CURI_INFO_GNOME)
                for (size_t i = before; i < b->len; i++)
                    if (b->p[i] == '_')
                        b->p[i] = ' ';
            return b->len > before;
        }
        for (int i = 0; i < CURI_SCHEME_PARTS_MAX; i++) {
            const char *pname = curi_scheme_part_name(v->sp.kind, i);
            if (pname != NULL && strlen(pname) == pn && memcmp(pname, p, pn) == 0) {
                s = v->sp.part[i];
                dec = (curi_scheme_part_type(v->sp.kind, i) & CURI_SPT_DECODE) != 0;
                break;
            }
        }
    }
    if (s.ptr == NULL || s.len == 0)
        return 0;
    if (dec)
        put_decoded(b, s);
    else
        sb_put(b, s.ptr, s.len);
    return b->len > before;
}

/* Expand template w into b; 0 when a placeholder has no value (the row does not apply). */
static int expand(struct buf *b, struct values *v, const char *w)
{
    b->len = 0;
    sb_put(b, "", 0);
    for (size_t i = 0; w[i] != '\0'; i++) {
        if (w[i] != '{') {
            sb_put(b, w + i, 1);
        } else if (w[i + 1] == '{') {
            sb_put(b, "{", 1);
            i++;
        } else {
            const char *end = strchr(w + i, '}');
            if (end == NULL || !put_value(b, v, w + i + 1, (size_t)(end - w - i - 1)))
                return 0;
            i = (size_t)(end - w);
        }
    }
    return 1;
}

static void set_error(struct open_result *r, int status, const char *name, struct buf *msg)
{
    r->status = status;
    r->error = name;
    r->message = msg->p;
    r->message_len = msg->len;
    msg->p = NULL;
}

static const char *session_name(unsigned s)
{
    return s == OPEN_GRAPHICAL ? "graphical" : "text";
}

/* Quote an argument for a message: 'ARG' (the bytes raw; the caller escapes for a terminal). */
static void put_quoted(struct buf *m, const char *s, size_t n)
{
    sb_put(m, "'", 1);
    sb_put(m, s, n);
    sb_put(m, "'", 1);
}

/* The rows of this URI's scheme and session, in table order. */
static int row_matches(const struct open_row *row, const struct values *v)
{
    if (!(row->session & v->env->session))
        return 0;
    return (row->scheme[0] == '*' && row->scheme[1] == '\0') ||
           eq_nocase(row->scheme, strlen(row->scheme), v->u.scheme.ptr, v->u.scheme.len);
}

static void add_warning(struct open_result *r, const char *level, const char *msg, size_t n,
                        const char *rule)
{
    struct buf w = {0};
    sb_puts(&w, level);
    sb_put(&w, msg, n);
    sb_puts(&w, " [");
    sb_puts(&w, rule);
    sb_puts(&w, "]");
    /* a rule found at several places (each %2F of a path) says the same sentence: once */
    for (size_t i = 0; i < r->nwarning; i++)
        if (strcmp(r->warning[i], w.p) == 0) {
            free(w.p);
            return;
        }
    r->warning = must(realloc(r->warning, (r->nwarning + 1) * sizeof *r->warning));
    r->warning[r->nwarning++] = w.p;
}

/* At most this many findings of curi check become warnings; the rest are counted. */
#define OPEN_MAX_WARNINGS 1000

/*
 * curi check over the URI: errors refuse it (unless forced: then they are reported like
 * the warnings).  The messages come from one curi_lint_messages call: one split of the URI
 * for all findings (a URI of %41 triplets has one finding per three bytes).  Returns 1
 * when refused.
 */
static int check_lint(struct open_result *r, const char *uri, size_t len, int force)
{
    /* curi_lint with its defaults cannot refuse a URI; the counts are 0 if it did */
    size_t nf = 0, got = 0;
    (void)curi_lint(uri, len, NULL, NULL, 0, &nf, NULL);
    if (nf == 0)
        return 0;
    curi_finding *f = must(malloc(nf * sizeof *f));
    (void)curi_lint(uri, len, NULL, f, nf, &got, NULL);
    nf = got < nf ? got : nf;
    if (nf == 0) {
        free(f);
        return 0;
    }
    size_t *ends = must(malloc(nf * sizeof *ends));
    (void)curi_lint_messages(NULL, 0, ends, uri, len, NULL, f, nf, NULL, NULL);
    char *msgs = must(malloc(ends[nf - 1] + 1));
    (void)curi_lint_messages(msgs, ends[nf - 1], ends, uri, len, NULL, f, nf, NULL, NULL);
#define MSG_AT(i) (msgs + ((i) > 0 ? ends[(i) - 1] : 0))
#define MSG_LEN(i) (ends[i] - ((i) > 0 ? ends[(i) - 1] : 0))
    int refused = 0;
    size_t shown = 0, more = 0;
    /* The findings that refuse by themselves, in this order wherever they sort: a scheme
     * the registry calls dangerous, then a mailto hfield a handler should not set (RFC 6068
     * 6: xdg-email turns attach=/etc/shadow into an attachment, CVE-2020-27748). */
    static const struct {
        int rule;
        const char *error;
    } refusing[] = {{CURI_LINT_SCHEME_DANGEROUS, "refused-scheme"},
                    {CURI_LINT_MAILTO_DANGEROUS_HEADER, "mailto-header"}};
    for (size_t k = 0; k < sizeof refusing / sizeof refusing[0] && !force && !refused; k++)
        for (size_t i = 0; i < nf && !refused; i++)
            if (f[i].rule == refusing[k].rule) {
                struct buf m = {0};
                sb_puts(&m, "refused: ");
                sb_put(&m, MSG_AT(i), MSG_LEN(i));
                sb_puts(&m, " (--force opens it)");
                set_error(r, OPEN_REFUSED, refusing[k].error, &m);
                refused = 1;
            }
    for (size_t i = 0; i < nf && !refused; i++) {
        if (f[i].severity < CURI_SEVERITY_WARNING)
            continue;
        const char *rule = curi_lint_rule_name(f[i].rule);
        if (f[i].severity == CURI_SEVERITY_ERROR && !force) {
            struct buf m = {0};
            sb_puts(&m, "refused: curi check finds an error: ");
            sb_put(&m, MSG_AT(i), MSG_LEN(i));
            sb_puts(&m, " [");
            sb_puts(&m, rule != NULL ? rule : "?");
            sb_puts(&m, "] (--force opens it)");
            set_error(r, OPEN_REFUSED, "check-error", &m);
            refused = 1;
        } else if (shown < OPEN_MAX_WARNINGS) {
            add_warning(r, f[i].severity == CURI_SEVERITY_ERROR ? "error (forced): " : "warning: ",
                        MSG_AT(i), MSG_LEN(i), rule != NULL ? rule : "?");
            shown++;
        } else {
            more++;
        }
    }
#undef MSG_AT
#undef MSG_LEN
    if (!refused && more > 0) {
        char n[32];
        int k = snprintf(n, sizeof n, "%zu more findings not shown", more);
        add_warning(r, "warning: ", n, k > 0 ? (size_t)k : 0, "curi check");
    }
    free(msgs);
    free(ends);
    free(f);
    return refused;
}

/* The checks of one candidate's arguments; 1 when refused. */
static int check_args(struct open_result *r, const struct open_row *row, char **arg,
                      const size_t *alen)
{
    for (size_t i = 0; i < row->nword; i++) {
        struct buf m = {0};
        if (i > 0 && arg[i][0] == '-' && row->word[i][0] != '-') {
            sb_puts(&m, "refused: the argument ");
            put_quoted(&m, arg[i], alen[i]);
            sb_puts(&m, " would start with '-' (option injection into ");
            sb_puts(&m, row->word[0]);
            sb_puts(&m, ")");
            set_error(r, OPEN_REFUSED, "option-injection", &m);
            return 1;
        }
        if (open_has_control(arg[i], alen[i])) {
            sb_puts(&m, "refused: an argument for ");
            sb_puts(&m, row->word[0]);
            sb_puts(&m, " would hold a control byte or NUL: ");
            put_quoted(&m, arg[i], alen[i]);
            set_error(r, OPEN_REFUSED, "control-byte", &m);
            return 1;
        }
    }
    return 0;
}

/* The file: rules: a remote host is refused; the local path is what {path} reads. */
static int file_path(struct open_result *r, struct values *v)
{
    if (v->sp.form == CURI_FILE_HOST_NAMED) {
        struct buf h = {0};
        put_decoded(&h, v->u.host);
        int local = eq_nocase(h.p, h.len, "localhost", 9);
        if (!local) {
            struct buf m = {0};
            sb_puts(&m, "refused: a file: URI with the remote host ");
            put_quoted(&m, v->u.host.ptr, v->u.host.len);
            sb_puts(&m, " (only an empty host or localhost names a file here)");
            set_error(r, OPEN_REFUSED, "remote-file", &m);
        }
        free(h.p);
        if (!local)
            return 1;
    }
    size_t n = 0;
    curi_error e;
    v->path = must(malloc(curi_uri_to_path_bound(v->len) + 1));
    int rc = curi_uri_to_path(v->path, curi_uri_to_path_bound(v->len), &n, v->uri, v->len, 0, &e);
    if (rc != CURI_OK) {
        struct buf m = {0};
        sb_puts(&m, "not a local file: ");
        sb_puts(&m, curi_strerror(rc));
        set_error(r, OPEN_REFUSED, rc == CURI_ERR_PATH_HOST ? "remote-file" : "invalid", &m);
        return 1;
    }
    /* The dot-removed path (RFC 3986 5.2.4), the file curi normalize names: a kernel resolves
     * "/d/link/../passwd" through the symbolic link, and opens another file than
     * file:///d/passwd.  The decoded path is the normalized URI's (%2E is decoded there
     * too, and an encoded '/' was refused above). */
    n = curi_remove_dot_segments(v->path, n);
    v->path[n] = '\0';
    v->pathlen = n;
    return 0;
}

/* Step 1 of open_build: a URI (with a scheme) that keeps its scheme's own grammar, parsed
 * into v; 0 with r refused ("invalid") otherwise. */
static int open_parse(struct open_result *r, struct values *v)
{
    curi_error e;
    const char *rule = NULL;
    struct buf m = {0};
    char num[32];
    int rc = curi_parse(&v->u, v->uri, v->len, CURI_PARSE_URI, &e);
    if (rc != CURI_OK) {
        sb_puts(&m, "not a URI: ");
        sb_puts(&m, curi_strerror(rc));
    } else if (curi_scheme_parts_get(&v->sp, &v->u, 0, &rule, &e) != CURI_OK) {
        const char *why = rule != NULL ? curi_scheme_rule_message(rule) : NULL;
        sb_puts(&m, "breaks its scheme's grammar: ");
        sb_puts(&m, why != NULL ? why : "?");
    } else {
        return 1;
    }
    snprintf(num, sizeof num, " (byte %zu)", e.offset);
    sb_puts(&m, num);
    set_error(r, OPEN_REFUSED, "invalid", &m);
    return 0;
}

/* The rows that match a URI, each with its argv expanded (open_build's candidates). */
struct candidates {
    const struct open_row **row;
    char ***argv;
    size_t n;
};

/* Row's argv for v in *argv, with each word's length in alen (room for row->nword);
 * 0 when a word does not apply (a value the URI lacks). */
static int expand_row(char ***argv, size_t *alen, const struct open_row *row, struct values *v)
{
    char **a = must(calloc(row->nword + 1, sizeof *a));
    int applies = 1;
    a[0] = dupn(row->word[0], strlen(row->word[0]));
    alen[0] = strlen(a[0]);
    for (size_t i = 1; i < row->nword && applies; i++) {
        struct buf b = {0};
        applies = expand(&b, v, row->word[i]);
        a[i] = b.p;
        alen[i] = b.len;
    }
    *argv = a;
    return applies;
}

/* Free the argument vector of row (nword words, some maybe NULL). */
static void free_argv(char **a, const struct open_row *row)
{
    for (size_t i = 0; i < row->nword; i++)
        free(a[i]);
    free(a);
}

/* Step 3 of open_build: every matching row's arguments, checked (no injected option, no
 * control byte) into c.  1 when a row's arguments refuse the URI (r says why). */
static int open_candidates(struct open_result *r, struct candidates *c, struct values *v,
                           const struct open_table *t)
{
    size_t *alen = NULL, maxw = 0;
    int refused = 0;
    c->row = must(malloc((t->n + 1) * sizeof *c->row));
    c->argv = must(malloc((t->n + 1) * sizeof *c->argv));
    c->n = 0;
    for (size_t k = 0; k < t->n && !refused; k++) {
        const struct open_row *row = &t->row[k];
        char **a;
        if (!row_matches(row, v))
            continue;
        if (row->nword > maxw) {
            maxw = row->nword;
            alen = must(realloc(alen, maxw * sizeof *alen));
        }
        int applies = expand_row(&a, alen, row, v);
        if (applies && check_args(r, row, a, alen))
            refused = 1;
        if (!applies || refused) {
            free_argv(a, row);
            continue;
        }
        c->row[c->n] = row;
        c->argv[c->n++] = a;
    }
    free(alen);
    return refused;
}

/* Step 5 of open_build: the first candidate whose program can run becomes r->argv; every
 * candidate goes to r->cand (for --dry-run), which owns their argv from then on.  Returns
 * the index picked, c->n when none can run. */
static size_t open_pick(struct open_result *r, const struct candidates *c,
                        const struct open_env *env)
{
    size_t pick = c->n;
    for (size_t k = 0; k < c->n && pick == c->n; k++)
        if (env->have != NULL && env->have(env->ctx, c->row[k]->word[0]))
            pick = k;
    if (c->n > 0) {
        r->cand = must(malloc(c->n * sizeof *r->cand));
        r->ncand = c->n;
        for (size_t k = 0; k < c->n; k++) {
            r->cand[k].argv = c->argv[k];
            r->cand[k].argc = c->row[k]->nword;
            r->cand[k].row = c->row[k];
            r->cand[k].installed = k == pick || (k > pick && env->have != NULL &&
                                                 env->have(env->ctx, c->row[k]->word[0]));
        }
    }
    if (pick < c->n) {
        r->status = OPEN_OK;
        r->argv = c->argv[pick];
        r->argc = c->row[pick]->nword;
        r->row = c->row[pick];
    }
    return pick;
}

/* The no-handler refusal: which programs would do ("install a, b or c"), or configure one. */
static void no_handler(struct open_result *r, const struct candidates *c, const struct values *v,
                       const struct open_env *env)
{
    struct buf m = {0};
    sb_puts(&m, "no handler for ");
    sb_put(&m, v->u.scheme.ptr, v->u.scheme.len);
    sb_puts(&m, ": URIs in a ");
    sb_puts(&m, session_name(env->session));
    sb_puts(&m, " session: ");
    if (c->n > 0) {
        /* the programs of the candidates, each once: "install a, b or c" */
        size_t named = 0, total = 0;
        for (size_t k = 0; k < c->n; k++) {
            size_t j = 0;
            while (j < k && strcmp(c->row[j]->word[0], c->row[k]->word[0]) != 0)
                j++;
            total += j == k;
        }
        sb_puts(&m, "install ");
        for (size_t k = 0; k < c->n; k++) {
            size_t j = 0;
            while (j < k && strcmp(c->row[j]->word[0], c->row[k]->word[0]) != 0)
                j++;
            if (j < k)
                continue; /* named already */
            if (named > 0)
                sb_puts(&m, named + 1 == total ? " or " : ", ");
            sb_puts(&m, c->row[k]->word[0]);
            named++;
        }
        sb_puts(&m, ", or configure");
    } else {
        sb_puts(&m, "configure");
    }
    sb_puts(&m, " a handler in open.conf (curi(1), curi open)");
    set_error(r, OPEN_NO_HANDLER, "no-handler", &m);
}

void open_build(struct open_result *r, const char *uri, size_t len, const struct open_table *t,
                const struct open_env *env)
{
    struct values v;
    struct candidates c;
    memset(r, 0, sizeof *r);
    memset(&v, 0, sizeof v);
    v.uri = uri;
    v.len = len;
    v.env = env;
    v.is_dir = -1;

    /* 1. a URI (with a scheme) that keeps its scheme's own grammar */
    if (!open_parse(r, &v))
        return;
    /* 2. file: a local path, never a remote host */
    if (v.sp.kind == CURI_SK_FILE && file_path(r, &v)) {
        free(v.path);
        return;
    }
    /* 3. every candidate's arguments: no injected option, no control byte */
    int refused = open_candidates(r, &c, &v, t);
    /* 4. the schemes the registry calls dangerous (curi check's scheme-dangerous), and curi
     * check's errors (both give way to --force) */
    if (!refused)
        refused = check_lint(r, uri, len, env->force);
    /* 5. the first candidate whose program can run; r->cand owns the candidates' argv */
    if (!refused && open_pick(r, &c, env) == c.n)
        no_handler(r, &c, &v, env);
    if (refused)
        for (size_t k = 0; k < c.n; k++)
            free_argv(c.argv[k], c.row[k]);
    free(c.row);
    free(c.argv);
    free(v.path);
}

void open_result_free(struct open_result *r)
{
    /* the candidates own every argv, the picked one included */
    for (size_t k = 0; k < r->ncand; k++) {
        for (size_t i = 0; i < r->cand[k].argc; i++)
            free(r->cand[k].argv[i]);
        free(r->cand[k].argv);
    }
    if (r->cand == NULL) {
        for (size_t i = 0; r->argv != NULL && i < r->argc; i++)
            free(r->argv[i]);
        free(r->argv);
    }
    free(r->cand);
    for (size_t i = 0; i < r->nwarning; i++)
        free(r->warning[i]);
    free(r->warning);
    free(r->message);
    memset(r, 0, sizeof *r);
}
