extension Registration {
    /// A registration whose factory takes runtime arguments after the container: a new instance
    /// on every resolve, built from the arguments that resolve passed.
    ///
    /// The engine runs its factory like any other (same path, cycle check, observer and
    /// overrides); what that factory does first is take the arguments travelling beside the
    /// engine (``PendingArguments``) and check their types, then it runs `factory` with none bound.
    convenience init<First: Sendable, each Rest: Sendable>(
        key: RegistrationKey,
        argumentFactory factory: @escaping @Sendable (DependencyContainer, First, repeat each Rest) throws -> Service
    ) {
        let signature = ArgumentSignature(First.self, repeat (each Rest).self)
        // Stored under its arguments' types too: registrations with other arguments, or none, stay.
        let key = RegistrationKey(key.metatype, name: key.name, arguments: signature)
        signature.remember(for: key)
        self.init(key: key, lifecycle: .transient) { container in
            let arguments: ArgumentValues<First, repeat each Rest> = try ArgumentPassing.take(
                for: key, registered: signature, in: container)
            return try PendingArguments.$current.withValue(nil) {
                try factory(container, arguments.first, repeat each arguments.rest)
            }
        }
        arguments = signature
    }

    /// A registration whose async factory takes runtime arguments after the container; see the
    /// synchronous form above.
    convenience init<First: Sendable, each Rest: Sendable>(
        key: RegistrationKey,
        argumentFactory factory:
            @escaping @Sendable (DependencyContainer, First, repeat each Rest) async throws -> Service
    ) {
        let signature = ArgumentSignature(First.self, repeat (each Rest).self)
        // Stored under its arguments' types too: registrations with other arguments, or none, stay.
        let key = RegistrationKey(key.metatype, name: key.name, arguments: signature)
        signature.remember(for: key)
        self.init(key: key, lifecycle: .transient) { container in
            let arguments: ArgumentValues<First, repeat each Rest> = try ArgumentPassing.take(
                for: key, registered: signature, in: container)
            return try await PendingArguments.$current.withValue(nil) {
                try await factory(container, arguments.first, repeat each arguments.rest)
            }
        }
        arguments = signature
    }
}
