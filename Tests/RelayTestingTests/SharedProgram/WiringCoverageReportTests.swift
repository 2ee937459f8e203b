import Foundation
import Relay
import RelayTesting
import RelayTestingSupport
import Testing

/// Reporting the coverage when suites end (Swift Testing) or the bundle does (XCTest). The trait's
/// scope is driven directly, as Swift Testing drives it around a suite.
@Suite("The coverage report at the end of a run")
struct WiringCoverageReportTests {
    /// A coverage with one launch whose instruction nothing resolved.
    private func coverage() -> WiringCoverage {
        let coverage = WiringCoverage()
        let instruction = "type=clock,factory=fixedClock"
        coverage.recordLaunch(
            WiringAccount(
                processIdentifier: 1,
                injections: [
                    InjectedDependency(
                        typeKey: "clock", factoryKey: "fixedClock", scope: .global, lifecycle: .singleton,
                        instruction: instruction, type: "Clock")
                ], registrations: [], resolutions: [], typeKeys: [:]),
            program: "shelf", stubAnswers: nil)
        return coverage
    }

    static let expected = """
        Wiring coverage: Never exercised in this run:
          shelf: instruction type=clock,factory=fixedClock never resolved in 1 of 1 launch
        """

    @Test("reported once, when the last suite that holds it ends, and recorded as a warning")
    func lastSuiteReports() async throws {
        let written = LockedValue<[String]>([])
        let trait = WiringCoverageReportTrait(coverage: coverage(), delivery: [.standardOutput, .warning, .attachment])
        {
            text in written.withLockedValue { $0.append(text) }
        }
        let suite = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: suite, testCase: nil) {
                // A second suite, nested, ends first: the outer one still holds the coverage.
                try await trait.provideScope(for: suite, testCase: nil) {}
                #expect(written.withLockedValue { $0 }.isEmpty)
            }
        } matching: { issue in
            issue.severity == .warning && issue.comments.map(\.rawValue) == [Self.expected]
        }
        #expect(written.withLockedValue { $0 } == [Self.expected])
    }

    @Test("recorded as a failure when asked, and only when something was never exercised")
    func failure() async throws {
        let suite = try #require(Test.current)
        try await withKnownIssue {
            try await WiringCoverageReportTrait(coverage: coverage(), delivery: .failure)
                .provideScope(for: suite, testCase: nil) {}
        } matching: { issue in
            issue.comments.map(\.rawValue) == [Self.expected]
        }
        // Everything exercised: no issue.
        try await WiringCoverageReportTrait(coverage: WiringCoverage(), delivery: .failure)
            .provideScope(for: suite, testCase: nil) {}
    }

    @Test("the XCTest observer prints the report when the bundle finishes")
    func observer() {
        let written = LockedValue<[String]>([])
        let observer = WiringCoverageObserver(coverage: coverage()) { text in
            written.withLockedValue { $0.append(text) }
        }
        observer.testBundleDidFinish(Bundle.main)
        #expect(written.withLockedValue { $0 } == [Self.expected])
    }
}
