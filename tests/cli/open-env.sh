#!/bin/sh
# open-env.sh -- run `curi open` where only fake handlers can run (tests/cli/open.t).
#
#   sh tests/cli/open-env.sh 'PROG...' [NAME=VALUE...] -- ARG...
#
# Makes a temporary directory T with T/bin holding one fake handler per PROG, T/dir (a
# directory) and T/file (a regular file), then runs
#
#   env -i PATH=T/bin HOME=T/home CURI_OPEN_SYSTEM_CONF=T/etc/open.conf NAME=VALUE... \
#       $CURI open ARG...
#
# so that nothing of the caller's environment (DISPLAY, BROWSER, PAGER, config files) and no
# real program is seen.  "@T@" in a VALUE, an ARG or a config file stands for T.  $USER_CONF and $SYS_CONF,
# when set, are written to T/home/.config/curi/open.conf and T/etc/open.conf.  A PROG
# written NAME! is an executable that cannot run (its interpreter does not exist).  A fake
# handler appends "ran PROG [ARG]..." to T/log and exits with $FAKE_STATUS (default 0), or
# kills itself with signal $FAKE_SIGNAL.  Prints curi's standard output, then the log, and
# curi's standard error on standard error, with T written "T"; exits with curi's status.
# SPDX-License-Identifier: MIT

: "${CURI:?set CURI to the curi binary}"
progs=$1
shift
t=$(mktemp -d "${TMPDIR:-/tmp}/curi-open.XXXXXX") || exit 99
trap 'rm -rf "$t"' EXIT INT TERM
mkdir -p "$t/bin" "$t/home/.config/curi" "$t/etc" "$t/dir"
: >"$t/file"
for p in $progs; do
    case $p in
    *!)
        # NAME!: an executable file whose interpreter does not exist
        p=${p%!}
        printf '#!/nonexistent/interpreter\n' >"$t/bin/$p"
        chmod +x "$t/bin/$p"
        continue
        ;;
    esac
    cat >"$t/bin/$p" <<EOF
#!/bin/sh
{ printf 'ran %s' "\${0##*/}"; for a in "\$@"; do printf ' [%s]' "\$a"; done; printf '\\n'; } >>"$t/log"
if [ -n "\$FAKE_SIGNAL" ]; then kill -s "\$FAKE_SIGNAL" \$\$; fi
exit \${FAKE_STATUS:-0}
EOF
    chmod +x "$t/bin/$p"
done
[ -n "${USER_CONF+x}" ] && printf '%s\n' "$USER_CONF" | sed "s|@T@|$t|g" >"$t/home/.config/curi/open.conf"
[ -n "${SYS_CONF+x}" ] && printf '%s\n' "$SYS_CONF" | sed "s|@T@|$t|g" >"$t/etc/open.conf"

# Rotate the arguments into the command: env -i, the fixed variables, the caller's
# NAME=VALUE words, "$CURI open" in place of "--", then the ARGs, with @T@ replaced.
sub() { printf '%s' "$1" | sed "s|@T@|$t|g"; }
count=$#
set -- "$@" env -i "PATH=$t/bin" "HOME=$t/home" "CURI_OPEN_SYSTEM_CONF=$t/etc/open.conf"
i=0
vars=1
while [ $i -lt $count ]; do
    a=$1
    shift
    i=$((i + 1))
    if [ $vars = 1 ] && [ "$a" = -- ]; then
        vars=0
        set -- "$@" "$CURI" open
    else
        set -- "$@" "$(sub "$a")"
    fi
done
"$@" >"$t/out" 2>"$t/err"
status=$?
sed "s|$t|T|g" "$t/out"
[ -f "$t/log" ] && sed "s|$t|T|g" "$t/log"
sed "s|$t|T|g" "$t/err" >&2
exit $status
