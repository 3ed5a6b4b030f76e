/*
 * cli.h -- declarations shared by the files of the curi tool.
 *
 * The tool is the library's first client: it includes only the public header
 * curi.h.  main.c dispatches subcommands and parses options, stream.c feeds
 * input lines through a per-line function (optionally on several threads),
 * text.c formats JSON and diagnostics, and one file per group of subcommands
 * holds the per-line functions.  SPDX-License-Identifier: MIT
 */
#ifndef CURI_CLI_H
#define CURI_CLI_H

#include <stddef.h>
#include <string.h>

#include "buf.h"
#include "curi.h"
#include "json.h"

/* Exit statuses, the same for every subcommand (curi.1, EXIT STATUS). */
enum {
    EXIT_VALID = 0,   /* every input was valid */
    EXIT_INVALID = 1, /* at least one input was invalid; the others were still processed */
    EXIT_USAGE = 2,   /* bad option, missing operand, invalid fixed argument */
    EXIT_IO = 3       /* read or write error, or out of memory */
};

/* common/buf.h: the growable buffer; the tool's growth failure ends it with EXIT_IO. */
void *xmalloc(size_t n);
/* stream.c: the tool's buf_oom_hook: "curi: out of memory", exit with EXIT_IO. */
void buf_oom_exit(void);
/*
 * curi_lint's count of findings (the first cap in out[0..cap)), and curi_lint_messages with
 * *done; the tool passes only options it built, so a refusal (CURI_ERR_INVALID_ARG: a flag
 * this libcuri does not know) ends the program with EXIT_USAGE rather than reading as "no
 * findings".
 */
size_t xlint(const char *s, size_t n, const curi_lint_options *opt, curi_finding *out, size_t cap);
size_t xlint_messages(char *dst, size_t cap, size_t *ends, const char *s, size_t n,
                      const curi_lint_options *opt, const curi_finding *f, size_t nf);

/*
 * The work done for one input: read s[0..n), append the result (if any) to
 * out and any diagnostic to err, return EXIT_VALID or EXIT_INVALID.  tmp is a
 * scratch buffer of the calling thread, reused from input to input.  ctx is
 * the subcommand's read-only state; the function may run on several threads
 * at once, so it must not modify ctx.
 */
typedef int (*line_fn)(const void *ctx, const char *s, size_t n, struct buf *out, struct buf *err,
                       struct buf *tmp);

struct common;

/*
 * Run fn over the operands, then over the lines of each -f FILE, or over the
 * lines of standard input when there are neither, writing the outputs in
 * input order, with the input options of c (--jobs, --binary, --skip-invalid,
 * --accept-space, --max-length, -z; stream.c says what each does), and free
 * c->files.  `records` is RECORDS_BLOCK for commands whose output is
 * multi-line records that begin with a '\n' separator: the very first '\n'
 * written is dropped, and an invalid input writes nothing rather than an
 * empty line; RECORDS_LINES tells -z that every '\n' of the output ends a
 * record.  Returns the exit status.
 */
int run_lines(line_fn fn, const void *ctx, char **ops, int nops, const struct common *c,
              int records);
/* The `records` argument of run_lines: 0 for one line per input, or one of these. */
enum {
    RECORDS_BLOCK = 1, /* multi-line blocks, each after a '\n' separator (parse, explain) */
    RECORDS_LINES = 2  /* several lines per input, every '\n' a line end (set --iterate) */
};

/*
 * Where the input being processed came from: a file (or "-") and a line
 * number, or, with file NULL, the number of a command-line operand (0: a
 * fixed argument, named by the diagnostic itself).  One per thread.
 */
struct where {
    const char *file;
    unsigned long long line;
};
extern _Thread_local struct where cli_where;
/* The command running ("parse"), for hints that name its options; NULL before dispatch. */
extern const char *cli_cmd;

/* Write all of s to fd, ending the program with EXIT_IO on failure. */
void write_all(int fd, const char *s, size_t n);

