#if canImport(XCTest)
import Relay
import RelayTesting
public import XCTest

/// XCTest's counterpart of the `.programOutputOnFailure` trait: runs `body` with a capture of what
/// the programs it launches (all their output) and the sessions it opens (their tagged lines)
/// write, and shows it if the test has failed when it ends: attached on Apple platforms
/// (`XCTAttachment`, kept), printed to standard output elsewhere (XCTest on Linux has no
/// attachments).
///
/// ```swift
/// final class CatalogTests: XCTestCase {
///     func testImportsABook() async throws {
///         try await withProgramOutputOnFailure(self) {
///             let (session, client) = try await SharedShelf.hummingbird.session(for: self)
///             let answer = try await client.in(session).post("books/import", json: #"{"isbns":[]}"#)
///             XCTAssertEqual(answer.status, 201)
///         }
///     }
/// }
/// ```
///
/// - Parameters:
///   - testCase: The running test.
///   - maximumBytes: The most bytes shown of each program stream: its latest lines.
///   - isolation: The caller's actor; passed implicitly.
///   - body: The test's work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withProgramOutputOnFailure<Result>(
    _ testCase: XCTestCase,
    maximumBytes: Int = 64 * 1024,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
) async rethrows -> Result {
    let capture = ProgramOutputCapture()
    let run = TestRunProbe(testCase)
    testCase.addTeardownBlock {
        // Teardown blocks run once the test's failures are counted.
        guard run.failed else { return }
        for text in capture.texts(maximumBytes: max(1, maximumBytes)) {
            #if canImport(Darwin)
            let attachment = XCTAttachment(string: text.text)
            attachment.name = text.name + ".log"
            attachment.lifetime = .keepAlways
            run.add(attachment)
            #else
            print("--- \(text.name), while \(run.name) ran ---\n\(text.text)--- end of \(text.name) ---")
            #endif
        }
    }
    return try await ProgramOutputCapture.$current.withValue(capture, operation: body)
}

/// What a teardown block needs of its test case: whether its run failed, its name, and (on Apple
/// platforms) a place for attachments.
private final class TestRunProbe: @unchecked Sendable {
    // Safety: `XCTestCase` is not `Sendable`, so the compiler cannot see this. The probe is made
    // in the test and used only by the one teardown block it registers, which XCTest runs after
    // the test method has returned and before the next test begins, one block at a time: nothing
    // else touches the case while the block reads `testRun` and `name` or adds an attachment.
    private let testCase: XCTestCase

    init(_ testCase: XCTestCase) { self.testCase = testCase }

    var failed: Bool { testCase.testRun?.hasSucceeded == false }

    var name: String { testCase.name }

    #if canImport(Darwin)
    func add(_ attachment: XCTAttachment) { testCase.add(attachment) }
    #endif
}
#endif
