#if canImport(XCTest)
public import Relay
public import RelayTesting
public import XCTest

extension SharedProgram {
    /// XCTest's counterpart of the suite trait: opens a session for `testCase` in the shared
    /// program (launching it at the first use) and ends it when the test ends, through the test's
    /// teardown blocks.
    ///
    /// ```swift
    /// final class CatalogTests: XCTestCase {
    ///     func testImportsWhatTheCatalogKnows() async throws {
    ///         let (session, client) = try await SharedShelf.hummingbird.session(for: self)
    ///         let books = try await client.in(session).get("books")
    ///         XCTAssertEqual(books.status, 200)
    ///     }
    /// }
    /// ```
    ///
    /// The program runs until ``stop()`` or the test process ends: call `stop()` from the class's
    /// `override class func tearDown()` if it must stop earlier. A failure to end the session
    /// (unanswered stub calls, unused instructions the launcher rejects) fails the test.
    ///
    /// - Parameters:
    ///   - testCase: The running test.
    ///   - instructions: The session's instructions.
    ///   - stubAnswers: The answers to the session's answered stubs.
    /// - Returns: The session, and the launch's context.
    /// - Throws: ``ProgramLaunchError`` when launching fails, ``ProgramSessionError`` when the
    ///   session cannot be opened.
    public func session(
        for testCase: XCTestCase,
        _ instructions: [DependencyInstructionLaunchArgument] = [],
        stubAnswers: StubAnswers? = nil
    ) async throws -> (session: ProgramSession, context: Context) {
        let (program, context) = try await program()
        let session = try await program.openSession(instructions, stubAnswers: stubAnswers)
        testCase.addTeardownBlock {
            try await session.end()
        }
        return (session, context)
    }
}
#endif
