/*
 * cmd_iri.c -- "curi to-uri", "curi to-iri" (RFC 3987 3.1, 3.2) and "curi host" (libcuri's
 * UTS #46, or its IDNA2008 with --idna2008), and the IDNA helpers that get's
 * {host:ascii} and {host:unicode} share.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char to_uri_help[] =
    "Usage: curi to-uri [--idn|--no-idn] [OPTION...] [--] [IRI...]\n"
    "\n"
    "Print the URI of each IRI reference (RFC 3987 3.1): the UTF-8 bytes of every\n"
    "non-ASCII character percent-encoded, so https://ja.wikipedia.org/wiki/東京\n"
    "gives .../wiki/%E6%9D%B1%E4%BA%AC.  The host of a scheme whose host is a DNS\n"
    "name (http, https, ws, wss, ftp, ftps; mailto: each address's domain) goes\n"
    "through IDNA instead (UTS #46 ToASCII, as 3.1 allows for DNS names):\n"
    "https://münchen.de/ gives https://xn--mnchen-3ya.de/.  Other hosts are\n"
    "percent-encoded; --idn converts every host name, --no-idn none.  An input that\n"
    "is not an IRI reference (bad UTF-8 is UTF8 at its first byte), or whose host\n"
    "IDNA refuses, is invalid.\n"
    "\n"
    "@OPTIONS@\n";

static const char to_iri_help[] =
    "Usage: curi to-iri [--idn] [OPTION...] [--] [URI...]\n"
    "\n"
    "Print the IRI of each URI reference (RFC 3987 3.2): percent-encoded bytes that\n"
    "spell a character in UTF-8 are written as that character where the component\n"
    "may hold it raw, and those of an unreserved ASCII character as it (%7E%41 ->\n"
    "~A); '%', reserved and other ASCII, invalid UTF-8, characters not allowed\n"
    "there and the bidi formatting characters stay encoded, in uppercase hex.  With\n"
    "--idn a host name with xn-- labels is shown in Unicode (UTS #46 ToUnicode)\n"
    "when it is valid, else kept.\n"
    "\n"
    "@OPTIONS@\n";

static const char host_help[] =
    "Usage: curi host --to-ascii|--to-unicode [--verify-dns-length] [--std3] [--idna2008]\n"
    "                 [OPTION...] [--] [HOST...]\n"
    "\n"
    "Convert each host name with libcuri's own UTS #46 as the WHATWG URL Standard\n"
    "configures it (nontransitional; CheckBidi and CheckJoiners; no CheckHyphens,\n"
    "UseSTD3ASCIIRules or VerifyDnsLength): --to-ascii gives A-labels\n"
    "(bücher.example -> xn--bcher-kva.example, ¡ -> xn--7a, a。b -> a.b),\n"
    "--to-unicode U-labels.  --verify-dns-length refuses empty labels, labels over\n"
    "63 bytes and names over 253; --std3 allows only letters, digits and '-'.\n"
    "--idna2008 converts with IDNA2008 instead (after the UTS #46 mapping, symbols\n"
    "such as ¡ fail and the CONTEXTO rules of RFC 5892 apply; CheckHyphens and\n"
    "VerifyDnsLength always on; a root dot kept) and reports the reason.  UTS #46\n"
    "takes the name as UTF-8 and its ASCII as it is ('%' and '/' pass: the WHATWG\n"
    "host parser decodes and refuses those around it, as curi url does); with\n"
    "--idna2008 a name may be percent-encoded UTF-8 and may only give what a URI's\n"
    "host holds.  An IP literal in [ ] is printed as it is.\n"
    "\n"
    "@OPTIONS@\n";

/* diagnose(), and after it the reason of an IDNA failure: "  reason: NAME: sentence". */
void diagnose_idn(struct buf *err, const char *s, size_t n, const curi_error *e)
{
    const char *msg, *why = curi_idn_reason(e, &msg);
    diagnose(err, e->code, s, n, e->offset, 1);
    if (why != NULL) {
        buf_puts(err, "  reason: ");
        buf_puts(err, why);
        if (msg != NULL) {
            buf_puts(err, ": ");
            buf_puts(err, msg);
        }
        buf_putc(err, '\n');
    }
}