/* text.c: JSON output (common/json.h has strings, members and the parse and check objects). */
void json_error(struct buf *b, int code, size_t offset, int with_offset);
void json_rule_error(struct buf *out, const char *rule, const char *s, size_t n, size_t offset);
void diagnose_rule(struct buf *err, const char *rule, const char *s, size_t n, size_t offset);
void json_parse_error(struct buf *out, const char *s, size_t n, const curi_error *e);
void json_io(struct buf *out, const char *s, size_t n, const char *o, size_t on);
/* scheme_json.c: ,"parts":{...} of curi parse --scheme --json (null outside the layer). */
void json_scheme_parts(struct buf *out, const curi_scheme_parts *sp, const curi_uri *u,
                       struct buf *tmp);

/* text.c: human-readable output. */
size_t show_col(const char *s, size_t n, size_t off);
void show_bytes(struct buf *b, const char *s, size_t n);
/* show_bytes, but well-formed UTF-8 as text, except C1 controls and bidi, zero-width and
 * line-separator characters (escaped byte by byte as \xHH). */
void show_text(struct buf *b, const char *s, size_t n);
void diagnose_where(struct buf *err);
/* The input as diagnostics show it (a window around offset when long), with a caret under
 * byte offset, or without one when offset is (size_t)-1. */
void show_window(struct buf *err, const char *s, size_t n, size_t offset);
/* "  <input>\n  <spaces>^~~~\n": the escaped input (a window around [start, end) when it is
 * long), and when mark is set, ^~~~ under the span (a lone ^ for an empty one). */
void show_span(struct buf *b, const char *s, size_t n, size_t start, size_t end, int mark);
void diagnose(struct buf *err, int code, const char *s, size_t n, size_t offset, int caret);
/* A local path as it is: '\\' and well-formed UTF-8 unescaped (C:\x, not C:\\x); controls,
 * DEL, bidi and zero-width characters and ill-formed bytes as \xHH, and '\\' as \x5c only
 * before "x" and two hex digits, so \xHH is always an escape. */
void show_path(struct buf *b, const char *s, size_t n);
/* diagnose() with a caret, for an input that is a local path (shown by show_path). */
void diagnose_path(struct buf *err, int code, const char *s, size_t n, size_t offset);
void diagnose_value(struct buf *err, const char *what, int code, const char *s, size_t n,
                    size_t offset);

/*
 * query.c: query pairs as forms write them (split at '&', and ';' with
 * CURI_QUERY_SEMICOLON; '+' decodes to a space), for get and set.
 */
void form_decode(struct buf *b, const char *s, size_t n);
int form_key_equals(const char *s, size_t n, const char *key, size_t klen);
int glob_match(const char *pat, size_t pn, const char *s, size_t n);
/* curi_pct_encode with set, then also every byte of extra as %HH. */
void encode_also(struct buf *b, const char *s, size_t n, curi_charset set, const char *extra);
/* --query-separator C of get and set: CURI_QUERY_SEMICOLON for ';', 0 for '&'. */
struct common;
unsigned query_separator(const struct common *c, const char *v);
/* The decoded values of the pairs whose decoded key is key: the first, or all joined by ' '. */
void query_values(struct buf *out, curi_str query, const char *key, size_t klen, int all,
                  unsigned flags);

enum qedit_kind { QEDIT_TRIM, QEDIT_REPLACE, QEDIT_FORCE_REPLACE, QEDIT_APPEND };
struct qedit {
    enum qedit_kind kind;
    const char *key;  /* TRIM: a glob; REPLACE: a decoded key */
    size_t klen;
    const char *pair; /* REPLACE, APPEND: the pair to write, already encoded */
    size_t plen;
};
enum { QUERY_SAME, QUERY_NEW, QUERY_NONE };
/*
 * Apply the edits in order, then a stable sort by decoded key when sort is set.
 * Returns QUERY_SAME when nothing changed, QUERY_NEW with the new query
 * appended to out, or QUERY_NONE when the last pair was removed.
 */
