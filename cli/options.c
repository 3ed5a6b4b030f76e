/*
 * options.c -- every option of every subcommand, in one table.
 *
 * The table is the single source of each command's option list in --help,
 * of the shell completion scripts (curi completion bash|zsh) and of the
 * consistency check (tools/check-options.py) that every row is accepted by
 * its commands, listed in curi(1), and that the code names no option the
 * table lacks; and parse_args (main.c) parses each command's argv with it.
 * Rows print in table order: each command's own options, then the shared ones.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#define C_ALL ((1u << CMD_COUNT) - 1)

const struct optdef cli_options[] = {
    {C_PARSE,
     OPT_REQUIRE_SCHEME, "--require-scheme", NULL, NULL, 0, NULL, NULL,
     "the input must be a URI (RFC 3986 3): a scheme is required,\nso example.com/x is SCHEME_MISSING"},
    {C_PARSE,
     OPT_ABSOLUTE, "--absolute", NULL, NULL, 0, NULL, NULL,
     "the input must be an absolute-URI (4.3): a scheme and no\nfragment"},
    {C_PARSE,
     OPT_SCHEME, "--scheme", NULL, NULL, 0, NULL, NULL,
     "judge each known scheme's own grammar too (ftp, mailto,\nldap, urn, ...): a broken rule makes the input invalid;\nshow its parts (part.NAME: value lines; --json: parts)"},
    {C_PARSE,
     OPT_QUERY_SEPARATOR, "--query-separator", NULL, "C", 0, "; &", ";",
     "params: split pairs at C as well as '&' (C: ';' or '&')"},
    {C_GET,
     OPT_QUERY_SEPARATOR, "--query-separator", NULL, "C", 0, "; &", ";",
     "split query pairs at C as well as '&' (C: ';' or '&')"},
    {C_SET,
     OPT_ENCODE, "--encode", NULL, NULL, 0, NULL, NULL,
     "percent-encode each VALUE for its component (not scheme, port)"},
    {C_SET,
     OPT_RAW, "--raw", NULL, NULL, 0, NULL, NULL,
     "take query pairs as query text, not encoded: they must be\nvalid and hold no separator (--encode wins)"},
    {C_SET,
     OPT_REMOVE, "--remove", NULL, "NAME", 0, "scheme userinfo host port path query fragment user password zoneid", "query",
     "remove component NAME (removing the path empties it)"},
    {C_SET,
     OPT_APPEND, "--append", NULL, "path=SEGMENT", 0, NULL, "query=a",
     "add SEGMENT as the last path segment, always\npercent-encoded as one segment ('/' becomes %2F)"},
    {C_SET,
     OPT_APPEND, "--append", NULL, "query=KEY[=VALUE]", 0, NULL, "query=a",
     "add a pair at the end of the query, KEY and VALUE encoded\nas form data ('q=a b' gives q=a+b) unless --raw"},
    {C_SET,
     OPT_REPLACE, "--replace", NULL, "KEY[=VALUE]", 0, NULL, "a=b",
     "give the first pair with KEY this text and remove the\nlater pairs with KEY; nothing happens when KEY is absent"},
    {C_SET,
     OPT_FORCE_REPLACE, "--force-replace", NULL, "KEY[=VALUE]", 0, NULL, "a=b",
     "the same, but append the pair when KEY is absent"},
    {C_SET,
     OPT_FORCE_REPLACE, "--replace-append", NULL, "KEY[=VALUE]", 0, NULL, "a=b",
     "trurl's name for --force-replace"},
    {C_SET,
     OPT_TRIM, "--trim", NULL, "query=GLOB", 0, NULL, "query=a",
     "remove the pairs whose key matches GLOB ('*' any bytes,\n'?' one byte, '\\' quotes the next)"},
    {C_SET,
     OPT_SORT_QUERY, "--sort-query", NULL, NULL, 0, NULL, NULL,
     "sort the pairs by key, bytewise; equal keys keep their order"},
    {C_SET,
     OPT_QUERY_SEPARATOR, "--query-separator", NULL, "C", 0, "; &", ";",
     "split pairs at C as well as '&' (C: ';' or '&')"},
    {C_SET,
     OPT_ITERATE, "--iterate", NULL, "'NAME=V1 V2...'", 0, NULL, "host=a b",
     "one output per value (values separated by single\nspaces); several --iterate give every combination, the last\none varying fastest, so an input gives one line per\ncombination instead of one line"},
    {C_ENCODE,
     OPT_KEEP_PCT, "--keep-pct", NULL, NULL, 0, NULL, NULL,
     "leave valid %HH triplets as they are"},
    {C_ENCODE,
     OPT_COMPONENT, "--component", "-c", "NAME", 0, "unreserved userinfo host segment path query fragment form", "query",
     "the component to encode for (see above; default unreserved)"},
    {C_DECODE,
     OPT_PLUS, "--plus", NULL, NULL, 0, NULL, NULL,
     "'+' decodes to a space (HTML form data)"},
    {C_DECODE,
     OPT_NO_NUL, "--no-nul", NULL, NULL, 0, NULL, NULL,
     "%00 makes the input invalid"},
    {C_DECODE,
     OPT_LENIENT, "--lenient", NULL, NULL, 0, NULL, NULL,
     "a '%' without two hex digits is copied, not an error (as browsers do)"},
    {C_EXPLAIN,
     OPT_COLOR, "--color", NULL, "WHEN", 1, "auto always never", "never",
     "always, never or auto (the default: colour when standard\noutput is a terminal and NO_COLOR is unset or empty)"},
    {C_EXPLAIN,
     OPT_COLOR, "--colour", NULL, "WHEN", 1, NULL, "never",
     "the same as --color"},
    {C_EXPLAIN,
     OPT_SCHEME, "--scheme", NULL, NULL, 0, NULL, NULL,
     "a third level: the parts of the scheme's own (ftp cwd, name,\ntypecode; urn nid, nss; ...) that are no component above"},
    {C_RESOLVE,
     OPT_NON_STRICT, "--non-strict", NULL, NULL, 0, NULL, NULL,
     "a reference with the base's scheme is relative (\"http:g\", 5.2.2)"},
    {C_RELATIVE,
     OPT_ABSPATH, "--abspath", NULL, NULL, 0, NULL, NULL,
     "prefer an absolute path (\"/x/y\") to a relative path"},
    {C_RELATIVE,
     OPT_NETPATH, "--netpath", NULL, NULL, 0, NULL, NULL,
     "prefer a network path (\"//host/x\") when the authority is kept"},
    {C_NORMALIZE,
     OPT_SYNTAX, "--syntax", NULL, NULL, 0, NULL, NULL,
     "only syntax-based normalization (6.2.2)"},
    {C_NORMALIZE,
     OPT_IPV6, "--ipv6", NULL, NULL, 0, NULL, NULL,
     "also rewrite IPv6 literals in RFC 5952 canonical form"},
    {C_EQUAL,
     OPT_SYNTAX, "--syntax", NULL, NULL, 0, NULL, NULL,
     "stop at syntax-based normalization (6.2.2)"},
    {C_EQUAL,
     OPT_IPV6, "--ipv6", NULL, NULL, 0, NULL, NULL,
     "also compare IPv6 literals in RFC 5952 text (as normalize\n--ipv6 writes them) from the syntax-based rung on"},
    {C_BUILD,
     OPT_ENCODE, "--encode", NULL, NULL, 0, NULL, NULL,
     "percent-encode each string for its component (not scheme,\nport; a host in [ ] is taken as an IP literal)"},
    {C_CHECK,
     OPT_FAIL_ON, "--fail-on", NULL, "LEVEL", 0, "error warning info none", "error",
     "exit 1 when an input has a finding of LEVEL or above:\nerror, warning (the default), info, or none (never)"},
    {C_CHECK,
     OPT_DISABLE, "--disable", NULL, "RULE,...", 0,
     "syntax-invalid raw-control-or-space raw-backslash pct-malformed "
     "relative-colon-first-segment scheme-dangerous scheme-file "
     "scheme-looks-like-host authority-multiple-at authority-lookalike "
     "network-path-reference host-missing userinfo-password userinfo-in-http "
     "userinfo-hostlike host-encoded-delimiter host-ipv4-rare-form "
     "host-special-address host-ipv6-zone-id host-ipv4-mapped-ipv6 host-trailing-dot "
     "host-dns-length host-not-dns host-idn file-remote-host port-out-of-range "
     "port-other-protocol port-non-default port-not-canonical pct-nul pct-crlf "
     "pct-control pct-invalid-utf8 pct-double-encoded pct-unreserved "
     "path-encoded-delimiter path-dot-above-root path-dot-with-params "
     "path-ambiguous-authority long-component mailto-dangerous-header",
     "syntax-invalid",
     "turn these rules off (names as curi(1) lists\nthem, separated by commas; may be repeated)"},
    {C_CHECK,
     OPT_PORTS, "--ports", NULL, "FILE", 0, "FILE", "/dev/null",
     "replace the well-known port table of port-other-protocol\nwith the lines 'PORT PROTOCOL [SCHEME...]' of FILE ('#'\nstarts a comment; an empty FILE empties the table)"},
    {C_FROM_PATH,
     OPT_WINDOWS, "--windows", NULL, NULL, 0, NULL, NULL,
     "Windows paths: drive letters and UNC paths (RFC 8089\nAppendix E)"},
    {C_TO_PATH,
     OPT_WINDOWS, "--windows", NULL, NULL, 0, NULL, NULL,
     "write Windows paths: drive letters and UNC paths (RFC 8089\nAppendix E)"},
    {C_PARSE | C_GET | C_RESOLVE | C_RELATIVE | C_NORMALIZE | C_EQUAL | C_EXPLAIN,
     OPT_IRI, "--iri", NULL, NULL, 0, NULL, NULL,
     "read IRI references (RFC 3987): UTF-8 characters may stand\nraw (normalize: and come out decoded; equal: compared as\nURIs, 5.3)"},
    {C_CHECK,
     OPT_IRI, "--iri", NULL, NULL, 0, NULL, NULL,
     "lint the URI of each IRI (RFC 3987 3.1, DNS hosts through\nIDNA as curi to-uri does), so that a homograph host is seen;\nspans are in that URI"},
    {C_TO_URI,
     OPT_IDN, "--idn", NULL, NULL, 0, NULL, NULL,
     "convert every non-ASCII host name with IDNA (ToASCII), not\nonly those of DNS schemes (the default)"},
    {C_TO_URI,
     OPT_NO_IDN, "--no-idn", NULL, NULL, 0, NULL, NULL,
     "percent-encode every host, DNS names too"},
    {C_TO_IRI,
     OPT_IDN, "--idn", NULL, NULL, 0, NULL, NULL,
     "show a host name with xn-- labels in Unicode (ToUnicode)\nwhen it is valid"},
    {C_HOST,
     OPT_TO_ASCII, "--to-ascii", NULL, NULL, 0, NULL, NULL,
     "A-labels (UTS #46 ToASCII)"},
    {C_HOST,
     OPT_TO_UNICODE, "--to-unicode", NULL, NULL, 0, NULL, NULL,
     "U-labels (UTS #46 ToUnicode)"},
    {C_HOST,
     OPT_VERIFY_DNS_LENGTH, "--verify-dns-length", NULL, NULL, 0, NULL, NULL,
     "VerifyDnsLength: labels of 1 to 63 bytes, a name of 1 to 253\n(IDN_LENGTH; always on with --idna2008)"},
    {C_HOST,
     OPT_STD3, "--std3", NULL, NULL, 0, NULL, NULL,
     "DNS host syntax (UseSTD3ASCIIRules): only letters, digits,\n'-' and '.' (IDN_STD3)"},
    {C_HOST,
     OPT_IDNA2008, "--idna2008", NULL, NULL, 0, NULL, NULL,
     "IDNA2008 (curi_host_to_ascii): symbols such as U+00A1 fail,\nthe CONTEXTO rules apply, CheckHyphens and VerifyDnsLength\nare on, and the reason is shown"},
    {C_IRI_CMDS,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: input, output (or the error keys,\nand reason when IDNA said why)"},
    {C_URL,
     OPT_BASE, "--base", NULL, "URL", 0, NULL, "http://example.com/",
     "parse each input against the base URL (itself parsed first)"},
    {C_URL,
     OPT_SET, "--set", NULL, "NAME=VALUE", 0, NULL, "pathname=/x",
     "run the URL API's setter NAME (protocol username password\nhost hostname port pathname search hash) with VALUE on\neach URL, after parsing, in the order given"},
    {C_URL,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: input, base, href, origin,\nprotocol, username, password, host, hostname, port, pathname,\nsearch, hash (the URL API's values); on failure: input, base,\nfailure (true), error, offset"},
    {C_DIFF,
     OPT_BASE, "--base", NULL, "URL", 0, NULL, "http://example.com/",
     "resolve each input against URL under both standards (URL\nmust be an absolute URI that both accept)"},
    {C_DIFF,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: input, base, agree (true or\nfalse), rfc (the normalized RFC 3986 reading with the keys of\nparse --json, or its error keys), whatwg (the keys of url\n--json after base, or failure, error, offset) and classes"},
    {C_PARSE,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input, keys in this order: input, scheme,\nuserinfo, host, host_type, port, path, query, fragment (raw\ntext, null when absent), then segments (the path's segments,\nraw: \"/a/b/\" gives a, b and \"\"; \"\" gives none), params\n(the query's pairs as {\"key\", \"value\"}, decoded as form data,\nvalue null without '='; null without a query) and labels (a\nreg-name's dot-separated labels, raw; null for other hosts);\nfor an invalid input: input, error, message, offset"},
    {C_GET | C_DECODE,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: input, output (or the error keys)"},
    {C_SET,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per output line: input, output (or the error\nkeys; \"rule\" says which rule a STRUCTURE error broke)"},
    {C_ENCODE,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: input, output"},
    {C_FROM_PATH | C_TO_PATH,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: input, output (or the error keys)"},
    {C_RESOLVE,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: base, reference, target (or the\nerror keys error, message, offset in place of target)"},
    {C_RELATIVE,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: base, target, reference (or the\nerror keys error, message, offset in place of reference)"},
    {C_NORMALIZE,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: input, normalized (or the error keys)"},
    {C_EQUAL,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "{\"a\":...,\"b\":...,\"equal\":true|false,\"level\":\"string\"|\n\"syntax-based\"|\"scheme-based\"|null}; when A or B is\ninvalid: {\"a\",\"b\",\"operand\":\"a\"|\"b\",\"error\",\"message\",\n\"offset\"} (exit status 2)"},
    {C_BUILD,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: input, output (or the error keys\nand \"key\", the member at fault)"},
    {C_CHECK,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per input: input, findings (an array of\n{rule, severity, message, start, end}; [] when clean)"},
    {C_EXTRACT,
     OPT_COMPLETE, "--complete", NULL, NULL, 0, NULL, NULL,
     "also complete www.HOST to http://www.HOST and ftp.HOST to\nftp://ftp.HOST (uri(7)'s abbreviations: a guess, so not by\ndefault)"},
    {C_EXTRACT,
     OPT_FIND_IRI, "--iri", NULL, NULL, 0, NULL, NULL,
     "find IRIs (RFC 3987) whole, raw UTF-8 kept (the default;\nundoes --ascii)"},
    {C_EXTRACT,
     OPT_ASCII, "--ascii", NULL, NULL, 0, NULL, NULL,
     "URIs only: drop a candidate that holds non-ASCII text (an\nIRI), rather than cut it short"},
    {C_EXTRACT,
     OPT_TO_URI, "--to-uri", NULL, NULL, 0, NULL, NULL,
     "print each IRI as its URI (RFC 3987 3.1, as curi to-uri:\nDNS hosts through IDNA)"},
    {C_EXTRACT,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per URI: uri, iri (with --to-uri: the text\nfound), file (as given; \"-\" for standard input), start\nand end (byte offsets into the input, end exclusive), line\nand column (1-based, of the start; the column counts bytes)"},
    {C_EXTRACT,
     OPT_ZERO, "--zero-terminated", "-z", NULL, 0, NULL, NULL,
     "end each URI (or JSON object) with NUL, not newline"},
    {C_OPEN,
     OPT_DRY_RUN, "--dry-run", NULL, NULL, 0, NULL, NULL,
     "run nothing: print each candidate row's argv, whether its\nprogram is installed and which one runs (# runs; SOURCE)"},
    {C_OPEN,
     OPT_JSON, "--json", NULL, NULL, 0, NULL, NULL,
     "one JSON object per URI: uri, session, argv, source (\"built-in\"\nor FILE:LINE); refused or no handler: uri, error, message"},
    {C_OPEN,
     OPT_TEXT, "--text", NULL, NULL, 0, NULL, NULL,
     "use the text session's handlers (default: graphical when\nWAYLAND_DISPLAY or DISPLAY is set)"},
    {C_OPEN,
     OPT_GRAPHICAL, "--graphical", NULL, NULL, 0, NULL, NULL,
     "use the graphical session's handlers"},
    {C_OPEN,
     OPT_FORCE, "--force", NULL, NULL, 0, NULL, NULL,
     "open despite curi check errors and the schemes javascript,\nvbscript and data (never despite the other refusals)"},
    {C_OPEN,
     OPT_PRINT_TABLE, "--print-table", NULL, NULL, 0, NULL, NULL,
     "print the effective handler table, each row with its source"},
    {C_PARSE | C_GET | C_SET | C_EXPLAIN | C_RESOLVE | C_RELATIVE | C_NORMALIZE | C_EQUAL,
     OPT_ACCEPT_SPACE, "--accept-space", NULL, NULL, 0, NULL, NULL,
     "read each raw space as %20 before parsing (a leniency)"},
    {C_PARSE | C_GET | C_SET | C_EXPLAIN | C_RESOLVE | C_RELATIVE | C_NORMALIZE | C_EQUAL | C_BUILD |
         C_CHECK,
     OPT_STRICT_3986, "--strict-3986", NULL, NULL, 0, NULL, NULL,
     "reject IPv6 zone IDs (RFC 6874)"},
    {C_PARSE | C_GET | C_SET | C_ENCODE | C_DECODE | C_RESOLVE | C_RELATIVE | C_NORMALIZE | C_BUILD |
         C_CHECK | C_FROM_PATH | C_TO_PATH | C_IRI_CMDS | C_URL | C_DIFF,
     OPT_JOBS, "--jobs", "-j", "N", 0, NULL, "2",
     "process standard input on N threads (0: one per CPU)"},
    {C_PARSE | C_GET | C_SET | C_ENCODE | C_DECODE | C_EXPLAIN | C_RESOLVE | C_RELATIVE | C_NORMALIZE | C_BUILD |
         C_CHECK | C_FROM_PATH | C_TO_PATH | C_IRI_CMDS | C_URL | C_DIFF,
     OPT_URL_FILE, "--url-file", "-f", "FILE", 0, "FILE", "/dev/null",
     "read inputs from the lines of FILE ('-': standard\ninput) after the operands; may be repeated"},
    {C_PARSE | C_GET | C_SET | C_ENCODE | C_DECODE | C_EXPLAIN | C_RESOLVE | C_RELATIVE | C_NORMALIZE | C_BUILD |
         C_CHECK | C_FROM_PATH | C_TO_PATH | C_IRI_CMDS | C_URL | C_DIFF,
     OPT_BINARY, "--binary", NULL, NULL, 0, NULL, NULL,
     "keep a CR before LF and a byte order mark at the start"},
    {C_PARSE | C_GET | C_SET | C_ENCODE | C_DECODE | C_EXPLAIN | C_RESOLVE | C_RELATIVE | C_NORMALIZE | C_BUILD |
         C_FROM_PATH | C_TO_PATH | C_IRI_CMDS | C_URL | C_DIFF,
     OPT_SKIP_INVALID, "--skip-invalid", NULL, NULL, 0, NULL, NULL,
     "print nothing for an invalid input (the diagnostic stays)"},
    {C_PARSE | C_GET | C_SET | C_ENCODE | C_DECODE | C_EXPLAIN | C_RESOLVE | C_RELATIVE | C_NORMALIZE | C_BUILD |
         C_CHECK | C_FROM_PATH | C_TO_PATH | C_IRI_CMDS | C_URL | C_DIFF,
     OPT_MAX_LENGTH, "--max-length", NULL, "N", 0, NULL, "100",
     "refuse a line longer than N bytes (TOO_LONG)"},
    {C_PARSE | C_GET | C_SET | C_ENCODE | C_DECODE | C_EXPLAIN | C_RESOLVE | C_RELATIVE | C_NORMALIZE | C_BUILD |
         C_CHECK | C_FROM_PATH | C_TO_PATH | C_IRI_CMDS | C_URL | C_DIFF,
     OPT_ZERO, "--zero-terminated", "-z", NULL, 0, NULL, NULL,
     "records end at NUL, not newline: inputs (a CR\nbefore the NUL is kept) and each input's output"},
    {C_ALL,
     OPT_HELP, "--help", "-h", NULL, 0, NULL, NULL,
     "show this help"},
};
const size_t cli_noptions = sizeof cli_options / sizeof cli_options[0];

#define CLI_CMD_ROW(id, name, run, help, brief) {name, run, help, brief},
const struct command cli_commands[CMD_ALL] = {CLI_COMMANDS(CLI_CMD_ROW)};
#undef CLI_CMD_ROW

const char *cmd_name(unsigned bit)
{
    for (unsigned k = 0; k < CMD_COUNT; k++)
        if (bit == 1u << k)
            return cli_commands[k].name;
    return NULL;
}

unsigned cmd_bit(const char *name)
{
    for (unsigned k = 0; k < CMD_COUNT; k++)
        if (strcmp(name, cli_commands[k].name) == 0)
            return 1u << k;
    return 0;
}

int cmd_has_option(const char *cmd, const char *name)
{
    unsigned bit = cmd_bit(cmd);
    for (size_t k = 0; k < cli_noptions; k++)
        if ((cli_options[k].cmds & bit) && strcmp(cli_options[k].name, name) == 0)
            return 1;
    return 0;
}

/* "  -j, --jobs N    text": the label padded to 16 columns, continuation lines indented 18. */
static void put_option(struct buf *b, const struct optdef *o)
{
    size_t start = b->len;
    buf_puts(b, "  ");
    if (o->alias != NULL) {
        buf_puts(b, o->alias);
        buf_puts(b, ", ");
    }
    buf_puts(b, o->name);
    if (o->arg != NULL) {
        buf_putc(b, o->eq ? '=' : ' ');
        buf_puts(b, o->arg);
    }
    size_t w = b->len - start;
    if (w < 18) {
        while (b->len - start < 18)
            buf_putc(b, ' ');
    } else {
        buf_puts(b, "  ");
    }
    for (const char *h = o->help; *h; h++) {
        buf_putc(b, *h);
        if (*h == '\n')
            buf_puts(b, "                  ");
    }
    buf_putc(b, '\n');
}

/* A command's help: its text with the line "@OPTIONS@" replaced by its rows of the table. */
void help_text(struct buf *b, const char *cmd, const char *help)
{
    static const char mark[] = "@OPTIONS@\n";
    const char *at = strstr(help, mark);
    unsigned bit = cmd_bit(cmd);
    if (at == NULL) {
        buf_puts(b, help);
        return;
    }
    buf_put(b, help, (size_t)(at - help));
    for (size_t k = 0; k < cli_noptions; k++)
        if (cli_options[k].cmds & bit)
            put_option(b, &cli_options[k]);
    buf_puts(b, at + sizeof mark - 1);
}
