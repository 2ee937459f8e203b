extension DependencyContainer {
    /// Checks, before anything is built, that what `key` resolves to takes arguments of these
    /// types: for a ``Lazy``, ``Provider`` or optional of a type, that type's registration.
    ///
    /// A factory that takes only the container never looks for arguments, and a cached singleton
    /// runs no factory at all; a wrapper would only meet a mismatch at its first use. The registration is found as resolution finds it (overrides first, then this
    /// container, then its root); when there is none, resolution reports that itself.
    ///
    /// - Parameter depth: How many factories run around this resolve, for the observer.
    func requireArgumentRegistration(
        for key: RegistrationKey,
        passing signature: ArgumentSignature,
        depth: Int
    ) throws {
        if registrationResolving(key) != nil { return }
        // A Lazy, Provider or optional passes the arguments on to the type it wraps: check that one.
        var target = key
        if let wrapper = key.metatype as? any SynthesizedService.Type {
            target = RegistrationKey(wrapper.wrappedKey(name: key.name).metatype, name: key.name, arguments: signature)
            if registrationResolving(target) != nil { return }
        }
        // Nothing takes these arguments: say what the type's registrations take, if it has any.
        guard let registered = registeredSignatures(of: target) else { return }
        let mismatch: ArgumentMismatch =
            registered.signatures.isEmpty
            ? .unexpected(resolved: signature)
            : .differing(
                registered: registered.signatures, withoutArguments: registered.withoutArguments, resolved: signature)
        // Named after the container that holds the registration, as a factory's own errors are.
        let error = registered.holder.argumentMismatch(
            mismatch, for: target.withoutArguments,
            path: ResolutionEngine.pathDescriptions(on: ResolutionThreadState.current) + [target.description])
        // Reported as resolution reports any failure, since resolution never saw this one.
        if SlowPathGate.isOpen, let observer = ResolutionObservation.shared.observer {
            observer(
                ResolutionEvent(
                    requestedType: key.description, scope: scope, outcome: .failed(error.code), duration: .zero,
                    depth: depth))
        }
        throw error
    }

    /// The registration a resolve of `key` from this container would build, and the container
    /// that holds it; `nil` when there is none.
    func registrationResolving(
        _ key: RegistrationKey
    ) -> (registration: AnyRegistration, holder: DependencyContainer)? {
        for container in route {
            if let found = container.table.withRead({ $0.registration(for: key) }) {
                return (found, container)
            }
        }
        return nil
    }

    /// The arguments the current resolve passed to the registration of `key`, typed as its
    /// factory takes them. Called by that factory, so the path already ends with the registration.
    ///
    /// - Throws: ``DependencyResolutionError/Code/argumentMismatch`` when the resolve passed none,
    ///   or arguments of other types.
    /// What the registrations of `key`'s type and name (nearest container first) take: the
    /// signatures of those with arguments, whether one takes none, and the nearest container that
    /// holds any; `nil` when it has none.
    func registeredSignatures(
        of key: RegistrationKey
    ) -> (signatures: [ArgumentSignature], withoutArguments: Bool, holder: DependencyContainer)? {
        let type = ObjectIdentifier(key.metatype)
        var signatures: [ArgumentSignature] = []
        var withoutArguments = false
        var holder: DependencyContainer?
        for container in route {
            let found = container.table.withRead { contents in
                contents.allRegistrations.filter {
                    ObjectIdentifier($0.key.metatype) == type && $0.key.name == key.name
                }
            }
            for registration in found {
                if let arguments = registration.arguments {
                    if !signatures.contains(where: { $0.matches(arguments) }) { signatures.append(arguments) }
                } else {
                    withoutArguments = true
                }
            }
            if !found.isEmpty, holder == nil { holder = container }
        }
        return holder.map { (signatures, withoutArguments, $0) }
    }

    func takeArguments<First: Sendable, each Rest: Sendable>(
        for key: RegistrationKey,
        registered signature: ArgumentSignature
    ) throws -> ArgumentValues<First, repeat each Rest> {
        let path = ResolutionEngine.pathDescriptions(on: ResolutionThreadState.current)
        guard let pending = PendingArguments.current, let values = pending.take(for: key) else {
            throw argumentMismatch(.missing(registered: [signature]), for: key, path: path)
        }
        guard let typed = values as? ArgumentValues<First, repeat each Rest> else {
            throw argumentMismatch(
                .differing(registered: [signature], withoutArguments: false, resolved: pending.signature), for: key,
                path: path)
        }
        return typed
    }

    /// The error for a synchronous resolve without arguments that meets an async registration
    /// taking some: the missing arguments, which matter more than the missing `await`. `nil` for
    /// any other registration, or when the resolve passed arguments.
    func missingArgumentsError(for registration: AnyRegistration, path: [String]) -> DependencyResolutionError? {
        guard let signature = registration.arguments, PendingArguments.current?.key != registration.key else {
            return nil
        }
        return argumentMismatch(.missing(registered: [signature]), for: registration.key, path: path)
    }

    func argumentMismatch(
        _ mismatch: ArgumentMismatch,
        for key: RegistrationKey,
        path: [String]
    ) -> DependencyResolutionError {
        DependencyResolutionError(
            code: .argumentMismatch, requested: key, scope: self.scope, path: path, arguments: mismatch)
    }
}
