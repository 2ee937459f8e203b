/// Runtime arguments on their way from a resolve to the factory that takes them: the check made
/// before anything is built, the factory's typed take, and the errors of a mismatch. The arguments
/// themselves travel beside the engine in ``PendingArguments``.
enum ArgumentPassing {
    /// Checks, before anything is built, that what `key` resolves to from `container` takes
    /// arguments of these types: for a ``Lazy``, ``Provider`` or optional of a type, that type's
    /// registration.
    ///
    /// A factory that takes only the container never looks for arguments, and a cached singleton
    /// runs no factory at all; a wrapper would only meet a mismatch at its first use. The
    /// registration is found as resolution finds it (overrides first, then the container, then its
    /// root); when there is none, resolution reports that itself.
    ///
    /// - Parameter depth: How many factories run around this resolve, for the observer.
    static func requireRegistration(
        for key: RegistrationKey,
        passing signature: ArgumentSignature,
        from container: DependencyContainer,
        depth: Int
    ) throws {
        if ResolutionEngine.registration(resolving: key, from: container) != nil { return }
        // A Lazy, Provider or optional passes the arguments on to the type it wraps: check that one.
        var target = key
        if let wrapper = key.metatype as? any SynthesizedService.Type {
            target = RegistrationKey(wrapper.wrappedKey(name: key.name).metatype, name: key.name, arguments: signature)
            if ResolutionEngine.registration(resolving: target, from: container) != nil { return }
        }
        // Nothing takes these arguments: say what the type's registrations take, if it has any.
        guard let registered = registeredSignatures(of: target, from: container) else { return }
        let mismatch: ArgumentMismatch =
            registered.signatures.isEmpty
            ? .unexpected(resolved: signature)
            : .differing(
                registered: registered.signatures, withoutArguments: registered.withoutArguments, resolved: signature)
        // Named after the container that holds the registration, as a factory's own errors are.
        let error = self.mismatch(
            mismatch, for: target.withoutArguments, in: registered.holder,
            path: ResolutionEngine.pathDescriptions(on: ResolutionThreadState.current) + [target.description])
        // Reported as resolution reports any failure, since resolution never saw this one.
        if SlowPathGate.isOpen {
            ResolutionObservation.shared.observers.tell(
                ResolutionEvent(
                    requestedType: key.description, scope: container.scope, outcome: .failed(error.code),
                    duration: .zero, depth: depth))
        }
        throw error
    }

    /// What the registrations of `key`'s type and name take, along `container`'s route (nearest
    /// container first): the signatures of those with arguments, whether one takes none, and the
    /// nearest container that holds any; `nil` when it has none.
    static func registeredSignatures(
        of key: RegistrationKey,
        from container: DependencyContainer
    ) -> (signatures: [ArgumentSignature], withoutArguments: Bool, holder: DependencyContainer)? {
        let type = ObjectIdentifier(key.metatype)
        var signatures: [ArgumentSignature] = []
        var withoutArguments = false
        let found = Route(from: container).registrations {
            ObjectIdentifier($0.key.metatype) == type && $0.key.name == key.name
        }
        for (registration, _) in found {
            if let arguments = registration.arguments {
                if !signatures.contains(where: { $0.matches(arguments) }) { signatures.append(arguments) }
            } else {
                withoutArguments = true
            }
        }
        return found.first.map { (signatures, withoutArguments, $0.holder) }
    }

    /// The arguments the current resolve passed to the registration of `key`, typed as its
    /// factory takes them. Called by that factory, so the path already ends with the registration.
    ///
    /// - Throws: ``DependencyResolutionError/Code/argumentMismatch`` when the resolve passed none,
    ///   or arguments of other types.
    static func take<First: Sendable, each Rest: Sendable>(
        for key: RegistrationKey,
        registered signature: ArgumentSignature,
        in container: DependencyContainer
    ) throws -> ArgumentValues<First, repeat each Rest> {
        let path = ResolutionEngine.pathDescriptions(on: ResolutionThreadState.current)
        guard let pending = PendingArguments.current, let values = pending.take(for: key) else {
            throw mismatch(.missing(registered: [signature]), for: key, in: container, path: path)
        }
        guard let typed = values as? ArgumentValues<First, repeat each Rest> else {
            throw mismatch(
                .differing(registered: [signature], withoutArguments: false, resolved: pending.signature), for: key,
                in: container, path: path)
        }
        return typed
    }

    /// The error for a synchronous resolve without arguments that meets an async registration
    /// taking some: the missing arguments, which matter more than the missing `await`. `nil` for
    /// any other registration, or when the resolve passed arguments.
    static func missingArgumentsError(
        for registration: AnyRegistration,
        in container: DependencyContainer,
        path: [String]
    ) -> DependencyResolutionError? {
        guard let signature = registration.arguments, PendingArguments.current?.key != registration.key else {
            return nil
        }
        return mismatch(.missing(registered: [signature]), for: registration.key, in: container, path: path)
    }

    /// An ``DependencyResolutionError/Code/argumentMismatch`` of `key`, in `container`'s scope.
    static func mismatch(
        _ mismatch: ArgumentMismatch,
        for key: RegistrationKey,
        in container: DependencyContainer,
        path: [String]
    ) -> DependencyResolutionError {
        DependencyResolutionError(
            code: .argumentMismatch, requested: key, scope: container.scope, path: path, arguments: mismatch)
    }
}
