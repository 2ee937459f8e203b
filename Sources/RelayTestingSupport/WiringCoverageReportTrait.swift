public import RelayTesting
public import Testing

/// A Swift Testing suite trait that reports the run's `WiringCoverage` when the
/// suites that carry it have ended: printed, attached, or recorded as a warning or a failure.
///
/// Swift Testing has no hook for the end of a run. Put the driver tests' suites inside one suite
/// that carries the trait (suites nest, across files through extensions), and the report comes
/// once, when the last of them has ended:
///
/// ```swift
/// @Suite(.wiringCoverageReport) struct DriverTests {}
///
/// extension DriverTests {
///     @Suite struct CatalogTests {
///         @Test func importsABook() async throws { /* launch, sessions, … */ }
///     }
/// }
/// ```
///
/// Given to several suites, it reports when the last of those running has ended (a count of the
/// suites that hold it, as ``SharedProgramTrait`` counts a program's): suites that run one after
/// another each report what the run has recorded so far.
///
/// The report is the coverage's whole `WiringCoverage.report`: every launch and
/// session recorded into it since the test process started (or since
/// `WiringCoverage.reset()`), a program's launch only once it has stopped.
public struct WiringCoverageReportTrait: SuiteTrait, TestScoping {
    /// Where the report goes; combine them.
    public struct Delivery: OptionSet, Sendable {
        /// The option's bits.
        public let rawValue: Int

        /// Makes an option from its bits.
        ///
        /// - Parameter rawValue: The bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Written to standard output, whatever it says.
        public static let standardOutput = Delivery(rawValue: 1 << 0)
        /// Recorded as an attachment, `wiring-coverage.txt`, whatever it says: saved where
        /// `swift test --attachments-path` says, and shown by an IDE that shows attachments.
        public static let attachment = Delivery(rawValue: 1 << 1)
        /// Recorded as an issue of severity warning when something was never exercised: listed
        /// with the results, and the run still passes.
        public static let warning = Delivery(rawValue: 1 << 2)
        /// Recorded as an issue (an error) when something was never exercised: the suite fails.
        public static let failure = Delivery(rawValue: 1 << 3)
    }

    /// The coverage reported.
    public let coverage: WiringCoverage

    /// Where the report goes.
    public let delivery: Delivery

    /// Where standard output's copy goes; `print` but in tests of the trait.
    let write: @Sendable (String) -> Void

    package init(
        coverage: WiringCoverage, delivery: Delivery, write: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.coverage = coverage
        self.delivery = delivery
        self.write = write
    }

    /// Applies to the suite itself, not to each of its tests.
    public var isRecursive: Bool { false }

    /// Runs the suite, then reports the coverage if no other suite that carries the trait for it
    /// is still running.
    ///
    /// - Parameters:
    ///   - test: The suite.
    ///   - testCase: `nil`, for a suite.
    ///   - function: Runs the suite.
    /// - Throws: What the suite throws.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        coverage.hold()
        do {
            try await function()
        } catch {
            if coverage.release() { deliver(at: test.sourceLocation) }
            throw error
        }
        if coverage.release() { deliver(at: test.sourceLocation) }
    }

    /// Sends the report where ``delivery`` says; what it records is recorded at `location`, the
    /// suite's.
    private func deliver(at location: SourceLocation) {
        let report = coverage.report
        let text = "Wiring coverage: " + report.description
        if delivery.contains(.standardOutput) { write(text) }
        if delivery.contains(.attachment) {
            Attachment.record(report.description, named: "wiring-coverage.txt", sourceLocation: location)
        }
        guard !report.isEmpty else { return }
        if delivery.contains(.failure) {
            Issue.record(Comment(rawValue: text), sourceLocation: location)
        } else if delivery.contains(.warning) {
            Issue.record(Comment(rawValue: text), severity: .warning, sourceLocation: location)
        }
    }
}

extension Trait where Self == WiringCoverageReportTrait {
    /// Prints the run's `WiringCoverage.shared` coverage to standard output when
    /// the suites that carry this trait have ended; see ``WiringCoverageReportTrait``.
    ///
    /// ```swift
    /// @Suite(.wiringCoverageReport) struct DriverTests {}
    /// ```
    public static var wiringCoverageReport: Self {
        WiringCoverageReportTrait(coverage: .shared, delivery: .standardOutput)
    }

    /// Reports `coverage` where `delivery` says when the suites that carry this trait have ended;
    /// see ``WiringCoverageReportTrait``.
    ///
    /// ```swift
    /// @Suite(.wiringCoverageReport([.attachment, .warning])) struct DriverTests {}
    /// ```
    ///
    /// - Parameters:
    ///   - delivery: Where the report goes: printed, attached, a warning or a failure when
    ///     something was never exercised; combine them.
    ///   - coverage: The coverage to report; the run's, `WiringCoverage.shared`, by
    ///     default.
    /// - Returns: The trait.
    public static func wiringCoverageReport(
        _ delivery: WiringCoverageReportTrait.Delivery,
        coverage: WiringCoverage = .shared
    ) -> Self {
        WiringCoverageReportTrait(coverage: coverage, delivery: delivery)
    }
}