/* The same for JSON: the error keys, and "reason" when IDNA said why. */
static void json_idn_error(struct buf *out, const char *s, size_t n, const curi_error *e)
{
    const char *why = curi_idn_reason(e, NULL);
    buf_putc(out, '{');
    json_member(out, "input", s, n);
    json_error(out, e->code, e->offset, 1);
    if (why != NULL)
        json_member(out, "reason", why, strlen(why));
    buf_put(out, "}\n", 2);
}

enum { DO_TO_URI, DO_TO_IRI, DO_ASCII, DO_UNICODE };

struct iri_ctx {
    int what;
    unsigned flags;
    int json;
    int uts46; /* curi host without --idna2008: curi_uts46_* with flags, IP literals aside */
};

/* curi host's conversion of one name: UTS #46 (an IP literal as curi_host_to_ascii copies it)
 * or, with --idna2008, curi_host_to_ascii's (IDNA2008). */
static int host_convert(const struct iri_ctx *ctx, char *d, size_t cap, size_t *len,
                        const char *s, size_t n, curi_error *e)
{
    int unicode = ctx->what == DO_UNICODE;
    if (ctx->uts46 && !(n > 0 && s[0] == '['))
        return unicode ? curi_uts46_to_unicode(d, cap, len, s, n, ctx->flags, e)
                       : curi_uts46_to_ascii(d, cap, len, s, n, ctx->flags, e);
    if (ctx->uts46) /* an IP literal, checked and copied: no IDNA, no flags */
        return curi_host_to_ascii(d, cap, len, s, n, 0, e);
    return unicode ? curi_host_to_unicode(d, cap, len, s, n, ctx->flags, e)
                   : curi_host_to_ascii(d, cap, len, s, n, ctx->flags, e);
}

static int iri_line(const void *vctx, const char *s, size_t n, struct buf *out, struct buf *err,
                    struct buf *tmp)
{
    const struct iri_ctx *ctx = vctx;
    struct buf *dst = ctx->json ? tmp : out;
    size_t bound, len = 0;
    curi_error e = {CURI_OK, 0, 0};
    int rc;

    switch (ctx->what) {
    case DO_TO_URI:
        bound = curi_iri_to_uri_bound(n, ctx->flags);
        break;
    case DO_TO_IRI:
        bound = curi_uri_to_iri_bound(n, ctx->flags);
        break;
    case DO_ASCII:
        bound = curi_host_to_ascii_bound(n);
        break;
    default:
        bound = curi_host_to_unicode_bound(n);
        break;
    }
    if (ctx->json)
        tmp->len = 0;
    buf_reserve(dst, bound + 1);
    char *d = dst->p + dst->len;
    switch (ctx->what) {
    case DO_TO_URI:
        rc = curi_iri_to_uri(d, bound, &len, s, n, ctx->flags, &e);
        break;
    case DO_TO_IRI:
        rc = curi_uri_to_iri(d, bound, &len, s, n, ctx->flags, &e);
        break;
    default:
        rc = host_convert(ctx, d, bound, &len, s, n, &e);
        break;
    }
    if (rc != CURI_OK) {
        if (ctx->json) {
            json_idn_error(out, s, n, &e);
        } else {
            diagnose_idn(err, s, n, &e);
            buf_putc(out, '\n');
        }
        return EXIT_INVALID;
    }
    dst->len += len;
    if (ctx->json)
        json_io(out, s, n, tmp->p, tmp->len);
    else
        buf_putc(out, '\n');
    return EXIT_VALID;
}

/* What the options of to-uri, to-iri and host say (parse_args' handler). */
struct iri_args {
    struct iri_ctx *ctx;
    int idn; /* -1: to-uri's default, IDNA for DNS hosts (RFC 3987 3.1) */
    int to_ascii, to_unicode, std3, dns_length, idna2008; /* curi host */
};

static int iri_option(struct common *c, void *via, int id, char *v)
{
    struct iri_args *ia = via;
    (void)c;
    (void)v;
    if (id == OPT_IDN)
        ia->idn = 1;
    else if (id == OPT_NO_IDN)
        ia->idn = 0;
    else if (id == OPT_STD3)
        ia->std3 = 1;
    else if (id == OPT_VERIFY_DNS_LENGTH)
        ia->dns_length = 1;
    else if (id == OPT_IDNA2008)
        ia->idna2008 = 1;
    else if (id == OPT_TO_ASCII)
        ia->to_ascii = 1;
    else if (id == OPT_TO_UNICODE)
        ia->to_unicode = 1;
    return 0; /* an operand stays one */
}

