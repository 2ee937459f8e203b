/// `resolve(Tracker?.self)` answers `nil` where no `Tracker` is registered, and the instance where
/// one is; a registration that fails to build still throws. `Tracker??` flattens the same way.
extension Optional: SynthesizedService {
    static func wrappedKey(name: String?) -> RegistrationKey {
        RegistrationKey(Wrapped.self, name: name)
    }

    static var defersBuild: Bool { false }

    static func make(name: String?, in container: DependencyContainer) throws -> Self {
        guard let arguments = PendingArguments.carry(forWrapper: Self.self, name: name) else {
            guard ResolutionEngine.canAnswer(wrappedKey(name: name), from: container) else { return nil }
            do {
                return try container.resolve(Wrapped.self, name: name)
            } catch let error as DependencyResolutionError
                where error.isNilFromOptionalRegistration(of: wrappedKey(name: name))
            {
                return nil
            }
        }
        let key = arguments.key(for: Wrapped.self, name: name)
        guard ResolutionEngine.canAnswer(key, from: container) else { return nil }
        return try arguments.passing(to: key) { try container.resolve(key: key) as Wrapped }
    }

    nonisolated(nonsending) static func make(name: String?, in container: DependencyContainer) async throws -> Self {
        guard let arguments = PendingArguments.carry(forWrapper: Self.self, name: name) else {
            guard ResolutionEngine.canAnswer(wrappedKey(name: name), from: container) else { return nil }
            do {
                return try await container.resolve(Wrapped.self, name: name)
            } catch let error as DependencyResolutionError
                where error.isNilFromOptionalRegistration(of: wrappedKey(name: name))
            {
                return nil
            }
        }
        let key = arguments.key(for: Wrapped.self, name: name)
        guard ResolutionEngine.canAnswer(key, from: container) else { return nil }
        return try await arguments.passing(to: key) { try await container.resolve(key: key) as Wrapped }
    }
}

extension DependencyResolutionError {
    /// Whether this is the failure of a registration of an optional type (keyed by `key`, the type
    /// it wraps) whose factory returned `nil`: an optional resolve of that type answers `nil`.
    func isNilFromOptionalRegistration(of key: RegistrationKey) -> Bool {
        code == .factoryFailed && (underlyingError as? FactoryReturnedNil)?.key == key
    }
}
