import Synchronization

/// The sessions open in this process, by root and name, and whether the process takes sessions at
/// all: only once a launcher's channel has been opened, so that a program launched without one
/// (or a release build) ignores session names.
enum SessionRegistry {
    private struct Key: Hashable {
        let root: ObjectIdentifier
        let name: String
    }

    private static let accepting = Atomic(false)
    private static let sessions = LockedValue<[Key: DependencySession]>([:])

    /// Whether sessions are taken: one relaxed load, so a request pays nothing more when not.
    static var acceptsSessions: Bool { accepting.load(ordering: .relaxed) }

    /// Takes sessions from now on (a channel was opened).
    static func accept() {
        accepting.store(true, ordering: .relaxed)
    }

    static func session(named name: String, root: DependencyContainer) -> DependencySession? {
        sessions.withLockedValue { $0[Key(root: ObjectIdentifier(root), name: name)] }
    }

    /// The names of the open sessions, by the root of their layer: what the wiring account says a
    /// resolve in a layer belongs to.
    private static let namesByLayer = LockedValue<[ObjectIdentifier: String]>([:])

    /// The name of the session whose layer has `root` for its root, while it is open.
    static func name(ofLayerRoot root: DependencyContainer) -> String? {
        namesByLayer.withLockedValue { $0[ObjectIdentifier(root)] }
    }

    /// Adds a session; `false` when one of that name is open already.
    static func add(_ session: DependencySession, root: DependencyContainer) -> Bool {
        let added = sessions.withLockedValue { sessions in
            let key = Key(root: ObjectIdentifier(root), name: session.name)
            guard sessions[key] == nil else { return false }
            sessions[key] = session
            return true
        }
        if added {
            namesByLayer.withLockedValue { $0[ObjectIdentifier(session.layer.overrides)] = session.name }
            // The root's `shutdown()` ends what a session the test left open built.
            root.family.keep(layer: session.layer.overrides)
        }
        return added
    }

    /// Removes the session of that name, and returns it, if one is open.
    static func remove(named name: String, root: DependencyContainer) -> DependencySession? {
        let removed = sessions.withLockedValue { $0.removeValue(forKey: Key(root: ObjectIdentifier(root), name: name)) }
        // Kept until the session's teardowns have run would be nicer for the account; a resolve
        // after the end is not the session's work any more.
        if let removed {
            _ = namesByLayer.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(removed.layer.overrides)) }
            root.family.drop(layer: removed.layer.overrides)
        }
        return removed
    }
}
