import Synchronization

/// The registration a spy's instruction replaces, and the container that holds it: the spy builds
/// its real implementation through it, with the real one's lifecycle and dependencies.
struct SpiedRegistration: Sendable {
    let registration: AnyRegistration
    let container: DependencyContainer

    /// What the program resolves `type` to in `scope` of `root` before an instruction replaces it:
    /// the scope's own registration, else the root's (where a scope falls back); `nil` when there
    /// is none. The one lookup of what an instruction replaces, for the replacement rule and spies.
    static func replaced(
        _ type: Any.Type, in scope: DependencyContainerScope, of root: DependencyContainer
    ) -> SpiedRegistration? {
        let key = RegistrationKey(type, name: nil)
        for container in root.containersReplaced(in: scope) {
            if let registration = container.table.withRead({ $0.registration(for: key) }) {
                return SpiedRegistration(registration: registration, container: container)
            }
        }
        return nil
    }

    /// The spy's registration: each build resolves the real implementation through
    /// ``registration`` in ``container``, and hands it to `factory` with the spy's line.
    func wrapped<Service>(
        by factory: @escaping @Sendable (SpiedCalls, Service) throws -> Service,
        calls: SpiedCalls,
        lifecycle: LifecycleType,
        instruction: String
    ) -> AnyRegistration? {
        // Found under the spy's own key, so of its type; checked once here, not on each build.
        guard let real = registration as? Registration<Service> else { return nil }
        let key = RegistrationKey(Service.self, name: nil)
        let container = container
        let spy: AnyRegistration
        if real.isAsync {
            spy = Registration(
                key: key, lifecycle: lifecycle, instruction: instruction,
                asyncFactory: { _ in
                    let built: Service
                    do {
                        built = try ResolutionEngine.keptInstance(of: real, in: container.table)
                    } catch {
                        built = try await ResolutionEngine.instanceAsync(of: real, in: container)
                    }
                    return try factory(calls, built)
                })
        } else {
            spy = Registration(
                key: key, lifecycle: lifecycle, instruction: instruction,
                factory: { _ in
                    // What the real registration keeps (a singleton built before the spy), else a
                    // build by its lifecycle, as a resolve of it would have made.
                    let built = try ResolutionEngine.keptInstance(of: real, in: container.table) {
                        () throws -> Service in try ResolutionEngine.instance(of: real, in: container)
                    }
                    return try factory(calls, built)
                })
        }
        Self.record(spy, wrapping: real)
        return spy
    }

    /// Which registration each spy wraps, both held weakly: a registration's identity is checked
    /// against the object itself, so an address reused after one is freed never matches.
    private struct Pair {
        weak var spy: AnyRegistration?
        weak var wrapped: AnyRegistration?
    }

    /// Every spy's pair, by its wrapped registration; a leaf lock, taken inside a table's.
    private static let pairs = LockedValue<[ObjectIdentifier: Pair]>([:])

    /// Whether this process has made a spy: until it has, a replaced registration is no spy.
    static var anyMade: Bool {
        made.load(ordering: .relaxed)
    }

    private static let made = Atomic<Bool>(false)

    private static func record(_ spy: AnyRegistration, wrapping wrapped: AnyRegistration) {
        // Before the spy can replace anything: it reaches a table only after this returns.
        made.store(true, ordering: .relaxed)
        pairs.withLockedValue { pairs in
            // Spies come and go with sessions: drop the pairs whose spy is gone (an override's spy,
            // freed with its layer). A table's spy is retired, never freed, so its pair stays: one
            // per spy a program ever made.
            pairs = pairs.filter { $0.value.spy != nil }
            pairs[ObjectIdentifier(wrapped)] = Pair(spy: spy, wrapped: wrapped)
        }
    }

    /// The registrations `spy` builds through, innermost last: what it wraps, what that wraps if
    /// it is a spy too, and so on. Empty when `spy` is no spy, or when `replacement`, which
    /// replaces it in its table, is a spy that wraps it (and so still builds through them all).
    ///
    /// The pairs stay: a replaced spy may come back (a re-wiring reset re-adds the registration it
    /// replaced), and through its pair the registration it wraps is current again. Called under
    /// the table's write lock.
    static func wrapped(by spy: AnyRegistration, replacedBy replacement: AnyRegistration) -> [AnyRegistration] {
        pairs.withLockedValue { pairs in
            if let outer = pairs[ObjectIdentifier(spy)], outer.spy === replacement { return [] }
            var chain: [AnyRegistration] = []
            var current = spy
            // At most one step per pair: a chain that loops ends.
            while chain.count < pairs.count,
                let wrapped = pairs.values.first(where: { $0.spy === current })?.wrapped
            {
                chain.append(wrapped)
                current = wrapped
            }
            return chain
        }
    }

    /// Whether `registration` is the one `current`, a spy, wraps: then it is current through it.
    static func isWrapped(_ registration: AnyRegistration, by current: AnyRegistration) -> Bool {
        pairs.withLockedValue { pairs in
            guard let pair = pairs[ObjectIdentifier(registration)] else { return false }
            return pair.wrapped === registration && pair.spy === current
        }
    }
}

extension DependencyContainer {
    /// Where an instruction for `scope` of this root replaces a registration, nearest first: the
    /// scope's container (when the program made it: asking for it then makes nothing), then the
    /// root, where a scope falls back.
    func containersReplaced(in scope: DependencyContainerScope) -> [DependencyContainer] {
        guard !scope.isGlobal, family.scopeNames.contains(scope) else { return [self] }
        return [container(for: scope), self]
    }
}
