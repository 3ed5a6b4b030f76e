/*
 * main.c -- the curi command: subcommand dispatch and the options they share.
 *
 * Options are long (--json, --jobs=N or --jobs N) with a few short aliases;
 * they may come anywhere before "--", after which every argument is an
 * operand even when it starts with '-'.  A lone "-" is an operand (a valid
 * relative reference), not standard input: no operands at all means stdin.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char main_help[] =
    "Usage: curi COMMAND [OPTION...] [ARG...]\n"
    "       curi --help | --version\n"
    "\n"
    "Parse, edit, resolve and compare URI references under RFC 3986.\n"
    "\n"
    "Commands:\n"
    "  parse      show the components of each URI reference\n"
    "  get        print a format string with components filled in\n"
    "  set        replace or remove components and print the result\n"
    "  encode     percent-encode strings for a component\n"
    "  decode     percent-decode strings\n"
    "  explain    draw the RFC 3986 component diagram under a URI\n"
    "  resolve    resolve references against a base URI (RFC 3986 5.2)\n"
    "  relative   the shortest reference from a base to a target\n"
    "  normalize  normalize URIs (RFC 3986 6.2.2 and 6.2.3)\n"
    "  equal      compare two URIs on the ladder of RFC 3986 6.2\n"
    "  build      build URIs from JSON objects (the keys of parse --json)\n"
    "  check      report security findings: 45 lint rules with spans\n"
    "  extract    print the URIs found in free text (files or standard input)\n"
    "  from-path  the file: URI of each local path (RFC 8089)\n"
    "  to-path    the local path of each file: URI (RFC 8089)\n"
    "  open       hand each URI to the program that handles it (no shell)\n"
    "  to-uri     the URI of each IRI (RFC 3987 3.1; --idn: IDNA hosts)\n"
    "  to-iri     the IRI of each URI (RFC 3987 3.2; --idn: Unicode hosts)\n"
    "  host       IDNA conversion of host names (--to-ascii, --to-unicode)\n"
    "  url        the href of each URL under the WHATWG URL Standard (a browser's)\n"
    "  diff       where RFC 3986 and the WHATWG URL Standard disagree, classified\n"
    "  completion print the bash, zsh or fish completion script\n"
    "\n"
    "With no URI operands a command reads one input per line from standard input\n"
    "(-z: one per NUL-terminated record).\n"
    "Exit status: 0 all inputs valid, 1 some input invalid (check: a finding at or\n"
    "above --fail-on; extract: no URI found), 2 usage error, 3 I/O error.\n"
    "equal: 0 equal, 1 not equal, 2 an invalid A or B.  open: the handler's status,\n"
    "1 refused, 126 the handler could not run, 127 no handler, 128+N signal N.\n"
    "diff: 0 every input agrees, 1 some input differs.\n"
    "Run 'curi COMMAND --help' for the options of a command; see also curi(1).\n";

/* Print text to stdout and exit 0, or 3 if it could not be written. */
static int print_and_exit(const char *text)
{
    fputs(text, stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("curi: write error");
        exit(EXIT_IO);
    }
    exit(EXIT_VALID);
}

/* Write "curi: " PREFIX [" '" ARG "'"] "\n" [HINT] to stderr, ARG escaped as diagnostics show input. */
static void complain(const char *prefix, const char *arg, const char *hint)
{
    struct buf b = {0};
    buf_puts(&b, "curi: ");
    buf_puts(&b, prefix);
    if (arg != NULL) {
        buf_put(&b, " '", 2);
        show_bytes(&b, arg, strlen(arg));
        buf_putc(&b, '\'');
    }
    buf_putc(&b, '\n');
    if (hint != NULL)
        buf_puts(&b, hint);
    write_all(2, b.p, b.len);
    buf_free(&b);
}

/*
 * "curi CMD: MESSAGE 'ARG'" (ARG may be NULL; control and non-ASCII bytes
 * shown as \xHH, so an argument cannot drive the terminal) and a pointer to
 * --help; exit 2.
 */
