#if canImport(XCTest)
public import Relay
public import XCTest

/// An XCTest base class that runs each test in its own override of the global container: the
/// XCTest counterpart of the `.isolatedDependencies` trait.
///
/// Override ``registerDependencies(in:)`` to replace registrations for every test of the class:
///
/// ```swift
/// final class CheckoutTests: DependencyIsolatedTestCase {
///     override func registerDependencies(in overrides: DependencyContainer) throws {
///         overrides.register(WallClock.self) { _ in FixedClock() }
///     }
///
///     func testReceiptIsDated() throws {
///         XCTAssertEqual(try Checkout().receipt().date, FixedClock.date)
///     }
/// }
/// ```
open class DependencyIsolatedTestCase: XCTestCase {
    /// Registers the replacements every test of the class sees. Does nothing by default.
    ///
    /// - Parameter overrides: A container that stands for the global container.
    /// - Throws: An error fails the test before it runs.
    open func registerDependencies(in overrides: DependencyContainer) throws {}

    /// Runs the test inside a fresh override of the global container.
    override open func invokeTest() {
        do {
            try DependencyContainer.global.withOverrides(
                { try registerDependencies(in: $0) },
                operation: { super.invokeTest() })
        } catch {
            XCTFail("registerDependencies(in:) threw: \(error)")
        }
    }
}
#endif
