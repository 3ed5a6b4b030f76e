/*
 * text.c -- JSON strings and compiler-like diagnostics for the curi tool.
 *
 * JSON (RFC 8259): '"', '\' and the bytes 0x00-0x1F and 0x7F are escaped as
 * \" \\ and \u00XX; valid UTF-8 passes through.  A byte that is not part of a
 * valid UTF-8 sequence cannot be written honestly as \u00XX (that would mean
 * the character U+00XX, whose UTF-8 is two other bytes), so it becomes U+FFFD
 * and the member gets a twin, KEY_hex, holding every byte of the value in
 * lowercase hex: the output stays valid for every JSON parser and the exact
 * bytes are never lost.  Diagnostics and text output show valid UTF-8 as the
 * text it is (an IRI reads as one) and escape as \xHH only the bytes a reader
 * could not see or that would move the text around: controls (C0, DEL, C1),
 * the bidi formatting characters (and U+061C), the line and paragraph
 * separators, the zero-width and invisible characters (U+200B-200D,
 * U+2060-2064, U+FEFF) and bytes that are not UTF-8; '\' is \\.  Carets
 * count columns (2 for a wide East Asian character, 0 for a combining mark),
 * so they still line up under the offending byte.
 * SPDX-License-Identifier: MIT
 */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "cli.h"

static const char hexdig[] = "0123456789abcdef";

/* Append the error members: "error":NAME,"message":...,"offset":N (or null). */
void json_error(struct buf *b, int code, size_t offset, int with_offset)
{
    const char *name = curi_strerror_name(code);
    const char *msg = curi_strerror(code);
    json_member(b, "error", name, strlen(name));
    json_member(b, "message", msg, strlen(msg));
    json_key(b, "offset");
    if (with_offset)
        buf_putu(b, offset);
    else
        buf_put(b, "null", 4);
}

/* The output of a command whose JSON form is {"input":...,"output":...}. */
void json_io(struct buf *out, const char *s, size_t n, const char *o, size_t on)
{
    buf_putc(out, '{');
    json_member(out, "input", s, n);
    json_member(out, "output", o ? o : "", on);
    buf_put(out, "}\n", 2);
}

/* Shared by every command that shows a parse failure as a JSON object. */
void json_parse_error(struct buf *out, const char *s, size_t n, const curi_error *e)
{
    json_parse_error_object(out, s, n, e);
    buf_putc(out, '\n');
}

/*
 * ---------------------------------------------------------------------------
 * Diagnostics
 * ---------------------------------------------------------------------------
 */

