/// One step of a resolution path: a registration whose factory is running.
///
/// A frame holds its registration and container without retaining them, because pushing a frame is
/// part of every build and reference counting would be most of its cost. That is safe because a
/// frame is on a thread's path only while `build` runs on that thread, and for that whole time
/// `build`'s caller holds the container, whose table keeps every registration it ever held (a
/// replaced one too); nothing copies a frame off the path.
struct ResolutionFrame {
    /// The registration being built; compared by identity to find cycles.
    unowned(unsafe) let registration: AnyRegistration

    /// The container that holds the registration.
    unowned(unsafe) let container: DependencyContainer

    /// The scope of the container that holds the registration.
    var scope: DependencyContainerScope {
        container.scope
    }
}
