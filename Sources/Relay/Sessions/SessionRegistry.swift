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

    /// What reads sessions in this process, by the root whose sessions it reads: the integrations'
    /// middlewares, or a program's own loop that declared itself.
    private static let readers = LockedValue<[ObjectIdentifier: [String]]>([:])

    /// Records that `reader` reads the sessions of `root`.
    static func declareReader(_ reader: String, root: DependencyContainer) {
        readers.withLockedValue { readers in
            if readers[ObjectIdentifier(root), default: []].contains(reader) { return }
            readers[ObjectIdentifier(root), default: []].append(reader)
        }
    }

    /// What reads the sessions of `root`, in the order declared; empty when nothing does.
    static func readers(of root: DependencyContainer) -> [String] {
        readers.withLockedValue { $0[ObjectIdentifier(root)] ?? [] }
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

    /// The name of the open session whose layer the current task runs in over `root` (the
    /// innermost, when a session's work overrides further); `nil` outside every session.
    static func name(ofActiveLayerOver root: DependencyContainer) -> String? {
        var layer = OverrideLayer.active(for: root)
        while let candidate = layer {
            if candidate.base === root, let name = name(ofLayerRoot: candidate.overrides) { return name }
            layer = candidate.outer
        }
        return nil
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
