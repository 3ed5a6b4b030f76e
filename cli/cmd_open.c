/*
 * cmd_open.c -- "curi open": hand each URI to the program that handles it (uri(7)'s BUGS
 * wish), safely.  This file asks the environment (the session, $PATH, the config files,
 * $BROWSER, $PAGER, whether a path is a directory) and runs the argv that open_table.c
 * built: posix_spawn of the program found on $PATH, never a shell, then waitpid; the
 * command's status is the handler's (a signal n gives 128 + n).
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "open.h"

extern char **environ;

static const char open_help[] =
    "Usage: curi open [--dry-run] [--json] [--text|--graphical] [--force] [--] URI...\n"
    "       curi open --print-table [--json]\n"
    "\n"
    "Open each URI with the program that handles its scheme, with no shell: man:NAME(SECTION)\n"
    "runs man SECTION NAME, info:, whatis:, ghelp:, telnet:, http(s):, ftp:, gopher:,\n"
    "mailto: and file: have their rows too (curi(1) lists the built-in table).  The session\n"
    "is graphical when WAYLAND_DISPLAY or DISPLAY is set, else text.  Handlers come from\n"
    "$XDG_CONFIG_HOME/curi/open.conf (default ~/.config/curi/open.conf), then\n"
    "/etc/curi/open.conf, then the built-in table: the first row of the URI's scheme and\n"
    "session whose program is on PATH and whose placeholders all have a value.  A line is\n"
    "SCHEME SESSION PROGRAM ARG... (SESSION: text, graphical or any; SCHEME may be *); an\n"
    "ARG is literal text and placeholders, one argument each: {uri} {host} {port} {path}\n"
    "(the decoded local path of a file: URI) {dir} (the same, for a directory) {user}\n"
    "{part:NAME} (a part of curi parse --scheme); '#' starts a comment.\n"
    "Refused (status 1, one line on standard error) before anything runs: an argument from\n"
    "the URI that would start with '-', a control byte or NUL in an argument, a file: URI\n"
    "with a remote host, and, unless forced, the schemes javascript, vbscript and data and\n"
    "any error of curi check (its warnings are printed and the URI opens).  No handler:\n"
    "status 127.  Otherwise the status is the handler's (128 + N for signal N); with\n"
    "several URIs, the first status that is not 0.\n"
    "\n"
    "@OPTIONS@\n";

/* ------------------------------------------------------------------ the machine */

static int executable(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0;
}

/*
 * The file that runs for prog: prog itself when it holds a '/', else the first executable
 * PATH/prog, as execvp searches, except that empty and relative entries of PATH (the
 * current directory) are skipped.  NULL when there is none; free the result.
 */
static char *find_program(const char *prog)
{
    if (strchr(prog, '/') != NULL) {
        if (!executable(prog))
            return NULL;
        char *p = xmalloc(strlen(prog) + 1);
        memcpy(p, prog, strlen(prog) + 1);
        return p;
    }
    const char *path = getenv("PATH");
    if (path == NULL)
        path = "/usr/local/bin:/usr/bin:/bin";
    size_t plen = strlen(prog);
    while (*path != '\0') {
        const char *end = strchr(path, ':');
        size_t n = end != NULL ? (size_t)(end - path) : strlen(path);
        if (n > 0 && path[0] == '/') {
            char *f = xmalloc(n + plen + 2);
            memcpy(f, path, n);
            f[n] = '/';
            memcpy(f + n + 1, prog, plen + 1);
            if (executable(f))
                return f;
            free(f);
        }
        path += n + (end != NULL);
    }
    return NULL;
}

static int have_program(void *ctx, const char *prog)
{
    (void)ctx;
    char *f = find_program(prog);
    free(f);
    return f != NULL;
}

