/// The instances of `.graph` registrations built within one resolution, which every factory of
/// that resolution shares.
///
/// A synchronous resolution keeps them on its thread (``ResolutionThreadState/graph``) until its
/// outermost factory returns; an async one keeps them with its outermost async frame, which its
/// child tasks inherit.
final class GraphInstances: @unchecked Sendable {
    // Safety: `instances` is a locked value, reached only through its lock. The instances cross
    // threads only between the child tasks of one resolution, as a container's cached instances
    // cross threads between its resolvers (see `Registration`).

    /// Each registration's instance, with the registration kept alive so that its identifier
    /// cannot be reused by another registration while the resolution runs.
    private let instances = LockedValue<[ObjectIdentifier: (registration: AnyRegistration, instance: Any)]>([:])

    /// The instance `registration` built earlier in this resolution, if any.
    func instance<Service>(of registration: Registration<Service>) -> Service? {
        instances.withLockedValue { $0[ObjectIdentifier(registration)]?.instance as? Service }
    }

    /// Keeps `built` for the rest of the resolution, unless another child task kept one first;
    /// returns the instance kept.
    func keep<Service>(_ built: Service, for registration: Registration<Service>) -> Service {
        instances.withLockedValue { instances in
            if let kept = instances[ObjectIdentifier(registration)]?.instance as? Service { return kept }
            instances[ObjectIdentifier(registration)] = (registration, built)
            return built
        }
    }
}
