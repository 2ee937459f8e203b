/// The arguments of one `resolve(_:name:arguments:)` call, on their way through the resolution
/// engine to the factory of the registration it finds.
///
/// The engine finds, checks and builds registrations by key and knows nothing of arguments, so
/// they travel beside it, in a task-local value bound for that one call. The factory of an
/// argument registration takes them, once, and runs the user's factory with none bound: what that
/// factory resolves in turn, in this task or in child tasks, never sees them.
final class PendingArguments: Sendable {
    /// The registration key the call resolves; a factory of another key must not take them.
    let key: RegistrationKey

    /// The types passed, for messages.
    let signature: ArgumentSignature

    /// The ``ArgumentValues``, until a factory takes them.
    private let values: LockedValue<(any Sendable)?>

    /// The arguments of the resolve call the current task (or thread) is inside, if any.
    @TaskLocal static var current: PendingArguments?

    init<First: Sendable, each Rest: Sendable>(for key: RegistrationKey, _ first: First, _ rest: repeat each Rest) {
        self.key = key
        self.signature = ArgumentSignature(First.self, repeat (each Rest).self)
        self.values = LockedValue(ArgumentValues(first, repeat each rest))
    }

    /// The values, for the first factory of `key` that asks; `nil` for any later one (an observer
    /// that resolves the same type inside the call must not receive them), or for another key.
    func take(for key: RegistrationKey) -> (any Sendable)? {
        guard key == self.key else { return nil }
        return values.withLockedValue { values in
            defer { values = nil }
            return values
        }
    }
}
