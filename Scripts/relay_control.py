"""A test's side of the Relay control protocol (Docs/ControlProtocol.md, version 1), in Python's
standard library only: a harness in another language than Swift drives a Relay program with it.

    endpoint = Endpoint()
    subprocess.Popen([...], env={**os.environ, **endpoint.environment})
    connection = endpoint.accept(timeout=10)
    connection.answer_calls(lambda call: {"title": "..."})
    connection.command({"openSession": {"name": "s1", "instructions": [...]}})

Each frame is a 4-byte big-endian length and a JSON body; the program connects out and proves the
endpoint's one-time secret with its first frame. The conformance test of the example
(Examples/Bookshelf/Tests/Conformance/test_bookshelf.py) is its user.
"""
import base64
import hmac
import json
import os
import queue
import socket
import struct
import threading
import time

#: The longest body either side takes (4 MiB), and before the handshake is done (4 KiB).
MAXIMUM_LENGTH = 4 * 1024 * 1024
HANDSHAKE_MAXIMUM_LENGTH = 4096
VERSION = 1


class ProtocolError(Exception):
    """The peer broke the protocol, went away, or did not answer in time."""


def frame(message):
    """One message as a frame's bytes."""
    body = json.dumps(message, separators=(",", ":")).encode()
    return struct.pack(">I", len(body)) + body


class FrameReader:
    """Cuts a socket's bytes into messages, with a limit on each body."""

    def __init__(self, sock, maximum_length=MAXIMUM_LENGTH):
        self.sock = sock
        self.maximum_length = maximum_length
        self.buffer = b""

    def _fill(self, count, deadline):
        while len(self.buffer) < count:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                raise ProtocolError("no whole frame before the deadline")
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                raise ProtocolError("no whole frame before the deadline")
            if not chunk:
                raise ProtocolError("the peer closed the connection")
            self.buffer += chunk

    def next(self, deadline=None):
        """The next message; raises ProtocolError on a closed stream, a deadline or a bad frame."""
        self._fill(4, deadline)
        (length,) = struct.unpack(">I", self.buffer[:4])
        if length > self.maximum_length:
            raise ProtocolError(f"a frame of {length} bytes; at most {self.maximum_length}")
        self._fill(4 + length, deadline)
        body, self.buffer = self.buffer[4:4 + length], self.buffer[4 + length:]
        try:
            message = json.loads(body)
        except ValueError as error:
            raise ProtocolError(f"a frame that is not JSON: {error}")
        if not isinstance(message, dict) or len(message) != 1:
            raise ProtocolError("a frame that is not a message (one key, its kind)")
        return message


