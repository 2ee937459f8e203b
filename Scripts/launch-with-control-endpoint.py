#!/usr/bin/env python3
"""Launches the example's `bookshelf` as a test that did not spawn it would reach it: a listener on
127.0.0.1 named, with a one-time secret, in RELAY_CONTROL_ENDPOINT, and nothing else. Prints
whether the program connected out and greeted the listener (`hello`) or ran without it (`no hello`,
once it listens, or after 20 s). For Scripts/check-bookshelf-release.sh.

    launch-with-control-endpoint.py BINARY
"""
import base64
import json
import os
import select
import socket
import struct
import subprocess
import sys
import tempfile
import time


def main():
    binary = os.path.abspath(sys.argv[1])
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    secret = base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")
    port = listener.getsockname()[1]
    environment = dict(os.environ)
    environment["RELAY_CONTROL_ENDPOINT"] = f"v=1;tcp=127.0.0.1:{port};secret={secret};connect=5000;calls=5000"
    with tempfile.TemporaryDirectory() as directory:
        log = open(os.path.join(directory, "log"), "w+")
        program = subprocess.Popen(
            [binary, "--port", "0", "--database", os.path.join(directory, "books.sqlite")],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=environment, cwd=directory)
        outcome = "no hello"
        deadline = time.monotonic() + 20
        try:
            while time.monotonic() < deadline and program.poll() is None:
                ready, _, _ = select.select([listener], [], [], 0.1)
                if ready:
                    connection, _ = listener.accept()
                    connection.settimeout(5)
                    length = struct.unpack(">I", connection.recv(4, socket.MSG_WAITALL))[0]
                    body = json.loads(connection.recv(length, socket.MSG_WAITALL))
                    outcome = "hello" if body.get("hello", {}).get("secret") == secret else "wrong hello"
                    connection.close()
                    break
                log.seek(0)
                if "listening on" in log.read():
                    break
        finally:
            program.kill()
            program.wait()
    print(outcome)


if __name__ == "__main__":
    main()
