/// `resolve(Tracker?.self)` answers `nil` where no `Tracker` is registered, and the instance where
/// one is; a registration that fails to build still throws. `Tracker??` flattens the same way.
extension Optional: SynthesizedService {
    static func wrappedKey(name: String?) -> RegistrationKey {
        RegistrationKey(Wrapped.self, name: name)
    }

    static func make(name: String?, in container: DependencyContainer) throws -> Self {
        guard container.canAnswer(wrappedKey(name: name)) else { return nil }
        guard let arguments = PendingArguments.carry(from: RegistrationKey(Self.self, name: name)) else {
            return try container.resolve(Wrapped.self, name: name)
        }
        return try arguments.passing(to: wrappedKey(name: name)) { try container.resolve(Wrapped.self, name: name) }
    }

    nonisolated(nonsending) static func make(name: String?, in container: DependencyContainer) async throws -> Self {
        guard container.canAnswer(wrappedKey(name: name)) else { return nil }
        guard let arguments = PendingArguments.carry(from: RegistrationKey(Self.self, name: name)) else {
            return try await container.resolve(Wrapped.self, name: name)
        }
        return try await arguments.passing(to: wrappedKey(name: name)) {
            try await container.resolve(Wrapped.self, name: name)
        }
    }
}
