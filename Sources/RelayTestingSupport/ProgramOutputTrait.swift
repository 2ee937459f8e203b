import Relay
import RelayTesting
public import Testing

/// A Swift Testing trait that shows a failing test what the programs it used wrote while it ran:
/// everything a program the test launched wrote, and of a program shared by many tests, only the
/// lines tagged with the test's session. A passing test shows nothing.
///
/// ```swift
/// @Suite(.sharedProgram(SharedShelf.hummingbird), .programOutputOnFailure)
/// struct CatalogTests {
///     @Test func importsABook() async throws { /* a session, requests, expectations */ }
/// }
/// ```
///
/// Given to a suite, it applies to each of its tests. A test fails, for this trait, when an issue
/// that is a failure is recorded in its task tree (`#expect`, `#require`, `Issue.record`) or its
/// body throws. Each program stream with lines becomes an attachment (`bookshelf standard error,
/// session 1f….log`), saved where `swift test --attachments-path` says and shown by an IDE that
/// shows attachments, and is printed to standard output after the test's own lines.
///
/// A session's lines are the lines that carry `relay.session=NAME`
/// (`DependencySession.logMetadataKey`): the integrations' request loggers set it, and a logger
/// the program makes itself sets it from `DependencySession.current`. The program's log handler
/// must print metadata (swift-log's `StreamLogHandler` does). Not seen: an issue recorded from a
/// detached task or a thread outside the test's task tree, and a time limit's failure (recorded
/// outside every trait's scope); not shown: a program started outside RelayTesting, whose output
/// the test process does not read.
public struct ProgramOutputTrait: TestTrait, SuiteTrait, TestScoping {
    /// Where a failing test's program output goes; combine them.
    public struct Delivery: OptionSet, Sendable {
        /// The option's bits.
        public let rawValue: Int

        /// Makes an option from its bits.
        ///
        /// - Parameter rawValue: The bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Recorded as attachments of the test, one per program stream.
        public static let attachment = Delivery(rawValue: 1 << 0)
        /// Printed to standard output, framed by the program's name and the test's.
        public static let standardOutput = Delivery(rawValue: 1 << 1)
    }

    /// Where the output goes.
    public let delivery: Delivery

    /// The most bytes shown of each program stream: its latest lines.
    public let maximumBytes: Int

    /// What else gets each program stream a failing test is shown, if anything.
    let handler: (@Sendable (_ name: String, _ text: String) -> Void)?

    /// Where a program stream goes as an attachment and as printed text; Swift Testing's and
    /// `print` but in tests of the trait.
    let attach: @Sendable (_ name: String, _ text: String) -> Void
    let write: @Sendable (String) -> Void

    package init(
        delivery: Delivery, maximumBytes: Int,
        handler: (@Sendable (String, String) -> Void)? = nil,
        attach: @escaping @Sendable (String, String) -> Void = { Attachment.record($1, named: $0 + ".log") },
        write: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.delivery = delivery
        self.maximumBytes = max(1, maximumBytes)
        self.handler = handler
        self.attach = attach
        self.write = write
    }

    /// Applies to each test of a suite it is given to.
    public var isRecursive: Bool { true }

    /// Scopes each test function; a suite's scope would merge its tests' output into one.
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test's case, if any.
    /// - Returns: The trait for a test function; `nil` for a suite.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? nil : self
    }

    /// Runs the test with a capture of what its programs write; shows it if the test failed.
    ///
    /// - Parameters:
    ///   - test: The test.
    ///   - testCase: Its case, if any.
    ///   - function: Runs the test.
    /// - Throws: What the test throws.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let capture = ProgramOutputCapture()
        let failed = LockedFlag()
        // Sees each issue of the test's task tree before the runner does, and passes it on.
        let watch: IssueHandlingTrait = .compactMapIssues { issue in
            if issue.isFailure { failed.set() }
            return issue
        }
        do {
            try await watch.provideScope(for: test, testCase: testCase) {
                try await ProgramOutputCapture.$current.withValue(capture) { try await function() }
            }
        } catch {
            show(capture, of: test)
            throw error
        }
        if failed.isSet { show(capture, of: test) }
    }

    /// Sends each program stream the capture holds where ``delivery`` says.
    private func show(_ capture: ProgramOutputCapture, of test: Test) {
        for text in capture.texts(maximumBytes: maximumBytes) {
            handler?(text.name, text.text)
            if delivery.contains(.attachment) { attach(text.name, text.text) }
            if delivery.contains(.standardOutput) {
                write("--- \(text.name), while \"\(test.name)\" ran ---\n\(text.text)--- end of \(text.name) ---")
            }
        }
    }
}

/// A flag set once, from any task.
private final class LockedFlag: Sendable {
    private let flag = LockedValue(false)

    func set() { flag.withLockedValue { $0 = true } }

    var isSet: Bool { flag.withLockedValue { $0 } }
}

extension Trait where Self == ProgramOutputTrait {
    /// Shows a failing test what the programs it used wrote while it ran, as attachments and on
    /// standard output, at most 64 KiB of each stream; see ``ProgramOutputTrait``.
    ///
    /// ```swift
    /// @Suite(.programOutputOnFailure) struct CatalogTests {}
    /// ```
    public static var programOutputOnFailure: Self {
        ProgramOutputTrait(delivery: [.attachment, .standardOutput], maximumBytes: 64 * 1024)
    }

    /// Shows a failing test what the programs it used wrote while it ran, where `delivery` says;
    /// see ``ProgramOutputTrait``.
    ///
    /// ```swift
    /// @Test(.programOutputOnFailure(.attachment, maximumBytes: 16 * 1024)) func imports() async throws {}
    /// ```
    ///
    /// - Parameters:
    ///   - delivery: Attachments, standard output, or both.
    ///   - maximumBytes: The most bytes shown of each program stream: its latest lines.
    /// - Returns: The trait.
    public static func programOutputOnFailure(_ delivery: ProgramOutputTrait.Delivery, maximumBytes: Int = 64 * 1024)
        -> Self
    {
        ProgramOutputTrait(delivery: delivery, maximumBytes: maximumBytes)
    }

    /// Gives `handler` each program stream a failing test is shown (its name, and its latest lines
    /// within `maximumBytes`), besides `delivery`: for a report of your own, such as your CI's
    /// annotations. See ``ProgramOutputTrait``.
    ///
    /// ```swift
    /// @Suite(.programOutputOnFailure([], handler: { name, text in print("::group::\(name)\n\(text)::endgroup::") }))
    /// struct CatalogTests {}
    /// ```
    ///
    /// - Parameters:
    ///   - delivery: Attachments, standard output, both, or neither (`[]`).
    ///   - maximumBytes: The most bytes shown of each program stream: its latest lines.
    ///   - handler: Gets each stream's name and text, from the test's task, once the test failed.
    /// - Returns: The trait.
    public static func programOutputOnFailure(
        _ delivery: ProgramOutputTrait.Delivery, maximumBytes: Int = 64 * 1024,
        handler: @escaping @Sendable (_ name: String, _ text: String) -> Void
    ) -> Self {
        ProgramOutputTrait(delivery: delivery, maximumBytes: maximumBytes, handler: handler)
    }
}
