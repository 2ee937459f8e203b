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

    /// Arguments carried on to `key` (by a ``Lazy``, a ``Provider``, an optional or an alias), to
    /// be taken by its factory as if passed to it.
    init(for key: RegistrationKey, carrying carried: CarriedArguments) {
        self.key = key
        self.signature = carried.signature
        self.values = LockedValue(carried.values)
    }

    /// Takes the arguments of the current resolve call if it was made for `key`, to carry them on
    /// to what `key` stands for: the type a ``Lazy``, a ``Provider`` or an optional wraps, or the
    /// registration an alias forwards to.
    static func carry(from key: RegistrationKey) -> CarriedArguments? {
        guard let pending = current, let values = pending.take(for: key) else { return nil }
        return CarriedArguments(signature: pending.signature, values: values)
    }

    /// Takes the arguments of the current resolve call if it was made for a `wrapper` (a ``Lazy``,
    /// ``Provider`` or optional) named `name`, whatever arguments it passed.
    static func carry(forWrapper wrapper: Any.Type, name: String?) -> CarriedArguments? {
        guard let pending = current, ObjectIdentifier(pending.key.metatype) == ObjectIdentifier(wrapper),
            pending.key.name == name
        else { return nil }
        return carry(from: pending.key)
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

/// Runtime arguments that a wrapper or an alias keeps, to pass on (once, or on every use) to the
/// registration it stands for, so that a `resolve(Lazy<Dog>.self, arguments: "Hachi")` never
/// accepts the arguments and drops them.
struct CarriedArguments: Sendable {
    /// The types passed.
    let signature: ArgumentSignature

    /// The ``ArgumentValues``: a value, so each use passes its own copy.
    let values: any Sendable

    /// The key of a `type` registration named `name` that takes these arguments.
    func key(for type: Any.Type, name: String?) -> RegistrationKey {
        RegistrationKey(type, name: name, arguments: signature)
    }

    /// Runs `body` with these arguments bound for a resolve of `key`.
    func passing<Result>(to key: RegistrationKey, _ body: () throws -> Result) rethrows -> Result {
        try PendingArguments.$current.withValue(PendingArguments(for: key, carrying: self), operation: body)
    }

    /// Runs `body` with these arguments bound for a resolve of `key`, awaiting.
    nonisolated(nonsending) func passing<Result>(
        to key: RegistrationKey,
        _ body: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        try await PendingArguments.$current.withValue(PendingArguments(for: key, carrying: self), operation: body)
    }
}
