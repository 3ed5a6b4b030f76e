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

/* curi --help: these lines, each command's name and line of the command table, the rest. */
static const char main_usage[] =
    "Usage: curi COMMAND [OPTION...] [ARG...]\n"
    "       curi --help | --version\n"
    "\n"
    "Parse, edit, resolve and compare URI references under RFC 3986.\n"
    "\n"
    "Commands:\n";
static const char main_tail[] =
    "\n"
    "With no URI operands a command reads one input per line from standard input\n"
    "(-z: one per NUL-terminated record).\n"
    "Exit status: 0 all inputs valid, 1 some input invalid (check: a finding at or\n"
    "above --fail-on; extract: no URI found), 2 usage error, 3 I/O error.\n"
    "equal: 0 equal, 1 not equal, 2 an invalid A or B.  open: the handler's status,\n"
    "1 refused, 126 the handler could not run, 127 no handler, 128+N signal N.\n"
    "diff: 0 every input agrees, 1 some input differs.\n"
    "Run 'curi COMMAND --help' for the options of a command; see also curi(1).\n";

/* curi --help as one NUL-terminated text in b. */
static void main_help(struct buf *b)
{
    buf_puts(b, main_usage);
    for (size_t k = 0; k < CMD_ALL; k++) {
        size_t start = b->len;
        buf_puts(b, "  ");
        buf_puts(b, cli_commands[k].name);
        do
            buf_putc(b, ' ');
        while (b->len - start < 13);
        buf_puts(b, cli_commands[k].help);
        buf_putc(b, '\n');
    }
    buf_puts(b, main_tail);
    buf_putc(b, '\0');
}

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

/* The shared options: what parse_args does for a row whose id is below OPT_SHARED_END. */
static void shared_option(struct common *c, int id, char *v, int argc)
{
    switch (id) {
    case OPT_HELP: {
        struct buf b = {0};
        help_text(&b, c->cmd, c->help);
        buf_putc(&b, '\0');
        print_and_exit(b.p);
        break;
    }
    case OPT_JSON:
        c->json = 1;
        break;
    case OPT_STRICT_3986:
        c->pflags |= CURI_PARSE_STRICT_3986;
        break;
    case OPT_IRI:
        c->pflags |= CURI_PARSE_IRI; /* RFC 3987 IRI-references */
        break;
    case OPT_JOBS:
        c->jobs = parse_jobs(c, v);
        break;
    case OPT_ACCEPT_SPACE:
        c->accept_space = 1;
        break;
    case OPT_URL_FILE:
        if (c->files == NULL)
            c->files = xmalloc((size_t)argc * sizeof *c->files);
        c->files[c->nfiles++] = v;
        break;
    case OPT_BINARY:
        c->binary = 1;
        break;
    case OPT_SKIP_INVALID:
        c->skip_invalid = 1;
        break;
    case OPT_MAX_LENGTH:
        c->max_len = parse_max_length(c, v);
        break;
    case OPT_BASE:
        c->base = v;
        break;
    default: /* OPT_ZERO */
        c->zero = 1;
        break;
    }
}

/*
 * Whether argument a is the option spelt `name` (a long name or a short alias) of a row
 * that takes a value (arg set) or not.  A flag matches only itself; an option with a value
 * matches "name=VALUE", "name" (the value is the next argument, *next set) and, for a short
 * alias, "-xVALUE".  On a match *val is the value (or NULL).
 */
static int option_matches(char *a, const char *name, int takes_value, char **val,
                          int *next)
{
    size_t n = strlen(name);
    *val = NULL;
    *next = 0;
    if (!takes_value)
        return strcmp(a, name) == 0;
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *val = a + n + 1;
        return 1;
    }
    if (a[n] != '\0') {
        *val = a + n;
        return n == 2 && name[1] != '-'; /* -j2 */
    }
    *next = 1;
    return 1;
}

/* The row of the command's (bit) that argument a spells, or NULL; its value as above. */
static const struct optdef *find_option(unsigned bit, char *a, char **val, int *next,
                                        const char **spelt)
{
    for (size_t k = 0; k < cli_noptions; k++) {
        const struct optdef *o = &cli_options[k];
        if (!(o->cmds & bit))
            continue;
        *spelt = o->name;
        if (option_matches(a, o->name, o->arg != NULL, val, next))
            return o;
        *spelt = o->alias;
        if (o->alias != NULL && option_matches(a, o->alias, o->arg != NULL, val, next))
            return o;
    }
    return NULL;
}

void add_operand(struct common *c, char *s)
{
    c->ops[c->nops++] = s;
}

int parse_args(struct common *c, int argc, char **argv, opt_handler fn, void *ctx)
{
    unsigned bit = cmd_bit(c->cmd);
    c->ops = argv;
    c->nops = 0;
    for (int i = 1; i < argc; i++) {
        char *a = argv[i], *v;
        const char *spelt;
        int next;
        const struct optdef *o = NULL;
        if (!c->dashdash && strcmp(a, "--") == 0) {
            c->dashdash = 1;
            continue;
        }
        /* An option starts with '-', is not "-" alone, and comes before "--". */
        if (!c->dashdash && a[0] == '-' && a[1] != '\0') {
            o = find_option(bit, a, &v, &next, &spelt);
            if (o == NULL)
                usage_error(c, "unknown option", a);
        }
        if (o == NULL) {
            if (!fn(c, ctx, OPT_OPERAND, a))
                add_operand(c, a);
            continue;
        }
        if (next) {
            if (i + 1 >= argc) {
                complain("option needs a value:", spelt, NULL);
                exit(EXIT_USAGE);
            }
            v = argv[++i];
        }
        if (o->id < OPT_SHARED_END)
            shared_option(c, o->id, v, argc);
        else
            (void)fn(c, ctx, o->id, v);
    }
    return c->nops;
}

int main(int argc, char **argv)
{
    buf_oom_hook = buf_oom_exit; /* the tool's buffers never come back short */
    if (argc < 2) {
        struct buf b = {0};
        main_help(&b);
        fputs(b.p, stderr);
        buf_free(&b);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        /* "curi help COMMAND" is "curi COMMAND --help". */
        if (argc > 2 && strcmp(cmd, "help") == 0) {
            static char help_opt[] = "--help";
            char *args[] = {argv[2], help_opt, NULL};
            for (size_t k = 0; k < CMD_ALL; k++)
                if (strcmp(argv[2], cli_commands[k].name) == 0)
                    return cli_commands[k].run(2, args);
            complain("unknown command", argv[2], "Try 'curi --help'.\n");
            return EXIT_USAGE;
        }
        struct buf b = {0};
        main_help(&b);
        print_and_exit(b.p);
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("curi %s\n", curi_version_string());
        print_and_exit("");
    }
    for (size_t k = 0; k < CMD_ALL; k++)
        if (strcmp(cmd, cli_commands[k].name) == 0) {
            cli_cmd = cli_commands[k].name;
            return cli_commands[k].run(argc - 1, argv + 1);
        }
    complain(cmd[0] == '-' ? "unknown option" : "unknown command", cmd, "Try 'curi --help'.\n");
    return EXIT_USAGE;
}
