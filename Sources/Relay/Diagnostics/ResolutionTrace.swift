/// One resolve as Relay's own tracers see it: a ``ResolutionEvent`` with what a tracer needs to
/// say which registration answered and what it produced.
///
/// Made only on the slow path, and only while a tracer is installed.
struct ResolutionTrace {
    /// What was asked for.
    let key: RegistrationKey

    /// The container that was asked.
    let container: DependencyContainer

    /// Whether it was built, cached, or failed.
    let outcome: ResolutionEvent.Outcome

    /// The dynamic type of the instance returned; `nil` when resolution failed.
    let instanceType: Any.Type?

    /// The registration whose factory asked, and the scope of its container; `nil` for a resolve
    /// from outside any factory.
    let requestedBy: (key: RegistrationKey, scope: DependencyContainerScope)?
}
