# curi from-path and curi to-path: file: URIs to and from local paths (RFC 8089 with its
# Appendix E).  The rules themselves are tested as data in tests/vectors/filepath.vec; here the
# tool: output, messages naming the reason, exit status, --windows, --json, "--", stdin, -z.

# POSIX paths: "file://" and the path, every byte a segment may not hold as %HH.
$ curi from-path /etc/fstab '/tmp/a b' '/50%' "$(printf '/caf\303\251/\377')"
file:///etc/fstab
file:///tmp/a%20b
file:///50%25
file:///caf%C3%A9/%FF
? 0
$ curi to-path file:///etc/fstab file:/tmp/a%20b file://localhost/50%25 file:///caf%C3%A9
/etc/fstab
/tmp/a b
/50%
/café
? 0

# A round trip through both commands gives the bytes back, including bytes that are not UTF-8.
$ printf '/a b/\377\376/%%2F/?#\n' | curi from-path | curi to-path | od -An -c
   /   a       b   / 377 376   /   %   2   F   /   ?   #  \n
? 0

# Each refusal names its reason, with the offending byte under a caret; the others still run.
$ curi to-path http://a/x file://example.com/x file://u@localhost/x file:///x?q file:///x#f file:///a%2Fb file:///a%00 file:a file:///ok
|
|
|
|
|
|
|
|
/ok
! curi: argument 1: PATH_SCHEME at byte 0: a file path comes only from a file: URI (no scheme, or not file)
!   http://a/x
!   ^
! curi: argument 2: PATH_HOST at byte 7: a host other than empty or localhost names a remote file
!   file://example.com/x
!          ^
! curi: argument 3: PATH_AUTHORITY at byte 7: a file: URI may have no userinfo and no port
!   file://u@localhost/x
!          ^
! curi: argument 4: PATH_QUERY at byte 9: a file: URI for a local path has no query
!   file:///x?q
!            ^
! curi: argument 5: PATH_FRAGMENT at byte 9: a fragment is not part of a file path
!   file:///x#f
!            ^
! curi: argument 6: PATH_ENCODED_SLASH at byte 9: an encoded separator (%2F; Windows: also %5C) in a segment
!   file:///a%2Fb
!            ^
! curi: argument 7: PATH_NUL at byte 9: a file path cannot hold a NUL byte (%00)
!   file:///a%00
!            ^
! curi: argument 8: PATH_RELATIVE at byte 5: a file path must be absolute (Windows: a drive or a UNC host)
!   file:a
!        ^
? 1
$ curi from-path a/b "$(printf '/a\001')" /ok
|
file:///a%01
file:///ok
! curi: argument 1: PATH_RELATIVE at byte 0: a file path must be absolute (Windows: a drive or a UNC host)
!   a/b
!   ^
? 1
$ curi from-path "$(printf '/a\nb')" | od -An -c
   f   i   l   e   :   /   /   /   a   %   0   A   b  \n
? 0

# Windows paths: drive letters and UNC paths both ways, '\' in the output.
$ curi from-path --windows 'C:\Program Files\x.txt' 'c:/a/b' '\\host\share\d\f.txt'
file:///C:/Program%20Files/x.txt
file:///c:/a/b
file://host/share/d/f.txt
? 0
$ curi to-path --windows file:///C:/Program%20Files/x.txt file:/c:/a file:C:/a file:///C%7C/a file://host/share/d/f.txt
C:\Program Files\x.txt
c:\a
C:\a
C:\a
\\host\share\d\f.txt
? 0
$ curi to-path --windows file:///x file:///C: 'file://host/C|/x' file://host/ file:///C:/a%5Cb
|
|
|
|
|
! curi: argument 1: PATH_DRIVE at byte 7: a local Windows path must start with a drive letter, ':' and '/'
!   file:///x
!          ^
! curi: argument 2: PATH_DRIVE at byte 7: a local Windows path must start with a drive letter, ':' and '/'
!   file:///C:
!          ^
! curi: argument 3: PATH_CHAR at byte 13: character not allowed in the path
!   file://host/C|/x
!                ^
! curi: argument 4: PATH_UNC at byte 11: a UNC path needs a host other than localhost and a share name
!   file://host/
!              ^
! curi: argument 5: PATH_ENCODED_SLASH at byte 12: an encoded separator (%2F; Windows: also %5C) in a segment
!   file:///C:/a%5Cb
!               ^
? 1
$ curi from-path --windows 'C:' '\\localhost\s' '\\host'
|
|
|
! curi: argument 1: PATH_RELATIVE at byte 0: a file path must be absolute (Windows: a drive or a UNC host)
!   C:
!   ^
! curi: argument 2: PATH_UNC at byte 2: a UNC path needs a host other than localhost and a share name
!   \\localhost\s
!     ^
! curi: argument 3: PATH_UNC at byte 6: a UNC path needs a host other than localhost and a share name
!   \\host
!         ^
? 1