/* A character show_bytes escapes although it is valid UTF-8 (text.c's header says why). */
static int show_hidden(uint32_t c)
{
    return c < 0xA0 || c == 0x061C || (c >= 0x200B && c <= 0x200F) ||
           (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x2064) ||
           (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF || (c >= 0xFDD0 && c <= 0xFDEF) ||
           (c & 0xFFFE) == 0xFFFE; /* and the noncharacters */
}

/* Columns of code point c on a terminal: 0 for a combining mark, 2 for a wide one. */
static size_t char_columns(uint32_t c)
{
    if ((c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
        (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
        (c >= 0xFE20 && c <= 0xFE2F))
        return 0;
    if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
        (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
        (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
        (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
        (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
        (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
        (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD))
        return 2;
    return 1;
}

static long utf8_at(const unsigned char *s, size_t n, size_t *len);

/*
 * How show_bytes writes the unit at p[0..n): its length in bytes (a whole UTF-8 character
 * shown as text, else 1) and, in *cols, the columns it takes; *text is 1 when the unit is
 * copied as it is.
 */
static size_t show_unit(const unsigned char *p, size_t n, size_t *cols, int *text)
{
    size_t len;
    uint32_t c;
    if (p[0] < 0x80) {
        *text = p[0] >= 0x20 && p[0] < 0x7F && p[0] != '\\';
        *cols = *text ? 1 : (p[0] == '\\' ? 2 : 4);
        return 1;
    }
    long cp = utf8_at(p, n, &len);
    if (cp < 0) {
        *text = 0;
        *cols = 4;
        return 1;
    }
    c = (uint32_t)cp;
    if (show_hidden(c)) {
        *text = 0;
        *cols = 4;
        return 1; /* each byte escaped */
    }
    *text = 1;
    *cols = char_columns(c);
    return len;
}

/* The column at which byte off of s[0..n) starts when show_bytes shows s (n: past the end). */
size_t show_col(const char *s, size_t n, size_t off)
{
    size_t col = 0, cols;
    int text;
    for (size_t i = 0; i < off && i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F && c != '\\') {
            col++; /* printable ASCII, one column: most of every line, without a call */
            i++;
            continue;
        }
        i += show_unit((const unsigned char *)s + i, n - i, &cols, &text);
        col += cols;
    }
    return col;
}

/* Append s[0..n) for a terminal: printable ASCII and valid UTF-8 text as is, '\' as \\,
 * others as \xHH (curi_escape_display's terminal style, whose choice show_unit follows). */
void show_bytes(struct buf *b, const char *s, size_t n)
{
    size_t got = 0;
    if (buf_reserve(b, 4 * n) &&
        curi_escape_display(b->p + b->len, b->cap - b->len, &got, s, n, 0, NULL) == CURI_OK)
        b->len += got;
}

/*
 * The code point of a well-formed UTF-8 sequence at s[0..n) (shortest form, no surrogate,
 * at most U+10FFFF) with its length in *len, or -1.
 */
static long utf8_at(const unsigned char *s, size_t n, size_t *len)
{
    unsigned c = s[0];
    size_t k = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    long cp = c >= 0xF0 ? (long)(c & 7) : c >= 0xE0 ? (long)(c & 15) : (long)(c & 31);
    static const long least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < 0xC2 || c > 0xF4 || k > n)
        return -1;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return -1;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < least[k] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return -1;
    *len = k;
    return cp;
}

/* Characters show_text escapes though they are well-formed: C1 controls, and the bidi,
 * zero-width and line-separator formats that change or hide what a terminal shows. */
static int text_hidden(long cp)
{
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || (cp >= 0x200B && cp <= 0x200F) ||
           (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF;
}

void show_text(struct buf *b, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t j = i, k = 0;
        /* The run up to the next byte that is not ASCII: as show_bytes shows it. */
        while (j < n && (unsigned char)s[j] < 0x80)
            j++;
        show_bytes(b, s + i, j - i);
        if (j == n)
            break;
        long cp = utf8_at((const unsigned char *)s + j, n - j, &k);
        if (cp >= 0 && !text_hidden(cp)) {
            buf_put(b, s + j, k);
        } else {
            k = cp >= 0 ? k : 1;
            show_bytes(b, s + j, k);
        }
        i = j + k;
    }
}

/*
 * One unit of a path at s[i] as diagnostics show it, into out (at most 4 bytes); returns the
 * bytes it stands for and sets *cols to its width.  A path is shown as it is: '\' too, so
 * C:\x reads C:\x, not C:\\x; a control, DEL, a byte that is not well-formed UTF-8 and
 * the hidden characters of text_hidden are \xHH.  Where a '\' would read as such an escape
 * (before "x" and two hex digits) it is \x5c itself, so "\xHH" is always an escape and any
 * other '\' is the path's own.
 */
static int is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static size_t path_unit(const char *s, size_t n, size_t i, char *out, size_t *outn,
                        size_t *cols)
{
    unsigned char c = (unsigned char)s[i];
    size_t k = 1;
    int hex = c < 0x20 || c == 0x7F;

    if (c == '\\' && n - i >= 4 && s[i + 1] == 'x' && is_hex(s[i + 2]) &&
        is_hex(s[i + 3]))
        hex = 1;
    if (c >= 0x80) {
        long cp = utf8_at((const unsigned char *)s + i, n - i, &k);
        if (cp < 0 || text_hidden(cp)) {
            k = 1;
            hex = 1;
        }
    }
    if (hex) {
        out[0] = '\\';
        out[1] = 'x';
        out[2] = hexdig[c >> 4];
        out[3] = hexdig[c & 15];
        *outn = 4;
        *cols = 4;
        return 1;
    }
    memcpy(out, s + i, k);
    *outn = k;
    *cols = 1;
    return k;
}

void show_path(struct buf *b, const char *s, size_t n)
{
    char u[4];
    size_t un, cols;
    for (size_t i = 0; i < n;) {
        i += path_unit(s, n, i, u, &un, &cols);
        buf_put(b, u, un);
    }
}

/* Columns s[from..to) takes when shown by show_path (path) or show_bytes. */
static size_t shown_cols(const char *s, size_t n, size_t from, size_t to, int path)
{
    size_t col = 0;
    char u[4];
    size_t un, cols;
    if (!path)
        return show_col(s, n, to) - show_col(s, n, from);
    for (size_t i = from; i < to;) {
        i += path_unit(s, n, i, u, &un, &cols);
        col += cols;
    }
    return col;
}

/*
 * A long input is shown as at most WINDOW bytes on each side of what is marked (itself cut
 * to SPAN_MAX bytes), so that a huge input costs a line of output, not its own size.
 */
#define WINDOW 60
#define SPAN_MAX 120

static void span(struct buf *b, const char *s, size_t n, size_t start, size_t end, int mark,
                 int path)
{
    size_t from = 0, to = n, col = 0, marks = 0;

    start = start < n ? start : n;
    end = end < n ? end : n;
    end = end > start ? end : start;
    if (n > 2 * WINDOW) {
        size_t stop = end - start > SPAN_MAX ? start + SPAN_MAX : end;
        from = start > WINDOW ? start - WINDOW : 0;
        to = n - stop > WINDOW ? stop + WINDOW : n;
    }
    buf_put(b, "  ", 2);
    if (from > 0) {
        buf_put(b, "...", 3);
        col = 3;
    }
    if (path)
        show_path(b, s + from, to - from);
    else
        show_bytes(b, s + from, to - from);
    if (to < n)
        buf_put(b, "...", 3);
    buf_putc(b, '\n');
    if (!mark)
        return;
    col += shown_cols(s + from, to - from, 0, start - from, path);
    marks = shown_cols(s + from, to - from, start - from, (end < to ? end : to) - from, path);
    marks = marks > 0 ? marks : 1;
    buf_reserve(b, col + marks + 3);
    buf_put(b, "  ", 2);
    memset(b->p + b->len, ' ', col);
    b->len += col;
    b->p[b->len++] = '^';
    memset(b->p + b->len, '~', marks - 1);
    b->len += marks - 1;
    b->p[b->len++] = '\n';
}

void show_span(struct buf *b, const char *s, size_t n, size_t start, size_t end, int mark)
{
    span(b, s, n, start, end, mark, 0);
}

/* The input with a caret under byte offset (or just past the end), or without a caret. */
static void show_caret(struct buf *err, const char *s, size_t n, size_t offset, int caret)
{
    show_span(err, s, n, caret ? offset : 0, caret ? offset : 0, caret);
}

void show_window(struct buf *err, const char *s, size_t n, size_t offset)
{
    show_caret(err, s, n, offset == (size_t)-1 ? 0 : offset, offset != (size_t)-1);
}

/*
 * "curi: " and where the input came from (cli_where): "FILE:LINE: " for a
 * line of a file or of standard input ("-"), "argument N: " for an operand.
 * Under --jobs the LINE is left for the writer to fill in (struct where).
 */
void diagnose_where(struct buf *err)
{
    buf_puts(err, "curi: ");
    if (cli_where.file != NULL) {
        show_path(err, cli_where.file, strlen(cli_where.file)); /* a file name is a path */
        buf_putc(err, ':');
        if (cli_where.marks != NULL) {
            assert(err == cli_where.marked);
            struct line_mark m = {err->len, cli_where.line};
            buf_put(cli_where.marks, &m, sizeof m);
        } else {
            buf_putu(err, cli_where.line);
        }
        buf_put(err, ": ", 2);
    } else if (cli_where.line > 0) {
        buf_puts(err, "argument ");
        buf_putu(err, cli_where.line);
        buf_put(err, ": ", 2);
    }
}

/*
 * PATH_WINDOWS_NAME's one code has four reasons; the byte at the offset (decoded when it is
 * "%HH") tells which: the character itself, the trailing '.' or ' ', or a device name's
 * first letter.
 */
static const char *windows_name_message(const char *s, size_t n, size_t offset)
{
    unsigned char c = (unsigned char)s[offset];
    if (c == '%' && n - offset >= 3 && is_hex(s[offset + 1]) && is_hex(s[offset + 2])) {
        unsigned hi = (unsigned char)s[offset + 1], lo = (unsigned char)s[offset + 2];
        hi = hi <= '9' ? hi - '0' : (hi | 0x20) - 'a' + 10;
        lo = lo <= '9' ? lo - '0' : (lo | 0x20) - 'a' + 10;
        c = (unsigned char)(hi * 16 + lo);
    }
    if (c == ':')
        return "':' in a Windows name opens an NTFS alternate data stream (x.txt:s is a hidden "
               "stream of x.txt), not a file";
    if (c == '.' || c == ' ')
        return "a Windows name cannot end in '.' or ' ': Windows strips them and opens another "
               "file (x.txt. is x.txt, NUL. the device)";
    if (c < 0x20 || strchr("*?<>\"|", (char)c) != NULL)
        return "a Windows name cannot hold * ? < > \" | or a control character";
    return "a reserved DOS device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension): "
           "Windows opens the device, not a file";
}

/*
 * The message for an error: the library's, except that an input whose very
 * first byte cannot begin a URI reference (no scheme, and not allowed in a
 * path) says so, naming the usual culprits.
 */
static const char *message(int code, const char *s, size_t n, size_t offset, int caret)
{
    if (code == CURI_ERR_PATH_WINDOWS_NAME && offset < n)
        return windows_name_message(s, n, offset);
    if (caret && offset == 0 && n > 0 && code == CURI_ERR_PATH_CHAR) {
        if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
            return "a byte order mark (U+FEFF) cannot begin a URI reference";
        if (s[0] == '"' || s[0] == '<' || s[0] == '\'')
            return "a URI reference cannot begin with a quote or '<' (delimiters around a URI "
                   "are not part of it, RFC 3986 Appendix C)";
        if (s[0] == ' ' || s[0] == '\t')
            return "a URI reference cannot begin with white space";
        return "a URI reference cannot begin with this character (there is no scheme, and a "
               "path cannot hold it)";
    }
    return curi_strerror(code);
}

/* "NAME at byte N: message\n", or "NAME: message\n" when the offset is not into s. */
static void name_and_message(struct buf *err, int code, const char *s, size_t n, size_t offset,
                             int caret)
{
    buf_puts(err, curi_strerror_name(code));
    if (caret) {
        buf_puts(err, " at byte ");
        buf_putu(err, offset);
    }
    buf_put(err, ": ", 2);
    buf_puts(err, message(code, s, n, offset, caret));
    buf_putc(err, '\n');
}

/*
 * "curi: WHERE: NAME at byte N: message", then the input (or a window of it),
 * then (when caret is set) a caret under the byte at offset.  When caret is
 * clear the offset points elsewhere (into a setting, say) and is not shown.
 */
/*
 * After a *_CHAR error at a byte that starts valid UTF-8 (of a visible character): the
 * input is an IRI (RFC 3987),
 * so say how to read it (the command's --iri when it has one) or map it (curi to-uri).
 */
static void iri_hint(struct buf *err, int code, const char *s, size_t n, size_t offset)
{
    size_t cols;
    int text;
    if (code < CURI_ERR_USERINFO_CHAR || code > CURI_ERR_FRAGMENT_CHAR ||
        code == CURI_ERR_PORT_CHAR || offset >= n || (unsigned char)s[offset] < 0x80)
        return;
    (void)show_unit((const unsigned char *)s + offset, n - offset, &cols, &text);
    if (!text)
        return; /* not UTF-8, or a character shown escaped (a byte order mark) */
    buf_puts(err, "  hint: a non-ASCII character: this is an IRI (RFC 3987), not a URI; ");
    if (cli_cmd != NULL && cmd_has_option(cli_cmd, "--iri")) {
        buf_puts(err, "read it with 'curi ");
        buf_puts(err, cli_cmd);
        buf_puts(err, " --iri', or map it ");
    } else {
        buf_puts(err, "map it ");
    }
    buf_puts(err, "with 'curi to-uri'\n");
}

void diagnose(struct buf *err, int code, const char *s, size_t n, size_t offset, int caret)
{
    diagnose_where(err);
    name_and_message(err, code, s, n, offset, caret);
    show_caret(err, s, n, offset, caret);
    if (caret)
        iri_hint(err, code, s, n, offset);
}

/* diagnose() for an input that is a local path: shown as it is (show_path), not escaped. */
void diagnose_path(struct buf *err, int code, const char *s, size_t n, size_t offset)
{
    diagnose_where(err);
    name_and_message(err, code, s, n, offset, 1);
    span(err, s, n, offset, offset, 1, 1);
}

/* A broken scheme rule (curi_scheme_check): "curi: WHERE: RULE at byte N: sentence", caret. */
void diagnose_rule(struct buf *err, const char *rule, const char *s, size_t n, size_t offset)
{
    const char *msg = curi_scheme_rule_message(rule);

    diagnose_where(err);
    buf_puts(err, rule);
    buf_puts(err, " at byte ");
    buf_putu(err, offset);
    buf_put(err, ": ", 2);
    buf_puts(err, msg != NULL ? msg : curi_strerror(CURI_ERR_SCHEME_RULE));
    buf_putc(err, '\n');
    show_caret(err, s, n, offset, 1);
}

/* The same as a JSON object: {"input":...,"error":RULE,"message":...,"offset":N}. */
void json_rule_error(struct buf *out, const char *rule, const char *s, size_t n, size_t offset)
{
    const char *msg = curi_scheme_rule_message(rule);

    if (msg == NULL)
        msg = curi_strerror(CURI_ERR_SCHEME_RULE);
    buf_putc(out, '{');
    json_member(out, "input", s, n);
    json_member(out, "error", rule, strlen(rule));
    json_member(out, "message", msg, strlen(msg));
    json_key(out, "offset");
    buf_putu(out, offset);
    buf_put(out, "}\n", 2);
}

/* The same for a fixed argument (a base URI, a setting): "curi: WHAT: NAME at byte N: ...". */
void diagnose_value(struct buf *err, const char *what, int code, const char *s, size_t n,
                    size_t offset)
{
    buf_puts(err, "curi: ");
    buf_puts(err, what);
    buf_put(err, ": ", 2);
    name_and_message(err, code, s, n, offset, 1);
    show_caret(err, s, n, offset, 1);
    iri_hint(err, code, s, n, offset);
}
