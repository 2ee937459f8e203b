import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import RelayTestingSupport
import Testing

/// What a failing test is shown of the programs it used. The trait's scope is driven directly, as
/// Swift Testing drives it around a test; a failure the test records on purpose is seen by the
/// trait and then dropped by an issue handler around it, so this suite passes.
@Suite("Program output on failure")
struct ProgramOutputTraitTests {
    /// A trait whose attachments and printed text are kept here.
    final class Shown: Sendable {
        let attached = LockedValue<[String: String]>([:])
        let written = LockedValue<[String]>([])

        var trait: ProgramOutputTrait {
            ProgramOutputTrait(
                delivery: [.attachment, .standardOutput], maximumBytes: 4_096,
                attach: { name, text in self.attached.withLockedValue { $0[name] = text } },
                write: { text in self.written.withLockedValue { $0.append(text) } })
        }
    }

    /// Drops every issue recorded inside it, after the trait inside has seen it.
    static let dropIssues: IssueHandlingTrait = .compactMapIssues { _ in nil }

    /// Launches the fixture that writes `count` lines of x and then `ready`, and runs `body`.
    static func withChattyProgram(_ count: Int, _ body: () async throws -> Void) async throws {
        try await withLaunchedProgram(try fixture(["chatty", "\(count)"], readiness: .outputLine(containing: "ready")))
        {
            _ in try await body()
        }
    }

    @Test("a passing test is shown nothing")
    func passing() async throws {
        let shown = Shown()
        try await shown.trait.provideScope(for: try #require(Test.current), testCase: nil) {
            try await Self.withChattyProgram(2) {}
        }
        #expect(shown.attached.withLockedValue { $0 }.isEmpty)
        #expect(shown.written.withLockedValue { $0 }.isEmpty)
    }

    @Test("a failed expectation shows everything the program it launched wrote, attached and printed")
    func failedExpectation() async throws {
        let shown = Shown()
        let test = try #require(Test.current)
        try await Self.dropIssues.provideScope(for: test, testCase: nil) {
            try await shown.trait.provideScope(for: test, testCase: nil) {
                try await Self.withChattyProgram(2) {
                    Issue.record("the test's own failure")
                }
            }
        }
        let attached = shown.attached.withLockedValue { $0 }
        let expected = String(repeating: "x", count: 99) + "\n" + String(repeating: "x", count: 99) + "\nready\n"
        #expect(attached == ["RelayTestingFixture standard output": expected])
        let written = shown.written.withLockedValue { $0 }
        #expect(written.count == 1)
        #expect(written.first?.hasPrefix("--- RelayTestingFixture standard output, while ") == true, "\(written)")
        #expect(written.first?.contains(expected) == true)
    }

    @Test("a test that throws shows it too, and its error goes on")
    func thrown() async throws {
        struct Broken: Error {}
        let shown = Shown()
        await #expect(throws: Broken.self) {
            try await shown.trait.provideScope(for: try #require(Test.current), testCase: nil) {
                try await Self.withChattyProgram(1) { throw Broken() }
            }
        }
        #expect(shown.attached.withLockedValue { $0 }.keys.sorted() == ["RelayTestingFixture standard output"])
    }

    @Test("a session's lines are those tagged with it; the latest are kept within the size")
    func rendering() {
        let mine = "1f2e3d4c5b6a79881f2e3d4c5b6a7988"
        let theirs = "0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a"
        let output = """
            info shelf: relay.session=\(mine) request-id=r1 [Core] opened
            info shelf: relay.session=\(theirs) request-id=r2 [Core] opened
            info shelf: listening
            info shelf: relay.session=\(mine) request-id=r1 [Core] ended

            """
        let text = ProgramOutputCapture.render(output, session: mine, maximumBytes: 1_000)
        #expect(
            text == """
                Lines tagged relay.session=\(mine); 2 other lines of the same time are not shown.
                info shelf: relay.session=\(mine) request-id=r1 [Core] opened
                info shelf: relay.session=\(mine) request-id=r1 [Core] ended

                """)
        #expect(ProgramOutputCapture.render(output, session: "f" + mine.dropFirst(), maximumBytes: 1_000) == nil)
        let cut = ProgramOutputCapture.render("one\ntwo\nthree\n", session: nil, maximumBytes: 11)
        #expect(cut == "… 1 earlier lines (4 bytes) cut.\ntwo\nthree\n")
    }
}