class Endpoint:
    """A listener on 127.0.0.1 and a one-time secret: what a program is told in its environment."""

    def __init__(self, connect_ms=5000, calls_ms=10000):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.secret = base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")
        self.port = self.listener.getsockname()[1]
        self.connect_ms = connect_ms
        self.calls_ms = calls_ms
        self.spent = False
        #: What was refused, in order: (code, reason).
        self.refusals = []

    @property
    def value(self):
        return (f"v={VERSION};tcp=127.0.0.1:{self.port};secret={self.secret};"
                f"connect={self.connect_ms};calls={self.calls_ms}")

    @property
    def environment(self):
        return {"RELAY_CONTROL_ENDPOINT": self.value}

    def accept(self, timeout=30, refusals=None):
        """Waits for a program that proves the secret; refuses any other connection meanwhile.
        Raises ProtocolError after `timeout` seconds, or once `refusals` connections were refused."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if refusals is not None and len(self.refusals) >= refusals:
                raise ProtocolError(f"refused {len(self.refusals)} connections: {self.refusals}")
            if remaining <= 0:
                raise ProtocolError(f"no program proved the secret within {timeout} s")
            self.listener.settimeout(remaining)
            try:
                sock, _ = self.listener.accept()
            except socket.timeout:
                continue
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            reader = FrameReader(sock, HANDSHAKE_MAXIMUM_LENGTH)
            try:
                hello = reader.next(min(deadline, time.monotonic() + 2)).get("hello")
            except ProtocolError:
                hello = None
            if not isinstance(hello, dict):
                self._refuse(sock, "malformedHello", "the first frame is not a hello")
            elif not hmac.compare_digest(str(hello.get("secret", "")).encode(), self.secret.encode()):
                self._refuse(sock, "unknownSecret", "the secret is not this endpoint's")
            elif VERSION not in hello.get("versions", []):
                self._refuse(sock, "versionUnsupported", f"the test speaks version {VERSION}")
            elif self.spent:
                self._refuse(sock, "secretUsed", "this secret was used already")
            else:
                self.spent = True
                sock.sendall(frame({"welcome": {"version": VERSION}}))
                reader.maximum_length = MAXIMUM_LENGTH
                return Connection(sock, reader, hello)

    def _refuse(self, sock, code, reason):
        self.refusals.append((code, reason))
        try:
            sock.sendall(frame({"refused": {"code": code, "reason": reason}}))
        except OSError:
            pass
        sock.close()

    def close(self):
        self.listener.close()


class Connection:
    """A welcomed program: its stubs' calls arrive here, and the test's commands go out from here.

    One reader thread takes every frame: calls go to the answering function (or wait in `calls`),
    and each command's outcome to the command that waits for it."""

    def __init__(self, sock, reader, hello):
        self.sock = sock
        self.reader = reader
        self.hello = hello
        self.calls = queue.Queue()
        self.answerer = None
        self.journal = []
        #: What each passed call's real implementation did, by call id: the `outcome` message.
        self.outcomes = {}
        #: The program's wiring account, one decoded record per line it sent.
        self.account = []
        self.done = {}
        self.done_ready = threading.Condition()
        self.next_command = 0
        self.write_lock = threading.Lock()
        self.closed = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def answer_calls(self, answerer):
        """Answers every call from now on with `answerer(call)`: a value to answer (JSON-encodable),
        a `Failure` to fail the call with, or `PASS` to let a spy's real implementation answer."""
        self.answerer = answerer

    def _read(self):
        try:
            while True:
                message = self.reader.next()
                if "call" in message:
                    body = message["call"]
                    self.journal.append(body["call"])
                    if self.answerer is None:
                        self.calls.put(body)
                    else:
                        self.reply(body, self.answerer(body["call"]))
                elif "accountRecord" in message:
                    with self.done_ready:
                        self.account.append(json.loads(message["accountRecord"]["line"]))
                        self.done_ready.notify_all()
                elif "outcome" in message:
                    with self.done_ready:
                        self.outcomes[message["outcome"]["id"]] = message["outcome"]
                        self.done_ready.notify_all()
                elif "commandDone" in message:
                    with self.done_ready:
                        self.done[message["commandDone"]["id"]] = message["commandDone"]
                        self.done_ready.notify_all()
                else:
                    raise ProtocolError(f"the program sent {next(iter(message))!r}")
        except (ProtocolError, OSError):
            with self.done_ready:
                self.closed = True
                self.done_ready.notify_all()

    def send(self, message):
        with self.write_lock:
            self.sock.sendall(frame(message))

    def reply(self, body, outcome):
        """Answers the call `body` (as it arrived) with a value, fails it with a `Failure`, or
        passes it (`PASS`) to a spy's real implementation."""
        if outcome is PASS:
            self.send({"pass": {"id": body["id"]}})
        elif isinstance(outcome, Failure):
            error = {"code": outcome.code, "call": body["call"], "detail": outcome.detail}
            if outcome.thrown_type is not None:
                error["thrownType"] = outcome.thrown_type
                error["thrownValue"] = json.dumps(outcome.thrown_value)
            self.send({"failure": {"id": body["id"], "error": error}})
        else:
            self.send({"answer": {"id": body["id"], "value": json.dumps(outcome)}})

    def command(self, command, timeout=10):
        """Sends a command and waits for its outcome: None when done, else the refusal's
        (reason, code)."""
        self.next_command += 1
        identifier = self.next_command
        self.send({"command": {"id": identifier, "command": command}})
        deadline = time.monotonic() + timeout
        with self.done_ready:
            while identifier not in self.done:
                remaining = deadline - time.monotonic()
                if self.closed:
                    raise ProtocolError("the program closed the connection before the command was done")
                if remaining <= 0:
                    raise ProtocolError(f"command {identifier} not done within {timeout} s")
                self.done_ready.wait(remaining)
            done = self.done.pop(identifier)
        if "refusal" in done:
            return (done["refusal"], done.get("code"))
        return None

    def wait_for_account(self, count=1, timeout=10):
        """Waits until `count` records of the wiring account have come; returns them all."""
        deadline = time.monotonic() + timeout
        with self.done_ready:
            while len(self.account) < count:
                remaining = deadline - time.monotonic()
                if self.closed or remaining <= 0:
                    raise ProtocolError(f"{len(self.account)} of {count} account records came")
                self.done_ready.wait(remaining)
            return list(self.account)

    def wait_for_outcomes(self, count, timeout=10):
        """Waits until `count` passed calls have their outcome; returns them by call id."""
        deadline = time.monotonic() + timeout
        with self.done_ready:
            while len(self.outcomes) < count:
                remaining = deadline - time.monotonic()
                if self.closed or remaining <= 0:
                    raise ProtocolError(f"{len(self.outcomes)} of {count} outcomes came")
                self.done_ready.wait(remaining)
            return dict(self.outcomes)

    def close(self):
        """Ends the connection: the program's calls fail with `channelClosed` from now on."""
        try:
            # Shutting down wakes the reader thread's recv; closing alone would not.
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self.thread.join(5)


#: An answer that lets a spy's real implementation answer the call.
PASS = object()


class Failure:
    """Why a call has no answer; with `thrown_type` and `thrown_value`, an error the program's stub
    rethrows as its own type (`code` "thrownByTest")."""

    def __init__(self, code, detail, thrown_type=None, thrown_value=None):
        self.code = code
        self.detail = detail
        self.thrown_type = thrown_type
        self.thrown_value = thrown_value
