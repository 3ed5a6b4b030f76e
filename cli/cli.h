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
    /*
     * With --jobs a chunk's lines are numbered from its start (line is 1 for its first line),
     * because the lines of the chunks before it are counted by other threads, maybe not yet.
     * Then marks is set: diagnose_where writes no number into err but appends a struct
     * line_mark to marks, and the thread that writes the chunk puts the true numbers in.
     * NULL while line is the true number.
     */
    struct buf *marks;
    const struct buf *marked; /* the err buffer the marks' offsets are into */
};
/* Where a line number belongs in a chunk's diagnostics: at byte `at` of err, line `line`
 * counted from the chunk's start. */
struct line_mark {
    size_t at;
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
/* curi_pct_encode with set, then also every byte of extra as %HH. */
void encode_also(struct buf *b, const char *s, size_t n, curi_charset set, const char *extra);
/* --query-separator C of get and set: CURI_QUERY_SEMICOLON for ';', 0 for '&'. */
struct common;
unsigned query_separator(const struct common *c, const char *v);
/* The decoded values of the pairs whose decoded key is key: the first, or all joined by ' '. */
void query_values(struct buf *out, curi_str query, const char *key, size_t klen, int all,
                  unsigned flags);

enum { QUERY_SAME, QUERY_NEW, QUERY_NONE };
/*
 * Apply the edits in order (curi_query_edit, form-aware, any number of them), then a
 * stable sort by decoded key when sort is set.
 * Returns QUERY_SAME when nothing changed, QUERY_NEW with the new query
 * appended to out, or QUERY_NONE when the last pair was removed.
 */
int query_edit(struct buf *out, curi_str query, const curi_query_op *ed, size_t ned, int sort,
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
    const char *base; /* --base URL (url, diff): the text, each command parses it its way */
    int plain;        /* set by run_lines: none of the options that touch every input */
    char **ops;       /* parse_args: the operands so far, in argv's own array */
    int nops;
};

void usage_error(const struct common *c, const char *msg, const char *arg);

/*
 * What an option does: the id of its rows in the option table (options.c).  parse_args acts
 * on the shared ones itself; it hands the others, and each operand (OPT_OPERAND), to the
 * command's handler.  To add an option: an OPT_ here, a row in options.c (its commands,
 * names, value, help), a case in the handler of each command that takes it, and a line in
 * docs/curi.1; --help, completion and tools/check-options.py follow from the row.
 */
enum {
    OPT_OPERAND, /* not an option: an operand (handed to the handler before it is kept) */
    /* Shared, done by parse_args on struct common. */
    OPT_HELP, OPT_JSON, OPT_STRICT_3986, OPT_IRI, OPT_JOBS, OPT_ACCEPT_SPACE, OPT_URL_FILE,
    OPT_BINARY, OPT_SKIP_INVALID, OPT_MAX_LENGTH, OPT_ZERO, OPT_BASE,
    OPT_SHARED_END,
    /* A command's own, done by its handler. */
    OPT_REQUIRE_SCHEME = OPT_SHARED_END, OPT_ABSOLUTE, OPT_SCHEME, OPT_QUERY_SEPARATOR,
    OPT_ENCODE, OPT_RAW, OPT_REMOVE, OPT_APPEND, OPT_REPLACE, OPT_FORCE_REPLACE, OPT_TRIM,
    OPT_SORT_QUERY, OPT_ITERATE, OPT_KEEP_PCT, OPT_COMPONENT, OPT_PLUS, OPT_NO_NUL,
    OPT_LENIENT, OPT_COLOR, OPT_NON_STRICT, OPT_ABSPATH, OPT_NETPATH, OPT_SYNTAX, OPT_IPV6,
    OPT_FAIL_ON, OPT_DISABLE, OPT_PORTS, OPT_WINDOWS, OPT_IDN, OPT_NO_IDN, OPT_TO_ASCII,
    OPT_TO_UNICODE, OPT_STD3, OPT_VERIFY_DNS_LENGTH, OPT_IDNA2008, OPT_SET, OPT_COMPLETE,
    OPT_FIND_IRI, OPT_ASCII, OPT_TO_URI, OPT_DRY_RUN, OPT_TEXT, OPT_GRAPHICAL, OPT_FORCE, OPT_PRINT_TABLE
};

/*
 * A command's handler: act on option id of the table (val: its value, NULL for a flag),
 * or, for id OPT_OPERAND, look at operand val and return 1 when it took it (set's
 * NAME=VALUE); the operands it does not take are kept (add_operand).  ctx is the command's.
 */
typedef int (*opt_handler)(struct common *c, void *ctx, int id, char *val);
/*
 * Parse argv[1..argc) for command c->cmd: every option its rows of the table take, as
 * --name, --name=VALUE, --name VALUE, and for a short alias -x, -xVALUE, -x VALUE or
 * -x=VALUE; "--" ends the options; a lone "-" is an operand.  Each occurrence acts at
 * once, in order, so a repeated option adds or overrides as its handler says, and an error
 * comes before a later --help.  --help prints the help and exits 0; an unknown option or a
 * missing value is a usage error (exit 2).  Returns the number of operands, kept in order
 * in argv[0..n).
 */
int parse_args(struct common *c, int argc, char **argv, opt_handler fn, void *ctx);
/* Keep s as the next operand (in the argv that parse_args is reading). */
void add_operand(struct common *c, char *s);

/*
 * The commands, in the order curi --help lists them: X(ID, name, function, its line in
 * curi --help, its description in the completion scripts).  The enum of bits (CMD_ID_BIT,
 * C_ID), the dispatch in main.c, --help's command list and the completion scripts all come
 * from this one list.  To add a command: a line here (before completion), its function in
 * a cli/cmd_*.c, its options as rows of cli/options.c with the bit C_ID, and its section
 * in docs/curi.1.
 */
#define CLI_COMMANDS(X)                                                                          \
    X(PARSE, "parse", cmd_parse, "show the components of each URI reference",                    \
      "show the components of each URI reference")                                               \
    X(GET, "get", cmd_get, "print a format string with components filled in",                   \
      "print a format string with components filled in")                                         \
    X(SET, "set", cmd_set, "replace or remove components and print the result",                 \
      "replace or remove components and print the result")                                       \
    X(ENCODE, "encode", cmd_encode, "percent-encode strings for a component",                    \
      "percent-encode strings for a component")                                                  \
    X(DECODE, "decode", cmd_decode, "percent-decode strings", "percent-decode strings")          \
    X(EXPLAIN, "explain", cmd_explain, "draw the RFC 3986 component diagram under a URI",        \
      "draw the RFC 3986 component diagram under a URI")                                         \
    X(RESOLVE, "resolve", cmd_resolve, "resolve references against a base URI (RFC 3986 5.2)",  \
      "resolve references against a base URI")                                                   \
    X(RELATIVE, "relative", cmd_relative, "the shortest reference from a base to a target",      \
      "the shortest reference from a base to a target")                                          \
    X(NORMALIZE, "normalize", cmd_normalize, "normalize URIs (RFC 3986 6.2.2 and 6.2.3)",        \
      "normalize URIs")                                                                          \
    X(EQUAL, "equal", cmd_equal, "compare two URIs on the ladder of RFC 3986 6.2",               \
      "compare two URIs on the ladder of RFC 3986 6.2")                                          \
    X(BUILD, "build", cmd_build, "build URIs from JSON objects (the keys of parse --json)",      \
      "build URIs from JSON objects")                                                            \
    X(CHECK, "check", cmd_check, "report security findings: 45 lint rules with spans",           \
      "report security findings (lint rules)")                                                   \
    X(EXTRACT, "extract", cmd_extract,                                                           \
      "print the URIs found in free text (files or standard input)",                             \
      "print the URIs found in free text")                                                       \
    X(FROM_PATH, "from-path", cmd_from_path, "the file: URI of each local path (RFC 8089)",      \
      "the file: URI of each local path (RFC 8089)")                                             \
    X(TO_PATH, "to-path", cmd_to_path, "the local path of each file: URI (RFC 8089)",            \
      "the local path of each file: URI (RFC 8089)")                                             \
    X(OPEN, "open", cmd_open, "hand each URI to the program that handles it (no shell)",         \
      "hand each URI to the program that handles it")                                            \
    X(TO_URI, "to-uri", cmd_to_uri, "the URI of each IRI (RFC 3987 3.1; --idn: IDNA hosts)",     \
      "the URI of each IRI (RFC 3987)")                                                          \
    X(TO_IRI, "to-iri", cmd_to_iri, "the IRI of each URI (RFC 3987 3.2; --idn: Unicode hosts)",  \
      "the IRI of each URI (RFC 3987)")                                                          \
    X(HOST, "host", cmd_host, "IDNA conversion of host names (--to-ascii, --to-unicode)",        \
      "IDNA conversion of host names")                                                           \
    X(URL, "url", cmd_url, "the href of each URL under the WHATWG URL Standard (a browser's)",   \
      "the href of each URL under the WHATWG URL Standard")                                      \
    X(DIFF, "diff", cmd_diff, "where RFC 3986 and the WHATWG URL Standard disagree, classified", \
      "where RFC 3986 and the WHATWG URL Standard disagree")                                     \
    X(COMPLETION, "completion", cmd_completion, "print the bash, zsh or fish completion script", \
      "print the bash, zsh or fish completion script")

#define CLI_CMD_BIT(id, name, run, help, brief) CMD_##id##_BIT,
enum { CLI_COMMANDS(CLI_CMD_BIT) CMD_ALL };
#undef CLI_CMD_BIT
/* The commands whose options are rows of the option table: all but completion (the last),
 * which takes one SHELL word and writes the scripts from the table. */
#define CMD_COUNT CMD_COMPLETION_BIT
#define CLI_CMD_C(id, name, run, help, brief) C_##id = 1u << CMD_##id##_BIT,
enum { CLI_COMMANDS(CLI_CMD_C) };
#undef CLI_CMD_C
#define C_IRI_CMDS (C_TO_URI | C_TO_IRI | C_HOST) /* the line commands of cmd_iri.c */

#define CLI_CMD_DECLARE(id, name, run, help, brief) int run(int argc, char **argv);
CLI_COMMANDS(CLI_CMD_DECLARE)
#undef CLI_CMD_DECLARE

/* base parsed by curi_url_parse into *b (views into the returned buffer, for free()); an
 * invalid one ends the program with the BASE diagnostic of base_error. */
char *url_base(curi_url *b, const char *base);
/* "curi: BASE: CODE at byte OFFSET ..." and exit with EXIT_USAGE. */
void base_error(int rc, const char *base, size_t offset);

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;  /* the line in curi --help */
    const char *brief; /* the description in the completion scripts */
};
extern const struct command cli_commands[CMD_ALL];

/*
 * options.c: the option table.  A row is one option of the commands in cmds
 * (bits C_*): what it does (an OPT_* below), its long name, a short alias,
 * the value's name (NULL for a flag; eq: written --name=VALUE), what completes
 * the value (a list of words, or "FILE"), a sample value for
 * tools/check-options.py, and the --help text ('\n' continues on the next line).
 */
struct optdef {
    unsigned cmds;
    int id;
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

/* cmd_iri.c: diagnose() plus the reason of an IDNA failure (curi_idn_reason); get's
 * {host:ascii} and {host:unicode} of u parsed from s (an error's offset is into s). */
void diagnose_idn(struct buf *err, const char *s, size_t n, const curi_error *e);
int host_idn(struct buf *out, const curi_uri *u, const char *s, int unicode, curi_error *e);

#endif /* CURI_CLI_H */