int query_edit(struct buf *out, curi_str query, const struct qedit *ed, size_t ned, int sort,
               unsigned flags);

/* main.c: option parsing shared by the subcommands. */
struct common {
    const char *cmd;  /* subcommand name, for messages */
    const char *help; /* its --help text */
    int json;         /* --json */
    unsigned pflags;  /* curi_parse flags (--strict-3986) */
    unsigned jobs;    /* --jobs N */
    int dashdash;     /* "--" seen: everything after is an operand */
    /* Input options of the commands that read inputs (run_lines). */
    const char **files; /* -f FILE, --url-file FILE, in order ("-": standard input) */
    int nfiles;
    int binary;       /* --binary: keep a '\r' before '\n' and a leading byte order mark */
    int skip_invalid; /* --skip-invalid: no output at all for an invalid input */
    int accept_space; /* --accept-space: a raw space is read as %20 */
    size_t max_len;   /* --max-length N: longer inputs are refused (default CURI_MAX_LEN) */
    int zero;         /* -z: records end at NUL, in the input and in the output */
    int plain;        /* set by run_lines: none of the options that touch every input */
};

int opt_value(char **argv, int argc, int *i, const char *name, const char **val);
int opt_common(struct common *c, char **argv, int argc, int *i);
void usage_error(const struct common *c, const char *msg, const char *arg);
int is_option(const struct common *c, const char *arg);

/*
 * options.c: the option table.  A row is one option of the commands in cmds
 * (bits CMD_*): its long name, a short alias, the value's name (NULL for a
 * flag; eq: written --name=VALUE), what completes the value (a list of
 * words, or "FILE"), a sample value for tools/check-options.py, and the
 * --help text ('\n' continues on the next line).
 */
enum {
    CMD_PARSE_BIT, CMD_GET_BIT, CMD_SET_BIT, CMD_ENCODE_BIT, CMD_DECODE_BIT, CMD_EXPLAIN_BIT,
    CMD_RESOLVE_BIT, CMD_RELATIVE_BIT, CMD_NORMALIZE_BIT, CMD_EQUAL_BIT, CMD_BUILD_BIT,
    CMD_CHECK_BIT, CMD_EXTRACT_BIT, CMD_FROM_PATH_BIT, CMD_TO_PATH_BIT, CMD_OPEN_BIT,
    CMD_TO_URI_BIT, CMD_TO_IRI_BIT, CMD_HOST_BIT, /* cmd_iri.c */
    CMD_URL_BIT,                                  /* cmd_url.c */
    CMD_DIFF_BIT,                                 /* cmd_diff.c */
    CMD_COUNT
};
#define C_PARSE (1u << CMD_PARSE_BIT)
#define C_GET (1u << CMD_GET_BIT)
#define C_SET (1u << CMD_SET_BIT)
#define C_ENCODE (1u << CMD_ENCODE_BIT)
#define C_DECODE (1u << CMD_DECODE_BIT)
#define C_EXPLAIN (1u << CMD_EXPLAIN_BIT)
#define C_RESOLVE (1u << CMD_RESOLVE_BIT)
#define C_RELATIVE (1u << CMD_RELATIVE_BIT)
#define C_NORMALIZE (1u << CMD_NORMALIZE_BIT)
#define C_EQUAL (1u << CMD_EQUAL_BIT)
#define C_BUILD (1u << CMD_BUILD_BIT)
#define C_CHECK (1u << CMD_CHECK_BIT)
#define C_EXTRACT (1u << CMD_EXTRACT_BIT)
#define C_FROM_PATH (1u << CMD_FROM_PATH_BIT)
#define C_TO_PATH (1u << CMD_TO_PATH_BIT)
#define C_OPEN (1u << CMD_OPEN_BIT)
#define C_TO_URI (1u << CMD_TO_URI_BIT)
#define C_TO_IRI (1u << CMD_TO_IRI_BIT)
#define C_HOST (1u << CMD_HOST_BIT)
#define C_IRI_CMDS (C_TO_URI | C_TO_IRI | C_HOST) /* the line commands of cmd_iri.c */
#define C_URL (1u << CMD_URL_BIT)
#define C_DIFF (1u << CMD_DIFF_BIT)
struct optdef {
    unsigned cmds;
    const char *name, *alias, *arg;
    int eq;
    const char *complete, *sample, *help;
};
extern const struct optdef cli_options[];
extern const size_t cli_noptions;
const char *cmd_name(unsigned bit);
unsigned cmd_bit(const char *name);
int cmd_has_option(const char *cmd, const char *name);
/* The command's help text with its options from the table in place of "@OPTIONS@". */
void help_text(struct buf *b, const char *cmd, const char *help);
/* complete.c: curi completion bash|zsh|list. */
int cmd_completion(int argc, char **argv);