void usage_error(const struct common *c, const char *msg, const char *arg)
{
    struct buf b = {0};
    buf_puts(&b, c->cmd);
    buf_put(&b, ": ", 2);
    buf_puts(&b, msg);
    buf_putc(&b, '\0');
    struct buf hint = {0};
    buf_puts(&hint, "Try 'curi ");
    buf_puts(&hint, c->cmd);
    buf_puts(&hint, " --help'.\n");
    buf_putc(&hint, '\0');
    complain(b.p, arg, hint.p);
    exit(EXIT_USAGE);
}

/* An option (not an operand): starts with '-', is not "-" alone, and comes before "--". */
int is_option(const struct common *c, const char *arg)
{
    return !c->dashdash && arg[0] == '-' && arg[1] != '\0';
}

/*
 * Match argv[*i] against option `name` taking a value, given as "name=VALUE"
 * or as the next argument, or for a short option ("-j") also attached
 * ("-j2").  Returns 1 and sets *val on a match.
 */
int opt_value(char **argv, int argc, int *i, const char *name, const char **val)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *val = a + n + 1;
        return 1;
    }
    if (a[n] != '\0') {
        if (n == 2 && name[1] != '-') {
            *val = a + n; /* -j2 */
            return 1;
        }
        return 0;
    }
    if (*i + 1 >= argc) {
        complain("option needs a value:", name, NULL);
        exit(EXIT_USAGE);
    }
    *i += 1;
    *val = argv[*i];
    return 1;
}

/* --jobs N: 1..1024 threads, or 0 for one per online processor. */
static unsigned parse_jobs(const struct common *c, const char *v)
{
    unsigned long n = 0;
    if (*v == '\0')
        usage_error(c, "--jobs needs a number, got", v);
    for (const char *p = v; *p; p++) {
        if (*p < '0' || *p > '9' || n > 1024)
            usage_error(c, "--jobs needs a number from 0 to 1024, got", v);
        n = n * 10 + (unsigned long)(*p - '0');
    }
    if (n > 1024)
        usage_error(c, "--jobs needs a number from 0 to 1024, got", v);
    if (n == 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        n = cpus > 0 && cpus <= 1024 ? (unsigned long)cpus : 1;
    }
    return (unsigned)n;
}

/* --max-length N: 1..CURI_MAX_LEN bytes. */
static size_t parse_max_length(const struct common *c, const char *v)
{
    unsigned long long n = 0;
    if (*v == '\0')
        usage_error(c, "--max-length needs a number, got", v);
    for (const char *p = v; *p; p++) {
        if (*p < '0' || *p > '9' || n > CURI_MAX_LEN)
            usage_error(c, "--max-length needs a number from 1 to 2147483647, got", v);
        n = n * 10 + (unsigned long long)(*p - '0');
    }
    if (n == 0 || n > CURI_MAX_LEN)
        usage_error(c, "--max-length needs a number from 1 to 2147483647, got", v);
    return (size_t)n;
}

/*
 * The input options (stream.c): -f FILE, --binary, --skip-invalid,
 * --max-length N, -z.  Returns 1 when argv[*i] was consumed.
 */
static int opt_input(struct common *c, char **argv, int argc, int *i)
{
    const char *a = argv[*i];
    const char *v;
    if (!cmd_has_option(c->cmd, "--url-file"))
        return 0;
    if (opt_value(argv, argc, i, "--url-file", &v) || opt_value(argv, argc, i, "-f", &v)) {
        if (c->files == NULL)
            c->files = xmalloc((size_t)argc * sizeof *c->files);
        c->files[c->nfiles++] = v;
        return 1;
    }
    if (opt_value(argv, argc, i, "--max-length", &v)) {
        c->max_len = parse_max_length(c, v);
        return 1;
    }
    if (strcmp(a, "--binary") == 0)
        c->binary = 1;
    else if (strcmp(a, "--skip-invalid") == 0 && cmd_has_option(c->cmd, "--skip-invalid"))
        c->skip_invalid = 1;
    else if (strcmp(a, "--zero-terminated") == 0 || strcmp(a, "-z") == 0)
        c->zero = 1;
    else
        return 0;
    return 1;
}

