#!/usr/bin/env python3
"""Launches the example's `bookshelf` as a driver test would, with every test hook a launcher can
name, and reports which ones the program opened. For Scripts/check-bookshelf-release.sh.

    launch-with-test-hooks.py BINARY

The program gets, as RelayTesting hands them: an anonymous file as descriptor 3, named with its
device and inode in RELAY_WIRING_ACCOUNT; one end of a connected socket pair as descriptor 4, named
in RELAY_CONTROL_CHANNEL; and RELAY_LINE_BUFFERED_OUTPUT=1. Once it listens, it is asked for
/books with a `Relay-Session` header naming no session. Printed, one per line:

    session-header STATUS    400 when sessions are taken (the channel was opened), 200 otherwise
    account BYTES            what the program wrote to the wiring account's file
"""
import fcntl
import os
import socket
import subprocess
import sys
import tempfile
import time
import http.client


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def above_program_descriptors(descriptor):
    """`descriptor` moved to 10 or above (close-on-exec), so that placing the program's 3 and 4
    overwrites nothing this process holds: Python hands out the lowest free numbers, 3 and 4 first."""
    moved = fcntl.fcntl(descriptor, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(descriptor)
    return moved


def main():
    binary = sys.argv[1]
    scratch = tempfile.mkdtemp()
    account_path = os.path.join(scratch, "account")
    account = above_program_descriptors(os.open(account_path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    os.unlink(account_path)
    first, second = socket.socketpair()
    test_end = above_program_descriptors(first.detach())
    program_end = above_program_descriptors(second.detach())
    # The program's descriptors 3 and 4, as RelayTesting's spawn places them: set up in this
    # process, inheritable, so that the child finds them at those numbers (everything else this
    # process holds is close-on-exec).
    os.dup2(account, 3)
    os.dup2(program_end, 4)
    os.close(program_end)
    account_info = os.fstat(3)
    channel_info = os.fstat(4)
    port = free_port()
    environment = dict(os.environ)
    environment["RELAY_WIRING_ACCOUNT"] = f"3:{account_info.st_dev}:{account_info.st_ino}"
    environment["RELAY_CONTROL_CHANNEL"] = f"4:{channel_info.st_dev}:{channel_info.st_ino}:10000"
    environment["RELAY_LINE_BUFFERED_OUTPUT"] = "1"
    log_path = os.path.join(scratch, "log")
    with open(log_path, "wb") as log:
        program = subprocess.Popen(
            [binary, "--port", str(port), "--database", os.path.join(scratch, "books.sqlite")],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=environment,
            close_fds=False)
    os.close(3)
    os.close(4)
    try:
        deadline = time.monotonic() + 60
        while b"listening on" not in open(log_path, "rb").read():
            if program.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"the program did not start: {open(log_path, 'rb').read().decode(errors='replace')}")
            time.sleep(0.05)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/books", headers={"Relay-Session": "feedface"})
        status = connection.getresponse().status
        connection.close()
        print(f"session-header {status}")
        print(f"account {os.fstat(account).st_size}")
    finally:
        program.terminate()
        program.wait(timeout=30)
        os.close(test_end)
        os.close(account)


if __name__ == "__main__":
    main()
