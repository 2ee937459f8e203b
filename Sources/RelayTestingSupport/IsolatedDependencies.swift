#if canImport(Testing)
public import Relay
public import Testing

/// A Swift Testing trait that runs each test in its own override of a root container (the global
/// one by default), so parallel tests never see each other's registrations or singletons.
///
/// Code under test keeps resolving from `DependencyContainer.global` and `@Injected`; inside the
/// test it sees the trait's registrations, anything the test registers itself, and singletons
/// built fresh for this test. Nothing reaches the real containers.
///
/// ```swift
/// @Suite(.dependencies { overrides in
///     overrides.register(WallClock.self) { _ in FixedClock() }
/// })
/// struct CheckoutTests {
///     @Test func receiptIsDated() throws {
///         #expect(try Checkout().receipt().date == FixedClock.date)
///     }
/// }
///
/// @Test(.isolatedDependencies) func registersItsOwn() throws {
///     DependencyContainer.global.register(WallClock.self) { _ in FixedClock() }  // this test only
/// }
/// ```
public struct IsolatedDependencies: TestTrait, SuiteTrait, TestScoping {
    private let root: DependencyContainer
    private let register: @Sendable (DependencyContainer) throws -> Void

    /// Applied to a suite, every test in it gets its own override.
    public var isRecursive: Bool { true }

    fileprivate init(root: DependencyContainer, register: @escaping @Sendable (DependencyContainer) throws -> Void) {
        self.root = root
        self.register = register
    }

    /// Runs the test inside a fresh override of the root.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await root.withOverrides(register) {
            try await function()
        }
    }
}

extension Trait where Self == IsolatedDependencies {
    /// Runs each test in a fresh, empty override of the global container.
    public static var isolatedDependencies: Self {
        IsolatedDependencies(root: .global) { _ in }
    }

    /// Runs each test in a fresh override of a root container, with registrations replaced.
    ///
    /// - Parameters:
    ///   - root: The root to override. Defaults to `DependencyContainer.global`.
    ///   - register: Registers the replacements on a container that stands for the root; use
    ///     `container(for:)` on it for a scope.
    public static func dependencies(
        in root: DependencyContainer = .global,
        _ register: @escaping @Sendable (DependencyContainer) throws -> Void
    ) -> Self {
        IsolatedDependencies(root: root, register: register)
    }
}
#endif
