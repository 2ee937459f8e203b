/// Why a container could not hand out what was asked for, and where in the resolution it happened.
///
/// The ``description`` is a message for a person: what was asked for, in which scope, along which
/// path of factories, and how to fix it.
///
/// ```
/// 'HTTPClient' is not registered in scope 'checkout' nor in global.
///   resolution path: OrderService -> PaymentGateway -> HTTPClient
///   registered nearby: 'HTTPClient["mock"]' in global
///   to fix: register it, e.g. container.register(HTTPClient.self) { _ in ... },
///   or inject it with --dependency type=<type key>,factory=<factory key>
/// ```
///
/// Match on ``code`` to tell the kinds apart; new codes may be added, so a `switch` over codes
/// needs a `default`.
public struct DependencyResolutionError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Kind: String {
            case notRegistered, cycle, depthLimitExceeded, factoryFailed, weakNeedsObject, waitTimedOut
            case asyncFactory
            case containerReleased
            case argumentMismatch
            case mustAwait
            case outsideUnitOfWork, unitOfWorkEnded, captiveDependency
            case teardownWithoutOwner
            case declarationMismatch
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The code whose ``description`` is `name`, as a wiring account records it; `nil` for a
        /// name this version does not know.
        init?(name: String) {
            guard let kind = Kind(rawValue: name) else { return nil }
            self.kind = kind
        }

        /// Neither the container nor, for a scope, its root has a registration for the type and name.
        public static let notRegistered = Code(.notRegistered)
        /// Building the type needs the type itself, directly or through other factories.
        public static let cycle = Code(.cycle)
        /// Factories nested deeper than ``DependencyContainer/maximumResolutionDepth``, or so deep
        /// that the thread's stack would overflow.
        public static let depthLimitExceeded = Code(.depthLimitExceeded)
        /// A factory threw; ``DependencyResolutionError/underlyingError`` holds what it threw. A
        /// factory's `CancellationError` is not wrapped: the resolve throws it as it is.
        public static let factoryFailed = Code(.factoryFailed)
        /// A `.weak` registration's factory returned a value type, which cannot be held weakly.
        public static let weakNeedsObject = Code(.weakNeedsObject)
        /// Another thread was building the instance for longer than the root's
        /// ``DependencyContainer/constructionWaitLimit``: most likely a factory blocked on work that
        /// needs what it builds.
        public static let waitTimedOut = Code(.waitTimedOut)
        /// A synchronous resolve met an async registration that has no instance yet: only
        /// `try await resolve` can build it.
        public static let asyncFactory = Code(.asyncFactory)
        /// A ``Lazy`` or ``Provider`` was used after the container that made it was released.
        public static let containerReleased = Code(.containerReleased)
        /// A synchronous resolve made inside a task needed an instance that another resolver is
        /// building with an async factory: that build needs Swift's cooperative pool, whose thread
        /// this resolve would hold while it waited. Resolve with `try await`, which suspends.
        public static let mustAwait = Code(.mustAwait)
        /// A registration that takes runtime arguments was resolved without them or with arguments of
        /// other types, or one that takes none was resolved with some. The message states both.
        public static let argumentMismatch = Code(.argumentMismatch)
        /// A ``LifecycleType/unitOfWork`` registration was resolved where no unit of work is open.
        public static let outsideUnitOfWork = Code(.outsideUnitOfWork)
        /// A ``LifecycleType/unitOfWork`` registration was resolved in a unit of work that has
        /// ended: by work that outlived the unit.
        public static let unitOfWorkEnded = Code(.unitOfWorkEnded)
        /// A longer-lived instance (a singleton, eager or weak) would hold a unit-of-work instance:
        /// its factory resolved one, directly or through other factories.
        public static let captiveDependency = Code(.captiveDependency)

        /// A `.transient` (or `.graph`) registration with a teardown was resolved where nothing
        /// would own the instance and run its teardown: outside any unit of work, and not for a
        /// longer-lived instance.
        public static let teardownWithoutOwner = Code(.teardownWithoutOwner)

        /// Found by ``DependencyContainer/validate()``: a factory that ran resolved other than its
        /// registration declares (``RegisteredService/dependsOn(_:)``, an initializer's parameters),
        /// so ``DependencyContainer/check()``, which trusts the declarations, would miss what it
        /// really needs. The ``path`` is the registration, then the dependency.
        public static let declarationMismatch = Code(.declarationMismatch)

