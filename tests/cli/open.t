# curi open: each URI handed to its program, with no shell.  Nothing real runs here:
# tests/cli/open-env.sh runs curi under `env -i` with PATH holding only fake handlers that
# log their argv ("ran PROG [ARG]..."), HOME and the system config in a temporary directory T,
# and prints curi's output, then the log.

# ---- The built-in table, text session (no DISPLAY, no WAYLAND_DISPLAY).
$ sh tests/cli/open-env.sh 'man' -- 'man:printf(3)' man:ls 'man:ls(1)#DESCRIPTION'
ran man [3] [printf]
ran man [ls]
ran man [1] [ls]
? 0

$ sh tests/cli/open-env.sh 'info' -- 'info:gcc#Option_Summary' 'info:(gcc)Option%20Summary' 'info:(gcc)' info:gcc 'info:coreutils#ls_invocation'
ran info [(gcc)Option Summary]
ran info [(gcc)Option Summary]
ran info [(gcc)Top]
ran info [(gcc)Top]
ran info [(coreutils)ls invocation]
? 0

$ sh tests/cli/open-env.sh 'whatis' -- whatis:printf 'whatis:it%27s'
ran whatis [printf]
ran whatis [it's]
? 0

# telnet: -l USER only with a user, PORT only when given (an empty one is not given).
$ sh tests/cli/open-env.sh 'telnet' -- 'telnet://bob@host.example:2323' telnet://host.example telnet://host.example:23/ 'telnet://bob@host.example' 'telnet://bob:secret@[::1]:23' 'telnet://host.example:' 'telnet://%62ob@10.0.0.1'
ran telnet [-l] [bob] [host.example] [2323]
ran telnet [host.example]
ran telnet [host.example] [23]
ran telnet [-l] [bob] [host.example]
ran telnet [-l] [bob] [::1] [23]
ran telnet [host.example]
ran telnet [-l] [bob] [10.0.0.1]
! curi: open: 'telnet://bob:secret@[::1]:23': warning: password in the URI: it ends up in logs, history, bookmarks and Referer headers [userinfo-password]
? 0

# The web schemes: w3m, then lynx, then elinks, each only when it is on PATH.
$ sh tests/cli/open-env.sh 'w3m lynx elinks' -- http://example.com/ https://example.com/a?b#c ftp://ftp.example.com/pub/ gopher://gopher.example.com/1
ran w3m [http://example.com/]
ran w3m [https://example.com/a?b#c]
ran w3m [ftp://ftp.example.com/pub/]
ran w3m [gopher://gopher.example.com/1]
? 0

$ sh tests/cli/open-env.sh 'lynx elinks' -- http://example.com/
ran lynx [http://example.com/]
? 0

$ sh tests/cli/open-env.sh 'elinks' -- http://example.com/
ran elinks [http://example.com/]
? 0

$ sh tests/cli/open-env.sh 'mutt neomutt' -- 'mailto:a@example.com?subject=hi%20there'
ran mutt [mailto:a@example.com?subject=hi%20there]
? 0

$ sh tests/cli/open-env.sh 'neomutt' -- mailto:a@example.com
ran neomutt [mailto:a@example.com]
? 0

# file: a directory is listed with ls -l --, anything else goes to $PAGER (default less);
# the path is decoded; localhost is this machine.
$ sh tests/cli/open-env.sh 'ls less' -- file://@T@/dir file://@T@/file file://localhost@T@/file 'file://@T@/a%20b' file:@T@/dir
ran ls [-l] [--] [T/dir]
ran less [T/file]
ran less [T/file]
ran less [T/a b]
ran ls [-l] [--] [T/dir]
? 0

$ sh tests/cli/open-env.sh 'ls more' 'PAGER=more -s' -- file://@T@/file
ran more [-s] [T/file]
? 0

# An unset, empty or missing $PAGER: less, or no handler when $PAGER's program is not there.
$ sh tests/cli/open-env.sh 'less' PAGER= -- file://@T@/file
ran less [T/file]
? 0

$ sh tests/cli/open-env.sh 'less' PAGER=most -- file://@T@/file
! curi: open: 'file://T/file': no handler for file: URIs in a text session: install most, or configure a handler in open.conf (curi(1), curi open)
? 127

# Any other scheme: no handler in a text session unless configured (exit 127).
$ sh tests/cli/open-env.sh 'xdg-open yelp' -- foo:bar ghelp:gedit urn:isbn:0451450523
! curi: open: 'foo:bar': no handler for foo: URIs in a text session: configure a handler in open.conf (curi(1), curi open)
! curi: open: 'ghelp:gedit': no handler for ghelp: URIs in a text session: configure a handler in open.conf (curi(1), curi open)
! curi: open: 'urn:isbn:0451450523': no handler for urn: URIs in a text session: configure a handler in open.conf (curi(1), curi open)
? 127

# ---- The graphical session: yelp first for man: and info:, ghelp: with yelp only,
# xdg-open for the web and everything else, xdg-email for mailto:.
$ sh tests/cli/open-env.sh 'man yelp info xdg-open xdg-email' DISPLAY=:0 -- 'man:printf(3)' 'info:gcc#Option_Summary' ghelp:gedit whatis:ls http://example.com/ mailto:a@example.com file://@T@/file foo:bar
ran yelp [man:printf(3)]
ran yelp [info:gcc#Option_Summary]
ran yelp [ghelp:gedit]
ran xdg-open [whatis:ls]
ran xdg-open [http://example.com/]
ran xdg-email [mailto:a@example.com]
ran xdg-open [T/file]
ran xdg-open [foo:bar]
? 0

# Without yelp: man and info themselves; without xdg-email, the catch-all xdg-open row.
$ sh tests/cli/open-env.sh 'man info xdg-open' DISPLAY=:0 -- 'man:printf(3)' info:gcc mailto:a@example.com ghelp:gedit
ran man [3] [printf]
ran info [(gcc)Top]
ran xdg-open [mailto:a@example.com]
ran xdg-open [ghelp:gedit]
? 0

$ sh tests/cli/open-env.sh 'man' DISPLAY=:0 -- ghelp:gedit http://example.com/
! curi: open: 'ghelp:gedit': no handler for ghelp: URIs in a graphical session: install yelp or xdg-open, or configure a handler in open.conf (curi(1), curi open)
! curi: open: 'http://example.com/': no handler for http: URIs in a graphical session: install xdg-open, or configure a handler in open.conf (curi(1), curi open)
? 127

# ---- The session: WAYLAND_DISPLAY or DISPLAY (not empty) make it graphical; --text and
# --graphical override (the last one given wins).
$ sh tests/cli/open-env.sh 'man yelp' WAYLAND_DISPLAY=wayland-0 -- man:ls
ran yelp [man:ls]
? 0

$ sh tests/cli/open-env.sh 'man yelp' DISPLAY= WAYLAND_DISPLAY= -- man:ls
ran man [ls]
? 0

$ sh tests/cli/open-env.sh 'man yelp' DISPLAY=:0 -- --text man:ls
ran man [ls]
? 0

$ sh tests/cli/open-env.sh 'man yelp' -- --graphical man:ls
ran yelp [man:ls]
? 0

$ sh tests/cli/open-env.sh 'man yelp' -- --graphical --text --dry-run --json man:ls
{"uri":"man:ls","session":"text","argv":["man","ls"],"source":"built-in","candidates":[{"argv":["man","ls"],"source":"built-in","installed":true,"runs":true}]}
? 0

# ---- $BROWSER: colon-separated entries, in order, before the built-in browsers; %s is the
# URI (inside a word too), %% a '%'; an entry without %s gets the URI appended; an entry
# whose program is not on PATH, and an empty entry, are passed over.
$ sh tests/cli/open-env.sh 'firefox w3m' 'BROWSER=netscape %s::firefox --new-tab %s:w3m' -- http://example.com/
ran firefox [--new-tab] [http://example.com/]
? 0

$ sh tests/cli/open-env.sh 'firefox w3m' 'BROWSER=firefox' -- https://example.com/
ran firefox [https://example.com/]
? 0

$ sh tests/cli/open-env.sh 'firefox' 'BROWSER=firefox --url=%s --x=100%% -{a}' -- ftp://example.com/ gopher://example.com/
ran firefox [--url=ftp://example.com/] [--x=100%] [-{a}]
ran firefox [--url=gopher://example.com/] [--x=100%] [-{a}]
? 0

$ sh tests/cli/open-env.sh 'firefox w3m' 'BROWSER=chromium %s' -- http://example.com/
ran w3m [http://example.com/]
? 0

# $BROWSER is for the web schemes only.
$ sh tests/cli/open-env.sh 'firefox man' 'BROWSER=firefox' -- man:ls
ran man [ls]
? 0

# ---- Config files: the user's first, then the system's, then the built-in table; the first
# row whose scheme and session match, whose program is on PATH and whose placeholders all
# have a value is used.
$ USER_CONF="$(printf '# my handlers\nman any mandoc {part:name}   # a comment after a row\n\nhttp graphical  firefox\t--new-window {uri}')" sh tests/cli/open-env.sh 'mandoc man firefox' -- man:ls 'man:printf(3)' --graphical http://example.com/
ran mandoc [ls]
ran mandoc [printf]
ran firefox [--new-window] [http://example.com/]
? 0

$ SYS_CONF='man any sysman {part:name}' USER_CONF='man any usrman {part:name}' sh tests/cli/open-env.sh 'usrman sysman man' -- man:ls
ran usrman [ls]
? 0

$ SYS_CONF='man any sysman {part:name}' USER_CONF='man any usrman {part:name}' sh tests/cli/open-env.sh 'sysman man' -- man:ls
ran sysman [ls]
? 0

# XDG_CONFIG_HOME, when absolute, is where the user's file is (else ~/.config).
$ USER_CONF='man any mine {part:name}' sh tests/cli/open-env.sh 'mine man' XDG_CONFIG_HOME=@T@/home/.config HOME=/nonexistent -- man:ls
ran mine [ls]
? 0

$ USER_CONF='man any mine {part:name}' sh tests/cli/open-env.sh 'mine man' XDG_CONFIG_HOME=@T@/elsewhere -- man:ls
ran man [ls]
? 0

$ USER_CONF='man any mine {part:name}' sh tests/cli/open-env.sh 'mine man' XDG_CONFIG_HOME=relative -- man:ls
ran mine [ls]
? 0

# Placeholders: {host} {port} {user} decoded, {path} and {dir}, {part:NAME} (parts of curi
# parse --scheme, decoded where they are text), text around them, "{{" for '{'.  A row
# whose placeholder is absent or empty does not apply, and the next one is tried.
$ USER_CONF="$(printf 'telnet any ssh -p {port} {user}@{host}\ntelnet any ssh {host}\nnews any slrn --group={part:newsgroups} {{x}\nldap any ldapsearch -H ldap://{host} -b {part:dn}\n* any catchall {uri}\nfile any pager {path}')" sh tests/cli/open-env.sh 'ssh slrn ldapsearch catchall pager' -- 'telnet://b%6Fb@example.org:2222' telnet://example.org 'news:comp.lang.c' 'ldap://ldap.example.com/o=Example%20Inc' tel:+1-201-555-0123 file://@T@/file
ran ssh [-p] [2222] [bob@example.org]
ran ssh [example.org]
ran slrn [--group=comp.lang.c] [{x}]
ran ldapsearch [-H] [ldap://ldap.example.com] [-b] [o=Example Inc]
ran catchall [tel:+1-201-555-0123]
ran catchall [file://T/file]
? 0

$ USER_CONF="$(printf 'file any show-dir {dir}\nfile any show-file {path}')" sh tests/cli/open-env.sh 'show-dir show-file' -- file://@T@/dir file://@T@/file
ran show-dir [T/dir]
ran show-file [T/file]
? 0

# A program given as a path runs when it is executable, whatever PATH holds.
$ USER_CONF='man any @T@/bin/man {part:name}' sh tests/cli/open-env.sh 'man' PATH=/nonexistent -- man:ls
ran man [ls]
? 0

# Bad lines are reported with FILE:LINE and skipped; the other lines still count.
$ USER_CONF="$(printf 'man\nman any\nman sometimes man {part:name}\nman any man {nope}\nman any man {part:nope}\nman any man {part:name\nman any {part:name}\nman any -man {part:name}\nht*tp any w3m {uri}\nman any ok {part:name}')" sh tests/cli/open-env.sh 'ok' -- man:ls
ran ok [ls]
! curi: open: T/home/.config/curi/open.conf:1: a line is SCHEME SESSION PROGRAM [ARG...]
! curi: open: T/home/.config/curi/open.conf:2: a line is SCHEME SESSION PROGRAM [ARG...]
! curi: open: T/home/.config/curi/open.conf:3: SESSION must be text, graphical or any
! curi: open: T/home/.config/curi/open.conf:4: unknown placeholder (uri, host, port, path, dir, user or part:NAME with NAME a part of curi parse --scheme)
! curi: open: T/home/.config/curi/open.conf:5: unknown placeholder (uri, host, port, path, dir, user or part:NAME with NAME a part of curi parse --scheme)
! curi: open: T/home/.config/curi/open.conf:6: '{' opens a placeholder that has no '}' (a literal '{' is written '{{')
! curi: open: T/home/.config/curi/open.conf:7: PROGRAM must be a name or a path, without placeholders and not starting with '-'
! curi: open: T/home/.config/curi/open.conf:8: PROGRAM must be a name or a path, without placeholders and not starting with '-'
! curi: open: T/home/.config/curi/open.conf:9: SCHEME must be a scheme name (a letter, then letters, digits, '+', '-', '.') or '*'
? 0

$ USER_CONF="$(printf 'man any man\001 {part:name}\nman any man {part:name}\r')" sh tests/cli/open-env.sh 'man' -- man:ls
ran man [ls]
! curi: open: T/home/.config/curi/open.conf:1: a control byte in the line
? 0

# --print-table: the effective table, each row written as a config line with its source.
$ USER_CONF="$(printf 'man any mandoc {part:name}\nbad line')" SYS_CONF="$(printf '* graphical open {uri}')" sh tests/cli/open-env.sh '' 'BROWSER=firefox %s:links' 'PAGER=more -s' -- --print-table
man any mandoc {part:name}  # T/home/.config/curi/open.conf:1
* graphical open {uri}  # T/etc/open.conf:1
man graphical yelp {uri}  # built-in
man any man {part:section} {part:name}  # built-in
man any man {part:name}  # built-in
info graphical yelp {uri}  # built-in
info any info ({part:file}){part:node_name}  # built-in
whatis any whatis {part:string}  # built-in
ghelp graphical yelp {uri}  # built-in
telnet any telnet -l {user} {host} {port}  # built-in
telnet any telnet -l {user} {host}  # built-in
telnet any telnet {host} {port}  # built-in
telnet any telnet {host}  # built-in
http any firefox {uri}  # built-in ($BROWSER)
http any links {uri}  # built-in ($BROWSER)
http text w3m {uri}  # built-in
http text lynx {uri}  # built-in
http text elinks {uri}  # built-in
http graphical xdg-open {uri}  # built-in
https any firefox {uri}  # built-in ($BROWSER)
https any links {uri}  # built-in ($BROWSER)
https text w3m {uri}  # built-in
https text lynx {uri}  # built-in
https text elinks {uri}  # built-in
https graphical xdg-open {uri}  # built-in
ftp any firefox {uri}  # built-in ($BROWSER)
ftp any links {uri}  # built-in ($BROWSER)
ftp text w3m {uri}  # built-in
ftp text lynx {uri}  # built-in
ftp text elinks {uri}  # built-in
ftp graphical xdg-open {uri}  # built-in
gopher any firefox {uri}  # built-in ($BROWSER)
gopher any links {uri}  # built-in ($BROWSER)
gopher text w3m {uri}  # built-in
gopher text lynx {uri}  # built-in
gopher text elinks {uri}  # built-in
gopher graphical xdg-open {uri}  # built-in
mailto graphical xdg-email {uri}  # built-in
mailto text mutt {uri}  # built-in
mailto text neomutt {uri}  # built-in
file graphical xdg-open {path}  # built-in
file text ls -l -- {dir}  # built-in
file text more -s {path}  # built-in ($PAGER)
* graphical xdg-open {uri}  # built-in
! curi: open: T/home/.config/curi/open.conf:2: a line is SCHEME SESSION PROGRAM [ARG...]
? 0

$ USER_CONF='man any mandoc -T{{utf8} {part:name}' sh tests/cli/open-env.sh '' -- --print-table --json
{"scheme":"man","session":"any","argv":["mandoc","-T{{utf8}","{part:name}"],"source":"T/home/.config/curi/open.conf:1"}
{"scheme":"man","session":"graphical","argv":["yelp","{uri}"],"source":"built-in"}
{"scheme":"man","session":"any","argv":["man","{part:section}","{part:name}"],"source":"built-in"}
{"scheme":"man","session":"any","argv":["man","{part:name}"],"source":"built-in"}
{"scheme":"info","session":"graphical","argv":["yelp","{uri}"],"source":"built-in"}
{"scheme":"info","session":"any","argv":["info","({part:file}){part:node_name}"],"source":"built-in"}
{"scheme":"whatis","session":"any","argv":["whatis","{part:string}"],"source":"built-in"}
{"scheme":"ghelp","session":"graphical","argv":["yelp","{uri}"],"source":"built-in"}
{"scheme":"telnet","session":"any","argv":["telnet","-l","{user}","{host}","{port}"],"source":"built-in"}
{"scheme":"telnet","session":"any","argv":["telnet","-l","{user}","{host}"],"source":"built-in"}
{"scheme":"telnet","session":"any","argv":["telnet","{host}","{port}"],"source":"built-in"}
{"scheme":"telnet","session":"any","argv":["telnet","{host}"],"source":"built-in"}
{"scheme":"http","session":"text","argv":["w3m","{uri}"],"source":"built-in"}
{"scheme":"http","session":"text","argv":["lynx","{uri}"],"source":"built-in"}
{"scheme":"http","session":"text","argv":["elinks","{uri}"],"source":"built-in"}
{"scheme":"http","session":"graphical","argv":["xdg-open","{uri}"],"source":"built-in"}
{"scheme":"https","session":"text","argv":["w3m","{uri}"],"source":"built-in"}
{"scheme":"https","session":"text","argv":["lynx","{uri}"],"source":"built-in"}
{"scheme":"https","session":"text","argv":["elinks","{uri}"],"source":"built-in"}
{"scheme":"https","session":"graphical","argv":["xdg-open","{uri}"],"source":"built-in"}
{"scheme":"ftp","session":"text","argv":["w3m","{uri}"],"source":"built-in"}
{"scheme":"ftp","session":"text","argv":["lynx","{uri}"],"source":"built-in"}
{"scheme":"ftp","session":"text","argv":["elinks","{uri}"],"source":"built-in"}
{"scheme":"ftp","session":"graphical","argv":["xdg-open","{uri}"],"source":"built-in"}
{"scheme":"gopher","session":"text","argv":["w3m","{uri}"],"source":"built-in"}
{"scheme":"gopher","session":"text","argv":["lynx","{uri}"],"source":"built-in"}
{"scheme":"gopher","session":"text","argv":["elinks","{uri}"],"source":"built-in"}
{"scheme":"gopher","session":"graphical","argv":["xdg-open","{uri}"],"source":"built-in"}
{"scheme":"mailto","session":"graphical","argv":["xdg-email","{uri}"],"source":"built-in"}
{"scheme":"mailto","session":"text","argv":["mutt","{uri}"],"source":"built-in"}
{"scheme":"mailto","session":"text","argv":["neomutt","{uri}"],"source":"built-in"}
{"scheme":"file","session":"graphical","argv":["xdg-open","{path}"],"source":"built-in"}
{"scheme":"file","session":"text","argv":["ls","-l","--","{dir}"],"source":"built-in"}
{"scheme":"file","session":"text","argv":["less","{path}"],"source":"built-in"}
{"scheme":"*","session":"graphical","argv":["xdg-open","{uri}"],"source":"built-in"}
? 0

# examples/open.conf has no bad line.
$ USER_CONF="$(cat examples/open.conf)" sh tests/cli/open-env.sh '' -- --print-table | grep -c '# T/home/.config/curi/open.conf:'
11
? 0

$ USER_CONF="$(cat examples/open.conf)" sh tests/cli/open-env.sh 'info ssh' -- 'info:(gcc)Option%20Summary' 'telnet://bob@example.org'
ran info [-f] [gcc] [-n] [Option Summary]
ran ssh [bob@example.org]
? 0

# examples/curi-open.desktop routes the uri(7) schemes to curi open, the URI one argument.
$ grep -E '^(Exec|MimeType)=' examples/curi-open.desktop
Exec=curi open %u
MimeType=x-scheme-handler/man;x-scheme-handler/info;x-scheme-handler/whatis;x-scheme-handler/ghelp;
? 0

# ---- Refusals (exit 1, one line on standard error, nothing runs).
# Option injection: an argument from the URI that would start with '-', for each scheme.
$ sh tests/cli/open-env.sh 'man whatis telnet info' -- man:-Pid 'man:ls(-P)' man:- whatis:-k whatis:--help 'telnet://-lroot@host' telnet://-host 'telnet://bob@-host:23'
! curi: open: 'man:-Pid': refused: the argument '-Pid' would start with '-' (option injection into man)
! curi: open: 'man:ls(-P)': refused: the argument '-P' would start with '-' (option injection into man)
! curi: open: 'man:-': refused: the argument '-' would start with '-' (option injection into man)
! curi: open: 'whatis:-k': refused: the argument '-k' would start with '-' (option injection into whatis)
! curi: open: 'whatis:--help': refused: the argument '--help' would start with '-' (option injection into whatis)
! curi: open: 'telnet://-lroot@host': refused: the argument '-lroot' would start with '-' (option injection into telnet)
! curi: open: 'telnet://-host': refused: the argument '-host' would start with '-' (option injection into telnet)
! curi: open: 'telnet://bob@-host:23': refused: the argument '-host' would start with '-' (option injection into telnet)
? 1

$ USER_CONF="$(printf 'http any curl {host}\nmailto any mail {part:to}\nftp any ftpc {user}\nfile any view {part:path}\nnews any slrn {part:newsgroups}\ngopher any gc {part:selector}')" sh tests/cli/open-env.sh 'curl mail ftpc view slrn gc' -- http://-oevil/ mailto:-ffile@example.com 'ftp://-u@example.com/' 'news:-x' 'gopher://example.com/1-x'
! curi: open: 'http://-oevil/': refused: the argument '-oevil' would start with '-' (option injection into curl)
! curi: open: 'mailto:-ffile@example.com': refused: the argument '-ffile@example.com' would start with '-' (option injection into mail)
! curi: open: 'ftp://-u@example.com/': refused: the argument '-u' would start with '-' (option injection into ftpc)
! curi: open: 'news:-x': refused: the argument '-x' would start with '-' (option injection into slrn)
! curi: open: 'gopher://example.com/1-x': refused: the argument '-x' would start with '-' (option injection into gc)
? 1

# ... refused even when the program that would take it is not installed, and when another
# candidate would not pass it on: every candidate row is checked.
$ sh tests/cli/open-env.sh 'yelp' DISPLAY=:0 -- man:-Pid
! curi: open: 'man:-Pid': refused: the argument '-Pid' would start with '-' (option injection into man)
? 1

# ... and a '-' that the table writes is not injection.
$ USER_CONF="$(printf 'man any man -- {part:name}\ninfo any info --file={part:file}')" sh tests/cli/open-env.sh 'man info' -- man:-Pid info:-x
ran info [--file=-x]
! curi: open: 'man:-Pid': refused: the argument '-Pid' would start with '-' (option injection into man)
? 1

# Control bytes and NUL in a decoded argument (also C1 controls in UTF-8), --force or not.
$ sh tests/cli/open-env.sh 'man whatis telnet info less' -- man:a%07b --force 'man:a%0Ab' 'whatis:a%00b' 'telnet://a%1Bb@host' 'info:gcc#a%09b' 'man:a%C2%9Bb' 'file:///tmp/a%1B%5B31m'
! curi: open: 'man:a%07b': refused: an argument for man would hold a control byte or NUL: 'a\x07b'
! curi: open: 'man:a%0Ab': refused: an argument for man would hold a control byte or NUL: 'a\x0ab'
! curi: open: 'whatis:a%00b': refused: an argument for whatis would hold a control byte or NUL: 'a\x00b'
! curi: open: 'telnet://a%1Bb@host': refused: an argument for telnet would hold a control byte or NUL: 'a\x1bb'
! curi: open: 'info:gcc#a%09b': refused: an argument for info would hold a control byte or NUL: '(gcc)a\x09b'
! curi: open: 'man:a%C2%9Bb': refused: an argument for man would hold a control byte or NUL: 'a\xc2\x9bb'
! curi: open: 'file:///tmp/a%1B%5B31m': refused: an argument for less would hold a control byte or NUL: '/tmp/a\x1b[31m'
? 1

# A file: URI naming a remote host, --force or not; localhost (any case, even encoded) is local.
$ sh tests/cli/open-env.sh 'less' -- file://evil.example/etc/passwd --force file://192.0.2.1/x file://LocalHost/etc file://%6Cocalhost/etc
ran less [/etc]
ran less [/etc]
! curi: open: 'file://evil.example/etc/passwd': refused: a file: URI with the remote host 'evil.example' (only an empty host or localhost names a file here)
! curi: open: 'file://192.0.2.1/x': refused: a file: URI with the remote host '192.0.2.1' (only an empty host or localhost names a file here)
? 1

# The schemes javascript, vbscript and data (any case): refused unless --force.
$ sh tests/cli/open-env.sh 'xdg-open' DISPLAY=:0 -- 'javascript:alert(1)' vbscript:msgbox JavaScript:x 'data:text/html,%3Cb%3Ex' 'data:,hi'
! curi: open: 'javascript:alert(1)': refused: 'javascript:' runs script or active content when followed; never accept it as a link target from untrusted input (--force opens it)
! curi: open: 'vbscript:msgbox': refused: 'vbscript:' runs script or active content when followed; never accept it as a link target from untrusted input (--force opens it)
! curi: open: 'JavaScript:x': refused: 'javascript:' runs script or active content when followed; never accept it as a link target from untrusted input (--force opens it)
! curi: open: 'data:text/html,%3Cb%3Ex': refused: 'data:' runs script or active content when followed; never accept it as a link target from untrusted input (--force opens it)
! curi: open: 'data:,hi': refused: 'data:' runs script or active content when followed; never accept it as a link target from untrusted input (--force opens it)
? 1

$ sh tests/cli/open-env.sh 'xdg-open' DISPLAY=:0 -- --force 'javascript:alert(1)' 'data:,hi'
ran xdg-open [javascript:alert(1)]
ran xdg-open [data:,hi]
! curi: open: 'javascript:alert(1)': warning: 'javascript:' runs script or active content when followed; never accept it as a link target from untrusted input [scheme-dangerous]
! curi: open: 'data:,hi': warning: 'data:' runs script or active content when followed; never accept it as a link target from untrusted input [scheme-dangerous]
? 0

# curi check: an error refuses (unless --force, which reports it), a warning is reported
# and the URI opens.
$ sh tests/cli/open-env.sh 'w3m' -- 'http://a%2Fb.example/' 'http://example.com:99999/'
! curi: open: 'http://a%2Fb.example/': refused: curi check finds an error: encoded '/' in the host: a decoder turns it into a delimiter and the host changes (curl CVE-2022-27780) [host-encoded-delimiter] (--force opens it)
! curi: open: 'http://example.com:99999/': refused: curi check finds an error: port 99999 is outside 1-65535; code that stores it in 16 or 32 bits connects to a different port [port-out-of-range] (--force opens it)
? 1

$ sh tests/cli/open-env.sh 'w3m' -- --force 'http://a%2Fb.example/'
ran w3m [http://a%2Fb.example/]
! curi: open: 'http://a%2Fb.example/': error (forced): encoded '/' in the host: a decoder turns it into a delimiter and the host changes (curl CVE-2022-27780) [host-encoded-delimiter]
? 0

$ sh tests/cli/open-env.sh 'w3m' -- 'http://user:pw@example.com/'
ran w3m [http://user:pw@example.com/]
! curi: open: 'http://user:pw@example.com/': warning: userinfo in a http URI: rarely legitimate, often used to make the real host harder to see (RFC 3986 7.6) [userinfo-in-http]
! curi: open: 'http://user:pw@example.com/': warning: password in the URI: it ends up in logs, history, bookmarks and Referer headers [userinfo-password]
? 0

# Not a URI, a relative reference, a broken scheme rule, a file: URI with no local path.
$ sh tests/cli/open-env.sh 'man less xdg-open' -- 'not a uri' /etc/passwd 'man:ls(' 'file:///tmp/x?q' 'file:///a%2Fb'
! curi: open: 'not a uri': not a URI: a URI must start with a scheme followed by ':' (byte 0)
! curi: open: '/etc/passwd': not a URI: a URI must start with a scheme followed by ':' (byte 0)
! curi: open: 'man:ls(': breaks its scheme's grammar: a man section is written (section) at the end of the name, without '/' or %2F (uri(7)) (byte 7)
! curi: open: 'file:///tmp/x?q': breaks its scheme's grammar: a file URI has no query (RFC 8089 2) (byte 13)
! curi: open: 'file:///a%2Fb': not a local file: an encoded separator (%2F; Windows: also %5C) in a segment
? 1

# ---- Exit statuses: the handler's, 128 + N for a signal, 127 without a handler, 1 refused,
# 2 for a usage error; with several URIs the first that is not 0, after all were tried.
$ sh tests/cli/open-env.sh 'man' FAKE_STATUS=3 -- man:ls
ran man [ls]
? 3

$ sh tests/cli/open-env.sh 'man' FAKE_SIGNAL=TERM -- man:ls
ran man [ls]
? 143

$ sh tests/cli/open-env.sh 'man' -- man:ls foo:bar man:-x man:cat
ran man [ls]
ran man [cat]
! curi: open: 'foo:bar': no handler for foo: URIs in a text session: configure a handler in open.conf (curi(1), curi open)
! curi: open: 'man:-x': refused: the argument '-x' would start with '-' (option injection into man)
? 127

$ sh tests/cli/open-env.sh 'man' -- man:-x foo:bar man:cat
ran man [cat]
! curi: open: 'man:-x': refused: the argument '-x' would start with '-' (option injection into man)
! curi: open: 'foo:bar': no handler for foo: URIs in a text session: configure a handler in open.conf (curi(1), curi open)
? 1

$ sh tests/cli/open-env.sh '' -- man:ls
! curi: open: 'man:ls': no handler for man: URIs in a text session: install man, or configure a handler in open.conf (curi(1), curi open)
? 127

$ curi open
! curi: open: no URI to open
! Try 'curi open --help'.
? 2

$ curi open --nope man:ls
! curi: open: unknown option '--nope'
! Try 'curi open --help'.
? 2

$ curi open --print-table man:ls
! curi: open: --print-table takes no URI, got 'man:ls'
! Try 'curi open --help'.
? 2

# A handler that hands the URI back to curi open (a desktop's scheme handler and xdg-open
# can make such a loop): CURI_OPEN_DEPTH counts the levels, and the fourth runs nothing.
$ USER_CONF="loop any $CURI open {uri}" sh tests/cli/open-env.sh '' -- loop:x
! curi: open: 'loop:x': refused: CURI_OPEN_DEPTH says curi open runs inside itself 4 times (a handler hands URIs back to curi open: a loop)
? 1

# A program is one that can run: a directory or a file without execute permission is not.
$ USER_CONF="$(printf 'man any @T@/dir {part:name}\nman any @T@/file {part:name}')" sh tests/cli/open-env.sh '' -- man:ls
! curi: open: 'man:ls': no handler for man: URIs in a text session: install T/dir, T/file or man, or configure a handler in open.conf (curi(1), curi open)
? 127

# One that is there but fails to start: no shell to fall back on, exit 127.
$ sh tests/cli/open-env.sh 'man!' -- man:ls
! curi: open: cannot run 'man': No such file or directory
? 127

# ---- --dry-run: every candidate row of the URI's scheme and session, its argv (each
# argument a shell word, quoted when it must be) and whether its program is installed and
# runs, and the row's source; nothing runs.
$ sh tests/cli/open-env.sh 'man info whatis telnet w3m' -- --dry-run 'man:printf(3)' 'info:gcc#Option_Summary' 'whatis:it%27s' 'telnet://bob@example.org:23' 'http://example.com/a?b=1&c=2' 'whatis:%C3%A9t%C3%A9' 'whatis:a%20b'
man 3 printf  # runs; built-in
man printf  # installed; built-in
info '(gcc)Option Summary'  # runs; built-in
whatis 'it'\''s'  # runs; built-in
telnet -l bob example.org 23  # runs; built-in
telnet -l bob example.org  # installed; built-in
telnet example.org 23  # installed; built-in
telnet example.org  # installed; built-in
w3m 'http://example.com/a?b=1&c=2'  # runs; built-in
lynx 'http://example.com/a?b=1&c=2'  # not installed; built-in
elinks 'http://example.com/a?b=1&c=2'  # not installed; built-in
whatis 'été'  # runs; built-in
whatis 'a b'  # runs; built-in
? 0

$ sh tests/cli/open-env.sh 'man info w3m' -- --dry-run --json 'man:printf(3)' 'info:(gcc)Option%20Summary' man:-Pid file://evil/x foo:bar http://example.com/
{"uri":"man:printf(3)","session":"text","argv":["man","3","printf"],"source":"built-in","candidates":[{"argv":["man","3","printf"],"source":"built-in","installed":true,"runs":true},{"argv":["man","printf"],"source":"built-in","installed":true,"runs":false}]}
{"uri":"info:(gcc)Option%20Summary","session":"text","argv":["info","(gcc)Option Summary"],"source":"built-in","candidates":[{"argv":["info","(gcc)Option Summary"],"source":"built-in","installed":true,"runs":true}]}
{"uri":"man:-Pid","error":"option-injection","message":"refused: the argument '-Pid' would start with '-' (option injection into man)"}
{"uri":"file://evil/x","error":"remote-file","message":"refused: a file: URI with the remote host 'evil' (only an empty host or localhost names a file here)"}
{"uri":"foo:bar","error":"no-handler","message":"no handler for foo: URIs in a text session: configure a handler in open.conf (curi(1), curi open)"}
{"uri":"http://example.com/","session":"text","argv":["w3m","http://example.com/"],"source":"built-in","candidates":[{"argv":["w3m","http://example.com/"],"source":"built-in","installed":true,"runs":true},{"argv":["lynx","http://example.com/"],"source":"built-in","installed":false,"runs":false},{"argv":["elinks","http://example.com/"],"source":"built-in","installed":false,"runs":false}]}
? 1

$ USER_CONF='man any mandoc {part:name}' sh tests/cli/open-env.sh 'mandoc yelp' DISPLAY=:0 -- --dry-run --json man:ls --text man:ls
{"uri":"man:ls","session":"text","argv":["mandoc","ls"],"source":"T/home/.config/curi/open.conf:1","candidates":[{"argv":["mandoc","ls"],"source":"T/home/.config/curi/open.conf:1","installed":true,"runs":true},{"argv":["man","ls"],"source":"built-in","installed":false,"runs":false}]}
{"uri":"man:ls","session":"text","argv":["mandoc","ls"],"source":"T/home/.config/curi/open.conf:1","candidates":[{"argv":["mandoc","ls"],"source":"T/home/.config/curi/open.conf:1","installed":true,"runs":true},{"argv":["man","ls"],"source":"built-in","installed":false,"runs":false}]}
? 0

# --json without --dry-run: the object, then the handler runs.
$ sh tests/cli/open-env.sh 'man' -- --json man:ls
{"uri":"man:ls","session":"text","argv":["man","ls"],"source":"built-in"}
ran man [ls]
? 0

# "--" ends the options.
$ sh tests/cli/open-env.sh 'man' -- --dry-run -- --text
! curi: open: '--text': not a URI: a URI must start with a scheme followed by ':' (byte 0)
? 1

# --dry-run on a machine without the programs: the candidates all the same, each "not
# installed", and the no-handler line; status 127 (issue 27 item 10).
$ sh tests/cli/open-env.sh '' -- --dry-run man:ls http://example.com/
man ls  # not installed; built-in
w3m http://example.com/  # not installed; built-in
lynx http://example.com/  # not installed; built-in
elinks http://example.com/  # not installed; built-in
! curi: open: 'man:ls': no handler for man: URIs in a text session: install man, or configure a handler in open.conf (curi(1), curi open)
! curi: open: 'http://example.com/': no handler for http: URIs in a text session: install w3m, lynx or elinks, or configure a handler in open.conf (curi(1), curi open)
? 127

$ sh tests/cli/open-env.sh 'lynx' -- --dry-run --json http://example.com/
{"uri":"http://example.com/","session":"text","argv":["lynx","http://example.com/"],"source":"built-in","candidates":[{"argv":["w3m","http://example.com/"],"source":"built-in","installed":false,"runs":false},{"argv":["lynx","http://example.com/"],"source":"built-in","installed":true,"runs":true},{"argv":["elinks","http://example.com/"],"source":"built-in","installed":false,"runs":false}]}
? 0

# A warning of curi check is printed once, however many places it finds (each %2F).
$ sh tests/cli/open-env.sh 'lynx' -- --dry-run 'http://example.com/a%2Fb%2Fc%2Fd'
w3m http://example.com/a%2Fb%2Fc%2Fd  # not installed; built-in
lynx http://example.com/a%2Fb%2Fc%2Fd  # runs; built-in
elinks http://example.com/a%2Fb%2Fc%2Fd  # not installed; built-in
! curi: open: 'http://example.com/a%2Fb%2Fc%2Fd': warning: encoded '/' in the path (or a dot segment in disguise): a server that decodes before splitting sees another path [path-encoded-delimiter]
? 0

# issue 26 item 3: a mailto header field outside RFC 6068 6's list is refused (xdg-email
# turns attach= into an attachment, CVE-2020-27748), its name decoded and in any case;
# --force opens it with a warning.  Issue 26 item 10: a body's %0D%0A is RFC 6068 5's
# line break, not an error.
$ sh tests/cli/open-env.sh 'xdg-email' DISPLAY=:0 -- 'mailto:a@example.com?attach=/etc/shadow' 'mailto:a@example.com?subject=x&%41ttachment=/etc/shadow' 'mailto:a@example.com?body=line1%0D%0Aline2'
ran xdg-email [mailto:a@example.com?body=line1%0D%0Aline2]
! curi: open: 'mailto:a@example.com?attach=/etc/shadow': refused: mailto header field 'attach' is not one RFC 6068 6 lets a mail handler set (to, cc, bcc, subject, body, in-reply-to, keywords, references): some mail programs act on others, as xdg-email attaches the file 'attach' names (CVE-2020-27748) (--force opens it)
! curi: open: 'mailto:a@example.com?subject=x&%41ttachment=/etc/shadow': refused: mailto header field '%41ttachment' is not one RFC 6068 6 lets a mail handler set (to, cc, bcc, subject, body, in-reply-to, keywords, references): some mail programs act on others, as xdg-email attaches the file 'attach' names (CVE-2020-27748) (--force opens it)
? 1

$ sh tests/cli/open-env.sh 'xdg-email' DISPLAY=:0 -- --dry-run --json 'mailto:a@example.com?X-Mailer=y'
{"uri":"mailto:a@example.com?X-Mailer=y","error":"mailto-header","message":"refused: mailto header field 'X-Mailer' is not one RFC 6068 6 lets a mail handler set (to, cc, bcc, subject, body, in-reply-to, keywords, references): some mail programs act on others, as xdg-email attaches the file 'attach' names (CVE-2020-27748) (--force opens it)"}
? 1

$ sh tests/cli/open-env.sh 'xdg-email' DISPLAY=:0 -- --force 'mailto:a@example.com?Attach=/etc/shadow'
ran xdg-email [mailto:a@example.com?Attach=/etc/shadow]
! curi: open: 'mailto:a@example.com?Attach=/etc/shadow': warning: mailto header field 'Attach' is not one RFC 6068 6 lets a mail handler set (to, cc, bcc, subject, body, in-reply-to, keywords, references): some mail programs act on others, as xdg-email attaches the file 'attach' names (CVE-2020-27748) [mailto-dangerous-header]
? 0

# issue 26 item 7: uri(7)'s man and info names are no paths: man and info would read the file
$ sh tests/cli/open-env.sh 'man info' -- --dry-run 'man:printf(3/../x)' man:/etc/hostname man:../../etc/passwd 'man:x%2Fy' 'info:(/etc/passwd)' info:a/b 'man:printf(3)'
man 3 printf  # runs; built-in
man printf  # installed; built-in
! curi: open: 'man:printf(3/../x)': breaks its scheme's grammar: a man section is written (section) at the end of the name, without '/' or %2F (uri(7)) (byte 12)
! curi: open: 'man:/etc/hostname': breaks its scheme's grammar: a man URI names a command, without '/' or %2F (uri(7)) (byte 4)
! curi: open: 'man:../../etc/passwd': breaks its scheme's grammar: a man URI names a command, without '/' or %2F (uri(7)) (byte 6)
! curi: open: 'man:x%2Fy': breaks its scheme's grammar: a man URI names a command, without '/' or %2F (uri(7)) (byte 5)
! curi: open: 'info:(/etc/passwd)': breaks its scheme's grammar: an info URI names a file, without '/' or %2F: info:file#node or info:(file)node (uri(7)) (byte 6)
! curi: open: 'info:a/b': breaks its scheme's grammar: an info URI names a file, without '/' or %2F: info:file#node or info:(file)node (uri(7)) (byte 6)
? 1

# issue 26 item 8: the dot-removed path (RFC 3986 5.2.4), the file curi normalize names, not
# one reached through a symbolic link before "..": T/nodir/.. is T for them, whatever the kernel says
$ sh tests/cli/open-env.sh 'ls less' -- file://@T@/nodir/../file 'file://@T@/x/%2E%2E/dir/./' file://@T@/dir/sub/..
ran less [T/file]
ran ls [-l] [--] [T/dir/]
ran ls [-l] [--] [T/dir/]
! curi: open: 'file://T/x/%2E%2E/dir/./': warning: encoded '.' in the path (or a dot segment in disguise): a server that decodes before splitting sees another path [path-encoded-delimiter]
? 0