# Win32 namespaces (issue 26 item 4): \\?\ only turns path parsing off; \\.\ names a device,
# and a host "." or "?" is no server.
$ curi from-path --windows '\\?\C:\x' '\\?\UNC\s\sh\x'
file:///C:/x
file://s/sh/x
? 0
$ curi to-path --windows file://./pipe/x 'file://%3F/C:/x'
|
|
! curi: argument 1: PATH_UNC at byte 7: a UNC path needs a host other than localhost and a share name
!   file://./pipe/x
!          ^
! curi: argument 2: PATH_UNC at byte 7: a UNC path needs a host other than localhost and a share name
!   file://%3F/C:/x
!          ^
? 1

# Win32's names (issue 26 item 4, issue 27 item 7): both directions refuse ':' past the drive
# (an NTFS stream), a DOS device name, a trailing '.' or ' ' and * ? < > " | or a control, with
# a message naming which; the path is shown as it is (C:\x, not C:\\x).
$ curi from-path --windows 'C:\x.txt:secret' 'C:\logs\com1.log' 'C:\a\x.' 'C:\a?b' 'C:\COM10'
|
|
|
|
file:///C:/COM10
! curi: argument 1: PATH_WINDOWS_NAME at byte 8: ':' in a Windows name opens an NTFS alternate data stream (x.txt:s is a hidden stream of x.txt), not a file
!   C:\x.txt:secret
!           ^
! curi: argument 2: PATH_WINDOWS_NAME at byte 8: a reserved DOS device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension): Windows opens the device, not a file
!   C:\logs\com1.log
!           ^
! curi: argument 3: PATH_WINDOWS_NAME at byte 6: a Windows name cannot end in '.' or ' ': Windows strips them and opens another file (x.txt. is x.txt, NUL. the device)
!   C:\a\x.
!         ^
! curi: argument 4: PATH_WINDOWS_NAME at byte 4: a Windows name cannot hold * ? < > " | or a control character
!   C:\a?b
!       ^
? 1
$ curi to-path --windows file:///C:/x.txt:secret file:///C:/NUL.txt 'file:///C:/CON%20' 'file:///C:/a%2A' file:///C:/COM0
|
|
|
|
C:\COM0
! curi: argument 1: PATH_WINDOWS_NAME at byte 16: ':' in a Windows name opens an NTFS alternate data stream (x.txt:s is a hidden stream of x.txt), not a file
!   file:///C:/x.txt:secret
!                   ^
! curi: argument 2: PATH_WINDOWS_NAME at byte 11: a reserved DOS device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension): Windows opens the device, not a file
!   file:///C:/NUL.txt
!              ^
! curi: argument 3: PATH_WINDOWS_NAME at byte 11: a reserved DOS device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension): Windows opens the device, not a file
!   file:///C:/CON%20
!              ^
! curi: argument 4: PATH_WINDOWS_NAME at byte 12: a Windows name cannot hold * ? < > " | or a control character
!   file:///C:/a%2A
!               ^
? 1
$ curi to-path --json --windows 'file:///C:/a.'
{"input":"file:///C:/a.","error":"PATH_WINDOWS_NAME","message":"not a Windows name: a DOS device (NUL, COM1...), an NTFS stream (':'), a trailing dot or space, * ? < > | or a double quote, or a control","offset":12}
? 1

# A path in a message: '\' and UTF-8 as they are; a control, DEL, ill-formed UTF-8 and bidi
# characters as \xHH, and a '\' that would read as such an escape (before x and two hex
# digits) as \x5c, so \xHH is always an escape.
$ curi from-path --windows "$(printf 'C:\\caf\303\251\\x1b\\a\001')" "$(printf 'C:\\\342\200\256\\NUL')"
|
|
! curi: argument 1: PATH_WINDOWS_NAME at byte 14: a Windows name cannot hold * ? < > " | or a control character
!   C:\café\x5cx1b\a\x01
!                   ^
! curi: argument 2: PATH_WINDOWS_NAME at byte 7: a reserved DOS device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension): Windows opens the device, not a file
!   C:\\xe2\x80\xae\NUL
!                   ^
? 1

