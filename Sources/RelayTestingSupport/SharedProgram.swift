public import Relay
public import RelayTesting

/// A program launched once and shared by many tests, each in a session of its own.
///
/// Declare one per launch, where every suite that shares it can see it, and let each test open its
/// session with its own instructions and stub answers:
///
/// ```swift
/// enum SharedShelf {
///     struct NoPortAnnounced: Error {}
///
///     static let hummingbird = SharedProgram(
///         launcher: {
///             ProgramLauncher(
///                 executable: try .product("bookshelf"), arguments: ["--port", "0"],
///                 readiness: .outputLine(containing: "bookshelf listening on"))
///         },
///         // The port the program bound, from the line it wrote when it listened.
///         context: { program in
///             guard let port = program.readinessLine?.split(separator: ":").last.flatMap({ Int($0) })
///             else { throw NoPortAnnounced() }
///             return port
///         })
/// }
///
/// @Suite(.sharedProgram(SharedShelf.hummingbird))
/// struct CatalogTests {
///     @Test func importsWhatTheCatalogKnows() async throws {
///         try await SharedShelf.hummingbird.withSession([.init(type: .clock, factory: .fixedClock)]) {
///             session, port in
///             // requests to port, with session.header
///         }
///     }
/// }
/// ```
///
/// The program is launched at the first use (by the suite trait, ``withSession(_:stubAnswers:isolation:_:)``
/// or ``program()``), with a channel to the test (the launcher's
/// ``ProgramLauncher/opensControlChannel`` is set), and launched again if it has ended. The
/// ``SharedProgramTrait`` stops it when the last suite that holds it ends; a program used without
/// the trait runs until ``stop()``, or until the test process ends (on Linux the kernel then
/// kills it; see RelayTesting's Driver Tests article for other systems).
///
/// With XCTest, which has no suite traits, open each test's session with
/// ``session(for:_:stubAnswers:)``, which ends it with the test: sessions keep the tests apart, and
/// the launch is paid once per test process (``stop()`` from the class's `tearDown` stops it
/// earlier).
///
/// `Context` is what the tests need besides the program: its port, a client. Made from the
/// launched program (``init(launcher:context:)``), it can hold what only the running program
/// knows, such as the port it bound when asked for port 0: a port picked before the launch can be
/// taken by another process before the program binds it.
public final class SharedProgram<Context: Sendable>: Sendable {
    /// Launches the program, with its channel open, and makes its context.
    private let start: @Sendable () async throws -> (LaunchedProgram, Context)

    private struct State {
        /// The launch in progress or done; concurrent first users share it.
        var launching: Task<(LaunchedProgram, Context), any Error>?
        /// How many suites hold the program.
        var holders = 0
    }

    private let state = LockedValue(State())

    /// Describes the launch; nothing runs until the first use.
    ///
    /// - Parameter launch: Makes the launcher, and the context the tests get beside the program.
    public init(_ launch: @escaping @Sendable () async throws -> (ProgramLauncher, Context)) {
        start = {
            let (launcher, context) = try await launch()
            return (try await Self.launch(launcher), context)
        }
    }

    /// Describes the launch, with a context made from the launched program; nothing runs until
    /// the first use.
    ///
    /// - Parameters:
    ///   - launcher: Makes the launcher.
    ///   - context: Makes the context the tests get beside the program, once it is ready. When it
    ///     throws, the program is stopped and the launch fails with its error.
    public init(
        launcher: @escaping @Sendable () async throws -> ProgramLauncher,
        context: @escaping @Sendable (LaunchedProgram) async throws -> Context
    ) {
        start = {
            let program = try await Self.launch(try await launcher())
            do {
                return (program, try await context(program))
            } catch {
                await program.stop()
                throw error
            }
        }
    }

    /// Launches with the channel open: sessions need it.
    private static func launch(_ launcher: ProgramLauncher) async throws -> LaunchedProgram {
        var launcher = launcher
        launcher.opensControlChannel = true
        return try await launcher.launch()
    }

    /// The running program and its context, launching it first if it is not running.
    ///
    /// - Returns: The program, and the context its launch made.
    /// - Throws: ``ProgramLaunchError`` when launching fails; what making the launcher throws.
    public func program() async throws -> (program: LaunchedProgram, context: Context) {
        try await program(relaunches: 1)
    }

    /// The running program, relaunched at most `relaunches` times when the one found has ended.
    private func program(relaunches: Int) async throws -> (program: LaunchedProgram, context: Context) {
        let task = state.withLockedValue { state -> Task<(LaunchedProgram, Context), any Error> in
            if let launching = state.launching { return launching }
            let launching = Task { [start] in try await start() }
            state.launching = launching
            return launching
        }
        do {
            let (program, context) = try await task.value
            guard program.isRunning || relaunches == 0 else {
                // It ended (a crash, a test that stopped it): stopped for good (its output and
                // account recorded), and launched again, once; a program that keeps dying is the
                // next user's launch error or dead program to see.
                state.withLockedValue { state in
                    if state.launching == task { state.launching = nil }
                }
                await program.stop()
                return try await self.program(relaunches: relaunches - 1)
            }
            return (program, context)
        } catch {
            // A failed launch is not kept: the next user tries again, and sees its own error.
            state.withLockedValue { state in
                if state.launching == task { state.launching = nil }
            }
            throw error
        }
    }

    /// Opens a session in the shared program, runs `body` in it, and ends the session however
    /// `body` ends; see RelayTesting's `withSession(on:_:stubAnswers:isolation:_:)`.
    ///
    /// - Parameters:
    ///   - instructions: The session's instructions.
    ///   - stubAnswers: The answers to the session's answered stubs.
    ///   - isolation: The caller's actor; passed implicitly.
    ///   - body: The test's work, with the session and the launch's context.
    /// - Returns: What `body` returns.
    /// - Throws: ``ProgramLaunchError`` when launching fails, ``ProgramSessionError`` when the
    ///   session cannot be opened or ended, what `body` throws.
    public func withSession<Result>(
        _ instructions: [DependencyInstructionLaunchArgument] = [],
        stubAnswers: StubAnswers? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (ProgramSession, Context) async throws -> Result
    ) async throws -> Result {
        let (program, context) = try await program()
        return try await RelayTesting.withSession(on: program, instructions, stubAnswers: stubAnswers) { session in
            try await body(session, context)
        }
    }

    /// Stops the program, if it runs; the next use launches it again.
    public func stop() async {
        let task = state.withLockedValue { state in
            defer { state.launching = nil }
            return state.launching
        }
        if let (program, _) = try? await task?.value {
            await program.stop()
        }
    }

    // MARK: - Suites

    /// Holds the program for a suite: launched now if it is not running.
    func hold() async throws {
        state.withLockedValue { $0.holders += 1 }
        do {
            _ = try await program()
        } catch {
            await release()
            throw error
        }
    }

    /// Lets go of the program for a suite: the last suite to let go stops it.
    func release() async {
        let isLast = state.withLockedValue { state in
            state.holders -= 1
            return state.holders == 0
        }
        if isLast { await stop() }
    }
}
