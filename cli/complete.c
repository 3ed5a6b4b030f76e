/*
 * complete.c -- "curi completion bash|zsh|fish|list": shell completion scripts
 * written from the option table (options.c), so that they name exactly the
 * options each command takes.  make install writes them where bash-completion,
 * zsh and fish look; "list" prints the table one row per command and option, for
 * tools/check-options.py.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char completion_help[] =
    "Usage: curi completion bash|zsh|fish|list\n"
    "\n"
    "Print a completion script for bash, zsh or fish, made from the table of options\n"
    "that --help prints.  make install puts them in place; to try one at once:\n"
    "  source <(curi completion bash)\n"
    "  curi completion fish | source\n"
    "list prints the table: command, option, alias, value name, completion, sample,\n"
    "separated by tabs ('-' for none).\n";

/* The commands and what each does, for the first word. */
static const char *const summaries[CMD_COUNT] = {
    "show the components of each URI reference",
    "print a format string with components filled in",
    "replace or remove components and print the result",
    "percent-encode strings for a component",
    "percent-decode strings",
    "draw the RFC 3986 component diagram under a URI",
    "resolve references against a base URI",
    "the shortest reference from a base to a target",
    "normalize URIs",
    "compare two URIs on the ladder of RFC 3986 6.2",
    "build URIs from JSON objects",
    "report security findings (lint rules)",
    "print the URIs found in free text",
    "the file: URI of each local path (RFC 8089)",
    "the local path of each file: URI (RFC 8089)",
    "hand each URI to the program that handles it",
    "the URI of each IRI (RFC 3987)",
    "the IRI of each URI (RFC 3987)",
    "IDNA conversion of host names",
    "the href of each URL under the WHATWG URL Standard",
    "where RFC 3986 and the WHATWG URL Standard disagree",
};

/*
 * Whether row k is one of the command's (bit) and the first with its name: the same
 * option may have two rows (--append path=, --append query=) but completes as one word.
 */
static int first_row(size_t k, unsigned bit)
{
    if (!(cli_options[k].cmds & bit))
        return 0;
    for (size_t j = 0; j < k; j++)
        if ((cli_options[j].cmds & bit) && strcmp(cli_options[j].name, cli_options[k].name) == 0)
            return 0;
    return 1;
}

/* The words of every distinct option of one command (long names and aliases). */
static void option_words(struct buf *b, unsigned bit)
{
    size_t start = b->len;
    for (size_t k = 0; k < cli_noptions; k++) {
        const struct optdef *o = &cli_options[k];
        if (!first_row(k, bit))
            continue;
        if (b->len > start)
            buf_putc(b, ' ');
        buf_puts(b, o->name);
        if (o->alias != NULL) {
            buf_putc(b, ' ');
            buf_puts(b, o->alias);
        }
    }
}

/* Every command's name, each followed by a space. */
static void command_words(struct buf *b)
{
    for (unsigned k = 0; k < CMD_COUNT; k++) {
        buf_puts(b, cmd_name(1u << k));
        buf_putc(b, ' ');
    }
}

static void bash_script(struct buf *b)
{
    buf_puts(b, "# bash completion for curi, written by `curi completion bash` from the\n"
                "# tool's option table.\n"
                "_curi()\n"
                "{\n"
                "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
                "    local cmd=${COMP_WORDS[1]} opts=\n"
                "    COMPREPLY=()\n"
                "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
                "        COMPREPLY=($(compgen -W '");
    command_words(b);
    buf_puts(b, "completion help --help --version' -- \"$cur\"))\n"
                "        return\n"
                "    fi\n"
                "    case \"$cmd\" in\n"
                "    help) COMPREPLY=($(compgen -W '");
    command_words(b);
    buf_puts(b, "' -- \"$cur\")); return ;;\n"
                "    completion) COMPREPLY=($(compgen -W 'bash zsh fish list' -- \"$cur\")); return ;;\n"
                "    esac\n"
                "    # The value of the option before the cursor.\n"
                "    case \"$cmd $prev\" in\n");
    for (size_t k = 0; k < cli_noptions; k++) {
        const struct optdef *o = &cli_options[k];
        if (o->arg == NULL)
            continue;
        for (unsigned c = 0; c < CMD_COUNT; c++) {
            if (!(o->cmds & (1u << c)))
                continue;
            buf_puts(b, "    \"");
            buf_puts(b, cmd_name(1u << c));
            buf_putc(b, ' ');
            buf_puts(b, o->name);
            buf_putc(b, '"');
            if (o->alias != NULL) {
                buf_puts(b, "|\"");
                buf_puts(b, cmd_name(1u << c));
                buf_putc(b, ' ');
                buf_puts(b, o->alias);
                buf_putc(b, '"');
            }
            if (o->complete == NULL)
                buf_puts(b, ") return ;;\n");
            else if (strcmp(o->complete, "FILE") == 0)
                buf_puts(b, ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n");
            else {
                buf_puts(b, ") COMPREPLY=($(compgen -W '");
                buf_puts(b, o->complete);
                buf_puts(b, "' -- \"$cur\")); return ;;\n");
            }
        }
    }
    buf_puts(b, "    esac\n"
                "    case \"$cmd\" in\n");
    for (unsigned c = 0; c < CMD_COUNT; c++) {
        buf_puts(b, "    ");
        buf_puts(b, cmd_name(1u << c));
        buf_puts(b, ") opts='");
        option_words(b, 1u << c);
        buf_puts(b, "' ;;\n");
    }
    buf_puts(b, "    esac\n"
                "    case \"$cur\" in\n"
                "    -*) COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")) ;;\n"
                "    esac\n"
                "}\n"
                "complete -o default -F _curi curi\n");
}

