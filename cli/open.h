/*
 * open.h -- the handler table and the argv builder of "curi open" (open_table.c).
 *
 * The builder is a pure function: a URI, the table, the session and two questions it asks
 * its caller (is this program on $PATH? is this path a directory?) go in; an argv and the
 * table row it came from, or a refusal with its name and sentence, come out.  Nothing is
 * executed, read or written here, so the tests and fuzz/fuzz_open.c drive it directly;
 * cmd_open.c asks the environment and runs the argv.  Needs only curi.h and libc.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_CLI_OPEN_H
#define CURI_CLI_OPEN_H

#include <stddef.h>

#include "curi.h"

/* Sessions: a row's SESSION column is one of these; the session in use is TEXT or GRAPHICAL. */
enum { OPEN_TEXT = 1, OPEN_GRAPHICAL = 2, OPEN_ANY = 3 };

/*
 * One handler: for URIs of scheme (lowercase; "*" for any scheme) in session, run word[0]
 * with the arguments word[1..nword), each a template: literal bytes and placeholders
 * ({uri}, {host}, {port}, {path}, {dir}, {user}, {part:NAME}; "{{" is a literal '{') that
 * together make exactly one argument.
 */
struct open_row {
    char *scheme;
    unsigned session;
    char **word;
    size_t nword;
    char *source;     /* "built-in" or "FILE:LINE" */
    const char *note; /* NULL, or "$BROWSER" / "$PAGER": the environment a built-in row came from */
};

struct open_table {
    struct open_row *row;
    size_t n, cap;
};

/*
 * Add the config line line[0..n) ("SCHEME SESSION PROGRAM ARG...", words separated by
 * blanks, a word starting with '#' starts a comment) from source ("FILE:LINE").  Returns 1
 * when a row was added, 0 for a blank or comment line, -1 for a bad line, with *why set to
 * the reason (static storage).
 */
int open_table_add_line(struct open_table *t, const char *line, size_t n, const char *source,
                        const char **why);
/* Append the built-in table; browser is $BROWSER and pager $PAGER (NULL or "": unset). */
void open_table_builtin(struct open_table *t, const char *browser, const char *pager);
void open_table_free(struct open_table *t);

/* The session and the caller's answers about the machine. */
struct open_env {
    unsigned session; /* OPEN_TEXT or OPEN_GRAPHICAL */
    int force;        /* --force: open despite curi check errors and the refused schemes */
    int (*have)(void *ctx, const char *program);  /* 1: program can run (on $PATH) */
    int (*is_dir)(void *ctx, const char *path);   /* 1: path names a directory */
    void *ctx;
};

/* The outcome for one URI: status OPEN_OK with argv, or a refusal (1) or no handler (127). */
enum { OPEN_OK = 0, OPEN_REFUSED = 1, OPEN_NO_HANDLER = 127 };
struct open_result {
    int status;
    const char *error; /* NULL when OK: "invalid", "remote-file", "option-injection",
                          "control-byte", "refused-scheme", "check-error", "no-handler" */
    char *message;     /* the sentence for a refusal or for no handler, message_len bytes (those
                          of the URI in it are raw, NUL included: escape them for a terminal) */
    size_t message_len;
    char **argv;       /* NULL-terminated; argv[0] is the program as the table writes it */
    size_t argc;
    const struct open_row *row; /* the row argv came from */
    char **warning;    /* curi check's warnings (and errors under --force): "MESSAGE [RULE]",
                          each sentence once */
    size_t nwarning;
    /* Every row of the URI's scheme and session whose placeholders all have a value, in
     * table order, when nothing refused the URI (status OPEN_OK or OPEN_NO_HANDLER): its
     * argv, and whether its program can run (installed); argv above is one of them. */
    struct open_cand {
        char **argv;
        size_t argc;
        const struct open_row *row;
        int installed;
    } *cand;
    size_t ncand;
};

/* Build the argv for uri[0..len) (any bytes) from table t.  Free r with open_result_free. */
void open_build(struct open_result *r, const char *uri, size_t len, const struct open_table *t,
                const struct open_env *env);
void open_result_free(struct open_result *r);

/* 1 for a byte sequence no argument may hold: C0 controls, DEL, NUL, and C1 (U+0080-U+009F). */
int open_has_control(const char *s, size_t n);

#endif /* CURI_CLI_OPEN_H */
