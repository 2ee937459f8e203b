import Foundation

/// What a program wired, in its own words: the dynamic instructions it applied, its registrations,
/// and every distinct resolve it has made since, with the Swift type of what each returned.
///
/// A driver test reads it from the program it launched (RelayTesting's `LaunchedProgram.wiring()`),
/// so it can assert on the wiring itself rather than infer it from the program's answers:
///
/// ```swift
/// let wiring = try await program.wiring()
/// #expect(wiring.injection(for: .bookStore)?.factoryKey == .inMemoryBookStore)
/// #expect(wiring.resolved(.bookStore)?.instanceType == "InMemoryBookStore")
/// #expect(wiring.resolved(.clock, in: .bulkImport)?.instanceType == "FixedClock")
/// #expect(wiring.resolved(.clock)?.instanceType == "SystemWallClock")
/// ```
///
/// The program writes the account only when its launcher asks for one, through the
/// ``environmentVariable``, and only from ``InjectDependenciesArgumentParser`` in a build whose
/// test hooks are open (a debug build: see ``DriverTestHooks``): it needs no code of its own.
///
/// It records builds, never cached reads, so that the program resolves through the code a plain
/// run does: from the moment the parser ran, the first build of each registration (`start()`'s
/// included) is listed, and while that first build runs, every resolve its factory makes, built
/// or cached, with the scope it was asked in. So each factory's dependencies are seen once, from
/// it; a resolve from outside any factory is seen when it builds. A build's cost is one flag's
/// read, and a cached resolve costs exactly what it costs without the account. Without the
/// variable nothing is recorded.
public struct WiringAccount: Sendable, Hashable, CustomStringConvertible {
    /// The environment variable through which a launcher asks the program for its account:
    /// `RELAY_WIRING_ACCOUNT`.
    ///
    /// Its value names an open file descriptor the program inherited, and the device and inode of
    /// the file it must refer to (`3:64768:1234`), so that a child of the program, which may
    /// inherit the variable but holds some other file on that number, writes nothing.
    public static let environmentVariable = "RELAY_WIRING_ACCOUNT"

    /// The process identifier of the program that wrote the account.
    public let processIdentifier: Int32

    /// Every instruction the program applied, in order (of several for one type and scope, the
    /// last took effect).
    public let injections: [InjectedDependency]

    /// Every registration of the root and its scopes, as they were once the instructions applied:
    /// nothing was built to list them.
    public let registrations: [DependencyGraph.Node]

    /// Every distinct build and resolve recorded since the instructions applied, in the order first
    /// seen (see the type's discussion for which are recorded).
    public let resolutions: [ResolvedDependency]

    /// Every type key the program's index knows, with the Swift type it names (`BookStore`).
    public let typeKeys: [DependencyTypeKey: String]

    /// Every factory key the program's index knows, sorted.
    public let factoryKeys: [DependencyFactoryKey]

    /// Creates an account; RelayTesting reads these from the program, tests rarely make one.
    ///
    /// - Parameters:
    ///   - processIdentifier: The program's process identifier.
    ///   - injections: The instructions applied, in order.
    ///   - registrations: The registrations once they were applied.
    ///   - resolutions: The distinct resolves since.
    ///   - typeKeys: The index's type keys, with the Swift types they name.
    ///   - factoryKeys: The index's factory keys.
    public init(
        processIdentifier: Int32,
        injections: [InjectedDependency],
        registrations: [DependencyGraph.Node],
        resolutions: [ResolvedDependency],
        typeKeys: [DependencyTypeKey: String],
        factoryKeys: [DependencyFactoryKey] = []
    ) {
        self.factoryKeys = factoryKeys
        self.processIdentifier = processIdentifier
        self.injections = injections
        self.registrations = registrations
        self.resolutions = resolutions
        self.typeKeys = typeKeys
    }

    // MARK: - Queries

    /// The instruction that took effect for a type key in a scope: the last one applied.
    ///
    /// ```swift
    /// #expect(wiring.injection(for: .clock, scope: .bulkImport)?.factoryKey == .fixedClock)
    /// #expect(wiring.injection(for: .clock) == nil)   // nothing injected in global
    /// ```
    ///
    /// - Parameters:
    ///   - typeKey: The instruction's type key.
    ///   - scope: The scope it registered in; global by default.
    /// - Returns: The instruction, or `nil` when none was applied there.
    public func injection(
        for typeKey: DependencyTypeKey,
        scope: DependencyContainerScope = .global
    ) -> InjectedDependency? {
        injections.last { $0.typeKey == typeKey && $0.scope == scope }
    }