/* A description for zsh: the help's first line, without what _arguments treats specially. */
static void zsh_desc(struct buf *b, const char *h)
{
    for (; *h && *h != '\n'; h++) {
        char c = *h;
        if (c == '[' || c == ']')
            c = c == '[' ? '(' : ')';
        else if (c == ':' || c == '\'' || c == '\\' || c == '`' || c == '$')
            c = c == ':' ? ',' : '"';
        buf_putc(b, c);
    }
}

static void zsh_script(struct buf *b)
{
    buf_puts(b, "#compdef curi\n"
                "# zsh completion for curi, written by `curi completion zsh` from the tool's\n"
                "# option table.\n"
                "_curi() {\n"
                "    local -a cmds\n"
                "    cmds=(\n");
    for (unsigned k = 0; k < CMD_COUNT; k++) {
        buf_puts(b, "        '");
        buf_puts(b, cmd_name(1u << k));
        buf_putc(b, ':');
        buf_puts(b, summaries[k]);
        buf_puts(b, "'\n");
    }
    buf_puts(b, "        'completion:print the bash, zsh or fish completion script'\n"
                "    )\n"
                "    if (( CURRENT == 2 )); then\n"
                "        _describe -t commands 'curi command' cmds\n"
                "        return\n"
                "    fi\n"
                "    local cmd=${words[2]}\n"
                "    shift words\n"
                "    (( CURRENT-- ))\n"
                "    case $cmd in\n");
    for (unsigned c = 0; c < CMD_COUNT; c++) {
        unsigned bit = 1u << c;
        buf_puts(b, "    ");
        buf_puts(b, cmd_name(bit));
        buf_puts(b, ")\n        _arguments -s \\\n");
        for (size_t k = 0; k < cli_noptions; k++) {
            const struct optdef *o = &cli_options[k];
            if (!first_row(k, bit))
                continue;
            /* '*' lets an option repeat; a value after '=' or as the next word. */
            const char *names[2] = {o->name, o->alias};
            for (int n = 0; n < 2; n++) {
                if (names[n] == NULL)
                    continue;
                buf_puts(b, "            '*");
                buf_puts(b, names[n]);
                if (o->arg != NULL)
                    buf_puts(b, names[n][1] == '-' ? "=" : "+");
                buf_putc(b, '[');
                zsh_desc(b, o->help);
                buf_putc(b, ']');
                if (o->arg != NULL) {
                    buf_putc(b, ':');
                    zsh_desc(b, o->arg);
                    buf_putc(b, ':');
                    if (o->complete != NULL && strcmp(o->complete, "FILE") == 0)
                        buf_puts(b, "_files");
                    else if (o->complete != NULL) {
                        buf_putc(b, '(');
                        buf_puts(b, o->complete);
                        buf_putc(b, ')');
                    }
                }
                buf_puts(b, "' \\\n");
            }
        }
        buf_puts(b, "            '*:argument:_default'\n        ;;\n");
    }
    buf_puts(b, "    completion) _arguments '1:shell:(bash zsh fish list)' ;;\n"
                "    esac\n"
                "}\n"
                "_curi \"$@\"\n");
}

/* s up to its first newline as one single-quoted fish word ('\'' and '\\' escaped). */
static void fish_quote(struct buf *b, const char *s)
{
    buf_putc(b, '\'');
    for (; *s && *s != '\n'; s++) {
        if (*s == '\'' || *s == '\\')
            buf_putc(b, '\\');
        buf_putc(b, *s);
    }
    buf_putc(b, '\'');
}

