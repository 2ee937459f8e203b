#if canImport(XCTest)
public import Foundation
public import RelayTesting
public import XCTest

/// XCTest's way to report the run's `WiringCoverage`: an observer that prints the
/// report when the test bundle has finished, the end of an XCTest run.
///
/// Install it once, before the driver tests run: from the `class func setUp()` of a test class
/// (installing it again does nothing), or from a principal class on Apple platforms.
///
/// ```swift
/// final class CatalogTests: XCTestCase {
///     override class func setUp() {
///         super.setUp()
///         WiringCoverageObserver.install()
///     }
/// }
/// ```
///
/// Without an observer, print it from a class's teardown, for that class's share of the run so
/// far: `override class func tearDown() { print(WiringCoverage.shared.report) }`.
public final class WiringCoverageObserver: NSObject, XCTestObservation, Sendable {
    /// The coverage reported.
    public let coverage: WiringCoverage

    /// Where the report goes; `print` but in tests of the observer.
    private let write: @Sendable (String) -> Void

    /// The coverages with an installed observer, so that installing twice reports once.
    private static let installed = LockedValue<Set<ObjectIdentifier>>([])

    /// An observer of `coverage`; ``install(coverage:)`` makes and adds one.
    ///
    /// - Parameter coverage: The coverage to report; the run's by default.
    public convenience init(coverage: WiringCoverage = .shared) {
        self.init(coverage: coverage) { print($0) }
    }

    package init(coverage: WiringCoverage, write: @escaping @Sendable (String) -> Void) {
        self.coverage = coverage
        self.write = write
    }

    /// Adds an observer of `coverage` to XCTest's observation center, once per coverage.
    ///
    /// ```swift
    /// WiringCoverageObserver.install()
    /// ```
    ///
    /// - Parameter coverage: The coverage to report; the run's by default.
    public static func install(coverage: WiringCoverage = .shared) {
        let isNew = installed.withLockedValue { $0.insert(ObjectIdentifier(coverage)).inserted }
        guard isNew else { return }
        XCTestObservationCenter.shared.addTestObserver(WiringCoverageObserver(coverage: coverage))
    }

    /// Prints the report: the bundle's tests have all run.
    ///
    /// - Parameter testBundle: The finished bundle.
    public func testBundleDidFinish(_ testBundle: Bundle) {
        write("Wiring coverage: " + coverage.report.description)
    }
}
#endif
