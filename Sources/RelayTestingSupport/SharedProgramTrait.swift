import RelayTesting
public import Testing

/// A Swift Testing trait that launches a ``SharedProgram`` for a suite and stops it when the
/// suite (and every other suite that holds it) has ended; each test opens its session with
/// ``SharedProgram/withSession(_:stubAnswers:isolation:_:)``.
///
/// ```swift
/// @Suite(.sharedProgram(SharedShelf.hummingbird))
/// struct ShelfTests {
///     @Test func startsEmpty() async throws {
///         try await SharedShelf.hummingbird.withSession { session, port in
///             // requests to port, with session.header …
///         }
///     }
/// }
/// ```
///
/// Tests in the suite run in parallel, as Swift Testing runs them: each test's work in the
/// program is its own session's. On a lone test, the trait holds the program for that test.
public struct SharedProgramTrait<Context: Sendable>: SuiteTrait, TestTrait, TestScoping {
    let shared: SharedProgram<Context>

    /// Holds the program around the suite (or the test it is applied to).
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await shared.hold()
        do {
            try await function()
        } catch {
            await shared.release()
            throw error
        }
        await shared.release()
    }
}

extension Trait {
    /// Launches `shared` for the suite (or the test), and stops it when the last suite that holds
    /// it ends; see ``SharedProgramTrait``.
    ///
    /// - Parameter shared: The program the suite shares.
    /// - Returns: The trait.
    public static func sharedProgram<Context>(
        _ shared: SharedProgram<Context>
    ) -> Self where Self == SharedProgramTrait<Context> {
        SharedProgramTrait(shared: shared)
    }
}