/*
 * The options every subcommand understands: --help, "--", and the ones that
 * mean the same everywhere (--json, --strict-3986, --jobs) for the commands
 * whose help lists them.  Returns 1 when argv[*i] was consumed.
 */
int opt_common(struct common *c, char **argv, int argc, int *i)
{
    const char *a = argv[*i];
    const char *v;
    if (c->dashdash)
        return 0;
    if (strcmp(a, "--") == 0) {
        c->dashdash = 1;
        return 1;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
        struct buf b = {0};
        help_text(&b, c->cmd, c->help);
        buf_putc(&b, '\0');
        print_and_exit(b.p);
    }
    if (strcmp(a, "--strict-3986") == 0 && cmd_has_option(c->cmd, "--strict-3986")) {
        c->pflags |= CURI_PARSE_STRICT_3986;
        return 1;
    }
    if (strcmp(a, "--iri") == 0 && cmd_has_option(c->cmd, "--iri")) {
        c->pflags |= CURI_PARSE_IRI; /* RFC 3987 IRI-references */
        return 1;
    }
    if (strcmp(a, "--json") == 0 && cmd_has_option(c->cmd, "--json")) {
        c->json = 1;
        return 1;
    }
    if (cmd_has_option(c->cmd, "--jobs") &&
        (opt_value(argv, argc, i, "--jobs", &v) || opt_value(argv, argc, i, "-j", &v))) {
        c->jobs = parse_jobs(c, v);
        return 1;
    }
    if (strcmp(a, "--accept-space") == 0 && cmd_has_option(c->cmd, "--accept-space")) {
        c->accept_space = 1;
        return 1;
    }
    return opt_input(c, argv, argc, i);
}

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"parse", cmd_parse},     {"get", cmd_get},           {"set", cmd_set},
    {"encode", cmd_encode},   {"decode", cmd_decode},     {"explain", cmd_explain},
    {"resolve", cmd_resolve}, {"relative", cmd_relative}, {"normalize", cmd_normalize},
    {"equal", cmd_equal},     {"build", cmd_build},       {"check", cmd_check},
    {"extract", cmd_extract},
    {"completion", cmd_completion},
    {"from-path", cmd_from_path}, {"to-path", cmd_to_path},
    {"open", cmd_open},
    {"to-uri", cmd_to_uri},   {"to-iri", cmd_to_iri},     {"host", cmd_host},
    {"url", cmd_url},         {"diff", cmd_diff},
};

int main(int argc, char **argv)
{
    buf_oom_hook = buf_oom_exit; /* the tool's buffers never come back short */
    if (argc < 2) {
        fputs(main_help, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        /* "curi help COMMAND" is "curi COMMAND --help". */
        if (argc > 2 && strcmp(cmd, "help") == 0) {
            static char help_opt[] = "--help";
            char *args[] = {argv[2], help_opt, NULL};
            for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
                if (strcmp(argv[2], commands[k].name) == 0)
                    return commands[k].run(2, args);
            complain("unknown command", argv[2], "Try 'curi --help'.\n");
            return EXIT_USAGE;
        }
        print_and_exit(main_help);
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("curi %s\n", curi_version_string());
        print_and_exit("");
    }
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        if (strcmp(cmd, commands[k].name) == 0) {
            cli_cmd = commands[k].name;
            return commands[k].run(argc - 1, argv + 1);
        }
    complain(cmd[0] == '-' ? "unknown option" : "unknown command", cmd, "Try 'curi --help'.\n");
    return EXIT_USAGE;
}
