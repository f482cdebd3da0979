# SPDX-License-Identifier: MIT
"""Runs a command with its standard output on a pseudo-terminal, as a user's shell would, to
test what iosr does only on a terminal (colour, progress)."""
import fcntl
import os
import pty
import struct
import subprocess
import termios


def output_on_terminal(argv, no_color, env=None, columns=None):
    """The text `argv` writes to a terminal (`columns` wide when given); NO_COLOR set to 1 when
    `no_color` is True, to `no_color` itself when it is a string (`""`: set but empty), unset
    otherwise, whatever the caller's environment holds."""
    env = dict(os.environ if env is None else env)
    env.pop("NO_COLOR", None)
    if isinstance(no_color, str):
        env["NO_COLOR"] = no_color
    elif no_color:
        env["NO_COLOR"] = "1"
    leader, follower = pty.openpty()
    if columns is not None:
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    p = subprocess.Popen(argv, stdout=follower, stderr=subprocess.DEVNULL, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO once the command has closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    p.wait()
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")