/*
 * The authority of a reference as curi_parse found it, as a view into the parsed text:
 * from the userinfo (or the host) to the end of the port (or the host).  Only for a
 * reference straight from curi_parse, whose views all point into one input; absent
 * without a host.  (After curi_set, use curi_authority, which writes the text.)
 */
static inline curi_str parsed_authority(const curi_uri *u)
{
    curi_str a = {NULL, 0};
    if (u->host.ptr != NULL) {
        const char *from = u->userinfo.ptr != NULL ? u->userinfo.ptr : u->host.ptr;
        const char *to = u->port.ptr != NULL ? u->port.ptr + u->port.len : u->host.ptr + u->host.len;
        a.ptr = from;
        a.len = (size_t)(to - from);
    }
    return a;
}

/* One entry per subcommand; each cmd_* lives in its own file. */
int cmd_parse(int argc, char **argv);
int cmd_get(int argc, char **argv);
int cmd_set(int argc, char **argv);
int cmd_encode(int argc, char **argv);
int cmd_decode(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_resolve(int argc, char **argv);
int cmd_relative(int argc, char **argv);
int cmd_normalize(int argc, char **argv);
int cmd_equal(int argc, char **argv);
int cmd_build(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_extract(int argc, char **argv);
int cmd_from_path(int argc, char **argv); /* cmd_path.c */
int cmd_to_path(int argc, char **argv);
int cmd_open(int argc, char **argv);
int cmd_to_uri(int argc, char **argv); /* cmd_iri.c */
int cmd_to_iri(int argc, char **argv);
int cmd_host(int argc, char **argv);
/* cmd_url.c: the WHATWG URL Standard's parser. */
int cmd_url(int argc, char **argv);
/* cmd_url.c: the members of `curi url --json` after input and base: href, origin, protocol,
 * username, password, host, hostname, port, pathname, search, hash (the URL API's values). */
void json_url_members(struct buf *out, const curi_url *u);
/* cmd_url.c, for url and diff: the options of c and --base (*base, NULL without), every other
 * argument an operand moved to the front of argv: their number. */
int url_args(struct common *c, int argc, char **argv, const char **base);
/* base parsed by curi_url_parse into *b (views into the returned buffer, for free()); an
 * invalid one ends the program with the BASE diagnostic of base_error. */
char *url_base(curi_url *b, const char *base);
/* "curi: BASE: CODE at byte OFFSET ..." and exit with EXIT_USAGE. */
void base_error(int rc, const char *base, size_t offset);
/* cmd_diff.c: RFC 3986 against the WHATWG URL Standard. */
int cmd_diff(int argc, char **argv);
/* cmd_iri.c: diagnose() plus the reason of an IDNA failure (curi_idn_reason); get's
 * {host:ascii} and {host:unicode} of u parsed from s (an error's offset is into s). */
void diagnose_idn(struct buf *err, const char *s, size_t n, const curi_error *e);
int host_idn(struct buf *out, const curi_uri *u, const char *s, int unicode, curi_error *e);

#endif /* CURI_CLI_H */
