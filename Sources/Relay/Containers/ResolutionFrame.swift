/// One step of a resolution path: a registration whose factory is running.
struct ResolutionFrame {
    /// The registration being built; compared by identity to find cycles.
    let registration: AnyRegistration

    /// The container that holds the registration.
    let scope: DependencyContainerScope

    /// How the frame reads in a path: `PaymentGateway`, or `Tracker["google"]` when named.
    var description: String {
        registration.key.description
    }
}
