/// One resolve a program made, as its ``WiringAccount`` reports it: what was asked for and where,
/// which registration answered, and the Swift type of what it returned.
///
/// The account lists each distinct resolve once, however often the program repeated it: a
/// registration's first build, and each resolve a factory made during its own first build (a
/// singleton that ten factories depend on appears as one `built` entry, and one `cached` entry
/// for each other factory that asked for it). A cached resolve from outside any factory is not
/// listed: the account never touches the cached read.
///
/// ```swift
/// let clock = try #require(wiring.resolved(.clock, in: .bulkImport))
/// #expect(clock.returned(FixedClock.self))
/// #expect(clock.registeredIn == .bulkImport)
/// ```
public struct ResolvedDependency: Sendable, Hashable, CustomStringConvertible {
    /// How a resolve ended: built, cached, or failed with a code; the same outcome an observer
    /// sees.
    public typealias Outcome = ResolutionEvent.Outcome

    /// The type asked for, as Swift writes it: `WallClock`.
    public let type: String

    /// The registration name asked for; `nil` for the default.
    public let name: String?

    /// The scope of the container that was asked: for a resolve a factory made, the scope it
    /// asked in; for a build asked from outside any factory, the scope of the container whose
    /// registration it built.
    public let scope: DependencyContainerScope

    /// The scope of the container whose registration answered: ``scope`` itself, or
    /// ``DependencyContainerScope/global`` when a scope fell back to its root; `nil` when nothing
    /// answered.
    public let registeredIn: DependencyContainerScope?

    /// The lifecycle of the registration that answered.
    public let lifecycle: LifecycleType?

    /// The dynamic instruction that made the registration that answered, as written; `nil` for
    /// the program's own registration.
    public let injectedBy: String?

    /// The Swift type of the instance returned, as Swift writes it (`FixedClock`); `nil` when the
    /// resolve failed.
    public let instanceType: String?

    /// Whether it was built, cached, or failed.
    public let outcome: Outcome

    /// The dependency-graph node (``DependencyGraph/Node/id``) of the registration whose factory
    /// asked, such as `bulkImport/Shelf`; `nil` for a resolve from outside any factory.
    public let requestedBy: String?

    /// The name of the session (see `DependencySession`) the resolve ran in; `nil` for a resolve
    /// from the program's own wiring.
    public let session: String?

    /// Creates a value; a ``WiringAccount`` makes these from what the program reported.
    ///
    /// - Parameters:
    ///   - type: The type asked for.
    ///   - name: The registration name asked for.
    ///   - scope: The scope of the container asked.
    ///   - registeredIn: The scope of the container whose registration answered.
    ///   - lifecycle: That registration's lifecycle.
    ///   - injectedBy: The instruction that made that registration, if one did.
    ///   - instanceType: The Swift type of the instance returned.
    ///   - outcome: How the resolve ended.
    ///   - requestedBy: The graph node whose factory asked.
    ///   - session: The session the resolve ran in; `nil` for the program's own wiring.
    public init(
        type: String,
        name: String? = nil,
        scope: DependencyContainerScope,
        registeredIn: DependencyContainerScope?,
        lifecycle: LifecycleType?,
        injectedBy: String?,
        instanceType: String?,
        outcome: Outcome,
        requestedBy: String?,
        session: String? = nil
    ) {
        self.session = session
        self.type = type
        self.name = name
        self.scope = scope
        self.registeredIn = registeredIn
        self.lifecycle = lifecycle
        self.injectedBy = injectedBy
        self.instanceType = instanceType
        self.outcome = outcome
        self.requestedBy = requestedBy
    }

    /// Whether the instance returned was a `type`: checked by the type, so that renaming a stub
    /// breaks the test that names it when it compiles, not when it runs.
    ///
    /// ```swift
    /// #expect(wiring.resolved(.bookStore)?.returned(InMemoryBookStore.self) == true)
    /// ```
    ///
    /// - Parameter type: The type the test expects, as the program knows it.
    /// - Returns: Whether ``instanceType`` is that type's name.
    public func returned(_ type: Any.Type) -> Bool {
        instanceType == String(describing: type)
    }

    /// Whether the registration whose factory asked was `type`'s (named `name`) in `scope`.
    ///
    /// ```swift
    /// #expect(store.wasRequested(by: Shelf.self))
    /// #expect(importClock.wasRequested(by: Shelf.self, in: .bulkImport))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The registered type whose factory asked.
    ///   - name: Its registration name; `nil` for the default.
    ///   - scope: The scope of the container that holds that registration.
    /// - Returns: Whether ``requestedBy`` is that registration's graph node.
    public func wasRequested(by type: Any.Type, name: String? = nil, in scope: DependencyContainerScope = .global)
        -> Bool
    {
        requestedBy == DependencyGraph.nodeID(scope: scope, key: RegistrationKey(type, name: name))
    }

    /// Whether an instance was returned: built or cached.
    public var succeeded: Bool {
        if case .failed = outcome { return false }
        return true
    }

    /// The dependency-graph node (``DependencyGraph/Node/id``) of the registration that answered;
    /// `nil` when nothing answered.
    public var nodeID: String? {
        registeredIn.map { "\($0.tag)/\(requestedKey)" }
    }

    /// `WallClock`, or `Tracker["google"]` for a named registration.
    private var requestedKey: String {
        name.map { "\(type)[\"\($0)\"]" } ?? type
    }

    /// `WallClock in scope 'bulkImport': FixedClock from scope 'bulkImport' (injected by
    /// type=clock,factory=fixedClock,scope=bulkImport), singleton, built; asked by bulkImport/Shelf`,
    /// then `; in session NAME` for a session's resolve.
    public var description: String {
        let asked = scope.placeDescription()
        var text = "\(requestedKey) in \(asked): "
        if let instanceType { text += instanceType }
        if let registeredIn {
            text += " from \(registeredIn.placeDescription())"
        }
        if let injectedBy { text += " (injected by \(injectedBy))" }
        if let lifecycle { text += ", \(lifecycle)" }
        text += ", \(outcome)"
        if let requestedBy { text += "; asked by \(requestedBy)" }
        if let session { text += "; in session \(session)" }
        return text
    }
}