static int is_directory(void *ctx, const char *path)
{
    struct stat st;
    (void)ctx;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Diagnostics: "curi: open: " ... "\n" on standard error, input bytes escaped (show_bytes). */
static void diag_begin(struct buf *e)
{
    e->len = 0;
    buf_puts(e, "curi: open: ");
}

static void diag_end(struct buf *e)
{
    buf_putc(e, '\n');
    write_all(2, e->p, e->len);
    buf_free(e);
}

/* "curi: open: A'B'C" with B escaped */
static void say(const char *a, const char *b, const char *c)
{
    struct buf e = {0};
    diag_begin(&e);
    buf_puts(&e, a);
    show_bytes(&e, b, strlen(b));
    buf_puts(&e, c);
    diag_end(&e);
}

/* Add the lines of a config file; a missing file is no error, a bad line is reported. */
static void load_config(struct open_table *t, const char *file)
{
    FILE *f = fopen(file, "r");
    if (f == NULL) {
        if (errno != ENOENT && errno != ENOTDIR)
            {
            struct buf e = {0};
            diag_begin(&e);
            show_bytes(&e, file, strlen(file));
            buf_puts(&e, ": ");
            buf_puts(&e, strerror(errno));
            diag_end(&e);
        }
        return;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    unsigned long lineno = 0;
    struct buf src = {0};
    while ((n = getline(&line, &cap, f)) >= 0) {
        size_t len = (size_t)n;
        const char *why = NULL;
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            len--;
        if (len > 0 && line[len - 1] == '\r')
            len--;
        src.len = 0;
        buf_puts(&src, file);
        buf_putc(&src, ':');
        buf_putu(&src, lineno);
        buf_putc(&src, '\0');
        if (open_table_add_line(t, line, len, src.p, &why) < 0) {
            struct buf e = {0};
            diag_begin(&e);
            show_bytes(&e, src.p, strlen(src.p));
            buf_puts(&e, ": ");
            buf_puts(&e, why);
            diag_end(&e);
        }
    }
    if (ferror(f))
        say("", file, ": read error");
    free(line);
    buf_free(&src);
    fclose(f);
}

/* ------------------------------------------------------------------ running */

/*
 * The handler's environment: ours, with CURI_OPEN_DEPTH one more than ours, so that a loop
 * (a desktop that routes a scheme to curi open, whose row hands it back to xdg-open) ends.
 */
enum { MAX_DEPTH = 4 };

static unsigned open_depth(void)
{
    const char *d = getenv("CURI_OPEN_DEPTH");
    unsigned n = 0;
    for (; d != NULL && *d >= '0' && *d <= '9' && n <= MAX_DEPTH; d++)
        n = n * 10 + (unsigned)(*d - '0');
    return n;
}

static char **handler_environ(char *depth_var)
{
    size_t n = 0, k = 0;
    while (environ[n] != NULL)
        n++;
    char **env = xmalloc((n + 2) * sizeof *env);
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "CURI_OPEN_DEPTH=", 16) != 0)
            env[k++] = environ[i];
    env[k++] = depth_var;
    env[k] = NULL;
    return env;
}

/*
 * Run argv[0] (found on PATH) with argv and wait for it: its exit status, 128 + N when
 * signal N ended it, 127 when it cannot be found or started (126 when it is there but
 * cannot run).  While it runs, SIGINT and SIGQUIT are ignored here (the terminal sends
 * them to the handler, as system() does), and the handler gets their default actions.
 */
static int run_handler(char **argv)
{
    char *file = find_program(argv[0]);
    if (file == NULL) {
        say("cannot run '", argv[0], "': not found on PATH");
        return 127;
    }
    posix_spawnattr_t attr;
    sigset_t dflt;
    struct sigaction ign, old_int, old_quit;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigemptyset(&dflt);
    sigaddset(&dflt, SIGINT);
    sigaddset(&dflt, SIGQUIT);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setsigdefault(&attr, &dflt);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
    sigaction(SIGINT, &ign, &old_int);
    sigaction(SIGQUIT, &ign, &old_quit);
    fflush(stdout);
    pid_t pid;
    char depth_var[32];
    snprintf(depth_var, sizeof depth_var, "CURI_OPEN_DEPTH=%u", open_depth() + 1);
    char **env = handler_environ(depth_var);
    int rc = posix_spawn(&pid, file, NULL, &attr, argv, env);
    free(env);
    int status = 127;
    if (rc != 0) {
        struct buf e = {0};
        diag_begin(&e);
        buf_puts(&e, "cannot run '");
        show_bytes(&e, argv[0], strlen(argv[0]));
        buf_puts(&e, "': ");
        buf_puts(&e, strerror(rc));
        diag_end(&e);
        status = rc == ENOENT ? 127 : 126;
    } else {
        int st;
        pid_t w;
        do
            w = waitpid(pid, &st, 0);
        while (w < 0 && errno == EINTR);
        if (w < 0)
            status = 127;
        else if (WIFEXITED(st))
            status = WEXITSTATUS(st);
        else if (WIFSIGNALED(st))
            status = 128 + WTERMSIG(st);
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGQUIT, &old_quit, NULL);
    posix_spawnattr_destroy(&attr);
    free(file);
    return status;
}

/* ------------------------------------------------------------------ output */