    /// Every distinct resolve of the type a type key names, asked in `scope` (in any scope when
    /// `nil`), in the order first seen.
    ///
    /// - Parameters:
    ///   - typeKey: A key of the program's type index.
    ///   - scope: The scope asked; `nil` for all.
    /// - Returns: The resolves; empty when the key is unknown or the type was not resolved.
    public func resolutions(of typeKey: DependencyTypeKey, in scope: DependencyContainerScope? = nil)
        -> [ResolvedDependency]
    {
        guard let type = typeKeys[typeKey] else { return [] }
        return resolutions(ofTypeNamed: type, name: nil, in: scope)
    }

    /// Every distinct resolve of a Swift type, asked in `scope` (in any scope when `nil`), in the
    /// order first seen.
    ///
    /// ```swift
    /// let shelves = wiring.resolutions(of: Shelf.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type asked for, as the program registers it: `(any BookStore).self`.
    ///   - name: The registration name; `nil` for the default.
    ///   - scope: The scope asked; `nil` for all.
    /// - Returns: The resolves; empty when the type was not resolved.
    public func resolutions(of type: Any.Type, name: String? = nil, in scope: DependencyContainerScope? = nil)
        -> [ResolvedDependency]
    {
        resolutions(ofTypeNamed: String(describing: type), name: name, in: scope)
    }

    /// What the type a type key names resolved to when last asked for in `scope`, successfully.
    ///
    /// ```swift
    /// #expect(wiring.resolved(.bookStore)?.instanceType == "InMemoryBookStore")
    /// ```
    ///
    /// - Parameters:
    ///   - typeKey: A key of the program's type index.
    ///   - scope: The scope asked; global by default.
    /// - Returns: The latest successful resolve there, or `nil` when there was none.
    public func resolved(_ typeKey: DependencyTypeKey, in scope: DependencyContainerScope = .global)
        -> ResolvedDependency?
    {
        resolutions(of: typeKey, in: scope).last(where: \.succeeded)
    }

    /// What a Swift type resolved to when last asked for in `scope`, successfully.
    ///
    /// ```swift
    /// #expect(wiring.resolved(Shelf.self, in: .bulkImport)?.registeredIn == .bulkImport)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type asked for, as the program registers it.
    ///   - name: The registration name; `nil` for the default.
    ///   - scope: The scope asked; global by default.
    /// - Returns: The latest successful resolve there, or `nil` when there was none.
    public func resolved(_ type: Any.Type, name: String? = nil, in scope: DependencyContainerScope = .global)
        -> ResolvedDependency?
    {
        resolutions(of: type, name: name, in: scope).last(where: \.succeeded)
    }

    /// The registrations and the dependencies the program's factories were seen to resolve: the
    /// ``DependencyContainer/dependencyGraph()`` of what really ran, with no instance
    /// built to draw it.
    ///
    /// Its nodes are ``registrations``; its edges come from the resolves a factory made.
    /// ``DependencyGraph/mermaid`` draws it for a failing test's message.
    public var graph: DependencyGraph {
        var edges: Set<DependencyGraph.Edge> = []
        for resolution in resolutions {
            if let from = resolution.requestedBy, let to = resolution.nodeID {
                edges.insert(DependencyGraph.Edge(from: from, to: to))
            }
        }
        return DependencyGraph(nodes: registrations, edges: edges.sorted(), failures: [])
    }

    /// The instructions, then the resolves, one per line.
    public var description: String {
        let injected = injections.map { "  " + $0.description }
        let resolved = resolutions.map { "  " + $0.description }
        let header = "wiring of process \(processIdentifier): \(injections.count) injected"
        return ([header] + injected + ["\(resolutions.count) resolved"] + resolved).joined(separator: "\n")
    }

    private func resolutions(ofTypeNamed type: String, name: String?, in scope: DependencyContainerScope?)
        -> [ResolvedDependency]
    {
        resolutions.filter { $0.type == type && $0.name == name && (scope == nil || $0.scope == scope) }
    }
}