        /// The code's name.
        public var description: String { kind.rawValue }
    }

    /// The kind of failure.
    public let code: Code

    /// The type that could not be resolved, with its name if it has one: `Tracker["google"]`.
    public let requestedType: String

    /// The scope of the container that was asked.
    public let scope: DependencyContainerScope

    /// The resolution path, outermost first, ending with the type that failed.
    public let path: [String]

    /// Registrations close to the one asked for (same type, another name or scope).
    public let nearby: [String]

    /// What the factory threw, for ``Code/factoryFailed``; for ``Code/unitOfWorkEnded``, the
    /// ``DependencyShutdownError`` of the instance built as the unit ended, when its teardown threw.
    public internal(set) var underlyingError: (any Error)?

    /// How long this resolve waited for another's build, for ``Code/waitTimedOut``.
    let waited: Duration?

    /// What was passed and what is taken, for ``Code/argumentMismatch``.
    let arguments: ArgumentMismatch?

    /// For a cycle that spans several containers: each step of the loop with its container.
    let loopPlaces: [String]?

    /// For ``Code/captiveDependency``: the longer-lived registration on the path that would hold
    /// the instance, and its lifecycle. For ``Code/teardownWithoutOwner``: the registration itself
    /// when it is `.weak` (nothing owns a weak instance).
    let heldBy: (key: String, lifecycle: LifecycleType)?

    /// For ``Code/asyncFactory``: the synchronous resolve was called by code (not a factory)
    /// running inside a task. Swift picks the synchronous overload there in synchronous functions
    /// and closures, and in top-level code (`main.swift`) even under `await`, so the message must
    /// not advise the `try await` the user may have written.
    let calledSynchronouslyInTask: Bool

    /// For ``Code/declarationMismatch``: whether the dependency was declared and not resolved (or
    /// resolved and not declared).
    let declaredButNotResolved: Bool

    /// An error resolving in the container of `scope`. Out of line: errors are built on cold
    /// paths, and their arguments should not weigh on the resolve paths that throw them.
    @inline(never)
    init(
        code: Code,
        requested: RegistrationKey,
        scope: DependencyContainerScope,
        path: [String],
        nearby: [String] = [],
        underlyingError: (any Error)? = nil,
        waited: Duration? = nil,
        arguments: ArgumentMismatch? = nil,
        loopPlaces: [String]? = nil,
        calledSynchronouslyInTask: Bool = false,
        heldBy: (key: String, lifecycle: LifecycleType)? = nil,
        declaredButNotResolved: Bool = false
    ) {
        self.code = code
        self.requestedType = requested.description
        self.scope = scope
        self.path = path
        self.nearby = nearby
        self.underlyingError = underlyingError
        self.waited = waited
        self.arguments = arguments
        self.loopPlaces = loopPlaces
        self.calledSynchronouslyInTask = calledSynchronouslyInTask
        self.heldBy = heldBy
        self.declaredButNotResolved = declaredButNotResolved
    }

    /// The full message: what failed, the path, what is registered nearby, and how to fix it.
    public var description: String {
        var lines = [summary, "  resolution path: \(path.joined(separator: " -> "))"]
        if let loopPlaces {
            lines.append("  the loop crosses containers: \(loopPlaces.joined(separator: " -> "))")
        }
        if !nearby.isEmpty {
            lines.append("  registered nearby: \(nearby.joined(separator: ", "))")
        }
        if let fix {
            lines.append("  to fix: \(fix)")
        }
        return lines.joined(separator: "\n")
    }

    /// The requested type without its name: `Tracker` for `Tracker["google"]`.
    private var typeName: String {
        requestedType.split(separator: "[").first.map(String.init) ?? requestedType
    }

    private var place: String {
        scope.placeDescription()
    }

    private var summary: String {
        switch code.kind {
        case .notRegistered:
            let fallback = scope.isGlobal ? "" : " nor in global"
            return "'\(requestedType)' is not registered in \(place)\(fallback)."
        case .cycle:
            return "'\(requestedType)' depends on itself: resolving it in \(place) needs it again."
        case .depthLimitExceeded:
            let limit = DependencyContainer.maximumResolutionDepth
            guard path.count > limit else {
                return "Resolving '\(requestedType)' in \(place) nests factories \(path.count) levels deep, "
                    + "which would overflow this thread's stack."
            }
            return "Resolving '\(requestedType)' in \(place) nests factories deeper than \(limit) levels."
        case .factoryFailed:
            let reason = underlyingError.map { String(describing: $0) } ?? "an unknown error"
            return "The factory for '\(requestedType)' in \(place) threw: \(reason)"
        case .weakNeedsObject:
            return "'\(requestedType)' is registered as .weak in \(place), but its factory returned a value type."
        case .asyncFactory:
            return "'\(requestedType)' in \(place) has an async factory and no instance yet: "
                + "a synchronous resolve cannot wait for it."
        case .containerReleased:
            return "'\(requestedType)' cannot be resolved: the container in \(place) that made this Lazy or "
                + "Provider was released."
        case .waitTimedOut:
            let waited = waited.map { " for \($0)" } ?? ""
            return "Gave up waiting\(waited) for '\(requestedType)' in \(place): another thread is building it "
                + "and has not finished."
        case .mustAwait:
            return "'\(requestedType)' in \(place) is being built by another resolver that awaits: a synchronous "
                + "resolve inside a task may not block a thread of the cooperative pool that build needs."
        case .outsideUnitOfWork:
            return "'\(requestedType)' in \(place) lives for one unit of work, and none is open here."
        case .unitOfWorkEnded:
            let late = underlyingError.map {
                " The instance built as it ended was torn down, and its teardown threw: \($0)"
            }
            return "'\(requestedType)' in \(place) was resolved in a unit of work that has ended.\(late ?? "")"
        case .teardownWithoutOwner where heldBy?.lifecycle == .weak:
            return "'\(requestedType)' in \(place) is .weak and has a teardown: nothing owns a weak instance "
                + "(it lives while others hold it), so nothing would run the teardown."
        case .teardownWithoutOwner:
            return "'\(requestedType)' in \(place) has a teardown, and nothing here would own what it builds: "
                + "it lives for one resolve, and no unit of work is open to tear it down."
        case .captiveDependency:
            let holder = heldBy.map { "'\($0.key)' (\($0.lifecycle))" } ?? "a longer-lived instance"
            return "\(holder) would hold '\(requestedType)' in \(place), which lives for one unit of work: "
                + "a longer life may not hold a shorter one."
        case .argumentMismatch:
            return arguments?.summary(requested: requestedType, place: place)
                ?? "'\(requestedType)' in \(place) was resolved with arguments its registration does not take."
        case .declarationMismatch where declaredButNotResolved:
            return "'\(path.first ?? "")' in \(place) declares '\(requestedType)', which its factory did not resolve."
        case .declarationMismatch:
            return "The factory of '\(path.first ?? "")' in \(place) resolved '\(requestedType)', which it does not "
                + "declare."
        }
    }

    private var fix: String? {
        switch code.kind {
        case .notRegistered:
            return "register it, e.g. container.register(\(typeName).self) { _ in ... }, "
                + "or inject it with --dependency type=<type key>,factory=<factory key>"
        case .cycle:
            return "break the cycle: let one side resolve the other later (a Lazy<T> or Provider<T> "
                + "dependency, or @Injected) instead of in its factory"
        case .depthLimitExceeded:
            return "look for a chain of factories that keeps growing, or resolve on a thread with a larger stack"
        case .weakNeedsObject:
            return "use .singleton or .transient for value types; .weak needs a class instance"
        case .asyncFactory where calledSynchronouslyInTask:
            return "this synchronous resolve was called inside a task, from a synchronous function or closure, "
                + "or from top-level code (main.swift), where Swift picks it even when the line reads try await: "
                + "resolve \(typeName) from an async function, or register it as .eagerSingleton and call "
                + "try await container.start() before resolving it"
        case .asyncFactory:
            return "resolve it with try await container.resolve(\(typeName).self), or register it as "
                + ".eagerSingleton and call try await container.start() first, so synchronous code finds it built"
        case .containerReleased:
            return "keep the container alive while its Lazy and Provider values are in use; they do not "
                + "keep it alive themselves, so that an instance holding one does not keep its container forever"
        case .waitTimedOut:
            return "a factory that blocks (a semaphore, DispatchQueue.sync) on work that resolves what it "
                + "builds waits forever: resolve what that work needs before blocking, or make the factory "
                + "async; if the build is only slow, raise constructionWaitLimit"
        case .mustAwait:
            return "resolve it with try await container.resolve(\(typeName).self), which suspends instead of "
                + "blocking (in a factory: make the factory async); or build it before the tasks start, e.g. as an "
                + ".eagerSingleton with try await container.start()"
        case .argumentMismatch:
            return arguments?.fix(typeName: typeName)
        case .outsideUnitOfWork:
            return "resolve it inside try await container.withUnitOfWork { unit in ... } (one per request, job or "
                + "command), or give it a lifecycle that needs no unit"
        case .unitOfWorkEnded:
            return "keep a unit's instances, and work that resolves them, inside the unit's body; start work "
                + "that must outlive it in a unit of its own"
        case .teardownWithoutOwner where heldBy?.lifecycle == .weak:
            return "register it .singleton, which the container tears down at shutdown(), or close what it "
                + "holds in its deinit and drop the teardown"
        case .teardownWithoutOwner:
            return "resolve it inside try await container.withUnitOfWork { unit in ... }, which tears it down "
                + "when the unit ends, or from a singleton's factory, whose container tears it down at shutdown(); "
                + "or register it .unitOfWork or .singleton"
        case .captiveDependency:
            let holder = heldBy.map { "'\($0.key)'" } ?? "the longer-lived instance"
            return "let \(holder) take a Provider<\(typeName)> and ask it on each use, within the unit, "
                + "or give \(holder) a lifecycle no longer than a unit of work"
        case .declarationMismatch where declaredButNotResolved:
            return "remove it from the registration's .dependsOn(…), or resolve it in the factory: check() trusts "
                + "what is declared"
        case .declarationMismatch:
            return "add it to the registration's .dependsOn(…), so that check() sees the dependency"
        case .factoryFailed:
            // The factory's own error says what to fix.
            return nil
        }
    }
}