static int run_iri(int argc, char **argv, const char *cmd, const char *help, int what)
{
    struct common c = {.cmd = cmd, .help = help, .jobs = 1};
    struct iri_ctx ctx = {what, 0, 0, 0};
    struct iri_args ia = {&ctx, -1, 0, 0, 0, 0, 0};
    int nops = parse_args(&c, argc, argv, iri_option, &ia);
    int idn = ia.idn, to_ascii = ia.to_ascii, to_unicode = ia.to_unicode;
    int std3 = ia.std3, dns_length = ia.dns_length, idna2008 = ia.idna2008;
    if (idn == 1)
        ctx.flags |= what == DO_TO_URI ? CURI_IRI_IDN | CURI_IRI_IDN_DNS : CURI_IRI_IDN;
    else if (idn == -1 && what == DO_TO_URI && (curi_features() & CURI_FEATURE_IDN))
        ctx.flags |= CURI_IRI_IDN_DNS;
    if (what == DO_ASCII) {
        if (to_ascii == to_unicode)
            usage_error(&c, "needs exactly one of --to-ascii and --to-unicode", NULL);
        ctx.what = to_ascii ? DO_ASCII : DO_UNICODE;
        ctx.uts46 = !idna2008;
        if (idna2008) /* VerifyDnsLength is always on there */
            ctx.flags = std3 ? CURI_HOST_STD3 : 0;
        else
            ctx.flags = (std3 ? CURI_UTS46_STD3 : 0) |
                        (dns_length ? CURI_UTS46_VERIFY_DNS_LENGTH : 0);
    }
    ctx.json = c.json;
    return run_lines(iri_line, &ctx, argv, nops, &c, 0);
}

int cmd_to_uri(int argc, char **argv)
{
    return run_iri(argc, argv, "to-uri", to_uri_help, DO_TO_URI);
}

int cmd_to_iri(int argc, char **argv)
{
    return run_iri(argc, argv, "to-iri", to_iri_help, DO_TO_IRI);
}

int cmd_host(int argc, char **argv)
{
    return run_iri(argc, argv, "host", host_help, DO_ASCII);
}

/*
 * get's {host:ascii} (unicode = 0) and {host:unicode}: the reg-name of u (parsed from s)
 * converted, written to out; error offsets are into s.
 * A host that needs nothing (ASCII without %HH above 7F for ascii; without an xn-- label for
 * unicode) and an IP address are written as they are.  Returns CURI_OK or the error in *e.
 */
int host_idn(struct buf *out, const curi_uri *u, const char *s, int unicode, curi_error *e)
{
    const char *h = u->host.ptr;
    size_t n = u->host.len, len, bound;
    int need = 0, rc;
    if (h == NULL)
        return CURI_OK;
    for (size_t i = 0; u->host_type == CURI_HOST_REGNAME && i < n; i++) {
        unsigned char c = (unsigned char)h[i];
        if (!unicode && (c >= 0x80 || (c == '%' && i + 1 < n && h[i + 1] >= '8')))
            need = 1;
        if (unicode && (i == 0 || h[i - 1] == '.') && n - i >= 4 && (h[i] | 0x20) == 'x' &&
            (h[i + 1] | 0x20) == 'n' && h[i + 2] == '-' && h[i + 3] == '-')
            need = 1;
    }
    if (!need) {
        buf_put(out, h, n);
        return CURI_OK;
    }
    bound = unicode ? curi_host_to_unicode_bound(n) : curi_host_to_ascii_bound(n);
    buf_reserve(out, bound);
    if (unicode)
        rc = curi_host_to_unicode(out->p + out->len, bound, &len, h, n, 0, e);
    else
        rc = curi_host_to_ascii(out->p + out->len, bound, &len, h, n, 0, e);
    if (rc == CURI_OK)
        out->len += len;
    else
        e->offset += (size_t)(h - s); /* u was parsed from s */
    return rc;
}