/* s as one shell word: as it is when it holds only safe bytes, else in single quotes. */
static void put_shell_word(struct buf *b, const char *s)
{
    int safe = *s != '\0';
    for (const char *p = s; *p && safe; p++)
        safe = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
               strchr("@%+=:,./_-", *p) != NULL;
    if (safe) {
        buf_puts(b, s);
        return;
    }
    buf_putc(b, '\'');
    for (const char *p = s; *p; p++) {
        if (*p == '\'')
            buf_puts(b, "'\\''");
        else
            buf_putc(b, *p);
    }
    buf_putc(b, '\'');
}

static const char *session_word(unsigned s)
{
    return s == OPEN_TEXT ? "text" : s == OPEN_GRAPHICAL ? "graphical" : "any";
}

static void json_argv(struct buf *out, char *const *w, size_t n)
{
    json_key(out, "argv");
    buf_putc(out, '[');
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            buf_putc(out, ',');
        json_string(out, w[i], strlen(w[i]));
    }
    buf_putc(out, ']');
}

static void print_table(const struct open_table *t, int json)
{
    struct buf out = {0};
    for (size_t k = 0; k < t->n; k++) {
        const struct open_row *r = &t->row[k];
        if (json) {
            buf_putc(&out, '{');
            json_member(&out, "scheme", r->scheme, strlen(r->scheme));
            json_member(&out, "session", session_word(r->session), strlen(session_word(r->session)));
            json_argv(&out, r->word, r->nword);
            json_member(&out, "source", r->source, strlen(r->source));
            buf_puts(&out, "}\n");
            continue;
        }
        buf_puts(&out, r->scheme);
        buf_putc(&out, ' ');
        buf_puts(&out, session_word(r->session));
        for (size_t i = 0; i < r->nword; i++) {
            buf_putc(&out, ' ');
            show_bytes(&out, r->word[i], strlen(r->word[i]));
        }
        buf_puts(&out, "  # ");
        show_bytes(&out, r->source, strlen(r->source));
        if (r->note != NULL) {
            buf_puts(&out, " (");
            buf_puts(&out, r->note);
            buf_putc(&out, ')');
        }
        buf_putc(&out, '\n');
    }
    write_all(1, out.p, out.len);
    buf_free(&out);
}

/* ------------------------------------------------------------------ the command */

/* $XDG_CONFIG_HOME/curi/open.conf (an absolute XDG_CONFIG_HOME only), else ~/.config/... */
static void user_config(struct buf *b)
{
    const char *x = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    b->len = 0;
    if (x != NULL && x[0] == '/') {
        buf_puts(b, x);
        buf_puts(b, "/curi/open.conf");
    } else if (home != NULL && home[0] != '\0') {
        buf_puts(b, home);
        buf_puts(b, "/.config/curi/open.conf");
    }
    buf_putc(b, '\0');
}

/*
 * --dry-run: every candidate row, one line each, the argv as shell words and a comment
 * saying whether its program is installed and which one runs, then where the row comes
 * from ("man 3 printf  # runs; built-in"); with --json, ,"candidates":[{...}].
 */
static void put_candidates(struct buf *out, const struct open_result *r, int json)
{
    if (json) {
        json_key(out, "candidates");
        buf_putc(out, '[');
        for (size_t k = 0; k < r->ncand; k++) {
            const struct open_cand *cd = &r->cand[k];
            if (k > 0)
                buf_putc(out, ',');
            buf_putc(out, '{');
            json_argv(out, cd->argv, cd->argc);
            json_member(out, "source", cd->row->source, strlen(cd->row->source));
            json_key(out, "installed");
            buf_puts(out, cd->installed ? "true" : "false");
            json_key(out, "runs");
            buf_puts(out, cd->argv == r->argv ? "true" : "false");
            buf_putc(out, '}');
        }
        buf_putc(out, ']');
        return;
    }
    for (size_t k = 0; k < r->ncand; k++) {
        const struct open_cand *cd = &r->cand[k];
        for (size_t i = 0; i < cd->argc; i++) {
            if (i > 0)
                buf_putc(out, ' ');
            put_shell_word(out, cd->argv[i]);
        }
        buf_puts(out, cd->argv == r->argv ? "  # runs; "
                      : cd->installed     ? "  # installed; "
                                          : "  # not installed; ");
        buf_puts(out, cd->row->source);
        buf_putc(out, '\n');
    }
}

/* What curi open's options say (parse_args' handler). */
struct open_args {
    int dry, force, table; /* --dry-run, --force, --print-table */
    unsigned session;      /* --text, --graphical; 0: from the environment */
};

