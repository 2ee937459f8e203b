/// `resolve(Tracker?.self)` answers `nil` where no `Tracker` is registered, and the instance where
/// one is; a registration that fails to build still throws. `Tracker??` flattens the same way.
extension Optional: SynthesizedService {
    static func wrappedKey(name: String?) -> RegistrationKey {
        RegistrationKey(Wrapped.self, name: name)
    }

    static func make(name: String?, in container: DependencyContainer) throws -> Self {
        guard let arguments = PendingArguments.carry(forWrapper: Self.self, name: name) else {
            guard container.canAnswer(wrappedKey(name: name)) else { return nil }
            return try container.resolve(Wrapped.self, name: name)
        }
        let key = arguments.key(for: Wrapped.self, name: name)
        guard container.canAnswer(key) else { return nil }
        return try arguments.passing(to: key) { try container.resolve(key: key) as Wrapped }
    }

    nonisolated(nonsending) static func make(name: String?, in container: DependencyContainer) async throws -> Self {
        guard let arguments = PendingArguments.carry(forWrapper: Self.self, name: name) else {
            guard container.canAnswer(wrappedKey(name: name)) else { return nil }
            return try await container.resolve(Wrapped.self, name: name)
        }
        let key = arguments.key(for: Wrapped.self, name: name)
        guard container.canAnswer(key) else { return nil }
        return try await arguments.passing(to: key) { try await container.resolve(key: key) as Wrapped }
    }
}
