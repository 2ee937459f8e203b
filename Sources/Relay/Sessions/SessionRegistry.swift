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

    /// Adds a session; `false` when one of that name is open already.
    static func add(_ session: DependencySession, root: DependencyContainer) -> Bool {
        sessions.withLockedValue { sessions in
            let key = Key(root: ObjectIdentifier(root), name: session.name)
            guard sessions[key] == nil else { return false }
            sessions[key] = session
            return true
        }
    }

    /// Removes the session of that name, and returns it, if one is open.
    static func remove(named name: String, root: DependencyContainer) -> DependencySession? {
        sessions.withLockedValue { $0.removeValue(forKey: Key(root: ObjectIdentifier(root), name: name)) }
    }
}
