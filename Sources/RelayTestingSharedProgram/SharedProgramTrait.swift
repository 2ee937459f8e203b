public import Relay
import RelayTesting
public import Testing

/// A Swift Testing trait that launches a ``SharedProgram`` for a suite and stops it when the
/// suite (and every other suite that holds it) has ended, and hands each test in the suite a
/// session of its own: `ProgramSession.current` inside the test.
///
/// ```swift
/// @Suite(.sharedProgram(SharedShelf.hummingbird))
/// struct ShelfTests {
///     @Test func startsEmpty() async throws {
///         let session = try #require(ProgramSession.current)
///         // requests with session.header …
///     }
/// }
/// ```
///
/// Tests in the suite run in parallel, as Swift Testing runs them: each test's work in the
/// program is its session's. A test that needs instructions or stub answers of its own opens
/// its own session with ``SharedProgram/withSession(_:stubAnswers:isolation:_:)``.
public struct SharedProgramTrait<Context: Sendable>: SuiteTrait, TestTrait, TestScoping {
    let shared: SharedProgram<Context>
    let sessionInstructions: [DependencyInstructionLaunchArgument]

    /// Applies to every test of the suite too: each gets its session.
    public var isRecursive: Bool { true }

    /// Holds the program around the suite, or opens a session around one test.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        if test.isSuite {
            try await shared.hold()
            do {
                try await function()
            } catch {
                await shared.release()
                throw error
            }
            await shared.release()
        } else {
            // Held by the test too, so a trait on a lone test stops the program after it; inside a
            // suite that holds it, this only counts.
            try await shared.hold()
            do {
                try await shared.withSession(sessionInstructions) { session, _ in
                    try await ProgramSession.$current.withValue(session) { try await function() }
                }
            } catch {
                await shared.release()
                throw error
            }
            await shared.release()
        }
    }
}

extension Trait {
    /// Launches `shared` for the suite, and gives each of its tests a session with
    /// `sessionInstructions`; see ``SharedProgramTrait``.
    ///
    /// - Parameters:
    ///   - shared: The program the suite shares.
    ///   - sessionInstructions: The instructions of each test's session; none by default.
    /// - Returns: The trait.
    public static func sharedProgram<Context>(
        _ shared: SharedProgram<Context>,
        sessionInstructions: [DependencyInstructionLaunchArgument] = []
    ) -> Self where Self == SharedProgramTrait<Context> {
        SharedProgramTrait(shared: shared, sessionInstructions: sessionInstructions)
    }
}