# RFC 8089 E.3.2: file:////server/share is the UNC path \\server\share (an empty authority
# only: file://localhost//server/share stays refused, curl's CVE-2019-15601).
$ curi to-path --windows file:////server/share/f.txt file://localhost//server/share/f.txt
\\server\share\f.txt
|
! curi: argument 2: PATH_DRIVE at byte 16: a local Windows path must start with a drive letter, ':' and '/'
!   file://localhost//server/share/f.txt
!                   ^
? 1
$ curi to-path file:////server/share/f.txt
//server/share/f.txt
? 0
$ curi parse --scheme file:////server/share/f.txt
scheme:    file
host:
host_type: reg-name
path:      //server/share/f.txt
part.host:
part.path: //server/share/f.txt
? 0

# RFC 8089 E.2.2: the old raw "c|" drive is read as c: with a warning (it is no RFC 3986 URI).
$ curi to-path --windows 'file:///c|/WINDOWS/clock.avi' 'file:c|/x'
c:\WINDOWS\clock.avi
c:\x
! curi: argument 1: warning: 'c|' is the legacy spelling of the drive c: (RFC 8089 E.2.2), not an RFC 3986 URI; read as c:
! curi: argument 2: warning: 'c|' is the legacy spelling of the drive c: (RFC 8089 E.2.2), not an RFC 3986 URI; read as c:
? 0
$ curi to-path 'file:///c|/WINDOWS/clock.avi'
|
! curi: argument 1: PATH_CHAR at byte 9: character not allowed in the path
!   file:///c|/WINDOWS/clock.avi
!            ^
? 1

# Without --windows a drive letter is an ordinary name and a backslash an ordinary byte.
$ curi from-path 'C:\x'
|
! curi: argument 1: PATH_RELATIVE at byte 0: a file path must be absolute (Windows: a drive or a UNC host)
!   C:\x
!   ^
? 1
$ curi to-path file:///C:/x 'file:///a%5Cb'
/C:/x
/a\b
? 0

# --json: input and output, or the error keys.
$ curi from-path --json /a 'b'
{"input":"/a","output":"file:///a"}
{"input":"b","error":"PATH_RELATIVE","message":"a file path must be absolute (Windows: a drive or a UNC host)","offset":0}
? 1
$ curi to-path --json --windows file:///C:/a file://h/s file:///x
{"input":"file:///C:/a","output":"C:\\a"}
{"input":"file://h/s","output":"\\\\h\\s"}
{"input":"file:///x","error":"PATH_DRIVE","message":"a local Windows path must start with a drive letter, ':' and '/'","offset":7}
? 1

# --help names the command and its options (the table in cli/options.c).
$ curi to-path --help | head -1
Usage: curi to-path [--windows] [OPTION...] [--] [URI...]
? 0
$ curi help from-path | grep -c -e --windows
4
? 0

# "--" ends the options: an operand may then start with '-'.
$ curi from-path -- -x
|
! curi: argument 1: PATH_RELATIVE at byte 0: a file path must be absolute (Windows: a drive or a UNC host)
!   -x
!   ^
? 1
$ curi to-path -- --windows
|
! curi: argument 1: PATH_SCHEME at byte 0: a file path comes only from a file: URI (no scheme, or not file)
!   --windows
!   ^
? 1
$ curi from-path --bogus
! curi: from-path: unknown option '--bogus'
! Try 'curi from-path --help'.
? 2
$ curi to-path --windows -- file:///C:/x
C:\x
? 0

# Standard input, one input per line, -f FILE and -z (paths may hold a newline).
$ printf '/a\n/b c\n' | curi from-path
file:///a
file:///b%20c
? 0
$ printf 'file:///a\0file:///b%%0Ac\0' | curi to-path -z | od -An -c
   /   a  \0   /   b  \n   c  \0
? 0
$ printf '/a\n/b\0' | curi from-path -z | od -An -c
   f   i   l   e   :   /   /   /   a   %   0   A   /   b  \0
? 0
$ printf '/x\n' | curi from-path /a -f -
file:///a
file:///x
? 0
$ printf '/a\nb\n/c\n' | curi from-path --skip-invalid
file:///a
file:///c
! curi: -:2: PATH_RELATIVE at byte 0: a file path must be absolute (Windows: a drive or a UNC host)
!   b
!   ^
? 1
