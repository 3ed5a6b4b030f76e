#!/usr/bin/python3
"""peer-reset.py COMMAND...: run COMMAND with standard input a TCP connection whose peer
sends 1000 lines "http://a/N" and then resets the connection (SO_LINGER 0), the way a
crashed or killed producer does.  Exits with COMMAND's status.  Used by tests/cli/input.t."""
import socket
import struct
import subprocess
import sys
import time

srv = socket.socket()
srv.bind(('127.0.0.1', 0))
srv.listen(1)
cli = socket.create_connection(srv.getsockname())
conn, _ = srv.accept()
p = subprocess.Popen(sys.argv[1:], stdin=cli)
cli.close()
conn.sendall(b''.join(b'http://a/%d\n' % i for i in range(1000)))
time.sleep(0.3)
conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))
conn.close()
sys.exit(p.wait())
