# curi explain: the diagram of RFC 3986 section 3 under the input.

$ curi explain 'foo://example.com:8042/over/there?name=ferret#nose'
foo://example.com:8042/over/there?name=ferret#nose
\_/   \______________/\_________/ \_________/ \__/
 |           |             |           |       |
scheme   authority        path       query  fragment
      \_________/ \__/
           |       |
          host    port
? 0

# The second level appears when the authority has a userinfo or a port.
$ curi explain 'https://user@example.com/' 'urn:example:animal:ferret:nose'
https://user@example.com/
\___/   \______________/|
  |            |        |
scheme     authority   path
        \__/ \_________/
         |        |
      userinfo   host

urn:example:animal:ferret:nose
\_/ \________________________/
 |              |
scheme         path
? 0

# Labels that cannot sit side by side step down, the rightmost first; an empty
# component is marked '^' under its delimiter, an empty path not at all.
$ curi explain 'a:b' 'http://a?'
a:b
| | |
| | |
| | path
scheme

http://a?
\__/   |^
 |     ||
 |     |query
 |     authority
 scheme
? 0

# Colour only when asked for (or on a terminal without NO_COLOR).
$ curi explain --color=always 'a:/b' | sed -n 1p | sed "s/$(printf '\033')/<ESC>/g"
<ESC>[1;35ma<ESC>[0m:<ESC>[1;32m/b<ESC>[0m
? 0

$ NO_COLOR=1 curi explain --color=auto 'a:/b' | grep -c "$(printf '\033')"
0
? 1

$ curi explain --color=sometimes a:b
! curi: explain: --color must be always, never or auto, not 'sometimes'
! Try 'curi explain --help'.
? 2

$ curi explain 'http://a b'
! curi: argument 1: HOST_CHAR at byte 8: character not allowed in the host
!   http://a b
!           ^
? 1

# An input wider than 4096 columns is drawn shortened: each long stretch between span
# boundaries keeps its first and last 60 bytes with '...' between (memory stays small).
$ /usr/bin/python3 -c "print('http://u:' + 'p' * 3000 + '@h:80/' + 'a' * 5000 + '?q#')" | curi explain
http://u:pppppppppppppppppppppppppppppppppppppppppppppppppppppppppp...pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp@h:80/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa?q#
\__/   \______________________________________________________________________________________________________________________________/\_________________________________________________________________________________________________________________________/ |^
 |                                                                    |                                                                                                                             |                                                              ||
 scheme                                                               authority                                                                                                                     path                                                           |fragment
                                                                                                                                                                                                                                                                   query
       \_________________________________________________________________________________________________________________________/ | \/
                                                                    |                                                              | |
                                                                    userinfo                                                       | port
                                                                                                                                   host
? 0

# Below the limit nothing is cut.
$ /usr/bin/python3 -c "print('http://h/' + 'a' * 200)" | curi explain | head -n 1 | wc -c
210
? 0

# -z: each diagram ends with NUL instead of being separated by an empty line.
$ printf 'a:b\0c:d' | curi explain -z | tr '\0' '@'; echo
a:b
| | |
| | |
| | path
scheme@c:d
| | |
| | |
| | path
scheme@
? 0

# --scheme: a third level with the parts of the scheme's own that are no component above.
$ curi explain --scheme 'ftp://u@h:21/a/b;type=d'
ftp://u@h:21/a/b;type=d
\_/   \____/\_________/
 |      |        |
scheme authority path
      | | \/
      | | |
      | | port
      | host
      userinfo
             | |      |
             | |      |
             | name   typecode
             cwd
? 0

$ curi explain --scheme 'urn:example:a123?+r#f'
urn:example:a123?+r#f
\_/ \__________/ \/ |
 |       |       |  |
 scheme  path    |  fragment
                 query
    \_____/ \__/  |
       |     |    |
      nid   nss r_component
? 0

$ curi explain --scheme 'ldap://h/o=x?cn?sub?(cn=a)'
ldap://h/o=x?cn?sub?(cn=a)
\__/   |\__/ \___________/
 |     | |         |
 |     | path      query
 |     authority
 scheme
         \_/ \/ \_/ \____/
          |  |   |    |
          dn |   |    filter
             |   scope
             attributes
? 0

# a broken rule: the diagnostic, no diagram
$ curi explain --scheme 'ftp://h/a;type=x'
! curi: argument 1: ftp-typecode at byte 15: a ';' in an ftp path must start the final ';type=' with a, i or d (RFC 1738 3.2.2)
!   ftp://h/a;type=x
!                  ^
? 1
