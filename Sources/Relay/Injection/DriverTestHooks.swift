/// Whether ``InjectDependenciesArgumentParser`` opens what a launcher asks the program for in its
/// environment: the channel to the test (stubs the test answers, re-wiring, sessions), the
/// ``WiringAccount``, and line-buffered standard output.
///
/// These hooks exist for driver tests, and a test launches a debug build: by default
/// (``inDebugBuilds``) a release build ignores every launcher variable, so that whoever can set a
/// shipped program's environment cannot reach into it. A release build that a driver tests on
/// purpose (a staging build, run against a test harness) opts in where it is built, in code:
///
/// ```swift
/// let parser = InjectDependenciesArgumentParser(allowedTypes: [.clock], testHooks: .always)
/// ```
///
/// The environment alone never opens a hook in a release build; what a hook can do once open is
/// still bounded by the parser's index and allow-list (re-wiring and sessions are checked as
/// instructions are). See <doc:Security>.
public struct DriverTestHooks: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case inDebugBuilds, always, never
    }

    private let kind: Kind

    /// Whether a test on another host may be reached: see ``allowingTestsOnOtherHosts()``.
    public let allowsTestsOnOtherHosts: Bool

    private init(_ kind: Kind, allowsTestsOnOtherHosts: Bool = false) {
        self.kind = kind
        self.allowsTestsOnOtherHosts = allowsTestsOnOtherHosts
    }

    /// The same hooks, reaching a test on another host: a `RELAY_CONTROL_ENDPOINT` (the endpoint
    /// of a test that did not start the program itself) may name any IP address, not only one in
    /// 127.0.0.0/8. For a program a harness starts in a container or on another machine.
    ///
    /// ```swift
    /// let parser = InjectDependenciesArgumentParser(testHooks: .inDebugBuilds.allowingTestsOnOtherHosts())
    /// ```
    ///
    /// The program's code opts in, never the environment. The connection is plain TCP, and the
    /// secret crosses the network as it is: use it on a network you trust (a CI runner's, a
    /// container bridge), never across the internet.
    ///
    /// - Returns: The hooks, allowing tests on other hosts.
    public func allowingTestsOnOtherHosts() -> DriverTestHooks {
        DriverTestHooks(kind, allowsTestsOnOtherHosts: true)
    }

    /// Open in debug builds (compiled with `DEBUG`, as SwiftPM and Xcode debug builds are), closed
    /// in release builds: the default.
    public static let inDebugBuilds = DriverTestHooks(.inDebugBuilds)

    /// Open in every build: for a release build that driver tests launch on purpose.
    public static let always = DriverTestHooks(.always)

    /// Closed in every build: the parser reads instructions, and nothing else a launcher names.
    public static let never = DriverTestHooks(.never)

    /// Whether the hooks open in this build.
    public var areOpen: Bool {
        switch kind {
        case .always: true
        case .never: false
        case .inDebugBuilds: Self.isDebugBuild
        }
    }

    /// `inDebugBuilds`, `always` or `never`, with `, allowing tests on other hosts` when it does.
    public var description: String {
        let kind =
            switch kind {
            case .inDebugBuilds: "inDebugBuilds"
            case .always: "always"
            case .never: "never"
            }
        return allowsTestsOnOtherHosts ? kind + ", allowing tests on other hosts" : kind
    }

    /// Whether Relay was compiled for debugging: SwiftPM builds a program and its packages in one
    /// configuration, so this is the program's own.
    private static var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }
}
