import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import RelayTestingSupport
import Testing
import XCTest

/// The fixture's `sessions` mode, launched once and shared: see Tests/RelayTestingFixture/SessionFixture.swift.
enum SharedFixture {
    /// The program, and the directory whose `session` file names the session it greets in.
    static let program = SharedProgram { () throws -> (ProgramLauncher, TemporaryDirectory) in
        let directory = try TemporaryDirectory(prefix: "shared-fixture")
        let launcher = try fixture(["sessions", directory.url.path], readiness: .outputLine(containing: "ready"))
        return (launcher, directory)
    }

    /// Names `session` to the program, and waits until it has greeted in it. Tests running at once
    /// share the one file, so each names its session again, after each round the program ran since
    /// it last did, until the program has greeted in it.
    static func greeting(in session: ProgramSession, directory: TemporaryDirectory) async throws -> String {
        let marker = "session \(session.name): "
        let program = try #require(session.program, "a shared program is one RelayTesting launched")
        while true {
            try session.name.write(to: directory.file(named: "session"), atomically: true, encoding: .utf8)
            // The round read the file after the write: it named this session unless another test's
            // write came between.
            _ = try await SessionFixtureRounds.nextWholeRound(of: program)
            if let line = program.standardOutput.split(separator: "\n").first(where: { $0.hasPrefix(marker) }) {
                return String(line.dropFirst(marker.count))
            }
        }
    }
}

@Suite("A program shared by a suite, a session per test", .sharedProgram(SharedFixture.program))
struct SharedProgramTraitTests {
    @Test("each test runs in a session of its own, in the one launched program", arguments: 0..<4)
    func aSessionPerTest(_ index: Int) async throws {
        let (program, _) = try await SharedFixture.program.program()
        try await withDeadline {
            try await SharedFixture.program.withSession { session, directory in
                #expect(session.program === program, "one program for the suite")
                // The empty session greets as the program does.
                let greeting = try await SharedFixture.greeting(in: session, directory: directory)
                #expect(greeting.hasPrefix("Hello, Ann"))
            }
        }
    }

    @Test("a test with instructions of its own opens its session")
    func ownSession() async throws {
        try await withDeadline {
            try await SharedFixture.program.withSession([.init(type: "greeter", factory: "politeGreeter")]) {
                session, directory in
                let greeting = try await SharedFixture.greeting(in: session, directory: directory)
                #expect(greeting.hasPrefix("Good day, Ann"))
            }
        }
    }
}

/// The same with XCTest, which has no suite traits.
final class SharedProgramXCTests: XCTestCase {
    func testASessionPerTestEndsWithTheTest() async throws {
        let (session, directory) = try await SharedFixture.program.session(
            for: self, [.init(type: "greeter", factory: "politeGreeter")])
        let greeting = try await SharedFixture.greeting(in: session, directory: directory)
        XCTAssertTrue(greeting.hasPrefix("Good day, Ann"), greeting)
    }
}

/// A context made from the launched program, for what only the running program knows (the port it
/// bound when asked for port 0, say).
@Suite("A shared program whose context comes from the launched program")
struct SharedProgramContextTests {
    struct NoGreeting: Error {}

    @Test("the context is made once, from the ready program, and every session gets it")
    func contextFromTheProgram() async throws {
        let directory = try TemporaryDirectory(prefix: "shared-context")
        defer { directory.remove() }
        let made = Locked(0)
        let shared = SharedProgram(
            launcher: { try fixture(["sessions", directory.url.path], readiness: .outputLine(containing: "ready")) },
            context: { program in
                made.withLock { $0 += 1 }
                return (program.processIdentifier, program.readinessLine)
            })
        try await withDeadline {
            for _ in 0..<2 {
                try await shared.withSession { session, context in
                    let program = try #require(session.program)
                    #expect(context.0 == program.processIdentifier)
                    #expect(context.1 == "ready")
                }
            }
        }
        #expect(made.withLock { $0 } == 1)
        await shared.stop()
    }

    @Test("a context that cannot be made fails the launch with its error, and the program is stopped")
    func contextThatThrows() async throws {
        let directory = try TemporaryDirectory(prefix: "shared-context")
        defer { directory.remove() }
        let launched = Locked<LaunchedProgram?>(nil)
        let shared = SharedProgram(
            launcher: { try fixture(["sessions", directory.url.path], readiness: .outputLine(containing: "ready")) },
            context: { program -> Int in
                launched.withLock { $0 = program }
                throw NoGreeting()
            })
        _ = try await withDeadline {
            await #expect(throws: NoGreeting.self) { try await shared.withSession { _, _ in } }
        }
        let program = try #require(launched.withLock { $0 })
        #expect(!program.isRunning)
        // The failed launch is not kept: the next use launches again.
        _ = try await withDeadline {
            await #expect(throws: NoGreeting.self) { try await shared.program() }
        }
        #expect(launched.withLock { $0 } !== program)
    }
}
