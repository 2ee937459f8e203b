#!/usr/bin/env python3
"""Drives the example's `bookshelf` from outside Swift, through the Relay control protocol
(Docs/ControlProtocol.md) and nothing else RelayTesting provides: the program is started by
`subprocess` with only its environment (the endpoint and its instructions), connects to this test,
and this test answers its catalog's calls, opens a session, re-wires it, and checks the refusals.

    test_bookshelf.py --binary PATH/TO/bookshelf [unittest options]

Run by the example's `PythonConformanceTests` (so `swift test` covers it).
"""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "Scripts"))
import relay_control  # noqa: E402

BINARY = None
WAY_OF_KINGS = {"isbn": "9780765326355", "title": "The Way of Kings", "authors": ["Brandon Sanderson"],
                "pageCount": 1007, "publishDate": "2010"}
BASE_WIRING = ["type=bookStore,factory=inMemoryBookStore", "type=clock,factory=fixedClock",
               "type=idGenerator,factory=sequentialIDs", "type=catalogClient,factory=stubCatalog"]
ANSWERED = "type=catalogClient,factory=answeredCatalog"


class Program:
    """The bookshelf on a free port, with its output collected, stopped at the end."""

    def __init__(self, environment, instructions):
        self.directory = tempfile.TemporaryDirectory()
        self.output = []
        self.ready = threading.Event()
        self.port = None
        env = dict(os.environ)
        env.update(environment)
        env["RELAY_DEPENDENCIES"] = "\n".join(instructions)
        env["RELAY_LINE_BUFFERED_OUTPUT"] = "1"
        self.process = subprocess.Popen(
            [BINARY, "--port", "0", "--database", os.path.join(self.directory.name, "books.sqlite")],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
            cwd=self.directory.name)
        threading.Thread(target=self._collect, daemon=True).start()

    def _collect(self):
        for raw in self.process.stdout:
            line = raw.decode(errors="replace")
            self.output.append(line)
            found = re.search(r"bookshelf listening on http://[^:]+:(\d+)", line)
            if found:
                self.port = int(found.group(1))
                self.ready.set()

    def wait_until_ready(self, timeout=30):
        if not self.ready.wait(timeout):
            raise AssertionError(f"the program did not listen within {timeout} s:\n{self.log}")

    @property
    def log(self):
        return "".join(self.output)

    def request(self, method, path, body=None, session=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        headers = {"Content-Type": "application/json"}
        if session is not None:
            headers["Relay-Session"] = session
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        connection.close()
        return response.status, text

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.directory.cleanup()


class ConnectedProgramTests(unittest.TestCase):
    """A program that proved the secret: its calls are this test's to answer."""

    def launch(self, instructions):
        self.endpoint = relay_control.Endpoint(calls_ms=5000)
        self.program = Program(self.endpoint.environment, instructions)
        self.addCleanup(self.program.stop)
        self.addCleanup(self.endpoint.close)
        self.connection = self.endpoint.accept(timeout=30)
        self.addCleanup(self.connection.close)
        self.program.wait_until_ready()

    def test_handshake_names_the_program(self):
        self.launch(BASE_WIRING)
        self.assertEqual(self.connection.hello["pid"], self.program.process.pid)
        self.assertEqual(self.connection.hello["program"], "bookshelf")
        self.assertIn(1, self.connection.hello["versions"])
        self.assertEqual(self.endpoint.refusals, [])

    def test_wiring_account(self):
        self.launch(BASE_WIRING)
        # The injection first, naming what the launch's instructions registered.
        injection = self.connection.wait_for_account(1)[0]["injection"]
        self.assertEqual([i["instruction"] for i in injection["instructions"]], BASE_WIRING)
        self.assertEqual(injection["processIdentifier"], self.program.process.pid)

    def test_answered_stub(self):
        self.launch(BASE_WIRING[:3] + [ANSWERED])
        self.connection.answer_calls(lambda call: WAY_OF_KINGS if json.loads(call["argument"]) == WAY_OF_KINGS["isbn"]
                                     else None)
        status, body = self.program.request("POST", "/books/import", {"isbns": ["9780765326355", "9780441013593"]})
        self.assertEqual(status, 201, body)
        result = json.loads(body)
        self.assertEqual([book["title"] for book in result["imported"]], ["The Way of Kings"])
        self.assertEqual(result["unknown"], ["9780441013593"])
        asked = [json.loads(call["argument"]) for call in self.connection.journal]
        self.assertEqual(asked, ["9780765326355", "9780441013593"])
        self.assertTrue(all(call["typeKey"] == "catalogClient" and call["name"] == "entry"
                            for call in self.connection.journal))

    def test_thrown_error_reaches_the_program_as_its_own(self):
        self.launch(BASE_WIRING[:3] + [ANSWERED])
        self.connection.answer_calls(lambda call: relay_control.Failure(
            "thrownByTest", "catalog unavailable: down for the test", thrown_type="CatalogUnavailable",
            thrown_value={"reason": "down for the test"}))
        status, body = self.program.request("POST", "/books/import", {"isbns": ["9780765326355"]})
        self.assertEqual(status, 502, body)
        self.assertIn("down for the test", body)

    def test_session(self):
        self.launch(BASE_WIRING)
        self.connection.answer_calls(lambda call: WAY_OF_KINGS)
        self.assertIsNone(self.connection.command(
            {"openSession": {"name": "import-1", "instructions": [ANSWERED], "timeLimitMilliseconds": 5000}}))
        # Work that carries the session's name resolves the session's catalog: the test's.
        status, body = self.program.request("POST", "/books/import", {"isbns": ["9780765326355"]},
                                            session="import-1")
        self.assertEqual(status, 201, body)
        self.assertEqual([book["title"] for book in json.loads(body)["imported"]], ["The Way of Kings"])
        self.assertEqual([call.get("session") for call in self.connection.journal], ["import-1"])
        # Work without it resolves the program's own wiring: the stub catalog, which knows no such book.
        status, body = self.program.request("POST", "/books/import", {"isbns": ["9780765326355"]})
        self.assertEqual(status, 201, body)
        self.assertEqual(json.loads(body)["unknown"], ["9780765326355"])
        self.assertEqual(len(self.connection.journal), 1)
        # The same name twice is refused; once ended, the session's name is refused by the program.
        refusal = self.connection.command({"openSession": {"name": "import-1", "instructions": []}})
        self.assertIsNotNone(refusal)
        self.assertIn("import-1", refusal[0])
        self.assertIsNone(self.connection.command({"endSession": {"name": "import-1"}}))
        status, _ = self.program.request("GET", "/books", session="import-1")
        self.assertEqual(status, 400)

    def test_spy(self):
        self.launch(BASE_WIRING)
        # The test answers one ISBN and lets the stub catalog (the program's own here) answer the rest.
        self.connection.answer_calls(
            lambda call: WAY_OF_KINGS if json.loads(call["argument"]) == WAY_OF_KINGS["isbn"] else relay_control.PASS)
        self.assertIsNone(self.connection.command(
            {"openSession": {"name": "spy-1", "instructions": ["type=catalogClient,factory=spiedCatalog"]}}))
        status, body = self.program.request(
            "POST", "/books/import", {"isbns": ["9780765326355", "9780441478125"]}, session="spy-1")
        self.assertEqual(status, 201, body)
        self.assertEqual([book["title"] for book in json.loads(body)["imported"]],
                         ["The Way of Kings", "The Left Hand of Darkness"])
        self.assertEqual([call.get("spied") for call in self.connection.journal], [True, True])
        outcomes = list(self.connection.wait_for_outcomes(1).values())
        self.assertEqual(json.loads(outcomes[0]["value"])["title"], "The Left Hand of Darkness")
        self.assertIsNone(self.connection.command({"endSession": {"name": "spy-1"}}))

    def test_rewire_and_reset(self):
        self.launch(BASE_WIRING)
        self.connection.answer_calls(lambda call: WAY_OF_KINGS)
        self.assertIsNone(self.connection.command({"rewire": {"instructions": [ANSWERED]}}))
        status, body = self.program.request("POST", "/books/import", {"isbns": ["9780765326355"]})
        self.assertEqual(status, 201, body)
        self.assertEqual(len(self.connection.journal), 1)
        self.assertIsNone(self.connection.command({"resetWiring": {}}))
        status, body = self.program.request("POST", "/books/import", {"isbns": ["9780765326356"]})
        self.assertEqual(status, 201, body)
        self.assertEqual(len(self.connection.journal), 1, "the launch wiring's stub catalog answered")

    def test_bad_instruction_is_refused_whole(self):
        self.launch(BASE_WIRING)
        refusal = self.connection.command({"rewire": {"instructions": ["type=catalogClient,factory=nope"]}})
        self.assertIsNotNone(refusal)
        self.assertIn("nope", refusal[0])


class RefusedProgramTests(unittest.TestCase):
    """A program that cannot prove itself, or a test that breaks the protocol: the program says why
    on its output, runs without its test, and does not hang."""

    def test_wrong_secret(self):
        endpoint = relay_control.Endpoint()
        self.addCleanup(endpoint.close)
        wrong = endpoint.value.replace(endpoint.secret, "A" * 43)
        program = Program({"RELAY_CONTROL_ENDPOINT": wrong}, BASE_WIRING)
        self.addCleanup(program.stop)
        with self.assertRaises(relay_control.ProtocolError):
            endpoint.accept(timeout=30, refusals=1)
        self.assertEqual([code for code, _ in endpoint.refusals], ["unknownSecret"])
        program.wait_until_ready()
        self.assertIn("unknownSecret", program.log)
        self.assertEqual(program.request("GET", "/books")[0], 200)

    def test_secret_spent(self):
        endpoint = relay_control.Endpoint()
        self.addCleanup(endpoint.close)
        first = Program(endpoint.environment, BASE_WIRING)
        self.addCleanup(first.stop)
        connection = endpoint.accept(timeout=30)
        self.addCleanup(connection.close)
        second = Program(endpoint.environment, BASE_WIRING)
        self.addCleanup(second.stop)
        with self.assertRaises(relay_control.ProtocolError):
            endpoint.accept(timeout=30, refusals=1)
        self.assertEqual([code for code, _ in endpoint.refusals], ["secretUsed"])
        second.wait_until_ready()
        self.assertIn("secretUsed", second.log)

    def plain_listener(self, secret, connect_ms):
        """A listener that is no Relay test: the endpoint value naming it, and the socket."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        self.addCleanup(listener.close)
        port = listener.getsockname()[1]
        return listener, f"v=1;tcp=127.0.0.1:{port};secret={secret};connect={connect_ms};calls=1000"

    def test_garbage_welcome(self):
        listener, value = self.plain_listener("B" * 43, 2000)
        program = Program({"RELAY_CONTROL_ENDPOINT": value}, BASE_WIRING)
        self.addCleanup(program.stop)
        listener.settimeout(10)
        sock, _ = listener.accept()
        self.addCleanup(sock.close)
        hello = relay_control.FrameReader(sock, relay_control.HANDSHAKE_MAXIMUM_LENGTH).next(time.monotonic() + 5)
        self.assertEqual(hello["hello"]["secret"], "B" * 43)
        sock.sendall(b"\xff\xff\xff\xffgarbage")
        program.wait_until_ready()
        self.assertIn("no channel to the test", program.log)

    def test_silent_test(self):
        # Listening, never accepting: the kernel completes the connection, nobody answers.
        _, value = self.plain_listener("C" * 43, 500)
        program = Program({"RELAY_CONTROL_ENDPOINT": value}, BASE_WIRING)
        self.addCleanup(program.stop)
        program.wait_until_ready()
        self.assertIn("did not answer the hello within 500 ms", program.log)


def main():
    global BINARY
    arguments = sys.argv[1:]
    if "--binary" not in arguments or arguments.index("--binary") + 1 >= len(arguments):
        print("usage: test_bookshelf.py --binary PATH [unittest options]", file=sys.stderr)
        return 64
    at = arguments.index("--binary")
    BINARY = os.path.abspath(arguments[at + 1])
    del arguments[at:at + 2]
    if not os.access(BINARY, os.X_OK):
        print(f"test_bookshelf.py: {BINARY} is not an executable program", file=sys.stderr)
        return 66
    program = unittest.main(argv=[sys.argv[0]] + arguments, exit=False, verbosity=2)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
