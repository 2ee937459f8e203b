/// The key rule for optional types, written once: a registration is keyed by its type with the
/// optionals stripped, as the original Relay keyed it. A registration of `Store??` answers for
/// `Store` (and replaces `Store`'s), and `Store?`, `Store??` resolve from it as they resolve from
/// any registration of `Store` (see `Optional+SynthesizedService.swift`).
extension Registration {
    /// When `Service` is an optional, a registration of the type it wraps (all the way down) that
    /// builds with this one's factories and fails if they return `nil`; `nil` otherwise, and for
    /// registrations that take arguments and aliases, which are kept as they are.
    @inline(never)
    func strippedOfOptionals() -> AnyRegistration? {
        guard arguments == nil, forwardsTo == nil, let optional = Service.self as? any StrippableOptional.Type else {
            return nil
        }
        return optional.strippingOptional(from: self)
    }

    /// A registration of `Service` that builds with `optional`'s factories and tears down with its
    /// teardown.
    static func unwrapping(_ optional: Registration<Service?>) -> Registration<Service> {
        let key = RegistrationKey(Service.self, name: optional.key.name)
        var teardown: (@Sendable (Service) async throws -> Void)?
        if let optionalTeardown = optional.teardown {
            teardown = { @Sendable (built: Service) async throws in try await optionalTeardown(Optional(built)) }
        }
        if let asyncFactory = optional.asyncFactory {
            return Registration(
                key: key, lifecycle: optional.lifecycle, instruction: optional.instruction,
                asyncFactory: { container in
                    guard let built = try await asyncFactory(container) else { throw FactoryReturnedNil(key: key) }
                    return built
                }, teardown: teardown)
        }
        let factory = optional.factory
        return Registration(
            key: key, lifecycle: optional.lifecycle, instruction: optional.instruction,
            factory: { container in
                guard let built = try factory(container) else { throw FactoryReturnedNil(key: key) }
                return built
            }, teardown: teardown)
    }
}

/// An optional type whose registrations are keyed by the type it wraps.
protocol StrippableOptional {
    /// `registration`, a `Registration<Self>`, as a registration of the innermost wrapped type.
    static func strippingOptional(from registration: AnyRegistration) -> AnyRegistration
}

extension Optional: StrippableOptional {
    static func strippingOptional(from registration: AnyRegistration) -> AnyRegistration {
        // Safe: only `Registration<Service>.strippedOfOptionals()` calls this, with `Service == Self`.
        let optional = unsafeDowncast(registration, to: Registration<Wrapped?>.self)
        let unwrapped = Registration<Wrapped>.unwrapping(optional)
        unwrapped.declaredDependencies = optional.declaredDependencies
        return unwrapped.strippedOfOptionals() ?? unwrapped
    }
}

/// A registration of an optional type whose factory returned `nil`: it answers for the wrapped
/// type, which has no `nil`.
struct FactoryReturnedNil: Error, CustomStringConvertible {
    let key: RegistrationKey

    var description: String {
        "it returned nil, and a registration of an optional type answers for '\(key.description)', which cannot be nil"
    }
}
