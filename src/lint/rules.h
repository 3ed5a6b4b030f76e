/*
 * rules.h -- the rule groups of curi_lint, one file each (rules_*.c), which lint.c calls in
 * turn; each stands on lint_core.h only (rules_host.c also on rules_idn.c; rules_diff.c also on
 * whatwg.c's parser).  Never installed.
 * SPDX-License-Identifier: MIT
 */
#ifndef CURI_LINT_RULES_H
#define CURI_LINT_RULES_H

#include "lint_core.h"

/*
 * The rule groups.  Each runs its rules over c (appending findings with curi__lint_emit)
 * and writes the message of a finding of one of its rules; the message function returns 0
 * for a rule that is not its own.
 */
void curi__lint_general(curi__lint *c); /* 2-15, 40, 41: raw bytes, scheme, authority, userinfo,
                                          size, mailto hfields */
int curi__lint_general_msg(curi__out *o, const curi__lint *c, const curi_finding *f);
void curi__lint_host(curi__lint *c); /* 16-25, 42-44 */
int curi__lint_host_msg(curi__out *o, const curi__lint *c, const curi_finding *f);
/* 42-43 on the reg-name [a, b) with an xn-- label or a non-ASCII byte (rules_idn.c) */
void curi__lint_idn(curi__lint *c, size_t a, size_t b);
int curi__lint_idn_msg(curi__out *o, const curi__lint *c, const curi_finding *f);
void curi__lint_port_path(curi__lint *c); /* 26-29, 36-39 */
int curi__lint_port_path_msg(curi__out *o, const curi__lint *c, const curi_finding *f);
void curi__lint_pct(curi__lint *c); /* 30-35 */
int curi__lint_pct_msg(curi__out *o, const curi__lint *c, const curi_finding *f);
void curi__lint_differential(curi__lint *c); /* 45: the WHATWG URL Standard against RFC 3986 */
int curi__lint_diff_msg(curi__out *o, const curi__lint *c, const curi_finding *f);

#endif /* CURI_LINT_RULES_H */