static int open_option(struct common *c, void *voa, int id, char *v)
{
    struct open_args *oa = voa;
    (void)c;
    (void)v;
    if (id == OPT_DRY_RUN)
        oa->dry = 1;
    else if (id == OPT_FORCE)
        oa->force = 1;
    else if (id == OPT_TEXT)
        oa->session = OPEN_TEXT;
    else if (id == OPT_GRAPHICAL)
        oa->session = OPEN_GRAPHICAL;
    else if (id == OPT_PRINT_TABLE)
        oa->table = 1;
    return 0; /* an operand stays one */
}

int cmd_open(int argc, char **argv)
{
    struct common c = {.cmd = "open", .help = open_help, .jobs = 1};
    struct open_args oa = {0, 0, 0, 0};
    int nops = parse_args(&c, argc, argv, open_option, &oa);
    int dry = oa.dry, force = oa.force, table = oa.table;
    unsigned session = oa.session;
    if (table && nops > 0)
        usage_error(&c, "--print-table takes no URI, got", argv[0]);
    if (!table && nops == 0)
        usage_error(&c, "no URI to open", NULL);
    if (session == 0) {
        const char *w = getenv("WAYLAND_DISPLAY"), *d = getenv("DISPLAY");
        session = (w != NULL && w[0] != '\0') || (d != NULL && d[0] != '\0') ? OPEN_GRAPHICAL
                                                                            : OPEN_TEXT;
    }

    struct open_table t = {0};
    struct buf conf = {0};
    const char *sys = getenv("CURI_OPEN_SYSTEM_CONF");
    user_config(&conf);
    if (conf.p[0] != '\0')
        load_config(&t, conf.p);
    load_config(&t, sys != NULL ? sys : "/etc/curi/open.conf");
    open_table_builtin(&t, getenv("BROWSER"), getenv("PAGER"));
    buf_free(&conf);
    if (table) {
        print_table(&t, c.json);
        open_table_free(&t);
        return EXIT_VALID;
    }

    struct open_env env = {session, force, have_program, is_directory, NULL};
    int status = 0;
    for (int k = 0; k < nops; k++) {
        const char *u = argv[k];
        size_t ulen = strlen(u);
        struct open_result r;
        struct buf out = {0};
        int st;
        open_build(&r, u, ulen, &t, &env);
        for (size_t i = 0; i < r.nwarning; i++) {
            struct buf e = {0};
            diag_begin(&e);
            buf_putc(&e, '\'');
            show_bytes(&e, u, ulen);
            buf_puts(&e, "': ");
            show_bytes(&e, r.warning[i], strlen(r.warning[i]));
            diag_end(&e);
        }
        if (r.status != OPEN_OK) {
            if (c.json) {
                buf_putc(&out, '{');
                json_member(&out, "uri", u, ulen);
                json_member(&out, "error", r.error, strlen(r.error));
                json_member(&out, "message", r.message, r.message_len);
                if (dry && r.ncand > 0)
                    put_candidates(&out, &r, 1);
                buf_puts(&out, "}\n");
            } else {
                struct buf e = {0};
                diag_begin(&e);
                buf_putc(&e, '\'');
                show_bytes(&e, u, ulen);
                buf_puts(&e, "': ");
                show_bytes(&e, r.message, r.message_len);
                diag_end(&e);
                if (dry)
                    put_candidates(&out, &r, 0); /* what would run, were one installed */
            }
            st = r.status;
        } else {
            if (c.json) {
                buf_putc(&out, '{');
                json_member(&out, "uri", u, ulen);
                json_member(&out, "session", session_word(session), strlen(session_word(session)));
                json_argv(&out, r.argv, r.argc);
                json_member(&out, "source", r.row->source, strlen(r.row->source));
                if (dry)
                    put_candidates(&out, &r, 1);
                buf_puts(&out, "}\n");
            } else if (dry) {
                put_candidates(&out, &r, 0);
            }
            st = 0;
        }
        write_all(1, out.p, out.len);
        buf_free(&out);
        if (r.status == OPEN_OK && !dry && open_depth() >= MAX_DEPTH) {
            say("'", u, "': refused: CURI_OPEN_DEPTH says curi open runs inside itself 4 times "
                        "(a handler hands URIs back to curi open: a loop)");
            st = OPEN_REFUSED;
        } else if (r.status == OPEN_OK && !dry) {
            st = run_handler(r.argv);
        }
        if (status == 0)
            status = st;
        open_result_free(&r);
    }
    open_table_free(&t);
    return status;
}