/*
 * fish: one "complete" line per command (offered while no command is typed) and per
 * option of each command (offered once that command is typed), the option's value
 * required (-r) with its words (-a) or files (-F), its first help line as description.
 */
static void fish_script(struct buf *b)
{
    buf_puts(b, "# fish completion for curi, written by `curi completion fish` from the tool's\n"
                "# option table.\n"
                "complete -c curi -e\n"
                "complete -c curi -n __fish_use_subcommand -f -a completion"
                " -d 'print the bash, zsh or fish completion script'\n"
                "complete -c curi -n __fish_use_subcommand -f -a help -d 'help on a command'\n"
                "complete -c curi -n '__fish_seen_subcommand_from completion' -f"
                " -a 'bash zsh fish list'\n"
                "complete -c curi -n '__fish_seen_subcommand_from help' -f -a '");
    command_words(b);
    buf_puts(b, "'\n");
    for (unsigned c = 0; c < CMD_COUNT; c++) {
        unsigned bit = 1u << c;
        buf_puts(b, "complete -c curi -n __fish_use_subcommand -f -a ");
        buf_puts(b, cmd_name(bit));
        buf_puts(b, " -d ");
        fish_quote(b, summaries[c]);
        buf_putc(b, '\n');
        for (size_t k = 0; k < cli_noptions; k++) {
            const struct optdef *o = &cli_options[k];
            if (!first_row(k, bit))
                continue;
            buf_puts(b, "complete -c curi -n '__fish_seen_subcommand_from ");
            buf_puts(b, cmd_name(bit));
            buf_puts(b, "' -l ");
            buf_puts(b, o->name + 2);
            if (o->alias != NULL && o->alias[0] == '-' && o->alias[1] != '-' &&
                o->alias[2] == '\0') {
                buf_puts(b, " -s ");
                buf_putc(b, o->alias[1]);
            } else if (o->alias != NULL) {
                buf_puts(b, " -o ");
                buf_puts(b, o->alias + 1 + (o->alias[1] == '-'));
            }
            if (o->arg != NULL && o->complete != NULL && strcmp(o->complete, "FILE") == 0) {
                buf_puts(b, " -r -F");
            } else if (o->arg != NULL) {
                buf_puts(b, " -r -f");
                if (o->complete != NULL) {
                    buf_puts(b, " -a ");
                    fish_quote(b, o->complete);
                }
            }
            buf_puts(b, " -d ");
            fish_quote(b, o->help);
            buf_putc(b, '\n');
        }
    }
}

static void put_field(struct buf *b, const char *s)
{
    buf_puts(b, s != NULL ? s : "-");
}

static void list_table(struct buf *b)
{
    for (size_t k = 0; k < cli_noptions; k++) {
        const struct optdef *o = &cli_options[k];
        for (unsigned c = 0; c < CMD_COUNT; c++) {
            if (!(o->cmds & (1u << c)))
                continue;
            buf_puts(b, cmd_name(1u << c));
            buf_putc(b, '\t');
            put_field(b, o->name);
            buf_putc(b, '\t');
            put_field(b, o->alias);
            buf_putc(b, '\t');
            put_field(b, o->arg);
            buf_putc(b, '\t');
            put_field(b, o->complete);
            buf_putc(b, '\t');
            put_field(b, o->sample);
            buf_putc(b, '\n');
        }
    }
}

int cmd_completion(int argc, char **argv)
{
    struct buf b = {0};
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        write_all(1, completion_help, strlen(completion_help));
        return EXIT_VALID;
    }
    if (argc != 2 || (strcmp(argv[1], "bash") != 0 && strcmp(argv[1], "zsh") != 0 &&
                      strcmp(argv[1], "fish") != 0 && strcmp(argv[1], "list") != 0)) {
        struct common c = {.cmd = "completion", .help = completion_help, .jobs = 1};
        if (argc < 2)
            usage_error(&c, "missing SHELL (bash, zsh, fish or list)", NULL);
        if (argc > 2)
            usage_error(&c, "one SHELL only (bash, zsh, fish or list), got also", argv[2]);
        usage_error(&c, "unknown shell (bash, zsh, fish or list are known), got", argv[1]);
    }
    if (strcmp(argv[1], "bash") == 0)
        bash_script(&b);
    else if (strcmp(argv[1], "zsh") == 0)
        zsh_script(&b);
    else if (strcmp(argv[1], "fish") == 0)
        fish_script(&b);
    else
        list_table(&b);
    write_all(1, b.p, b.len);
    buf_free(&b);
    return EXIT_VALID;
}
